//! What makes a maze hard, in figures computed in linear time (docs/format.md, `stats`).
//!
//! A maze is read as a graph: in a cell maze the nodes are the cells and the edges the open
//! passages between them; on any other map the nodes are the open tiles and the edges join
//! open neighbours. A crossing of a weave maze is two nodes, one for each passage through it,
//! each a corridor's middle (two ways, straight on); it counts as one cell. Every figure
//! counts nodes and edges of that graph.

pub use grid_core::maze_doc::MazeStats;
use grid_core::{Dir, MazeDoc, Pos};

/// The graph of a maze as a grid of nodes, each with a bit for each open way out (north,
/// east, south, west): one byte a node, and steps by index arithmetic, so that every figure is
/// a pass or two over a flat array.
struct Graph {
    width: usize,
    /// Ways out of each node; a tile that is no node has none and is never reached. With
    /// crossings, the nodes `cells..2 * cells` are their east-west levels.
    links: Vec<u8>,
    is_node: Vec<bool>,
    /// The number of cells: nodes of the first level (all the nodes, without crossings).
    cells: usize,
}

/// How far above a way's bit its "into a crossing" bit sits in a node's byte.
const INTO_CROSSING: u8 = 4;
const WAYS: u8 = 0xF;

impl Graph {
    fn of(maze: &MazeDoc) -> Graph {
        let tiles = &maze.tiles;
        let (tw, open) = (tiles.width(), tiles.cells());
        let is_open = |r: usize, c: usize| open[r * tw + c].is_open();
        // A cell maze's passages are the tiles between its cells; a map's, its tiles' sides.
        let (stride, width, height) = match maze.cells {
            Some((w, h)) => (2, w, h),
            None => (1, tw, tiles.height()),
        };
        let mut links = vec![0u8; width * height];
        let mut is_node = vec![false; width * height];
        let crossing: Vec<bool> = if open.iter().any(|t| t.is_crossing()) {
            let cell_tile =
                |r: usize, c: usize| (stride * r + stride - 1) * tw + stride * c + stride - 1;
            (0..height)
                .flat_map(|r| (0..width).map(move |c| open[cell_tile(r, c)].is_crossing()))
                .collect()
        } else {
            Vec::new()
        };
        let (north, east, south, west) = (
            1 << Dir::North.index(),
            1 << Dir::East.index(),
            1 << Dir::South.index(),
            1 << Dir::West.index(),
        );
        for r in 0..height {
            for c in 0..width {
                let (tr, tc) = (stride * r + stride - 1, stride * c + stride - 1);
                if !is_open(tr, tc) {
                    continue;
                }
                let i = r * width + c;
                is_node[i] = true;
                // East and south are looked at from here, and mirrored into the neighbour.
                if c + 1 < width && (stride == 1 || is_open(tr, tc + 1)) && is_open(tr, tc + stride)
                {
                    links[i] |= east;
                    links[i + 1] |= west;
                }
                if r + 1 < height
                    && (stride == 1 || is_open(tr + 1, tc))
                    && is_open(tr + stride, tc)
                {
                    links[i] |= south;
                    links[i + width] |= north;
                }
            }
        }
        if !crossing.is_empty() {
            // A step east or west into a crossing arrives on its east-west level: the bit
            // beside the way says so, so that a search needs no look at the crossing itself.
            for i in 0..width * height {
                if links[i] & east != 0 && crossing[i + 1] {
                    links[i] |= east << INTO_CROSSING;
                }
                if links[i] & west != 0 && crossing[i - 1] {
                    links[i] |= west << INTO_CROSSING;
                }
            }
            // Each crossing splits into its north-south level here and its east-west one in
            // the second half.
            let n = links.len();
            links.resize(2 * n, 0);
            is_node.resize(2 * n, false);
            let along = |bits: u8| bits | bits << INTO_CROSSING;
            for i in (0..n).filter(|&i| crossing[i]) {
                links[i + n] = links[i] & along(east | west);
                links[i] &= along(north | south);
                is_node[i + n] = true;
            }
        }
        Graph {
            width,
            links,
            is_node,
            cells: width * height,
        }
    }

