//! Summaries of parts of an archive merged into the summary of the whole: the games of each
//! group put together and every figure computed again, after each part is checked to be a
//! summary its own games give.

use super::{Group, Level, REPORT, Summary, VERSION};
use std::collections::{BTreeMap, HashMap};

/// Why summaries cannot be merged. `part` counts the summaries from 0, in the order given;
/// `group` a part's groups from 0.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("not a summary of version {VERSION} (its report is {report:?}, version {version})")]
    NotSummary {
        part: usize,
        report: String,
        version: u32,
    },
    #[error("made {}, the first summary {}", filter(player), filter(first))]
    OtherFilter {
        part: usize,
        player: Option<String>,
        first: Option<String>,
    },
    #[error("group {group} ({whose}): `{field}` is not what its replays give")]
    Figure {
        part: usize,
        group: usize,
        /// The group's player and level, as a person finds it in the file.
        whose: String,
        field: &'static str,
    },
    #[error(
        "group {group} is out of order or repeats an earlier one (groups go by player, then level)"
    )]
    Order { part: usize, group: usize },
    #[error("`{field}` is {found}, its groups give {expected}")]
    Total {
        part: usize,
        field: &'static str,
        found: usize,
        expected: usize,
    },
    #[error("holds {file:?}, which summary {other} holds too (as {as_there:?})")]
    Twice {
        part: usize,
        file: String,
        other: usize,
        /// The name the other summary gives the same replay.
        as_there: String,
    },
}

/// How a summary's `--player` filter reads in a sentence.
fn filter(player: &Option<String>) -> String {
    match player {
        Some(name) => format!("for player {name:?}"),
        None => "for every player".to_owned(),
    }
}

impl MergeError {
    /// The summary at fault, counting from 0.
    pub fn part(&self) -> usize {
        match self {
            MergeError::NotSummary { part, .. }
            | MergeError::OtherFilter { part, .. }
            | MergeError::Figure { part, .. }
            | MergeError::Order { part, .. }
            | MergeError::Total { part, .. }
            | MergeError::Twice { part, .. } => *part,
        }
    }
}

impl Summary {
    /// The summary of the archive these summaries are parts of: the same, byte for byte, as
    /// one summary of all their replays. Each part is checked first. A replay is told by its
    /// file's name as the summary gives it.
    pub fn merge(parts: Vec<Summary>) -> Result<Summary, MergeError> {
        Summary::merge_by(parts, |file| file.to_owned())
    }

    /// [`Summary::merge`], a replay told by `identity` of its file's name: the tool gives the
    /// file's canonical path, so that one file named two ways (a link, a relative and an
    /// absolute path) is one replay that two summaries hold.
    pub fn merge_by(
        parts: Vec<Summary>,
        identity: impl Fn(&str) -> String,
    ) -> Result<Summary, MergeError> {
        let first_filter = parts.first().and_then(|s| s.player.clone());
        let mut by_group: BTreeMap<(String, Level), Vec<super::Game>> = BTreeMap::new();
        let mut seen: HashMap<(String, String), (usize, String)> = HashMap::new();
        let mut skipped = 0;
        for (part, summary) in parts.iter().enumerate() {
            summary.check(part)?;
            if summary.player != first_filter {
                return Err(MergeError::OtherFilter {
                    part,
                    player: summary.player.clone(),
                    first: first_filter,
                });
            }
            skipped += summary.skipped;
            for g in &summary.groups {
                for game in &g.replays {
                    // One replay is one file holding one game: the same name with other
                    // figures is another machine's file of that name, which one run over
                    // both archives would count too.
                    let key = (identity(&game.file), figures(game));
                    if let Some((other, as_there)) = seen.get(&key) {
                        return Err(MergeError::Twice {
                            part,
                            file: game.file.clone(),
                            other: *other,
                            as_there: as_there.clone(),
                        });
                    }
                    seen.insert(key, (part, game.file.clone()));
                }
                by_group
                    .entry((g.player.clone(), g.level))
                    .or_default()
                    .extend(g.replays.iter().cloned());
            }
        }
        Ok(Summary::of_groups(first_filter, by_group, skipped))
    }

    /// Checks that the summary is one its own games give: its kind, the order of its
    /// groups, the filter, each group's figures and the totals.
    pub fn check(&self, part: usize) -> Result<(), MergeError> {
        if self.report != REPORT || self.version != VERSION {
            return Err(MergeError::NotSummary {
                part,
                report: self.report.clone(),
                version: self.version,
            });
        }
        for (i, g) in self.groups.iter().enumerate() {
            if i > 0 {
                let before = &self.groups[i - 1];
                if (&before.player, before.level) >= (&g.player, g.level) {
                    return Err(MergeError::Order { part, group: i });
                }
            }
            if self
                .player
                .as_ref()
                .is_some_and(|p| !super::is_player(p, &g.player))
            {
                return Err(MergeError::Figure {
                    part,
                    group: i,
                    whose: format!("{}, {}", g.player, g.level),
                    field: "player",
                });
            }
            let again = Group::new(g.player.clone(), g.level, g.replays.clone());
            if let Some(field) = first_difference(g, &again) {
                return Err(MergeError::Figure {
                    part,
                    group: i,
                    whose: format!("{}, {}", g.player, g.level),
                    field,
                });
            }
        }
        let expected = self.groups.iter().map(|g| g.games).sum();
        if self.replays != expected {
            return Err(MergeError::Total {
                part,
                field: "replays",
                found: self.replays,
                expected,
            });
        }
        Ok(())
    }
}

/// The first field, in the document's order, where a group differs from what its replays give.
fn first_difference(found: &Group, expected: &Group) -> Option<&'static str> {
    let fields: [(&'static str, bool); 11] = [
        ("games", found.games == expected.games),
        ("wins", found.wins == expected.wins),
        ("best_time", found.best_time == expected.best_time),
        (
            "best_3bv_per_s",
            found.best_three_bv_per_s == expected.best_three_bv_per_s,
        ),
        (
            "median_3bv_per_s",
            found.median_three_bv_per_s == expected.median_three_bv_per_s,
        ),
        (
            "mean_3bv_per_s",
            found.mean_three_bv_per_s == expected.mean_three_bv_per_s,
        ),
        ("best_ioe", found.best_ioe == expected.best_ioe),
        ("median_ioe", found.median_ioe == expected.median_ioe),
        ("first_date", found.first_date == expected.first_date),
        ("last_date", found.last_date == expected.last_date),
        ("replays", found.replays == expected.replays),
    ];
    fields.into_iter().find(|&(_, same)| !same).map(|(f, _)| f)
}

/// A game's figures, its file left out, as one string: what tells two games of one name.
fn figures(game: &super::Game) -> String {
    let super::Game {
        file: _,
        won,
        time_ms,
        three_bv,
        three_bv_per_s,
        ioe,
        date,
    } = game;
    format!("{won} {time_ms} {three_bv} {three_bv_per_s:?} {ioe:?} {date:?}")
}
