//! The figures the community ranks games by, as minesweepergame.com and ms-toollib define
//! them: the board's (3BV, openings, islands, ZiNi) and the game's (time, clicks, IOE,
//! correctness, throughput, RQP, QG, STNB).

use super::path::MousePath;
use super::referee::{self, Counts, Phase, Referee};
use super::{Replay, ReplayError};
use crate::layout::{Layout, neighbours};
use crate::stats;
use grid_core::Grid;
use grid_core::geom::Pos;
use grid_core::mines_doc::{Clicks, GameStats};
use serde::Serialize;

/// Clicks by kind, counted as a mines document's `clicks` counts them.
fn by_kind(left: usize, right: usize, chord: usize) -> Clicks {
    Clicks {
        left,
        right,
        chord,
        total: left + right + chord,
    }
}

/// A replay's figures: the `stats` of the mines document `mines replay` writes, a superset
/// of a game's (docs/format.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figures {
    /// The figures every game has (3BV, clicks, IOE, 3BV/s), as a game's `stats` write them.
    #[serde(flatten)]
    pub game: GameStats,
    pub time_ms: u32,
    /// The clicks that changed the board.
    pub effective: Clicks,
    /// Effective clicks per click.
    pub correctness: Option<f64>,
    /// 3BV solved per effective click.
    pub throughput: Option<f64>,
    /// Seconds squared per 3BV solved (time / 3BV/s): lower is better.
    pub rqp: Option<f64>,
    /// Seconds to the power 1.7 per 3BV solved.
    pub qg: Option<f64>,
    /// The standard levels' skill figure: a constant per level (36, 162, 435) times 3BV
    /// solved over seconds to the power 1.7, times the square root of the part solved;
    /// `None` on custom boards, which have no constant.
    pub stnb: Option<f64>,
    pub zini: usize,
    pub hzini: usize,
    pub openings: usize,
    pub islands: usize,
    /// Flags on the board at the end.
    pub flags: usize,
    /// How far the mouse travelled while the game was on, in pixels of 16-pixel tiles
    /// ([`super::path`]).
    pub path: f64,
    /// The time the game would have taken at its pace had every 3BV been solved: the time
    /// itself for a won game; `None` when nothing was solved.
    pub etime_ms: Option<f64>,
    /// The safe tiles of each number, 0 to 8, on the board.
    pub cells: [usize; 9],
}

/// Plays a replay through the referee and measures it.
pub fn measure(replay: &Replay) -> Result<(Figures, Referee), ReplayError> {
    let mut path = MousePath::new(replay);
    let referee = referee::play(replay, |i, _, r| path.step(&replay.events[i], r.phase()))?;
    let figures = figures(replay, &referee.counts(), replay.time_ms, path.length());
    Ok((figures, referee))
}

/// The figures of a game on `replay`'s board with these counts after `time_ms`, the mouse
/// having travelled `path`.
pub fn figures(replay: &Replay, c: &Counts, time_ms: u32, path: f64) -> Figures {
    let layout = &replay.layout;
    let three_bv = stats::three_bv(layout);
    let solved = c.solved_3bv;
    let clicks = by_kind(c.left, c.right, c.chord);
    let effective = by_kind(c.left_effective, c.right_effective, c.chord_effective);
    let seconds = f64::from(time_ms) / 1000.0;
    let per = |a: f64, b: f64| (b > 0.0).then(|| a / b);
    let ioe = per(solved as f64, clicks.total as f64);
    let stnb = match (stnb_constant(layout), solved > 0 && seconds > 0.0) {
        (Some(k), true) => {
            Some(k * solved as f64 / seconds.powf(1.7) * (solved as f64 / three_bv as f64).sqrt())
        }
        _ => None,
    };
    Figures {
        game: GameStats {
            three_bv,
            three_bv_solved: solved,
            clicks,
            ioe,
            efficiency: ioe.map(|x| x * 100.0),
            three_bv_per_s: per(solved as f64, seconds),
        },
        time_ms,
        effective,
        correctness: per(effective.total as f64, clicks.total as f64),
        throughput: per(solved as f64, effective.total as f64),
        rqp: per(seconds * seconds, solved as f64),
        qg: per(seconds.powf(1.7), solved as f64),
        stnb,
        zini: zini(layout, false),
        hzini: zini(layout, true),
        openings: openings(layout),
        islands: islands(layout),
        flags: c.flags,
        path,
        etime_ms: per(f64::from(time_ms) * three_bv as f64, solved as f64),
        cells: cells(layout),
    }
}

