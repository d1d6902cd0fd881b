//! `mazesolve --play` beyond the plane: square cells stacked in levels, on a rectangle whose
//! edges wrap around, and on the six faces of a cube.
//!
//! The arrows (or hjkl) walk north, east, south and west as the screen shows them; on
//! levels `u` and `d` climb the stairs where a passage goes up or down. A wrapped maze is
//! drawn flat, its joined edges open where a passage crosses them, so that walking off one
//! edge comes back on the other. The cube shows the face the player is on, turned so that
//! the way the player was going stays the way the arrow points: walking over an edge onto
//! the next face turns the view with the walker, as a walker on a real cube would see it.

use crate::play::{Ending, walk_solution};
use crossterm::event::KeyCode;
use crossterm::{cursor, queue, style::Print, terminal};
use grid_cli::Result;
use grid_core::tiling::{
    AnyMaze, Cell, Cube, FACE_NAMES, Levels, Passage, Side, TiledDoc, TiledMaze, Topology, Wrap,
    Wrapped,
};
use owo_colors::OwoColorize;
use std::fs::File;
use std::io::{self, Write};
use std::time::Instant;

/// The directions on the screen, clockwise from north: the first four of a cell's sides on
/// every square-cell topology.
const ARROWS: [&str; 4] = ["north", "east", "south", "west"];

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Move {
    /// A step the way an arrow points on the screen (0 north, 1 east, 2 south, 3 west).
    Screen(usize),
    /// Up the stairs (a levels maze's fifth side).
    Up,
    /// Down the stairs (its sixth).
    Down,
}

fn move_of(code: KeyCode, stairs: bool) -> Option<Move> {
    Some(match code {
        KeyCode::Up | KeyCode::Char('k') => Move::Screen(0),
        KeyCode::Right | KeyCode::Char('l') => Move::Screen(1),
        KeyCode::Down | KeyCode::Char('j') => Move::Screen(2),
        KeyCode::Left | KeyCode::Char('h') => Move::Screen(3),
        KeyCode::Char('u') | KeyCode::PageUp if stairs => Move::Up,
        KeyCode::Char('d') | KeyCode::PageDown if stairs => Move::Down,
        _ => return None,
    })
}

/// The topologies played here, and what each needs of the screen.
trait Board: Topology {
    /// Stairs to climb (levels).
    const STAIRS: bool = false;

    /// Whether the view turns over a seam, so that the arrow pressed still points the way
    /// the walker goes (the cube; a wrapped maze is drawn flat and needs no turn).
    const TURNS: bool = false;

    /// The blocks of cells to draw, each titled; `turn` is the view's quarter turns (0 but
    /// on the cube).
    fn blocks(&self, at: Cell, turn: usize) -> Vec<Block>;

    /// Where the player and the goal are, in words for the status line.
    fn whereabouts(&self, at: Cell, goal: Cell) -> String;

    /// What the keys are, for the line under the status.
    fn keys(&self) -> &'static str {
        "arrows or hjkl move, q quits"
    }

    /// The name best times are kept under.
    fn record_name(&self) -> String;

    /// Lines under the keys that place the player in the whole (the cube's net).
    fn legend(&self, _at: Cell, _goal: Cell) -> Vec<String> {
        Vec::new()
    }

    /// The mark on the open edge of the drawing that side `d` (N, E, S, W, as drawn) of
    /// `cell` leaves by, when the same mark shows where the way comes back in.
    fn seam_mark(&self, _cell: Cell, _d: usize) -> Option<char> {
        None
    }
}

/// A rectangle of cells drawn as one piece: a level, the wrapped rectangle, a cube's face.
struct Block {
    title: String,
    /// `rows[r][c]`: the cell drawn there (`None`: none, or one a mask leaves out).
    rows: Vec<Vec<Option<Cell>>>,
    /// The way each screen direction (N, E, S, W) is numbered among the cells' sides.
    turn: usize,
    /// Whether this block holds the player (its title is highlighted).
    current: bool,
}

impl Board for Levels {
    const STAIRS: bool = true;

