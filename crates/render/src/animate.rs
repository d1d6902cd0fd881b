//! Replays a maze's story, as classic maze programs show it: the carving (`trace`), then the
//! solver's search (`solution.explored_order`), then the solution path. [`Replay`] lays out
//! the frames for any front end (the terminal player of gridrender); [`svg`] writes the same
//! replay as an animated SVG that any browser plays.

use crate::ink::{Ink, Theme};
use crate::scene::crossing_walls;
use grid_core::{Axis, Grid, MazeDoc, Pos, Tile, TraceMode};
use std::fmt::Write as _;

/// What a tile shows at some moment of the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    Wall,
    Floor,
    /// Two passages crossing, the one along the axis on top.
    Crossing(Axis),
    Explored,
    Path,
    /// Outside a masked maze's shape: background from first to last.
    Outside,
}

/// The replay of one maze: a starting picture and three stages of changes.
#[derive(Debug, Clone)]
pub struct Replay {
    pub start: Grid<Look>,
    /// The stages in order (carving, searching, walking), each a list of (tile, new look).
    pub stages: Vec<(String, Vec<(Pos, Look)>)>,
}

impl Replay {
    pub fn of(m: &MazeDoc) -> Replay {
        let look = |t: &Tile| match *t {
            Tile::Wall => Look::Wall,
            Tile::Open => Look::Floor,
            Tile::Crossing(over) => Look::Crossing(over),
        };
        let outside = m.outside();
        let final_look = m.tiles.map(look);
        let mut stages = Vec::new();
        let mut start = match &m.trace {
            Some(trace) if m.trace_mode == TraceMode::Carve => {
                stages.push(("carving".to_string(), carving(m, trace)));
                m.tiles.map(|_| Look::Wall)
            }
            Some(trace) => {
                // Walls are raised on an open field; those never traced stand from the start.
                let mut start = m.tiles.map(|_| Look::Floor);
                let mut traced = Grid::new(m.tiles.width(), m.tiles.height(), false);
                for &p in trace {
                    traced[p] = true;
                }
                for p in m.tiles.positions() {
                    if m.tiles[p] == Tile::Wall && !traced[p] {
                        start[p] = Look::Wall;
                    }
                }
                stages.push((
                    "building walls".to_string(),
                    trace.iter().map(|&p| (p, Look::Wall)).collect(),
                ));
                start
            }
            None => final_look,
        };
        if let Some(outside) = &outside {
            for p in start.positions().filter(|&p| outside[p]) {
                start[p] = Look::Outside;
            }
        }
        if let Some(solution) = &m.solution {
            if let Some(order) = &solution.explored_order {
                stages.push((
                    "searching".to_string(),
                    order.iter().map(|&p| (p, Look::Explored)).collect(),
                ));
            }
            if let Some(path) = &solution.path {
                stages.push((
                    "walking".to_string(),
                    path.iter().map(|&p| (p, Look::Path)).collect(),
                ));
            }
        }
        Replay { start, stages }
    }
}

/// The carving order as changes: each traced tile opens as floor, and a crossing shows
/// itself right after the last of its five tiles is carved (the trace records a tile once,
/// so the second passage through a crossing is seen only in its neighbours).
fn carving(m: &MazeDoc, trace: &[Pos]) -> Vec<(Pos, Look)> {
    use grid_core::Dir;
    let mut carved = Grid::new(m.tiles.width(), m.tiles.height(), false);
    let mut changes = Vec::with_capacity(trace.len());
    let complete = |carved: &Grid<bool>, q: Pos| {
        carved[q]
            && Dir::ALL
                .into_iter()
                .all(|d| m.tiles.neighbour(q, d).is_some_and(|n| carved[n]))
    };
    for &p in trace {
        if !m.tiles.contains(p) || carved[p] {
            continue;
        }
        carved[p] = true;
        changes.push((p, Look::Floor));
        let around = Dir::ALL.into_iter().filter_map(|d| m.tiles.neighbour(p, d));
        for q in std::iter::once(p).chain(around) {
            if let Tile::Crossing(over) = m.tiles[q]
                && complete(&carved, q)
            {
                changes.push((q, Look::Crossing(over)));
            }
        }
    }
    changes
}

/// Frames a second of a maze's replay when none is asked for.
pub const DEFAULT_FPS: f64 = 30.0;

/// How long each change of a stage shows, in seconds: `1 / fps`, but quicker for long stages
/// so that none takes more than `longest` seconds.
pub fn step_seconds(changes: usize, fps: f64, longest: f64) -> f64 {
    (1.0 / fps).min(longest / changes.max(1) as f64)
}

