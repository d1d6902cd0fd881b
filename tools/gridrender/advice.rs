//! gridrender's words for what stops a drawing: the library says what is wrong, with its
//! figures; only here is the flag to change named. Each variant of `RenderError` that needs
//! advice has its arm here.

use grid_cli::{Error, Place};
use grid_render::RenderError;

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
        other => other.into_doc().into(),
    }
}

/// A book's error, placed at the document of the puzzle it names (`places` in the order of
/// the book's puzzles). A book prints at the size it chooses, so a puzzle too large for it
/// is said so, not with a flag to change.
pub fn advise_book(e: RenderError, places: &[Place]) -> Error {
    let RenderError::InBook { number, error } = e else {
        return advise(e);
    };
    let place = &places[number - 1];
    match *error {
        e @ RenderError::TooLarge { .. } => place.locate(Error::input(format!(
            "puzzle {number} is too large to print in a book: {e}"
        ))),
        other => place.locate(advise(other)),
    }
}
