//! The puzzles of a book (`-o book.pdf`): each document as a puzzle to print blank, with its
//! answer where it has one or where it can be solved for.

use grid_cli::{Place, Result};
use grid_core::mines_doc::{GameState, MinesDoc, Move};
use grid_core::{Document, Kind};
use grid_render::book::{Entry, Extent};
use std::time::Duration;

/// The `number`th puzzle of a book, from its document: numbered, titled by `meta.title`
/// when it has one, with a line of what it is; and, for a puzzle without an answer, a note
/// saying so for stderr. A nonogram without its answer is solved for one when the book
/// prints `answers`.
pub fn entry(
    place: &Place,
    doc: Document,
    number: usize,
    answers: bool,
) -> Result<(Entry, Option<String>)> {
    let title = doc.meta_field::<String>("title").ok().flatten();
    let mut why = None;
    let (puzzle, answer, about, size) = match doc.kind() {
        Kind::Maze => maze(doc),
        Kind::Nonogram => nonogram(doc, answers).map(|(parts, unsolved)| {
            why = unsolved;
            parts
        }),
        Kind::Mines => mines(doc),
    }
    .map_err(|e| place.locate(e))?;
    let entry = Entry {
        number,
        title,
        about,
        size,
        puzzle,
        answer,
    };
    let note = why.map(|why| {
        format!(
            "gridrender: {} line {}: {} {why}",
            place.source,
            place.line,
            entry.heading()
        )
    });
    let note = note.or_else(|| {
        entry.answer.is_none().then(|| {
            format!(
                "gridrender: {} line {}: {} has no answer to print (a maze without a way from \
             its start to its goal, a nonogram without its `key` or a solved grid)",
                place.source,
                place.line,
                entry.heading()
            )
        })
    });
    Ok((entry, note))
}

/// The puzzle, its answer, a line about it, and its size in cells.
type Parts = (Document, Option<Document>, String, Extent);

/// A maze drawn without its path; its answer the document's `solution`, or the shortest
/// path when it has none.
fn maze(doc: Document) -> grid_core::Result<Parts> {
    let (about, size) = maze_size(&doc)?;
    let mut puzzle = doc.clone();
    for field in ["solution", "trace", "stats"] {
        puzzle.remove(field);
    }
    let answer = if doc.has("solution") {
        Some(doc)
    } else {
        solved(doc)?
    };
    Ok((puzzle, answer, about, size))
}

/// A maze's line about it and its size: its tiling (what its edges join, beyond the
/// plane) and its cells, rings, levels or faces.
fn maze_size(doc: &Document) -> grid_core::Result<(String, Extent)> {
    use grid_core::tiling::{Tiling, Wrap};
    let tiling = grid_core::tiling::tiling_of(doc)?;
    let width: Option<usize> = doc.field("width")?;
    let height: Option<usize> = doc.field("height")?;
    let said = |size: Extent| (size.to_string(), size);
    let cells = |size: Extent| match tiling {
        Tiling::Square => Ok(said(size)),
        Tiling::Wrapped => {
            let wrap: Option<Wrap> = doc
                .field::<String>("wrap")?
                .and_then(|name| name.parse().ok());
            let shape = match wrap {
                Some(Wrap::XY) => "torus",
                Some(Wrap::Mobius) => "Möbius strip",
                _ => "cylinder",
            };
            // A hex maze with a wrap reads as a wrapped one; its line says its hexagons.
            let hex = if grid_core::tiling::is_hex_wrap(doc) {
                "hex "
            } else {
                ""
            };
            Ok((format!("{hex}{shape} {size}"), size))
        }
        tiling => Ok((format!("{tiling} {size}"), size)),
    };
    match tiling {
        Tiling::Levels => {
            let levels: usize = doc.field("levels")?.unwrap_or(1);
            let (w, h) = (width.unwrap_or(1), height.unwrap_or(1));
            Ok(said(Extent::Levels(levels, w, h)))
        }
        Tiling::Cube => Ok(said(Extent::Cube(width.unwrap_or(1)))),
        _ => match (doc.meta_field::<[usize; 2]>("cells")?, width, height) {
            (Some([w, h]), _, _) => cells(Extent::Cells(w, h)),
            (None, _, Some(h)) if doc.has("rings") => cells(Extent::Rings(h)),
            (None, Some(w), Some(h)) => cells(Extent::Cells(w, h)),
            _ => Ok((String::new(), Extent::Cells(1, 1))),
        },
    }
}

