//! `mines play` without a terminal: moves as text lines, as in the classic console Minesweeper, and the
//! board printed after each one.

use crate::record::Recorder;
use grid_cli::{Error, Output, Result, Status, say};
use grid_core::Pos;
use grid_core::error::quote;
use grid_core::mines_doc::{GameState, Move};
use grid_mines::Game;
use grid_render::{Options, RenderError};
use std::io::{BufRead, Write};

/// Plays moves read line by line from stdin. A line that cannot be read as a move, or a move
/// the game refuses, is said on stderr (with its line number) and the next line is read;
/// with `strict` it ends the game instead, status 2, as a script wants.
pub fn run(mut game: Game, strict: bool, mut recorder: Option<Recorder>) -> Result<Status> {
    let mut out = Output::stdout();
    let setup = game.setup();
    writeln!(
        out,
        "{}x{} board, {} mines. Moves: R C opens, f R C flags, ? R C marks, c R C chords, q quits.",
        setup.width, setup.height, setup.mines
    )?;
    draw(&game, &mut out)?;
    out.flush()?;
    let mut stdin = std::io::stdin().lock();
    let mut bytes = Vec::new();
    for n in 1.. {
        bytes.clear();
        if stdin.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let at = |e: String| Error::input(e).at_line(n).in_source("stdin");
        let played = match std::str::from_utf8(&bytes) {
            Err(_) => Err(at(format!(
                "{}: not UTF-8 text",
                quote(&String::from_utf8_lossy(&bytes))
            ))),
            Ok(line) if line.trim() == "q" => break,
            Ok(line) => match parse(line.trim_end_matches(['\n', '\r'])) {
                Err(e) => Err(at(e)),
                Ok(None) => continue,
                Ok(Some(mv)) => {
                    let before = game.view().clone();
                    let played = game.play(mv).map_err(|e| at(e.to_string()));
                    if let (Ok(()), Some(r)) = (&played, recorder.as_mut()) {
                        r.played(mv, &before);
                    }
                    played
                }
            },
        };
        if let Err(e) = played {
            if strict {
                return Err(e);
            }
            // The game goes on: the player sees what was wrong and types the next move.
            out.flush()?;
            say(format_args!("mines: {e}; try again"));
            continue;
        }
        draw(&game, &mut out)?;
        let over = match game.state() {
            GameState::Won => Some("You won!"),
            GameState::Lost => Some("Boom! You opened a mine."),
            _ => None,
        };
        if let Some(words) = over {
            writeln!(out, "{words}")?;
            if let Some(r) = recorder.as_mut() {
                match r.save_if_over(&game) {
                    Ok(Some(path)) => writeln!(out, "Saved the replay as {}", path.display())?,
                    Ok(None) => {}
                    Err(e) => {
                        return Err(Error::input(format!(
                            "cannot save the replay: {}",
                            grid_cli::input::plain_io(&e)
                        )));
                    }
                }
            }
        }
        // Every answer goes out at once: a script or coprocess reads the board move by move.
        out.flush()?;
        if over.is_some() {
            break;
        }
    }
    if let Some(answer) = game.answer() {
        writeln!(out, "The answer:")?;
        let mut doc = game.to_doc();
        doc.view = answer;
        grid_render::render_text(&doc.to_document(), &Options::default(), &mut out)
            .map_err(RenderError::into_doc)?;
    }
    out.finish()?;
    Ok(Status::Ok)
}

fn draw(game: &Game, out: &mut impl Write) -> Result<()> {
    let doc = game.to_doc().to_document();
    grid_render::render_text(&doc, &Options::default(), out).map_err(|e| e.into_doc().into())
}

/// `R C`, `f R C`, `? R C`, `c R C`; `None` for a blank line or `q`.
fn parse(line: &str) -> std::result::Result<Option<Move>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (make, coords): (fn(Pos) -> Move, &[&str]) = match words.as_slice() {
        [] | ["q"] => return Ok(None),
        ["f", rest @ ..] => (Move::Flag, rest),
        ["?", rest @ ..] => (Move::Question, rest),
        ["c", rest @ ..] => (Move::Chord, rest),
        rest => (Move::Open, rest),
    };
    match coords {
        [r, c] => match (r.parse::<usize>(), c.parse::<usize>()) {
            (Ok(r), Ok(c)) => Ok(Some(make(Pos::new(r, c)))),
            _ => Err(format!(
                "\"{}\": row and column must be whole numbers from 0",
                quote(line)
            )),
        },
        _ => Err(format!(
            "\"{}\": expected R C (open), f R C (flag), ? R C (mark) or c R C (chord)",
            quote(line)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_as_in_the_source_document() {
        assert_eq!(parse("3 4"), Ok(Some(Move::Open(Pos::new(3, 4)))));
        assert_eq!(parse(" f 0  1 "), Ok(Some(Move::Flag(Pos::new(0, 1)))));
        assert_eq!(parse("c 2 2"), Ok(Some(Move::Chord(Pos::new(2, 2)))));
        assert_eq!(parse(""), Ok(None));
        assert!(parse("3").is_err());
        assert!(parse("a b").is_err());
        assert!(parse("-1 2").is_err());
    }

    #[test]
    fn a_long_line_is_quoted_in_part() {
        let line = "x".repeat(100_000);
        let e = parse(&line).unwrap_err();
        assert!(e.len() < 200, "{}", e.len());
        assert!(
            e.starts_with(&format!("\"{}...\": expected R C", "x".repeat(60))),
            "{e}"
        );
    }
}
