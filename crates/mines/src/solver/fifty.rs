//! Guesses whose risk is already unavoidable: fifty-fifties and pseudo fifty-fifties.
//!
//! Two covered tiles side by side hold one mine, and every tile that touches one of them but
//! not the other is a mine (or off the board). Nothing can ever tell them apart: any number
//! that sees one sees the other, and swapping the mine between them leaves every number and
//! the mine count as they were. Such a fifty-fifty must be guessed sooner or later, so it is
//! best guessed at once: its risk is the same whenever it is taken, and the number it shows
//! may help with the rest of the board before any other guess is risked. The same holds for
//! a 2x2 box with two mines on one diagonal or the other and mines on its four outer corners.
//!
//! A tile is a *pseudo* fifty-fifty when it is either safe or, in every layout where it is a
//! mine, one half of such a fifty-fifty. Guessing it loses exactly the layouts that no play
//! can win for certain, and when it survives it shows a number. This is the 50/50 and
//! pseudo-50/50 rule of David Hill's JSMinesweeper, checked here exactly: the layouts where
//! the tile is a mine are counted with and without the rest of the fifty-fifty supposed. A
//! test plays such guesses out against the exact search on random small boards: each was a
//! best first guess.

use super::odds::{Weighed, weigh_given};
use crate::layout::touches_open;
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos};

/// Counting steps allowed for checking the patterns of one position, all together; when they
/// run out, the position is left to the ordinary guess.
const CHECK_BUDGET: u64 = 200_000;
/// Patterns that need more tiles than this to be mines, beyond those certainly mines, are
/// not counted for a tile's influence: they are rare, and each costs a count.
const MAX_UNSETTLED: usize = 3;

/// A covered tile that is safe or one half of a fifty-fifty, the safest such tile if there are
/// several; `None` when there is none.
pub(crate) fn unavoidable(view: &Grid<Cell>, mines: usize, weighed: &Weighed) -> Option<Pos> {
    let mut budget = CHECK_BUDGET;
    let mut best: Option<(Pos, f64)> = None;
    for pattern in patterns(view, weighed) {
        let risk = weighed.probability[pattern.tile]?;
        if best.is_some_and(|b| b.1 <= risk) || !pattern.may_hold(view, weighed) {
            continue;
        }
        match pattern.holds(view, mines, weighed, &mut budget) {
            Some(true) => best = Some((pattern.tile, risk)),
            Some(false) => {}
            None => break,
        }
    }
    best.map(|b| b.0)
}

/// The chance that `tile` is the mine half of a fifty-fifty: the share of its risk that no
/// play could avoid for certain. The shares of its pairs are added and the largest of its
/// boxes' (a pair to the left and one to the right exclude one another, but one beside and
/// one below may overlap, and boxes overlap pairs), capped at what the tile's odds allow;
/// `None` when the budget runs out.
pub(crate) fn influence(
    view: &Grid<Cell>,
    mines: usize,
    weighed: &Weighed,
    tile: Pos,
    budget: &mut u64,
) -> Option<f64> {
    let risk = weighed.probability[tile]?;
    let (mut pairs, mut boxes) = (0.0, 0.0f64);
    for pattern in patterns_of(view, tile) {
        if !pattern.may_matter(weighed) {
            continue;
        }
        let share = pattern.share(view, mines, weighed, budget)?;
        match pattern.shape {
            Shape::Pair => pairs += share,
            Shape::Box => boxes = boxes.max(share),
        }
    }
    Some((pairs + boxes).min(risk).min(1.0 - risk))
}

/// A supposition about a group of covered tiles: if `tile` is a mine, then `mines` are mines
/// and `safe` are safe, which makes `tile` one half of a fifty-fifty.
#[derive(Debug, Clone, PartialEq)]
struct Pattern {
    tile: Pos,
    shape: Shape,
    /// The other mines of the fifty-fifty (the box's opposite corner) and every tile that
    /// could tell its halves apart.
    mines: Vec<Pos>,
    /// The tiles that are safe when `tile` is a mine.
    safe: Vec<Pos>,
}

/// The two shapes a fifty-fifty takes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    /// Two tiles side by side, one mine.
    Pair,
    /// A 2x2 box, two mines on one diagonal.
    Box,
}

