//! One player's games on one level, and the figures a summary gives of them.
//!
//! Every figure is computed from the games sorted by file, so that the same games give the
//! same bytes however they were read or merged: ties go to the first file, and sums are
//! taken in that order.

use super::{Game, Level};
use crate::replay::stamp::Stamp;
use serde::{Deserialize, Serialize};

/// The best time of a group, and the file it is in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestTime {
    pub time_ms: u32,
    pub file: String,
}

/// The best of a rate (3BV/s), and the file it is in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestValue {
    pub value: f64,
    pub file: String,
}

/// One player's games on one level. The times and rates are of the games won: a lost game
/// has no time to rank.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub player: String,
    pub level: Level,
    pub games: usize,
    pub wins: usize,
    pub best_time: Option<BestTime>,
    #[serde(rename = "best_3bv_per_s")]
    pub best_three_bv_per_s: Option<BestValue>,
    #[serde(rename = "median_3bv_per_s")]
    pub median_three_bv_per_s: Option<f64>,
    #[serde(rename = "mean_3bv_per_s")]
    pub mean_three_bv_per_s: Option<f64>,
    pub best_ioe: Option<f64>,
    pub median_ioe: Option<f64>,
    /// When the first and the last game began, as their `date`s: `null` when no file
    /// records it.
    pub first_date: Option<String>,
    pub last_date: Option<String>,
    /// Every game's key figures, sorted by file: what a merge needs.
    pub replays: Vec<Game>,
}

impl Group {
    /// The group of these games, in any order.
    pub fn new(player: String, level: Level, mut games: Vec<Game>) -> Group {
        games.sort_by(|a, b| a.file.cmp(&b.file));
        let won: Vec<&Game> = games.iter().filter(|g| g.won).collect();
        let best_time = won.iter().min_by_key(|g| g.time_ms).map(|g| BestTime {
            time_ms: g.time_ms,
            file: g.file.clone(),
        });
        let rates: Vec<(f64, &str)> = won
            .iter()
            .filter_map(|g| Some((g.three_bv_per_s?, g.file.as_str())))
            .collect();
        let best_three_bv_per_s = best(&rates).map(|(value, file)| BestValue {
            value,
            file: file.to_string(),
        });
        let ioes: Vec<f64> = won.iter().filter_map(|g| g.ioe).collect();
        let rate_values: Vec<f64> = rates.iter().map(|&(v, _)| v).collect();
        let dates: Vec<&String> = games.iter().filter_map(|g| g.date.as_ref()).collect();
        Group {
            player,
            level,
            games: games.len(),
            wins: won.len(),
            best_time,
            best_three_bv_per_s,
            median_three_bv_per_s: median(&rate_values),
            mean_three_bv_per_s: mean(&rate_values),
            best_ioe: best(&ioes.iter().map(|&v| (v, "")).collect::<Vec<_>>()).map(|(v, _)| v),
            median_ioe: median(&ioes),
            first_date: dates.iter().min_by_key(|d| moment(d)).map(|d| (*d).clone()),
            last_date: dates.iter().max_by_key(|d| moment(d)).map(|d| (*d).clone()),
            replays: games,
        }
    }
}

/// When a game's `date` was, for ordering: the time on its clock, whether the clock is UTC
/// or the player's (text that is no time comes first).
fn moment(date: &str) -> Option<chrono::NaiveDateTime> {
    Stamp::parse_iso(date).map(|s| s.at)
}

/// The largest value, the first of equal ones (the values come sorted by file).
fn best<'a>(values: &[(f64, &'a str)]) -> Option<(f64, &'a str)> {
    values
        .iter()
        .copied()
        .reduce(|best, next| if next.0 > best.0 { next } else { best })
}

/// The middle value, or the mean of the two middle ones.
fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    Some(if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    })
}

/// The mean, summed in the order given.
fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}
