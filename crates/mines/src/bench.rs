//! Playing games with the solver alone, to measure how often it wins.
//!
//! The solver sees only what a player sees; the engine applies its moves. Each game has its
//! own seed (the first seed plus its number), so a result can be reproduced game by game.

use crate::game::Game;
use crate::setup::Setup;
use crate::solver::analyse;
use grid_core::Pos;
use grid_core::mines_doc::{FirstClick, GameState, Move, Rules};

/// Plays one game to its end; true on a win.
pub fn play_one(setup: Setup, rules: Rules, seed: u64) -> bool {
    let mut game = Game::new(setup, rules, seed).expect("the bench's setup was checked");
    let mut next = first_click(setup, rules.first_click);
    loop {
        if game.play(Move::Open(next)).is_err() {
            return false;
        }
        match game.state() {
            GameState::Won => return true,
            GameState::Lost => return false,
            _ => {}
        }
        // Every certainly safe tile is opened before anything else is considered.
        let Ok(analysis) = analyse(game.view(), setup.mines) else {
            return false;
        };
        if analysis.safe.len() > 1 {
            for &p in &analysis.safe[1..] {
                if game.play(Move::Open(p)).is_err() || game.state().is_over() {
                    return game.state() == GameState::Won;
                }
            }
        }
        match analysis.best {
            Some(p) => next = p,
            None => return game.state() == GameState::Won,
        }
    }
}

/// Where the solver clicks first, under the first-click rule `rule`: near a corner, so that
/// the opening reaches the edges and leaves less frontier to guess across than an opening in
/// the middle, but not in the corner itself, whose opening is the smallest. How far from it
/// depends on the board and the rule: the fourth tile of the fourth row on boards of more
/// than 256 tiles when the first click opens an area, and otherwise the third of the third
/// (nearer the middle on a board too small for either).
///
/// Measured from seed 1: on the opening rule, beginner wins 97.18% there against 96.82, 96.94
/// and 96.36% on the second, fourth and fifth tiles of those rows (100,000 games) and 96.5%
/// in the middle (10,000); intermediate 89.30% against 89.03% on the fourth of the fourth
/// (100,000); expert 53.76% against 53.15% on the third of the third (100,000), 51.76% on the
/// fifth of the fifth (30,000) and 46.7% in the corner (2,000). On the safe rule, expert wins
/// 36.75% on the third of the third against 36.12% on the fourth of the fourth (100,000).
pub fn first_click(setup: Setup, rule: FirstClick) -> Pos {
    let large = setup.width * setup.height > 256;
    let from_corner = if large && rule == FirstClick::Opening {
        3
    } else {
        2
    };
    Pos::new(
        from_corner.min((setup.height - 1) / 2),
        from_corner.min((setup.width - 1) / 2),
    )
}

/// The share of wins and the half-width of its 95% confidence interval (Wilson score).
pub fn win_rate(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 0.0);
    }
    let (n, p) = (games as f64, wins as f64 / games as f64);
    let z = 1.96;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (p, half)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Level;

    #[test]
    fn the_first_click_is_near_a_corner_and_further_in_on_big_boards_that_open() {
        use FirstClick::{Opening, Safe};
        let expert = Level::Expert.setup();
        assert_eq!(first_click(expert, Opening), Pos::new(3, 3));
        assert_eq!(first_click(expert, Safe), Pos::new(2, 2));
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
        let (p, small) = win_rate(900, 1000);
        let (_, large) = win_rate(90, 100);
        assert!((p - 0.9).abs() < 1e-12 && small < large);
    }
}
