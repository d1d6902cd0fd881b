//! The three panels of an archive's chart laid out as marks: 3BV/s over time with the
//! personal bests, time against 3BV, and the histogram of 3BV/s; with the title and the key
//! of levels above them.

use super::marks::{Anchor, Chart, Color, Mark, level_number};
use super::ticks::{self, Axis};
use super::{Archive, Series, Won};

const TEXT: f64 = 12.0;

/// A panel's place: x, y, width and height.
type Place = (f64, f64, f64, f64);

/// How the chart's panels are laid out, and how much the headings may say.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shape {
    pub width: f64,
    pub height: f64,
    over_time: Place,
    scatter: Place,
    histogram: Place,
    /// Where the key's line is: right-aligned on the title's, or on a line of its own.
    key_below_title: bool,
    /// Headings short enough for the narrow width.
    short: bool,
}

/// The picture's shape: 3BV/s over time across the whole width, the two others below it
/// side by side.
pub const WIDE: Shape = Shape {
    width: 1000.0,
    height: 780.0,
    over_time: (0.0, 44.0, 1000.0, 360.0),
    scatter: (0.0, 414.0, 500.0, 360.0),
    histogram: (500.0, 414.0, 500.0, 360.0),
    key_below_title: false,
    short: false,
};

/// A phone's shape: the three panels one under another, 420 pixels wide, so that a 375 px
/// screen shows the text at four fifths of its size.
pub const NARROW: Shape = Shape {
    width: 420.0,
    height: 1170.0,
    over_time: (0.0, 56.0, 420.0, 360.0),
    scatter: (0.0, 426.0, 420.0, 360.0),
    histogram: (0.0, 796.0, 420.0, 360.0),
    key_below_title: true,
    short: true,
};
/// Room inside a panel around its plot: left (tick labels), top (title, the y label), right,
/// bottom (tick labels, the x label).
const INSET: (f64, f64, f64, f64) = (62.0, 44.0, 24.0, 46.0);

/// One panel: where its plot lies and its axes.
struct Panel {
    left: f64,
    top: f64,
    w: f64,
    h: f64,
    x: Axis,
    y: Axis,
}

impl Panel {
    /// The panel in `place`, its frame, ticks and labels drawn into `marks`.
    fn new(
        place: (f64, f64, f64, f64),
        titles: [&str; 3],
        (x, y): (Axis, Axis),
        marks: &mut Vec<Mark>,
    ) -> Panel {
        let (px, py, pw, ph) = place;
        let panel = Panel {
            left: px + INSET.0,
            top: py + INSET.1,
            w: pw - INSET.0 - INSET.2,
            h: ph - INSET.1 - INSET.3,
            x,
            y,
        };
        let [title, x_label, y_label] = titles;
        marks.push(text(px + 12.0, py + 16.0, 14.0, Anchor::Start, title));
        marks.push(text(
            panel.left,
            panel.top - 10.0,
            TEXT,
            Anchor::Middle,
            y_label,
        ));
        let bottom = panel.top + panel.h;
        for (v, label) in &panel.y.ticks {
            let (_, y) = panel.at(panel.x.lo, *v);
            marks.push(line(
                vec![(panel.left, y), (panel.left + panel.w, y)],
                Color::Grid,
            ));
            marks.push(text(panel.left - 6.0, y + 4.0, TEXT, Anchor::End, label));
        }
        let (left, right) = (px + 4.0, px + pw - 4.0);
        for (v, label) in thinned(&panel.x.ticks, panel.w) {
            let (x, _) = panel.at(*v, panel.y.lo);
            marks.push(line(vec![(x, panel.top), (x, bottom)], Color::Grid));
            // A label that would run off the picture's edge ends (or starts) at it instead.
            let half = label.chars().count() as f64 * 4.0;
            let (x, anchor) = if x + half > right {
                (right, Anchor::End)
            } else if x - half < left {
                (left, Anchor::Start)
            } else {
                (x, Anchor::Middle)
            };
            marks.push(text(x, bottom + 16.0, TEXT, anchor, label));
        }
        let axes = vec![
            (panel.left, panel.top),
            (panel.left, bottom),
            (panel.left + panel.w, bottom),
        ];
        marks.push(line(axes, Color::Axis));
        marks.push(text(
            panel.left + panel.w / 2.0,
            bottom + 36.0,
            TEXT,
            Anchor::Middle,
            x_label,
        ));
        panel
    }

