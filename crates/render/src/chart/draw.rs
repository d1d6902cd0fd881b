//! A laid-out chart written as SVG (whose points carry their `<title>`, which a browser shows
//! on hover) or painted onto the one raster canvas for PNG.

use super::marks::{Anchor, Chart, Color, Mark};
use crate::canvas::Canvas;
use crate::error::Result;
use crate::ink::{Ink, Theme};
use grid_core::escape::{attribute, text};
use std::fmt::Write as _;
use std::io::Write;

fn hex(theme: Theme, color: Color) -> String {
    crate::svg::rgb_hex(color.rgb(theme))
}

/// The chart as SVG: the frame, then each game a `circle` of class `game` and each personal
/// best a `polyline` of class `best`, each bar a `rect` of class `bar`.
pub fn svg(chart: &Chart, theme: Theme) -> String {
    let (w, h) = (chart.width, chart.height);
    let mut out = String::with_capacity(1024 + chart.marks.len() * 160);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" style="max-width:100%;height:auto" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        "<title>{}</title>\n<rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
        text(&chart.title),
        crate::svg::hex(theme, Ink::Background)
    );
    for mark in &chart.marks {
        match mark {
            Mark::Line {
                points,
                width,
                color,
                best,
            } => {
                let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
                let class = if *best { r#" class="best""# } else { "" };
                let _ = writeln!(
                    out,
                    r#"<polyline{class} points="{}" fill="none" stroke="{}" stroke-width="{width}" stroke-linejoin="round"/>"#,
                    list.join(" "),
                    hex(theme, *color)
                );
            }
            Mark::Dot { x, y, color, title } => {
                let _ = writeln!(
                    out,
                    r#"<circle class="game" cx="{x}" cy="{y}" r="{}" fill="{}" fill-opacity="{}"><title>{}</title></circle>"#,
                    chart.dot_radius,
                    hex(theme, *color),
                    chart.dot_opacity,
                    text(title)
                );
            }
            Mark::Bar {
                x,
                y,
                w,
                h,
                color,
                title,
            } => {
                let fill = hex(theme, *color);
                match title {
                    Some(t) => {
                        let _ = writeln!(
                            out,
                            r#"<rect class="bar" x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"><title>{}</title></rect>"#,
                            text(t)
                        );
                    }
                    None => {
                        let _ = writeln!(
                            out,
                            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>"#
                        );
                    }
                }
            }
            Mark::Text {
                x,
                y,
                size,
                anchor,
                text: t,
                color,
            } => {
                let anchor = match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                    Anchor::End => "end",
                };
                let _ = writeln!(
                    out,
                    r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" fill="{}">{}</text>"#,
                    attribute(&hex(theme, *color)),
                    text(t)
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The chart painted as PNG. The built-in font has no letters beyond ASCII: others are
/// painted as `?`.
pub fn png(chart: &Chart, theme: Theme, out: impl Write) -> Result<()> {
    let mut canvas = Canvas::new(chart.width, chart.height, 0);
    let side = (chart.dot_radius * 1.6).round().max(2.0);
    for mark in &chart.marks {
        match mark {
            Mark::Line {
                points,
                width,
                color,
                ..
            } => {
                for pair in points.windows(2) {
                    canvas.square_stroke(pair[0], pair[1], *width, color.index());
                }
            }
            Mark::Dot { x, y, color, .. } => {
                let corner = |v: f64| (v - side / 2.0).round().max(0.0) as u32;
                let rect = (corner(*x), corner(*y), side as u32, side as u32);
                canvas.fill_rect(rect, color.index());
            }
            Mark::Bar {
                x, y, w, h, color, ..
            } => {
                let rect = (
                    x.round().max(0.0) as u32,
                    y.round().max(0.0) as u32,
                    w.round().max(1.0) as u32,
                    h.round().max(1.0) as u32,
                );
                canvas.fill_rect(rect, color.index());
            }
            Mark::Text {
                x,
                y,
                size,
                anchor,
                text: t,
                color,
            } => {
                let shown: String = t
                    .chars()
                    .map(|c| if c.is_ascii() { c } else { '?' })
                    .collect();
                // The font's letters are 3 pixels wide and 5 high, a pixel apart, scaled in
                // whole pixels.
                let scale = (size / 6.0).round().max(1.0);
                let wide = shown.chars().count() as f64 * 4.0 * scale - scale;
                let left = match anchor {
                    Anchor::Start => *x,
                    Anchor::Middle => x - wide / 2.0,
                    Anchor::End => x - wide,
                };
                let top = y - 5.0 * scale;
                let at = (
                    left.round().max(0.0) as u32,
                    top.round().max(0.0) as u32,
                    (5.0 * scale) as u32,
                );
                canvas.text(at, &shown, color.index());
            }
        }
    }
    let mut palette = vec![theme.rgb(Ink::Background)];
    palette.extend(Color::ALL.iter().map(|c| c.rgb(theme)));
    crate::png::encode_indexed(&canvas, &palette, out)
}
