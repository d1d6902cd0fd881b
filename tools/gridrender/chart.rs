//! A replay summary (`mines replay --summary`) drawn as a chart: told from grid documents by
//! its `report`, read and checked by grid-mines' own reader of summaries, and handed to
//! grid-render's chart as the games won of each player and level.

use crate::Args;
use crate::draw::Pages;
use grid_cli::puzzle_file::{self, Opened};
use grid_cli::{Error, Place, Result, Status};
use grid_core::Document;
use grid_mines::archive::{REPORT, Summary, VERSION};
use grid_mines::replay::stamp::Stamp;
use grid_render::chart::{Archive, ChartError, Series, Won};
use grid_render::{Picture, Theme};

/// The documents of a picture's input, once it is known not to be a summary.
pub type Documents = Box<dyn Iterator<Item = Result<(Place, Document)>>>;

/// What a picture's one input holds.
pub enum Looked {
    /// A replay summary: drawn as a chart.
    Summary(Place, Box<Summary>),
    /// Grid documents (or a puzzle file), read from the bytes that were looked at.
    Documents(Documents),
    /// Not looked at: more than one input, or a file a document (`{n}`), which no summary
    /// fills; the input is read as documents, as it comes.
    Unread,
}

/// Looks at a picture's one input, read whole (a picture is written only once its input has
/// ended, so nothing waits longer): a summary is told by its `report` field.
pub fn look(args: &Args) -> Result<Looked> {
    let pages = args.output.as_deref().and_then(Pages::of).is_some();
    if args.input.files.len() > 1 || pages {
        return Ok(Looked::Unread);
    }
    let path = grid_cli::input::paths(&args.input.files).remove(0);
    let mut input = match puzzle_file::open(&path, None)? {
        Opened::Documents(input) => input,
        Opened::Unknown(text) => {
            return Ok(Looked::Documents(Box::new(text.into_input().documents())));
        }
        Opened::Puzzle(puzzle) => {
            let doc = puzzle.to_document();
            return Ok(Looked::Documents(Box::new(std::iter::once(Ok((
                puzzle.place,
                doc,
            ))))));
        }
        Opened::Empty => return Ok(Looked::Documents(Box::new(std::iter::empty()))),
    };
    let (name, skipped) = (input.name.clone(), input.lines_before());
    let bytes = input.read_bytes(MAX_PICTURE_BYTES, "an input of a picture")?;
    let body = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    let mut values = serde_json::Deserializer::from_slice(body).into_iter::<Head>();
    let report = match values.next() {
        Some(Ok(Head {
            report: Some(report),
            kind: None,
            ..
        })) => report,
        // Documents, read from the bytes as the input would have given them.
        _ => {
            let reader = grid_core::DocReader::new(std::io::Cursor::new(bytes), name.clone());
            let docs = reader.after_lines(skipped).map(move |item| {
                let (line, doc) = item?;
                let source = name.clone();
                Ok((Place { source, line }, doc))
            });
            return Ok(Looked::Documents(Box::new(docs)));
        }
    };
    let place = Place {
        source: name,
        line: skipped + 1,
    };
    let end = values.byte_offset();
    if !body[end..].trim_ascii().is_empty() {
        return Err(place.locate(Error::input(
            "a chart draws one replay summary, and the input has more after it",
        )));
    }
    let summary = summary(&body[..end], &report, &place)?;
    Ok(Looked::Summary(place, Box::new(summary)))
}

/// The largest input of a picture read whole: a picture's one document is read whole anyway,
/// and none that can be drawn comes near it.
const MAX_PICTURE_BYTES: u64 = 1 << 30;

/// What tells a summary from a grid document: a `report` and no `kind`.
#[derive(serde::Deserialize)]
struct Head {
    report: Option<serde_json::Value>,
    kind: Option<serde::de::IgnoredAny>,
    version: Option<serde_json::Value>,
}

/// The summary in `text`, checked to be one its own games give.
fn summary(text: &[u8], report: &serde_json::Value, place: &Place) -> Result<Summary> {
    let refuse = |message: String| Err(place.locate(Error::input(message)));
    if report.as_str() != Some(REPORT) {
        return refuse(format!(
            "field `report`: {report} is not a replay summary (gridrender draws grid documents \
             and the \"{REPORT}\" that mines replay --summary writes)"
        ));
    }
    let head: Head =
        serde_json::from_slice(text).map_err(|e| place.locate(Error::input(e.to_string())))?;
    if head.version.as_ref().and_then(|v| v.as_u64()) != Some(u64::from(VERSION)) {
        let found = head
            .version
            .map_or("missing".to_string(), |v| format!("version {v}"));
        return refuse(format!(
            "field `version`: a replay summary of {found} (this gridrender reads version {VERSION})"
        ));
    }
    let summary: Summary = serde_json::from_slice(text)
        .map_err(|e| place.locate(Error::input(format!("not a replay summary: {e}"))))?;
    summary
        .check(0)
        .map_err(|e| place.locate(Error::input(format!("a replay summary whose {e}"))))?;
    Ok(summary)
}

/// The games won of each group, their dates read back as the replays wrote them.
fn archive(summary: &Summary) -> std::result::Result<Archive, String> {
    let mut series = Vec::with_capacity(summary.groups.len());
    for (i, group) in summary.groups.iter().enumerate() {
        let mut won = Vec::with_capacity(group.wins);
        for game in group.replays.iter().filter(|g| g.won) {
            let date = match &game.date {
                None => None,
                Some(text) => Some(Stamp::parse_iso(text).map(|s| s.at).ok_or_else(|| {
                    format!(
                        "group {i}: {:?} has the date {text:?}, which is no ISO 8601 time",
                        game.file
                    )
                })?),
            };
            won.push(Won {
                file: game.file.clone(),
                time_ms: game.time_ms,
                three_bv: game.three_bv,
                rate: game.three_bv_per_s,
                date,
            });
        }
        series.push(Series {
            player: group.player.clone(),
            level: group.level.to_string(),
            won,
        });
    }
    Ok(Archive {
        series,
        games: summary.replays,
    })
}

/// Draws the summary as a chart, written whole to the output (or stdout).
pub fn draw(args: &Args, picture: Picture, place: &Place, summary: &Summary) -> Result<Status> {
    if let Some(flag) = crate::target::refused_by_chart(&args.typed) {
        return Err(place.locate(Error::usage(format!(
            "{flag} does nothing for a replay summary's chart, which takes only --format, -o \
             and --theme"
        ))));
    }
    let theme = match args.theme {
        crate::ThemeArg::Light => Theme::Light,
        crate::ThemeArg::Dark => Theme::Dark,
    };
    let archive = archive(summary).map_err(|m| place.locate(Error::input(m)))?;
    let mut drawing = Vec::new();
    grid_render::chart::render(&archive, picture, theme, &mut drawing).map_err(|e| match e {
        ChartError::Render(e) => place.locate(crate::advice::advise(e)),
        other => place.locate(Error::input(other.to_string())),
    })?;
    crate::draw::write_whole(args, &drawing)?;
    Ok(Status::Ok)
}