    /// Every level side by side, level 1 on the left, the player's highlighted.
    fn blocks(&self, at: Cell, _turn: usize) -> Vec<Block> {
        let (w, h) = (self.width(), self.height());
        (0..self.levels())
            .map(|l| Block {
                title: format!("level {}", l + 1),
                rows: (0..h)
                    .map(|r| {
                        (0..w)
                            .map(|c| Some(((l * h + r) * w + c) as Cell))
                            .collect()
                    })
                    .collect(),
                turn: 0,
                current: self.level(at) == l,
            })
            .collect()
    }

    fn whereabouts(&self, at: Cell, goal: Cell) -> String {
        format!(
            "level {} of {}, goal on level {}",
            self.level(at) + 1,
            self.levels(),
            self.level(goal) + 1
        )
    }

    fn keys(&self) -> &'static str {
        "arrows or hjkl move, u / d take stairs (^ up, v down, ^v or x both), q quits"
    }

    fn record_name(&self) -> String {
        format!(
            "{}x{}x{} level cells",
            self.width(),
            self.height(),
            self.levels()
        )
    }
}

impl Board for Wrapped {
    fn blocks(&self, _at: Cell, _turn: usize) -> Vec<Block> {
        let (w, h) = (self.width(), self.height());
        let how = match self.wrap() {
            Wrap::X => "left and right edges joined",
            Wrap::Y => "top and bottom edges joined",
            Wrap::XY => "both pairs of edges joined (a torus)",
            Wrap::Mobius => "left and right edges joined with a twist: row r meets row H-1-r",
        };
        vec![Block {
            title: format!("wrapped {}: {how}", self.wrap()),
            rows: (0..h)
                .map(|r| (0..w).map(|c| Some((r * w + c) as Cell)).collect())
                .collect(),
            turn: 0,
            current: true,
        }]
    }

    /// The picture shows it all.
    fn whereabouts(&self, _at: Cell, _goal: Cell) -> String {
        String::new()
    }

    /// A way across the left and right edges is lettered by the row it leaves on the
    /// right (a to z, then again), a way across the top and bottom by its column (A to Z),
    /// so that both of its ends carry the same letter: on the Möbius strip row r comes
    /// back in on row H-1-r.
    fn seam_mark(&self, cell: Cell, d: usize) -> Option<char> {
        let p = self.position(cell);
        let letter = |base: u8, n: usize| char::from(base + (n % 26) as u8);
        match d {
            1 => Some(letter(b'a', p.row)),
            3 if self.wrap() == Wrap::Mobius => Some(letter(b'a', self.height() - 1 - p.row)),
            3 => Some(letter(b'a', p.row)),
            _ => Some(letter(b'A', p.col)),
        }
    }

    fn keys(&self) -> &'static str {
        "arrows or hjkl move (off an open edge, back in at the same letter), q quits"
    }

    fn record_name(&self) -> String {
        format!(
            "{}x{} wrapped {} cells",
            self.width(),
            self.height(),
            self.wrap()
        )
    }
}

impl Board for Cube {
    const TURNS: bool = true;

    /// The player's face, turned `turn` quarter turns (screen north is the face's side
    /// `turn`).
    fn blocks(&self, at: Cell, turn: usize) -> Vec<Block> {
        let (face, _, _) = self.place(at);
        let n = self.size();
        let cell = |r: usize, c: usize| (face * n * n + r * n + c) as Cell;
        let rows = (0..n)
            .map(|sr| {
                (0..n)
                    .map(|sc| {
                        Some(match turn {
                            0 => cell(sr, sc),
                            1 => cell(sc, n - 1 - sr),
                            2 => cell(n - 1 - sr, n - 1 - sc),
                            _ => cell(n - 1 - sc, sr),
                        })
                    })
                    .collect()
            })
            .collect();
        let beyond: Vec<String> = (0..4)
            .map(|d| {
                format!(
                    "{} {}",
                    ARROWS[d],
                    FACE_NAMES[face_beyond(self, face, (d + turn) % 4)]
                )
            })
            .collect();
        vec![Block {
            title: format!("face {} ({})", FACE_NAMES[face], beyond.join(", ")),
            rows,
            turn,
            current: true,
        }]
    }

