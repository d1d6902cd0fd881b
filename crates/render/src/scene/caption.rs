//! The caption band: the figures of what is drawn, in lines of text below the picture.

use super::Scene;
use crate::ink::Ink;

/// `scene` with lines of text added in a band below it, as wide as the picture allows (a
/// caption: the figures of what is drawn).
pub fn with_caption(mut scene: Scene, lines: &[String]) -> Scene {
    if lines.is_empty() {
        return scene;
    }
    let size = caption_size(scene.width, scene.height);
    // The built-in font is 4 units a character and 5 high; long lines wrap at their spaces
    // rather than shrink.
    let per_line = (scene.width.saturating_sub(2 * CAPTION_MARGIN) / (size * 4 / 5)).max(8);
    let wrapped: Vec<String> = lines
        .iter()
        .flat_map(|l| crate::caption::wrap(l, per_line as usize))
        .collect();
    let line = size + size / 2;
    let top = scene.height + size / 2;
    // A margin of half a line below the last one.
    scene.grow_to(top + line * wrapped.len() as u32 + size / 2);
    for (i, text) in wrapped.into_iter().enumerate() {
        scene.text(CAPTION_MARGIN, top + i as u32 * line, size, text, Ink::Text);
    }
    scene
}

/// Pixels left of a caption.
const CAPTION_MARGIN: u32 = 4;

/// A caption's text size: one size for every kind of picture, a twentieth of its shorter
/// side, between 10 and 20 pixels (in the font's steps of 5).
fn caption_size(width: u32, height: u32) -> u32 {
    (width.min(height) / 20).clamp(10, 20) / 5 * 5
}

#[cfg(test)]
mod caption_tests {
    use super::*;
    use crate::scene::{Mode, Shape};

    fn texts(scene: &Scene) -> Vec<(u32, u32, u32, String)> {
        scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text {
                    x, y, size, text, ..
                } => Some((*x, *y, *size, text.clone())),
                _ => None,
            })
            .collect()
    }

    /// A small maze's long caption wraps at a readable size, a large picture's short one is
    /// not huge, and a margin stays below the last line.
    #[test]
    fn captions_have_one_size_for_the_picture_and_a_margin() {
        let long = "1250 cells, 120 dead ends (9.6%), junctions 110 + 4".to_string();
        let small = with_caption(
            Scene::new(120, 120, Mode::Shapes),
            std::slice::from_ref(&long),
        );
        let lines = texts(&small);
        assert!(lines.len() > 1, "{lines:?}");
        for (x, _, size, text) in &lines {
            assert_eq!(*size, 10);
            assert!(
                x + text.len() as u32 * (size * 4 / 5) <= 120,
                "{text} runs off"
            );
        }
        let (_, y, size, _) = lines.last().unwrap();
        assert!(small.height >= y + size + size / 2, "a margin below");
        let big = with_caption(Scene::new(900, 700, Mode::Shapes), &["unique".to_string()]);
        assert_eq!(texts(&big)[0].2, 20);
    }
}
