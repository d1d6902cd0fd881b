//! The generators that work on any graph of cells, written once over [`Topology`] and
//! compiled for each tiling; and the two whose natural form on a polar grid "Mazes for
//! Programmers" shows (binary tree and sidewinder).
//!
//! Each builds a spanning tree of the maze's cells. None recurses and none is quadratic.

mod levels;

use crate::Algorithm;
use grid_core::tiling::{Cell, Divisor, NO_CELL, Side, TiledMaze, Tiling, Topology};
use grid_core::{BitSet, BitSource, Rng};

/// A maze being carved, with the carving order when it is recorded.
pub(crate) struct Carving<'a, T> {
    pub maze: &'a mut TiledMaze<T>,
    /// Cells in the order they joined the maze.
    pub trace: Option<Vec<Cell>>,
    /// Scratch for a cell's sides.
    sides: Vec<Side>,
    /// Scratch for the sides a step may take.
    choices: Vec<Side>,
    /// Random bits for small choices, a few from each draw of the generator.
    bits: BitSource,
}

impl<'a, T: Topology> Carving<'a, T> {
    pub fn new(maze: &'a mut TiledMaze<T>, trace: bool) -> Self {
        Carving {
            maze,
            trace: trace.then(Vec::new),
            sides: Vec::with_capacity(8),
            choices: Vec::with_capacity(8),
            bits: BitSource::new(),
        }
    }

    #[inline]
    fn joined(&mut self, cell: Cell) {
        if let Some(trace) = &mut self.trace {
            trace.push(cell);
        }
    }

    /// The sides of `cell` to cells of the maze for which `want` holds, into `choices`.
    #[inline]
    fn choose_sides(&mut self, cell: Cell, want: impl Fn(Cell) -> bool) -> usize {
        self.maze.sides(cell, &mut self.sides);
        self.choices.clear();
        for &s in &self.sides {
            if !s.is_edge() && want(s.to) {
                self.choices.push(s);
            }
        }
        self.choices.len()
    }

    /// One of the sides [`Carving::choose_sides`] found, at random.
    #[inline]
    fn pick(&mut self, rng: &mut Rng) -> Side {
        self.choices[self.bits.below(rng, self.choices.len() as u32) as usize]
    }
}

/// The cells left out of the maze, as visited from the start.
fn left_out<T: Topology>(maze: &TiledMaze<T>) -> BitSet {
    let n = maze.topology().len();
    let mut set = BitSet::new(n);
    if maze.is_shaped() {
        for c in 0..n as Cell {
            if !maze.contains(c) {
                set.insert(c as usize);
            }
        }
    }
    set
}

fn random_cell<T: Topology>(maze: &TiledMaze<T>, rng: &mut Rng) -> Cell {
    let k = rng.index(maze.cell_count());
    if !maze.is_shaped() {
        return k as Cell;
    }
    maze.cells().nth(k).expect("k is below the number of cells")
}

/// Carves a perfect maze with `algorithm`, which [`supports`] allows on this tiling.
pub(crate) fn carve<T: Topology>(algorithm: Algorithm, c: &mut Carving<T>, rng: &mut Rng) {
    match algorithm {
        Algorithm::HuntKill => hunt_kill(c, rng),
        Algorithm::Backtracker => grow(c, rng, |len, _, _| len - 1),
        Algorithm::GrowingTree => grow(c, rng, |len, bits, rng| {
            if bits.coin(rng) {
                len - 1
            } else {
                rng.index(len)
            }
        }),
        Algorithm::Prim => prim(c, rng),
        Algorithm::Kruskal => kruskal(c, rng),
        Algorithm::Wilson => wilson(c, rng),
        Algorithm::AldousBroder => aldous_broder(c, rng),
        Algorithm::BinaryTree if T::TILING == Tiling::Levels => levels::binary_tree(c, rng),
        Algorithm::Sidewinder if T::TILING == Tiling::Levels => levels::sidewinder(c, rng),
        Algorithm::RecursiveDivision if T::TILING == Tiling::Levels => levels::division(c, rng),
        Algorithm::BinaryTree => polar_binary_tree(c, rng),
        Algorithm::Sidewinder => polar_sidewinder(c, rng),
        Algorithm::Eller | Algorithm::RecursiveDivision => {
            unreachable!("refused by the request for tilings")
        }
    }
}

