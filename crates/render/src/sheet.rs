//! The sheet a machine's maze is laid out on, and its scale: millimetres a unit of the
//! maze's geometry, fitted at a cell's size or inside a given sheet less a margin. The
//! cutter and the printer scale their mazes with this one type.

use crate::walls::Point;

/// How big a maze is made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fit {
    /// Millimetres across a cell (a hexagon's width on a hex maze).
    Cell(f64),
    /// A sheet or a bed of this width and height in millimetres, the maze fitted inside.
    Within(f64, f64),
}

/// A maze laid out on a sheet in millimetres, y pointing down as on a picture.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sheet {
    /// Millimetres a unit of the maze's geometry.
    pub mm: f64,
    /// The sheet's width and height.
    pub size: (f64, f64),
    /// Where the maze's corner (its point (0, 0)) lies on the sheet: the maze centred.
    pub origin: (f64, f64),
}

impl Sheet {
    /// A maze `units` across, `per_cell` units a cell, laid out as `fit` asks with `margin`
    /// millimetres beyond its outline each side. Given a sheet, the maze is scaled to fit
    /// inside less the margins; at a cell's size, the sheet is the maze and its margins.
    /// The scale is not positive when a given sheet is no larger than its margins.
    pub fn new(units: (f64, f64), per_cell: f64, fit: Fit, margin: f64) -> Sheet {
        let (w, h) = units;
        let (mm, size) = match fit {
            Fit::Within(sw, sh) => (
                ((sw - 2.0 * margin) / w).min((sh - 2.0 * margin) / h),
                (sw, sh),
            ),
            Fit::Cell(cell_mm) => {
                let mm = cell_mm / per_cell;
                (mm, (w * mm + 2.0 * margin, h * mm + 2.0 * margin))
            }
        };
        Sheet {
            mm,
            size,
            origin: ((size.0 - w * mm) / 2.0, (size.1 - h * mm) / 2.0),
        }
    }

    /// A point of the maze on the sheet, y down, to the micrometre the files write.
    pub fn at(&self, (x, y): Point) -> (f64, f64) {
        (
            micrometres(self.origin.0 + x * self.mm),
            micrometres(self.origin.1 + y * self.mm),
        )
    }

    /// A point of the maze on the sheet, y up (as DXF has it): row 0 stays at the top.
    pub fn at_y_up(&self, p: Point) -> (f64, f64) {
        let (x, y) = self.at(p);
        (x, micrometres(self.size.1 - y))
    }

    /// The least sheet that holds a maze `units` across at `mm` millimetres a unit, with
    /// `margin` each side.
    pub fn least(units: (f64, f64), mm: f64, margin: f64) -> (f64, f64) {
        (units.0 * mm + 2.0 * margin, units.1 * mm + 2.0 * margin)
    }
}

/// `mm` rounded to the micrometre, the files' precision, and never below zero by less than
/// that: a wall's side a hair past the sheet's edge is written `0.000`, not `-0.000`, which
/// some cutters' importers read as a point off the sheet.
fn micrometres(mm: f64) -> f64 {
    let v = (mm * 1000.0).round() / 1000.0;
    if v == 0.0 { 0.0 } else { v }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_size_makes_the_sheet_the_maze_and_its_margins() {
        // A hex maze 12 units across, 2 units a cell, at 10 mm a cell, half a wall each side.
        let sheet = Sheet::new((12.0, 8.0), 2.0, Fit::Cell(10.0), 0.6);
        assert_eq!(sheet.mm, 5.0);
        assert!((sheet.size.0 - 61.2).abs() < 1e-9 && (sheet.size.1 - 41.2).abs() < 1e-9);
        assert!((sheet.origin.0 - 0.6).abs() < 1e-9 && (sheet.origin.1 - 0.6).abs() < 1e-9);
        assert_eq!(sheet.at_y_up((0.0, 0.0)).1, sheet.size.1 - sheet.origin.1);
    }

    #[test]
    fn a_given_sheet_fits_the_maze_inside_its_margins_centred() {
        let sheet = Sheet::new((4.0, 2.0), 1.0, Fit::Within(100.0, 100.0), 1.0);
        assert_eq!(sheet.mm, 24.5);
        assert_eq!(sheet.size, (100.0, 100.0));
        assert_eq!(sheet.origin, (1.0, 25.5));
        // No larger than its margins: no scale, and the least sheet that holds the maze.
        let small = Sheet::new((4.0, 2.0), 1.0, Fit::Within(2.0, 2.0), 1.0);
        assert!(small.mm <= 0.0);
        assert_eq!(Sheet::least((4.0, 2.0), 3.0, 1.0), (14.0, 8.0));
    }
}
