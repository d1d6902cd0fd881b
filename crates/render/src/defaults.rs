//! The figures a drawing is made with when none is asked for, one constant each: the options'
//! `Default` uses them, and gridrender's `--help` shows them (clap's `default_value_t`).

/// Frames a second of a maze's replay.
pub const FPS: f64 = 30.0;
/// Millimetres a cell, for a machine.
pub const CELL_MM: f64 = 10.0;
/// The walls' thickness in millimetres, printed or cut as pieces.
pub const WALL_MM: f64 = 1.2;
/// A printed maze's walls: their height above the base in millimetres.
pub const WALL_HEIGHT_MM: f64 = 8.0;
/// A printed maze's base plate: its thickness in millimetres.
pub const BASE_MM: f64 = 2.0;
/// A printed polar maze: the longest straight piece of a curved wall, in millimetres.
pub const SEGMENT_MM: f64 = 1.0;