impl Pattern {
    /// A pattern whose tiles are all on the board and covered, with the given offsets from
    /// `tile` (the tiles that could tell the halves apart may lie off the board).
    fn at(
        view: &Grid<Cell>,
        tile: Pos,
        shape: Shape,
        mines: &[Offset],
        safe: &[Offset],
        witnesses: &[Offset],
    ) -> Option<Pattern> {
        let covered = |&d: &Offset| offset(view, tile, d).filter(|&p| view[p].is_closed());
        let mines_in_group: Vec<Pos> = mines.iter().map(covered).collect::<Option<_>>()?;
        let safe: Vec<Pos> = safe.iter().map(covered).collect::<Option<_>>()?;
        let mut all_mines = mines_in_group;
        for w in witnesses {
            match offset(view, tile, *w) {
                None => {}
                // An opened witness already tells the halves apart.
                Some(p) if !view[p].is_closed() => return None,
                Some(p) => all_mines.push(p),
            }
        }
        Some(Pattern {
            tile,
            shape,
            mines: all_mines,
            safe,
        })
    }

    /// Cheap conditions for `holds`: every supposed mine at least as likely a mine as `tile`
    /// and every supposed safe tile at least as likely safe (both necessary), and not `tile`
    /// and another of the pattern both off the frontier. Tiles there are interchangeable: a
    /// layout with one a mine has a twin with its mine moved to another tile there, so one
    /// forces another only when few such tiles are left, and those rare patterns are not
    /// worth a count each.
    fn may_hold(&self, view: &Grid<Cell>, weighed: &Weighed) -> bool {
        const SLACK: f64 = 1e-9;
        let risk = |p: Pos| weighed.probability[p].unwrap_or(1.0);
        let r = risk(self.tile);
        if r <= SLACK || r >= 1.0 - SLACK {
            return false;
        }
        let interior = |p: Pos| !touches_open(view, p);
        let mut others = self.mines.iter().chain(&self.safe);
        self.mines.iter().all(|&p| risk(p) >= r - SLACK)
            && self.safe.iter().all(|&p| 1.0 - risk(p) >= r - SLACK)
            && !(interior(self.tile) && others.any(|&p| interior(p)))
    }

    /// Whether every layout with `tile` a mine agrees with the pattern; `None` when the
    /// budget runs out.
    fn holds(
        &self,
        view: &Grid<Cell>,
        mines: usize,
        weighed: &Weighed,
        budget: &mut u64,
    ) -> Option<bool> {
        let share = self.share(view, mines, weighed, budget)?;
        let risk = weighed.probability[self.tile].unwrap_or(0.0);
        Some(share >= risk * (1.0 - 1e-9))
    }

    /// Whether the pattern can hold at all, and needs few enough tiles to be mines that it
    /// is worth counting: every supposed mine possibly a mine, every supposed safe tile
    /// possibly safe.
    fn may_matter(&self, weighed: &Weighed) -> bool {
        let risk = |p: Pos| weighed.probability[p].unwrap_or(1.0);
        let r = risk(self.tile);
        let unsettled = self.mines.iter().filter(|&&p| risk(p) < 1.0).count();
        r > 0.0
            && r < 1.0
            && unsettled <= MAX_UNSETTLED
            && self.mines.iter().all(|&p| risk(p) > 0.0)
            && self.safe.iter().all(|&p| risk(p) < 1.0)
    }

    /// The share of all layouts that agree with the pattern; `None` when the budget runs out.
    fn share(
        &self,
        view: &Grid<Cell>,
        mines: usize,
        weighed: &Weighed,
        budget: &mut u64,
    ) -> Option<f64> {
        let given: Vec<(Pos, bool)> = std::iter::once((self.tile, true))
            .chain(self.mines.iter().map(|&p| (p, true)))
            .chain(self.safe.iter().map(|&p| (p, false)))
            .collect();
        match weigh_given(view, mines, &given, budget) {
            Ok(Some(w)) => Some((w.ln_layouts - weighed.ln_layouts).exp()),
            Ok(None) => None,
            // No layout agrees with the pattern.
            Err(_) => Some(0.0),
        }
    }
}

/// Every pattern of the board whose tile may be a mine and may be safe (no other can be half
/// of a fifty-fifty): each such tile as the mine half of its fifty-fifties.
fn patterns<'a>(view: &'a Grid<Cell>, weighed: &'a Weighed) -> impl Iterator<Item = Pattern> + 'a {
    view.positions()
        .filter(|&p| weighed.probability[p].is_some_and(|r| r > 0.0 && r < 1.0))
        .flat_map(move |tile| patterns_of(view, tile))
}

