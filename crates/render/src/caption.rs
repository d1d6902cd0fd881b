//! The figures shown under a drawing on request (`gridrender --caption`): a maze's `stats`
//! (mazesolve --stats), a game's counters, a nonogram's verdict.

use grid_core::maze_doc::MazeStats;
use grid_core::mines_doc::GameStats;
use grid_core::{Document, Kind, Result};
use serde::Deserialize;

#[derive(Deserialize)]
struct Verdict {
    status: String,
    method: Option<String>,
}

/// The caption's lines; none when the document carries no figures to show.
pub fn lines(doc: &Document) -> Result<Vec<String>> {
    Ok(match doc.kind() {
        Kind::Maze => match doc.field::<MazeStats>("stats")? {
            Some(f) => maze(&f),
            None => Vec::new(),
        },
        Kind::Mines => match doc.field::<GameStats>("stats")? {
            Some(g) => vec![format!(
                "3bv {} ({} solved), {} clicks, ioe {:.2}",
                g.three_bv,
                g.three_bv_solved,
                g.clicks.total,
                g.ioe.unwrap_or(0.0)
            )],
            None => Vec::new(),
        },
        Kind::Nonogram => match doc.field::<Verdict>("solution")? {
            Some(v) => vec![match v.method {
                Some(m) => format!("{}, solved by {m}", v.status),
                None => v.status,
            }],
            None => Vec::new(),
        },
    })
}

fn maze(f: &MazeStats) -> Vec<String> {
    let mut lines = vec![
        format!(
            "{} cells, {} dead ends ({:.1}%), junctions {} + {}",
            f.cells,
            f.dead_ends,
            f.dead_end_share * 100.0,
            f.junctions3,
            f.junctions4
        ),
        format!("longest path {}, river {:.2}", f.longest_path, f.river),
    ];
    match (f.solution_length, f.turns, f.decisions) {
        (Some(l), Some(t), Some(d)) => {
            lines.insert(1, format!("solution {l}, turns {t}, decisions {d}"))
        }
        _ => lines.insert(1, "no solution".to_string()),
    }
    lines
}