/// Carves a perfect maze into `maze` (every wall standing) with `algorithm`, on any
/// [`Topology`], one of the caller's own included. Hex, triangle, octagon and polar mazes
/// are made this way; `benches/square_paths.rs` runs it on a square topology beside the
/// square grid's own generators.
///
/// # Panics
///
/// When [`supports`] does not allow `algorithm` on `T`'s tiling (Eller's anywhere; binary
/// tree and sidewinder beyond polar grids and levels; recursive division beyond levels).
pub fn carve_on<T: Topology>(maze: &mut TiledMaze<T>, algorithm: Algorithm, rng: &mut Rng) {
    carve(algorithm, &mut Carving::new(maze, false), rng);
}

/// Whether `algorithm` makes mazes on `tiling`: every graph algorithm does; binary tree and
/// sidewinder have a form on polar grids and levels; recursive division cuts boxes of
/// levels as it cuts rectangles; Eller's rows belong to the square grid.
pub fn supports(algorithm: Algorithm, tiling: Tiling) -> bool {
    match algorithm {
        Algorithm::BinaryTree | Algorithm::Sidewinder => {
            matches!(tiling, Tiling::Square | Tiling::Polar | Tiling::Levels)
        }
        Algorithm::RecursiveDivision => matches!(tiling, Tiling::Square | Tiling::Levels),
        Algorithm::Eller => tiling == Tiling::Square,
        _ => true,
    }
}

/// Why `algorithm` has no form on `tiling`, where a reason fits in a line.
pub fn refusal(algorithm: Algorithm, tiling: Tiling) -> Option<&'static str> {
    match (algorithm, tiling) {
        (Algorithm::Eller, Tiling::Levels) => Some(
            "it carries the sets of one row to the next, and on levels it would have to \
             carry a whole level's: use kruskal, its general form",
        ),
        (Algorithm::BinaryTree | Algorithm::Sidewinder, Tiling::Wrapped | Tiling::Cube) => Some(
            "it carves towards the north and east sides of a rectangle, which a wrapped \
             maze or a cube's faces do not both have",
        ),
        (Algorithm::Eller, Tiling::Wrapped | Tiling::Cube) => Some(
            "it joins each row to the next down to the last, and a wrapped edge or a cube \
             joins rows round in a ring",
        ),
        (Algorithm::RecursiveDivision, Tiling::Wrapped | Tiling::Cube) => Some(
            "it cuts a rectangle with walls from side to side, and a wrapped maze or a \
             cube has no sides for a wall to run between",
        ),
        _ => None,
    }
}

/// Hunt-and-kill, the square grid's walk and linear hunt (`crate::generate::hunt_kill` says
/// how both work) over any topology. The hunt's forward cursor needs the first unvisited
/// cell to touch the maze, which `Topology::EARLIER_NEIGHBOUR` promises; where it does not
/// hold (an up triangle at the left edge, a mask), the stack of recent cells serves.
fn hunt_kill<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let n = c.maze.topology().len();
    let mut visited = left_out(c.maze);
    let mut cell = c.maze.cells().next().expect("a maze has a cell");
    visited.insert(cell as usize);
    c.joined(cell);
    // Kept only where the hunt can find a cell that touches nothing visited.
    let keep_recent = c.maze.is_shaped() || !T::EARLIER_NEIGHBOUR;
    let mut recent: Vec<Cell> = Vec::new();
    let mut cursor = 0usize;
    loop {
        loop {
            if keep_recent {
                recent.push(cell);
            }
            if c.choose_sides(cell, |t| !visited.contains(t as usize)) == 0 {
                break;
            }
            let side = c.pick(rng);
            c.maze.open(side);
            cell = side.to;
            visited.insert(cell as usize);
            c.joined(cell);
        }
        while cursor < n && visited.contains(cursor) {
            cursor += 1;
        }
        if cursor == n {
            return;
        }
        let hunted = cursor as Cell;
        if c.choose_sides(hunted, |t| visited.contains(t as usize)) > 0 {
            let side = c.pick(rng);
            c.maze.open(side);
            cell = hunted;
        } else {
            // The newest visited cell with an unvisited neighbour; the others are done.
            loop {
                let top = *recent.last().expect("the maze is in one piece");
                if c.choose_sides(top, |t| !visited.contains(t as usize)) == 0 {
                    recent.pop();
                    continue;
                }
                let side = c.pick(rng);
                c.maze.open(side);
                cell = side.to;
                break;
            }
        }
        visited.insert(cell as usize);
        c.joined(cell);
    }
}