/// The fifty-fifties `tile` could be the mine half of: a pair with each neighbour beside,
/// above or below it, and a 2x2 box in each direction from it.
fn patterns_of(view: &Grid<Cell>, tile: Pos) -> impl Iterator<Item = Pattern> + '_ {
    // Offsets of the partner of a pair, and of the tiles that see one half but not the other.
    const PAIRS: [(Offset, [Offset; 6]); 4] = [
        (
            (0, 1),
            [(-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)],
        ),
        (
            (0, -1),
            [(-1, 1), (0, 1), (1, 1), (-1, -2), (0, -2), (1, -2)],
        ),
        (
            (1, 0),
            [(-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)],
        ),
        (
            (-1, 0),
            [(1, -1), (1, 0), (1, 1), (-2, -1), (-2, 0), (-2, 1)],
        ),
    ];
    // The directions of a box from its corner `tile`: the diagonal partner is the other mine,
    // the other two tiles are safe, and the four outer corners tell the diagonals apart.
    const BOXES: [Offset; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let pairs = PAIRS.iter().filter_map(move |(partner, witnesses)| {
        Pattern::at(view, tile, Shape::Pair, &[], &[*partner], witnesses)
    });
    let boxes = BOXES.iter().filter_map(move |&(dr, dc)| {
        let witnesses = [(-dr, -dc), (-dr, 2 * dc), (2 * dr, -dc), (2 * dr, 2 * dc)];
        Pattern::at(
            view,
            tile,
            Shape::Box,
            &[(dr, dc)],
            &[(0, dc), (dr, 0)],
            &witnesses,
        )
    });
    pairs.chain(boxes)
}

/// Rows and columns from a tile.
type Offset = (isize, isize);

/// The tile `dr` rows and `dc` columns from `p`, if it is on the board.
fn offset(view: &Grid<Cell>, p: Pos, (dr, dc): Offset) -> Option<Pos> {
    p.offset(dr, dc).filter(|&q| view.contains(q))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::endgame;
    use crate::testing::{position, random_position, weighed};
    use grid_core::Rng;

    #[test]
    fn a_pair_that_nothing_can_tell_apart_is_a_fifty_fifty() {
        // Two covered tiles over two 1s, one mine.
        let view = position(&["##", "11"]);
        let w = weighed(&view, 1);
        assert!(unavoidable(&view, 1, &w).is_some());
        let share = influence(&view, 1, &w, Pos::new(0, 0), &mut u64::MAX.clone());
        assert!((share.unwrap() - 0.5).abs() < 1e-12, "{share:?}");
    }

    #[test]
    fn a_pair_with_a_number_beside_it_is_not() {
        // The 1 on the right sees only the right-hand tile: opening it would tell.
        let view = position(&["##1", "111"]);
        let w = weighed(&view, 1);
        assert_eq!(unavoidable(&view, 1, &w), None);
    }

    #[test]
    fn a_box_on_two_diagonals_is_a_fifty_fifty() {
        // A 2x2 box in the corner of a 3x3 board, whose far corner is a mine (the 2s say so):
        // the box's two mines lie on one diagonal or the other, and nothing can tell which.
        let view = position(&["##1", "##2", "12#"]);
        let w = weighed(&view, 3);
        assert!(w.probability[Pos::new(0, 0)].is_some_and(|r| (r - 0.5).abs() < 1e-12));
        assert!(unavoidable(&view, 3, &w).is_some());
    }

    /// Guessing the tile `unavoidable` picks wins as often as the best guess, on positions
    /// from random small boards, played out in full.
    #[test]
    fn the_unavoidable_guess_is_a_best_guess() {
        let mut rng = Rng::seeded(5);
        let mut found = 0;
        for _ in 0..20000 {
            let (view, mines) = random_position(&mut rng, 5, 4);
            let weighed = weighed(&view, mines);
            if !weighed.safe.is_empty() || weighed.ln_layouts > 300f64.ln() {
                continue;
            }
            let Some(tile) = unavoidable(&view, mines, &weighed) else {
                continue;
            };
            let (best, chance) = endgame::chances(&view, mines, tile);
            assert!(
                chance >= best - 1e-9,
                "{tile}: {chance} < {best} in {view:?}"
            );
            found += 1;
        }
        assert!(
            found >= 40,
            "only {found} positions had an unavoidable guess"
        );
    }
}
