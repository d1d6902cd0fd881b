//! A summary for a terminal: one line a player and level, as `mines bench` prints its report.

use grid_mines::archive::Summary;
use std::fmt::Write;
use unicode_width::UnicodeWidthStr;

/// The table's header.
const COLUMNS: [&str; 10] = [
    "player",
    "level",
    "games",
    "wins",
    "best time",
    "best 3BV/s",
    "median",
    "mean",
    "best IOE",
    "median IOE",
];

/// The summary as aligned columns, then the best files and the counts.
pub fn table(summary: &Summary) -> String {
    let rate = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |v| format!("{v:.3}"));
    let mut rows: Vec<[String; 10]> = vec![COLUMNS.map(str::to_string)];
    for g in &summary.groups {
        rows.push([
            if g.player.is_empty() {
                "(no name)".to_string()
            } else {
                g.player.clone()
            },
            g.level.to_string(),
            g.games.to_string(),
            g.wins.to_string(),
            g.best_time.as_ref().map_or_else(
                || "-".to_string(),
                |b| format!("{:.3} s", f64::from(b.time_ms) / 1000.0),
            ),
            rate(g.best_three_bv_per_s.as_ref().map(|b| b.value)),
            rate(g.median_three_bv_per_s),
            rate(g.mean_three_bv_per_s),
            rate(g.best_ioe),
            rate(g.median_ioe),
        ]);
    }
    let widths: Vec<usize> = (0..COLUMNS.len())
        .map(|c| rows.iter().map(|r| r[c].width()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in &rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = widths[c] - cell.width();
            // Names to the left, figures to the right.
            if c < 2 {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad + 2));
            } else {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
                line.push_str("  ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for g in &summary.groups {
        if let Some(b) = &g.best_time {
            let _ = writeln!(out, "best time   {} {}: {}", g.player, g.level, b.file);
        }
        if let Some(b) = &g.best_three_bv_per_s {
            let _ = writeln!(out, "best 3BV/s  {} {}: {}", g.player, g.level, b.file);
        }
    }
    let _ = writeln!(
        out,
        "{} replays, {} skipped{}",
        summary.replays,
        summary.skipped,
        summary
            .player
            .as_ref()
            .map_or_else(String::new, |p| format!(", player {p}"))
    );
    out
}
