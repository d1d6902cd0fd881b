//! A puzzle as a SAT problem in conjunctive normal form: what the solver's last stage hands
//! to CaDiCaL, and what the `dimacs` example writes for any SAT solver.
//!
//! Variable `r * width + c + 1` is the cell of row `r`, column `c` (from 0; [`cell_variable`]):
//! true is filled. A colour puzzle ([`Cnf::colors`]) has a variable for each cell and colour
//! instead ([`color_variable`]), exactly one of a cell's true, and its lines in the starts
//! encoding, where blocks of two colours may touch.
//! The variables after the cells belong to the lines' encodings. Adding the clause that
//! forbids a solution found and solving again asks for a second one.
//!
//! Each line is encoded one of two ways ([`Encoding`]):
//! - **the blocks' starts**: each block's start is an integer in the "order encoding", the
//!   variable `x(j, p)` saying "block `j` starts at or before cell `p`", monotone in `p`; a
//!   block starts after the one before it has ended and a gap followed; a cell a block covers
//!   is filled; a filled cell lies in the last block to start at or before it. CaDiCaL found
//!   Meow's first pictures over these clauses, and none in the same time over the automaton's
//!   (docs/performance.md, "Which stage finishes the hard ones").
//! - **an automaton**: the regular language of the clues (`0* 1^a 0+ 1^b ... 0*`) read by an
//!   automaton whose state after each cell is a variable: one state at a time, every step a
//!   move of the automaton, every state reached from one before it. States that cannot start
//!   the line or cannot finish it are left out, which is the overlap rule of the source
//!   document in clause form.

use crate::color::{Block, ColorPuzzle, Colors};
use crate::numbering::Lines;
use crate::puzzle::Puzzle;
use std::io::{self, Write};

/// The variable of the cell at board index `index` (row by row, from 0): true is filled.
pub fn cell_variable(index: usize) -> i64 {
    index as i64 + 1
}

/// The variable "the cell at board index `index` has `color`" (0 the background) of a colour
/// puzzle's clauses ([`Cnf::colors`]), whose palette has `colors` colours.
pub fn color_variable(index: usize, color: u8, colors: usize) -> i64 {
    (index * (colors + 1) + usize::from(color)) as i64 + 1
}

/// How a line's clues become clauses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// The starts of the blocks, in the order encoding.
    Starts,
    /// The states of an automaton reading the line.
    Automaton,
}

/// A literal of the starts encoding, or a constant where a block's range decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    False,
    True,
    Lit(i64),
}

impl Term {
    fn negate(self) -> Term {
        match self {
            Term::False => Term::True,
            Term::True => Term::False,
            Term::Lit(lit) => Term::Lit(-lit),
        }
    }
}

