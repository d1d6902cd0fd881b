//! Pictures of a player's archive of replays (a `mines replay --summary`): 3BV/s of every
//! game won over time with the personal best as a line, the time of each game won against
//! its 3BV, and how the 3BV/s are spread, as three panels of one picture in SVG, PNG or an
//! HTML page whose points name their file on hover. One colour a level, from the palette of
//! the mines numbers.
//!
//! The chart knows nothing of replays or summaries: the caller hands it each group's games
//! won ([`Archive`]), read and checked where the summary's reader lives.

mod draw;
mod marks;
mod panels;
mod ticks;

use crate::error::RenderError;
use crate::ink::Theme;
use crate::options::Picture;
use chrono::NaiveDateTime;
use std::io::Write;

/// The games of an archive that the chart draws, by player and level.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Archive {
    /// One a player and level, in the summary's order.
    pub series: Vec<Series>,
    /// Every game of the archive, won or lost, for the picture's title.
    pub games: usize,
}

/// One player's games won on one level.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub player: String,
    /// The level's name as a summary writes it: `beginner`, `intermediate`, `expert` or
    /// `WxH/M`, which also chooses its colour.
    pub level: String,
    pub won: Vec<Won>,
}

/// A game won.
#[derive(Debug, Clone, PartialEq)]
pub struct Won {
    pub file: String,
    pub time_ms: u32,
    pub three_bv: usize,
    /// 3BV solved a second; `None` over no time (the game is left out of the rates' panels).
    pub rate: Option<f64>,
    /// When the game began, where the file records it.
    pub date: Option<NaiveDateTime>,
}

/// Why an archive cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// A game's rate that no game can have: negative or not a number.
    #[error("{file:?} has a 3BV/s of {rate}, which no game can have")]
    Rate { file: String, rate: f64 },
    /// Writing failed.
    #[error(transparent)]
    Render(#[from] RenderError),
}

impl From<std::io::Error> for ChartError {
    fn from(e: std::io::Error) -> ChartError {
        ChartError::Render(e.into())
    }
}

/// Draws the archive's three panels as `format` (an SVG picture, a PNG, or an HTML page
/// whose points name their game on hover).
pub fn render(
    archive: &Archive,
    format: Picture,
    theme: Theme,
    out: &mut impl Write,
) -> Result<(), ChartError> {
    for series in &archive.series {
        for game in &series.won {
            if let Some(rate) = game.rate.filter(|r| !(r.is_finite() && *r >= 0.0)) {
                return Err(ChartError::Rate {
                    file: game.file.clone(),
                    rate,
                });
            }
        }
    }
    let chart = panels::lay_out(archive, panels::WIDE);
    match format {
        Picture::Svg => out.write_all(draw::svg(&chart, theme).as_bytes())?,
        Picture::Html => {
            // Both shapes, the one that suits the window shown (NARROW).
            let narrow = panels::lay_out(archive, panels::NARROW);
            let svg = format!(
                "{PICKED}<div class=\"wide\">\n{}</div>\n<div class=\"narrow\">\n{}</div>\n{TAP}",
                draw::svg(&chart, theme),
                draw::svg(&narrow, theme)
            );
            let page = crate::svg::page(&svg, theme, &chart.title, crate::svg::Switch::None);
            out.write_all(page.as_bytes())?
        }
        Picture::Png => draw::png(&chart, theme, out)?,
    }
    Ok(())
}

/// The line above a chart page's picture that names the game under a finger: a phone has no
/// hover to show a point's title. It keeps its room (three lines), so the picture does not
/// jump, and stays at the top of the window as the page scrolls, beside the panel tapped.
const PICKED: &str = r#"<p id="picked" style="position:sticky;top:0;z-index:1;height:3.9em;overflow:hidden;margin:0 0 .5em;padding:.2em 0;font-size:.9em;background:inherit">Click or tap a point or a bar for its figures.</p>
"#;

/// Tapping a point or a bar says its title in [`PICKED`]; a transparent stroke makes each
/// point a target a finger can hit. A window 700 px wide or less shows the narrow chart, its
/// panels one under another, whose text a phone shows large enough to read.
const TAP: &str = r#"<style>.game { stroke: transparent; stroke-width: 16px; cursor: pointer; }
.narrow { display: none; }
@media (max-width: 700px) { .wide { display: none; } .narrow { display: block; } }</style>
<script>
for (const el of document.querySelectorAll(".game, .bar")) {
  el.addEventListener("click", () => {
    document.getElementById("picked").textContent =
      el.querySelector("title").textContent.replaceAll("\n", " · ");
  });
}
</script>
"#;

#[cfg(test)]
mod tests {
    use super::*;

    fn archive(file: &str, rate: f64) -> Archive {
        Archive {
            series: vec![Series {
                player: "<Ann & \"Bo\">".to_string(),
                level: "expert".to_string(),
                won: vec![Won {
                    file: file.to_string(),
                    time_ms: 40_000,
                    three_bv: 120,
                    rate: Some(rate),
                    date: None,
                }],
            }],
            games: 1,
        }
    }

    /// Names from the files go into the SVG escaped: it parses, and says them as they are.
    #[test]
    fn names_are_escaped_in_the_svg() {
        let mut out = Vec::new();
        let file = "a<b>&\"c\".avf";
        render(&archive(file, 3.0), Picture::Svg, Theme::Light, &mut out).unwrap();
        let svg = String::from_utf8(out).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let titles: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("title"))
            .filter_map(|n| n.text())
            .collect();
        assert!(
            titles
                .iter()
                .any(|t| t.starts_with(&format!("{file}\n<Ann & \"Bo\">")))
        );
    }

    #[test]
    fn a_rate_no_game_can_have_is_refused() {
        let mut out = Vec::new();
        let e = render(&archive("x.evf", -2.0), Picture::Png, Theme::Dark, &mut out);
        assert!(
            matches!(e, Err(ChartError::Rate { rate: -2.0, .. })),
            "{e:?}"
        );
        assert!(out.is_empty());
    }
}