    /// The number of cells (nodes of the first level).
    fn cells(&self) -> usize {
        self.cells
    }

    /// The node of tile `p` of `maze`, if `p` is one.
    fn node_at(&self, maze: &MazeDoc, p: Pos) -> Option<usize> {
        let (r, c) = match maze.cells {
            Some(_) if p.row % 2 == 1 && p.col % 2 == 1 => (p.row / 2, p.col / 2),
            Some(_) => return None,
            None => (p.row, p.col),
        };
        let i = r * self.width + c;
        self.is_node.get(i).copied().unwrap_or(false).then_some(i)
    }

    fn degree(&self, i: usize) -> usize {
        (self.links[i] & WAYS).count_ones() as usize
    }

    /// The nodes one step from `i`, with the direction of each step.
    fn ways(&self, i: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
        let w = self.width;
        let n = self.cells();
        let cell = if i >= n { i - n } else { i };
        let bits = self.links[i];
        Dir::ALL
            .into_iter()
            .filter(move |d| bits >> d.index() & 1 == 1)
            .map(move |d| {
                let j = match d {
                    Dir::North => cell - w,
                    Dir::East => cell + 1,
                    Dir::South => cell + w,
                    Dir::West => cell - 1,
                };
                let level = bits >> (d.index() as u8 + INTO_CROSSING) & 1 == 1;
                (d, if level { j + n } else { j })
            })
    }

    /// Distances from `from` to every node it reaches (into `dist`), and the farthest one.
    fn search(&self, from: usize, dist: &mut Vec<u32>) -> usize {
        dist.clear();
        dist.resize(self.links.len(), u32::MAX);
        // Every node enters the queue once: a list read from the front is the queue.
        let mut queue: Vec<u32> = Vec::with_capacity(self.links.len());
        queue.push(from as u32);
        dist[from] = 0;
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let i = i as usize;
            for (_, j) in self.ways(i) {
                if dist[j] == u32::MAX {
                    dist[j] = dist[i] + 1;
                    queue.push(j as u32);
                }
            }
        }
        queue.last().map_or(from, |&l| l as usize)
    }
}

/// The nodes of a maze's graph tallied by their ways out: what the counts of dead ends and
/// junctions, the passages and the river are made of, on the square grid's graph and on any
/// topology's (`tiled::crossings`) alike.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    cells: usize,
    /// Nodes by their ways out: none, one... four or more.
    by_ways: [usize; 5],
    /// Ways out of every node: each passage twice.
    ways: usize,
    /// Ways out of the nodes that are no corridor's middle: each corridor's two ends.
    ends: usize,
}

/// What a maze's figures say of its shortest path from start to goal.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PathFigures {
    pub steps: usize,
    pub turns: usize,
    pub decisions: usize,
}

impl Tally {
    /// Counts a node with `ways` ways out; `cell` when it is a cell (a crossing's second
    /// node is not).
    pub fn add(&mut self, ways: usize, cell: bool) {
        self.cells += usize::from(cell);
        self.by_ways[ways.min(4)] += 1;
        self.ways += ways;
        if ways != 2 {
            self.ends += ways;
        }
    }

    /// The figures, with the shortest path's (none where the goal cannot be reached) and
    /// the longest path's steps.
    pub fn figures(&self, path: Option<PathFigures>, longest: usize) -> MazeStats {
        let edges = self.ways / 2;
        let corridors = self.ends / 2;
        let river = if corridors == 0 {
            edges as f64
        } else {
            edges as f64 / corridors as f64
        };
        let dead_ends = self.by_ways[1];
        MazeStats {
            cells: self.cells,
            dead_ends,
            dead_end_share: if self.cells == 0 {
                0.0
            } else {
                dead_ends as f64 / self.cells as f64
            },
            junctions3: self.by_ways[3],
            junctions4: self.by_ways[4],
            solution_length_cells: path.map(|p| p.steps),
            turns: path.map(|p| p.turns),
            decisions: path.map(|p| p.decisions),
            longest_path_cells: longest,
            river,
        }
    }
}

