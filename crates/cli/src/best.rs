//! Best times of the interactive games, one file a game (`mines-best.json`,
//! `maze-best.json`) in the user's data directory ($XDG_DATA_HOME/gridkit/, by default
//! ~/.local/share/gridkit/), each a small JSON object from a record's name to its seconds.
//! A missing or unreadable file means no records yet; failing to save loses nothing but the
//! record, so neither is an error the player should see mid-game.

use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Debug, Default)]
pub struct BestTimes {
    path: Option<PathBuf>,
    times: BTreeMap<String, f64>,
}

impl BestTimes {
    /// The records kept in `file` (such as "mines-best.json").
    pub fn load(file: &str) -> Self {
        let path = data_dir().map(|d| d.join("gridkit").join(file));
        let times = path
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        BestTimes { path, times }
    }

    pub fn get(&self, level: &str) -> Option<f64> {
        self.times.get(level).copied()
    }

    /// Records a win; returns true when it is a new best time.
    pub fn record(&mut self, level: &str, seconds: f64) -> bool {
        if self.get(level).is_some_and(|best| best <= seconds) {
            return false;
        }
        self.times.insert(level.to_string(), seconds);
        self.save();
        true
    }

    fn save(&self) {
        let Some(path) = &self.path else { return };
        let Some(dir) = path.parent() else { return };
        let Ok(text) = serde_json::to_string_pretty(&self.times) else {
            return;
        };
        // Written whole, so a crash never leaves half a file.
        let _ = std::fs::create_dir_all(dir)
            .and_then(|()| crate::file::write_whole(path, (text + "\n").as_bytes()));
    }
}

/// $XDG_DATA_HOME when set to an absolute path, else ~/.local/share (the XDG base directory
/// specification).
fn data_dir() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from);
    match xdg {
        Some(p) if p.is_absolute() => Some(p),
        _ => std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")),
    }
}