/// Each block's first and last possible start in a line of `n` cells, where `may(c, colour)`
/// says whether cell `c` may take a colour (0 the background): the places where the block
/// fits cells that allow its colour, with an arrangement of the blocks before it to its left
/// and of those after it to its right. `None` when the blocks have no arrangement at all.
///
/// Two passes of dynamic programming, O(blocks x cells): `left[j][p]` says blocks `0..j` fit
/// in the first `p` cells (the rest of them background), `right[j][p]` that blocks `j..` fit
/// in the cells from `p` on.
fn start_ranges(
    n: usize,
    blocks: &[(i64, u8)],
    may: impl Fn(usize, u8) -> bool,
) -> Option<Vec<(i64, i64)>> {
    let k = blocks.len();
    let len = |j: usize| blocks[j].0 as usize;
    let gap = |j: usize| usize::from(blocks[j].1 == blocks[j + 1].1);
    // run(colour)[c]: how many cells from c on may take the colour, one after another.
    let runs = |color: u8| -> Vec<usize> {
        let mut run = vec![0; n + 1];
        for c in (0..n).rev() {
            run[c] = if may(c, color) { run[c + 1] + 1 } else { 0 };
        }
        run
    };
    let mut colors: Vec<u8> = blocks.iter().map(|b| b.1).collect();
    colors.push(0);
    colors.sort_unstable();
    colors.dedup();
    let run_of: Vec<Vec<usize>> = colors.iter().map(|&c| runs(c)).collect();
    let run = |color: u8| &run_of[colors.binary_search(&color).expect("a colour of the line")];
    let background = run(0);
    // Block j fits at s: its cells allow its colour.
    let fits = |j: usize, s: usize| s + len(j) <= n && run(blocks[j].1)[s] >= len(j);
    // The two tables, row j at j * (n + 1).
    let at = |j: usize, p: usize| j * (n + 1) + p;
    let mut left = vec![false; (k + 1) * (n + 1)];
    for p in 0..=n {
        left[at(0, p)] = background[0] >= p;
    }
    // Blocks before j fit to the left of a start s of block j.
    let before = |left: &[bool], j: usize, s: usize| {
        if j == 0 {
            left[at(0, s)]
        } else if gap(j - 1) == 1 {
            s >= 1 && left[at(j, s - 1)] && background[s - 1] >= 1
        } else {
            left[at(j, s)]
        }
    };
    for j in 0..k {
        for p in 0..=n {
            let ends_here = p >= len(j) && fits(j, p - len(j)) && before(&left, j, p - len(j));
            left[at(j + 1, p)] =
                ends_here || (p >= 1 && left[at(j + 1, p - 1)] && background[p - 1] >= 1);
        }
    }
    if !left[at(k, n)] {
        return None;
    }
    let mut right = vec![false; (k + 1) * (n + 1)];
    for p in 0..=n {
        right[at(k, p)] = background[p] >= n - p;
    }
    // Blocks after j fit to the right of block j ending at e.
    let after = |right: &[bool], j: usize, e: usize| {
        if j + 1 == k {
            right[at(k, e)]
        } else if gap(j) == 1 {
            e < n && background[e] >= 1 && right[at(j + 1, e + 1)]
        } else {
            right[at(j + 1, e)]
        }
    };
    for j in (0..k).rev() {
        for p in (0..=n).rev() {
            let starts_here = fits(j, p) && after(&right, j, p + len(j));
            right[at(j, p)] = starts_here || (p < n && background[p] >= 1 && right[at(j, p + 1)]);
        }
    }
    let start =
        |j: usize, s: usize| fits(j, s) && before(&left, j, s) && after(&right, j, s + len(j));
    (0..k)
        .map(|j| {
            let first = (0..n).find(|&s| start(j, s))?;
            let last = (first..n).rev().find(|&s| start(j, s))?;
            Some((first as i64, last as i64))
        })
        .collect()
}

/// Clauses over numbered variables, as DIMACS writes them: a literal is a variable's number,
/// negative when the variable is false.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cnf {
    variables: usize,
    clauses: Vec<Vec<i64>>,
}

impl Cnf {
    /// The clauses of every row and column of `puzzle`, over its cells and the lines' own
    /// variables.
    pub fn new(puzzle: &Puzzle, encoding: Encoding) -> Cnf {
        let (width, height) = (puzzle.width(), puzzle.height());
        let lines = Lines::new(width, height);
        let mut cnf = Cnf {
            variables: width * height,
            clauses: Vec::new(),
        };
        for id in puzzle.lines() {
            let cells: Vec<i64> = (0..puzzle.line_len(id))
                .map(|i| cell_variable(lines.cell_index(id, i)))
                .collect();
            cnf.any_line(&cells, puzzle.clues(id), encoding);
        }
        cnf
    }

    /// The clauses of every row and column of a colour puzzle over the blocks' starts, with
    /// the variables of [`color_variable`] for the cells: each cell takes exactly one colour,
    /// the background included.
    pub fn colors(puzzle: &ColorPuzzle) -> Cnf {
        let blank = vec![puzzle.all_colors(); puzzle.width() * puzzle.height()];
        Cnf::colors_within(puzzle, &blank)
    }

