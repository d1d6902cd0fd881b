//! The guess to make when no tile is certainly safe.
//!
//! The safest tile is not always the best guess: a guess that survives but teaches nothing
//! only leads to another guess. So among the safest tiles (often many: the tiles off the
//! frontier all share one chance) the most promising are weighed by their progress too, the chance that the tile is safe *and* that what it shows makes
//! some other tile certainly safe. That chance is exact: for each number the tile could show,
//! the position with that number is analysed, and the ratio of its layouts to the current
//! position's is the chance of seeing that number.

use crate::layout::neighbours;
use crate::solver::{Weighed, weigh};
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos};

/// Tiles weighed for their progress at most (the most promising by a cheap estimate).
const CANDIDATES: usize = 6;
/// How much progress counts against safety. Measured with `mines bench` over 2000 expert
/// games (seed 1): 0 (safety alone, ties broken by the estimate) wins 48.7%, 0.2 to 0.4 win
/// 51.4%, 0.8 51.3%; letting riskier tiles in (by 0.02 or 0.05) gained nothing or lost.
const PROGRESS_WEIGHT: f64 = 0.4;
/// Counting steps allowed for the look ahead of one guess, all candidates together: when a
/// position is too hard to look ahead in, the cheap estimate decides, so that no analysis
/// takes long. Expert, 10,000 games: unbounded 52.7%, 400,000 steps 52.2%, 100,000 51.7%.
const LOOK_BUDGET: u64 = 400_000;

/// The tile to guess in `view`, whose odds are `weighed`.
pub(crate) fn choose(view: &Grid<Cell>, mines: usize, weighed: &Weighed) -> Option<Pos> {
    let risk = |p: Pos| weighed.probability[p].unwrap_or(1.0);
    let closed: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
    let safest = closed
        .iter()
        .map(|&p| risk(p))
        .fold(f64::INFINITY, f64::min);
    // The cheap estimate: safe, and all covered neighbours safe (as if independent).
    let opens = |p: Pos| -> f64 {
        neighbours(view, p)
            .filter(|&q| view[q].is_closed())
            .map(|q| 1.0 - risk(q))
            .product()
    };
    let mut candidates: Vec<(Pos, f64)> = closed
        .iter()
        .copied()
        .filter(|&p| risk(p) <= safest)
        .map(|p| (p, (1.0 - risk(p)) * (1.0 + 0.3 * opens(p))))
        .collect();
    candidates.sort_by(|a, b| b.1.total_cmp(&a.1));
    candidates.truncate(CANDIDATES);
    if candidates.len() <= 1 {
        return candidates.first().map(|c| c.0);
    }
    let mut budget = LOOK_BUDGET;
    let mut best = (candidates[0].0, f64::NEG_INFINITY);
    for &(p, _) in &candidates {
        let Some(progress) = progress(view, mines, weighed.ln_layouts, p, &mut budget) else {
            return Some(candidates[0].0);
        };
        let score = 1.0 - risk(p) + PROGRESS_WEIGHT * progress;
        if score > best.1 {
            best = (p, score);
        }
    }
    Some(best.0)
}

/// The chance that `p` is safe and shows a number after which some tile is certainly safe;
/// `None` when `budget` runs out.
fn progress(
    view: &Grid<Cell>,
    mines: usize,
    ln_layouts: f64,
    p: Pos,
    budget: &mut u64,
) -> Option<f64> {
    let covered = neighbours(view, p).filter(|&q| view[q].is_closed()).count();
    let mut child = view.clone();
    let mut total = 0.0;
    for shown in 0..=covered as u8 {
        child[p] = Cell::Open(shown);
        match weigh(&child, mines, budget) {
            Ok(Some(after)) => {
                if !after.safe.is_empty() {
                    total += (after.ln_layouts - ln_layouts).exp();
                }
            }
            Ok(None) => return None,
            // No layout shows that number there.
            Err(_) => {}
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_guess_on_a_covered_board_is_a_corner() {
        // Every tile is as likely a mine; a corner is likeliest to open an area.
        let view = Grid::new(9, 9, Cell::Covered);
        let weighed = weigh(&view, 10, &mut u64::MAX.clone()).unwrap().unwrap();
        let p = choose(&view, 10, &weighed).unwrap();
        assert!(
            (p.row == 0 || p.row == 8) && (p.col == 0 || p.col == 8),
            "{p}"
        );
    }

    #[test]
    fn progress_is_the_chance_of_a_safe_tile_after() {
        // One covered tile next to a 1 is certainly the mine; elsewhere a fresh covered row.
        // Opening (1, 2) shows a number that settles its covered neighbours or not; its
        // progress can never exceed its safety.
        let mut view = Grid::new(3, 3, Cell::Covered);
        for p in [Pos::new(2, 0), Pos::new(2, 1), Pos::new(2, 2)] {
            view[p] = Cell::Open(0);
        }
        view[Pos::new(1, 0)] = Cell::Open(1);
        view[Pos::new(1, 1)] = Cell::Open(1);
        view[Pos::new(1, 2)] = Cell::Open(1);
        let weighed = weigh(&view, 1, &mut u64::MAX.clone()).unwrap().unwrap();
        for c in 0..3 {
            let p = Pos::new(0, c);
            let safety = 1.0 - weighed.probability[p].unwrap();
            let got = progress(&view, 1, weighed.ln_layouts, p, &mut u64::MAX.clone()).unwrap();
            assert!(got <= safety + 1e-12, "{p}: {got} > {safety}");
        }
        // The middle of the top row is the mine (all three 1s see it): the corners are safe,
        // and opening one settles everything.
        assert_eq!(weighed.probability[Pos::new(0, 1)], Some(1.0));
        let corner = progress(
            &view,
            1,
            weighed.ln_layouts,
            Pos::new(0, 0),
            &mut u64::MAX.clone(),
        );
        assert!((corner.unwrap() - 1.0).abs() < 1e-12);
    }
}
