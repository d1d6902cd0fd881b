//! Every document of the input as one printable book (`-o book.pdf`).

use crate::advice::advise_book;
use crate::draw::Pages;
use crate::{AnswersArg, Args, PaperArg, book};
use grid_cli::{Error, Output, Result, Status};
use std::io::{IsTerminal, Write};

/// Every document of the input as one printable book (`-o book.pdf`), with its answers at
/// the back, nowhere, or in `book-answers.pdf`.
pub fn draw_book(args: &Args) -> Result<Status> {
    use grid_render::book::{Answers, BookOptions, Paper};
    let options = BookOptions {
        paper: match args.paper {
            Some(PaperArg::A4) => Paper::A4,
            Some(PaperArg::Letter) => Paper::Letter,
            None => paper_of_locale(),
        },
        per_page: args.per_page.map(|n| n as usize),
        answers: match args.answers {
            AnswersArg::Back => Answers::Back,
            AnswersArg::None => Answers::None,
            AnswersArg::Separate => Answers::Separate,
        },
    };
    let path = match &args.output {
        Some(path) if Pages::of(path).is_some() => {
            return Err(Error::usage(
                "a PDF book holds every document: name one file, without {n}",
            ));
        }
        Some(path) => Some(path.clone()),
        None if options.answers == Answers::Separate => {
            return Err(Error::usage(
                "--answers separate writes FILE-answers.pdf beside the book: name the book \
                 with -o FILE.pdf",
            ));
        }
        None if std::io::stdout().is_terminal() => {
            return Err(Error::usage(
                "a PDF would garble the terminal: write it with -o FILE.pdf or redirect stdout",
            ));
        }
        None => None,
    };
    let (mut entries, mut places, mut notes) = (Vec::new(), Vec::new(), Vec::new());
    for item in crate::draw::documents(&args.input.files) {
        let (place, doc) = item?;
        let answers = options.answers != Answers::None;
        let (entry, note) = book::entry(&place, doc, entries.len() + 1, answers)?;
        entries.push(entry);
        places.push(place);
        notes.extend(note.filter(|_| options.answers != Answers::None));
    }
    if entries.is_empty() {
        return Err(Error::input(
            "the input holds no documents: no book is written",
        ));
    }
    let made = grid_render::book::book(&entries, &options).map_err(|e| advise_book(e, &places))?;
    let answers_path = path.as_ref().map(|p| {
        let stem = p
            .file_stem()
            .map_or_else(Default::default, |s| s.to_string_lossy());
        p.with_file_name(format!("{stem}-answers.pdf"))
    });
    match (&path, made.answers, answers_path) {
        (Some(path), answers, answers_path) => {
            if let (Some(answers), Some(answers_path)) = (answers, answers_path) {
                grid_cli::file::write_output(&answers_path, &answers)?;
            }
            grid_cli::file::write_output(path, &made.puzzles)?;
        }
        (None, _, _) => {
            let mut out = Output::stdout();
            out.write_all(&made.puzzles)?;
            out.finish()?;
        }
    }
    for note in notes {
        grid_cli::say(format_args!("{note}"));
    }
    Ok(Status::Ok)
}

/// The paper the locale prints on (LC_ALL, else LC_PAPER, else LANG): Letter in the United
/// States and Canada, A4 elsewhere.
fn paper_of_locale() -> grid_render::book::Paper {
    let locale = ["LC_ALL", "LC_PAPER", "LANG"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .unwrap_or_default();
    if locale.starts_with("en_US") || locale.starts_with("en_CA") || locale.starts_with("fr_CA") {
        grid_render::book::Paper::Letter
    } else {
        grid_render::book::Paper::A4
    }
}
