//! The guess to make when no tile is certainly safe.
//!
//! The safest tile is not always the best guess: a guess that survives but teaches nothing
//! only leads to another guess. So every tile nearly as safe as the safest is weighed by the
//! chance of surviving it *and* the move after: for each number the tile could show, the
//! position with that number is analysed exactly, and the ratio of its layouts to the current
//! position's is the chance of seeing that number; the move after is judged by the safest
//! tiles of that position (a certainly safe tile when the number settles one).
//!
//! This is the "secondary safety" of David Hill's JSMinesweeper: it wins more games than
//! taking the safest tile and adding its chance of making progress (docs/performance.md,
//! "Beside JSMinesweeper's Java solver").
//!
//! A candidate's chance is then raised by the part of its risk that no play could avoid
//! (`credit`), since that risk is the same whenever it is taken; the fifty-fifties
//! themselves are guessed at once (`fifty`).

use super::fifty;
use super::odds::{Weighed, weigh};
use crate::layout::{neighbours, touches_open};
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos};

/// How much less safe than the safest a tile may be and still be weighed: 90% of its safety,
/// which wins more expert games than 95% or 80%.
const SAFETY_CUTOFF: f64 = 0.9;
/// Tiles weighed at most next to a number, and away from the numbers (where tiles are often
/// all as safe, and the cheap estimate picks the likeliest to open an area). More candidates
/// win no more games than the noise of 10,000 and cost time.
const FRONTIER_CANDIDATES: usize = 8;
const INTERIOR_CANDIDATES: usize = 4;
/// Counting steps allowed for the look ahead of one guess, all candidates together: when a
/// position is too hard to look ahead in, the cheap estimate decides, so that no analysis
/// takes long. Expert, 10,000 games: unbounded 52.7%, 400,000 steps 52.2%, 100,000 51.7%.
const LOOK_BUDGET: u64 = 400_000;
/// How much of a tile's unavoidable risk (the chance that it is the mine half of a
/// fifty-fifty, which must be guessed some time anyway) is credited back to it.
const INFLUENCE_CREDIT: f64 = 0.9;
/// Counting steps allowed for the influence of all candidates together.
const INFLUENCE_BUDGET: u64 = 200_000;

/// The tile to guess in `view`, whose odds are `weighed`.
pub(crate) fn choose(view: &Grid<Cell>, mines: usize, weighed: &Weighed) -> Option<Pos> {
    let candidates = candidates(view, weighed);
    if candidates.len() <= 1 {
        return candidates.first().map(|c| c.pos);
    }
    let mut budget = LOOK_BUDGET;
    let mut influence_budget = INFLUENCE_BUDGET;
    let mut best: Option<(Pos, f64)> = None;
    let mut best_dead: Option<(Pos, f64)> = None;
    for c in &candidates {
        let bar = best.map_or(f64::NEG_INFINITY, |b| b.1);
        let credit = credit(view, mines, weighed, c, &mut influence_budget);
        match two_moves(
            view,
            mines,
            weighed.ln_layouts,
            c,
            bar / credit,
            &mut budget,
        ) {
            Outlook::Chance(chance) if chance * credit > bar => {
                best = Some((c.pos, chance * credit))
            }
            Outlook::Dead(chance) if best_dead.is_none_or(|b| chance * credit > b.1) => {
                best_dead = Some((c.pos, chance * credit))
            }
            Outlook::Chance(_) | Outlook::Dead(_) | Outlook::Below => {}
            Outlook::OutOfBudget => return Some(by_estimate(&candidates)),
        }
    }
    best.or(best_dead).map(|b| b.0)
}

/// The factor a candidate's chance is raised by for the risk it takes that no play could
/// avoid: the chance that it is the mine half of a fifty-fifty, mostly credited back to its
/// safety (JSMinesweeper's "50/50 influence"). A tile that would have to be guessed anyway
/// costs little to guess now, and shows a number if it survives.
fn credit(
    view: &Grid<Cell>,
    mines: usize,
    weighed: &Weighed,
    c: &Candidate,
    budget: &mut u64,
) -> f64 {
    let unavoidable = fifty::influence(view, mines, weighed, c.pos, budget).unwrap_or(0.0);
    1.0 + INFLUENCE_CREDIT * unavoidable / c.safety
}

/// A tile worth weighing.
struct Candidate {
    pos: Pos,
    /// The chance that it is safe.
    safety: f64,
    /// The cheap estimate of its worth: safe, and its covered neighbours too, as if they
    /// were independent (a tile likely to open an area scores highest).
    estimate: f64,
}

