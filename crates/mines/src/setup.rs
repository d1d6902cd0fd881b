//! The size of a board and its number of mines: the classic levels, or custom, checked
//! against what the first-click rule must keep free.

use grid_core::mines_doc::FirstClick;
use std::fmt;
use std::str::FromStr;

/// The classic levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Beginner,
    Intermediate,
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }

    /// Width, height and mines.
    pub fn setup(self) -> Setup {
        let (width, height, mines) = match self {
            Level::Beginner => (9, 9, 10),
            Level::Intermediate => (16, 16, 40),
            Level::Expert => (30, 16, 99),
        };
        Setup {
            width,
            height,
            mines,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = grid_core::choice::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        grid_core::choice::parse(s)
    }
}

impl grid_core::choice::Named for Level {
    const ALL: &'static [Self] = &Level::ALL;
    const WHAT: &'static str = "level";
    fn name(self) -> &'static str {
        Level::name(self)
    }
    fn summary(self) -> &'static str {
        match self {
            Level::Beginner => "9x9, 10 mines",
            Level::Intermediate => "16x16, 40 mines",
            Level::Expert => "30x16, 99 mines",
        }
    }
}

/// A board size and its number of mines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    pub width: usize,
    pub height: usize,
    pub mines: usize,
}

/// The largest board side: big enough for any custom game, small enough for any terminal
/// session to handle and for every count to stay far from overflow.
pub const MAX_SIDE: usize = 1000;

impl Setup {
    /// The level this setup is, if it is one (for best times).
    pub fn level(&self) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.setup() == *self)
    }

    /// How many tiles the first click keeps free of mines, at most, under `rule`.
    pub fn kept_free(&self, rule: FirstClick) -> usize {
        match rule {
            FirstClick::Any => 0,
            FirstClick::Safe => 1,
            FirstClick::Opening => self.width.min(3) * self.height.min(3),
        }
    }

    /// Checks the size and that the mines fit beside what the first click keeps free.
    pub fn check(&self, rule: FirstClick) -> Result<(), SetupError> {
        let Setup {
            width,
            height,
            mines,
        } = *self;
        if width == 0 || height == 0 {
            return Err(SetupError::Empty { width, height });
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(SetupError::TooLarge { width, height });
        }
        let cells = width * height;
        let free = self.kept_free(rule);
        if mines > cells - free {
            return Err(SetupError::TooManyMines {
                setup: *self,
                rule,
                most: cells - free,
            });
        }
        Ok(())
    }
}

/// The largest share of mines a no-guess board may have, in hundredths of a percent, by the
/// board's tiles: at these shares a board is found in about 5 s at most, and a little beyond
/// them generation stops being practical (docs/performance.md, "No-guess boards"). Between
/// two sizes of the table the share goes down linearly.
const NO_GUESS_MAX_SHARE: [(usize, usize); 6] = [
    (1_000, 3_500),
    (2_500, 2_800),
    (10_000, 2_000),
    (40_000, 1_600),
    (250_000, 1_200),
    (1_000_000, 800),
];

/// The most mines a no-guess board of `tiles` tiles may have: 35% up to 1,000 tiles, falling
/// to 8% at a million, linearly between the sizes measured.
pub fn no_guess_max_mines(tiles: usize) -> usize {
    let table = NO_GUESS_MAX_SHARE;
    let share = match table.iter().position(|&(t, _)| tiles <= t) {
        Some(0) => table[0].1,
        Some(i) => {
            let ((t0, s0), (t1, s1)) = (table[i - 1], table[i]);
            s0 - (s0 - s1) * (tiles - t0) / (t1 - t0)
        }
        None => table[table.len() - 1].1,
    };
    tiles * share / 10_000
}

impl Setup {
    /// Checks that a no-guess board can be made: it needs a first click to start from, and
    /// room for deduction.
    pub fn check_no_guess(&self, rule: FirstClick) -> Result<(), SetupError> {
        if rule == FirstClick::Any {
            return Err(SetupError::NoGuessWithoutFirstClick);
        }
        let most = no_guess_max_mines(self.width * self.height);
        if self.mines > most {
            return Err(SetupError::TooDenseForNoGuess { setup: *self, most });
        }
        Ok(())
    }
}

/// Why a board cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a board is at least 1x1, not {width}x{height}")]
    Empty { width: usize, height: usize },
    #[error("a {width}x{height} board is too large (at most {MAX_SIDE} on a side)")]
    TooLarge { width: usize, height: usize },
    /// The mines do not fit beside the tiles the first click keeps free.
    #[error(
        "{} mines do not fit on a {}x{} board: the first click ({}) keeps {} of its {} tiles \
         free, so at most {most} mines",
        setup.mines, setup.width, setup.height, rule.name(),
        setup.kept_free(*rule), setup.width * setup.height
    )]
    TooManyMines {
        setup: Setup,
        rule: FirstClick,
        most: usize,
    },
    /// A no-guess board is made from its first click, so the first click must be protected.
    #[error("a no-guess board starts from a protected first click (opening or safe), not any")]
    NoGuessWithoutFirstClick,
    #[error(
        "{} mines are too many for a no-guess {}x{} board: at most {most} (the share that can \
         be made in reasonable time falls from 35% on small boards to 8% on a million tiles)",
        setup.mines, setup.width, setup.height
    )]
    TooDenseForNoGuess { setup: Setup, most: usize },
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_no_guess_limit_falls_with_the_size_of_the_board() {
        use super::no_guess_max_mines as most;
        assert_eq!(most(480), 168); // expert: 35%
        assert_eq!(most(1_000), 350);
        assert_eq!(most(2_500), 700);
        assert_eq!(most(10_000), 2_000);
        assert_eq!(most(40_000), 6_400);
        assert_eq!(most(1_000_000), 80_000);
        let mut last = 0.0;
        for tiles in (1_000..1_000_000).step_by(997) {
            let share = most(tiles) as f64 / tiles as f64;
            assert!(last == 0.0 || share <= last + 1e-3, "{tiles}");
            last = share;
        }
    }

    use super::*;

    #[test]
    fn levels_are_the_classic_ones() {
        assert_eq!(
            Level::Expert.setup(),
            Setup {
                width: 30,
                height: 16,
                mines: 99
            }
        );
        assert_eq!(Level::Beginner.setup().level(), Some(Level::Beginner));
        assert_eq!("intermediate".parse::<Level>(), Ok(Level::Intermediate));
        assert!("hard".parse::<Level>().is_err());
    }

    #[test]
    fn too_many_mines_are_refused_with_the_reason() {
        let s = Setup {
            width: 9,
            height: 9,
            mines: 73,
        };
        let e = s.check(FirstClick::Opening).unwrap_err().to_string();
        assert!(e.contains("at most 72 mines"), "{e}");
        assert!(s.check(FirstClick::Safe).is_ok());
        let full = Setup {
            width: 3,
            height: 3,
            mines: 9,
        };
        assert!(full.check(FirstClick::Any).is_ok());
        assert!(full.check(FirstClick::Safe).is_err());
        assert!(
            Setup {
                width: 0,
                height: 3,
                mines: 0
            }
            .check(FirstClick::Any)
            .is_err()
        );
        assert!(
            Setup {
                width: 5000,
                height: 3,
                mines: 0
            }
            .check(FirstClick::Any)
            .is_err()
        );
    }
}
