//! Judging a replay click by click: the exact chance that each opened tile held a mine,
//! from what the player could see at that moment (the numbers shown; flags are the player's
//! belief and count as covered tiles), never from the layout.

use super::referee::{Outcome, Referee};
use super::{Replay, ReplayError};
use crate::solver::analyse;
use grid_core::Grid;
use grid_core::geom::Pos;
use grid_core::mines_doc::Cell;
use serde::Serialize;

/// What a click was, judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The game's first click: the clones keep it off mines, so it risks nothing.
    First,
    /// Every tile it opened was certainly safe.
    Safe,
    /// No certainly safe tile was left, and the click took a risk.
    Guess,
    /// A risky click while a certainly safe tile was on the board.
    Needless,
    /// A mine opened, or a flag placed on a safe tile.
    Mistake,
}

/// One judged click.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judged {
    /// The index of the event in the replay.
    pub event: usize,
    pub ms: i64,
    /// `open`, `chord` or `flag`.
    pub click: &'static str,
    pub row: usize,
    pub col: usize,
    /// The chance of a mine under the click: the tile's for an open; for a chord, that of
    /// its riskiest tile (a chord risks at least that). `None` for the first click and flags.
    pub chance: Option<f64>,
    pub verdict: Verdict,
    /// For a guess: whether no covered tile had a smaller chance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safest: Option<bool>,
}

/// The judgement of a whole game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judgement {
    pub clicks: Vec<Judged>,
    pub summary: Summary,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    pub safe: usize,
    /// Risky clicks, needless ones included.
    pub guesses: usize,
    pub needless: usize,
    pub mistakes: usize,
    /// The chance of surviving every risky click: the player's luck.
    pub survival: f64,
    /// The chance of surviving the needless ones alone: the risk the player need not have
    /// taken is one less this.
    pub needless_survival: f64,
}

impl Summary {
    /// The one line `mines replay --judge` prints.
    pub fn line(&self) -> String {
        format!(
            "{} guesses ({} needless), survived with chance {:.3}; needless risk {:.3}; {} mistakes",
            self.guesses,
            self.needless,
            self.survival,
            1.0 - self.needless_survival,
            self.mistakes
        )
    }
}

/// Judges every click of a replay that opened a tile or placed a flag.
pub fn judge(replay: &Replay) -> Result<Judgement, ReplayError> {
    let mut referee = Referee::new(replay.layout.clone());
    let mines = replay.layout.count();
    let mut before: Grid<Cell> = referee.view().clone();
    let mut clicks = Vec::new();
    for (i, e) in replay.events.iter().enumerate() {
        let outcome = referee
            .step(e.action, replay.tile(e))
            .map_err(|what| ReplayError::at_event(i, format!("`{}`: {what}", e.action.code())))?;
        let (click, at, opened) = match &outcome {
            Outcome::Nothing => continue,
            Outcome::Flagged(p, placed) => {
                if *placed && !replay.layout.is_mine(*p) {
                    clicks.push(Judged {
                        event: i,
                        ms: e.ms,
                        click: "flag",
                        row: p.row,
                        col: p.col,
                        chance: None,
                        verdict: Verdict::Mistake,
                        safest: None,
                    });
                }
                before = referee.view().clone();
                continue;
            }
            Outcome::Opened(p) => ("open", *p, vec![*p]),
            Outcome::Chorded(p, tiles) => ("chord", *p, tiles.clone()),
        };
        let judged = judge_click(&before, mines, &opened, &replay.layout, i)?;
        let (chance, verdict, safest) = judged;
        clicks.push(Judged {
            event: i,
            ms: e.ms,
            click,
            row: at.row,
            col: at.col,
            chance,
            verdict,
            safest,
        });
        before = referee.view().clone();
    }
    let summary = summarise(&clicks);
    Ok(Judgement { clicks, summary })
}

type Verdicts = (Option<f64>, Verdict, Option<bool>);

fn judge_click(
    view: &Grid<Cell>,
    mines: usize,
    opened: &[Pos],
    layout: &crate::Layout,
    event: usize,
) -> Result<Verdicts, ReplayError> {
    if view.cells().iter().all(|c| c.is_closed()) {
        return Ok((None, Verdict::First, None));
    }
    let analysis = analyse(view, mines)
        .map_err(|e| ReplayError::at_event(event, format!("the position cannot be judged: {e}")))?;
    let chance = opened
        .iter()
        .filter_map(|&p| analysis.probability[p])
        .fold(0.0_f64, f64::max);
    let hit = opened.iter().any(|&p| layout.is_mine(p));
    let lowest = analysis
        .probability
        .cells()
        .iter()
        .flatten()
        .copied()
        .fold(1.0_f64, f64::min);
    let verdict = if hit {
        Verdict::Mistake
    } else if chance <= 0.0 {
        Verdict::Safe
    } else if analysis.safe.is_empty() {
        Verdict::Guess
    } else {
        Verdict::Needless
    };
    let safest = (chance > 0.0).then_some(chance <= lowest + 1e-12);
    Ok((Some(chance), verdict, safest))
}

fn summarise(clicks: &[Judged]) -> Summary {
    let mut s = Summary {
        safe: 0,
        guesses: 0,
        needless: 0,
        mistakes: 0,
        survival: 1.0,
        needless_survival: 1.0,
    };
    for c in clicks {
        let risk = c.chance.unwrap_or(0.0);
        match c.verdict {
            Verdict::First => {}
            Verdict::Safe => s.safe += 1,
            Verdict::Guess => {
                s.guesses += 1;
                s.survival *= 1.0 - risk;
            }
            Verdict::Needless => {
                s.guesses += 1;
                s.needless += 1;
                s.survival *= 1.0 - risk;
                s.needless_survival *= 1.0 - risk;
            }
            Verdict::Mistake => {
                s.mistakes += 1;
                if risk > 0.0 {
                    s.guesses += 1;
                    s.survival *= 1.0 - risk;
                }
            }
        }
    }
    s
}