/// The figures of `maze`, in linear time.
pub fn stats(maze: &MazeDoc) -> MazeStats {
    let graph = Graph::of(maze);
    let mut tally = Tally::default();
    for (i, _) in graph.is_node.iter().enumerate().filter(|(_, n)| **n) {
        tally.add(graph.degree(i), i < graph.cells());
    }

    // One search from the start gives the solution and one end of the longest path; a
    // second, from that end, the other.
    let mut dist = Vec::new();
    let start = graph.node_at(maze, maze.start);
    let goal = graph.node_at(maze, maze.goal);
    let first = start.or_else(|| graph.is_node.iter().position(|&n| n));
    let far = first.map(|f| graph.search(f, &mut dist));
    let path = match (start, goal) {
        (Some(_), Some(g)) => walk_back(&graph, &dist, g),
        _ => None,
    };
    let longest_path = far.map_or(0, |far| {
        let end = graph.search(far, &mut dist);
        dist[end] as usize
    });
    let path = path.map(|p| PathFigures {
        steps: p.len() - 1,
        turns: p[1..].windows(2).filter(|w| w[0].0 != w[1].0).count(),
        // The nodes entered before the goal, each left by a way of its own choosing.
        decisions: p
            .iter()
            .take(p.len().saturating_sub(1))
            .skip(1)
            .filter(|&&(_, i)| graph.degree(i) > 2)
            .count(),
    });
    tally.figures(path, longest_path)
}

