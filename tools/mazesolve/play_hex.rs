//! `mazesolve --play` on a hex maze: six keys for the six sides of a hexagon, the maze drawn
//! in braille as gridrender draws it, the walk so far as its path.
//!
//! The keys sit on the keyboard as the sides sit round a hexagon: `w` north and `s` south,
//! `q` and `e` the upper sides, `a` and `d` the lower ones (and the arrows up and down).

use crate::play::Ending;
use crossterm::event::KeyCode;
use crossterm::{cursor, queue, style::Print, terminal};
use grid_cli::Result;
use grid_core::tiling::{AnyMaze, Cell, Hex, TiledDoc, TiledMaze, Topology};
use grid_core::{Pos, Solution};
use std::fs::File;
use std::io::{self, Write};
use std::time::Instant;

/// The side of a hexagon each key walks through, in the order of `Hex`'s sides
/// (N, NE, SE, S, SW, NW).
fn side_of(code: KeyCode) -> Option<usize> {
    match code {
        KeyCode::Char('w') | KeyCode::Up => Some(0),
        KeyCode::Char('e') => Some(1),
        KeyCode::Char('d') => Some(2),
        KeyCode::Char('s') | KeyCode::Down => Some(3),
        KeyCode::Char('a') => Some(4),
        KeyCode::Char('q') => Some(5),
        _ => None,
    }
}

pub fn play(doc: &TiledDoc) -> Result<Ending> {
    let AnyMaze::Hex(maze) = &doc.maze else {
        unreachable!("only hex mazes come here");
    };
    crate::play::run(Game::new(doc, maze))
}

struct Game<'a> {
    doc: &'a TiledDoc,
    maze: &'a TiledMaze<Hex>,
    at: Cell,
    goal: Cell,
    walk: Vec<Cell>,
    started: Instant,
    /// The row of the status line as last drawn, where the solved screen says its figures.
    status_row: std::cell::Cell<u16>,
}

impl<'a> Game<'a> {
    fn new(doc: &'a TiledDoc, maze: &'a TiledMaze<Hex>) -> Self {
        let cell = |p: Pos| {
            maze.cell_at(p)
                .expect("start and goal are cells of the maze")
        };
        let at = cell(doc.start);
        Game {
            doc,
            maze,
            at,
            goal: cell(doc.goal),
            walk: vec![at],
            started: Instant::now(),
            status_row: std::cell::Cell::new(0),
        }
    }

    fn moves(&self) -> usize {
        self.walk.len() - 1
    }

    fn positions(&self) -> Vec<Pos> {
        let t = self.maze.topology();
        self.walk.iter().map(|&c| t.position(c)).collect()
    }
}

impl crate::play::Walker for Game<'_> {
    type Move = usize;

    fn arrived(&self) -> bool {
        self.at == self.goal
    }

    fn move_of(&self, code: KeyCode) -> Option<usize> {
        side_of(code)
    }

    /// Esc alone: q walks north-west.
    fn quits(&self, code: KeyCode) -> bool {
        code == KeyCode::Esc
    }

    /// One step through side `k` of the current cell, if its passage is open.
    fn walk(&mut self, k: usize) {
        let mut sides = Vec::new();
        self.maze.sides(self.at, &mut sides);
        if let Some(&s) = sides
            .get(k)
            .filter(|s| !s.is_edge() && self.maze.is_open(**s))
        {
            self.at = s.to;
            self.walk.push(s.to);
        }
    }

    fn solution(&self) -> Solution {
        let mut seen = self.walk.clone();
        seen.sort_unstable();
        seen.dedup();
        crate::play::walk_solution(self.positions(), seen.len(), self.at == self.goal)
    }

    /// The maze in braille with the walk as its path, around the player when it is bigger
    /// than the terminal, and a status line.
    fn draw(&self, tty: &mut File) -> io::Result<()> {
        let (cols, rows) = terminal::size()?;
        let mut shown = self.doc.clone();
        shown.start = self.maze.topology().position(self.at);
        shown.solution = Some(Solution {
            path: Some(self.positions()),
            ..self.solution()
        });
        let mut text = Vec::new();
        grid_render::tiled::render_braille(&shown, true, &mut text)
            .map_err(|e| io::Error::other(e.to_string()))?;
        let text = String::from_utf8_lossy(&text);
        let lines: Vec<&str> = text.lines().collect();
        let view = (rows as usize).saturating_sub(2).max(1);
        // The player's line: hexagons are about 1.3 lines high.
        let row = self.maze.topology().position(self.at).row;
        let at_line = (row * lines.len()) / self.maze.topology().height().max(1);
        let top = at_line
            .saturating_sub(view / 2)
            .min(lines.len().saturating_sub(view));
        queue!(tty, terminal::Clear(terminal::ClearType::All))?;
        for (i, line) in lines.iter().skip(top).take(view).enumerate() {
            queue!(tty, cursor::MoveTo(0, i as u16), Print(line))?;
        }
        let status = format!(
            "walked {}   time {:.0} s",
            grid_core::words::count(self.moves() as u64, "cell", "cells"),
            self.started.elapsed().as_secs_f64()
        );
        // The keys on a line of their own, so that a long walk's figures never cut them off.
        let keys = "q w e / a s d walk (NW N NE / SW S SE), Esc quits";
        let row = view.min(lines.len());
        for (i, text) in [status.as_str(), keys].into_iter().enumerate() {
            let text: String = text.chars().take(cols as usize).collect();
            queue!(tty, cursor::MoveTo(0, (row + i) as u16), Print(text))?;
        }
        self.status_row.set((row + 1) as u16);
        tty.flush()
    }

    /// The goal is reached: the solved screen, best times kept by the maze's size.
    fn solved_screen(&self, tty: &mut File) -> Result<()> {
        let secs = self.started.elapsed().as_secs_f64();
        let t = self.maze.topology();
        let name = format!("{}x{} hex cells", t.width(), t.height());
        let shortest = grid_maze::tiled::distances(self.maze, self.walk[0])[self.goal as usize];
        crate::play::solved_screen(
            tty,
            &grid_core::words::count(self.moves() as u64, "cell", "cells"),
            Some(shortest as usize),
            secs,
            &name,
            self.status_row.get(),
        )
    }
}