    /// [`Cnf::colors`] for the solutions within `board` (each cell's colours still possible,
    /// row by row): each block's start ranges only over the places where the line's known
    /// cells let it start, and a colour the board settles is a constant, so that the
    /// settled part of a board costs no clauses. The variables of colours the board rules
    /// out, and of settled cells, are in no clause: the caller fixes them by unit clauses.
    pub fn colors_within(puzzle: &ColorPuzzle, board: &[Colors]) -> Cnf {
        let (width, height) = (puzzle.width(), puzzle.height());
        let colors = puzzle.palette().len();
        let var = |i: usize, color: u8| color_variable(i, color, colors);
        let mut cnf = Cnf {
            variables: width * height * (colors + 1),
            clauses: Vec::new(),
        };
        // "Cell i has the colour": false where the board rules it out, true where it is the
        // cell's only colour left.
        let is = |i: usize, color: u8| {
            if board[i] >> color & 1 == 0 {
                Term::False
            } else if board[i] == 1 << color {
                Term::True
            } else {
                Term::Lit(var(i, color))
            }
        };
        for (i, &set) in board.iter().enumerate() {
            if set.count_ones() < 2 {
                continue;
            }
            let open: Vec<u8> = (0..=colors as u8).filter(|&k| set >> k & 1 == 1).collect();
            cnf.clauses.push(open.iter().map(|&k| var(i, k)).collect());
            for (x, &a) in open.iter().enumerate() {
                for &b in &open[x + 1..] {
                    cnf.clauses.push(vec![-var(i, a), -var(i, b)]);
                }
            }
        }
        let blocks = |clues: &[Block]| -> Vec<(i64, u8)> {
            clues
                .iter()
                .filter(|b| b.len > 0)
                .map(|b| (b.len.into(), b.color))
                .collect()
        };
        for (r, clues) in puzzle.rows().iter().enumerate() {
            cnf.starts(width, &blocks(clues), |c, color| is(r * width + c, color));
        }
        for (c, clues) in puzzle.cols().iter().enumerate() {
            cnf.starts(height, &blocks(clues), |r, color| is(r * width + c, color));
        }
        cnf
    }

    /// How many variables the clauses use (numbered from 1).
    pub fn variables(&self) -> usize {
        self.variables
    }

    pub fn clauses(&self) -> &[Vec<i64>] {
        &self.clauses
    }

