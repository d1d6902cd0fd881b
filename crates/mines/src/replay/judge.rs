//! Judging a replay click by click: the exact chance that each opened tile held a mine,
//! from what the player could see at that moment (the numbers shown; flags are the player's
//! belief and count as covered tiles), never from the layout.

use super::referee::{Outcome, Referee};
use super::{Replay, ReplayError, Unplayable};
use crate::solver::analyse;
use grid_core::Grid;
use grid_core::geom::Pos;
use grid_core::mines_doc::Cell;
pub use grid_core::replay_doc::{
    Click, JudgedClick as Judged, JudgementSummary as Summary, Verdict,
};

/// The judgement of a whole game.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    pub clicks: Vec<Judged>,
    pub summary: Summary,
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
                        click: Click::Flag,
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
            Outcome::Opened(p) => (Click::Open, p, vec![p]),
            Outcome::Chorded(p, tiles) => (Click::Chord, p, tiles),
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
