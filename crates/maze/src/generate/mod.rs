//! Perfect-maze generators: each builds a spanning tree of the cells, each with its own
//! character (long corridors, many short dead ends, a diagonal bias...).
//!
//! None recurses on the call stack and none is quadratic, so a 2000 x 2000 maze is a matter
//! of milliseconds for most of them.

mod aldous_broder;
mod backtracker;
mod binary_tree;
mod braid;
mod division;
mod eller;
mod growing_tree;
mod hunt_kill;
pub(crate) mod kruskal;
mod prim;
mod sidewinder;
mod wilson;

pub use braid::braid;

use crate::cells::CellMaze;
use crate::mask::Mask;
use grid_core::BitSet as CellSet;
use grid_core::{BitSource, Dir, Rng, TraceMode};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// A maze generation algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    HuntKill,
    BinaryTree,
    Sidewinder,
    Backtracker,
    Kruskal,
    Prim,
    Wilson,
    AldousBroder,
    Eller,
    GrowingTree,
    RecursiveDivision,
}

impl Algorithm {
    pub const ALL: [Algorithm; 11] = [
        Algorithm::HuntKill,
        Algorithm::BinaryTree,
        Algorithm::Sidewinder,
        Algorithm::Backtracker,
        Algorithm::Kruskal,
        Algorithm::Prim,
        Algorithm::Wilson,
        Algorithm::AldousBroder,
        Algorithm::Eller,
        Algorithm::GrowingTree,
        Algorithm::RecursiveDivision,
    ];

    /// The name used on the command line and in `meta.algorithm`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::HuntKill => "hunt-kill",
            Algorithm::BinaryTree => "binary-tree",
            Algorithm::Sidewinder => "sidewinder",
            Algorithm::Backtracker => "backtracker",
            Algorithm::Kruskal => "kruskal",
            Algorithm::Prim => "prim",
            Algorithm::Wilson => "wilson",
            Algorithm::AldousBroder => "aldous-broder",
            Algorithm::Eller => "eller",
            Algorithm::GrowingTree => "growing-tree",
            Algorithm::RecursiveDivision => "recursive-division",
        }
    }

    /// One line on the maze's character, for `--help` and the README.
    pub fn summary(self) -> &'static str {
        match self {
            Algorithm::HuntKill => {
                "random walk until stuck, then hunt the next cell by the maze; long winding corridors"
            }
            Algorithm::BinaryTree => {
                "each cell opens north or east; fast, with open top row and right column and a diagonal bias"
            }
            Algorithm::Sidewinder => {
                "rows of runs, each opening north once; open top row, vertical bias"
            }
            Algorithm::Backtracker => "depth-first search; very long corridors, few dead ends",
            Algorithm::Kruskal => {
                "random edges joined when they link two trees; many short dead ends"
            }
            Algorithm::Prim => {
                "grows from random frontier cells; radial texture, many short dead ends"
            }
            Algorithm::Wilson => "loop-erased random walks; uniform over all spanning trees",
            Algorithm::AldousBroder => {
                "a random walk carving into new cells; uniform over all spanning trees"
            }
            Algorithm::Eller => "one row at a time with sets; any height in constant row memory",
            Algorithm::GrowingTree => {
                "newest or random active cell, half and half; between backtracker and prim"
            }
            Algorithm::RecursiveDivision => {
                "walls with one gap divide the field; long straight walls, boxy rooms"
            }
        }
    }

    /// Whether the algorithm works on any set of cells, and so on a mask.
    pub fn supports_masks(self) -> bool {
        !matches!(
            self,
            Algorithm::BinaryTree
                | Algorithm::Sidewinder
                | Algorithm::Eller
                | Algorithm::RecursiveDivision
        )
    }

    /// Whether the algorithm can weave passages under each other.
    pub fn supports_weave(self) -> bool {
        self.supports_masks()
    }

    /// The algorithms for which `can` holds, by name, for messages.
    pub(crate) fn names_where(can: impl Fn(Algorithm) -> bool) -> String {
        let names: Vec<&str> = Algorithm::ALL
            .into_iter()
            .filter(|&a| can(a))
            .map(Algorithm::name)
            .collect();
        names.join(", ")
    }

    /// How this algorithm's `trace` reads (wall-adding ones record walls).
    pub fn trace_mode(self) -> TraceMode {
        match self {
            Algorithm::RecursiveDivision => TraceMode::Wall,
            _ => TraceMode::Carve,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = grid_core::choice::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        grid_core::choice::parse(s)
    }
}