    /// The pixel of (x, y) in the axes' figures.
    fn at(&self, x: f64, y: f64) -> (f64, f64) {
        (
            round(self.left + self.x.fraction(x) * self.w),
            round(self.top + self.h - self.y.fraction(y) * self.h),
        )
    }

    /// A line across the middle of an empty plot.
    fn say(&self, what: &str, marks: &mut Vec<Mark>) {
        let (x, y) = (self.left + self.w / 2.0, self.top + self.h / 2.0);
        marks.push(text(x, y, 14.0, Anchor::Middle, what));
    }
}

/// The ticks whose labels have room, every second or third one when they would crowd.
fn thinned(ticks: &[(f64, String)], width: f64) -> impl Iterator<Item = &(f64, String)> {
    let longest = ticks.iter().map(|t| t.1.chars().count()).max().unwrap_or(1) as f64;
    let room = width / ticks.len().max(1) as f64;
    let every = ((longest * 8.0 + 12.0) / room).ceil().max(1.0) as usize;
    ticks.iter().step_by(every)
}

fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn text(x: f64, y: f64, size: f64, anchor: Anchor, text: &str) -> Mark {
    Mark::Text {
        x,
        y,
        size,
        anchor,
        text: text.to_string(),
        color: Color::Text,
    }
}

fn line(points: Vec<(f64, f64)>, color: Color) -> Mark {
    Mark::Line {
        points,
        width: 1.0,
        color,
        best: false,
    }
}

/// Every series with the colour of its level. Custom levels take their colours in the order
/// of the levels themselves (the smaller board first), not of the players who played them:
/// a level keeps its colour in a chart of one player's games and in the whole archive's.
fn colored(archive: &Archive) -> Vec<(&Series, Color)> {
    let standard = |l: &str| matches!(l, "beginner" | "intermediate" | "expert");
    let mut customs: Vec<&str> = archive
        .series
        .iter()
        .map(|s| s.level.as_str())
        .filter(|l| !standard(l))
        .collect();
    customs.sort_by_key(|l| (custom_cells(l), *l));
    customs.dedup();
    archive
        .series
        .iter()
        .map(|s| {
            let custom = customs.iter().position(|c| *c == s.level).unwrap_or(0);
            (s, Color::Level(level_number(&s.level, custom)))
        })
        .collect()
}

/// The tiles of a custom level named `WxH/M` (none for another name).
fn custom_cells(level: &str) -> u64 {
    let size = level.split('/').next().unwrap_or("");
    let mut sides = size.split('x').map(|n| n.parse::<u64>().unwrap_or(0));
    sides.next().unwrap_or(0) * sides.next().unwrap_or(0)
}

/// A player as the chart names them: the name the replays give, or that they give none.
fn player_name(name: &str) -> &str {
    if name.trim().is_empty() {
        "(no name)"
    } else {
        name
    }
}

/// What hovering over a game says: its file, whose and which level, its figures and date.
fn title(series: &Series, game: &Won) -> String {
    let rate = game
        .rate
        .map_or_else(|| "no".to_string(), |r| format!("{r:.3}"));
    let date = game.date.map_or_else(
        || "no date".to_string(),
        |d| d.format("%Y-%m-%d %H:%M").to_string(),
    );
    format!(
        "{}\n{}, {}\n{:.3} s, 3BV {}, {rate} 3BV/s\n{date}",
        game.file,
        player_name(&series.player),
        series.level,
        f64::from(game.time_ms) / 1000.0,
        game.three_bv
    )
}

/// The archive's chart, in `shape`.
pub fn lay_out(archive: &Archive, shape: Shape) -> Chart {
    let series = colored(archive);
    let won: usize = archive.series.iter().map(|s| s.won.len()).sum();
    let mut marks = Vec::new();
    let players: Vec<&str> = {
        let mut p: Vec<&str> = archive.series.iter().map(|s| s.player.as_str()).collect();
        p.dedup();
        p
    };
    let whose = match players.as_slice() {
        [] => String::new(),
        [one] => format!(" by {}", player_name(one)),
        many => format!(" by {} players", many.len()),
    };
    let title = format!("{won} of {} games won{whose}", archive.games);
    marks.push(text(12.0, 24.0, 16.0, Anchor::Start, &title));
    key(&series, shape, &mut marks);
    over_time(&series, shape, &mut marks);
    scatter(&series, shape, &mut marks);
    histogram(&series, shape, &mut marks);
    let (dot_radius, dot_opacity) = match won {
        0..=300 => (3.5, 0.85),
        301..=3000 => (2.2, 0.55),
        _ => (1.4, 0.35),
    };
    Chart {
        width: shape.width as u32,
        height: shape.height as u32,
        title,
        dot_radius,
        dot_opacity,
        marks,
    }
}

