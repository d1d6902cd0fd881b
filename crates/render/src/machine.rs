//! What every machine's file shares: the sizes it is made at unless told otherwise, and why
//! one cannot be made. The library's errors carry their figures; the tool that asked words
//! the advice (which of its flags to change).

/// Millimetres across a cell (a hexagon's width on a hex maze).
pub const DEFAULT_CELL_MM: f64 = 10.0;
/// A wall's thickness in millimetres, printed or cut as a piece.
pub const DEFAULT_WALL_MM: f64 = 1.2;
/// A printed wall's height above the base plate, in millimetres.
pub const DEFAULT_WALL_HEIGHT_MM: f64 = 8.0;
/// A printed base plate's thickness, in millimetres.
pub const DEFAULT_BASE_MM: f64 = 2.0;
/// The longest straight piece of a curved wall, printed or cut as a piece, in millimetres.
pub const DEFAULT_SEGMENT_MM: f64 = 1.0;
/// The room a marble maze leaves its ball across a passage, in millimetres: the passage
/// between two walls is the ball's diameter and this.
pub const BALL_CLEARANCE_MM: f64 = 1.0;
/// The widest plate most home printers' beds take, in millimetres (220 x 220 is the bed of
/// the commonest ones); a larger plate gets a warning.
pub const HOME_BED_MM: f64 = 220.0;

/// The narrowest hole through a printed tube, in millimetres.
pub const MIN_INNER_MM: f64 = 1.0;

/// Which machine a maze was being made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Maker {
    /// A laser cutter or a pen plotter.
    Cutter,
    /// A 3D printer.
    Printer,
}

/// One of the two ends of a maze's path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Start,
    Goal,
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            End::Start => "start",
            End::Goal => "goal",
        })
    }
}

/// Why a maze cannot be made into a machine's file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MachineError {
    /// A map without cells (a maze of tiles, not as mazegen makes them).
    #[error("a machine is given cell mazes (as mazegen makes them), and this map has no cells")]
    NoCells,
    /// More cells than a machine is given ([`crate::walls::MAX_MACHINE_CELLS`]).
    #[error("a machine is given mazes of at most {limit} cells, and this one has {count}")]
    TooManyCells { limit: usize, count: usize },
    /// More cells than a printer is given ([`crate::solid::MAX_PRINT_CELLS`]).
    #[error("a printed maze has at most {limit} cells, and this one has {count}")]
    TooManyToPrint { limit: usize, count: usize },
    /// A woven maze: neither a cut sheet nor a printed plate has bridges.
    #[error("this maze is woven, and a machine's maze has no bridges")]
    Woven(Maker),
    /// Walls so thick that a passage would be narrower than a wall: the figures in
    /// millimetres, and the least cell size that leaves a passage as wide as a wall.
    #[error(
        "walls {wall_mm:.1} mm thick {} in the narrowest of these {cell_mm:.1} mm cells, and \
         a passage must be at least as wide as a wall",
        passage_left(*.passage_mm)
    )]
    WallsTooThick {
        wall_mm: f64,
        /// The passage left between two walls; less than nothing where they overlap.
        passage_mm: f64,
        cell_mm: f64,
        least_cell_mm: f64,
        /// Whether the cells' size came from a sheet (rather than a size a cell).
        sized: bool,
    },
    /// A sheet no larger than its margins (half a wall or a wall each side): the least
    /// sheet that leaves passages as wide as the walls, in millimetres.
    #[error("{:.0} x {:.0} mm leaves no room for the maze within its margins", size.0, size.1)]
    SheetTooSmall { size: (f64, f64), least: (f64, f64) },
    /// Nothing to make.
    #[error("this maze has no walls to print")]
    NoWalls,
    /// A marble maze whose start or goal is not on its outline.
    #[error(
        "a marble maze opens the start and the goal in the outer wall, and this maze's {0} \
         is not on its edge"
    )]
    DoorNotOnEdge(End),
    /// The polygon library could not offset the walls' outline.
    #[error("the walls' outline: {0}")]
    Outline(String),
    /// A wrapped maze that makes no tube: a torus (`xy`) or a Möbius strip.
    #[error("a printed wrapped maze is a tube, wrapped x or y, and this one wraps {}", no_tube(*.0))]
    NotATube(grid_core::tiling::Wrap),
    /// A printed maze cut into more pieces than a printer is given: curved walls in pieces
    /// so short that the mesh would take gigabytes.
    #[error("a printed maze is made of at most {limit} pieces, and this one needs {count}")]
    TooManyPieces { limit: usize, count: usize },
    /// A tube whose base would fill its inside: the inner diameter it would have, in
    /// millimetres, and the least cell size that leaves [`MIN_INNER_MM`].
    #[error(
        "this tube's inside would be {inner_mm:.1} mm across, and a printed tube is at least \
         {MIN_INNER_MM} mm across inside"
    )]
    NoRoomInside { inner_mm: f64, least_cell_mm: f64 },
    /// The printed regions' borders do not meet up (a fault in the geometry, not the input).
    #[error("the maze's regions do not close up")]
    RegionsOpen,
}

