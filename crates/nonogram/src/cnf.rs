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

use crate::color::{Block, ColorPuzzle};
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
        let (width, height) = (puzzle.width(), puzzle.height());
        let colors = puzzle.palette().len();
        let var = |i: usize, color: u8| color_variable(i, color, colors);
        let mut cnf = Cnf {
            variables: width * height * (colors + 1),
            clauses: Vec::new(),
        };
        for i in 0..width * height {
            cnf.clauses
                .push((0..=colors as u8).map(|color| var(i, color)).collect());
            for a in 0..=colors as u8 {
                for b in a + 1..=colors as u8 {
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
            cnf.starts(width, &blocks(clues), |c, color| var(r * width + c, color));
        }
        for (c, clues) in puzzle.cols().iter().enumerate() {
            cnf.starts(height, &blocks(clues), |r, color| var(r * width + c, color));
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
        let is = |c: usize, color: u8| if color == 0 { -cells[c] } else { cells[c] };
        self.starts(cells.len(), &blocks, is);
    }

    /// The clauses that hold a line of `n` cells to its `blocks` (length, colour from 1), over
    /// the blocks' starts; `is(c, colour)` is the literal "cell `c` has that colour", colour
    /// 0 the background. Blocks of one colour have a gap between them, blocks of two touch or
    /// not. The cells' colours must exclude one another elsewhere.
    fn starts(&mut self, n: usize, blocks: &[(i64, u8)], is: impl Fn(usize, u8) -> i64) {
        let (n, k) = (n as i64, blocks.len());
        if k == 0 {
            self.clauses.extend((0..n as usize).map(|c| vec![is(c, 0)]));
            return;
        }
        // What block j needs before block j + 1 may start: itself, and a gap when the two
        // share a colour.
        let span = |j: usize| blocks[j].0 + i64::from(blocks[j].1 == blocks[j + 1].1);
        // Each block's earliest start (packed left) and latest (packed right), and the
        // variable of "starts at or before p" for p from the earliest to before the latest.
        let mut earliest = vec![0; k];
        for j in 1..k {
            earliest[j] = earliest[j - 1] + span(j - 1);
        }
        let mut latest = vec![n - blocks[k - 1].0; k];
        for j in (0..k - 1).rev() {
            latest[j] = latest[j + 1] - span(j);
        }
        if latest[0] < 0 {
            // The blocks do not fit the line.
            self.clauses.push(Vec::new());
            return;
        }
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
        // A clause a true term satisfies is left out; false terms are dropped from the rest.
        let mut clause = |terms: &[Term]| {
            if terms.contains(&Term::True) {
                return;
            }
            let lits = terms.iter().filter_map(|&t| match t {
                Term::Lit(lit) => Some(lit),
                _ => None,
            });
            self.clauses.push(lits.collect());
        };
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
            let background = Term::Lit(is(c as usize, 0));
            for (j, &(len, color)) in blocks.iter().enumerate() {
                // Block j covers cell c when it starts at or before c, and after c - len.
                let covered_from = x(j, c - len);
                clause(&[not(x(j, c)), covered_from, Term::Lit(is(c as usize, color))]);
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
            prop_assert_eq!(color_models(&Cnf::colors(&puzzle), w * h, colors), expected);
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