impl grid_core::choice::Named for Algorithm {
    const ALL: &'static [Self] = &Algorithm::ALL;
    const WHAT: &'static str = "algorithm";
    fn name(self) -> &'static str {
        Algorithm::name(self)
    }
    fn summary(self) -> &'static str {
        Algorithm::summary(self)
    }
}

/// Generates a perfect maze of `width` x `height` cells with `algorithm`, recording the
/// carving order when `trace` is set.
pub fn generate(
    algorithm: Algorithm,
    width: usize,
    height: usize,
    rng: &mut Rng,
    trace: bool,
) -> CellMaze {
    let maze = CellMaze::new(width, height, trace);
    carve(algorithm, maze, Weave::NONE, rng)
}

/// What a maze looks like beyond its algorithm: its shape and its crossings.
#[derive(Debug, Clone, Default)]
pub struct Shape {
    /// The cells of the maze (all of the rectangle when absent), in one piece
    /// ([`Shape::check`] asks [`Mask::check`]).
    pub mask: Option<Arc<Mask>>,
    /// How often a walk tries to pass under a passage (0 to 1; see docs/format.md).
    pub weave: f64,
}

/// Why an algorithm cannot make a maze of a shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error(
        "{algorithm} works on the whole rectangle only, not on a mask; these work on any shape: {works}"
    )]
    NoMasks { algorithm: Algorithm, works: String },
    #[error("{algorithm} cannot weave passages under each other; these can: {works}")]
    NoWeave { algorithm: Algorithm, works: String },
    /// A mask no maze can fill: empty, or in pieces (the walks would never end).
    #[error(transparent)]
    Mask(#[from] crate::mask::MaskError),
}

impl Shape {
    /// Checks that `algorithm` can make mazes of this shape, and that its mask is in one
    /// piece.
    pub fn check(&self, algorithm: Algorithm) -> Result<(), ShapeError> {
        if let Some(mask) = &self.mask {
            mask.check()?;
        }
        if self.mask.is_some() && !algorithm.supports_masks() {
            return Err(ShapeError::NoMasks {
                algorithm,
                works: Algorithm::names_where(Algorithm::supports_masks),
            });
        }
        if self.weave > 0.0 && !algorithm.supports_weave() {
            return Err(ShapeError::NoWeave {
                algorithm,
                works: Algorithm::names_where(Algorithm::supports_weave),
            });
        }
        Ok(())
    }
}

/// Generates a perfect maze of `width` x `height` cells (or of the mask's cells) in `shape`,
/// which [`Shape::check`] has allowed for `algorithm`.
pub fn generate_shaped(
    algorithm: Algorithm,
    (width, height): (usize, usize),
    shape: &Shape,
    rng: &mut Rng,
    trace: bool,
) -> CellMaze {
    debug_assert_eq!(shape.check(algorithm), Ok(()));
    let maze = match &shape.mask {
        Some(mask) => CellMaze::shaped(Arc::clone(mask), trace),
        None => CellMaze::new(width, height, trace),
    };
    carve(algorithm, maze, Weave { p: shape.weave }, rng)
}

fn carve(algorithm: Algorithm, mut maze: CellMaze, weave: Weave, rng: &mut Rng) -> CellMaze {
    let m = &mut maze;
    match algorithm {
        Algorithm::HuntKill => hunt_kill::carve(m, weave, rng),
        Algorithm::BinaryTree => binary_tree::carve(m, rng),
        Algorithm::Sidewinder => sidewinder::carve(m, rng),
        Algorithm::Backtracker => backtracker::carve(m, weave, rng),
        Algorithm::Kruskal => kruskal::carve(m, weave, rng),
        Algorithm::Prim => prim::carve(m, weave, rng),
        Algorithm::Wilson => wilson::carve(m, weave, rng),
        Algorithm::AldousBroder => aldous_broder::carve(m, weave, rng),
        Algorithm::Eller => eller::carve(m, rng),
        Algorithm::GrowingTree => growing_tree::carve(m, weave, rng),
        Algorithm::RecursiveDivision => division::carve(m, rng),
    }
    if algorithm.trace_mode() == TraceMode::Carve {
        // A maze of one cell has no wall to open, but its cell is carved all the same (the
        // generators that join cells by their walls would otherwise record nothing).
        let first = maze.first_cell();
        maze.begin(first);
    }
    maze
}

/// The cells a walk may not enter at the start: those its mask leaves out.
pub(crate) fn left_out(maze: &CellMaze) -> CellSet {
    match maze.mask() {
        Some(mask) => mask.cells().complement(maze.len()),
        None => CellSet::new(maze.len()),
    }
}

/// A random cell of the maze, the start of the generators that grow from anywhere.
pub(crate) fn random_cell(maze: &CellMaze, rng: &mut Rng) -> usize {
    maze.nth_cell(rng.index(maze.cell_count()))
}