/// Growing tree: grow from an active cell `choose` picks (an index below the number of
/// active cells, the newest last), drop it once it has no unvisited neighbour. Always the
/// newest is the recursive backtracker.
fn grow<T: Topology>(
    c: &mut Carving<T>,
    rng: &mut Rng,
    mut choose: impl FnMut(usize, &mut BitSource, &mut Rng) -> usize,
) {
    let mut visited = left_out(c.maze);
    let start = random_cell(c.maze, rng);
    visited.insert(start as usize);
    c.joined(start);
    let mut active = vec![start];
    while !active.is_empty() {
        let i = choose(active.len(), &mut c.bits, rng);
        let cell = active[i];
        if c.choose_sides(cell, |t| !visited.contains(t as usize)) == 0 {
            active.swap_remove(i);
            continue;
        }
        let side = c.pick(rng);
        c.maze.open(side);
        visited.insert(side.to as usize);
        c.joined(side.to);
        active.push(side.to);
    }
}

/// Simplified Prim: a random cell of the frontier (the cells beside the maze) joins the
/// maze through a random neighbour already in it.
fn prim<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let n = c.maze.topology().len();
    // Sides to cells left out are edges to the maze, so these sets need not know them.
    let mut inside = BitSet::new(n);
    let mut seen = BitSet::new(n);
    let mut frontier: Vec<Cell> = Vec::new();
    let mut cell = random_cell(c.maze, rng);
    seen.insert(cell as usize);
    loop {
        inside.insert(cell as usize);
        c.joined(cell);
        c.choose_sides(cell, |t| !seen.contains(t as usize));
        for s in &c.choices {
            seen.insert(s.to as usize);
            frontier.push(s.to);
        }
        if frontier.is_empty() {
            return;
        }
        cell = frontier.swap_remove(rng.index(frontier.len()));
        c.choose_sides(cell, |t| inside.contains(t as usize));
        let side = c.pick(rng);
        c.maze.open(side);
    }
}

/// Kruskal: every wall in random order, knocked down when it parts two trees.
///
/// Walls in random order are walls by increasing random weight, so the maze is the minimum
/// spanning tree of random weights, found here region by region so that memory stays in
/// cache, as the square grid's Kruskal does it tile by tile (see its module). The regions are
/// squares of 128 cells a side (bands of rings on a polar grid), each decided on any core:
/// Kruskal's algorithm over a region's own walls in a shuffled order closes every wall that
/// would close a cycle, and opens for good a wall that joins a tree with no cell beside
/// another region (it is that tree's lightest way out). The walls left undecided (both trees
/// reach the region's edge) get their weights as order statistics of the region's sample,
/// and with the walls between regions they are decided by one Kruskal over what remains.
fn kruskal<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let t = c.maze.topology().clone();
    let n = t.len();
    if c.maze.cell_count() == 1 {
        let only = c.maze.cells().next().expect("one cell");
        c.joined(only);
    }
    let tracing = c.trace.is_some();
    // The regions and their seeds, drawn in order: the maze does not depend on how many
    // cores decide the regions.
    let regions: Vec<(Region, (u64, u64))> = Region::cover(&t)
        .into_iter()
        .map(|region| (region, (rng.next_u64(), rng.next_u64())))
        .collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut global = Forest::new(n);
    // Walls still to decide, and (when tracing) every wall opened, by weight.
    let mut candidates: Vec<(u64, Wall)> = Vec::new();
    let mut opened: Vec<(u64, Wall)> = Vec::new();
    for wave in regions.chunks(cores.max(1)) {
        let maze: &TiledMaze<T> = c.maze;
        let decided: Vec<Band> = std::thread::scope(|scope| {
            let running: Vec<_> = wave
                .iter()
                .map(|(region, seeds)| {
                    scope.spawn(move || {
                        let mut band = Band::default();
                        band.decide(maze, region, *seeds, tracing);
                        band
                    })
                })
                .collect();
            running
                .into_iter()
                .map(|r| r.join().expect("a band's Kruskal does not panic"))
                .collect()
        });
        for (mut band, (region, _)) in decided.into_iter().zip(wave) {
            for wall in &band.sure {
                c.maze.open(wall.side());
            }
            global.adopt(&mut band.sure_forest, |i| region.global(&t, i));
            candidates.append(&mut band.handed_on);
            opened.append(&mut band.opened);
        }
    }
    candidates.sort_unstable_by_key(|&(key, _)| key);
    for (key, wall) in candidates {
        if global.union(wall.a, wall.b) {
            c.maze.open(wall.side());
            if tracing {
                opened.push((key, wall));
            }
        }
    }
    if tracing {
        opened.sort_unstable_by_key(|&(key, _)| key);
        let mut seen = BitSet::new(n);
        for (_, wall) in opened {
            for cell in [wall.a, wall.b] {
                if !seen.contains(cell as usize) {
                    seen.insert(cell as usize);
                    c.joined(cell);
                }
            }
        }
    }
}

