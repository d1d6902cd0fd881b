//! What both engines, black and white and colour, know of a puzzle's lines and of time.

use crate::engine::Stats;
use crate::puzzle::LineId;
use std::time::Instant;

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

/// A solve's deadline, and the progress told about once a second on the way to it.
#[derive(Debug)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
    progress: Option<fn(&Stats)>,
    /// When `progress` was last told.
    last_told: std::cell::Cell<Option<Instant>>,
}

impl Clock {
    pub fn new(deadline: Option<Instant>) -> Self {
        Clock {
            deadline,
            progress: None,
            last_told: std::cell::Cell::new(None),
        }
    }

    /// Has `progress` told of the work about once a second.
    pub fn report_to(&mut self, progress: Option<fn(&Stats)>) {
        self.progress = progress;
        self.last_told.set(Some(Instant::now()));
    }

    /// Whether the deadline has passed; the progress is told of `stats` on the way.
    pub fn out_of_time(&self, stats: &Stats) -> bool {
        if self.deadline.is_none() && self.progress.is_none() {
            return false;
        }
        let now = Instant::now();
        if let (Some(tell), Some(last)) = (self.progress, self.last_told.get())
            && now.duration_since(last).as_secs() >= 1
        {
            self.last_told.set(Some(now));
            tell(stats);
        }
        self.deadline.is_some_and(|d| now >= d)
    }
}
