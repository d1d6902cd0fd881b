//! The rows and columns of a puzzle as one run of line numbers, as both engines (black and
//! white, and colour) count them.

use crate::puzzle::LineId;

/// The rows and columns of a `width` x `height` puzzle as line numbers (rows first, then
/// columns), and where they cross the board.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lines {
    width: usize,
    height: usize,
}

impl Lines {
    pub fn new(width: usize, height: usize) -> Self {
        Lines { width, height }
    }

    /// Line number `l`.
    #[inline]
    pub fn id(&self, l: usize) -> LineId {
        if l < self.height {
            LineId::Row(l)
        } else {
            LineId::Col(l - self.height)
        }
    }

    /// The cells of line `id`.
    #[inline]
    pub fn len(&self, id: LineId) -> usize {
        match id {
            LineId::Row(_) => self.width,
            LineId::Col(_) => self.height,
        }
    }

    /// The index on the board of cell `i` of line `id`.
    #[inline]
    pub fn cell_index(&self, id: LineId, i: usize) -> usize {
        match id {
            LineId::Row(r) => r * self.width + i,
            LineId::Col(c) => i * self.width + c,
        }
    }

    /// The number of the line through cell `i` of line `id`, across it.
    #[inline]
    pub fn crossing(&self, id: LineId, i: usize) -> usize {
        match id {
            LineId::Row(_) => self.height + i,
            LineId::Col(_) => i,
        }
    }

    /// The numbers of the row and the column through the cell at board index `index`.
    #[inline]
    pub fn through(&self, index: usize) -> [usize; 2] {
        [index / self.width, self.height + index % self.width]
    }
}
