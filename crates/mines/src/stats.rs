//! The counters competitive players read, as minesweepergame.com and the players' tools
//! (Arbiter, Viennasweeper) define them:
//!
//! - **3BV** (Bechtel's Board Benchmark Value): the fewest left clicks that clear the board.
//!   Each opening (a connected region of zeros, with the numbers around it) takes one click,
//!   and each number that touches no opening takes one.
//! - **clicks**: left (open), right (flag or mark) and chord clicks made.
//! - **IOE** (index of efficiency): the 3BV solved so far (all of it in a won game) divided by
//!   the clicks; **efficiency** is the same as a percentage, as Viennasweeper shows it.
//!   Chording can take either past 1 (100%).
//! - **3BV/s**: 3BV divided by the seconds the game took, where the time is known.

use crate::layout::{Layout, neighbours};
use grid_core::Grid;
use grid_core::mines_doc::Move;
pub use grid_core::mines_doc::{Clicks, GameStats as Stats};

/// The 3BV of a layout: openings, plus numbers that touch no opening.
pub fn three_bv(layout: &Layout) -> usize {
    three_bv_of(layout, None)
}

/// The part of a layout's 3BV that `opened` has cleared: openings with a zero open, and open
/// numbers that touch no opening.
pub fn three_bv_solved(layout: &Layout, opened: &Grid<bool>) -> usize {
    three_bv_of(layout, Some(opened))
}

/// 3BV, counting only what `opened` has cleared when it is given.
fn three_bv_of(layout: &Layout, opened: Option<&Grid<bool>>) -> usize {
    let is_open = |p| opened.is_none_or(|o: &Grid<bool>| o[p]);
    let grid = layout.grid();
    let mut reached = Grid::new(grid.width(), grid.height(), false);
    let mut clicks = 0;
    // Each opening is one click, and reaches its zeros and the numbers around them.
    for p in grid.positions() {
        if reached[p] || grid[p] || layout.number(p) != 0 {
            continue;
        }
        reached[p] = true;
        let mut cleared = is_open(p);
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            for n in neighbours(grid, q) {
                if reached[n] || grid[n] {
                    continue;
                }
                reached[n] = true;
                if layout.number(n) == 0 {
                    cleared |= is_open(n);
                    stack.push(n);
                }
            }
        }
        clicks += usize::from(cleared);
    }
    // Every safe tile not reached from an opening is a number clicked on its own.
    clicks
        + grid
            .positions()
            .filter(|&p| !grid[p] && !reached[p] && is_open(p))
            .count()
}

/// The clicks a history of moves took: an open is a left click (an open on a number, a
/// chord, is counted as one as well), a flag or mark a right click.
pub fn clicks(moves: &[Move]) -> Clicks {
    let mut c = Clicks::default();
    for m in moves {
        match m {
            Move::Open(_) => c.left += 1,
            Move::Flag(_) | Move::Question(_) => c.right += 1,
            Move::Chord(_) => c.chord += 1,
        }
    }
    c.total = c.left + c.right + c.chord;
    c
}