/// The safe tiles of each number, 0 to 8, on the whole board (ms-toollib's `cell0` ...
/// `cell8`).
pub fn cells(layout: &Layout) -> [usize; 9] {
    let mut count = [0; 9];
    for p in layout.grid().positions() {
        if !layout.is_mine(p) {
            count[usize::from(layout.number(p))] += 1;
        }
    }
    count
}

/// STNB's constant for the three boards it was defined on: Arbiter's beginner (8x8, 10
/// mines), intermediate and expert.
fn stnb_constant(layout: &Layout) -> Option<f64> {
    match (layout.width(), layout.height(), layout.count()) {
        (8, 8, 10) => Some(36.0),
        (16, 16, 40) => Some(162.0),
        (30, 16, 99) => Some(435.0),
        _ => None,
    }
}

/// Whether the referee ended the game won.
pub fn won(referee: &Referee) -> bool {
    referee.phase() == Phase::Won
}

/// The openings: regions of connected zeros.
pub fn openings(layout: &Layout) -> usize {
    let zero = layout
        .grid()
        .map(|_| false)
        .positions()
        .map(|p| !layout.is_mine(p) && layout.number(p) == 0)
        .collect();
    components(&Grid::from_vec(layout.width(), layout.height(), zero).expect("same size"))
}

/// The islands: regions of connected numbers that touch no zero.
pub fn islands(layout: &Layout) -> usize {
    let grid = layout.grid();
    let island = Grid::from_vec(
        grid.width(),
        grid.height(),
        grid.positions()
            .map(|p| {
                !layout.is_mine(p)
                    && layout.number(p) > 0
                    && neighbours(grid, p).all(|q| layout.is_mine(q) || layout.number(q) > 0)
            })
            .collect(),
    )
    .expect("same size");
    components(&island)
}