/// An animated SVG (SMIL `<set>` elements) of the replay, `tile` pixels a tile.
pub fn svg(m: &MazeDoc, tile: u32, fps: f64, theme: Theme) -> String {
    let replay = Replay::of(m);
    let (w, h) = (
        m.tiles.width() as u32 * tile,
        m.tiles.height() as u32 * tile,
    );
    let hex = |ink: Ink| crate::svg::hex(theme, ink);
    let ink_of = |look: Look, order: usize, len: usize| match look {
        Look::Wall => Ink::Wall,
        Look::Floor => Ink::Floor,
        Look::Explored => Ink::Heat((order * 8 / len.max(1)) as u8),
        Look::Path => Ink::Path,
        Look::Crossing(_) => Ink::Floor,
        Look::Outside => Ink::Background,
    };
    // A tile's rectangles: the tile, and for a crossing the walls of its upper passage.
    let rects = |p: Pos, look: Look, ink: Ink| {
        let area = (p.col as u32 * tile, p.row as u32 * tile, tile, tile);
        let mut rects = vec![(area, ink)];
        if let Look::Crossing(over) = look {
            rects.extend(crossing_walls(area, over).map(|r| (r, Ink::Wall)));
        }
        rects
    };
    let mut out = String::new();
    crate::svg::open(&mut out, w, h, theme, Ink::Floor);
    for p in replay.start.positions() {
        let look = replay.start[p];
        if matches!(look, Look::Floor | Look::Outside) {
            continue;
        }
        for ((x, y, w, h), ink) in rects(p, look, ink_of(look, 0, 1)) {
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{}"/>"#,
                hex(ink)
            );
        }
    }
    let mut clock = 0.5;
    for (_, changes) in &replay.stages {
        let dt = step_seconds(changes.len(), fps, 10.0);
        for (i, &(p, look)) in changes.iter().enumerate() {
            let begin = clock + i as f64 * dt;
            for ((x, y, w, h), ink) in rects(p, look, ink_of(look, i, changes.len())) {
                let _ = writeln!(
                    out,
                    r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{}" opacity="0"><set attributeName="opacity" to="1" begin="{begin:.3}s" fill="freeze"/></rect>"#,
                    hex(ink),
                );
            }
        }
        clock += changes.len() as f64 * dt + 0.5;
    }
    for (p, ink) in [(m.start, Ink::Start), (m.goal, Ink::Goal)] {
        let inset = tile / 5;
        let side = (tile - 2 * inset).max(1);
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{side}" height="{side}" fill="{}"/>"#,
            p.col as u32 * tile + inset,
            p.row as u32 * tile + inset,
            hex(ink)
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Document;

    #[test]
    fn a_carved_maze_starts_solid_and_ends_as_drawn() {
        let text = r######"{"kind":"maze","version":1,"width":5,"height":3,"grid":["#####","#   #","#####"],"trace":[[1,1],[1,2],[1,3]],"meta":{"cells":[2,1]}}"######;
        let m = MazeDoc::from_document(&Document::from_json(text).unwrap()).unwrap();
        let replay = Replay::of(&m);
        assert!(replay.start.cells().iter().all(|&l| l == Look::Wall));
        assert_eq!(replay.stages.len(), 1);
        assert_eq!(replay.stages[0].1.len(), 3);
        let svg = svg(&m, 10, 30.0, Theme::Light);
        assert_eq!(svg.matches("<set ").count(), 3);
    }

    #[test]
    fn a_weave_replay_shows_its_crossing_once_carved_and_masks_stay_background() {
        // A plus-shaped 3x3 maze (corner cells left out) with a crossing in the middle.
        let text = r########"{"kind":"maze","version":1,"width":7,"height":7,"grid":["#######","### ###","### ###","#  |  #","### ###","### ###","#######"],"start":[3,1],"goal":[3,5],"trace":[[3,1],[3,2],[3,3],[3,4],[3,5],[1,3],[2,3],[4,3],[5,3]],"meta":{"cells":[3,3]}}"########;
        let m = MazeDoc::from_document(&Document::from_json(text).unwrap()).unwrap();
        let replay = Replay::of(&m);
        assert_eq!(replay.start[Pos::new(1, 1)], Look::Outside);
        assert_eq!(replay.start[Pos::new(0, 3)], Look::Wall);
        let changes = &replay.stages[0].1;
        assert_eq!(changes.len(), 10);
        assert_eq!(changes[7], (Pos::new(4, 3), Look::Floor));
        assert_eq!(
            changes[8],
            (Pos::new(3, 3), Look::Crossing(Axis::NorthSouth))
        );
        let svg = svg(&m, 16, 30.0, Theme::Light);
        assert_eq!(
            svg.matches("<set ").count(),
            12,
            "the crossing sets its tile and two walls"
        );
    }

    #[test]
    fn long_stages_are_sped_up() {
        assert_eq!(step_seconds(10, 10.0, 10.0), 0.1);
        assert_eq!(step_seconds(1000, 10.0, 10.0), 0.01);
    }
}
