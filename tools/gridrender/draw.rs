//! Drawings of documents: text, pictures (still or animated), pages that play, and mazes
//! replayed on the terminal; each written whole, to stdout, to a file, or to a file a
//! document (`{n}`).

use crate::advice::advise;
use crate::target::Target;
use crate::{Args, Format, StyleArg, ThemeArg, animate, book, chart, replay};
use grid_cli::{Error, Output, Place, Result, Status};
use grid_core::tiling::TiledDoc;
use grid_core::{Document, Kind, MazeDoc};
use grid_render::{
    MazeStyle, Options, Picture, PictureOptions, Theme, render_animation, render_picture,
    render_text,
};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Each document as a page that plays it: one page, or one a document with `{n}`.
pub fn draw_play(args: &Args) -> Result<Status> {
    let too_many = "a page plays one puzzle, and the input has more: name a file for each \
                    with {n} (-o 'puzzle-{n}.html')";
    write_drawings(args, too_many, |place, doc| {
        let page = match doc.kind() {
            Kind::Maze => grid_render::play::maze_page(&doc),
            Kind::Nonogram => grid_render::play::nonogram_page(&doc),
            Kind::Mines => {
                let (board, firsts) = book::playable(doc).map_err(|e| place.locate(e))?;
                grid_render::play::mines_page(&board, firsts.as_deref())
            }
        }
        .map_err(|e| place.locate(advise(e)))?;
        Ok(page.into_bytes())
    })
}

fn picture_options(args: &Args) -> PictureOptions {
    PictureOptions {
        cell_size: args.cell_size,
        thin_walls: args.style != StyleArg::Blocks,
        theme: match args.theme {
            ThemeArg::Dark => Theme::Dark,
            ThemeArg::Light => Theme::Light,
        },
        caption: args.caption,
    }
}

/// With `--solution`, a nonogram's answer key takes the place of its grid. With `--caption`,
/// a maze without `stats` gets them here (as `mazesolve --stats` writes
/// them), so that any maze can be captioned.
fn with_figures(args: &Args, place: &Place, mut doc: Document) -> Result<Document> {
    if args.solution {
        if doc.kind() != Kind::Nonogram || !doc.has("key") {
            return Err(place.locate(Error::input(format!(
                "--solution draws a nonogram's answer key, and this {} has no `key` (nonogen \
                 writes one; a solved document is drawn solved without --solution)",
                doc.kind()
            ))));
        }
        grid_core::nonogram_doc::show_key(&mut doc).map_err(|e| place.locate(e))?;
    }
    let tiling = grid_core::tiling::tiling_of(&doc).map_err(|e| place.locate(e))?;
    let square = tiling == grid_core::tiling::Tiling::Square;
    if args.typed("style") && !(doc.kind() == Kind::Maze && square) {
        let what = if doc.kind() == Kind::Maze {
            format!("{tiling} maze")
        } else {
            doc.kind().to_string()
        };
        return Err(place.locate(Error::input(format!(
            "--style chooses how square mazes are drawn, and this is a {what}"
        ))));
    }
    if args.caption && doc.kind() == Kind::Maze && square && !doc.has("stats") {
        let maze = MazeDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        doc.set("stats", grid_maze::stats(&maze));
    }
    Ok(doc)
}

/// Each document as text, written as soon as it is drawn (a document that cannot be drawn
/// leaves nothing of itself on stdout); to a file only when all are drawn.
pub fn draw_text(args: &Args, format: Format) -> Result<Status> {
    let options = Options {
        color: format == Format::Term && args.output.is_none() && args.color.color.enabled(),
        // Terminals with 24-bit colour say so in COLORTERM.
        truecolor: std::env::var("COLORTERM").is_ok_and(|v| v == "truecolor" || v == "24bit"),
        maze_style: match args.style {
            StyleArg::Auto => MazeStyle::Auto,
            StyleArg::Thin => MazeStyle::Thin,
            StyleArg::Blocks => MazeStyle::Blocks,
        },
        caption: args.caption,
    };
    let mut out = Output::stdout();
    let mut whole = Vec::new();
    let pages = args.output.as_deref().and_then(Pages::of);
    let mut drawn = 0;
    for (n, item) in documents_for(&args.input.files, beyond_refused(args)).enumerate() {
        let (place, doc) = item?;
        drawn = n + 1;
        let doc = with_figures(args, &place, doc)?;
        let mut one = Vec::new();
        if n > 0 && pages.is_none() {
            one.push(b'\n');
        }
        render_text(&doc, &options, &mut one).map_err(|e| place.locate(advise(e)))?;
        match (&args.output, &pages) {
            (_, Some(pages)) => grid_cli::file::write_output(&pages.path(n + 1), &one)?,
            (Some(_), None) => whole.extend_from_slice(&one),
            (None, _) => {
                out.write_all(&one)?;
                out.answered()?;
            }
        }
    }
    if let Some(path) = &args.output {
        if drawn == 0 {
            return Err(no_documents());
        }
        if pages.is_none() {
            grid_cli::file::write_output(path, &whole)?;
        }
    }
    out.finish()?;
    Ok(Status::Ok)
}

