//! A puzzle as a SAT problem in DIMACS form, to ask a general SAT solver what it makes of a
//! puzzle ([`grid_nonogram::cnf`] says how the clauses read):
//!
//!   cargo run --release -p grid-nonogram --example dimacs -- knotty.json > knotty.cnf
//!   cargo run --release -p grid-nonogram --example dimacs -- meow.json automaton > meow.cnf
//!   cadical -q knotty.cnf          # Debian's cadical; exit 10 satisfiable, 20 unsatisfiable
//!
//! Variable `r * width + c + 1` is the cell of row `r`, column `c` (from 0): true is filled.
//! A colour puzzle of K colours is written over the blocks' starts, with variable
//! `(r * width + c) * (K + 1) + k + 1` for "the cell has colour k" (0 the background, the
//! colours numbered in the order of their names); the automaton is for black and white only.

use grid_core::Document;
use grid_core::nonogram_doc::NonogramDoc;
use grid_nonogram::cnf::{Cnf, Encoding};
use grid_nonogram::document::{Task, task_of};
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
    let cnf = match task_of(&doc).unwrap_or_else(|e| fail(&e)) {
        Task::Black(puzzle, _) => Cnf::new(&puzzle, encoding),
        Task::Color(puzzle, _) if encoding == Encoding::Starts => Cnf::colors(&puzzle),
        Task::Color(..) => fail(&"a colour puzzle is written over its blocks' starts only"),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // A reader that stops early (`| head`) is no error.
    if let Err(e) = cnf.write_dimacs(&mut out).and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("dimacs: {e}");
        std::process::exit(1);
    }
}
