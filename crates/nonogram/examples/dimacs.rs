//! A puzzle as a SAT problem in DIMACS form, to ask a general SAT solver what it makes of a
//! puzzle ([`grid_nonogram::cnf`] says how the clauses read):
//!
//!   cargo run --release -p grid-nonogram --example dimacs -- knotty.json > knotty.cnf
//!   cargo run --release -p grid-nonogram --example dimacs -- meow.json automaton > meow.cnf
//!   cadical -q knotty.cnf          # Debian's cadical; exit 10 satisfiable, 20 unsatisfiable
//!
//! Variable `r * width + c + 1` is the cell of row `r`, column `c` (from 0): true is filled.

use grid_core::Document;
use grid_core::nonogram_doc::NonogramDoc;
use grid_nonogram::Puzzle;
use grid_nonogram::cnf::{Cnf, Encoding};
use std::io::Write;

fn main() {
    let usage = || -> ! {
        eprintln!("usage: dimacs PUZZLE.json [starts|automaton] > PUZZLE.cnf");
        std::process::exit(2);
    };
    let Some(path) = std::env::args().nth(1) else {
        usage()
    };
    let encoding = match std::env::args().nth(2).as_deref() {
        None | Some("starts") => Encoding::Starts,
        Some("automaton") => Encoding::Automaton,
        Some(_) => usage(),
    };
    let fail = |e: &dyn std::fmt::Display| -> ! {
        eprintln!("dimacs: {path}: {e}");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&e));
    let doc = Document::from_json(&text)
        .and_then(|doc| NonogramDoc::from_document(&doc))
        .unwrap_or_else(|e| fail(&e));
    let puzzle = Puzzle::new(doc.clues.rows, doc.clues.cols).unwrap_or_else(|e| fail(&e));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // A reader that stops early (`| head`) is no error.
    if let Err(e) = Cnf::new(&puzzle, encoding)
        .write_dimacs(&mut out)
        .and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("dimacs: {e}");
        std::process::exit(1);
    }
}