    fn whereabouts(&self, at: Cell, goal: Cell) -> String {
        format!(
            "on the {} face, goal on the {} face",
            FACE_NAMES[self.place(at).0],
            FACE_NAMES[self.place(goal).0]
        )
    }

    fn record_name(&self) -> String {
        format!("cube {} cells", self.size())
    }

    /// The net of docs/format.md, the player's face in brackets and the goal's starred, so
    /// that the turned view can be placed on the cube.
    fn legend(&self, at: Cell, goal: Cell) -> Vec<String> {
        let (here, there) = (self.place(at).0, self.place(goal).0);
        let name = |f: usize| {
            let star = if f == there { "*" } else { "" };
            let text = if f == here {
                format!("[{}]{star}", FACE_NAMES[f])
            } else {
                format!(" {}{star}", FACE_NAMES[f])
            };
            format!("{text:<10}")
        };
        let blank = " ".repeat(10);
        vec![
            format!("net:  {blank}{}", name(1)),
            format!("      {}{}{}{}", name(3), name(0), name(2), name(5)),
            format!("      {blank}{}   (* the goal)", name(4)),
        ]
    }
}

/// The face across side `d` (0 N, 1 E, 2 S, 3 W) of face `face` of `cube`.
fn face_beyond(cube: &Cube, face: usize, d: usize) -> usize {
    let n = cube.size();
    // A corner cell on that side: (0, 0) touches N and W, (n-1, n-1) touches E and S.
    let corner = if d == 0 || d == 3 { 0 } else { n * n - 1 };
    let mut sides = Vec::new();
    cube.sides((face * n * n + corner) as Cell, &mut sides);
    cube.place(sides[d].to).0
}

pub fn play(doc: &TiledDoc) -> Result<Ending> {
    match &doc.maze {
        AnyMaze::Levels(m) => play_on(doc, m),
        AnyMaze::Wrapped(m) => play_on(doc, m),
        AnyMaze::Cube(m) => play_on(doc, m),
        _ => unreachable!("only levels, wrapped and cube mazes come here"),
    }
}

fn play_on<T: Board>(doc: &TiledDoc, maze: &TiledMaze<T>) -> Result<Ending> {
    crate::play::run(Game::new(doc, maze))
}

struct Game<'a, T> {
    maze: &'a TiledMaze<T>,
    at: Cell,
    goal: Cell,
    walk: Vec<Cell>,
    /// The cube view's quarter turns: screen north is the side `turn` of the player's face.
    turn: usize,
    started: Instant,
    /// The row of the keys' line as last drawn (under the status line), where the solved
    /// screen says its figures.
    status_row: std::cell::Cell<u16>,
}

impl<'a, T: Board> Game<'a, T> {
    fn new(doc: &TiledDoc, maze: &'a TiledMaze<T>) -> Self {
        let cell = |p| {
            maze.cell_at(p)
                .expect("start and goal are cells of the maze")
        };
        let at = cell(doc.start);
        Game {
            maze,
            at,
            goal: cell(doc.goal),
            walk: vec![at],
            turn: 0,
            started: Instant::now(),
            status_row: std::cell::Cell::new(0),
        }
    }

    fn moves(&self) -> usize {
        self.walk.len() - 1
    }

