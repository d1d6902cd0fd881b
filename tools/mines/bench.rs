//! `mines bench`: seeded games played by the solver alone, and their win rate; a study split
//! into shards by seed range (`--shard K/N`, one JSON line of counts each) and the shards
//! merged into the report one run over all the seeds gives (`--merge`).

use crate::GameArgs;
use clap::Args;
use grid_cli::{Error, Input, Output, Progress, Result, Status};
use grid_core::mines_doc::Rules;
use grid_mines::Setup;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// The most games a bench plays: a bound on how long one command may run.
const MAX_GAMES: u64 = 100_000_000;

#[derive(Debug, Clone, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Number of games, from 1 (a win rate over no games means nothing) to 100,000,000
    /// (about ten days of an expert solver on two cores); with --shard, of the whole study.
    #[arg(long, default_value_t = 1000, value_name = "N", value_parser = parse_games)]
    pub games: u64,

    /// Print one JSON object on the last line (a shard's line is JSON already).
    #[arg(long, conflicts_with = "shard")]
    pub json: bool,

    /// Play only the K-th of N equal slices of the study's seeds (K from 1), and write its
    /// counts as one JSON line for --merge. Needs --seed, so that every shard plays the same
    /// study.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, requires = "seed")]
    pub shard: Option<(u64, u64)>,

    /// Add up the shards' counts (files written by --shard) into the report of one run over
    /// all their seeds; every shard of the study must be there, once.
    #[arg(long, num_args = 1.., value_name = "FILE",
          conflicts_with_all = ["shard", "games", "level", "width", "height", "mines", "seed",
                                "first_click", "no_guess"])]
    pub merge: Vec<PathBuf>,
}

fn parse_games(s: &str) -> std::result::Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if (1..=MAX_GAMES).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number of games from 1 to {MAX_GAMES}"
        )),
    }
}

fn parse_shard(s: &str) -> std::result::Result<(u64, u64), String> {
    let bad = || {
        format!(
            "expected K/N with 1 <= K <= N, such as 3/8, not \"{}\"",
            grid_core::error::quote(s)
        )
    };
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n) = (
        k.parse::<u64>().map_err(|_| bad())?,
        n.parse::<u64>().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// What a study is: the same for every shard of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Study {
    width: usize,
    height: usize,
    mines: usize,
    first_click: String,
    no_guess: bool,
    seed: u64,
    games: u64,
}

/// What some games of a study came to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
struct Tally {
    games: u64,
    wins: u64,
    /// 3BV summed over the boards laid (a game lost on its first click lays none).
    sum_3bv: u64,
    boards: u64,
    sum_clicks: u64,
    seconds: f64,
}

impl Tally {
    /// Adds `other`'s counts, or names the field whose sum would overflow.
    fn add(&mut self, other: &Tally) -> std::result::Result<(), &'static str> {
        let sum = |a: &mut u64, b: u64, field| {
            *a = a.checked_add(b).ok_or(field)?;
            Ok(())
        };
        sum(&mut self.games, other.games, "games")?;
        sum(&mut self.wins, other.wins, "wins")?;
        sum(&mut self.sum_3bv, other.sum_3bv, "sum_3bv")?;
        sum(&mut self.boards, other.boards, "boards")?;
        sum(&mut self.sum_clicks, other.sum_clicks, "sum_clicks")?;
        self.seconds += other.seconds;
        Ok(())
    }

    /// Whether these counts can have come from games on `tiles`-tile boards: no more wins or
    /// boards than games, no more 3BV than tiles on each board, and a time that is a number
    /// of seconds. Says the field and what is wrong with it.
    fn check(&self, tiles: usize) -> std::result::Result<(), String> {
        if self.wins > self.games {
            return Err(format!(
                "field `wins`: {} wins in {} games",
                self.wins, self.games
            ));
        }
        if self.boards > self.games {
            return Err(format!(
                "field `boards`: {} boards in {} games",
                self.boards, self.games
            ));
        }
        let most_3bv = u128::from(self.boards) * tiles as u128;
        if u128::from(self.sum_3bv) > most_3bv {
            return Err(format!(
                "field `sum_3bv`: {} over {} boards of {tiles} tiles, more than {most_3bv}",
                self.sum_3bv, self.boards
            ));
        }
        if !self.seconds.is_finite() || self.seconds < 0.0 {
            return Err(format!("field `seconds`: {}, not a time", self.seconds));
        }
        Ok(())
    }
}

