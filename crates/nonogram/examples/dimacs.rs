//! A puzzle as a SAT problem in DIMACS form, to ask a general SAT solver what it makes of the
//! puzzles our solver does not finish (Knotty and Faase of the shared set):
//!
//!   cargo run --release -p nonogram --example dimacs -- knotty.json > knotty.cnf
//!   cadical -q knotty.cnf          # Debian's cadical; exit 10 satisfiable, 20 unsatisfiable
//!
//! Variable `r * width + c + 1` is the cell of row `r`, column `c` (from 0): true is filled.
//! Adding the clause that forbids a solution found and solving again asks for a second one.
//!
//! Each line is the regular language of its clues (`0* 1^a 0+ 1^b ... 0*`) read by an
//! automaton whose state after each cell is a variable: one state at a time, every step a
//! move of the automaton, every state reached from one before it. States that cannot start
//! the line or cannot finish it are left out, which is the overlap rule of the source
//! document in clause form.

use grid_core::Document;
use grid_core::nonogram_doc::NonogramDoc;
use std::io::Write;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dimacs PUZZLE.json > PUZZLE.cnf");
        std::process::exit(2);
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
        cnf.line(&cells, clues);
    }
    for (c, clues) in cols.iter().enumerate() {
        let cells: Vec<i64> = (0..height).map(|r| (r * width + c + 1) as i64).collect();
        cnf.line(&cells, clues);
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

struct Cnf {
    variables: usize,
    clauses: Vec<Vec<i64>>,
}

impl Cnf {
    fn fresh(&mut self) -> i64 {
        self.variables += 1;
        self.variables as i64
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
