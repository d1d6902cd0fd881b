//! Scenes as SVG: rectangles grouped by colour, text in a monospace font.

use crate::scene::{Ink, Scene, Shape, Theme};
use std::fmt::Write as _;

fn hex(theme: Theme, ink: Ink) -> String {
    let [r, g, b] = theme.rgb(ink);
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The SVG text of a scene.
pub fn write(scene: &Scene, theme: Theme) -> String {
    let (w, h) = (scene.width, scene.height);
    let mut out = String::with_capacity(64 + scene.shapes.len() * 48);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" shape-rendering="crispEdges">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{w}" height="{h}" fill="{}"/>"#,
        hex(theme, Ink::Background)
    );
    // Consecutive shapes of one colour share a group, which keeps big pictures small.
    let mut open: Option<Ink> = None;
    for shape in &scene.shapes {
        let ink = match shape {
            Shape::Rect { ink, .. } | Shape::Text { ink, .. } => *ink,
        };
        if open != Some(ink) {
            if open.is_some() {
                out.push_str("</g>\n");
            }
            let _ = writeln!(out, r#"<g fill="{}">"#, hex(theme, ink));
            open = Some(ink);
        }
        match shape {
            Shape::Rect { x, y, w, h, .. } => {
                let _ = writeln!(out, r#"<rect x="{x}" y="{y}" width="{w}" height="{h}"/>"#);
            }
            Shape::Text {
                x, y, size, text, ..
            } => {
                // SVG places text by its baseline; the scene by its top.
                let _ = writeln!(
                    out,
                    r#"<text x="{x}" y="{}" font-family="monospace" font-size="{}">{}</text>"#,
                    y + size,
                    size * 6 / 5,
                    escape(text)
                );
            }
        }
    }
    if open.is_some() {
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}
