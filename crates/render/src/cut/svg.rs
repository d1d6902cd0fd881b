//! A cut as SVG, sized in millimetres.

use super::{Cut, CutOptions, Machine, Stroke};
use crate::machine::End;
use crate::walls::Point;
use std::f64::consts::PI;
use std::fmt::Write as _;

impl Cut {
    /// The SVG of the strokes, sized in millimetres (a laser program imports it at that
    /// size): the cuts (group `cut`, or `plot` for a plotter) in black, the outline layer in
    /// red, the start's and goal's marks in blue (group `marks`); a stroke with arcs is a
    /// path.
    pub fn svg(&self, options: &CutOptions) -> String {
        let sheet = self.sheet(options);
        let (mm, (sw, sh)) = (sheet.mm, sheet.size);
        let at = |p: Point| sheet.at(p);
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{sw:.3}mm" height="{sh:.3}mm" viewBox="0 0 {sw:.3} {sh:.3}">"#
        );
        // A plotter draws its strokes with a pen, a laser cuts them.
        let inner = match options.machine {
            Machine::Laser => "cut",
            Machine::Plotter => "plot",
        };
        for (outline, id, color) in [(false, inner, "#000000"), (true, "outline", "#ff0000")] {
            let strokes: Vec<&Stroke> = self
                .strokes
                .iter()
                .filter(|s| s.outline == outline)
                .collect();
            if strokes.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                r#"<g id="{id}" fill="none" stroke="{color}" stroke-width="0.1" stroke-linecap="round" stroke-linejoin="round">"#
            );
            for s in strokes {
                if s.arcs.iter().all(Option::is_none) {
                    let mut points = String::new();
                    for (k, &p) in s.points.iter().enumerate() {
                        let gap = if k == 0 { "" } else { " " };
                        let (x, y) = at(p);
                        let _ = write!(points, "{gap}{x:.3},{y:.3}");
                    }
                    let _ = writeln!(out, r#"<polyline points="{points}"/>"#);
                    continue;
                }
                let (x, y) = at(s.points[0]);
                let mut d = format!("M{x:.3},{y:.3}");
                for (pair, arc) in s.points.windows(2).zip(&s.arcs) {
                    let (x, y) = at(pair[1]);
                    match arc {
                        Some(arc) => {
                            let large = u8::from(self.sweep(pair[0], pair[1], *arc) > PI);
                            let r = arc.radius * mm;
                            let _ = write!(
                                d,
                                " A{r:.3},{r:.3} 0 {large} {} {x:.3},{y:.3}",
                                u8::from(arc.clockwise)
                            );
                        }
                        None => {
                            let _ = write!(d, " L{x:.3},{y:.3}");
                        }
                    }
                }
                let _ = writeln!(out, r#"<path d="{d}"/>"#);
            }
            out.push_str("</g>\n");
        }
        if !self.marks.is_empty() {
            // Blue, the colour laser software engraves by: the start a ring, the goal a cross.
            let _ = writeln!(
                out,
                r##"<g id="marks" fill="none" stroke="#0000ff" stroke-width="0.1" stroke-linecap="round">"##
            );
            let r = self.mark_radius() * mm;
            for &(end, p) in &self.marks {
                let (x, y) = at(p);
                match end {
                    End::Start => {
                        let _ = writeln!(out, r#"<circle cx="{x:.3}" cy="{y:.3}" r="{r:.3}"/>"#);
                    }
                    End::Goal => {
                        let d = r / std::f64::consts::SQRT_2;
                        for (dy, ey) in [(-d, d), (d, -d)] {
                            let (x0, y0, x1, y1) = (x - d, y + dy, x + d, y + ey);
                            let _ = writeln!(
                                out,
                                r#"<polyline points="{x0:.3},{y0:.3} {x1:.3},{y1:.3}"/>"#
                            );
                        }
                    }
                }
            }
            out.push_str("</g>\n");
        }
        out.push_str("</svg>\n");
        out
    }
}