/// The cells one core decides at a time: the rectangle `rows` x `cols` of a rectangular
/// tiling (of each of the grids `levels` where grids are stacked, `floor` rows each), or on
/// a polar one a sector of the rings `rows` (each ring's cells from `ranges`).
#[derive(Debug, Clone)]
struct Region {
    levels: std::ops::Range<usize>,
    /// Rows of each grid, divided by a multiplication: every side of a cell asks.
    floor: Divisor,
    rows: std::ops::Range<usize>,
    cols: std::ops::Range<usize>,
    /// For a sector: each ring's first index in the sector, past its last, and the local
    /// number of its first cell.
    ranges: Vec<(u32, u32, u32)>,
    len: usize,
}

/// About this many cells a region: 128 x 128 keep its walls and forests (about 500 KB) in
/// cache, and only 3% of its cells at its edge.
const TILE: usize = 128;

/// The side of a region where grids are stacked: a box of 32 levels, rows and columns, as
/// many cells as [`TILE`]'s square twice over, a tenth of its walls leading out.
const BOX: usize = 32;

impl Region {
    /// Regions covering the tiling: squares of [`TILE`] cells a side on a rectangular one;
    /// on a polar one, bands of [`TILE`] rings cut into sectors about as wide as deep.
    fn cover<T: Topology>(t: &T) -> Vec<Region> {
        let mut regions = Vec::new();
        if T::TILING != Tiling::Polar {
            let (layers, floor) = t.layers();
            let (w, h) = (t.row_len(0), floor);
            let (side, depth) = if layers > 1 { (BOX, BOX) } else { (TILE, 1) };
            for l0 in (0..layers).step_by(depth) {
                for r0 in (0..h).step_by(side) {
                    for c0 in (0..w).step_by(side) {
                        let levels = l0..(l0 + depth).min(layers);
                        let (rows, cols) = (r0..(r0 + side).min(h), c0..(c0 + side).min(w));
                        regions.push(Region {
                            len: levels.len() * rows.len() * cols.len(),
                            levels,
                            floor: Divisor::new(floor),
                            rows,
                            cols,
                            ranges: Vec::new(),
                        });
                    }
                }
            }
            return regions;
        }
        for k0 in (0..t.rows()).step_by(TILE) {
            let rows = k0..(k0 + TILE).min(t.rows());
            let cells: usize = rows.clone().map(|k| t.row_len(k)).sum();
            let sectors = (cells / (TILE * TILE)).clamp(1, t.row_len(k0));
            for s in 0..sectors {
                let mut ranges = Vec::with_capacity(rows.len());
                let mut len = 0u32;
                for k in rows.clone() {
                    let n = t.row_len(k);
                    let lo = (s * n).div_ceil(sectors) as u32;
                    let hi = ((s + 1) * n).div_ceil(sectors) as u32;
                    ranges.push((lo, hi, len));
                    len += hi - lo;
                }
                regions.push(Region {
                    levels: 0..1,
                    floor: Divisor::new(t.rows()),
                    rows: rows.clone(),
                    cols: 0..0,
                    ranges,
                    len: len as usize,
                });
            }
        }
        regions
    }