    /// The stairs open from the player's cell, in words, on levels: the player's mark hides
    /// the cell's own.
    fn stairs_here(&self) -> Option<&'static str> {
        let mut sides = Vec::new();
        self.maze.sides(self.at, &mut sides);
        let open = |k: usize| sides.get(k).is_some_and(|s| self.maze.is_open(*s));
        match (open(4), open(5)) {
            (true, true) => Some("up and down"),
            (true, false) => Some("up"),
            (false, true) => Some("down"),
            _ => None,
        }
    }

    /// A cell's tile: the player, the goal, stairs, the trail.
    fn glyph(&self, cell: Cell, trail: &[bool], sides: &mut Vec<Side>) -> Tile {
        if cell == self.at {
            return Tile::new("()", '@', Paint::Player);
        }
        if cell == self.goal {
            return Tile::new("GG", 'G', Paint::Goal);
        }
        let stairs = if T::STAIRS {
            self.maze.sides(cell, sides);
            let open = |k: usize| sides.get(k).is_some_and(|s| self.maze.is_open(*s));
            match (open(4), open(5)) {
                (true, true) => Some(("^v", 'x')),
                (true, false) => Some(("^^", '^')),
                (false, true) => Some(("vv", 'v')),
                _ => None,
            }
        } else {
            None
        };
        let paint = if trail[cell as usize] {
            Paint::Trail
        } else {
            Paint::Plain
        };
        match stairs {
            Some((wide, narrow)) => Tile::new(wide, narrow, paint),
            None if trail[cell as usize] => Tile::new("··", '·', paint),
            None => Tile::OPEN,
        }
    }

    /// The tile on side `d` of `cell`: a wall, an opening, or on the drawing's `edge` an
    /// opening with the mark its other end carries too, next to the cell it leads from.
    fn opening(&self, cell: Option<Cell>, d: usize, edge: bool, open: bool) -> Tile {
        if !open {
            return Tile::WALL;
        }
        let mark = cell
            .filter(|_| edge)
            .and_then(|c| self.maze.topology().seam_mark(c, d));
        match mark {
            None => Tile::OPEN,
            Some(m) if d == 3 => Tile {
                wide: [' ', m],
                narrow: m,
                paint: Paint::Mark,
            },
            Some(m) => Tile {
                wide: [m, ' '],
                narrow: m,
                paint: Paint::Mark,
            },
        }
    }

    /// A block as lines of tiles: each cell, and between and around cells a wall or an
    /// opening (open on a seam too, so that the way over it shows).
    fn block_lines(&self, block: &Block, trail: &[bool]) -> Vec<Vec<Tile>> {
        let (h, w) = (block.rows.len(), block.rows[0].len());
        let mut sides = Vec::new();
        let open = |cell: Option<Cell>, d: usize, sides: &mut Vec<Side>| -> bool {
            cell.is_some_and(|c| {
                self.maze.sides(c, sides);
                let s = sides[(d + block.turn) % 4];
                !s.is_edge() && self.maze.is_open(s)
            })
        };
        let mut lines = Vec::with_capacity(2 * h + 1);
        for tr in 0..2 * h + 1 {
            let mut line = Vec::with_capacity(2 * w + 1);
            for tc in 0..2 * w + 1 {
                let (r, c) = (tr / 2, tc / 2);
                let tile = match (tr % 2, tc % 2) {
                    (1, 1) => match block.rows[r][c] {
                        Some(cell) => self.glyph(cell, trail, &mut sides),
                        None => Tile::new("░░", '░', Paint::Outside),
                    },
                    // A wall between two cells in a row, or at the row's ends.
                    (1, 0) => {
                        let (cell, d) = if c < w {
                            (block.rows[r][c], 3)
                        } else {
                            (block.rows[r][w - 1], 1)
                        };
                        let edge = c == 0 || c == w;
                        self.opening(cell, d, edge, open(cell, d, &mut sides))
                    }
                    (0, 1) => {
                        let (cell, d) = if r < h {
                            (block.rows[r][c], 0)
                        } else {
                            (block.rows[h - 1][c], 2)
                        };
                        let edge = r == 0 || r == h;
                        self.opening(cell, d, edge, open(cell, d, &mut sides))
                    }
                    _ => Tile::WALL,
                };
                line.push(tile);
            }
            lines.push(line);
        }
        lines
    }
}

