//! Scenes as SVG: rectangles grouped by colour, text in a monospace font.

use crate::scene::{Ink, Scene, Shape, Theme};
use std::fmt::Write as _;

pub(crate) fn hex(theme: Theme, ink: Ink) -> String {
    rgb_hex(theme.rgb(ink))
}

fn rgb_hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

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
    let mut open: Option<Ink> = None;
    for shape in &scene.shapes {
        let ink = match shape {
            Shape::Rect { ink, .. } | Shape::Text { ink, .. } => *ink,
        };
        if open != Some(ink) {
            if open.is_some() {
                out.push_str("</g>\n");
            }
            // The solver's marks form the layer an HTML page can show and hide.
            let class = match ink {
                Ink::Path | Ink::Heat(_) => r#" class="solution""#,
                _ => "",
            };
            let fill = rgb_hex(scene.rgb(theme, ink));
            let _ = writeln!(out, r#"<g fill="{fill}"{class}>"#);
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

/// A self-contained HTML page around the SVG (no network), with a switch that shows and hides
/// the solution when the document has one. The page opens with the solution hidden when its
/// address ends in `#hide`.
pub fn page(svg: &str, theme: Theme, title: &str, has_solution: bool) -> String {
    let background = hex(theme, Ink::Background);
    let text = hex(theme, Ink::Text);
    let switch = if has_solution {
        r#"<p><label><input type="checkbox" id="show" checked> show the solution</label></p>"#
    } else {
        ""
    };
    format!(
        r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ background: {background}; color: {text}; font-family: sans-serif; margin: 1em; }}
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