    /// The cell of local number `i`: the region's cells are numbered ring by ring (row by
    /// row), each in order.
    #[inline]
    fn global<T: Topology>(&self, t: &T, i: u32) -> Cell {
        if self.ranges.is_empty() {
            let per_level = self.rows.len() * self.cols.len();
            let (level, j) = (i as usize / per_level, i as usize % per_level);
            let (r, c) = (j / self.cols.len(), j % self.cols.len());
            let floor = self.floor.divisor() as usize;
            let row = (self.levels.start + level) * floor + self.rows.start + r;
            return (t.row_start(row) + self.cols.start + c) as Cell;
        }
        let k = self.ranges.partition_point(|&(_, _, first)| first <= i) - 1;
        let (lo, _, first) = self.ranges[k];
        (t.row_start(self.rows.start + k) + (lo + i - first) as usize) as Cell
    }

    /// The local number of `cell`, when it is in the region.
    #[inline]
    fn local<T: Topology>(&self, t: &T, cell: Cell) -> Option<u32> {
        let p = t.position(cell);
        let (level, row) = self.floor.div_rem(p.row as u32);
        let (level, row) = (level as usize, row as usize);
        if !self.rows.contains(&row) || !self.levels.contains(&level) {
            return None;
        }
        let r = (level - self.levels.start) * self.rows.len() + row - self.rows.start;
        if self.ranges.is_empty() {
            return self
                .cols
                .contains(&p.col)
                .then(|| (r * self.cols.len() + p.col - self.cols.start) as u32);
        }
        let (lo, hi, first) = self.ranges[r];
        let i = p.col as u32;
        (lo..hi).contains(&i).then(|| first + i - lo)
    }

    /// For a cell of a rectangular region at least one cell away from the region's edge
    /// (whose neighbours are all in the region), the steps [`Region::shift`] takes; `None`
    /// otherwise. In a box of levels the cell must also be a level away from the box's top
    /// and bottom: its stairs then lead into the box too. Without this path every side of
    /// a levels maze asked for [`Region::local`] (a division of the cell's number into
    /// level, row and column), and Kruskal on 200^3 levels ran at 0.37 of the flat grid.
    #[inline]
    fn inner<T: Topology>(&self, t: &T, i: u32) -> Option<Steps> {
        let stacked = T::TILING == Tiling::Levels;
        if !(T::LOCAL_NEIGHBOURS || stacked)
            || !self.ranges.is_empty()
            || self.rows.len() < 3
            || self.cols.len() < 3
        {
            return None;
        }
        let w = self.cols.len();
        let (r, c) = if stacked {
            let plane = self.rows.len() * w;
            let (level, j) = (i as usize / plane, i as usize % plane);
            if level == 0 || level + 1 >= self.levels.len() {
                return None;
            }
            (j / w, j % w)
        } else {
            (i as usize / w, i as usize % w)
        };
        let width = t.row_len(0);
        let level = if stacked {
            self.floor.divisor() as usize * width
        } else {
            0
        };
        (r > 0 && r + 1 < self.rows.len() && c > 0 && c + 1 < w).then_some(Steps { width, level })
    }

    /// The local number of `to`, a neighbour of `cell` (local number `i`) one row up, down
    /// or level, in a tiling of the `steps` [`Region::inner`] gives.
    #[inline]
    fn shift(&self, i: u32, cell: Cell, to: Cell, steps: Steps) -> u32 {
        let delta = i64::from(to) - i64::from(cell);
        let (w, f) = (steps.width as i64, steps.level as i64);
        // A level is at least 3 rows, so that its step stands apart from a row's.
        let levels = if f > 0 && delta > f / 2 {
            1
        } else if f > 0 && delta < -(f / 2) {
            -1
        } else {
            0
        };
        let delta = delta - levels * f;
        let rows = if delta > w / 2 {
            1
        } else if delta < -(w / 2) {
            -1
        } else {
            0
        };
        let cols = delta - rows * w;
        let plane = (self.rows.len() * self.cols.len()) as i64;
        (i64::from(i) + levels * plane + rows * self.cols.len() as i64 + cols) as u32
    }

    /// Calls `f` with each local number and its cell, in order.
    fn for_each_cell<T: Topology>(&self, t: &T, mut f: impl FnMut(u32, Cell)) {
        let mut i = 0;
        for level in self.levels.clone() {
            for (r, row) in self.rows.clone().enumerate() {
                let start = t.row_start(level * self.floor.divisor() as usize + row) as Cell;
                let (lo, hi) = match self.ranges.get(r) {
                    Some(&(lo, hi, _)) => (lo, hi),
                    None => (self.cols.start as u32, self.cols.end as u32),
                };
                for index in lo..hi {
                    f(i, start + index);
                    i += 1;
                }
            }
        }
    }
}