/// The key: a swatch and the name of each level (the standard levels first, then the custom
/// ones from the smallest board, as their colours go), right-aligned on the title's line or,
/// in a narrow shape, on lines of its own below it.
fn key(series: &[(&Series, Color)], shape: Shape, marks: &mut Vec<Mark>) {
    let mut levels: Vec<(&str, Color)> = Vec::new();
    for (s, c) in series {
        if !levels.iter().any(|(l, _)| *l == s.level) {
            levels.push((&s.level, *c));
        }
    }
    let rank = |level: &str| match level {
        "beginner" => 0,
        "intermediate" => 1,
        "expert" => 2,
        _ => 3,
    };
    levels.sort_by_key(|&(level, _)| (rank(level), custom_cells(level), level));
    // A swatch, a gap, the name at 8 pixels a character (the PNG font's width), a space.
    let room = |level: &str| 14.0 + level.chars().count() as f64 * 8.0 + 18.0;
    let (mut x, mut y) = if shape.key_below_title {
        (12.0, 44.0)
    } else {
        let all = levels.iter().map(|(l, _)| room(l)).sum::<f64>();
        (shape.width - 12.0 - all + 18.0, 24.0)
    };
    for (level, color) in levels {
        if shape.key_below_title && x > 12.0 && x + room(level) - 18.0 > shape.width - 12.0 {
            (x, y) = (12.0, y + 16.0);
        }
        marks.push(Mark::Bar {
            x,
            y: y - 10.0,
            w: 10.0,
            h: 10.0,
            color,
            title: None,
        });
        marks.push(text(x + 14.0, y, TEXT, Anchor::Start, level));
        x += room(level);
    }
}

/// 3BV/s of every game won, along the dates (or, with no dates at all, the games in the
/// order of their files), and each series' personal best as a rising step line.
fn over_time(series: &[(&Series, Color)], shape: Shape, marks: &mut Vec<Mark>) {
    let rated = |s: &Series| s.won.iter().filter(|g| g.rate.is_some()).count();
    let dated = |s: &Series| {
        s.won
            .iter()
            .filter(|g| g.rate.is_some() && g.date.is_some())
            .count()
    };
    let all: usize = series.iter().map(|(s, _)| rated(s)).sum();
    let with_dates: usize = series.iter().map(|(s, _)| dated(s)).sum();
    let by_date = with_dates > 0;
    // Without dates, the games rated are numbered in the order of their files, across every
    // player and level: one count along the axis.
    let mut files: Vec<&str> = series
        .iter()
        .flat_map(|(s, _)| s.won.iter().filter(|g| g.rate.is_some()))
        .map(|g| g.file.as_str())
        .collect();
    files.sort_unstable();
    let number = |g: &Won| files.partition_point(|f| *f < g.file.as_str()) as f64 + 1.0;
    // Each series' games as (x, rate, game), in the order they were played.
    let points: Vec<Vec<(f64, f64, &Won)>> = series
        .iter()
        .map(|(s, _)| {
            let mut p: Vec<(f64, f64, &Won)> = if by_date {
                s.won
                    .iter()
                    .filter_map(|g| Some((ticks::seconds(g.date?), g.rate?, g)))
                    .collect()
            } else {
                s.won
                    .iter()
                    .filter_map(|g| Some((number(g), g.rate?, g)))
                    .collect()
            };
            p.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.2.file.cmp(&b.2.file)));
            p
        })
        .collect();
    let xs = points.iter().flatten().map(|p| p.0);
    let (lo, hi) = (
        xs.clone().fold(f64::INFINITY, f64::min),
        xs.fold(0.0, f64::max),
    );
    let top = points.iter().flatten().map(|p| p.1).fold(0.0, f64::max);
    let x_axis = if by_date {
        ticks::dates(lo, hi, 8)
    } else if all > 0 {
        ticks::numbers(1.0, hi, 8)
    } else {
        ticks::numbers(0.0, 1.0, 8)
    };
    let mut heading = if shape.short {
        "3BV/s over time, the best as a line"
    } else {
        "3BV/s of every game won, over time, and the personal best (the line)"
    }
    .to_string();
    if by_date && with_dates < all {
        heading += &format!(" ({} without a date left out)", all - with_dates);
    }
    let x_label = if by_date || all == 0 {
        "date the game began"
    } else {
        "game, in the order of the files (no file records a date)"
    };
    let axes = (x_axis, ticks::numbers(0.0, top, 6));
    let panel = Panel::new(shape.over_time, [&heading, x_label, "3BV/s"], axes, marks);
    if all == 0 {
        panel.say("no game won", marks);
        return;
    }
    // The best lines first, so that every game's point is drawn over them.
    for ((_, color), points) in series.iter().zip(&points) {
        let Some(&(first_x, first_rate, _)) = points.first() else {
            continue;
        };
        // The best so far: level until a game beats it, then up to that game.
        let mut best = first_rate;
        let mut line = vec![panel.at(first_x, best)];
        for &(x, rate, _) in &points[1..] {
            if rate > best {
                line.push(panel.at(x, best));
                best = rate;
                line.push(panel.at(x, best));
            }
        }
        let last_x = points[points.len() - 1].0;
        line.push(panel.at(last_x, best));
        line.dedup();
        // One game (or every game at one moment) is its own best: its point says it.
        if line.len() < 2 {
            continue;
        }
        marks.push(Mark::Line {
            points: line,
            width: 2.0,
            color: *color,
            best: true,
        });
    }
    for ((s, color), points) in series.iter().zip(&points) {
        for &(x, rate, game) in points {
            let (x, y) = panel.at(x, rate);
            marks.push(Mark::Dot {
                x,
                y,
                color: *color,
                title: title(s, game),
            });
        }
    }
}

