//! A puzzle as a SAT problem in DIMACS form, to ask a general SAT solver what it makes of the
//! puzzles our solver does not finish (Knotty, Meow and Faase):
//!
//!   cargo run --release -p grid-nonogram --example dimacs -- knotty.json > knotty.cnf
//!   cargo run --release -p grid-nonogram --example dimacs -- meow.json starts > meow.cnf
//!   cadical -q knotty.cnf          # Debian's cadical; exit 10 satisfiable, 20 unsatisfiable
//!
//! Variable `r * width + c + 1` is the cell of row `r`, column `c` (from 0): true is filled.
//! Adding the clause that forbids a solution found and solving again asks for a second one.
//!
//! By default each line is the regular language of its clues (`0* 1^a 0+ 1^b ... 0*`) read by
//! an automaton whose state after each cell is a variable: one state at a time, every step a
//! move of the automaton, every state reached from one before it. States that cannot start
//! the line or cannot finish it are left out, which is the overlap rule of the source
//! document in clause form.
//!
//! With `starts`, each block's start is an integer in the "order encoding" instead: the
//! variable `x(j, p)` says "block `j` starts at or before cell `p`", monotone in `p`; a block
//! starts after the one before it has ended and a gap followed; a cell a block covers is
//! filled; a filled cell lies in the last block to start at or before it.

use grid_core::Document;
use grid_core::nonogram_doc::NonogramDoc;
use std::io::Write;

fn main() {
    let usage = || -> ! {
        eprintln!("usage: dimacs PUZZLE.json [automaton|starts] > PUZZLE.cnf");
        std::process::exit(2);
    };
    let Some(path) = std::env::args().nth(1) else {
        usage()
    };
    let encoding = match std::env::args().nth(2).as_deref() {
        None | Some("automaton") => Encoding::Automaton,
        Some("starts") => Encoding::Starts,
        Some(_) => usage(),
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("dimacs: {path}: {e}");
        std::process::exit(2);
    });
    let doc = Document::from_json(&text)
        .and_then(|doc| NonogramDoc::from_document(&doc))
        .unwrap_or_else(|e| {
            eprintln!("dimacs: {path}: {e}");
            std::process::exit(2);
        });
    let (rows, cols) = (&doc.clues.rows, &doc.clues.cols);
    let (width, height) = (cols.len(), rows.len());
    let mut cnf = Cnf {
        variables: width * height,
        clauses: Vec::new(),
    };
    for (r, clues) in rows.iter().enumerate() {
        let cells: Vec<i64> = (0..width).map(|c| (r * width + c + 1) as i64).collect();
        cnf.any_line(&cells, clues, encoding);
    }
    for (c, clues) in cols.iter().enumerate() {
        let cells: Vec<i64> = (0..height).map(|r| (r * width + c + 1) as i64).collect();
        cnf.any_line(&cells, clues, encoding);
    }
    let mut out = format!("p cnf {} {}\n", cnf.variables, cnf.clauses.len());
    for clause in &cnf.clauses {
        for literal in clause {
            out.push_str(&format!("{literal} "));
        }
        out.push_str("0\n");
    }
    // A reader that stops early (`| head`) is no error.
    if let Err(e) = std::io::stdout().write_all(out.as_bytes())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("dimacs: {e}");
        std::process::exit(1);
    }
}

/// How a line's clues become clauses.
#[derive(Debug, Clone, Copy)]
enum Encoding {
    /// The states of an automaton reading the line.
    Automaton,
    /// The starts of the blocks, in the order encoding.
    Starts,
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

struct Cnf {
    variables: usize,
    clauses: Vec<Vec<i64>>,
}

impl Cnf {
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
        let clues: Vec<i64> = clues
            .iter()
            .filter(|&&b| b > 0)
            .map(|&b| b.into())
            .collect();
        let (n, k) = (cells.len() as i64, clues.len());
        if k == 0 {
            self.clauses.extend(cells.iter().map(|&cell| vec![-cell]));
            return;
        }
        // Each block's earliest start (packed left) and latest (packed right), and the
        // variable of "starts at or before p" for p from the earliest to before the latest.
        let mut earliest = vec![0; k];
        for j in 1..k {
            earliest[j] = earliest[j - 1] + clues[j - 1] + 1;
        }
        let mut latest = vec![n - clues[k - 1]; k];
        for j in (0..k - 1).rev() {
            latest[j] = latest[j + 1] - clues[j] - 1;
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
                clause(&[not(x(j, p)), x(j - 1, p - clues[j - 1] - 1)]);
            }
        }
        for (c, &cell) in cells.iter().enumerate() {
            let c = c as i64;
            for (j, &clue) in clues.iter().enumerate() {
                let covered_from = x(j, c - clue);
                clause(&[not(x(j, c)), covered_from, Term::Lit(cell)]);
                let next = if j + 1 < k { x(j + 1, c) } else { Term::False };
                clause(&[Term::Lit(-cell), not(x(j, c)), next, not(covered_from)]);
            }
            clause(&[Term::Lit(-cell), x(0, c)]);
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
    use grid_nonogram::puzzle::runs;

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
}
