//! Pictures repaired until their puzzle has one solution that the techniques allowed reach:
//! by the fewest givens, or by the fewest flipped pixels, preferring the shape's edge.
//!
//! Both repairs are greedy, then pruned. At each step every open cell is tried, and the one
//! that leaves line logic the fewest unknown cells is kept; once the puzzle is solved, each
//! change is undone again where the puzzle stays solved without it.

use super::{Judged, Made, judge, start_with, unknown_after_lines};
use crate::puzzle::Puzzle;
use crate::solve::{Method, Report, solve};
use grid_core::Grid;

/// How a picture whose puzzle is ambiguous or too hard is mended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repair {
    /// Show cells as known at the start.
    Givens,
    /// Flip pixels of the picture.
    Pixels,
    /// Leave it, and say why it is not a puzzle.
    None,
}

/// A picture whose puzzle is ambiguous or harder than asked, and was left so: the full
/// solver's report on the picture as given (two solutions when it is ambiguous).
#[derive(Debug, Clone)]
pub struct Unrepaired {
    pub report: Box<Report>,
    /// Flipping pixels was tried, and took more steps than the picture has pixels.
    pub wandered: bool,
}

/// The puzzle of `picture`, repaired as `how` says so that it has one solution and needs
/// no technique beyond `ceiling`.
pub fn repair(picture: &Grid<bool>, ceiling: Method, how: Repair) -> Result<Made, Unrepaired> {
    let puzzle = Puzzle::from_picture(picture);
    if let Judged::Solved(method) = judge(&puzzle, None, ceiling) {
        return Ok(Made::as_drawn(picture.clone(), method));
    }
    match how {
        Repair::None => Err(Unrepaired {
            report: Box::new(solve(&puzzle, None, &Default::default())),
            wandered: false,
        }),
        Repair::Givens => {
            let (givens, method) = add_givens(picture, &puzzle, ceiling);
            Ok(Made {
                givens,
                ..Made::as_drawn(picture.clone(), method)
            })
        }
        Repair::Pixels => match flip_pixels(picture, ceiling) {
            Some((mended, flips, method)) => Ok(Made {
                flips,
                ..Made::as_drawn(mended, method)
            }),
            None => Err(Unrepaired {
                report: Box::new(solve(&puzzle, None, &Default::default())),
                wandered: true,
            }),
        },
    }
}

/// Givens until the puzzle is solved, then each one dropped that it can do without.
fn add_givens(picture: &Grid<bool>, puzzle: &Puzzle, ceiling: Method) -> (Vec<usize>, Method) {
    let mut givens = Vec::new();
    let mut method = loop {
        let start = start_with(picture, &givens);
        match judge(puzzle, Some(start), ceiling) {
            Judged::Solved(m) => break m,
            Judged::Open { cells, board } => {
                let best = cells
                    .iter()
                    .copied()
                    .min_by_key(|&c| {
                        let mut b = board.clone();
                        b.cells_mut()[c] = super::cell_of(picture.cells()[c]);
                        (unknown_after_lines(puzzle, b), c)
                    })
                    .expect("an open puzzle has an open cell");
                givens.push(best);
            }
        }
    };
    // Whenever a given is dropped, `method` is the grade of the givens left.
    let mut i = 0;
    while i < givens.len() {
        let mut fewer = givens.clone();
        fewer.remove(i);
        match judge(puzzle, Some(start_with(picture, &fewer)), ceiling) {
            Judged::Solved(m) => {
                givens = fewer;
                method = m;
            }
            Judged::Open { .. } => i += 1,
        }
    }
    (givens, method)
}

/// Pixels flipped until the puzzle is solved (at each step the open pixel that leaves line
/// logic the fewest unknowns, an edge pixel before an inner one), then each flip undone that
/// the puzzle can do without. `None` when flipping wanders for more steps than the picture
/// has pixels.
fn flip_pixels(picture: &Grid<bool>, ceiling: Method) -> Option<(Grid<bool>, Vec<usize>, Method)> {
    let edge = edges(picture);
    let mut mended = picture.clone();
    let mut flips: Vec<usize> = Vec::new();
    let judged = |p: &Grid<bool>| judge(&Puzzle::from_picture(p), None, ceiling);
    let mut steps = 0;
    let mut method = loop {
        let cells = match judged(&mended) {
            Judged::Solved(m) => break m,
            Judged::Open { cells, .. } => cells,
        };
        steps += 1;
        if steps > picture.len() {
            return None;
        }
        let best = cells
            .iter()
            .copied()
            .min_by_key(|&c| {
                let mut p = mended.clone();
                p.cells_mut()[c] = !p.cells()[c];
                let unknown = unknown_after_lines(&Puzzle::from_picture(&p), start_with(&p, &[]));
                (unknown, !edge[c], c)
            })
            .expect("an open puzzle has an open cell");
        mended.cells_mut()[best] = !mended.cells()[best];
        match flips.iter().position(|&f| f == best) {
            Some(at) => {
                flips.remove(at);
            }
            None => flips.push(best),
        }
    };
    // Whenever a flip is undone, `method` is the grade of the picture left.
    let mut i = 0;
    while i < flips.len() {
        let c = flips[i];
        mended.cells_mut()[c] = !mended.cells()[c];
        match judged(&mended) {
            Judged::Solved(m) => {
                flips.remove(i);
                method = m;
            }
            Judged::Open { .. } => {
                mended.cells_mut()[c] = !mended.cells()[c];
                i += 1;
            }
        }
    }
    flips.sort_unstable();
    Some((mended, flips, method))
}

/// The pixels on the shape's edge: those with a side neighbour of the other colour.
fn edges(picture: &Grid<bool>) -> Vec<bool> {
    let (w, h) = (picture.width(), picture.height());
    let px = picture.cells();
    (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let differs = |j: usize| px[j] != px[i];
            (r > 0 && differs(i - w))
                || (r + 1 < h && differs(i + w))
                || (c > 0 && differs(i - 1))
                || (c + 1 < w && differs(i + 1))
        })
        .collect()
}