/// The tiles within `SAFETY_CUTOFF` of the safest, the most promising few by the cheap
/// estimate next to the numbers and away from them, safest first (so that the look ahead of
/// the later ones can stop as soon as they cannot win).
fn candidates(view: &Grid<Cell>, weighed: &Weighed) -> Vec<Candidate> {
    let safety = |p: Pos| 1.0 - weighed.probability[p].unwrap_or(1.0);
    let closed: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
    let safest = closed.iter().map(|&p| safety(p)).fold(0.0, f64::max);
    let opens = |p: Pos| -> f64 {
        neighbours(view, p)
            .filter(|&q| view[q].is_closed())
            .map(safety)
            .product()
    };
    let most_promising = |frontier: bool, n: usize| {
        let mut list: Vec<Candidate> = closed
            .iter()
            .copied()
            .filter(|&p| touches_open(view, p) == frontier && safety(p) >= safest * SAFETY_CUTOFF)
            .map(|pos| Candidate {
                pos,
                safety: safety(pos),
                estimate: safety(pos) * (1.0 + 0.3 * opens(pos)),
            })
            .collect();
        list.sort_by(|a, b| b.estimate.total_cmp(&a.estimate));
        list.truncate(n);
        list
    };
    let mut candidates = most_promising(true, FRONTIER_CANDIDATES);
    candidates.extend(most_promising(false, INTERIOR_CANDIDATES));
    candidates.sort_by(|a, b| b.safety.total_cmp(&a.safety));
    candidates
}

/// The candidate the cheap estimate likes best (the first of equals).
fn by_estimate(candidates: &[Candidate]) -> Pos {
    let mut best = &candidates[0];
    for c in candidates {
        if c.estimate > best.estimate {
            best = c;
        }
    }
    best.pos
}

/// What the look ahead of one candidate found.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Outlook {
    /// The chance of surviving the guess and the move after it.
    Chance(f64),
    /// The same chance for a dead tile: one that can show only one number if it is safe. It
    /// teaches nothing but its own safety, which the numbers around it may yet settle for
    /// free, so it is guessed only when every candidate is dead (JSMinesweeper's rule; on the
    /// same 10,000 expert games it changed 8 games, 6 of them to wins).
    Dead(f64),
    /// That chance is certainly below the bar: the candidate cannot be the best.
    Below,
    /// The counting budget ran out.
    OutOfBudget,
}

/// The chance of surviving a guess at `c` and the move after it, unless it is certainly
/// below `bar`.
fn two_moves(
    view: &Grid<Cell>,
    mines: usize,
    ln_layouts: f64,
    c: &Candidate,
    bar: f64,
    budget: &mut u64,
) -> Outlook {
    let covered = neighbours(view, c.pos)
        .filter(|&q| view[q].is_closed())
        .count();
    let mut child = view.clone();
    let mut chance = 0.0;
    // The chance of the numbers not yet looked at: at best, each is followed by a safe move.
    let mut unseen = c.safety;
    let mut numbers = 0;
    for shown in 0..=covered as u8 {
        if chance + unseen < bar {
            return Outlook::Below;
        }
        child[c.pos] = Cell::Open(shown);
        match weigh(&child, mines, budget) {
            Ok(Some(after)) => {
                let seen = (after.ln_layouts - ln_layouts).exp();
                unseen -= seen;
                numbers += 1;
                chance += seen * next_move(&after);
            }
            Ok(None) => return Outlook::OutOfBudget,
            // No layout shows that number there.
            Err(_) => {}
        }
    }
    if numbers == 1 {
        Outlook::Dead(chance)
    } else {
        Outlook::Chance(chance)
    }
}