/// The steps between neighbours' cell numbers in a rectangular tiling: a row's (`width`),
/// and a level's where grids are stacked (0 where they are not).
#[derive(Debug, Clone, Copy)]
struct Steps {
    width: usize,
    level: usize,
}

/// A wall between cells `a` (which owns its bit `bit`) and `b`.
#[derive(Debug, Clone, Copy)]
struct Wall {
    a: Cell,
    b: Cell,
    bit: u8,
}

impl Wall {
    fn side(self) -> Side {
        Side::new(self.b, self.a, self.bit)
    }

    /// The weight's tie-break: every wall's own number, below 2^32 (cells are below 2^30).
    fn number(self) -> u64 {
        u64::from(self.a) * 4 + u64::from(self.bit.trailing_zeros())
    }

    fn key(self, weight: u32) -> u64 {
        (u64::from(weight) << 32) | self.number()
    }
}

/// One band's decisions, made apart from the other bands' (on any core).
#[derive(Debug, Default)]
struct Band {
    /// The walls between two cells of the region, as the local numbers of the cell that
    /// owns the passage and of the other, and the bit: half the bytes of the walls
    /// themselves, so that the shuffle of a box of levels (32^3 cells, three walls each)
    /// stays in a core's 2 MB cache.
    inside: Vec<(u32, u32, u8)>,
    /// The cell of each local number.
    cells: Vec<Cell>,
    /// Whether each cell of the band has a neighbour in another band.
    border: Vec<bool>,
    ranks: Vec<u32>,
    /// Walls whose weights are drawn, and whether each is opened for good.
    weighed: Vec<(Wall, bool)>,
    weights: Vec<u32>,
    /// The walls opened for good, and the trees they make (of the band's cells, from its
    /// first on).
    sure: Vec<Wall>,
    sure_forest: Forest,
    /// The walls for the final Kruskal, with their weights.
    handed_on: Vec<(u64, Wall)>,
    /// When tracing: the walls opened for good, with their weights.
    opened: Vec<(u64, Wall)>,
    sides: Vec<Side>,
}

impl Band {
    /// Decides the walls inside cells `lo..hi`: the sure ones to open, and the undecided
    /// ones and the walls to other bands handed on with their weights.
    fn decide<T: Topology>(
        &mut self,
        maze: &TiledMaze<T>,
        region: &Region,
        (shuffle_seed, weight_seed): (u64, u64),
        tracing: bool,
    ) {
        let t = maze.topology();
        let mut rng = Rng::seeded(shuffle_seed);
        self.border.resize(region.len, false);
        self.cells.resize(region.len, NO_CELL);
        region.for_each_cell(t, |i, cell| {
            self.cells[i as usize] = cell;
            if !maze.contains(cell) {
                return;
            }
            maze.sides(cell, &mut self.sides);
            let inner = region.inner(t, i);
            for s in self.sides.iter().filter(|s| !s.is_edge()) {
                let across = match inner {
                    // Every neighbour is in the region, at the same offset as in the tiling.
                    Some(steps) => Some(region.shift(i, cell, s.to, steps)),
                    None => region.local(t, s.to),
                };
                if across.is_none() {
                    self.border[i as usize] = true;
                }
                if s.owner != cell {
                    continue;
                }
                let wall = Wall {
                    a: cell,
                    b: s.to,
                    bit: s.bit,
                };
                match across {
                    Some(j) => self.inside.push((i, j, s.bit)),
                    None => self.handed_on.push((wall.key(rng.next_u64() as u32), wall)),
                }
            }
        });
        rng.shuffle(&mut self.inside);
        let mut local = Forest::new(region.len);
        self.sure_forest = Forest::new(region.len);
        let mut reaches: Vec<bool> = self.border.clone();
        for (rank, &(la, lb, bit)) in self.inside.iter().enumerate() {
            let (ra, rb) = (local.root(la), local.root(lb));
            if ra == rb {
                continue;
            }
            let wall = Wall {
                a: self.cells[la as usize],
                b: self.cells[lb as usize],
                bit,
            };
            let both = reaches[ra as usize] && reaches[rb as usize];
            let root = local.link(ra, rb);
            reaches[root as usize] = reaches[ra as usize] || reaches[rb as usize];
            if !both {
                self.sure.push(wall);
                self.sure_forest.union(la, lb);
            }
            if both || tracing {
                self.ranks.push(rank as u32);
                self.weighed.push((wall, !both));
            }
        }
        crate::generate::kruskal::order_statistics(
            self.inside.len(),
            &self.ranks,
            weight_seed,
            &mut self.weights,
        );
        for (&(wall, sure), &weight) in self.weighed.iter().zip(&self.weights) {
            let key = wall.key(weight);
            if sure {
                self.opened.push((key, wall));
            } else {
                self.handed_on.push((key, wall));
            }
        }
    }
}