/// Each game won as a point: its 3BV across, its time up.
fn scatter(series: &[(&Series, Color)], shape: Shape, marks: &mut Vec<Mark>) {
    let games = series.iter().flat_map(|(s, _)| s.won.iter());
    let most_bv = games.clone().map(|g| g.three_bv).max().unwrap_or(0);
    let longest = games.map(|g| g.time_ms).max();
    let axes = (
        ticks::numbers(0.0, most_bv as f64, 6),
        ticks::numbers(0.0, f64::from(longest.unwrap_or(0)) / 1000.0, 6),
    );
    let titles = ["Time against 3BV, each game won", "3BV", "time (s)"];
    let panel = Panel::new(shape.scatter, titles, axes, marks);
    if longest.is_none() {
        panel.say("no game won", marks);
        return;
    }
    for (s, color) in series {
        for game in &s.won {
            let (x, y) = panel.at(game.three_bv as f64, f64::from(game.time_ms) / 1000.0);
            marks.push(Mark::Dot {
                x,
                y,
                color: *color,
                title: title(s, game),
            });
        }
    }
}

/// How the 3BV/s of the games won are spread: bars of round widths, each level's games
/// stacked in its colour.
fn histogram(series: &[(&Series, Color)], shape: Shape, marks: &mut Vec<Mark>) {
    let rates = series
        .iter()
        .flat_map(|(s, _)| s.won.iter().filter_map(|g| g.rate));
    let top = rates.clone().fold(0.0, f64::max);
    let any = rates.count() > 0;
    // About 20 bars over the rates, each a round width.
    let bins = ticks::numbers(0.0, top, 20);
    let width = bins.ticks.get(1).map_or(1.0, |t| t.0 - bins.ticks[0].0);
    let slots = ((bins.hi - bins.lo) / width).round().max(1.0) as usize;
    let bin = |r: f64| ((r / width).floor() as usize).min(slots - 1);
    let counts: Vec<Vec<usize>> = series
        .iter()
        .map(|(s, _)| {
            let mut c = vec![0; slots];
            for r in s.won.iter().filter_map(|g| g.rate) {
                c[bin(r)] += 1;
            }
            c
        })
        .collect();
    let stacked: Vec<usize> = (0..slots)
        .map(|i| counts.iter().map(|c| c[i]).sum())
        .collect();
    let most = stacked.iter().copied().max().unwrap_or(0);
    // The axis reaches the last bar's end, past the fastest game when the bars' width does
    // not divide the axis's step (bars of 2 under ticks of 5).
    let axes = (ticks::numbers(0.0, bins.hi, 6), ticks::counts(most, 5));
    let titles = [
        "How the 3BV/s of the games won are spread",
        "3BV/s",
        "games",
    ];
    let panel = Panel::new(shape.histogram, titles, axes, marks);
    if !any {
        panel.say("no game won", marks);
        return;
    }
    let mut below = vec![0usize; slots];
    for ((s, color), counts) in series.iter().zip(&counts) {
        for (i, &n) in counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let from = i as f64 * width;
            let (x0, y0) = panel.at(from, (below[i] + n) as f64);
            let (x1, y1) = panel.at(from + width, below[i] as f64);
            below[i] += n;
            marks.push(Mark::Bar {
                x: x0,
                y: y0,
                w: (x1 - x0 - 1.0).max(1.0),
                h: y1 - y0,
                color: *color,
                title: Some(format!(
                    "{}, {}: {n} of {} games won between {from:.2} and {:.2} 3BV/s",
                    s.player,
                    s.level,
                    s.won.len(),
                    from + width
                )),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn game(file: &str, rate: f64, day: Option<u32>) -> Won {
        Won {
            file: file.to_string(),
            time_ms: 10_000,
            three_bv: 20,
            rate: Some(rate),
            date: day.map(|d| {
                NaiveDate::from_ymd_opt(2025, 3, d)
                    .unwrap()
                    .and_hms_opt(12, 0, 0)
                    .unwrap()
            }),
        }
    }

    fn series(level: &str, won: Vec<Won>) -> Series {
        Series {
            player: "Ann".to_string(),
            level: level.to_string(),
            won,
        }
    }

    fn bests(chart: &Chart) -> Vec<&Vec<(f64, f64)>> {
        chart
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Line { points, best, .. } if *best => Some(points),
                _ => None,
            })
            .collect()
    }

    fn texts(chart: &Chart) -> Vec<&str> {
        chart
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The best line goes by date, not by file: a record set later in a file that sorts
    /// first still comes after the games played before it.
    #[test]
    fn the_best_rises_at_each_record_in_the_order_played() {
        let archive = Archive {
            series: vec![series(
                "expert",
                vec![
                    game("a.avf", 3.0, Some(20)),
                    game("b.avf", 1.0, Some(1)),
                    game("c.avf", 2.0, Some(10)),
                    game("d.avf", 1.5, Some(15)),
                ],
            )],
            games: 4,
        };
        let chart = lay_out(&archive, WIDE);
        let lines = bests(&chart);
        assert_eq!(lines.len(), 1);
        let line = lines[0];
        // Records on the 1st, the 10th and the 20th: two rises, each a step.
        let rises = line.windows(2).filter(|p| p[1].1 < p[0].1).count();
        assert_eq!(rises, 2, "{line:?}");
        assert!(
            line.windows(2)
                .all(|p| p[1].0 >= p[0].0 && p[1].1 <= p[0].1)
        );
    }

    #[test]
    fn levels_take_their_numbers_colours_and_the_key_lists_standard_levels_first() {
        let archive = Archive {
            series: vec![
                series("8x11/7", vec![game("a", 1.0, Some(1))]),
                series("expert", vec![game("b", 1.0, Some(2))]),
                series("beginner", vec![game("c", 1.0, Some(3))]),
            ],
            games: 3,
        };
        let colors: Vec<Color> = colored(&archive).iter().map(|(_, c)| *c).collect();
        assert_eq!(colors, [Color::Level(4), Color::Level(3), Color::Level(2)]);
        let chart = lay_out(&archive, WIDE);
        let t = texts(&chart);
        let at = |name: &str| t.iter().position(|x| *x == name).unwrap();
        assert!(at("beginner") < at("expert") && at("expert") < at("8x11/7"));
    }

    #[test]
    fn games_without_dates_are_counted_or_drawn_in_file_order() {
        let mixed = Archive {
            series: vec![series(
                "beginner",
                vec![game("a", 1.0, Some(1)), game("b", 2.0, None)],
            )],
            games: 2,
        };
        let chart = lay_out(&mixed, WIDE);
        assert!(
            texts(&chart)
                .iter()
                .any(|t| t.contains("(1 without a date left out)"))
        );
        let undated = Archive {
            series: vec![series(
                "beginner",
                vec![game("a", 1.0, None), game("b", 2.0, None)],
            )],
            games: 2,
        };
        let chart = lay_out(&undated, WIDE);
        assert!(
            texts(&chart)
                .iter()
                .any(|t| t.starts_with("game, in the order"))
        );
        assert_eq!(bests(&chart).len(), 1);
        // One count across players and levels: two series' games stand apart.
        let two = Archive {
            series: vec![
                series("beginner", vec![game("a", 1.0, None)]),
                series("expert", vec![game("b", 2.0, None)]),
            ],
            games: 2,
        };
        let xs: Vec<f64> = lay_out(&two, WIDE)
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Dot { x, .. } => Some(*x),
                _ => None,
            })
            .take(2)
            .collect();
        assert_ne!(xs[0], xs[1], "{xs:?}");
    }

    #[test]
    fn an_archive_with_no_game_won_says_so_in_each_panel() {
        let chart = lay_out(
            &Archive {
                series: vec![series("expert", Vec::new())],
                games: 5,
            },
            WIDE,
        );
        let t = texts(&chart);
        assert_eq!(t.iter().filter(|x| **x == "no game won").count(), 3);
        assert!(t.contains(&"0 of 5 games won by Ann"));
    }
    /// Every game's point is drawn over the best lines; a player's one game has none.
    #[test]
    fn points_lie_over_the_best_lines_and_one_game_has_none() {
        let archive = Archive {
            series: vec![
                series("expert", vec![game("a.avf", 3.0, Some(2))]),
                series(
                    "beginner",
                    vec![game("b.avf", 1.0, Some(1)), game("c.avf", 2.0, Some(9))],
                ),
            ],
            games: 3,
        };
        let chart = lay_out(&archive, WIDE);
        let last_best = chart
            .marks
            .iter()
            .rposition(|m| matches!(m, Mark::Line { best: true, .. }))
            .unwrap();
        let first_dot = chart
            .marks
            .iter()
            .position(|m| matches!(m, Mark::Dot { .. }))
            .unwrap();
        assert!(last_best < first_dot);
        assert_eq!(bests(&chart).len(), 1);
    }

    /// A custom level keeps its colour whichever other levels the chart holds, and a
    /// player with no name is said to have none.
    #[test]
    fn a_custom_level_keeps_its_colour_and_no_name_is_said() {
        let colour_of = |levels: &[&str], level: &str| {
            let archive = Archive {
                series: levels
                    .iter()
                    .map(|l| series(l, vec![game("a.avf", 1.0, None)]))
                    .collect(),
                games: levels.len(),
            };
            colored(&archive)
                .iter()
                .find(|(s, _)| s.level == level)
                .map(|(_, c)| *c)
                .unwrap()
        };
        let whole = colour_of(&["60x36/540", "8x11/7", "expert"], "8x11/7");
        assert_eq!(whole, colour_of(&["8x11/7"], "8x11/7"));
        assert_eq!(
            whole,
            colour_of(&["expert", "8x11/7", "60x36/540"], "8x11/7")
        );
        let mut nameless = series("expert", vec![game("a.avf", 1.0, None)]);
        nameless.player = String::new();
        let chart = lay_out(
            &Archive {
                series: vec![nameless],
                games: 1,
            },
            WIDE,
        );
        assert!(texts(&chart).contains(&"1 of 1 games won by (no name)"));
    }

    /// The histogram's axis reaches the end of its last bar: 2.45 3BV/s falls in a bar from
    /// 2.4 to 2.6 under ticks of 0.5 that end at 2.5.
    #[test]
    fn the_histogram_axis_holds_every_bar() {
        for top in [2.45, 0.25, 5.0, 3.7, 10.5, 0.02] {
            let archive = Archive {
                series: vec![series(
                    "expert",
                    vec![game("a.avf", top, None), game("b.avf", top / 3.0, None)],
                )],
                games: 2,
            };
            let chart = lay_out(&archive, WIDE);
            let right = WIDE.histogram.0 + WIDE.histogram.2 - INSET.2;
            for m in &chart.marks {
                if let Mark::Bar {
                    x,
                    w,
                    title: Some(_),
                    ..
                } = m
                {
                    assert!(
                        x + w <= right + 0.5,
                        "{top}: a bar to {} past {right}",
                        x + w
                    );
                }
            }
        }
    }
}