    /// The clauses in DIMACS form: a `p cnf` header, then one clause a line, ended by 0.
    pub fn write_dimacs(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "p cnf {} {}", self.variables, self.clauses.len())?;
        for clause in &self.clauses {
            for literal in clause {
                write!(out, "{literal} ")?;
            }
            writeln!(out, "0")?;
        }
        Ok(())
    }

    fn fresh(&mut self) -> i64 {
        self.variables += 1;
        self.variables as i64
    }

    fn any_line(&mut self, cells: &[i64], clues: &[u32], encoding: Encoding) {
        match encoding {
            Encoding::Automaton => self.line(cells, clues),
            Encoding::Starts => self.starts_line(cells, clues),
        }
    }

    /// The clauses that hold `cells` to `clues`, over the starts of the blocks.
    fn starts_line(&mut self, cells: &[i64], clues: &[u32]) {
        let blocks: Vec<(i64, u8)> = clues
            .iter()
            .filter(|&&b| b > 0)
            .map(|&b| (b.into(), 1))
            .collect();
        let is = |c: usize, color: u8| Term::Lit(if color == 0 { -cells[c] } else { cells[c] });
        self.starts(cells.len(), &blocks, is);
    }

    /// The clauses that hold a line of `n` cells to its `blocks` (length, colour from 1), over
    /// the blocks' starts; `is(c, colour)` is the term "cell `c` has that colour", colour 0
    /// the background: a literal, or a constant where the board has settled it. Blocks of one
    /// colour have a gap between them, blocks of two touch or not. The cells' colours must
    /// exclude one another elsewhere.
    fn starts(&mut self, n: usize, blocks: &[(i64, u8)], is: impl Fn(usize, u8) -> Term) {
        // A clause a true term satisfies is left out; false terms are dropped from the rest.
        let clause = |clauses: &mut Vec<Vec<i64>>, terms: &[Term]| {
            if terms.contains(&Term::True) {
                return;
            }
            let lits = terms.iter().filter_map(|&t| match t {
                Term::Lit(lit) => Some(lit),
                _ => None,
            });
            clauses.push(lits.collect());
        };
        let k = blocks.len();
        if k == 0 {
            for c in 0..n {
                clause(&mut self.clauses, &[is(c, 0)]);
            }
            return;
        }
        // What block j needs before block j + 1 may start: itself, and a gap when the two
        // share a colour.
        let span = |j: usize| blocks[j].0 + i64::from(blocks[j].1 == blocks[j + 1].1);
        // Each block's earliest and latest start where the line's cells let it start, and
        // the variable of "starts at or before p" for p from the earliest to before the latest.
        let Some(ranges) = start_ranges(n, blocks, |c, color| is(c, color) != Term::False) else {
            // The blocks do not fit the line.
            self.clauses.push(Vec::new());
            return;
        };
        let n = n as i64;
        let earliest: Vec<i64> = ranges.iter().map(|r| r.0).collect();
        let latest: Vec<i64> = ranges.iter().map(|r| r.1).collect();
        let first: Vec<i64> = (0..k)
            .map(|j| {
                let first = self.variables as i64 + 1;
                self.variables += (latest[j] - earliest[j]).max(0) as usize;
                first
            })
            .collect();
        // x(j, p) as a literal, or as the constant its range decides.
        let x = |j: usize, p: i64| -> Term {
            if p < earliest[j] {
                Term::False
            } else if p >= latest[j] {
                Term::True
            } else {
                Term::Lit(first[j] + p - earliest[j])
            }
        };
        let not = Term::negate;
        let mut clause = |terms: &[Term]| clause(&mut self.clauses, terms);
        for j in 0..k {
            for p in earliest[j]..latest[j] - 1 {
                clause(&[not(x(j, p)), x(j, p + 1)]);
            }
        }
        for j in 1..k {
            for p in earliest[j]..latest[j] {
                clause(&[not(x(j, p)), x(j - 1, p - span(j - 1))]);
            }
        }
        for c in 0..n {
            let background = is(c as usize, 0);
            for (j, &(len, color)) in blocks.iter().enumerate() {
                if c < earliest[j] {
                    // Block j starts after cell c: both clauses hold by its range, and by
                    // the later blocks' ranges.
                    break;
                }
                // Block j covers cell c when it starts at or before c, and after c - len.
                let covered_from = x(j, c - len);
                clause(&[not(x(j, c)), covered_from, is(c as usize, color)]);
                let next = if j + 1 < k { x(j + 1, c) } else { Term::False };
                clause(&[background, not(x(j, c)), next, not(covered_from)]);
            }
            clause(&[background, x(0, c)]);
        }
    }

    /// The clauses that hold `cells` (their variables) to `clues`.
    fn line(&mut self, cells: &[i64], clues: &[u32]) {
        // The pattern the clues spell with one blank between blocks; state s has read its
        // first s symbols.
        let mut pattern = Vec::new();
        for (i, &block) in clues.iter().filter(|&&b| b > 0).enumerate() {
            if i > 0 {
                pattern.push(false);
            }
            pattern.extend(std::iter::repeat_n(true, block as usize));
        }
        let end = pattern.len();
        // Reading `filled` in state s; blanks repeat at the start, the end, and after a gap.
        let step = |s: usize, filled: bool| -> Option<usize> {
            if s < end && pattern[s] == filled {
                Some(s + 1)
            } else if !filled && (s == 0 || s == end || !pattern[s - 1]) {
                Some(s)
            } else {
                None
            }
        };
        let n = cells.len();
        // States reachable from the start, then those of them that can still reach the end.
        let mut alive = vec![vec![false; end + 1]; n + 1];
        alive[0][0] = true;
        for i in 0..n {
            for s in 0..=end {
                for filled in [false, true] {
                    if alive[i][s]
                        && let Some(t) = step(s, filled)
                    {
                        alive[i + 1][t] = true;
                    }
                }
            }
        }
        let mut finishing = vec![vec![false; end + 1]; n + 1];
        finishing[n][end] = alive[n][end];
        for i in (0..n).rev() {
            for s in 0..=end {
                finishing[i][s] = alive[i][s]
                    && [false, true]
                        .iter()
                        .any(|&filled| step(s, filled).is_some_and(|t| finishing[i + 1][t]));
            }
        }
        let state: Vec<Vec<Option<i64>>> = (0..=n)
            .map(|i| {
                (0..=end)
                    .map(|s| finishing[i][s].then(|| self.fresh()))
                    .collect()
            })
            .collect();
        for states in &state {
            let present: Vec<i64> = states.iter().flatten().copied().collect();
            self.clauses.push(present.clone());
            for (k, &a) in present.iter().enumerate() {
                for &b in &present[k + 1..] {
                    self.clauses.push(vec![-a, -b]);
                }
            }
        }
        for i in 0..n {
            let cell = cells[i];
            for s in 0..=end {
                let Some(from) = state[i][s] else { continue };
                for filled in [false, true] {
                    let literal = if filled { cell } else { -cell };
                    match step(s, filled).and_then(|t| state[i + 1][t]) {
                        Some(to) => self.clauses.push(vec![-from, -literal, to]),
                        None => self.clauses.push(vec![-from, -literal]),
                    }
                }
            }
            for t in 0..=end {
                let Some(to) = state[i + 1][t] else { continue };
                let mut before = vec![-to];
                let mut reads = Vec::new();
                for (s, &from) in state[i].iter().enumerate() {
                    for filled in [false, true] {
                        if let Some(from) = from
                            && step(s, filled) == Some(t)
                        {
                            before.push(from);
                            reads.push(filled);
                        }
                    }
                }
                self.clauses.push(before);
                // Reached by one kind of cell only: that is what the cell is.
                if reads.iter().all(|&f| f == reads[0]) {
                    self.clauses
                        .push(vec![-to, if reads[0] { cell } else { -cell }]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::runs;
    // What the tests that count models with CaDiCaL need.
    use proptest::prelude::*;
    #[cfg(feature = "sat")]
    use {
        crate::line::Cell,
        crate::puzzle::brute_force,
        grid_core::{Grid, Rng},
    };

    /// Whether the clauses hold for the cells `fixed` (bit i is cell i) and some values of
    /// the other variables, tried all.
    fn satisfiable(cnf: &Cnf, cells: usize, fixed: u32) -> bool {
        let extra = cnf.variables - cells;
        (0u64..1 << extra).any(|more| {
            let holds = |lit: i64| {
                let v = lit.unsigned_abs() as usize - 1;
                let bit = if v < cells {
                    fixed >> v & 1 == 1
                } else {
                    more >> (v - cells) & 1 == 1
                };
                bit == (lit > 0)
            };
            cnf.clauses.iter().all(|c| c.iter().any(|&l| holds(l)))
        })
    }

    /// The automaton's states are too many variables to try them all; the starts of the
    /// blocks are few on short lines.
    #[test]
    fn the_starts_encoding_allows_exactly_the_lines_that_match_the_clues() {
        let cases: &[(&[u32], usize)] = &[
            (&[], 4),
            (&[1], 4),
            (&[2], 5),
            (&[1, 1], 5),
            (&[2, 1], 6),
            (&[1, 2, 1], 7),
            (&[3], 3),
            (&[1, 1, 1], 5),
            (&[2, 2], 6),
        ];
        for &(clues, n) in cases {
            let cells: Vec<i64> = (1..=n as i64).collect();
            let mut cnf = Cnf {
                variables: n,
                clauses: Vec::new(),
            };
            cnf.starts_line(&cells, clues);
            assert!(cnf.variables - n <= 16, "few enough starts to try them all");
            for fixed in 0u32..1 << n {
                let line = runs((0..n).map(|i| fixed >> i & 1 == 1));
                assert_eq!(
                    satisfiable(&cnf, n, fixed),
                    line == clues,
                    "clues {clues:?}, line {fixed:0n$b}"
                );
            }
        }
    }

    /// Every assignment of the cells (`cells` variables) that the clauses allow, one by one
    /// from CaDiCaL, each excluded before asking for the next.
    #[cfg(feature = "sat")]
    fn models(cnf: &Cnf, cells: usize) -> Vec<Vec<Cell>> {
        let mut solver: cadical::Solver = cadical::Solver::new();
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().map(|&l| l as i32));
        }
        let mut models = Vec::new();
        while solver.solve() == Some(true) {
            let model: Vec<Cell> = (0..cells)
                .map(|v| match solver.value(cell_variable(v) as i32) {
                    Some(false) => Cell::Empty,
                    _ => Cell::Filled,
                })
                .collect();
            solver.add_clause(model.iter().enumerate().map(|(v, &cell)| {
                let var = cell_variable(v) as i32;
                if cell == Cell::Filled { -var } else { var }
            }));
            models.push(model);
        }
        models.sort_by_key(|m| m.iter().map(|&c| c == Cell::Filled).collect::<Vec<_>>());
        models
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// Either encoding of a whole puzzle allows exactly its pictures.
        #[cfg(feature = "sat")]
        #[test]
        fn the_clauses_allow_exactly_the_pictures(
            w in 1usize..5, h in 1usize..5, seed in any::<u64>(), density in 0.2f64..0.8,
        ) {
            let mut rng = Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(density)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            let mut expected = brute_force(&puzzle);
            expected.sort_by_key(|m| m.iter().map(|&c| c == Cell::Filled).collect::<Vec<_>>());
            for encoding in [Encoding::Starts, Encoding::Automaton] {
                prop_assert_eq!(&models(&Cnf::new(&puzzle, encoding), w * h), &expected);
            }
        }
    }

    /// Every colour picture (colour numbers, 0 the background) the colour clauses allow, from
    /// CaDiCaL, each excluded before asking for the next.
    #[cfg(feature = "sat")]
    fn color_models(cnf: &Cnf, cells: usize, colors: usize) -> Vec<Vec<u8>> {
        let mut solver: cadical::Solver = cadical::Solver::new();
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().map(|&l| l as i32));
        }
        let var = |i: usize, color: u8| color_variable(i, color, colors) as i32;
        let mut models = Vec::new();
        while solver.solve() == Some(true) {
            let model: Vec<u8> = (0..cells)
                .map(|i| {
                    let taken =
                        (0..=colors as u8).filter(|&k| solver.value(var(i, k)) == Some(true));
                    let taken: Vec<u8> = taken.collect();
                    assert_eq!(taken.len(), 1, "cell {i} takes exactly one colour");
                    taken[0]
                })
                .collect();
            solver.add_clause(model.iter().enumerate().map(|(i, &k)| -var(i, k)));
            models.push(model);
        }
        models.sort();
        models
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// The colour clauses allow exactly the pictures whose clues are the puzzle's: every
        /// picture of up to 8 cells in up to 2 colours and the background, tried all.
        #[cfg(feature = "sat")]
        #[test]
        fn the_colour_clauses_allow_exactly_the_pictures(
            w in 1usize..5, h in 1usize..3, colors in 1usize..3, seed in any::<u64>(),
        ) {
            let mut rng = Rng::seeded(seed);
            let picture: Vec<u8> = (0..w * h).map(|_| rng.below(colors as u64 + 1) as u8).collect();
            let swatches = (0..colors)
                .map(|i| crate::color::Swatch { name: b'a' + i as u8, rgb: [0, 0, 0] })
                .collect();
            let palette = crate::color::Palette::new(swatches).unwrap();
            let clues_of = |cells: &[u8]| {
                let grid = Grid::from_vec(w, h, cells.to_vec()).unwrap();
                let p = ColorPuzzle::from_picture(palette.clone(), &grid);
                (p.rows().to_vec(), p.cols().to_vec())
            };
            let puzzle = ColorPuzzle::from_picture(palette.clone(), &Grid::from_vec(w, h, picture.clone()).unwrap());
            let wanted = clues_of(&picture);
            let base = colors as u64 + 1;
            let mut expected = Vec::new();
            for n in 0..base.pow((w * h) as u32) {
                let cells: Vec<u8> = (0..w * h).map(|i| (n / base.pow(i as u32) % base) as u8).collect();
                if clues_of(&cells) == wanted {
                    expected.push(cells);
                }
            }
            expected.sort();
            prop_assert_eq!(color_models(&Cnf::colors(&puzzle), w * h, colors), expected.clone());

            // Within a board that rules colours out of some cells (the picture's own among
            // them, at times), with what it knows given as units: exactly the pictures whose
            // cells the board allows.
            let all = (1 << (colors + 1)) - 1;
            let board: Vec<Colors> = (0..w * h)
                .map(|_| if rng.chance(0.4) { 1 + rng.below(all as u64) as Colors } else { all })
                .collect();
            let mut within = Cnf::colors_within(&puzzle, &board);
            for (i, &set) in board.iter().enumerate() {
                for color in 0..=colors as u8 {
                    let var = color_variable(i, color, colors);
                    if set >> color & 1 == 0 {
                        within.clauses.push(vec![-var]);
                    } else if set.count_ones() == 1 {
                        within.clauses.push(vec![var]);
                    }
                }
            }
            expected.retain(|cells| cells.iter().zip(&board).all(|(&k, &set)| set >> k & 1 == 1));
            prop_assert_eq!(color_models(&within, w * h, colors), expected);
        }
    }

    proptest! {
        /// Each block's range of starts within a line is what the line's arrangements give:
        /// every arrangement of up to three blocks in up to 9 cells, each cell allowing a random
        /// set of colours, counted by brute force.
        #[test]
        fn the_start_ranges_are_those_of_the_arrangements(
            n in 1usize..10, lens in proptest::collection::vec((1i64..4, 1u8..3), 0..4),
            allowed in proptest::collection::vec(1u8..8, 10),
        ) {
            let may = |c: usize, color: u8| allowed[c] >> color & 1 == 1;
            // Every arrangement, as the start of each block.
            let mut arrangements = Vec::new();
            let mut starts = vec![0i64; lens.len()];
            fn place(
                j: usize, from: i64, n: i64, lens: &[(i64, u8)], starts: &mut Vec<i64>,
                out: &mut Vec<Vec<i64>>,
            ) {
                if j == lens.len() {
                    out.push(starts.clone());
                    return;
                }
                for s in from..=n - lens[j].0 {
                    starts[j] = s;
                    let gap = i64::from(j + 1 < lens.len() && lens[j + 1].1 == lens[j].1);
                    place(j + 1, s + lens[j].0 + gap, n, lens, starts, out);
                }
            }
            place(0, 0, n as i64, &lens, &mut starts, &mut arrangements);
            arrangements.retain(|starts| {
                (0..n).all(|c| {
                    let color = starts
                        .iter()
                        .zip(&lens)
                        .find(|(s, b)| **s <= c as i64 && (c as i64) < **s + b.0)
                        .map_or(0, |(_, b)| b.1);
                    may(c, color)
                })
            });
            let expected: Option<Vec<(i64, i64)>> = (!arrangements.is_empty()).then(|| {
                (0..lens.len())
                    .map(|j| {
                        let of_j = arrangements.iter().map(|a| a[j]);
                        (of_j.clone().min().unwrap(), of_j.max().unwrap())
                    })
                    .collect()
            });
            prop_assert_eq!(start_ranges(n, &lens, may), expected);
        }
    }

    /// Clues that cannot fit their line leave nothing to satisfy.
    #[cfg(feature = "sat")]
    #[test]
    fn clues_longer_than_their_line_have_no_model() {
        let puzzle = Puzzle::new(vec![vec![2, 2]], vec![vec![1]; 4]).unwrap();
        for encoding in [Encoding::Starts, Encoding::Automaton] {
            assert!(models(&Cnf::new(&puzzle, encoding), 4).is_empty());
        }
    }

    #[test]
    fn dimacs_has_a_header_and_one_clause_a_line() {
        let puzzle = Puzzle::new(vec![vec![1]], vec![vec![1]]).unwrap();
        let cnf = Cnf::new(&puzzle, Encoding::Starts);
        let mut out = Vec::new();
        cnf.write_dimacs(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.lines();
        assert_eq!(
            lines.next().unwrap(),
            format!("p cnf {} {}", cnf.variables(), cnf.clauses().len())
        );
        assert_eq!(lines.count(), cnf.clauses().len());
        assert!(text.lines().skip(1).all(|l| l.ends_with(" 0") || l == "0"));
    }
}