/// How often a walk tries to tunnel under a passage: at each step, with probability `p`,
/// the cells it could reach by passing under a neighbour join the cells beside it as
/// choices.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Weave {
    p: f64,
}

/// One step of a carving walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Into the neighbour in that direction.
    Carve(Dir),
    /// Under the neighbour in that direction, to the cell beyond.
    Tunnel(Dir),
}

impl Weave {
    pub const NONE: Weave = Weave { p: 0.0 };

    /// The share of steps (or, for Kruskal, of cells) that try a crossing.
    pub fn share(self) -> f64 {
        self.p
    }

    #[inline]
    pub fn is_on(self) -> bool {
        self.p > 0.0
    }

    /// Whether this step tries to tunnel.
    #[inline]
    pub fn tries(self, rng: &mut Rng) -> bool {
        self.is_on() && rng.chance(self.p)
    }

    /// A walk's next step from `cell`: uniformly one of `open` (the neighbours it may carve
    /// into) and, when this step tries, the tunnels to cells for which `fresh` holds.
    #[inline]
    pub fn choose(
        self,
        maze: &CellMaze,
        cell: usize,
        open: DirSet,
        fresh: impl Fn(usize) -> bool,
        bits: &mut BitSource,
        rng: &mut Rng,
    ) -> Option<Step> {
        if !self.tries(rng) {
            return (!open.is_empty()).then(|| Step::Carve(open.pick(bits, rng)));
        }
        let under = tunnels(maze, cell, fresh);
        let total = open.len() + under.len();
        if total == 0 {
            return None;
        }
        let k = bits.below(rng, total);
        Some(if k < open.len() {
            Step::Carve(open.nth(k as usize))
        } else {
            Step::Tunnel(under.nth((k - open.len()) as usize))
        })
    }
}

/// Takes `step` from `cell`: carves it, and returns the cell it arrives at.
#[inline]
pub(crate) fn take(maze: &mut CellMaze, cell: usize, step: Step) -> usize {
    match step {
        Step::Carve(dir) => {
            maze.carve(cell, dir);
            maze.step(cell, dir)
        }
        Step::Tunnel(dir) => maze.tunnel(cell, dir),
    }
}

/// The directions in which a passage from `cell` may run under its neighbour to a cell
/// beyond for which `fresh` holds.
fn tunnels(maze: &CellMaze, cell: usize, fresh: impl Fn(usize) -> bool) -> DirSet {
    let mut set = DirSet::default();
    for d in Dir::ALL {
        if maze.can_tunnel(cell, d, &fresh) {
            set.insert(d);
        }
    }
    set
}

/// The row and column change of a step in each direction, clockwise from north, for the
/// random walks, which keep their row and column rather than divide at every step.
pub(crate) const ROW_STEP: [isize; 4] = [-1, 0, 1, 0];
pub(crate) const COL_STEP: [isize; 4] = [0, 1, 0, -1];

/// Whether a step in direction `d` (clockwise from north) from `(row, col)` stays on a board
/// `width` x `height`: by table rather than by a branch on the direction, which is random in
/// the walks and would mispredict three times in four.
#[inline(always)]
pub(crate) fn stays_on_board(
    row: usize,
    col: usize,
    width: usize,
    height: usize,
    d: usize,
) -> bool {
    [row > 0, col + 1 < width, row + 1 < height, col > 0][d]
}

/// A set of directions, bit `d.index()` for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct DirSet(u8);

impl DirSet {
    #[inline]
    pub fn insert(&mut self, d: Dir) {
        self.0 |= 1 << d.index();
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn contains(self, d: Dir) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The directions whose entry in `marks` (clockwise from north, as
    /// `CellMaze::neighbour_marks` gives them) is `mark`.
    #[inline]
    pub fn where_mark(marks: [u8; 4], mark: u8) -> DirSet {
        let mut bits = 0;
        for (i, &m) in marks.iter().enumerate() {
            bits |= u8::from(m == mark) << i;
        }
        DirSet(bits)
    }

    /// The `k`-th direction of the set, clockwise from north (`k` below its size).
    #[inline]
    pub fn nth(self, k: usize) -> Dir {
        debug_assert!(k < self.len() as usize);
        Dir::ALL[NTH_DIR[self.0 as usize][k] as usize]
    }

    /// The directions in the set, clockwise from north.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL
            .into_iter()
            .filter(move |d| self.0 & (1 << d.index()) != 0)
    }

    /// The directions of the set for which `keep` holds.
    pub fn filter(self, mut keep: impl FnMut(Dir) -> bool) -> DirSet {
        let mut out = DirSet::default();
        for d in self.iter().filter(|&d| keep(d)) {
            out.insert(d);
        }
        out
    }

    /// One of the directions, uniformly.
    ///
    /// Without a branch on the set's size: 32 random bits scaled to `0..len`
    /// (`BitSource::below`), then a table lookup for the k-th direction of the set. The walking generators call
    /// this on every step with sets of random sizes, where branches would mispredict.
    #[inline]
    pub fn pick(self, bits: &mut BitSource, rng: &mut Rng) -> Dir {
        debug_assert!(!self.is_empty());
        let k = bits.below(rng, self.len()) as usize;
        Dir::ALL[NTH_DIR[self.0 as usize][k] as usize]
    }
}

/// `NTH_DIR[set][k]`: the index of the k-th direction (clockwise from north) in the set whose
/// bits are `set`.
const NTH_DIR: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut set = 0;
    while set < 16 {
        let (mut k, mut d) = (0, 0);
        while d < 4 {
            if set & (1 << d) != 0 {
                table[set][k] = d as u8;
                k += 1;
            }
            d += 1;
        }
        set += 1;
    }
    table
};

