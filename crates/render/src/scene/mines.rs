//! The scene of a minesweeper board.

use super::{Mode, Scene};
use crate::ink::Ink;
use grid_core::Grid;

/// A minesweeper board: covered and opened tiles, numbers, flags and mines; with a solver's
/// `probability` per tile, covered tiles are tinted by their chance of a mine (green when
/// certainly safe, red when certainly a mine, pale to orange between) and labelled in percent.
pub fn mines(
    view: &Grid<u8>,
    probability: Option<&[Vec<Option<f64>>]>,
    tile: u32,
    mode: Mode,
) -> Scene {
    let (w, h) = (view.width() as u32, view.height() as u32);
    let mut scene = Scene::new(w * tile, h * tile, mode);
    let gap = (tile / 16).max(1);
    for p in view.positions() {
        let (x, y) = (p.col as u32 * tile, p.row as u32 * tile);
        let c = view[p];
        let closed = matches!(c, b'#' | b'F' | b'?');
        let chance = probability
            .and_then(|rows| rows.get(p.row))
            .and_then(|row| row.get(p.col).copied().flatten())
            .filter(|_| closed && c != b'F');
        let ground = match (c, chance) {
            (b'X', _) => Ink::Exploded,
            (_, Some(q)) if q <= 0.0 => Ink::Start,
            (_, Some(q)) if q >= 1.0 => Ink::Exploded,
            (_, Some(q)) => Ink::Heat((q * 8.0).min(7.0) as u8),
            _ if closed => Ink::Covered,
            _ => Ink::Opened,
        };
        scene.rect(x + gap, y + gap, tile - 2 * gap, tile - 2 * gap, ground);
        if let Some(q) = chance.filter(|q| *q > 0.0 && *q < 1.0) {
            let size = tile * 2 / 5;
            let label = format!("{}", (q * 100.0).round() as u32);
            let width = label.len() as u32 * size * 4 / 5;
            scene.text(
                x + tile.saturating_sub(width) / 2,
                y + (tile - size) / 2,
                size,
                label,
                Ink::Text,
            );
            continue;
        }
        let (label, ink) = match c {
            b'1'..=b'8' => ((c as char).to_string(), Ink::Number(c - b'0')),
            b'F' => ("F".to_string(), Ink::Flag),
            b'?' => ("?".to_string(), Ink::Text),
            b'*' | b'X' => ("*".to_string(), Ink::Mine),
            b'!' => ("!".to_string(), Ink::Flag),
            _ => continue,
        };
        let size = tile * 3 / 5;
        scene.text(
            x + (tile - size * 3 / 5) / 2,
            y + (tile - size) / 2,
            size,
            label,
            ink,
        );
    }
    scene
}
