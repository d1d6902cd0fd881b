//! A solve's deadline, its progress on the way and a request to stop, which every stage of
//! both engines watches.

use crate::terms::Stats;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A solve's deadline, the progress told about once a second on the way to it, and the flag
/// that stops it early (Ctrl-C).
#[derive(Debug)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
    /// A solve without progress to tell (a generator's many small ones) never reads the
    /// time for it.
    progress: Option<Progress>,
    stop: Option<&'static AtomicBool>,
}

/// The progress told about once a second, and when it was last told.
#[derive(Debug)]
struct Progress {
    tell: fn(&Stats),
    last_told: std::cell::Cell<Instant>,
}

impl Clock {
    /// A clock that runs out at `deadline` (never without one), tells `progress` of the
    /// work about once a second, and runs out at once when `stop` is set.
    pub fn new(
        deadline: Option<Instant>,
        progress: Option<fn(&Stats)>,
        stop: Option<&'static AtomicBool>,
    ) -> Self {
        Clock {
            deadline,
            progress: progress.map(|tell| Progress {
                tell,
                last_told: std::cell::Cell::new(Instant::now()),
            }),
            stop,
        }
    }

    /// A clock that never runs out and tells no one: a generator's many small solves.
    pub fn unwatched() -> Self {
        Clock::new(None, None, None)
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
        if let Some(progress) = &self.progress
            && now.duration_since(progress.last_told.get()).as_secs() >= 1
        {
            progress.last_told.set(now);
            (progress.tell)(stats);
        }
        self.deadline.is_some_and(|d| now >= d)
    }
}