impl<T: Board> crate::play::Walker for Game<'_, T> {
    type Move = Move;

    fn arrived(&self) -> bool {
        self.at == self.goal
    }

    fn move_of(&self, code: KeyCode) -> Option<Move> {
        move_of(code, T::STAIRS)
    }

    fn quits(&self, code: KeyCode) -> bool {
        matches!(code, KeyCode::Char('q') | KeyCode::Esc)
    }

    /// One step, if the passage that way is open. Over an edge of the cube the view turns so
    /// that the arrow pressed still points the way the walker goes.
    fn walk(&mut self, m: Move) {
        let mut sides = Vec::new();
        self.maze.sides(self.at, &mut sides);
        let k = match m {
            Move::Screen(d) => (d + self.turn) % 4,
            Move::Up => 4,
            Move::Down => 5,
        };
        let Some(&side) = sides
            .get(k)
            .filter(|s| !s.is_edge() && self.maze.is_open(**s))
        else {
            return;
        };
        let from = self.at;
        if let Move::Screen(d) = m
            && T::TURNS
            && self.maze.topology().passage(from, side.to) == Passage::Seam
        {
            // The side of the new cell that leads back; the walker goes on opposite it.
            self.maze.topology().sides(side.to, &mut sides);
            let back = sides
                .iter()
                .position(|s| s.to == from)
                .expect("a side leads back");
            self.turn = (back + 2 + 4 - d) % 4;
        }
        self.at = side.to;
        self.walk.push(side.to);
    }

    fn solution(&self) -> grid_core::Solution {
        let t = self.maze.topology();
        let mut seen = self.walk.clone();
        seen.sort_unstable();
        seen.dedup();
        walk_solution(
            self.walk.iter().map(|&c| t.position(c)).collect(),
            seen.len(),
            self.at == self.goal,
        )
    }

    /// The blocks side by side when they fit, else the player's alone, cut around the
    /// player when it is bigger than the terminal; a title line above and a status line.
    fn draw(&self, tty: &mut File) -> io::Result<()> {
        let (cols, rows) = terminal::size()?;
        let (cols, rows) = (cols as usize, rows as usize);
        let t = self.maze.topology();
        let mut trail = vec![false; t.len()];
        for &c in &self.walk {
            trail[c as usize] = true;
        }
        let mut blocks = t.blocks(self.at, self.turn);
        for block in &mut blocks {
            for cell in block.rows.iter_mut().flatten() {
                *cell = cell.filter(|&c| self.maze.contains(c));
            }
        }
        // Two characters a tile, or one when that lets every block fit side by side, or the
        // player's block alone.
        let tiles_of = |b: &Block| 2 * b.rows[0].len() + 1;
        let needs = |chars: usize| -> usize {
            blocks
                .iter()
                .map(|b| tiles_of(b) * chars + 2)
                .sum::<usize>()
                - 2
        };
        let others = blocks.len() - 1;
        let narrow = others > 0 && needs(2) > cols && needs(1) <= cols;
        if needs(2) > cols && !narrow {
            blocks.retain(|b| b.current);
        }
        let chars = if narrow { 1 } else { 2 };
        queue!(tty, terminal::Clear(terminal::ClearType::All))?;
        let view_h = rows
            .saturating_sub(4 + t.legend(self.at, self.goal).len())
            .max(1);
        let mut x = 0;
        for block in &blocks {
            let lines = self.block_lines(block, &trail);
            // The tiles of the player's cell in this block, to keep it in view.
            let (pr, pc) = block
                .rows
                .iter()
                .enumerate()
                .find_map(|(r, row)| {
                    row.iter()
                        .position(|&c| c == Some(self.at))
                        .map(|c| (2 * r + 1, 2 * c + 1))
                })
                .unwrap_or((0, 0));
            let tiles_w = tiles_of(block);
            let view_w = (cols.saturating_sub(x) / chars).max(1).min(tiles_w);
            let top = crate::play::window(pr, view_h.min(lines.len()), lines.len());
            let left = crate::play::window(pc, view_w, tiles_w);
            let mut title = block.title.clone();
            if blocks.len() == 1 && others > 0 {
                title = format!("{title} (of {}; the others do not fit)", others + 1);
            }
            let title: String = title.chars().take(cols.saturating_sub(x)).collect();
            let title = if block.current && others > 0 {
                title.bright_blue().bold().to_string()
            } else {
                title
            };
            queue!(tty, cursor::MoveTo(x as u16, 0), Print(title))?;
            for (i, line) in lines.iter().skip(top).take(view_h).enumerate() {
                let cut: String = line[left..left + view_w]
                    .iter()
                    .map(|tile| tile.show(narrow))
                    .collect();
                queue!(tty, cursor::MoveTo(x as u16, (i + 1) as u16), Print(cut))?;
            }
            x += view_w * chars + 2;
        }
        let mut whereabouts = t.whereabouts(self.at, self.goal);
        if let Some(stairs) = self.stairs_here() {
            whereabouts.push_str(&format!(", stairs {stairs} here"));
        }
        let status = format!(
            "walked {}   {whereabouts}{}time {:.0} s",
            grid_core::words::count(self.moves() as u64, "cell", "cells"),
            if whereabouts.is_empty() { "" } else { "   " },
            self.started.elapsed().as_secs_f64(),
        );
        let lines = blocks
            .iter()
            .map(|b| 2 * b.rows.len() + 1)
            .max()
            .unwrap_or(1);
        // The keys on a line of their own, so that they are never cut off.
        let below = [status, t.keys().to_string()]
            .into_iter()
            .chain(t.legend(self.at, self.goal));
        for (i, text) in below.enumerate() {
            let text: String = text.chars().take(cols).collect();
            let y = lines.min(view_h) + 1 + i;
            queue!(tty, cursor::MoveTo(0, y as u16), Print(text))?;
        }
        self.status_row.set((lines.min(view_h) + 2) as u16);
        tty.flush()
    }

    /// The goal is reached: the solved screen, best times kept by the maze's size.
    fn solved_screen(&self, tty: &mut File) -> Result<()> {
        let secs = self.started.elapsed().as_secs_f64();
        let shortest = grid_maze::tiled::distances(self.maze, self.walk[0])[self.goal as usize];
        crate::play::solved_screen(
            tty,
            &grid_core::words::count(self.moves() as u64, "cell", "cells"),
            Some(shortest as usize),
            secs,
            &self.maze.topology().record_name(),
            self.status_row.get(),
        )
    }
}

