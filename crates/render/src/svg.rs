//! Scenes as SVG: rectangles grouped by colour, text in a monospace font.

use crate::ink::{Ink, Theme};
use crate::scene::{Scene, Shape};
use std::fmt::Write as _;

pub(crate) fn hex(theme: Theme, ink: Ink) -> String {
    rgb_hex(theme.rgb(ink))
}

pub(crate) fn rgb_hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

use grid_core::escape::text as escape;

/// Opens an SVG of `w` x `h` pixels painted with `ground` (closed with `</svg>`).
pub(crate) fn open(out: &mut String, w: u32, h: u32, theme: Theme, ground: Ink) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" shape-rendering="crispEdges">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{w}" height="{h}" fill="{}"/>"#,
        hex(theme, ground)
    );
}

/// The SVG text of a scene.
pub fn write(scene: &Scene, theme: Theme) -> String {
    let mut out = String::with_capacity(64 + scene.shapes.len() * 48);
    open(&mut out, scene.width, scene.height, theme, Ink::Background);
    // Consecutive shapes of one colour share a group, which keeps big pictures small.
    let mut open: Option<(Ink, bool)> = None;
    for (index, shape) in scene.shapes.iter().enumerate() {
        let ink = shape.ink();
        // The solver's marks and the answer form the layer an HTML page can show and hide.
        let answer = matches!(ink, Ink::Path | Ink::Heat(_)) || scene.is_answer(index);
        if open != Some((ink, answer)) {
            if open.is_some() {
                out.push_str("</g>\n");
            }
            let class = if answer { r#" class="solution""# } else { "" };
            let fill = rgb_hex(scene.rgb(theme, ink));
            let _ = writeln!(out, r#"<g fill="{fill}"{class}>"#);
            open = Some((ink, answer));
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
            Shape::Line { points, width, ink } => {
                let mut list = String::with_capacity(points.len() * 10);
                for (k, (x, y)) in points.iter().enumerate() {
                    let gap = if k == 0 { "" } else { " " };
                    let _ = write!(list, "{gap}{x},{y}");
                }
                let _ = writeln!(
                    out,
                    r#"<polyline points="{list}" fill="none" stroke="{}" stroke-width="{width}" stroke-linejoin="round" stroke-linecap="round" shape-rendering="auto"/>"#,
                    rgb_hex(scene.rgb(theme, *ink))
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

/// Whether an HTML page has a switch for the solution, and how it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switch {
    /// Nothing to show or hide.
    None,
    /// A solved document: the solution shows, unless the address ends in `#hide`.
    Shown,
    /// A puzzle with its answer key: the answer is hidden until asked for.
    Hidden,
}

/// A self-contained HTML page around the SVG (no network), with a switch that shows and hides
/// the solution when the document has one.
pub fn page(svg: &str, theme: Theme, title: &str, switch: Switch) -> String {
    let background = hex(theme, Ink::Background);
    let text = hex(theme, Ink::Text);
    let switch = match switch {
        Switch::None => "",
        Switch::Shown => {
            r#"<p><label><input type="checkbox" id="show" checked> show the solution</label></p>"#
        }
        Switch::Hidden => {
            r#"<p><label><input type="checkbox" id="show"> show the solution</label></p>"#
        }
    };
    format!(
        r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ background: {background}; color: {text}; font-family: sans-serif; margin: 1em; }}
svg {{ max-width: 100%; height: auto; }}
body.hide-solution .solution {{ display: none; }}
</style>
</head>
<body>
{switch}
{svg}<script>
const show = document.getElementById("show");
function apply() {{ document.body.classList.toggle("hide-solution", show && !show.checked); }}
if (show) {{
  if (location.hash === "#hide") show.checked = false;
  show.addEventListener("change", apply);
  apply();
}}
</script>
</body>
</html>
"##,
        title = escape(title)
    )
}
