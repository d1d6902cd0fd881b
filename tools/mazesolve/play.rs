//! `mazesolve --play`: the person at the keyboard is the solver.
//!
//! The maze may come on stdin and the answer goes to stdout, so the game draws on the terminal
//! itself (/dev/tty) and reads its keys from there; the terminal is restored on every way out.

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, queue, style::Print, terminal};
use grid_cli::best::BestTimes;
use grid_cli::{Error, Result};
use grid_core::{Axis, Dir, Grid, MazeDoc, Pos, Solution, Tile};
use owo_colors::OwoColorize;
use std::fs::File;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// How a game ended. Either way the walk is written as the solution: quitting is not an
/// error, and the walk so far is worth keeping (and drawing) as much as a finished one.
pub enum Ending {
    /// The goal was reached along this walk.
    Solved(Solution),
    /// The player quit on the way: the walk so far, marked with [`QUIT`] in `gave_up`.
    Quit(Solution),
}

impl Ending {
    /// The walk, finished or not.
    pub fn into_solution(self) -> Solution {
        match self {
            Ending::Solved(s) | Ending::Quit(s) => s,
        }
    }

    /// Whether the player quit, which ends the whole stream of mazes too.
    pub fn quit(&self) -> bool {
        matches!(self, Ending::Quit(_))
    }
}

/// The `gave_up` of a walk the player quit (docs/format.md): its path ends where the player
/// stood, not at the goal.
pub const QUIT: &str = "the player quit before the goal";

/// The solution of a human's walk of `length` steps over `path`, having seen `explored`
/// places; marked as quit unless `reached` the goal.
pub fn walk_solution(path: Vec<Pos>, explored: usize, reached: bool) -> Solution {
    Solution {
        algorithm: "human".into(),
        length: Some(path.len() - 1),
        explored,
        path: Some(path),
        explored_order: None,
        gave_up: (!reached).then(|| QUIT.to_string()),
    }
}

/// The terminal the game is played on, or the message that there is none.
pub fn screen() -> Result<grid_cli::screen::FullScreen<File>> {
    grid_cli::screen::FullScreen::on_tty()
        .map_err(|_| Error::usage("--play needs a terminal to play on"))
}

/// The next key pressed within a quarter of a second (so that the clock on screen moves),
/// or `None`.
pub fn next_key() -> Result<Option<event::KeyEvent>> {
    if !event::poll(Duration::from_millis(250))? {
        return Ok(None);
    }
    match event::read()? {
        Event::Key(key) if key.kind != KeyEventKind::Release => Ok(Some(key)),
        _ => Ok(None),
    }
}

/// Whether `key` is Ctrl-C.
pub fn interrupts(key: &event::KeyEvent) -> bool {
    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
}

/// The goal is reached: the moves beside the shortest way, the time and the best time for
/// mazes named `name`, until a key is pressed; on the lines from `row` on (where the game's
/// status line was, under the maze), or the terminal's last ones when they would not fit.
pub fn solved_screen(
    tty: &mut File,
    walked: &str,
    shortest: Option<usize>,
    secs: f64,
    name: &str,
    row: u16,
) -> Result<()> {
    let mut best = BestTimes::load("maze-best.json");
    let previous = best.get(name);
    let record = if best.record(name, secs) {
        "a new best".to_string()
    } else {
        format!("best {:.1} s", previous.unwrap_or(secs))
    };
    let shortest = shortest.map_or(String::new(), |n| format!(" (shortest {n})"));
    let figures = format!("Solved: {walked}{shortest}, {secs:.1} s, {record} for {name}.");
    let (cols, rows) = terminal::size()?;
    // On the last lines, broken between words: a line as wide as the terminal would wrap
    // and scroll the maze up.
    let width = (cols as usize).saturating_sub(1).max(20);
    let whole = format!("{figures} {ANY_KEY}");
    let lines = if whole.chars().count() <= width {
        vec![whole]
    } else {
        let mut lines = wrap_words(&figures, width);
        lines.push(ANY_KEY.to_string());
        lines
    };
    let top = row.min(rows.saturating_sub(lines.len() as u16));
    for (i, line) in lines.iter().enumerate() {
        queue!(
            tty,
            cursor::MoveTo(0, top + i as u16),
            terminal::Clear(terminal::ClearType::CurrentLine),
            Print(line.green().bold())
        )?;
    }
    tty.flush()?;
    loop {
        if let Event::Key(key) = event::read()?
            && key.kind != KeyEventKind::Release
        {
            return Ok(());
        }
    }
}