/// One shard's line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Shard {
    study: Study,
    /// K and N.
    shard: (u64, u64),
    first_game: u64,
    #[serde(flatten)]
    tally: Tally,
}

/// The games of slice `k` of `n` (from 1): game indices `start..end`.
fn slice(games: u64, k: u64, n: u64) -> (u64, u64) {
    let at = |i: u64| (u128::from(games) * u128::from(i) / u128::from(n)) as u64;
    (at(k - 1), at(k))
}

pub fn run(args: &BenchArgs) -> Result<Status> {
    if !args.merge.is_empty() {
        return merge(&args.merge, args.json);
    }
    let setup = args.game.setup();
    let rules = args.game.rules();
    setup
        .check(rules.first_click)
        .map_err(|e| Error::usage(e.to_string()))?;
    let study = Study {
        width: setup.width,
        height: setup.height,
        mines: setup.mines,
        first_click: rules.first_click.name().to_owned(),
        no_guess: rules.no_guess,
        seed: args.game.seed.or_fresh(),
        games: args.games,
    };
    let (k, n) = args.shard.unwrap_or((1, 1));
    let (start, end) = slice(args.games, k, n);
    let (tally, threads) = play(setup, rules, study.seed.wrapping_add(start), end - start);
    let mut out = Output::stdout();
    if args.shard.is_some() {
        let line = Shard {
            study,
            shard: (k, n),
            first_game: start,
            tally,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
    } else {
        report(
            &mut out,
            &study,
            &tally,
            &format!("on {threads} threads"),
            args.json,
        )?;
    }
    out.finish()?;
    Ok(Status::Ok)
}

/// Plays `games` games from `first_seed` on every core.
fn play(setup: Setup, rules: Rules, first_seed: u64, games: u64) -> (Tally, usize) {
    let wins = AtomicU64::new(0);
    let (bbbv, laid, clicks) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let progress = Progress::new("mines bench", games);
    let start = std::time::Instant::now();
    let threads = grid_mines::simulate::play_all(setup, rules, first_seed, games, |i, p| {
        if p.won {
            wins.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(b) = p.three_bv {
            bbbv.fetch_add(b as u64, Ordering::Relaxed);
            laid.fetch_add(1, Ordering::Relaxed);
        }
        clicks.fetch_add(p.clicks as u64, Ordering::Relaxed);
        progress.tick(i + 1);
    });
    let tally = Tally {
        games,
        wins: wins.into_inner(),
        sum_3bv: bbbv.into_inner(),
        boards: laid.into_inner(),
        sum_clicks: clicks.into_inner(),
        seconds: start.elapsed().as_secs_f64(),
    };
    (tally, threads)
}

/// Reads the shards, checks they make one whole study, and reports it.
fn merge(files: &[PathBuf], json: bool) -> Result<Status> {
    let mut shards: Vec<(String, Shard)> = Vec::new();
    for path in files {
        let mut input = Input::open(path)?;
        let name = input.name.clone();
        let bytes = input.read_bytes(1 << 20, "a shard's counts")?;
        let shard: Shard = serde_json::from_slice(&bytes).map_err(|e| {
            Error::input(format!("not a shard of mines bench --shard: {e}")).in_source(&name)
        })?;
        shards.push((name, shard));
    }
    let (first_name, first) = &shards[0];
    let n = first.shard.1;
    let mut found = vec![None; n as usize];
    let mut total = Tally::default();
    for (name, s) in &shards {
        if s.study != first.study || s.shard.1 != n {
            return Err(Error::input(format!(
                "a shard of another study than {first_name}'s (its board, rules, seed, games \
                 or shard count differ)"
            ))
            .in_source(name));
        }
        let (k, _) = s.shard;
        if k == 0 || k > n || slice(s.study.games, k, n) != (s.first_game, s.first_game + s.games())
        {
            return Err(Error::input(format!(
                "shard {k}/{n} does not hold the games that slice holds"
            ))
            .in_source(name));
        }
        if let Some(other) = &found[(k - 1) as usize] {
            return Err(Error::input(format!("shard {k}/{n} is also in {other}")).in_source(name));
        }
        s.tally
            .check(s.study.width * s.study.height)
            .map_err(|what| {
                Error::input(format!("{what}: not the counts of a shard")).in_source(name)
            })?;
        total.add(&s.tally).map_err(|field| {
            Error::input(format!(
                "field `{field}`: the shards' sum overflows 64 bits: not the counts of a shard"
            ))
            .in_source(name)
        })?;
        found[(k - 1) as usize] = Some(name.clone());
    }
    if let Some(missing) = found.iter().position(Option::is_none) {
        return Err(Error::input(format!(
            "shard {}/{n} is missing: a merge needs every shard of the study",
            missing + 1
        )));
    }
    let mut out = Output::stdout();
    let how = format!("summed over {n} shards");
    report(&mut out, &first.study, &total, &how, json)?;
    out.finish()?;
    Ok(Status::Ok)
}

impl Shard {
    fn games(&self) -> u64 {
        self.tally.games
    }
}

/// The report of a study: the same lines for one run and for merged shards.
fn report(out: &mut Output, study: &Study, t: &Tally, how: &str, json: bool) -> Result<()> {
    let setup = Setup {
        width: study.width,
        height: study.height,
        mines: study.mines,
    };
    let rate = grid_mines::simulate::win_rate(t.wins, t.games);
    let mean_3bv = t.sum_3bv as f64 / t.boards.max(1) as f64;
    let mean_clicks = t.sum_clicks as f64 / t.games.max(1) as f64;
    let level = setup.level().map_or_else(
        || format!("{}x{}/{}", setup.width, setup.height, setup.mines),
        |l| l.name().to_string(),
    );
    writeln!(
        out,
        "level        {level} ({}x{}, {} mines)",
        setup.width, setup.height, setup.mines
    )?;
    writeln!(out, "first click  {}", study.first_click)?;
    if study.no_guess {
        writeln!(out, "boards       no-guess (deduction alone clears them)")?;
    }
    writeln!(
        out,
        "seeds        {} to {}",
        study.seed,
        study.seed.wrapping_add(t.games.saturating_sub(1))
    )?;
    writeln!(out, "games        {}", t.games)?;
    writeln!(out, "wins         {}", t.wins)?;
    writeln!(
        out,
        "3BV          {mean_3bv:.1} a board, {mean_clicks:.1} clicks a game (mean)"
    )?;
    writeln!(
        out,
        "win rate     {:.2}% (95% interval {:.2}% to {:.2}%)",
        rate.rate * 100.0,
        rate.low * 100.0,
        rate.high * 100.0
    )?;
    writeln!(
        out,
        "time         {:.3} ms a game ({:.1} s {how})",
        t.seconds * 1000.0 / t.games.max(1) as f64,
        t.seconds
    )?;
    if json {
        let summary = serde_json::json!({
            "level": level,
            "games": t.games,
            "wins": t.wins,
            "win_rate": rate.rate,
            "ci95": [rate.low, rate.high],
            "first_click": study.first_click,
            "no_guess": study.no_guess,
            "seconds": t.seconds,
            "mean_3bv": mean_3bv,
            "mean_clicks": mean_clicks,
        });
        writeln!(out, "{summary}")?;
    }
    Ok(())
}