/// Disjoint sets of cells, by union by size with path halving.
#[derive(Debug, Default)]
struct Forest {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl Forest {
    fn new(n: usize) -> Self {
        Forest {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    /// Takes the trees of `region`, a forest of a region's cells by their local numbers
    /// (`cell` gives each one's cell), as this forest's trees of those cells (which are each
    /// alone so far).
    fn adopt(&mut self, region: &mut Forest, cell: impl Fn(u32) -> Cell) {
        for i in 0..region.parent.len() as u32 {
            let root = region.root(i);
            self.parent[cell(i) as usize] = cell(root);
            if root == i {
                self.size[cell(i) as usize] = region.size[i as usize];
            }
        }
    }

    fn root(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let up = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = up;
            x = up;
        }
        x
    }

    /// Joins the trees of `a` and `b`; false when they were one already.
    fn union(&mut self, a: u32, b: u32) -> bool {
        let (a, b) = (self.root(a), self.root(b));
        if a == b {
            return false;
        }
        self.link(a, b);
        true
    }

    /// Joins the trees of the two different roots `a` and `b`; the new root.
    #[inline]
    fn link(&mut self, a: u32, b: u32) -> u32 {
        let (big, small) = if self.size[a as usize] < self.size[b as usize] {
            (b, a)
        } else {
            (a, b)
        };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        big
    }
}

/// Wilson: loop-erased random walks from each cell not yet in the maze until they meet it;
/// uniform over all spanning trees. A walk keeps, for each cell, the side it last left by.
fn wilson<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let n = c.maze.topology().len();
    let mut inside = left_out(c.maze);
    let mut next: Vec<Side> = vec![Side::EDGE; n];
    let first = random_cell(c.maze, rng);
    inside.insert(first as usize);
    c.joined(first);
    let cells: Vec<Cell> = c.maze.cells().collect();
    for &from in &cells {
        if inside.contains(from as usize) {
            continue;
        }
        let mut cell = from;
        while !inside.contains(cell as usize) {
            c.choose_sides(cell, |_| true);
            let side = c.pick(rng);
            next[cell as usize] = side;
            cell = side.to;
        }
        let mut cell = from;
        while !inside.contains(cell as usize) {
            inside.insert(cell as usize);
            c.joined(cell);
            let side = next[cell as usize];
            c.maze.open(side);
            cell = side.to;
        }
    }
}

/// Aldous-Broder: a random walk over the whole maze, carving into each cell the first time it
/// arrives; uniform over all spanning trees, and slow to find the last cells.
fn aldous_broder<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let mut visited = left_out(c.maze);
    let mut left = c.maze.cell_count() - 1;
    let mut cell = random_cell(c.maze, rng);
    visited.insert(cell as usize);
    c.joined(cell);
    while left > 0 {
        c.choose_sides(cell, |_| true);
        let side = c.pick(rng);
        if !visited.contains(side.to as usize) {
            c.maze.open(side);
            visited.insert(side.to as usize);
            c.joined(side.to);
            left -= 1;
        }
        cell = side.to;
    }
}

/// The sides of a polar cell by role: its clockwise neighbour and the cell inward of it.
fn polar_roles<T: Topology>(c: &mut Carving<T>, cell: Cell) -> (Option<Side>, Option<Side>) {
    c.maze.sides(cell, &mut c.sides);
    let own = |bit: u8| {
        c.sides
            .iter()
            .copied()
            .find(|s| !s.is_edge() && s.owner == cell && s.bit == bit)
    };
    (own(1), own(2))
}