/// How safe the next move of a position is: the safety of its safest tile, blended 4 to 1
/// with that of the second safest (a position with a single good move is worse off than one
/// with two; on the same 10,000 expert games the blend won 0.14 points more than the safest
/// alone). A certainly safe tile counts as safety 1; a position whose covered tiles are all
/// mines is won.
fn next_move(position: &Weighed) -> f64 {
    let (mut first, mut second) = (0.0f64, 0.0f64);
    for risk in position.probability.cells().iter().flatten() {
        let safety = 1.0 - risk;
        if safety > first {
            second = first;
            first = safety;
        } else if safety > second {
            second = safety;
        }
    }
    if first == 0.0 {
        return 1.0;
    }
    if second == 0.0 {
        second = first;
    }
    (4.0 * first + second) / 5.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::setup::Setup;
    use crate::testing::weighed;
    use grid_core::Rng;
    use grid_core::mines_doc::{FirstClick, Move, Rules};

    fn chance(view: &Grid<Cell>, mines: usize, p: Pos) -> f64 {
        let w = weighed(view, mines);
        let c = Candidate {
            pos: p,
            safety: 1.0 - w.probability[p].unwrap(),
            estimate: 0.0,
        };
        match two_moves(
            view,
            mines,
            w.ln_layouts,
            &c,
            f64::NEG_INFINITY,
            &mut u64::MAX.clone(),
        ) {
            Outlook::Chance(x) | Outlook::Dead(x) => x,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_first_guess_on_a_covered_board_is_a_corner() {
        // Every tile is as likely a mine; a corner is likeliest to open an area.
        let view = Grid::new(9, 9, Cell::Covered);
        let p = choose(&view, 10, &weighed(&view, 10)).unwrap();
        assert!(
            (p.row == 0 || p.row == 8) && (p.col == 0 || p.col == 8),
            "{p}"
        );
    }

    #[test]
    fn surviving_two_moves_is_no_likelier_than_surviving_one() {
        // Three 1s under a covered row of three: the middle of the row is the mine (all
        // three 1s see it), the corners are safe.
        let mut view = Grid::new(3, 3, Cell::Covered);
        for c in 0..3 {
            view[Pos::new(2, c)] = Cell::Open(0);
            view[Pos::new(1, c)] = Cell::Open(1);
        }
        let w = weighed(&view, 1);
        assert_eq!(w.probability[Pos::new(0, 1)], Some(1.0));
        // Opening a safe corner leaves one covered safe tile and the mine: the game is as good
        // as won, so both moves are survived for certain.
        assert!((chance(&view, 1, Pos::new(0, 0)) - 1.0).abs() < 1e-12);
        // The mine itself: no move after it.
        assert_eq!(chance(&view, 1, Pos::new(0, 1)), 0.0);
    }

    #[test]
    fn a_tile_walled_in_by_numbers_is_dead() {
        // A 1 between two covered tiles: each, if safe, can only show 0 (its one neighbour is
        // the 1), so guessing it teaches nothing but its own safety.
        let mut view = Grid::new(3, 1, Cell::Covered);
        view[Pos::new(0, 1)] = Cell::Open(1);
        let w = weighed(&view, 1);
        let c = Candidate {
            pos: Pos::new(0, 0),
            safety: 0.5,
            estimate: 0.0,
        };
        let got = two_moves(
            &view,
            1,
            w.ln_layouts,
            &c,
            f64::NEG_INFINITY,
            &mut u64::MAX.clone(),
        );
        // Safe half the time, and then the other tile is certainly the mine: won.
        assert_eq!(got, Outlook::Dead(0.5));
    }

    #[test]
    fn two_moves_weigh_the_next_guess() {
        // A 1 in the corner of a 2x2 board with one mine: the three covered tiles are each a
        // mine one time in three. Opening any of them shows 1 (the mine is a neighbour), and
        // leaves two tiles one of which is the mine: a 50:50, and then the game is won.
        let mut view = Grid::new(2, 2, Cell::Covered);
        view[Pos::new(0, 0)] = Cell::Open(1);
        let got = chance(&view, 1, Pos::new(1, 1));
        assert!((got - 2.0 / 3.0 * 0.5).abs() < 1e-12, "{got}");
    }

    #[test]
    fn the_choice_is_the_best_living_candidate() {
        // The candidates' chances, every one looked at in full, against `choose`, which stops
        // looking at a candidate as soon as it cannot beat the best so far, and guesses a dead
        // tile only when every candidate is dead.
        let mut rng = Rng::seeded(11);
        let mut checked = 0;
        for seed in 0..200 {
            let setup = Setup {
                width: 8,
                height: 8,
                mines: 12,
            };
            let rules = Rules {
                first_click: FirstClick::Safe,
                no_guess: false,
            };
            let mut game = Game::new(setup, rules, seed).unwrap();
            let _ = game.play(Move::Open(Pos::new(rng.index(8), rng.index(8))));
            if game.state().is_over() {
                continue;
            }
            let view = game.view().clone();
            let w = weighed(&view, 12);
            if !w.safe.is_empty() {
                continue;
            }
            let list = candidates(&view, &w);
            if list.len() < 2 {
                continue;
            }
            let full: Vec<(f64, bool)> = list
                .iter()
                .map(|c| {
                    let credit = credit(&view, 12, &w, c, &mut u64::MAX.clone());
                    match two_moves(
                        &view,
                        12,
                        w.ln_layouts,
                        c,
                        f64::NEG_INFINITY,
                        &mut u64::MAX.clone(),
                    ) {
                        Outlook::Chance(x) => (x * credit, false),
                        Outlook::Dead(x) => (x * credit, true),
                        other => panic!("{other:?}"),
                    }
                })
                .collect();
            let any_living = full.iter().any(|f| !f.1);
            let top = full
                .iter()
                .filter(|f| f.1 != any_living)
                .map(|f| f.0)
                .fold(f64::NEG_INFINITY, f64::max);
            let chosen = choose(&view, 12, &w).unwrap();
            let i = list.iter().position(|c| c.pos == chosen).unwrap();
            assert!((full[i].0 - top).abs() < 1e-12, "seed {seed}: {chosen}");
            assert_eq!(full[i].1, !any_living, "seed {seed}: {chosen} is dead");
            checked += 1;
        }
        assert!(checked > 20, "{checked} positions checked");
    }
}