/// A shortest path to `goal` read back from the distances of a search: each node with the
/// direction of the step that entered it (the start's is a placeholder).
fn walk_back(graph: &Graph, dist: &[u32], goal: usize) -> Option<Vec<(Dir, usize)>> {
    if dist[goal] == u32::MAX {
        return None;
    }
    let mut path = Vec::with_capacity(dist[goal] as usize + 1);
    let mut at = goal;
    while dist[at] > 0 {
        let (d, back) = graph
            .ways(at)
            .find(|&(_, j)| dist[j] == dist[at] - 1)
            .expect("a node at distance d has a neighbour at d - 1");
        path.push((d.opposite(), at));
        at = back;
    }
    path.push((Dir::North, at));
    path.reverse();
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Document;

    fn maze(rows: &[&str], cells: Option<(usize, usize)>) -> MazeDoc {
        let mut doc = Document::new(grid_core::Kind::Maze);
        doc.set("width", rows[0].len());
        doc.set("height", rows.len());
        doc.set("grid", rows);
        if let Some(c) = cells {
            doc.set("meta", serde_json::json!({"cells": [c.0, c.1]}));
        }
        MazeDoc::from_document(&doc).unwrap()
    }

    #[test]
    fn a_corridor_with_one_branch() {
        // A map (not a cell maze): a corridor of five tiles, a branch of two down its middle.
        let m = maze(
            &["#######", "#     #", "### ###", "### ###", "#######"],
            None,
        );
        let s = stats(&m);
        assert_eq!(s.cells, 7);
        assert_eq!(s.dead_ends, 3);
        assert_eq!(s.junctions3, 1);
        // From the first open tile to the last: along, then down the branch.
        assert_eq!(s.solution_length_cells, Some(4));
        assert_eq!(s.turns, Some(1));
        assert_eq!(s.decisions, Some(1));
        assert_eq!(s.longest_path_cells, 4);
        // Three corridors (two of the row's halves, the branch) of 6 steps in all.
        assert_eq!(s.river, 2.0);
    }

    #[test]
    fn generated_mazes_agree_with_their_cell_graph() {
        use crate::{Algorithm, generate};
        for (i, &algorithm) in Algorithm::ALL.iter().enumerate() {
            for seed in 0..10u64 {
                let (w, h) = (2 + (seed as usize + i) % 9, 1 + (seed as usize * 5 + i) % 7);
                let cells = generate(algorithm, w, h, &mut grid_core::Rng::seeded(seed), false);
                let mut doc = Document::new(grid_core::Kind::Maze);
                doc.set_grid(&cells.to_tiles(), |t| t.to_char());
                doc.set("meta", serde_json::json!({"cells": [w, h]}));
                let s = stats(&MazeDoc::from_document(&doc).unwrap());
                assert_eq!(s.cells, w * h);
                let (_, _, diameter) = crate::endpoints::diameter(&cells);
                assert_eq!(
                    s.longest_path_cells, diameter,
                    "{algorithm:?} {w}x{h} {seed}"
                );
                let dead = (0..cells.len()).filter(|&c| cells.degree(c) == 1).count();
                assert_eq!(s.dead_ends, dead);
                // A perfect maze has one edge fewer than it has cells.
                let corridors = (s.cells - 1) as f64 / s.river;
                assert!((corridors - corridors.round()).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn a_crossing_is_two_corridors_and_one_cell() {
        // A plus of five cells whose middle is a crossing: two straight corridors, one over
        // the other, and four dead ends; no junction.
        let m = maze(
            &[
                "#######", "### ###", "### ###", "#  |  #", "### ###", "### ###", "#######",
            ],
            Some((3, 3)),
        );
        let s = stats(&m);
        assert_eq!(s.cells, 5);
        assert_eq!(s.dead_ends, 4);
        assert_eq!(s.junctions3 + s.junctions4, 0);
        assert_eq!(
            s.solution_length_cells,
            Some(2),
            "west to east, straight over"
        );
        assert_eq!(s.turns, Some(0));
        assert_eq!(s.decisions, Some(0));
        assert_eq!(s.longest_path_cells, 2);
        assert_eq!(s.river, 2.0, "two corridors of two steps");
    }

    #[test]
    fn generated_weave_and_masked_mazes_agree_with_their_cell_graph() {
        use crate::{Algorithm, Shape, generate_shaped};
        let mask = std::sync::Arc::new(crate::Mask::from_fn(9, 7, |r, c| {
            (r + c) % 5 != 0 || r == 3
        }));
        let mask = std::sync::Arc::new(mask.largest_piece().unwrap());
        for seed in 0..20u64 {
            for shape in [
                Shape {
                    mask: None,
                    weave: 0.8,
                },
                Shape {
                    mask: Some(std::sync::Arc::clone(&mask)),
                    weave: 0.5,
                },
            ] {
                let cells = generate_shaped(
                    Algorithm::Backtracker,
                    (9, 7),
                    &shape,
                    &mut grid_core::Rng::seeded(seed),
                    false,
                );
                let mut doc = Document::new(grid_core::Kind::Maze);
                doc.set_grid(&cells.to_tiles(), |t| t.to_char());
                doc.set("meta", serde_json::json!({"cells": [9, 7]}));
                let s = stats(&MazeDoc::from_document(&doc).unwrap());
                assert_eq!(s.cells, cells.cell_count());
                let (_, _, diameter) = crate::endpoints::diameter(&cells);
                assert_eq!(s.longest_path_cells, diameter, "seed {seed}");
            }
        }
    }

    #[test]
    fn a_cell_maze_counts_cells() {
        // 3 x 2 cells: a snake; start and goal default to the first and last open tiles, the
        // top-left cell and the bottom-right one.
        let m = maze(
            &["#######", "#     #", "##### #", "#     #", "#######"],
            Some((3, 2)),
        );
        let s = stats(&m);
        assert_eq!(s.cells, 6);
        assert_eq!(s.dead_ends, 2);
        assert_eq!(s.junctions3 + s.junctions4, 0);
        assert_eq!(s.solution_length_cells, Some(3));
        assert_eq!(s.turns, Some(1));
        assert_eq!(s.decisions, Some(0));
        assert_eq!(s.longest_path_cells, 5);
        assert_eq!(s.river, 5.0, "one corridor of five steps");
    }
}