/// Regions of `true` tiles, neighbours counting diagonally.
fn components(member: &Grid<bool>) -> usize {
    let mut seen = member.map(|_| false);
    let mut count = 0;
    for p in member.positions() {
        if !member[p] || seen[p] {
            continue;
        }
        count += 1;
        seen[p] = true;
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            for n in neighbours(member, q) {
                if member[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    count
}

/// ZiNi (Zimmermann and Nikolaus): the clicks a greedy player needs to clear the board,
/// flagging only the mines a chord needs. At each step it takes the tile whose chord would
/// gain most ("premium"), the first in column-major order on ties (top-left first), clicks
/// it open if need be, flags the mines around it and chords. HZiNi ("human") first opens
/// every opening, then chords only on open tiles. Both are the original algorithm, so that
/// they equal the figures players know.
pub fn zini(layout: &Layout, human: bool) -> usize {
    let mut z = Zini::new(layout);
    if human {
        for i in 0..z.cells.len() {
            if !z.cells[i].mine && z.cells[i].number == 0 && !z.cells[i].opened {
                z.click(i);
            }
        }
    }
    let mines = z.cells.iter().filter(|c| c.mine).count();
    while z.closed > mines {
        if !z.step(human) {
            break;
        }
    }
    z.clicks
}

#[derive(Debug, Clone, Default)]
struct ZCell {
    mine: bool,
    /// The opening this tile is in or borders (numbered from 1; 0: none).
    opening: usize,
    /// A second opening a number borders.
    opening2: usize,
    /// Mines in the 3x3 square around the tile, itself included.
    number: i32,
    opened: bool,
    flagged: bool,
    /// What a chord here would gain, less what it costs.
    premium: i32,
    /// The 3x3 square's indices.
    around: Around,
}

/// The indices of a 3x3 square, held in place: the greedy walk reads a tile's square at
/// every step, and a list on the heap cost an allocation each time it was copied.
#[derive(Debug, Clone, Copy, Default)]
struct Around {
    cells: [u32; 9],
    len: u8,
}

impl Around {
    fn of(indices: impl Iterator<Item = usize>) -> Around {
        let mut around = Around::default();
        for i in indices {
            around.cells[usize::from(around.len)] = u32::try_from(i).expect("a replay's board");
            around.len += 1;
        }
        around
    }
}

impl IntoIterator for Around {
    type Item = usize;
    type IntoIter = std::iter::Map<std::iter::Take<std::array::IntoIter<u32, 9>>, fn(u32) -> usize>;

    fn into_iter(self) -> Self::IntoIter {
        let widen: fn(u32) -> usize = |i| i as usize;
        self.cells
            .into_iter()
            .take(usize::from(self.len))
            .map(widen)
    }
}

struct Zini {
    cells: Vec<ZCell>,
    closed: usize,
    clicks: usize,
}

impl Zini {
    /// Cells in column-major order, as the original program keeps them.
    fn new(layout: &Layout) -> Self {
        let (w, h) = (layout.width(), layout.height());
        let index = |p: Pos| p.col * h + p.row;
        let mut cells = vec![ZCell::default(); w * h];
        for col in 0..w {
            for row in 0..h {
                let p = Pos { row, col };
                let c = &mut cells[index(p)];
                c.mine = layout.is_mine(p);
                c.around = Around::of(neighbours(layout.grid(), p).chain([p]).map(index));
            }
        }
        for i in 0..cells.len() {
            let n = cells[i]
                .around
                .into_iter()
                .filter(|&j| cells[j].mine)
                .count() as i32;
            cells[i].number = n;
            cells[i].premium = -n - 2;
        }
        let mut openings = 0;
        for i in 0..cells.len() {
            if !cells[i].mine && cells[i].number == 0 && cells[i].opening == 0 {
                openings += 1;
                mark_opening(&mut cells, openings, i);
            }
        }
        for i in 0..cells.len() {
            let gain = if cells[i].number == 0 {
                1
            } else {
                let c = &cells[i];
                c.around
                    .into_iter()
                    .filter(|&j| !cells[j].mine && cells[j].opening == 0)
                    .count() as i32
                    + i32::from(c.opening != 0)
                    + i32::from(c.opening2 != 0)
            };
            cells[i].premium += gain;
        }
        let closed = cells.len();
        Zini {
            cells,
            closed,
            clicks: 0,
        }
    }

    /// One greedy step; `false` when nothing is left to do.
    fn step(&mut self, human: bool) -> bool {
        let mut best: Option<usize> = None;
        let mut max = -1;
        for (i, c) in self.cells.iter().enumerate() {
            if c.premium > max && !c.mine && (c.opened || !human) {
                max = c.premium;
                best = Some(i);
            }
        }
        if let Some(i) = best {
            if !self.cells[i].opened {
                self.click(i);
            }
            for j in self.cells[i].around {
                if self.cells[j].mine {
                    self.flag(j);
                }
            }
            self.clicks += 1; // the chord
            for j in self.cells[i].around {
                self.reveal(j);
            }
            return true;
        }
        let fallback = self
            .cells
            .iter()
            .position(|c| !c.opened && !c.mine && (c.number == 0 || c.opening == 0));
        match fallback {
            Some(i) => {
                self.click(i);
                true
            }
            None => false,
        }
    }

    fn click(&mut self, i: usize) {
        self.reveal(i);
        self.clicks += 1;
    }

    fn flag(&mut self, i: usize) {
        if self.cells[i].flagged {
            return;
        }
        self.clicks += 1;
        self.cells[i].flagged = true;
        for j in self.cells[i].around {
            self.cells[j].premium += 1;
        }
    }

    fn reveal(&mut self, i: usize) {
        let c = &self.cells[i];
        if c.opened || c.flagged {
            return;
        }
        if c.number != 0 {
            self.open(i);
            return;
        }
        let op = c.opening;
        for j in 0..self.cells.len() {
            if self.cells[j].opening == op || self.cells[j].opening2 == op {
                if !self.cells[j].opened {
                    self.open(j);
                }
                self.cells[j].premium -= 1;
            }
        }
    }

    fn open(&mut self, i: usize) {
        self.cells[i].opened = true;
        self.cells[i].premium += 1;
        if self.cells[i].opening == 0 {
            for j in self.cells[i].around {
                self.cells[j].premium -= 1;
            }
        }
        self.closed -= 1;
    }
}

/// Numbers the opening of zero `start` `id`, and marks the numbers around it as bordering it.
fn mark_opening(cells: &mut [ZCell], id: usize, start: usize) {
    cells[start].opening = id;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        for j in cells[i].around {
            if cells[j].number != 0 {
                let c = &mut cells[j];
                if c.opening == 0 {
                    c.opening = id;
                } else if c.opening != id && c.opening2 == 0 {
                    c.opening2 = id;
                }
            } else if cells[j].opening == 0 {
                cells[j].opening = id;
                stack.push(j);
            }
        }
    }
}
