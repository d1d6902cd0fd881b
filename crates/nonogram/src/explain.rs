//! Deductions as a person would write them: which line, which rule, which cells.
//!
//! Rows, columns and cells are counted from 1 here, as puzzle books count them; `r3c4` is
//! row 3, column 4.

use crate::line::{Cell, Ranges};
use crate::puzzle::{LineId, describe};
use grid_core::Pos;

/// One deduction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A line, given what is known of it, settles some of its cells.
    Line {
        line: LineId,
        clues: Vec<u32>,
        /// Newly filled cells that the overlap rule explains: (clue, range start, range end
        /// inclusive, first and last filled), all 0-based positions in the line.
        overlaps: Vec<Overlap>,
        /// Newly filled cells the overlap rule does not explain.
        filled: Vec<usize>,
        /// Newly blank cells.
        emptied: Vec<usize>,
    },
    /// Assuming a cell leads to a line with no arrangement: it is the other way.
    Contradiction {
        cell: Pos,
        assumed: Cell,
        conflict: LineId,
    },
    /// Both values of a cell lead to the same values of other cells.
    BothWays {
        cell: Pos,
        filled: Vec<Pos>,
        empty: Vec<Pos>,
    },
    /// Logic stops here; the rest is search.
    Search { unknown: usize },
}

/// The overlap ("more than half of the range") rule at work on one block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    pub clue: u32,
    pub range: (usize, usize),
    pub cells: Vec<usize>,
}

impl Step {
    /// The deduction made on `line` going from `before` to `after`.
    pub(crate) fn line(
        line: LineId,
        clues: &[u32],
        before: &[Cell],
        after: &[Cell],
        ranges: &Ranges,
    ) -> Step {
        let new = |value: Cell| -> Vec<usize> {
            (0..after.len())
                .filter(|&i| before[i] == Cell::Unknown && after[i] == value)
                .collect()
        };
        let mut filled = new(Cell::Filled);
        let mut overlaps = Vec::new();
        for (j, &clue) in clues.iter().enumerate() {
            let (first, last) = (ranges.first_start[j], ranges.last_start[j]);
            let core = last..first + clue as usize;
            if core.is_empty() {
                continue;
            }
            let cells: Vec<usize> = filled
                .iter()
                .copied()
                .filter(|i| core.contains(i))
                .collect();
            if !cells.is_empty() {
                filled.retain(|i| !core.contains(i));
                overlaps.push(Overlap {
                    clue,
                    range: (first, last + clue as usize - 1),
                    cells,
                });
            }
        }
        Step::Line {
            line,
            clues: clues.to_vec(),
            overlaps,
            filled,
            emptied: new(Cell::Empty),
        }
    }

    /// The deduction in words.
    pub fn text(&self) -> String {
        match self {
            Step::Line {
                line,
                clues,
                overlaps,
                filled,
                emptied,
            } => {
                let mut parts = Vec::new();
                for o in overlaps {
                    let (a, b) = o.range;
                    parts.push(format!(
                        "the clue {} can only lie in cells {} to {}, a range of {}; more than half of it is certain, so {} {} filled",
                        o.clue,
                        a + 1,
                        b + 1,
                        b - a + 1,
                        cells(&o.cells),
                        are(&o.cells)
                    ));
                }
                if !filled.is_empty() {
                    parts.push(format!(
                        "every arrangement of the clues fills {}",
                        cells(filled)
                    ));
                }
                if !emptied.is_empty() {
                    parts.push(format!(
                        "no arrangement fills {}, so {} blank",
                        cells(emptied),
                        if emptied.len() == 1 {
                            "it is"
                        } else {
                            "they are"
                        }
                    ));
                }
                format!("{line} ({}): {}", describe(clues), parts.join("; "))
            }
            Step::Contradiction {
                cell,
                assumed,
                conflict,
            } => format!(
                "assume {} {}: {conflict} has no arrangement left, so {} is {}",
                name(*cell),
                word(*assumed),
                name(*cell),
                word(assumed.opposite())
            ),
            Step::BothWays {
                cell,
                filled,
                empty,
            } => {
                let mut settled: Vec<String> = filled
                    .iter()
                    .map(|&p| format!("{} filled", name(p)))
                    .collect();
                settled.extend(empty.iter().map(|&p| format!("{} blank", name(p))));
                format!(
                    "whether {} is filled or blank, {} follow, so they are certain",
                    name(*cell),
                    join(&settled)
                )
            }
            Step::Search { unknown } => format!(
                "logic alone stops here with {unknown} cells unknown: the rest is settled by trying both values of a cell and proving where each leads"
            ),
        }
    }
}

fn word(c: Cell) -> &'static str {
    match c {
        Cell::Filled => "filled",
        Cell::Empty => "blank",
        Cell::Unknown => "unknown",
    }
}

/// `r3c4`, counted from 1.
fn name(p: Pos) -> String {
    format!("r{}c{}", p.row + 1, p.col + 1)
}

pub(crate) fn are(cells: &[usize]) -> &'static str {
    if cells.len() == 1 { "is" } else { "are" }
}

/// "cell 4", "cells 5 to 8", "cells 1, 3 and 7 to 9" (from 0-based positions).
pub(crate) fn cells(positions: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &p in positions {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == p => *end = p,
            _ => runs.push((p, p)),
        }
    }
    let words: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                format!("{}", a + 1)
            } else {
                format!("{} to {}", a + 1, b + 1)
            }
        })
        .collect();
    let noun = if positions.len() == 1 {
        "cell"
    } else {
        "cells"
    };
    format!("{noun} {}", join(&words))
}

pub(crate) fn join(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::LineSolver;

    #[test]
    fn the_source_documents_rule_in_words() {
        let before = vec![Cell::Unknown; 12];
        let mut after = before.clone();
        let mut solver = LineSolver::new();
        assert!(solver.solve(&[8], &mut after));
        let step = Step::line(LineId::Row(6), &[8], &before, &after, solver.ranges());
        assert_eq!(
            step.text(),
            "row 7 (8): the clue 8 can only lie in cells 1 to 12, a range of 12; more than half of it is certain, so cells 5 to 8 are filled"
        );
    }

    #[test]
    fn contradictions_in_words() {
        let step = Step::Contradiction {
            cell: Pos::new(2, 3),
            assumed: Cell::Filled,
            conflict: LineId::Col(3),
        };
        assert_eq!(
            step.text(),
            "assume r3c4 filled: column 4 has no arrangement left, so r3c4 is blank"
        );
    }

    #[test]
    fn cell_lists_are_compressed() {
        assert_eq!(cells(&[0, 2, 6, 7, 8]), "cells 1, 3 and 7 to 9");
        assert_eq!(cells(&[4]), "cell 5");
    }
}