/// The one document of the input as a picture, drawn whole before a byte is written; or,
/// when the output's name holds `{n}`, each document as a picture of its own.
pub fn draw_picture(args: &Args, picture: Picture) -> Result<Status> {
    let documents = match chart::look(args)? {
        chart::Looked::Summary(place, summary) => {
            return chart::draw(args, picture, &place, &summary);
        }
        chart::Looked::Documents(docs) => docs,
        chart::Looked::Unread => Box::new(grid_cli::puzzle_file::documents(&args.input.files)),
    };
    let documents = beyond_checked(documents, beyond_refused(args));
    let options = picture_options(args);
    let too_many = "a picture holds one document, and the input has more: draw them one at a \
                    time, or name a file for each with {n} (-o 'page-{n}.svg')";
    write_drawings_of(args, documents, too_many, |place, doc| {
        if args.animate && replay::is_replay(&doc) {
            refuse_fps(args, place)?;
            if picture != Picture::Html {
                return Err(place.locate(Error::usage(
                    "a replay plays on the terminal, or as a page: -o replay.html",
                )));
            }
            return Ok(replay::page(&doc)
                .map_err(|e| place.locate(e))?
                .into_bytes());
        }
        let doc = with_figures(args, place, doc)?;
        let mut drawing = Vec::new();
        if args.animate {
            render_animation(&doc, picture, &options, args.fps, &mut drawing)
        } else {
            render_picture(&doc, picture, &options, &mut drawing)
        }
        .map_err(|e| place.locate(advise(e)))?;
        Ok(drawing)
    })
}

/// Each document drawn by `draw` and written whole: the one document to the output (nothing
/// on stdout for an empty input, and a named file refused; more is refused with `too_many`),
/// or, when the output's
/// name holds `{n}`, each to a file of its own, numbered from 1, as soon as it is drawn.
pub fn write_drawings(
    args: &Args,
    too_many: &str,
    draw: impl FnMut(&Place, Document) -> Result<Vec<u8>>,
) -> Result<Status> {
    let documents = documents_for(&args.input.files, beyond_refused(args));
    write_drawings_of(args, documents, too_many, draw)
}

/// [`write_drawings`] of documents already opened.
fn write_drawings_of(
    args: &Args,
    documents: impl Iterator<Item = Result<(Place, Document)>>,
    too_many: &str,
    mut draw: impl FnMut(&Place, Document) -> Result<Vec<u8>>,
) -> Result<Status> {
    let pages = args.output.as_deref().and_then(Pages::of);
    let (mut drawn, mut count) = (None, 0);
    for (n, item) in documents.enumerate() {
        let (place, doc) = item?;
        count = n + 1;
        if n > 0 && pages.is_none() {
            return Err(place.locate(Error::input(too_many)));
        }
        let drawing = draw(&place, doc)?;
        match &pages {
            Some(pages) => grid_cli::file::write_output(&pages.path(n + 1), &drawing)?,
            None => drawn = Some(drawing),
        }
    }
    // An empty stream is no documents: nothing to draw on stdout (docs/format.md), but a
    // file asked for and not written would pass unseen.
    if count == 0 && args.output.is_some() {
        return Err(no_documents());
    }
    let (None, Some(drawing)) = (&pages, drawn) else {
        return Ok(Status::Ok);
    };
    write_whole(args, &drawing)?;
    Ok(Status::Ok)
}

/// Writes one drawing whole: into `-o FILE`, or to stdout.
pub fn write_whole(args: &Args, drawing: &[u8]) -> Result<()> {
    match &args.output {
        Some(path) => grid_cli::file::write_output(path, drawing)?,
        None => {
            let mut out = Output::stdout();
            out.write_all(drawing)?;
            out.finish()?;
        }
    }
    Ok(())
}

/// The refusal of an input with no documents when a file is asked for: the file would
/// silently not be written.
pub fn no_documents() -> Error {
    Error::input("the input holds no documents: no file is written")
}

/// An output name holding `{n}`: a file a document, `{n}` the document's number from 1.
pub struct Pages {
    pattern: String,
}

impl Pages {
    pub fn of(path: &Path) -> Option<Pages> {
        // A name copied from --help may hold the word joiner that keeps clap from breaking
        // the line at `{n}`.
        let pattern = path.to_str()?.replace("{\u{2060}n}", "{n}");
        pattern.contains("{n}").then_some(Pages { pattern })
    }

    fn path(&self, n: usize) -> PathBuf {
        PathBuf::from(self.pattern.replace("{n}", &n.to_string()))
    }
}

