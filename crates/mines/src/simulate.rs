//! Playing games with the solver alone, to measure how often it wins.
//!
//! The solver sees only what a player sees; the engine applies its moves. Each game has its
//! own seed (the first seed plus its number), so a result can be reproduced game by game.

use crate::game::Game;
use crate::setup::Setup;
use crate::solver::analyse;
use grid_core::mines_doc::{Cell, FirstClick, GameState, Move, Rules};
use grid_core::{Grid, Pos};
use std::sync::atomic::{AtomicU64, Ordering};

/// How a game the solver played went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub won: bool,
    /// The board's 3BV, once a first click has laid it out.
    pub three_bv: Option<usize>,
    /// The clicks the solver made.
    pub clicks: usize,
}

/// Plays one game to its end; true on a win.
pub fn play_one(setup: Setup, rules: Rules, seed: u64) -> bool {
    play_game(setup, rules, seed).won
}

/// Plays one game to its end, and tells how it went.
pub fn play_game(setup: Setup, rules: Rules, seed: u64) -> Played {
    let mut game = Game::new(setup, rules, seed).expect("the bench's setup was checked");
    let won = play_out(&mut game, setup, rules);
    Played {
        won,
        three_bv: game.layout().map(crate::stats::three_bv),
        clicks: game.moves().len(),
    }
}

/// Plays `game` with the solver to its end; true on a win.
fn play_out(game: &mut Game, setup: Setup, rules: Rules) -> bool {
    play_out_with(game, first_click(setup, rules.first_click), |_| None)
}

/// Plays `game` from the click `first` to its end as the bench does, except where `guess`,
/// shown the position, names another tile for a guess (a position with no certainly safe
/// tile): the way to try another player's guesses within our games. True on a win.
pub fn play_out_with(
    game: &mut Game,
    first: Pos,
    mut guess: impl FnMut(&Grid<Cell>) -> Option<Pos>,
) -> bool {
    let mines = game.setup().mines;
    let mut next = first;
    loop {
        // A tile opened by an earlier flood is passed over: opening it again changes nothing.
        if game.view()[next].is_closed() && game.play(Move::Open(next)).is_err() {
            return false;
        }
        match game.state() {
            GameState::Won => return true,
            GameState::Lost => return false,
            _ => {}
        }
        // Every certainly safe tile is opened before anything else is considered.
        let Ok(analysis) = analyse(game.view(), mines) else {
            return false;
        };
        if analysis.safe.len() > 1 {
            for &p in &analysis.safe[1..] {
                if !game.view()[p].is_closed() {
                    continue;
                }
                if game.play(Move::Open(p)).is_err() || game.state().is_over() {
                    return game.state() == GameState::Won;
                }
            }
        }
        let Some(ours) = analysis.best else {
            return game.state() == GameState::Won;
        };
        next = if analysis.safe.is_empty() {
            guess(game.view())
                .filter(|&p| game.view().get(p).is_some_and(|c| c.is_closed()))
                .unwrap_or(ours)
        } else {
            ours
        };
    }
}

/// Plays games `0..games`, game `i` on seed `first_seed + i`, on every core, each thread
/// taking the next game as it goes; `done(i, played)` hears of each game as it ends. Returns
/// the number of threads.
pub fn play_all(
    setup: Setup,
    rules: Rules,
    first_seed: u64,
    games: u64,
    done: impl Fn(u64, Played) + Sync,
) -> usize {
    on_every_core(games, |i| {
        done(i, play_game(setup, rules, first_seed.wrapping_add(i)))
    })
}

/// Runs `each(i)` for every `i` in `0..games`, on every core, each thread taking the next
/// `i` as it goes. Returns the number of threads.
pub fn on_every_core(games: u64, each: impl Fn(u64) + Sync) -> usize {
    let next = AtomicU64::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    each(i);
                }
            });
        }
    });
    threads
}

/// Where the solver clicks first, under the first-click rule `rule`.
///
/// When the first click opens an area: near a corner, so that the opening reaches the edges
/// and leaves less frontier to guess across than an opening in the middle, but not in the
/// corner itself, whose opening is the smallest. How far from it depends on the board: the
/// fourth tile of the fourth row on boards of more than 256 tiles, the third of the third on
/// smaller ones (nearer the middle on a board too small for either). When the first click is
/// only safe (or not even that): the corner, where a tile has the fewest neighbours and so is
/// likeliest to show 0 and open an area at all. Each choice wins more games than the tiles
/// around it (docs/performance.md, "The first click").
pub fn first_click(setup: Setup, rule: FirstClick) -> Pos {
    if rule != FirstClick::Opening {
        return Pos::new(0, 0);
    }
    let from_corner = if setup.width * setup.height > 256 {
        3
    } else {
        2
    };
    Pos::new(
        from_corner.min((setup.height - 1) / 2),
        from_corner.min((setup.width - 1) / 2),
    )
}

/// A win rate with its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinRate {
    /// Wins over games.
    pub rate: f64,
    /// The Wilson score interval: within 0 and 1 whatever the count, unlike the normal
    /// approximation, which runs past 100% when every game is won.
    pub low: f64,
    pub high: f64,
}

/// The share of `wins` in `games`, and its 95% Wilson score interval.
pub fn win_rate(wins: u64, games: u64) -> WinRate {
    if games == 0 {
        return WinRate {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let (n, p) = (games as f64, wins as f64 / games as f64);
    let z: f64 = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    WinRate {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Level;

    #[test]
    fn the_first_click_is_near_a_corner_and_in_it_when_it_may_not_open() {
        use FirstClick::{Any, Opening, Safe};
        let expert = Level::Expert.setup();
        assert_eq!(first_click(expert, Opening), Pos::new(3, 3));
        assert_eq!(first_click(expert, Safe), Pos::new(0, 0));
        assert_eq!(first_click(expert, Any), Pos::new(0, 0));
        for level in [Level::Beginner, Level::Intermediate] {
            assert_eq!(first_click(level.setup(), Opening), Pos::new(2, 2));
        }
        let tiny = Setup {
            width: 3,
            height: 2,
            mines: 1,
        };
        assert_eq!(first_click(tiny, Opening), Pos::new(0, 1));
    }

    #[test]
    fn beginner_games_are_mostly_won() {
        let rules = Rules {
            first_click: FirstClick::Opening,
            no_guess: false,
        };
        let wins = (0..100)
            .filter(|&s| play_one(Level::Beginner.setup(), rules, s))
            .count();
        assert!(wins > 70, "{wins} of 100");
    }

    #[test]
    fn the_interval_narrows_with_more_games() {
        let small = win_rate(900, 1000);
        let large = win_rate(90, 100);
        assert!((small.rate - 0.9).abs() < 1e-12);
        assert!(small.high - small.low < large.high - large.low);
        assert!(small.low < 0.9 && 0.9 < small.high);
    }

    #[test]
    fn the_interval_stays_within_0_and_1() {
        let all = win_rate(10, 10);
        assert_eq!((all.rate, all.high), (1.0, 1.0));
        assert!((0.69..0.73).contains(&all.low), "{all:?}");
        let none = win_rate(0, 10);
        assert_eq!((none.rate, none.low), (0.0, 0.0));
        assert!(none.high < 0.31, "{none:?}");
    }
}
