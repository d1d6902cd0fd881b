//! Tiled mazes as SVG: cells as polygons, walls as one path of lines and arcs, the solution
//! as a polyline through the cells' centres; still, or replayed with SMIL `<set>` elements.

use super::beyond::{self, Anchor, Mark};
use super::layout::{Layout, Px, Scratch, arc_points};
use super::raster::widths;
use crate::animate::step_seconds;
use crate::ink::{Ink, Theme};
use crate::svg::hex;
use grid_core::tiling::{Cell, TiledDoc, TiledMaze, Topology};
use std::collections::HashMap;
use std::fmt::Write as _;

fn open(out: &mut String, layout: &Layout, caption_lines: usize, theme: Theme, ground: Ink) {
    let (w, h) = layout.pixels(caption_lines);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{w}" height="{h}" fill="{}"/>"#,
        hex(theme, ground)
    );
}

fn points(polygon: &[Px]) -> String {
    let mut text = String::with_capacity(polygon.len() * 12);
    for (k, p) in polygon.iter().enumerate() {
        if k > 0 {
            text.push(' ');
        }
        let _ = write!(text, "{:.1},{:.1}", p.0, p.1);
    }
    text
}

/// The `d` of a path drawing every wall of the maze.
fn walls_path<T: Topology>(m: &TiledMaze<T>, layout: &Layout) -> String {
    let mut d = String::new();
    let mut scratch = Scratch::default();
    let centre = layout.centre();
    layout.for_each_wall(m, &mut scratch, |line| {
        let _ = write!(d, "M{:.1} {:.1}", line.from.0, line.from.1);
        match line.arc {
            None => {
                let _ = write!(d, "L{:.1} {:.1}", line.to.0, line.to.1);
            }
            Some((r, clockwise)) => {
                // Long arcs (a ring of one cell is a whole circle) go through a middle point.
                let middle = arc_points(centre, r, line.from, line.to, clockwise, r.max(1.0));
                let sweep = u8::from(clockwise);
                for p in middle.iter().chain(std::iter::once(&line.to)) {
                    let _ = write!(d, "A{r:.1} {r:.1} 0 0 {sweep} {:.1} {:.1}", p.0, p.1);
                }
            }
        }
    });
    d
}

fn walls<T: Topology>(out: &mut String, m: &TiledMaze<T>, layout: &Layout, theme: Theme) {
    let (wall, _) = widths(layout);
    let _ = writeln!(
        out,
        r#"<path d="{}" fill="none" stroke="{}" stroke-width="{wall:.1}" stroke-linecap="round"/>"#,
        walls_path(m, layout),
        hex(theme, Ink::Wall)
    );
}

fn polygon<T: Topology>(m: &TiledMaze<T>, layout: &Layout, cell: Cell, s: &mut Scratch) -> String {
    points(&layout.polygon(m.topology(), cell, 4.0, s))
}

/// Start and goal, filled in their colours.
fn ends<T: Topology>(
    out: &mut String,
    m: &TiledMaze<T>,
    layout: &Layout,
    theme: Theme,
    s: &mut Scratch,
) {
    for (cell, ink) in [(layout.start, Ink::Start), (layout.goal, Ink::Goal)] {
        if let Some(cell) = cell {
            let _ = writeln!(
                out,
                r#"<polygon points="{}" fill="{}"/>"#,
                polygon(m, layout, cell, s),
                hex(theme, ink)
            );
        }
    }
}

/// A still picture of the maze.
pub(crate) fn still(doc: &TiledDoc, layout: &Layout, theme: Theme, caption: &[String]) -> String {
    let marks = beyond::marks(doc, layout);
    grid_core::on_tiled_maze!(&doc.maze, m => still_of(m, layout, theme, caption, &marks))
}

