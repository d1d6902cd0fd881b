//! gridrender's words for what stops a drawing: the library says what is wrong, with its
//! figures; only here is the flag to change named. Each variant of `RenderError` that needs
//! advice has its arm here.

use grid_cli::{Error, Place};
use grid_render::RenderError;
use grid_render::book::BookError;
use grid_render::machine::{MachineError, Maker};

/// A drawing's error, with the advice only this tool can give (which flag to change).
pub fn advise(e: RenderError) -> Error {
    match e {
        RenderError::TooLarge { .. } => Error::input(format!("{e}: choose a smaller --cell-size")),
        RenderError::TextTooLarge { .. } => {
            Error::input(format!("{e}: draw it as a picture (-o maze.png)"))
        }
        RenderError::StillFormat => Error::usage(format!("{e}: animate with --format svg or html")),
        RenderError::TooManyTiles { what, .. } if what.contains("SVG") => {
            Error::input(format!("{e}: draw it as PNG (-o FILE.png)"))
        }
        RenderError::TooManyTiles { .. } => Error::input(format!(
            "{e}: animate a smaller maze, or draw this one still"
        )),
        RenderError::NothingToReplay => Error::input(format!(
            "{e}: mazegen --trace records the carving, and mazesolve --trace the search"
        )),
        RenderError::Machine(e) => advise_machine(e),
        RenderError::Unplayable(u) => {
            use grid_render::play::Unplayable;
            // The library's "a page" is the page --play writes.
            let said = u.to_string().replacen("a page", "--play", 1);
            Error::input(match u {
                Unplayable::Woven => format!("{said}: make it without --weave"),
                Unplayable::NoLayout => format!("{said}: open its first tile (mines open R C)"),
                _ => said,
            })
        }
        other => other.into_doc().into(),
    }
}

/// A machine's refusal, worded with the flag to change.
fn advise_machine(e: MachineError) -> Error {
    match e {
        MachineError::Woven(Maker::Cutter) => Error::input(
            "--for cuts flat mazes, and this one is woven: a cut sheet has no bridges (make \
             it without --weave)",
        ),
        MachineError::Woven(Maker::Printer) => Error::input(
            "a printed maze has no bridges yet, and this one is woven: make it without \
             --weave",
        ),
        MachineError::WallsTooThick {
            least_cell_mm,
            sized,
            ..
        } => {
            let remedy = if sized {
                "a larger --size".to_string()
            } else {
                format!("--cell-mm {least_cell_mm:.1} or more")
            };
            Error::input(format!("{e}: give {remedy}, or a thinner --wall-mm"))
        }
        MachineError::SheetTooSmall { least, .. } => Error::input(format!(
            "{e}: give --size {:.0}x{:.0} or more",
            least.0.ceil(),
            least.1.ceil()
        )),
        MachineError::DoorNotOnEdge(end) => Error::input(format!(
            "--marble opens the start and the goal in the outer wall, and this maze's {end} \
             is not on its edge"
        )),
        other => Error::input(other.to_string()),
    }
}

/// A book's error, placed at the document of the puzzle it names (`places` in the order of
/// the book's puzzles). A book prints at the size it chooses, so a puzzle too large for it is
/// said in the book's words, not with a flag to change.
pub fn advise_book(e: BookError, places: &[Place]) -> Error {
    let at = |number: usize| places.get(number.wrapping_sub(1));
    match e {
        BookError::TooManyAPage { most, .. } => Error::usage(format!(
            "{e}: give --per-page {most} or fewer, or leave --per-page out"
        )),
        BookError::EveryPuzzleAlone { .. } => Error::usage(format!("{e}: leave --per-page out")),
        BookError::TooLarge { number, .. } | BookError::Picture { number, .. } => {
            let error = Error::input(e.to_string());
            match at(number) {
                Some(place) => place.locate(error),
                None => error,
            }
        }
        BookError::Drawing { number, error } => {
            let error = advise(error);
            match at(number) {
                Some(place) => place.locate(error),
                None => error,
            }
        }
        BookError::Pdf(_) => Error::input(e.to_string()),
    }
}

/// A replay summary sent where only grid documents go (the terminal, a PDF, `--play`, a
/// machine's file, `{n}` pages, two inputs): the library says it is a report and no grid
/// document, which every tool says alike; gridrender says how it draws one instead.
pub fn summary_elsewhere(e: Error, inputs: usize) -> Error {
    let no_document = "this is a report (\"replay summary\"), not a grid document";
    let message = if inputs > 1 {
        "a chart draws one replay summary: merge them first (mines replay --merge A.json \
         B.json > all.json)"
    } else {
        "a replay summary draws as a chart: -o FILE.svg, .png or .html"
    };
    match e {
        Error::Doc(grid_core::Error::Input {
            source,
            line,
            message: said,
        }) if said.ends_with(no_document) => Error::Doc(grid_core::Error::Input {
            source,
            line,
            message: message.to_string(),
        }),
        other => other,
    }
}