/// The directions from `cell` to neighbours for which `want` holds. Computes the column once,
/// as the hot loops of the walking generators call this for every step.
#[inline]
pub(crate) fn neighbours_where(
    maze: &CellMaze,
    cell: usize,
    mut want: impl FnMut(usize) -> bool,
) -> DirSet {
    let w = maze.width();
    let col = maze.col(cell);
    let mut set = DirSet::default();
    if cell >= w && want(cell - w) {
        set.insert(Dir::North);
    }
    if col + 1 < w && want(cell + 1) {
        set.insert(Dir::East);
    }
    if cell + w < maze.len() && want(cell + w) {
        set.insert(Dir::South);
    }
    if col > 0 && want(cell - 1) {
        set.insert(Dir::West);
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_is_uniform_over_the_set() {
        let (mut rng, mut bits) = (Rng::seeded(3), BitSource::new());
        for set in 1..16u8 {
            let set = DirSet(set);
            let mut counts = [0u32; 4];
            let draws = 12_000 * set.len();
            for _ in 0..draws {
                counts[set.pick(&mut bits, &mut rng).index()] += 1;
            }
            for d in Dir::ALL {
                let c = counts[d.index()];
                if set.contains(d) {
                    assert!((11_400..12_600).contains(&c), "{set:?} {d:?} {c}");
                } else {
                    assert_eq!(c, 0, "{set:?} {d:?}");
                }
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for a in Algorithm::ALL {
            assert_eq!(a.name().parse::<Algorithm>(), Ok(a));
        }
        let e = "dfs".parse::<Algorithm>().unwrap_err().to_string();
        assert!(e.contains("unknown algorithm \"dfs\"") && e.contains("hunt-kill"));
    }

    #[test]
    fn every_algorithm_makes_a_perfect_maze() {
        for a in Algorithm::ALL {
            for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (13, 8), (31, 31)] {
                for seed in 0..4 {
                    let m = generate(a, w, h, &mut Rng::seeded(seed), false);
                    assert!(m.is_perfect(), "{a} {w}x{h} seed {seed}");
                }
            }
        }
    }

    #[test]
    fn tracing_does_not_change_the_maze() {
        for a in Algorithm::ALL {
            let plain = generate(a, 12, 9, &mut Rng::seeded(5), false).to_tiles();
            let mut traced = generate(a, 12, 9, &mut Rng::seeded(5), true);
            assert_eq!(traced.to_tiles(), plain, "{a}");
            let trace = traced.take_trace().unwrap();
            if a.trace_mode() == TraceMode::Carve {
                // Every open tile appears exactly once.
                let open = plain.cells().iter().filter(|t| t.is_open()).count();
                assert_eq!(trace.len(), open, "{a}");
                assert!(trace.iter().all(|&p| plain[p].is_open()), "{a}");
            } else {
                assert!(trace.iter().all(|&p| !plain[p].is_open()), "{a}");
            }
        }
    }

    #[test]
    fn pick_is_uniform_over_three() {
        let mut rng = Rng::seeded(1);
        let mut bits = BitSource::new();
        let mut set = DirSet::default();
        set.insert(Dir::North);
        set.insert(Dir::South);
        set.insert(Dir::West);
        let mut counts = [0; 4];
        for _ in 0..30_000 {
            counts[set.pick(&mut bits, &mut rng).index()] += 1;
        }
        assert_eq!(counts[Dir::East.index()], 0);
        for d in [Dir::North, Dir::South, Dir::West] {
            assert!((9_000..11_000).contains(&counts[d.index()]), "{counts:?}");
        }
    }
}