/// A maze with the shortest path from its start to its goal as its `solution` (as
/// `mazesolve` writes it), or nothing when there is no such path.
fn solved(mut doc: Document) -> grid_core::Result<Option<Document>> {
    use grid_core::tiling::{TiledDoc, Tiling, tiling_of};
    let solver = grid_maze::Solver::Bfs;
    let (found, start, goal) = if tiling_of(&doc)? == Tiling::Square {
        let maze = grid_core::MazeDoc::from_document(&doc)?;
        let found = grid_maze::solve(solver, &maze.tiles, maze.start, maze.goal, false);
        (found.into_solution(solver), maze.start, maze.goal)
    } else {
        let maze = TiledDoc::from_document(&doc)?;
        let found = grid_maze::tiled::solve_tiled(solver, &maze.maze, maze.start, maze.goal, false);
        (found.into_solution(solver), maze.start, maze.goal)
    };
    if found.length.is_none() {
        return Ok(None);
    }
    doc.set("start", start);
    doc.set("goal", goal);
    doc.set("solution", &found);
    Ok(Some(doc))
}

/// A nonogram with its clues and the grid as the puzzle gives it (givens shown, a solved
/// grid emptied); its answer the key, or the solved grid, or when `solve` the solver's
/// solution (one of them, said in its line, where there are several). With the parts, what
/// stderr says of a puzzle the solver found no answer for, or of one with several.
fn nonogram(doc: Document, solve: bool) -> grid_core::Result<(Parts, Option<String>)> {
    let width: usize = doc.required("width")?;
    let height: usize = doc.required("height")?;
    let mut about = format!("{width} x {height}");
    if let Some(colors) = doc
        .value("colors")?
        .and_then(|c| c.as_object().map(|o| o.len()))
    {
        let plural = if colors == 1 { "" } else { "s" };
        about.push_str(&format!(", {colors} colour{plural}"));
    }
    // nonogen's grade, or the one nonosolve gave a puzzle it proved unique.
    let graded = match doc.meta_field::<String>("difficulty")? {
        Some(difficulty) => Some(difficulty),
        None => doc.value("solution")?.and_then(|s| {
            let unique = s.get("status")?.as_str()? == "unique";
            unique.then(|| s.get("method")?.as_str().map(str::to_owned))?
        }),
    };
    if let Some(difficulty) = &graded {
        about.push_str(&format!(", {}", in_words(difficulty)));
    }
    let rows: Vec<String> = doc.field("grid")?.unwrap_or_default();
    let solved = !rows.is_empty() && rows.iter().all(|r| !r.contains('?'));
    if doc.has("key") {
        let mut answer = doc.clone();
        grid_core::nonogram_doc::show_key(&mut answer)?;
        return Ok((
            (doc, Some(answer), about, Extent::Cells(width, height)),
            None,
        ));
    }
    if solved {
        let mut puzzle = doc.clone();
        let blank: Vec<String> = rows.iter().map(|r| "?".repeat(r.chars().count())).collect();
        puzzle.set("grid", blank);
        for field in ["status", "solutions", "explain", "steps"] {
            puzzle.remove(field);
        }
        return Ok((
            (puzzle, Some(doc), about, Extent::Cells(width, height)),
            None,
        ));
    }
    let size = Extent::Cells(width, height);
    if !solve {
        return Ok(((doc, None, about, size), None));
    }
    Ok(match solved_nonogram(&doc)? {
        Solved::One(answer, method) => {
            // Solved here, as nonosolve would: its grade is the solver's.
            if let (None, Some(method)) = (&graded, method) {
                about.push_str(&format!(", {}", in_words(method.name())));
            }
            ((doc, Some(answer), about, size), None)
        }
        Solved::Several(answer) => {
            about.push_str(", more than one solution");
            let why = "has more than one solution: its answer shows one".to_string();
            ((doc, Some(answer), about, size), Some(why))
        }
        Solved::Not(why) => ((doc, None, about, size), Some(why)),
    })
}

/// How long a book's solver works on a nonogram that comes without its answer (a `.non`,
/// `.xml` or `.g` file, or a document with neither `key` nor a solved grid), so that a
/// hard puzzle does not hang the book. nonosolve, whose solver this is, has no limit unless
/// given `--timeout`. The puzzles that fit a page (29 x 29 on A4 at most) take far less:
/// Wolter's 25 x 25 Forever, the hardest of his survey that fits, 0.2 s (`time nonosolve
/// webpbn-06574.json`, the dev build); the hardest known take minutes (Knotty, 40 x 40:
/// 143 s, docs/performance.md).
const SOLVE_FOR: Duration = Duration::from_secs(10);

/// What the solver made of a nonogram for its answer.
enum Solved {
    /// Its solution, as the answer, and the technique it needed when it is the one solution
    /// (a puzzle's grade).
    One(Document, Option<grid_nonogram::Method>),
    /// The first of its solutions.
    Several(Document),
    /// None to print, and why, in words that follow the puzzle's heading.
    Not(String),
}

