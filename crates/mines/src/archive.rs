//! A player's archive of replays, summed up: per player and level, the games, the wins, the
//! best time and 3BV/s and the files they are in, the median and mean 3BV/s, the best and
//! median IOE. A [`Summary`] keeps each game's key figures, so that summaries of parts of an
//! archive merge into the summary of the whole, byte for byte (`mines replay --merge`).
//!
//! The figures of one game come from [`crate::replay::figures`], the one home of their
//! definitions; this module only groups, orders and sums them. It reads no file: the tool
//! hands it each replay and the name it was read under.

mod group;
mod level;
mod merge;

pub use group::{BestTime, BestValue, Group};
pub use level::{Level, LevelError};
pub use merge::MergeError;

use crate::replay::{Replay, ReplayError, figures};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a summary document says it is, in its `report` field.
pub const REPORT: &str = "replay summary";

/// The version of the summary document this module writes and reads.
pub const VERSION: u32 = 1;

/// The key figures of one game: what a summary needs of it, and all it keeps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The file, as the archive was named on the command line (a folder joined with the
    /// names under it): the tie-breaker of every ordering.
    pub file: String,
    pub won: bool,
    /// The game's time as the file gives it.
    pub time_ms: u32,
    #[serde(rename = "3bv")]
    pub three_bv: usize,
    /// 3BV solved per second; `null` over no time.
    #[serde(rename = "3bv_per_s")]
    pub three_bv_per_s: Option<f64>,
    /// 3BV solved per click; `null` with no click.
    pub ioe: Option<f64>,
    /// When the game began, as the replay document's `start_time`: `null` where the file
    /// records no time.
    pub date: Option<String>,
}

/// One replay measured: who played it, on which level, and its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    pub player: String,
    pub level: Level,
    pub game: Game,
}

impl Measured {
    /// Plays `replay` (read from `file`) through the referee and keeps its key figures.
    pub fn of(file: String, replay: &Replay) -> Result<Measured, ReplayError> {
        let (f, referee) = figures::measure(replay)?;
        Ok(Measured {
            player: replay.player.clone(),
            level: Level::of(replay.width(), replay.height(), replay.layout.count()),
            game: Game {
                file,
                won: figures::won(&referee),
                time_ms: replay.time_ms,
                three_bv: f.game.three_bv,
                three_bv_per_s: f.game.three_bv_per_s,
                ioe: f.game.ioe,
                date: replay.played.map(|p| p.start.iso()),
            },
        })
    }
}

/// Whether a replay's player `name` is the one a `--player` filter asks for: the same name
/// whatever its case ("thomas kolar" is "Thomas Kolar"), as the replay formats keep the name
/// as each player typed it.
pub fn is_player(filter: &str, name: &str) -> bool {
    filter == name || filter.to_lowercase() == name.to_lowercase()
}

/// The summary document of an archive (docs/format.md, "Replay summaries").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// Always [`REPORT`].
    pub report: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The `--player` filter the summary was made with, if any.
    pub player: Option<String>,
    /// Replays summed up (of the player filtered for).
    pub replays: usize,
    /// Files that could not be read as replays.
    pub skipped: usize,
    /// By player, then level (beginner, intermediate, expert, then custom boards by size).
    pub groups: Vec<Group>,
}

impl Summary {
    /// The summary of these replays, whatever order they came in; those of other players
    /// than `player` (when given) are left out.
    pub fn new(
        player: Option<String>,
        measured: impl IntoIterator<Item = Measured>,
        skipped: usize,
    ) -> Summary {
        let mut by_group: BTreeMap<(String, Level), Vec<Game>> = BTreeMap::new();
        for m in measured {
            if player.as_ref().is_some_and(|p| !is_player(p, &m.player)) {
                continue;
            }
            by_group
                .entry((m.player, m.level))
                .or_default()
                .push(m.game);
        }
        Summary::of_groups(player, by_group, skipped)
    }

    /// The summary of the groups of `player` (as [`is_player`] matches it) alone; the
    /// summary keeps what the files skipped. A group is one player's, so the groups kept are
    /// kept whole.
    pub fn of_player(mut self, player: &str) -> Summary {
        self.groups.retain(|g| is_player(player, &g.player));
        self.replays = self.groups.iter().map(|g| g.games).sum();
        self.player = Some(player.to_owned());
        self
    }

    /// The players the summary has groups of, each once, in order.
    pub fn players(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.groups.iter().map(|g| g.player.as_str()).collect();
        names.dedup();
        names
    }

    fn of_groups(
        player: Option<String>,
        by_group: BTreeMap<(String, Level), Vec<Game>>,
        skipped: usize,
    ) -> Summary {
        let groups: Vec<Group> = by_group
            .into_iter()
            .map(|((player, level), games)| Group::new(player, level, games))
            .collect();
        Summary {
            report: REPORT.to_string(),
            version: VERSION,
            player,
            replays: groups.iter().map(|g| g.games).sum(),
            skipped,
            groups,
        }
    }
}

#[cfg(test)]
mod tests;