/// The end of the solved screen's message, kept whole on its line.
const ANY_KEY: &str = "Any key ends.";

/// `text` in lines of at most `width` characters, broken at spaces (a longer word stands
/// alone on its line).
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// A game at the keyboard: the square grid's, a hex maze's, or one beyond the plane. Each
/// draws itself and turns keys into moves; [`run`] is the loop they share.
pub trait Walker {
    /// A step the player asks for.
    type Move;
    /// Draws the maze and the status line (under which the solved screen then speaks).
    fn draw(&self, tty: &mut File) -> io::Result<()>;
    fn arrived(&self) -> bool;
    /// The move a key asks for, if any.
    fn move_of(&self, code: KeyCode) -> Option<Self::Move>;
    /// Whether a key ends the game (Ctrl-C always does).
    fn quits(&self, code: KeyCode) -> bool;
    fn walk(&mut self, step: Self::Move);
    fn solution(&self) -> Solution;
    fn solved_screen(&self, tty: &mut File) -> Result<()>;
}

/// Plays `game` on the terminal until the goal is reached or the player quits.
pub fn run(mut game: impl Walker) -> Result<Ending> {
    let mut screen = screen()?;
    loop {
        game.draw(&mut screen.out)?;
        if game.arrived() {
            break;
        }
        let Some(key) = next_key()? else {
            continue;
        };
        if interrupts(&key) || game.quits(key.code) {
            return Ok(Ending::Quit(game.solution()));
        }
        if let Some(step) = game.move_of(key.code) {
            game.walk(step);
        }
    }
    game.solved_screen(&mut screen.out)?;
    drop(screen);
    Ok(Ending::Solved(game.solution()))
}

pub fn play(maze: &MazeDoc) -> Result<Ending> {
    run(Game::new(maze))
}

struct Game<'a> {
    maze: &'a MazeDoc,
    at: Pos,
    walk: Vec<Pos>,
    /// Moves made: cells in a cell maze, tiles on any other map.
    moves: usize,
    trail: Vec<bool>,
    /// The direction of the last step: on a crossing, the only way on is straight ahead.
    heading: Option<Dir>,
    /// Tiles outside a masked maze, drawn as background.
    outside: Option<Grid<bool>>,
    started: Instant,
    /// The row of the status line as last drawn, where the solved screen says its figures.
    status_row: std::cell::Cell<u16>,
}

impl<'a> Game<'a> {
    fn new(maze: &'a MazeDoc) -> Self {
        let mut trail = vec![false; maze.tiles.len()];
        trail[maze.tiles.index_of(maze.start)] = true;
        Game {
            maze,
            at: maze.start,
            walk: vec![maze.start],
            moves: 0,
            trail,
            heading: None,
            outside: maze.outside(),
            started: Instant::now(),
            status_row: std::cell::Cell::new(0),
        }
    }

    /// How far the player has walked, in cells on a cell maze (a move goes one cell), else in
    /// tiles: "9 cells". A solution's `length` counts tiles, two a cell.
    fn walked(&self) -> String {
        let (one, many) = match self.maze.cells {
            Some(_) => ("cell", "cells"),
            None => ("tile", "tiles"),
        };
        grid_core::words::count(self.moves as u64, one, many)
    }

    /// The fewest moves from start to goal, counted as the player's are.
    fn shortest(&self) -> Option<usize> {
        let m = self.maze;
        let found = grid_maze::solve(grid_maze::Solver::Bfs, &m.tiles, m.start, m.goal, false);
        let tiles = found.path?.len() - 1;
        Some(if m.cells.is_some() { tiles / 2 } else { tiles })
    }

    /// Where this maze's best time is kept: by its size, so that like is compared with like.
    fn record_name(&self) -> String {
        match self.maze.cells {
            Some((w, h)) => format!("{w}x{h} cells"),
            None => format!(
                "{}x{} tiles",
                self.maze.tiles.width(),
                self.maze.tiles.height()
            ),
        }
    }
}