/// Binary tree on a polar grid: every cell but the centre opens inward or clockwise, at
/// random; the last cell of each ring always opens inward, so that no ring closes on
/// itself. Following the passages always leads to the centre: a spanning tree.
fn polar_binary_tree<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let topology = c.maze.topology().clone();
    c.joined(0);
    for ring in 1..topology.rows() {
        let start = topology.row_start(ring) as Cell;
        let len = topology.row_len(ring) as Cell;
        for cell in start..start + len {
            let (clockwise, inward) = polar_roles(c, cell);
            let last = cell == start + len - 1;
            let side = match (clockwise, inward) {
                (Some(cw), Some(_)) if !last && c.bits.coin(rng) => cw,
                (_, Some(inward)) => inward,
                _ => unreachable!("a cell outside the centre has a cell inward of it"),
            };
            c.maze.open(side);
            c.joined(cell);
        }
    }
}

/// Sidewinder on a polar grid: each ring in runs of cells joined clockwise; a run ends at
/// random (always at the ring's last cell) and opens inward from one of its cells.
fn polar_sidewinder<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let topology = c.maze.topology().clone();
    c.joined(0);
    for ring in 1..topology.rows() {
        let start = topology.row_start(ring) as Cell;
        let len = topology.row_len(ring) as Cell;
        let mut run_start = start;
        for cell in start..start + len {
            c.joined(cell);
            let last = cell == start + len - 1;
            let (clockwise, _) = polar_roles(c, cell);
            match clockwise {
                Some(cw) if !last && c.bits.coin(rng) => c.maze.open(cw),
                _ => {
                    let chosen = run_start + rng.index((cell - run_start + 1) as usize) as Cell;
                    let (_, inward) = polar_roles(c, chosen);
                    c.maze
                        .open(inward.expect("a cell outside the centre has one inward"));
                    run_start = cell + 1;
                }
            }
        }
    }
}

/// Removes the share `p` of dead ends by opening a wall of each, to a neighbouring dead end
/// when there is one, which adds loops.
pub(crate) fn braid<T: Topology>(maze: &mut TiledMaze<T>, p: f64, rng: &mut Rng) {
    if p <= 0.0 {
        return;
    }
    let (mut sides, mut exits, mut other) = (Vec::new(), Vec::new(), Vec::new());
    let cells: Vec<Cell> = maze.cells().collect();
    for cell in cells {
        maze.exits(cell, &mut sides, &mut exits);
        if exits.len() != 1 || !rng.chance(p) {
            continue;
        }
        maze.sides(cell, &mut sides);
        let closed: Vec<Side> = sides
            .iter()
            .copied()
            .filter(|s| !s.is_edge() && !maze.is_open(*s))
            .collect();
        if closed.is_empty() {
            continue;
        }
        let mut dead_ends = Vec::new();
        for s in &closed {
            maze.exits(s.to, &mut other, &mut exits);
            if exits.len() == 1 {
                dead_ends.push(*s);
            }
        }
        let from = if dead_ends.is_empty() {
            &closed
        } else {
            &dead_ends
        };
        maze.open(from[rng.index(from.len())]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::tiling::{Hex, Levels, Wrap, Wrapped};

    /// Where [`Region::inner`] says every neighbour is in the region, [`Region::shift`]
    /// finds the local number [`Region::local`] finds, and it finds it often.
    fn shift_agrees_with_local<T: Topology>(t: &T) -> usize {
        let mut sides = Vec::new();
        let mut fast = 0;
        for region in Region::cover(t) {
            region.for_each_cell(t, |i, cell| {
                let Some(steps) = region.inner(t, i) else {
                    return;
                };
                fast += 1;
                t.sides(cell, &mut sides);
                for s in sides.iter().filter(|s| !s.is_edge()) {
                    let local = region.local(t, s.to);
                    assert_eq!(Some(region.shift(i, cell, s.to, steps)), local, "{cell}");
                }
            });
        }
        fast
    }

    #[test]
    fn the_inner_path_of_kruskal_finds_the_cells_the_slow_one_does() {
        let levels = Levels::new(70, 45, 40);
        assert!(shift_agrees_with_local(&levels) > levels.len() / 2);
        assert!(shift_agrees_with_local(&Levels::new(5, 3, 4)) > 0);
        let torus = Wrapped::new(300, 200, Wrap::XY);
        assert!(shift_agrees_with_local(&torus) > torus.len() / 2);
        shift_agrees_with_local(&Hex::new(200, 130));
    }
}
