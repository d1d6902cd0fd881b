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

    /// With nothing shown, the direct answer is the general one: the same chances, certain
    /// tiles and move, flags and marks being covered tiles like any other.
    #[test]
    fn a_blank_position_is_answered_as_the_general_analysis_answers_it() {
        for (w, h, mines) in [
            (1, 1, 0),
            (1, 1, 1),
            (3, 2, 0),
            (3, 2, 6),
            (9, 9, 10),
            (8, 3, 5),
        ] {
            let mut view = Grid::new(w, h, Cell::Covered);
            view[Pos::new(h - 1, 0)] = Cell::Flag;
            view[Pos::new(0, w - 1)] = Cell::Question;
            let direct = analyse(&view, mines).unwrap();
            let general = analyse_shown(&view, mines, u64::MAX).unwrap().unwrap();
            assert_eq!(direct.safe, general.safe, "{w}x{h}/{mines}");
            assert_eq!(direct.mines, general.mines, "{w}x{h}/{mines}");
            assert_eq!(direct.best, general.best, "{w}x{h}/{mines}");
            for (a, b) in direct
                .probability
                .cells()
                .iter()
                .zip(general.probability.cells())
            {
                let (a, b) = (a.unwrap(), b.unwrap());
                assert!((a - b).abs() < 1e-12, "{w}x{h}/{mines}: {a} against {b}");
            }
        }
        let too_many = analyse(&Grid::new(2, 2, Cell::Covered), 5).unwrap_err();
        assert!(matches!(
            too_many,
            AnalyseError::TooManyMines {
                mines: 5,
                covered: 4
            }
        ));
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
    if let Some(blank) = nothing_shown(view, mines)? {
        return Ok(Some(blank));
    }
    analyse_shown(view, mines, limit)
}

/// The analysis of a position where nothing is shown (every tile covered, flagged or marked):
/// every tile has the same chance, there is nothing to deduce or look ahead from, and the
/// move is the corner, as the general analysis finds. Worked out directly, so that the cost
/// grows with the answer, not with the look-ahead's search of a board of millions of tiles.
fn nothing_shown(view: &Grid<Cell>, mines: usize) -> Result<Option<Analysis>, AnalyseError> {
    let covered = |c: &Cell| matches!(c, Cell::Covered | Cell::Flag | Cell::Question);
    if !view.cells().iter().all(covered) {
        return Ok(None);
    }
    let n = view.cells().len();
    if mines > n {
        return Err(AnalyseError::TooManyMines { mines, covered: n });
    }
    let p = mines as f64 / n as f64;
    let all: Vec<Pos> = view.positions().collect();
    let (safe, certain) = match mines {
        0 => (all, Vec::new()),
        m if m == n => (Vec::new(), all),
        _ => (Vec::new(), Vec::new()),
    };
    Ok(Some(Analysis {
        probability: Grid::new(view.width(), view.height(), Some(p)),
        best: (mines < n).then(|| Pos::new(0, 0)),
        safe,
        mines: certain,
    }))
}

/// [`analyse_within`] by the general way: count, deduce, then choose the move.
fn analyse_shown(
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
