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
    solutions: Option<u64>,
    halt: Option<String>,
}

impl Verdict {
    /// The verdict in words: what was proved, and by which technique.
    fn words(&self) -> String {
        let by = match self.method.as_deref() {
            Some("line") => " by line logic",
            Some("probing") => " by probing",
            Some("search") => " by search",
            _ => "",
        };
        match self.status.as_str() {
            "unique" => format!("unique, solved{by}"),
            "found" => format!("a solution found{by}"),
            "multiple" => match self.solutions {
                Some(n) => format!("{n} solutions found{by}: not unique"),
                None => "more than one solution: not unique".into(),
            },
            "none" => "no solution: the clues contradict each other".into(),
            "unfinished" => match self.halt.as_deref() {
                Some("timeout") => "unfinished: the time ran out".into(),
                Some("no-sat-stage") => "unfinished: this build has no SAT stage".into(),
                _ => "unfinished".into(),
            },
            other => other.to_string(),
        }
    }
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
                "3bv {} ({} solved), {}, ioe {:.2}",
                g.three_bv,
                g.three_bv_solved,
                grid_core::words::count(g.clicks.total as u64, "click", "clicks"),
                g.ioe.unwrap_or(0.0)
            )],
            None => Vec::new(),
        },
        Kind::Nonogram => match doc.field::<Verdict>("solution")? {
            Some(v) => vec![v.words()],
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
        format!(
            "longest path {}, river {:.2}",
            steps(f.longest_path_cells),
            f.river
        ),
    ];
    match (f.solution_length_cells, f.turns, f.decisions) {
        (Some(l), Some(t), Some(d)) => lines.insert(
            1,
            format!("solution {}, turns {t}, decisions {d}", steps(l)),
        ),
        _ => lines.insert(1, "no solution".to_string()),
    }
    lines
}

/// Steps between cells, with the unit: "12 cells", "1 cell".
fn steps(n: usize) -> String {
    grid_core::words::count(n as u64, "cell", "cells")
}

/// `text` in lines of at most `width` characters, broken at spaces (a word longer than a
/// line is cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("one line at least");
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(String::new());
        }
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines
        .into_iter()
        .flat_map(|l| {
            let chars: Vec<char> = l.chars().collect();
            chars
                .chunks(width)
                .map(|c| c.iter().collect::<String>())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caption(solution: &str) -> String {
        let text = format!(
            r#"{{"kind":"nonogram","version":1,"width":1,"height":1,"clues":{{"rows":[[1]],"cols":[[1]]}},"solution":{solution}}}"#
        );
        lines(&Document::from_json(&text).unwrap())
            .unwrap()
            .join("\n")
    }

    #[test]
    fn text_wraps_at_word_breaks_and_cuts_only_what_no_line_holds() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
    }

    #[test]
    fn a_verdict_is_said_as_it_is() {
        let unique = caption(r#"{"status":"unique","solutions":1,"method":"probing"}"#);
        assert_eq!(unique, "unique, solved by probing");
        let open = r#"{"status":"unfinished","solutions":0,"method":"search","halt":"timeout"}"#;
        assert_eq!(caption(open), "unfinished: the time ran out");
        let two = caption(r#"{"status":"multiple","solutions":2,"method":"search"}"#);
        assert_eq!(two, "2 solutions found by search: not unique");
        let none = caption(r#"{"status":"none","solutions":0,"method":"line"}"#);
        assert!(none.starts_with("no solution"), "{none}");
    }
}
