//! A cut as an R12 DXF drawing in millimetres.

use super::{Cut, CutOptions};
use crate::machine::End;

/// A polyline's vertex: x and y in millimetres, and the bulge to the next.
type Vertex = (f64, f64, f64);
use std::fmt::Write as _;

impl Cut {
    /// The strokes as an R12 DXF drawing in millimetres (`$INSUNITS` 4), for cutter
    /// software that prefers it: a POLYLINE a stroke, on layer CUT, or OUTLINE (red) for the
    /// outline layer, the start's and goal's marks on MARKS (blue); y grows upward, as DXF
    /// has it, and an arc is a vertex's bulge (the tangent of a quarter of its angle,
    /// positive turning anticlockwise).
    pub fn dxf(&self, options: &CutOptions) -> String {
        let sheet = self.sheet(options);
        let mut out = String::new();
        let mut pair = |code: u16, value: &str| {
            let _ = write!(out, "{code}\n{value}\n");
        };
        for (code, value) in [
            (0, "SECTION"),
            (2, "HEADER"),
            (9, "$ACADVER"),
            (1, "AC1009"),
            (9, "$INSUNITS"),
            (70, "4"),
            (0, "ENDSEC"),
            (0, "SECTION"),
            (2, "TABLES"),
            (0, "TABLE"),
            (2, "LAYER"),
        ] {
            pair(code, value);
        }
        // The MARKS layer only where there are marks.
        let layers = [("CUT", "7"), ("OUTLINE", "1"), ("MARKS", "5")];
        let layers = &layers[..if self.marks.is_empty() { 2 } else { 3 }];
        pair(70, &layers.len().to_string());
        for &(name, color) in layers {
            for (code, value) in [
                (0, "LAYER"),
                (2, name),
                (70, "0"),
                (62, color),
                (6, "CONTINUOUS"),
            ] {
                pair(code, value);
            }
        }
        for (code, value) in [
            (0, "ENDTAB"),
            (0, "ENDSEC"),
            (0, "SECTION"),
            (2, "ENTITIES"),
        ] {
            pair(code, value);
        }
        for s in &self.strokes {
            let layer = if s.outline { "OUTLINE" } else { "CUT" };
            let closed = s.points.len() > 2 && s.points.first() == s.points.last();
            let points = if closed {
                &s.points[..s.points.len() - 1]
            } else {
                &s.points[..]
            };
            pair(0, "POLYLINE");
            pair(8, layer);
            pair(66, "1");
            pair(70, if closed { "1" } else { "0" });
            for (k, &(c, r)) in points.iter().enumerate() {
                let (x, y) = sheet.at_y_up((c, r));
                pair(0, "VERTEX");
                pair(8, layer);
                pair(10, &format!("{x:.3}"));
                pair(20, &format!("{y:.3}"));
                pair(30, "0.0");
                if let Some(Some(arc)) = s.arcs.get(k) {
                    // The drawing is seen the same way up as the SVG (row 0 at the top), so
                    // an arc clockwise there is clockwise here: a negative bulge, a positive
                    // one turning anticlockwise.
                    let next = s.points[k + 1];
                    let bulge = (self.sweep((c, r), next, *arc) / 4.0).tan();
                    let bulge = if arc.clockwise { -bulge } else { bulge };
                    pair(42, &format!("{bulge:.6}"));
                }
            }
            pair(0, "SEQEND");
            pair(8, layer);
        }
        // The marks, on a layer of their own (blue): the start a ring of two half circles,
        // the goal a cross of two lines.
        let r = self.mark_radius() * sheet.mm;
        for &(end, p) in &self.marks {
            let (x, y) = sheet.at_y_up(p);
            let d = r / std::f64::consts::SQRT_2;
            let shapes: Vec<(bool, Vec<Vertex>)> = match end {
                End::Start => vec![(true, vec![(x - r, y, 1.0), (x + r, y, 1.0)])],
                End::Goal => vec![
                    (false, vec![(x - d, y - d, 0.0), (x + d, y + d, 0.0)]),
                    (false, vec![(x - d, y + d, 0.0), (x + d, y - d, 0.0)]),
                ],
            };
            for (closed, vertices) in shapes {
                pair(0, "POLYLINE");
                pair(8, "MARKS");
                pair(66, "1");
                pair(70, if closed { "1" } else { "0" });
                for (x, y, bulge) in vertices {
                    pair(0, "VERTEX");
                    pair(8, "MARKS");
                    pair(10, &format!("{x:.3}"));
                    pair(20, &format!("{y:.3}"));
                    pair(30, "0.0");
                    if bulge != 0.0 {
                        pair(42, &format!("{bulge:.6}"));
                    }
                }
                pair(0, "SEQEND");
                pair(8, "MARKS");
            }
        }
        pair(0, "ENDSEC");
        pair(0, "EOF");
        out
    }
}
