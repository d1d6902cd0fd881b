//! Judging a replay click by click: the exact chance that each opened tile held a mine,
//! from what the player could see at that moment (the numbers shown; flags are the player's
//! belief and count as covered tiles), never from the layout.

use super::referee::{Outcome, Referee};
use super::{Replay, ReplayError, Unplayable};
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
    /// The one line `mines replay --judge` prints: the counts, then what each chance is.
    pub fn line(&self) -> String {
        format!(
            "{} ({} needless), {}; chance of surviving every guess {}; risk taken needlessly {}",
            counted(self.guesses, "guess", "guesses"),
            self.needless,
            counted(self.mistakes, "mistake", "mistakes"),
            chance(self.survival),
            chance(1.0 - self.needless_survival),
        )
    }
}

/// `n` and the noun, singular for one.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A chance as a reader takes it in: three decimals, and below a thousandth (a long game of
/// guesses multiplies dozens of chances) in scientific form, so that it never reads as zero
/// when it is not.
fn chance(p: f64) -> String {
    if p == 0.0 || p >= 0.000_5 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

/// Judges every click of a replay that opened a tile or placed a flag. The positions are
/// taken in order; their analyses, each independent of the others, run on every core.
pub fn judge(replay: &Replay) -> Result<Judgement, ReplayError> {
    let mut referee = Referee::new(replay.layout.clone());
    let mut before: Grid<Cell> = referee.view().clone();
    let mut clicks = Vec::new();
    let mut asked: Vec<Asked> = Vec::with_capacity(BATCH);
    // Until a tile is open nothing is known, so a flag placed then is no mistake.
    let mut opened_any = false;
    for (i, e) in replay.events.iter().enumerate() {
        let outcome = referee.step(e.action, replay.tile(e)).map_err(|problem| {
            ReplayError::at_event(
                i,
                Unplayable::Misstep {
                    action: e.action,
                    problem,
                },
            )
        })?;
        let (click, at, opened) = match outcome {
            Outcome::Nothing => continue,
            Outcome::Flagged(p, placed) => {
                if placed && opened_any && !replay.layout.is_mine(p) {
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
            Outcome::Opened(p) => ("open", p, vec![p]),
            Outcome::Chorded(p, tiles) => ("chord", p, tiles),
        };
        opened_any = true;
        clicks.push(Judged {
            event: i,
            ms: e.ms,
            click,
            row: at.row,
            col: at.col,
            chance: None,
            verdict: Verdict::First,
            safest: None,
        });
        let next = referee.view().clone();
        asked.push((
            clicks.len() - 1,
            std::mem::replace(&mut before, next),
            opened,
        ));
        if asked.len() == BATCH {
            answer(&mut asked, &mut clicks, &replay.layout)?;
        }
    }
    answer(&mut asked, &mut clicks, &replay.layout)?;
    let summary = summarise(&clicks);
    Ok(Judgement { clicks, summary })
}

/// Positions analysed together: enough to keep every core busy, few enough that their
/// copies of the board stay small on the largest boards.
const BATCH: usize = 64;

/// A click, as asked of the solver: its place in the judged clicks, the position before it,
/// and the tiles it opened.
type Asked = (usize, Grid<Cell>, Vec<Pos>);

/// Analyses the positions `asked` on every core and writes the verdicts into `clicks`.
fn answer(
    asked: &mut Vec<Asked>,
    clicks: &mut [Judged],
    layout: &crate::Layout,
) -> Result<(), ReplayError> {
    let answers = on_every_core(asked, |(_, view, opened)| {
        judge_click(view, layout.count(), opened, layout)
    });
    for ((k, _, _), answer) in asked.drain(..).zip(answers) {
        let c = &mut clicks[k];
        (c.chance, c.verdict, c.safest) =
            answer.map_err(|e| ReplayError::at_event(c.event, Unplayable::Unjudgeable(e)))?;
    }
    Ok(())
}

/// `f` of each item, on every core, the answers in the items' order.
fn on_every_core<T: Sync, U: Send>(items: &[T], f: impl Fn(&T) -> U + Sync) -> Vec<U> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut answers: Vec<(usize, U)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(items.len()).max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        mine.push((i, f(item)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("an analysis does not panic"))
            .collect()
    });
    answers.sort_by_key(|&(i, _)| i);
    answers.into_iter().map(|(_, u)| u).collect()
}

type Verdicts = (Option<f64>, Verdict, Option<bool>);

fn judge_click(
    view: &Grid<Cell>,
    mines: usize,
    opened: &[Pos],
    layout: &crate::Layout,
) -> Result<Verdicts, crate::solver::AnalyseError> {
    if view.cells().iter().all(|c| c.is_closed()) {
        return Ok((None, Verdict::First, None));
    }
    let analysis = analyse(view, mines)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(guesses: usize, mistakes: usize, survival: f64) -> Summary {
        Summary {
            safe: 0,
            guesses,
            needless: 0,
            mistakes,
            survival,
            needless_survival: 1.0,
        }
    }

    /// One guess and one mistake are singular; a chance far below a thousandth (39 guesses
    /// on a 60x36 board) is not printed as 0.000.
    #[test]
    fn the_line_counts_in_words_and_never_rounds_a_chance_to_zero() {
        assert_eq!(
            summary(1, 1, 0.5).line(),
            "1 guess (0 needless), 1 mistake; chance of surviving every guess 0.500; \
             risk taken needlessly 0.000"
        );
        let line = summary(39, 2, 3.2e-9).line();
        assert!(
            line.starts_with("39 guesses (0 needless), 2 mistakes;"),
            "{line}"
        );
        assert!(line.contains("every guess 3.2e-9;"), "{line}");
        assert_eq!(chance(0.0), "0.000");
        assert_eq!(chance(0.0004), "4.0e-4");
        assert_eq!(chance(0.001), "0.001");
    }
}