/// A recorded game plays at its own pace: `--fps`, a maze animation's frame rate, would do
/// nothing there.
fn refuse_fps(args: &Args, place: &Place) -> Result<()> {
    if args.typed("fps") {
        return Err(place.locate(Error::usage(
            "--fps sets a maze animation's frames a second; a recorded game plays at its own \
             pace (+ and - change the speed)",
        )));
    }
    Ok(())
}

/// `--animate` in the terminal: each maze document replayed in turn; square mazes tile by
/// tile, mazes beyond the plane in braille, the other tilings refused (a page replays them).
pub fn animate_on_terminal(args: &Args, format: Format) -> Result<Status> {
    if format == Format::Text || args.output.is_some() || !std::io::stdout().is_terminal() {
        return Err(Error::usage(
            "--animate plays on a terminal; for a file, animate with --format svg or html",
        ));
    }
    for item in documents_for(&args.input.files, None) {
        let (place, doc) = item?;
        if replay::is_replay(&doc) {
            refuse_fps(args, &place)?;
            replay::play_on_terminal(&doc).map_err(|e| place.locate(e))?;
            continue;
        }
        grid_render::replayable(&doc).map_err(|e| place.locate(advise(e)))?;
        let tiling = grid_core::tiling::tiling_of(&doc).map_err(|e| place.locate(e))?;
        if !tiling.is_plane() {
            let maze = TiledDoc::from_document(&doc).map_err(|e| place.locate(e))?;
            animate::play_beyond(&maze, args.fps, args.color.color.enabled())
                .map_err(|e| place.locate(e))?;
            continue;
        }
        if tiling != grid_core::tiling::Tiling::Square {
            return Err(place.locate(Error::usage(format!(
                "--animate plays square mazes on the terminal; replay {tiling:#} maze as a page \
                 (--animate -o replay.html)"
            ))));
        }
        let maze = MazeDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        animate::play(&maze, args.fps)?;
    }
    Ok(Status::Ok)
}

/// The documents of the inputs for a book (grid documents, or a nonogram in a puzzle
/// file's format): a book prints mazes beyond the plane as the pictures draw them.
pub fn documents(
    files: &[std::path::PathBuf],
) -> impl Iterator<Item = Result<(grid_cli::Place, Document)>> + use<> {
    documents_for(files, None)
}

/// The documents of the inputs, a maze beyond the plane refused with `beyond` (how the
/// output would draw it) when the output does not draw one.
fn documents_for(
    files: &[std::path::PathBuf],
    beyond: Option<&'static str>,
) -> impl Iterator<Item = Result<(grid_cli::Place, Document)>> + use<> {
    beyond_checked(grid_cli::puzzle_file::documents(files), beyond)
}

/// The documents, a maze beyond the plane refused with `beyond` when the output does not
/// draw one.
fn beyond_checked(
    documents: impl Iterator<Item = Result<(grid_cli::Place, Document)>>,
    beyond: Option<&'static str>,
) -> impl Iterator<Item = Result<(grid_cli::Place, Document)>> {
    documents.map(move |item| {
        item.and_then(|(place, doc)| match beyond {
            Some(how) => not_beyond_the_plane(place, doc, how),
            None => Ok((place, doc)),
        })
    })
}

/// How the output of `args` would draw a maze beyond the plane, when it cannot: text, still
/// and animated pictures, pages that play and books draw levels, wrapped edges and the cube,
/// and the printer makes tubes and cubes; cutters do not.
fn beyond_refused(args: &Args) -> Option<&'static str> {
    let target = crate::target::format_of(args)
        .and_then(|format| crate::target::target_of(args, format))
        .ok()?;
    match target {
        Target::Text | Target::Picture(_) | Target::Play | Target::Book => None,
        Target::Cutter(_) => Some("as a machine file"),
        // The printer makes tubes and cubes, and refuses levels itself (machine.rs).
        Target::Printer => None,
    }
}

/// A maze whose stairs (levels), seams (a wrap) or edges (the cube) lead out of the
/// picture's plane, where the output has no drawing for it: refused whole rather than drawn
/// as a flat one, which would show them as walls.
fn not_beyond_the_plane(
    place: grid_cli::Place,
    doc: Document,
    how: &str,
) -> Result<(grid_cli::Place, Document)> {
    if doc.kind() == Kind::Maze
        && let Ok(tiling) = grid_core::tiling::tiling_of(&doc)
        && !tiling.is_plane()
    {
        let out = match tiling {
            grid_core::tiling::Tiling::Levels => "its stairs lead",
            grid_core::tiling::Tiling::Cube => "its edges lead",
            _ => "its seams lead",
        };
        return Err(place.locate(Error::input(format!(
            "{tiling:#} maze cannot be drawn {how} yet ({out} out of the plane); draw it as \
             text, a picture, a page or a book, or print a square maze wrapped x or y, or a \
             cube maze, with -o maze.stl"
        ))));
    }
    Ok((place, doc))
}