impl MachineError {
    /// Refuses square cells `cell_mm` across whose walls, `wall_mm` thick, leave a passage
    /// narrower than a wall: the printed tube's and cube's test, as `check_passages` in
    /// pieces.rs is the flat maze's on any cell's shape.
    pub fn square_walls(cell_mm: f64, wall_mm: f64) -> Result<(), MachineError> {
        if cell_mm - wall_mm < wall_mm {
            return Err(MachineError::WallsTooThick {
                wall_mm,
                passage_mm: cell_mm - wall_mm,
                cell_mm,
                least_cell_mm: 2.0 * wall_mm,
                sized: false,
            });
        }
        Ok(())
    }
}

/// Why a wrap other than x or y makes no printed tube.
fn no_tube(wrap: grid_core::tiling::Wrap) -> String {
    use grid_core::tiling::Wrap;
    match wrap {
        Wrap::Mobius => "mobius: a Möbius strip has one side, so its walls cannot stand out of \
                         one face of a solid"
            .to_string(),
        other => format!(
            "{other}: a torus's walls would stand all round a ring, overhanging the bed \
             inside and under it"
        ),
    }
}

/// What walls leave between them: a passage of some width, or, where they overlap, none.
fn passage_left(passage_mm: f64) -> String {
    if passage_mm >= 0.05 {
        format!("leave {passage_mm:.1} mm passages")
    } else if passage_mm > -0.05 {
        "meet and leave no passage".to_string()
    } else {
        format!("overlap by {:.1} mm and leave no passage", -passage_mm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walls that overlap are said to, with the figure, not to leave a passage of 0.0 mm.
    #[test]
    fn overlapping_walls_leave_no_passage() {
        let thick = |passage_mm| MachineError::WallsTooThick {
            wall_mm: 12.0,
            passage_mm,
            cell_mm: 10.0,
            least_cell_mm: 24.0,
            sized: false,
        };
        assert!(
            thick(-2.0)
                .to_string()
                .contains("walls 12.0 mm thick overlap by 2.0 mm and leave no passage in")
        );
        assert!(thick(0.0).to_string().contains("meet and leave no passage"));
        assert!(thick(3.5).to_string().contains("leave 3.5 mm passages"));
    }

    /// A library serves other programs than gridrender: its messages name no flag.
    #[test]
    fn no_message_names_a_flag() {
        let all = [
            MachineError::NoCells,
            MachineError::TooManyCells { limit: 1, count: 2 },
            MachineError::TooManyToPrint { limit: 1, count: 2 },
            MachineError::Woven(Maker::Cutter),
            MachineError::Woven(Maker::Printer),
            MachineError::WallsTooThick {
                wall_mm: 3.0,
                passage_mm: 0.0,
                cell_mm: 2.0,
                least_cell_mm: 6.0,
                sized: false,
            },
            MachineError::SheetTooSmall {
                size: (1.0, 1.0),
                least: (32.0, 32.0),
            },
            MachineError::NoWalls,
            MachineError::DoorNotOnEdge(End::Start),
            MachineError::Outline("x".into()),
            MachineError::RegionsOpen,
            MachineError::NotATube(grid_core::tiling::Wrap::Mobius),
            MachineError::NotATube(grid_core::tiling::Wrap::XY),
            MachineError::TooManyPieces { limit: 1, count: 2 },
            MachineError::NoRoomInside {
                inner_mm: -1.0,
                least_cell_mm: 7.0,
            },
        ];
        for e in all {
            let text = e.to_string();
            assert!(!text.contains("--"), "{text}");
        }
    }
}
