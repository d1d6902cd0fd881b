//! The Minesweeper solver: what a position allows, and the move to play.
//!
//! Its parts, each using only those listed before it:
//!
//! - `count`: the exact count of the layouts of a group of frontier tiles, by mines held;
//! - `odds`: every covered tile's exact chance of a mine (`Weighed`), from those counts and
//!   the binomial weight of the tiles off the frontier;
//! - `endgame`: the exact search over every sequence of guesses, when few layouts remain or
//!   inside a group of tiles closed off from the rest;
//! - `fifty`: guesses no play can avoid (fifty-fifties and pseudo fifty-fifties);
//! - `guess`: the look-ahead among the nearly safest tiles;
//! - this module: the choice of move on top of them all ([`analyse`]).

mod count;
mod endgame;
mod fifty;
mod guess;
mod odds;

pub(crate) use odds::{Weighed, weigh};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_whose_covered_tiles_are_all_mines_has_no_move() {
        let p = crate::position::parse("2x1x1\n1H\n").unwrap();
        let a = analyse(&p.view, p.mines).unwrap();
        assert_eq!(a.mines, [Pos::new(0, 1)]);
        assert_eq!(a.best, None);
    }
}
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos};

/// Why a position cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalyseError {
    /// The game is over: a mine shows at this tile.
    #[error("row {} column {}: the game is over, nothing is left to analyse", .0.row, .0.col)]
    GameOver(Pos),
    /// A number asks for more mines than it has covered neighbours.
    #[error("row {} column {} shows {shows} but has only {covered} covered neighbours", at.row, at.col)]
    TooFewCovered { at: Pos, shows: u8, covered: usize },
    /// More mines than covered tiles.
    #[error("{mines} mines but only {covered} covered tiles")]
    TooManyMines { mines: usize, covered: usize },
    /// No layout of the mines agrees with all the numbers.
    #[error("no layout of the mines agrees with the numbers")]
    Contradiction,
}

/// What the solver knows about a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The chance of a mine on each covered tile; `None` on opened tiles.
    pub probability: Grid<Option<f64>>,
    /// Covered tiles that are certainly safe.
    pub safe: Vec<Pos>,
    /// Covered tiles that are certainly mines.
    pub mines: Vec<Pos>,
    /// The move to play: a safe tile when there is one; else the guess likeliest to win,
    /// found by the exact search when few layouts remain (`endgame`), by the exact search of
    /// a group closed off from the rest, as an unavoidable fifty-fifty (`fifty`), or among
    /// the nearly safest tiles by a look ahead (`guess`), in that order.
    pub best: Option<Pos>,
}

impl Analysis {
    /// The `analysis` field of a mines document (docs/format.md).
    pub fn to_doc(&self) -> grid_core::mines_doc::Analysis {
        grid_core::mines_doc::Analysis {
            safe: self.safe.clone(),
            mines: self.mines.clone(),
            probability: self.probability.rows().map(<[_]>::to_vec).collect(),
            best: self.best,
        }
    }
}

/// Analyses a position with `mines` mines in all. Flags and question marks are covered tiles
/// like any other (a flag is a player's guess, not a fact).
pub fn analyse(view: &Grid<Cell>, mines: usize) -> Result<Analysis, AnalyseError> {
    analyse_within(view, mines, u64::MAX).map(|a| a.expect("no limit"))
}

/// `analyse`, giving up (`Ok(None)`) once the layout count has taken `limit` steps: for
/// callers that have a cheaper way out of a hard position than waiting for it.
pub fn analyse_within(
    view: &Grid<Cell>,
    mines: usize,
    limit: u64,
) -> Result<Option<Analysis>, AnalyseError> {
    let mut budget = limit;
    let Some(weighed) = weigh(view, mines, &mut budget)? else {
        return Ok(None);
    };
    let unknown = weighed
        .probability
        .cells()
        .iter()
        .any(|p| p.is_some_and(|p| p > 0.0 && p < 1.0));
    let best = match weighed.safe.first() {
        Some(&p) => Some(p),
        // Every covered tile is a certain mine: the game is won, nothing is left to play.
        None if !unknown => None,
        None => endgame::best_guess(view, mines, &weighed)
            .or_else(|| endgame::isolated_guess(view, &weighed))
            .or_else(|| fifty::unavoidable(view, mines, &weighed))
            .or_else(|| guess::choose(view, mines, &weighed)),
    };
    let Weighed {
        probability,
        safe,
        mines,
        ..
    } = weighed;
    Ok(Some(Analysis {
        probability,
        safe,
        mines,
        best,
    }))
}
