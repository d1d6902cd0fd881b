//! Where a text stands against its point, for every picture that writes text beside a mark:
//! the seam letters and labels of mazes beyond the plane, and the charts' ticks and keys.

/// Starting at its point, centred on it, or ending there (a label left of an edge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}