impl Walker for Game<'_> {
    type Move = Dir;

    fn arrived(&self) -> bool {
        self.at == self.maze.goal
    }

    fn move_of(&self, code: KeyCode) -> Option<Dir> {
        match code {
            KeyCode::Up | KeyCode::Char('k') => Some(Dir::North),
            KeyCode::Down | KeyCode::Char('j') => Some(Dir::South),
            KeyCode::Left | KeyCode::Char('h') => Some(Dir::West),
            KeyCode::Right | KeyCode::Char('l') => Some(Dir::East),
            _ => None,
        }
    }

    fn quits(&self, code: KeyCode) -> bool {
        matches!(code, KeyCode::Char('q') | KeyCode::Esc)
    }

    /// One move: a cell in a cell maze (two tiles, through an open passage), a tile otherwise.
    fn walk(&mut self, dir: Dir) {
        let tiles = &self.maze.tiles;
        let steps = if self.maze.cells.is_some() { 2 } else { 1 };
        let mut path = Vec::with_capacity(steps);
        let mut p = self.at;
        let straight = |heading: Option<Dir>| heading.is_none_or(|h| Axis::of(h) == Axis::of(dir));
        if tiles[p].is_crossing() && !straight(self.heading) {
            return;
        }
        for _ in 0..steps {
            match tiles.neighbour(p, dir) {
                Some(q) if tiles[q].is_open() => {
                    p = q;
                    path.push(q);
                }
                _ => return,
            }
        }
        self.heading = Some(dir);
        for q in path {
            self.trail[tiles.index_of(q)] = true;
            self.walk.push(q);
        }
        self.at = p;
        self.moves += 1;
    }

    /// The goal is reached: the solved screen.
    fn solved_screen(&self, tty: &mut File) -> Result<()> {
        let secs = self.started.elapsed().as_secs_f64();
        solved_screen(
            tty,
            &self.walked(),
            self.shortest(),
            secs,
            &self.record_name(),
            self.status_row.get(),
        )
    }

    /// The walk so far, marked as quit unless it reached the goal.
    fn solution(&self) -> Solution {
        walk_solution(
            self.walk.clone(),
            self.trail.iter().filter(|&&t| t).count(),
            self.at == self.maze.goal,
        )
    }

    /// Draws the part of the maze around the player that fits, and a status line.
    fn draw(&self, tty: &mut File) -> io::Result<()> {
        let (cols, rows) = terminal::size()?;
        let tiles = &self.maze.tiles;
        let view_w = (cols as usize / 2).max(1).min(tiles.width());
        let view_h = (rows as usize).saturating_sub(2).max(1).min(tiles.height());
        let left = window(self.at.col, view_w, tiles.width());
        let top = window(self.at.row, view_h, tiles.height());
        queue!(tty, terminal::Clear(terminal::ClearType::All))?;
        for r in top..top + view_h {
            let mut line = String::new();
            for c in left..left + view_w {
                let p = Pos::new(r, c);
                let cell = if p == self.at {
                    format!("{}", "()".bright_blue().bold())
                } else if p == self.maze.goal {
                    format!("{}", "GG".yellow().bold())
                } else if self.outside.as_ref().is_some_and(|o| o[p]) {
                    "  ".to_string()
                } else if tiles[p] == Tile::Wall {
                    format!("{}", "██".red())
                } else if let Tile::Crossing(over) = tiles[p] {
                    let glyph = if over == Axis::NorthSouth {
                        "││"
                    } else {
                        "══"
                    };
                    if self.trail[tiles.index_of(p)] {
                        format!("{}", glyph.cyan())
                    } else {
                        glyph.to_string()
                    }
                } else if self.trail[tiles.index_of(p)] {
                    format!("{}", "··".cyan())
                } else {
                    "  ".to_string()
                };
                line.push_str(&cell);
            }
            queue!(tty, cursor::MoveTo(0, (r - top) as u16), Print(line))?;
        }
        let status = format!(
            "walked {}   time {:.0} s   arrows or hjkl move, q quits",
            self.walked(),
            self.started.elapsed().as_secs_f64()
        );
        queue!(tty, cursor::MoveTo(0, view_h as u16), Print(status))?;
        self.status_row.set(view_h as u16);
        tty.flush()
    }
}

/// The first row (or column) of a window of `size` that keeps `at` in view.
pub fn window(at: usize, size: usize, total: usize) -> usize {
    at.saturating_sub(size / 2).min(total - size)
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    #[test]
    fn a_long_message_is_broken_between_words() {
        assert_eq!(
            wrap_words("Solved: 5 cells, a new best. Any key ends.", 20),
            ["Solved: 5 cells, a", "new best. Any key", "ends."]
        );
        assert_eq!(wrap_words("short", 20), ["short"]);
    }
}
