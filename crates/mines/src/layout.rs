//! Where the mines are, and the numbers they make.

use crate::setup::Setup;
use grid_core::mines_doc::{Cell, FirstClick};
use grid_core::{Grid, Pos, Rng};

/// The mines of a board: `true` where a mine is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    mines: Grid<bool>,
}

impl Layout {
    pub fn from_grid(mines: Grid<bool>) -> Self {
        Layout { mines }
    }

    /// A random layout for `setup` that honours `rule` for a first click at `click` (ignored
    /// for `FirstClick::Any`). The setup must have passed `Setup::check`.
    pub fn random(setup: &Setup, rule: FirstClick, click: Option<Pos>, rng: &mut Rng) -> Self {
        let grid = Grid::new(setup.width, setup.height, false);
        let kept = |p: Pos| match (rule, click) {
            (FirstClick::Any, _) | (_, None) => false,
            (FirstClick::Safe, Some(c)) => p == c,
            (FirstClick::Opening, Some(c)) => {
                p.row.abs_diff(c.row) <= 1 && p.col.abs_diff(c.col) <= 1
            }
        };
        let mut candidates: Vec<Pos> = grid.positions().filter(|&p| !kept(p)).collect();
        // A partial Fisher-Yates shuffle: the first `mines` candidates are a uniform sample.
        let mut mines = grid;
        for i in 0..setup.mines.min(candidates.len()) {
            let j = i + rng.index(candidates.len() - i);
            candidates.swap(i, j);
            mines[candidates[i]] = true;
        }
        Layout { mines }
    }

    pub fn width(&self) -> usize {
        self.mines.width()
    }

    pub fn height(&self) -> usize {
        self.mines.height()
    }

    pub fn is_mine(&self, p: Pos) -> bool {
        self.mines[p]
    }

    pub fn count(&self) -> usize {
        self.mines.cells().iter().filter(|&&m| m).count()
    }

    pub fn grid(&self) -> &Grid<bool> {
        &self.mines
    }

    /// Moves the mine on `from` to `to`, which has none.
    pub(crate) fn move_mine(&mut self, from: Pos, to: Pos) {
        debug_assert!(self.mines[from] && !self.mines[to]);
        self.mines[from] = false;
        self.mines[to] = true;
    }

    /// The number shown on `p`: mines among its eight neighbours.
    pub fn number(&self, p: Pos) -> u8 {
        neighbours(&self.mines, p)
            .filter(|&q| self.mines[q])
            .count() as u8
    }
}

/// The up-to-eight neighbours of `p` inside `grid`.
pub fn neighbours<T>(grid: &Grid<T>, p: Pos) -> impl Iterator<Item = Pos> + use<T> {
    let (w, h) = (grid.width(), grid.height());
    let rows = p.row.saturating_sub(1)..=(p.row + 1).min(h - 1);
    rows.flat_map(move |r| {
        let cols = p.col.saturating_sub(1)..=(p.col + 1).min(w - 1);
        cols.map(move |c| Pos::new(r, c))
    })
    .filter(move |&q| q != p)
}

/// Whether `p` touches an opened number in `view`: whether it is on the frontier, where
/// the numbers say something about it.
pub(crate) fn touches_open(view: &Grid<Cell>, p: Pos) -> bool {
    neighbours(view, p).any(|q| matches!(view[q], Cell::Open(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(w: usize, h: usize, m: usize) -> Setup {
        Setup {
            width: w,
            height: h,
            mines: m,
        }
    }

    #[test]
    fn the_right_number_of_mines_away_from_the_first_click() {
        for seed in 0..50 {
            let click = Pos::new(4, 4);
            let l = Layout::random(
                &setup(9, 9, 72),
                FirstClick::Opening,
                Some(click),
                &mut Rng::seeded(seed),
            );
            assert_eq!(l.count(), 72);
            assert!(neighbours(l.grid(), click).all(|q| !l.is_mine(q)));
            assert!(!l.is_mine(click));
            let l = Layout::random(
                &setup(9, 9, 80),
                FirstClick::Safe,
                Some(click),
                &mut Rng::seeded(seed),
            );
            assert_eq!(l.count(), 80);
            assert!(!l.is_mine(click));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_layout() {
        let a = Layout::random(
            &setup(30, 16, 99),
            FirstClick::Any,
            None,
            &mut Rng::seeded(3),
        );
        let b = Layout::random(
            &setup(30, 16, 99),
            FirstClick::Any,
            None,
            &mut Rng::seeded(3),
        );
        assert_eq!(a, b);
    }

    #[test]
    fn a_seeded_layout_never_changes() {
        // Pinned: if this fails, every seeded game of earlier versions has changed.
        let l = Layout::random(
            &setup(9, 9, 10),
            FirstClick::Opening,
            Some(Pos::new(4, 4)),
            &mut Rng::seeded(1),
        );
        let rows: Vec<String> = l
            .grid()
            .rows()
            .map(|r| r.iter().map(|&m| if m { '*' } else { '.' }).collect())
            .collect();
        assert_eq!(rows, PINNED);
    }

    const PINNED: [&str; 9] = [
        "...*.....",
        "....*....",
        ".........",
        ".........",
        "......*..",
        "*.......*",
        "..**.....",
        ".**....*.",
        ".........",
    ];

    #[test]
    fn corners_have_three_neighbours() {
        let g = Grid::new(4, 3, false);
        assert_eq!(neighbours(&g, Pos::new(0, 0)).count(), 3);
        assert_eq!(neighbours(&g, Pos::new(1, 1)).count(), 8);
        assert_eq!(neighbours(&g, Pos::new(2, 3)).count(), 3);
        let one = Grid::new(1, 1, false);
        assert_eq!(neighbours(&one, Pos::new(0, 0)).count(), 0);
    }
}