/// One tile of the drawing: two characters wide, or one in the narrow drawing that fits more
/// levels side by side (`@` the player, `^`, `v` and `x` stairs up, down and both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tile {
    wide: [char; 2],
    narrow: char,
    paint: Paint,
}

/// The colour of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paint {
    Plain,
    Wall,
    Player,
    Goal,
    Trail,
    /// The letters pairing the ends of a way across a wrapped edge.
    Mark,
    /// A cell a mask leaves out.
    Outside,
}

impl Tile {
    const WALL: Tile = Tile::new("██", '█', Paint::Wall);
    const OPEN: Tile = Tile::new("  ", ' ', Paint::Plain);

    /// A tile of the two characters of `wide`: two ASCII ones, or else `narrow` doubled
    /// (the wide texts of block and dot characters are that, "██", "░░", "··").
    const fn new(wide: &str, narrow: char, paint: Paint) -> Tile {
        let b = wide.as_bytes();
        let (first, second) = if b.len() == 2 {
            (b[0] as char, b[1] as char)
        } else {
            (narrow, narrow)
        };
        Tile {
            wide: [first, second],
            narrow,
            paint,
        }
    }

    /// The tile's text in colour.
    fn show(self, narrow: bool) -> String {
        let text: String = if narrow {
            self.narrow.to_string()
        } else {
            self.wide.iter().collect()
        };
        match self.paint {
            Paint::Plain => text,
            Paint::Wall => text.red().to_string(),
            Paint::Player => text.bright_blue().bold().to_string(),
            Paint::Goal => text.yellow().bold().to_string(),
            Paint::Trail => text.cyan().to_string(),
            Paint::Mark => text.magenta().bold().to_string(),
            Paint::Outside => text.dimmed().to_string(),
        }
    }
}