/// The counters of a game with `layout`, `opened` so far by `moves`, taking `seconds` if
/// known.
pub fn of(layout: &Layout, opened: &Grid<bool>, moves: &[Move], seconds: Option<f64>) -> Stats {
    let three_bv = three_bv(layout);
    let solved = three_bv_solved(layout, opened);
    let clicks = clicks(moves);
    let ioe = (clicks.total > 0).then(|| solved as f64 / clicks.total as f64);
    Stats {
        three_bv,
        three_bv_solved: solved,
        clicks,
        ioe,
        efficiency: ioe.map(|i| i * 100.0),
        three_bv_per_s: seconds.filter(|&s| s > 0.0).map(|s| three_bv as f64 / s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::{Pos, Rng};

    fn layout(rows: &[&str]) -> Layout {
        let (w, h) = (rows[0].len(), rows.len());
        let cells = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| b == b'*'))
            .collect();
        Layout::from_grid(Grid::from_vec(w, h, cells).unwrap())
    }

    /// The safe tiles one left click on `p` opens: the tile, and the flood from a zero.
    fn opened_by(l: &Layout, p: Pos) -> Vec<Pos> {
        let grid = l.grid();
        let mut seen = Grid::new(grid.width(), grid.height(), false);
        let mut out = vec![p];
        seen[p] = true;
        let mut i = 0;
        while i < out.len() {
            let q = out[i];
            i += 1;
            if l.number(q) == 0 {
                for n in neighbours(grid, q) {
                    if !seen[n] && !grid[n] {
                        seen[n] = true;
                        out.push(n);
                    }
                }
            }
        }
        out
    }

    /// The fewest left clicks that open every safe tile, by trying every set of clicks of
    /// each size in turn (small boards only).
    fn brute_force(l: &Layout) -> usize {
        let grid = l.grid();
        let safe: Vec<Pos> = grid.positions().filter(|&p| !grid[p]).collect();
        let index = |p: Pos| safe.iter().position(|&q| q == p).unwrap();
        let covers: Vec<u32> = safe
            .iter()
            .map(|&p| {
                opened_by(l, p)
                    .into_iter()
                    .fold(0, |m, q| m | 1 << index(q))
            })
            .collect();
        let all = (1u32 << safe.len()) - 1;
        for k in 0..=safe.len() {
            let mut found = false;
            for set in 0u32..(1 << safe.len()) {
                if set.count_ones() as usize == k {
                    let union = (0..safe.len())
                        .filter(|&i| set >> i & 1 == 1)
                        .fold(0, |m, i| m | covers[i]);
                    found |= union == all;
                }
            }
            if found {
                return k;
            }
        }
        unreachable!("clicking every safe tile clears the board")
    }

    #[test]
    fn three_bv_is_the_fewest_clicks_on_random_small_boards() {
        let mut rng = Rng::seeded(3);
        for _ in 0..400 {
            let (w, h) = (1 + rng.index(4), 1 + rng.index(4));
            let cells: Vec<bool> = (0..w * h).map(|_| rng.chance(0.25)).collect();
            let l = Layout::from_grid(Grid::from_vec(w, h, cells).unwrap());
            assert_eq!(three_bv(&l), brute_force(&l), "{:?}", l.grid());
        }
    }

    #[test]
    fn openings_and_lone_numbers_count_once_each() {
        // One opening down the left column, which reaches the numbers beside it; four
        // numbers, right of the mines and below them, that no opening touches.
        let l = layout(&["..*.", "..*.", "...."]);
        assert_eq!(three_bv(&l), 1 + 4);
        assert_eq!(three_bv(&layout(&["*"])), 0);
        assert_eq!(three_bv(&layout(&["...", "...", "..."])), 1);
    }

    #[test]
    fn only_what_is_open_is_solved() {
        let l = layout(&["..*.", "..*.", "...."]);
        let mut opened = Grid::new(4, 3, false);
        assert_eq!(three_bv_solved(&l, &opened), 0);
        opened[Pos::new(1, 0)] = true; // a zero: its opening is cleared
        opened[Pos::new(0, 3)] = true; // a lone number
        opened[Pos::new(0, 1)] = true; // a number of the opening: no more
        assert_eq!(three_bv_solved(&l, &opened), 2);
    }

    #[test]
    fn efficiency_is_3bv_per_click() {
        let l = layout(&["..*.", "..*.", "...."]);
        let moves = [
            Move::Open(Pos::new(0, 0)),
            Move::Flag(Pos::new(0, 2)),
            Move::Open(Pos::new(0, 3)),
            Move::Chord(Pos::new(1, 3)),
        ];
        let all = l.grid().map(|&mine| !mine);
        let s = of(&l, &all, &moves, Some(1.5));
        assert_eq!(s.three_bv, 5);
        assert_eq!(s.three_bv_solved, 5);
        assert_eq!(
            s.clicks,
            Clicks {
                left: 2,
                right: 1,
                chord: 1,
                total: 4
            }
        );
        assert_eq!(s.ioe, Some(1.25));
        assert_eq!(s.efficiency, Some(125.0));
        assert_eq!(s.three_bv_per_s, Some(5.0 / 1.5));
    }
}
