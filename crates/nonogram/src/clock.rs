//! A solve's deadline, its progress on the way and a request to stop, which every stage of
//! both engines watches.

use crate::engine::Stats;
use crate::solve::Options;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A solve's deadline, the progress told about once a second on the way to it, and the flag
/// that stops it early (Ctrl-C).
#[derive(Debug)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
    progress: Option<fn(&Stats)>,
    /// When `progress` was last told.
    last_told: std::cell::Cell<Option<Instant>>,
    stop: Option<&'static AtomicBool>,
}

impl Clock {
    pub fn new(deadline: Option<Instant>) -> Self {
        Clock {
            deadline,
            progress: None,
            last_told: std::cell::Cell::new(None),
            stop: None,
        }
    }

    /// Has the options' `progress` told of the work about once a second, and their `stop`
    /// end the solve as its deadline would.
    pub fn watch(&mut self, options: &Options) {
        self.progress = options.progress;
        self.last_told.set(Some(Instant::now()));
        self.stop = options.stop;
    }

    /// Whether the solve was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether the deadline has passed; the progress is told of `stats` on the way.
    pub fn out_of_time(&self, stats: &Stats) -> bool {
        if self.deadline.is_none() && self.progress.is_none() && self.stop.is_none() {
            return false;
        }
        if self.stopped() {
            return true;
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