fn still_of<T: Topology>(
    m: &TiledMaze<T>,
    layout: &Layout,
    theme: Theme,
    caption: &[String],
    marks: &[Mark],
) -> String {
    let mut out = String::new();
    let mut s = Scratch::default();
    open(&mut out, layout, caption.len(), theme, Ink::Background);
    let n = layout.explored.len();
    if n > 0 {
        out.push_str("<g class=\"solution\">\n");
        for (k, &cell) in layout.explored.iter().enumerate() {
            let ink = Ink::Heat((k * 8 / n.max(1)) as u8);
            let _ = writeln!(
                out,
                r#"<polygon points="{}" fill="{}"/>"#,
                polygon(m, layout, cell, &mut s),
                hex(theme, ink)
            );
        }
        out.push_str("</g>\n");
    }
    names(&mut out, layout, theme, marks);
    ends(&mut out, m, layout, theme, &mut s);
    if layout.path.len() > 1 {
        let (_, path) = widths(layout);
        out.push_str("<g class=\"solution\">");
        for piece in layout.path_pieces() {
            if let [cell] = piece {
                // A cell the path reaches and leaves over stairs or seams: a dot.
                let _ = write!(
                    out,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{}"/>"#,
                    cell.0,
                    cell.1,
                    path / 2.0,
                    hex(theme, Ink::Path)
                );
                continue;
            }
            let _ = write!(
                out,
                r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{path:.1}" stroke-linecap="round" stroke-linejoin="round"/>"#,
                points(piece),
                hex(theme, Ink::Path)
            );
        }
        out.push_str("</g>\n");
    }
    stairs(&mut out, layout, theme, marks, &Timing::default());
    walls(&mut out, m, layout, theme);
    labels(&mut out, layout, theme, marks, &Timing::default());
    let (_, drawn) = layout.pixels(0);
    for (k, line) in caption.iter().enumerate() {
        let y = drawn + (k as u64 + 1) * super::layout::CAPTION_LINE - 2;
        let _ = writeln!(
            out,
            r#"<text x="4" y="{y}" font-family="monospace" font-size="12" fill="{}">{}</text>"#,
            hex(theme, Ink::Text),
            grid_core::escape::text(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The faces' names, faint, under the path and walls: there from the first frame of a
/// replay, for they name the net's places rather than tell the story.
fn names(out: &mut String, layout: &Layout, theme: Theme, marks: &[Mark]) {
    for mark in marks {
        if let Mark::Name { at, text } = mark {
            let _ = writeln!(
                out,
                r#"<text class="face" x="{:.1}" y="{:.1}" font-family="monospace" font-size="{:.0}" text-anchor="middle" dominant-baseline="central" fill="{}">{text}</text>"#,
                at.0,
                at.1,
                (layout.scale() * layout.cell_span() * 0.8).clamp(8.0, 18.0),
                hex(theme, Ink::Grid)
            );
        }
    }
}

/// When a replay shows the marks of a maze beyond the plane: a stair's or a seam's mark once
/// the carving has uncovered its cells, a seam's letters in the path's colour once the
/// solution crosses there. A still ([`Timing::default`]) shows every mark as it ends.
#[derive(Debug, Default)]
struct Timing {
    /// When the carving uncovers each cell, by cell; NaN for a cell never covered.
    uncovered: Vec<f64>,
    /// When the solution steps over each passage drawn apart, by its cells, lower first.
    crossed: HashMap<(Cell, Cell), f64>,
}

impl Timing {
    /// When all of `cells` are uncovered; `None` when all show from the start.
    fn shown(&self, cells: &[Cell]) -> Option<f64> {
        cells
            .iter()
            .filter_map(|&c| self.uncovered.get(c as usize).filter(|t| !t.is_nan()))
            .copied()
            .reduce(f64::max)
    }
}

/// A `<set>` that gives `attribute` its `value` at `begin` seconds, and keeps it.
fn set(attribute: &str, value: &str, begin: f64) -> String {
    format!(r#"<set attributeName="{attribute}" to="{value}" begin="{begin:.3}s" fill="freeze"/>"#)
}

/// Writes `<tag attrs>content</tag>` (`<tag attrs/>` when empty), hidden until `from`
/// seconds when given, with `more` animation inside.
fn element(out: &mut String, tag: &str, attrs: &str, content: &str, from: Option<f64>, more: &str) {
    let (hidden, reveal) = match from {
        Some(t) => (r#" opacity="0""#, set("opacity", "1", t)),
        None => ("", String::new()),
    };
    if reveal.is_empty() && more.is_empty() && content.is_empty() {
        let _ = writeln!(out, "<{tag} {attrs}/>");
    } else {
        let _ = writeln!(
            out,
            "<{tag} {attrs}{hidden}>{reveal}{more}{content}</{tag}>"
        );
    }
}

/// The stairs marks: a triangle up, down, or both, in each cell with stairs.
fn stairs(out: &mut String, layout: &Layout, theme: Theme, marks: &[Mark], timing: &Timing) {
    let cell = layout.scale() * layout.cell_span();
    for mark in marks {
        if let Mark::Stairs {
            at,
            up,
            down,
            cells,
        } = mark
        {
            let which = match (up, down) {
                (true, true) => "both",
                (true, false) => "up",
                _ => "down",
            };
            for t in beyond::stair_triangles(*at, *up, *down, cell) {
                let attrs = format!(
                    r#"class="stairs" data-stairs="{which}" points="{}" fill="{}""#,
                    points(&t),
                    hex(theme, Ink::Text)
                );
                element(out, "polygon", &attrs, "", timing.shown(cells), "");
            }
        }
    }
}

/// The labels (levels, faces, a Möbius seam) and the numbers pairing the ends of each
/// passage over a seam, the solution's in its colour.
fn labels(out: &mut String, layout: &Layout, theme: Theme, marks: &[Mark], timing: &Timing) {
    let size = layout.label_size();
    let anchor = |a: Anchor| match a {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    for mark in marks {
        let (at, text, a, class, ink, from, more) = match mark {
            Mark::Label { at, text, anchor } => (
                *at,
                text.clone(),
                *anchor,
                "label",
                Ink::Text,
                None,
                String::new(),
            ),
            Mark::Seam {
                at,
                pair,
                anchor,
                on_path,
                link,
                ..
            } => {
                let crossed = timing.crossed.get(link);
                let ink = match (on_path, crossed) {
                    (true, None) => Ink::Path,
                    _ => Ink::Text,
                };
                let more =
                    crossed.map_or_else(String::new, |&t| set("fill", &hex(theme, Ink::Path), t));
                (
                    *at,
                    beyond::pair_name(*pair),
                    *anchor,
                    "seam",
                    ink,
                    timing.shown(&[link.0, link.1]),
                    more,
                )
            }
            Mark::Stairs { .. } | Mark::Name { .. } => continue,
        };
        let attrs = format!(
            r#"class="{class}" x="{:.1}" y="{:.1}" font-family="monospace" font-size="{size:.0}" text-anchor="{}" dominant-baseline="central" fill="{}""#,
            at.0,
            at.1,
            anchor(a),
            hex(theme, ink),
        );
        element(
            out,
            "text",
            &attrs,
            &grid_core::escape::text(&text),
            from,
            &more,
        );
    }
}

/// The replay: cells uncovered in carving order, explored cells warming up, the path drawn
/// step by step; the maze's walls over all of it. Beyond the plane the still's marks are
/// drawn too, in the same places: labels and face names from the start, a stair's or a
/// seam's mark once its cells are carved, a seam's letters turning to the path's colour
/// when the solution crosses there, and a step of the path over a stair or a seam drawn as a
/// dot where it lands rather than a line across the picture.
pub(crate) fn animated(doc: &TiledDoc, layout: &Layout, theme: Theme, fps: f64) -> String {
    let marks = beyond::marks(doc, layout);
    grid_core::on_tiled_maze!(&doc.maze, m => animated_of(m, layout, theme, fps, &marks))
}

fn animated_of<T: Topology>(
    m: &TiledMaze<T>,
    layout: &Layout,
    theme: Theme,
    fps: f64,
    marks: &[Mark],
) -> String {
    let mut out = String::new();
    let mut s = Scratch::default();
    let mut timing = Timing::default();
    open(&mut out, layout, 0, theme, Ink::Floor);
    let mut clock = 0.5;
    if !layout.carved.is_empty() {
        let dt = step_seconds(layout.carved.len(), fps, 10.0);
        let mut when = vec![f64::NAN; m.topology().len()];
        for (k, &cell) in layout.carved.iter().enumerate() {
            if when[cell as usize].is_nan() {
                when[cell as usize] = clock + k as f64 * dt;
            }
        }
        for cell in m.cells() {
            let begin = when[cell as usize];
            let reveal = if begin.is_nan() {
                String::new()
            } else {
                set("opacity", "0", begin)
            };
            let _ = writeln!(
                out,
                r#"<polygon points="{}" fill="{}">{reveal}</polygon>"#,
                polygon(m, layout, cell, &mut s),
                hex(theme, Ink::Wall)
            );
        }
        timing.uncovered = when;
        clock += layout.carved.len() as f64 * dt + 0.5;
    }
    let n = layout.explored.len();
    if n > 0 {
        let dt = step_seconds(n, fps, 10.0);
        for (k, &cell) in layout.explored.iter().enumerate() {
            let _ = writeln!(
                out,
                r#"<polygon points="{}" fill="{}" opacity="0">{}</polygon>"#,
                polygon(m, layout, cell, &mut s),
                hex(theme, Ink::Heat((k * 8 / n) as u8)),
                set("opacity", "1", clock + k as f64 * dt)
            );
        }
        clock += n as f64 * dt + 0.5;
    }
    names(&mut out, layout, theme, marks);
    ends(&mut out, m, layout, theme, &mut s);
    if layout.path.len() > 1 {
        let (_, width) = widths(layout);
        let dt = step_seconds(layout.path.len() - 1, fps, 10.0);
        for (k, pair) in layout.path.windows(2).enumerate() {
            let begin = clock + k as f64 * dt;
            if layout.breaks.binary_search(&k).is_ok() {
                let link = (layout.path_cells[k], layout.path_cells[k + 1]);
                timing
                    .crossed
                    .entry((link.0.min(link.1), link.0.max(link.1)))
                    .or_insert(begin);
                let _ = writeln!(
                    out,
                    r#"<circle class="landing" cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{}" opacity="0">{}</circle>"#,
                    pair[1].0,
                    pair[1].1,
                    width / 2.0,
                    hex(theme, Ink::Path),
                    set("opacity", "1", begin)
                );
                continue;
            }
            let _ = writeln!(
                out,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{width:.1}" stroke-linecap="round" opacity="0">{}</line>"#,
                pair[0].0,
                pair[0].1,
                pair[1].0,
                pair[1].1,
                hex(theme, Ink::Path),
                set("opacity", "1", begin)
            );
        }
    }
    stairs(&mut out, layout, theme, marks, &timing);
    walls(&mut out, m, layout, theme);
    labels(&mut out, layout, theme, marks, &timing);
    out.push_str("</svg>\n");
    out
}
