//! A solve's deadline and its progress on the way, which every stage of both engines
//! watches.

use crate::engine::Stats;
use std::time::Instant;

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
