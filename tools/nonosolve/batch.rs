//! Where solved puzzles go: solved at once and written, one after another, or (`--jobs N`)
//! handed to N threads, one puzzle a thread, and written in the order they were read.

use grid_cli::{Error, Output, Result, Status, say};
use grid_core::Document;
use grid_nonogram::document::Task;
use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};

/// One puzzle to solve: where it was read (for messages), its document and its task.
pub struct Job {
    pub name: String,
    pub doc: Document,
    pub task: Task,
}

/// A solved puzzle, ready to write: its document, its exit status and the lines it has for
/// stderr.
pub struct Solved {
    pub doc: Document,
    pub status: Status,
    pub notes: Vec<String>,
}

/// Puzzles in flight (sent to the threads and not yet written), a thread: the most finished
/// answers kept waiting for a slow one before them.
const IN_FLIGHT_A_THREAD: usize = 4;

/// Where jobs go.
pub enum Batch<'scope> {
    /// Each job solved as it comes, on this thread.
    Now {
        out: Output,
        solve: &'scope (dyn Fn(Job) -> Solved + Sync),
        pretty: bool,
        status: Status,
    },
    /// Jobs sent to a pool of threads; answers written in the order the jobs came.
    Pool {
        out: Output,
        jobs: Option<SyncSender<(usize, Job)>>,
        answers: Receiver<(usize, Solved)>,
        threads: usize,
        pretty: bool,
        sent: usize,
        written: usize,
        waiting: BTreeMap<usize, Solved>,
        status: Status,
    },
}

impl<'scope> Batch<'scope> {
    /// A batch solving with `solve` on `threads` threads (1: this one), writing to `out`.
    pub fn new<'env>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        threads: usize,
        solve: &'scope (dyn Fn(Job) -> Solved + Sync),
        out: Output,
        pretty: bool,
    ) -> Self {
        if threads <= 1 {
            return Batch::Now {
                out,
                solve,
                pretty,
                status: Status::Ok,
            };
        }
        let (jobs, queue) = sync_channel::<(usize, Job)>(threads);
        let queue = Arc::new(Mutex::new(queue));
        let (answer, answers) = channel();
        for _ in 0..threads {
            let queue = Arc::clone(&queue);
            let answer: Sender<(usize, Solved)> = answer.clone();
            scope.spawn(move || {
                loop {
                    // The lock is held only while a job is taken.
                    let next = queue.lock().map(|q| q.recv());
                    let Ok(Ok((index, job))) = next else { break };
                    if answer.send((index, solve(job))).is_err() {
                        break;
                    }
                }
            });
        }
        Batch::Pool {
            out,
            jobs: Some(jobs),
            answers,
            threads,
            pretty,
            sent: 0,
            written: 0,
            waiting: BTreeMap::new(),
            status: Status::Ok,
        }
    }

    /// Solves `job` (now, or on a thread), writing every answer whose turn has come.
    pub fn take(&mut self, job: Job) -> Result<()> {
        if let Batch::Now {
            out,
            solve,
            pretty,
            status,
        } = self
        {
            let solved = solve(job);
            *status = status.worst(write(out, solved, *pretty)?);
            return Ok(());
        }
        // A slow puzzle holds back a bounded number of answers: past it, wait for its turn.
        if self.crowded() {
            self.write_ready(true)?;
        }
        if let Batch::Pool {
            jobs: Some(jobs),
            sent,
            ..
        } = self
        {
            // The threads live as long as the batch: the send finds them.
            let _ = jobs.send((*sent, job));
            *sent += 1;
        }
        self.write_ready(false)
    }

    /// Whether as many puzzles are in flight as a pool keeps.
    fn crowded(&self) -> bool {
        match self {
            Batch::Now { .. } => false,
            Batch::Pool {
                threads,
                sent,
                written,
                ..
            } => sent - written >= threads * IN_FLIGHT_A_THREAD,
        }
    }

    /// Writes the answers whose turn has come; when `block`, waits for the next one first.
    fn write_ready(&mut self, block: bool) -> Result<()> {
        let Batch::Pool {
            out,
            answers,
            pretty,
            written,
            waiting,
            status,
            ..
        } = self
        else {
            return Ok(());
        };
        let mut block = block;
        loop {
            while let Some(solved) = waiting.remove(written) {
                *status = status.worst(write(out, solved, *pretty)?);
                *written += 1;
                block = false;
            }
            let next = if block {
                answers.recv().ok()
            } else {
                answers.try_recv().ok()
            };
            match next {
                Some((index, solved)) => {
                    waiting.insert(index, solved);
                }
                // Every thread gone with answers owed: only a panic does that.
                None if block => {
                    return Err(Error::input("a solving thread stopped before its answer"));
                }
                None => return Ok(()),
            }
        }
    }

    /// Waits for every answer, writes the rest in order and flushes the output; the worst
    /// status of all.
    pub fn finish(mut self) -> Result<Status> {
        if let Batch::Pool { jobs, .. } = &mut self {
            // No more jobs: the threads end once the queue is empty.
            jobs.take();
        }
        loop {
            match &self {
                Batch::Pool { sent, written, .. } if written < sent => self.write_ready(true)?,
                _ => break,
            }
        }
        match self {
            Batch::Now { out, status, .. } | Batch::Pool { out, status, .. } => {
                out.finish()?;
                Ok(status)
            }
        }
    }
}

/// Writes one answer: its lines on stderr, then its document.
fn write(out: &mut Output, solved: Solved, pretty: bool) -> Result<Status> {
    for note in &solved.notes {
        say(format_args!("{note}"));
    }
    out.document(&solved.doc, pretty)?;
    Ok(solved.status)
}