/// A nonogram solved by grid-nonogram's solver, as nonosolve solves it, for `SOLVE_FOR` at
/// most: the document with the solution's grid.
fn solved_nonogram(doc: &Document) -> grid_core::Result<Solved> {
    use grid_nonogram::document::{Task, color_char, task_of};
    use grid_nonogram::{Options, Status};
    let view = grid_core::nonogram_doc::NonogramDoc::from_document(doc)?;
    let task =
        task_of(&view).map_err(|e| grid_core::Error::input(format!("field `clues`: {e}")))?;
    let options = Options {
        timeout: Some(SOLVE_FOR),
        ..Options::default()
    };
    let mut answer = doc.clone();
    let (status, method, conflict) = match task {
        Task::Black(puzzle, start) => {
            let report = grid_nonogram::solve(&puzzle, start, &options);
            if let Some(grid) = report.solutions.first() {
                answer.set_grid(grid, |c| c.to_char());
            }
            (report.status, report.method, report.conflict)
        }
        Task::Color(puzzle, start) => {
            let report = grid_nonogram::color::solve(&puzzle, start, &options);
            if let Some(grid) = report.solutions.first() {
                answer.set_grid(grid, |&c| color_char(puzzle.palette(), c));
            }
            (report.status, report.method, report.conflict)
        }
    };
    Ok(match status {
        Status::Unique => Solved::One(answer, Some(method)),
        Status::Found => Solved::One(answer, None),
        Status::Multiple => Solved::Several(answer),
        Status::None => Solved::Not(format!(
            "has no answer to print: its clues contradict each other ({})",
            conflict.as_deref().unwrap_or("no picture fits them")
        )),
        Status::Unfinished => Solved::Not(format!(
            "has no answer to print: not solved in {} s (nonosolve, without a time limit, \
             writes it solved, and a book of what it writes prints the answer)",
            SOLVE_FOR.as_secs()
        )),
    })
}

/// What solving a puzzle of `difficulty` (nonogen's `meta.difficulty`, the method its
/// solver needed) asks of the reader, in a teacher's words.
fn in_words(difficulty: &str) -> &str {
    match difficulty {
        "line" => "line logic only",
        "probing" => "needs trial and error",
        "search" => "needs search",
        other => other,
    }
}

/// A board as the player starts it: a game not begun is opened where the rules make the
/// first click (a no-guess board's opening shows its numbers); its answer every tile open.
fn mines(doc: Document) -> grid_core::Result<Parts> {
    let view = MinesDoc::from_document(&doc)?;
    let mut game = grid_mines::Game::from_doc(&view)?;
    let rules = game.rules();
    let mut about = format!(
        "{} x {}, {} mines",
        view.view.width(),
        view.view.height(),
        view.mines
    );
    about.push_str(if rules.no_guess {
        ", no guessing"
    } else {
        ", may need a guess"
    });
    first_click(&mut game)?;
    let mut puzzle = doc.clone();
    game.write_into(&mut puzzle);
    let answer = game.answer().map(|all| {
        let mut answer = puzzle.clone();
        let mut shown = game.to_doc();
        shown.view = all;
        shown.write_into(&mut answer);
        answer
    });
    let size = Extent::Cells(view.view.width(), view.view.height());
    Ok((puzzle, answer, about, size))
}

/// A game not begun, opened where its rules make the first click.
fn first_click(game: &mut grid_mines::Game) -> grid_core::Result<()> {
    if game.state() == GameState::New {
        let first = grid_mines::simulate::first_click(game.setup(), game.rules().first_click);
        game.play(Move::Open(first))
            .map_err(|e| grid_core::Error::input(format!("the first click: {e}")))?;
    }
    Ok(())
}

/// A board as the player starts it, its layout made: a game not begun opened at its rules'
/// first click.
pub fn opened(doc: Document) -> grid_core::Result<Document> {
    let mut game = grid_mines::Game::from_doc(&MinesDoc::from_document(&doc)?)?;
    first_click(&mut game)?;
    let mut opened = doc;
    game.write_into(&mut opened);
    Ok(opened)
}

/// The most tiles a page offers every first click for: an expert board's 480 tiles give 480
/// layouts to make (about 1.5 s with no guessing); a bigger board not begun is opened first.
const MOST_FIRST_CLICKS: usize = 1024;

/// A board for a page that plays it, and for a game not begun the layout its rules make for
/// each first click (so that the player chooses the first tile). A board too big for that
/// is opened where its rules make the first click.
pub fn playable(doc: Document) -> grid_core::Result<(Document, Option<Vec<Vec<bool>>>)> {
    let game = grid_mines::Game::from_doc(&MinesDoc::from_document(&doc)?)?;
    let setup = game.setup();
    let tiles = setup.width * setup.height;
    if game.state() != GameState::New || game.layout().is_some() || tiles > MOST_FIRST_CLICKS {
        return Ok((opened(doc)?, None));
    }
    let mut layouts = Vec::with_capacity(tiles);
    for i in 0..tiles {
        let mut first = game.clone();
        let at = grid_core::Pos::new(i / setup.width, i % setup.width);
        first
            .play(Move::Open(at))
            .map_err(|e| grid_core::Error::input(format!("a first click: {e}")))?;
        let layout = first.layout().expect("a first click makes the layout");
        layouts.push(layout.grid().cells().to_vec());
    }
    Ok((doc, Some(layouts)))
}
