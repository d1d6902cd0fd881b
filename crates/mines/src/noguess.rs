//! Boards that never need a guess: from the first click, the solver's deductions alone open
//! every safe tile.
//!
//! Simon Tatham's method (the `mines` of his puzzle collection), not blind retrying: lay the
//! mines at random, then play the board by deduction; where deduction gets stuck, move a mine
//! from the edge of the known area to a tile nobody has information about, open the tile it
//! left, and go on. Moving mines changes numbers that earlier deductions used, so the board is
//! then played again from the start, without help, and the process repeats from wherever that
//! play gets stuck, until a play needs no help at all.

use crate::layout::{Layout, neighbours, touches_open};
use crate::setup::Setup;
use crate::solver::weigh;
use grid_core::mines_doc::{Cell, FirstClick};
use grid_core::{Grid, Pos, Rng};

/// Plays from scratch that do not end solved before the layout is thrown away for a new one.
const PLAYS_PER_LAYOUT: usize = 200;
/// New layouts tried before giving up.
const LAYOUTS: usize = 20;
/// Counting steps the exact analysis may take before a position counts as stuck: a position
/// that hard is one no player wants to meet, and help is cheaper than the analysis.
const ANALYSIS_LIMIT: u64 = 20_000;

/// A layout for `setup` that honours `rule` at `click` and that deduction clears from
/// `click` with no guess; `None` when none was found (too many mines for the board).
pub fn no_guess_layout(
    setup: &Setup,
    rule: FirstClick,
    click: Pos,
    rng: &mut Rng,
) -> Option<Layout> {
    let kept = |p: Pos| match rule {
        FirstClick::Any => false,
        FirstClick::Safe => p == click,
        FirstClick::Opening => p.row.abs_diff(click.row) <= 1 && p.col.abs_diff(click.col) <= 1,
    };
    for _ in 0..LAYOUTS {
        let mut layout = Layout::random(setup, rule, Some(click), rng);
        for _ in 0..PLAYS_PER_LAYOUT {
            let mut play = Play::new(&layout, setup.mines, click);
            let mut helped = false;
            let outcome = loop {
                match play.deduce() {
                    Outcome::Solved => break Help::Continued,
                    Outcome::Stuck => match play.help(&mut layout, &kept, rng) {
                        Help::Continued => helped = true,
                        other => break other,
                    },
                }
            };
            match outcome {
                Help::Continued if !helped => return Some(layout),
                Help::Continued | Help::Replay => {}
                Help::GaveUp => break,
            }
        }
    }
    None
}

/// What help did for a stuck play.
enum Help {
    /// Moved a mine away and opened the tile it left: the play goes on.
    Continued,
    /// Moved a mine where the play has been (there was nowhere else): play again from the
    /// start.
    Replay,
    /// Nothing to move: the layout is hopeless.
    GaveUp,
}

enum Outcome {
    Solved,
    Stuck,
}

/// A play by deduction: what a player knows (opened numbers, flags on certain mines).
struct Play {
    view: Grid<Cell>,
    numbers: Grid<u8>,
    mines: usize,
    safe_left: usize,
}

impl Play {
    fn new(layout: &Layout, mines: usize, click: Pos) -> Play {
        let grid = layout.grid();
        let mut play = Play {
            view: Grid::new(grid.width(), grid.height(), Cell::Covered),
            numbers: grid.map(|_| 0),
            mines,
            safe_left: grid.cells().iter().filter(|&&m| !m).count(),
        };
        play.renumber(layout, grid.positions());
        play.open(click);
        play
    }

    fn is_solved(&self) -> bool {
        self.safe_left == 0
    }

    /// Takes the numbers of `tiles` from the layout (opened ones show the new number).
    fn renumber(&mut self, layout: &Layout, tiles: impl Iterator<Item = Pos>) {
        for p in tiles {
            self.numbers[p] = layout.number(p);
            if let Cell::Open(_) = self.view[p] {
                self.view[p] = Cell::Open(self.numbers[p]);
            }
        }
    }

    /// Opens a safe tile, and the area around it when it is a zero.
    fn open(&mut self, p: Pos) {
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            if self.view[q] != Cell::Covered {
                continue;
            }
            self.view[q] = Cell::Open(self.numbers[q]);
            self.safe_left -= 1;
            if self.numbers[q] == 0 {
                todo.extend(neighbours(&self.view, q));
            }
        }
    }

    /// Deduces until the board is clear or nothing more is certain: the one-number rules
    /// first (cheap, and they do most of the work), the exact analysis when they run dry.
    fn deduce(&mut self) -> Outcome {
        loop {
            if self.is_solved() {
                return Outcome::Solved;
            }
            if self.simple_rules() || self.subset_rule() {
                continue;
            }
            let Ok(Some(analysis)) = weigh(&self.view, self.mines, &mut ANALYSIS_LIMIT.clone())
            else {
                return Outcome::Stuck;
            };
            // The analysis sees flags as covered tiles: only new mines are news.
            let new_mines: Vec<Pos> = analysis
                .mines
                .into_iter()
                .filter(|&p| self.view[p] == Cell::Covered)
                .collect();
            if analysis.safe.is_empty() && new_mines.is_empty() {
                return Outcome::Stuck;
            }
            for p in new_mines {
                self.view[p] = Cell::Flag;
            }
            for p in analysis.safe {
                self.open(p);
            }
        }
    }

    /// One sweep of the rules a single number gives: its flags already make its count (the
    /// rest is safe), or its covered tiles are exactly what it still needs (all mines).
    /// Returns whether anything changed.
    fn simple_rules(&mut self) -> bool {
        let mut changed = false;
        for p in self.view.positions() {
            let Some((covered, need)) = self.need(p) else {
                continue;
            };
            if need == 0 {
                for q in covered {
                    self.open(q);
                }
                changed = true;
            } else if usize::from(need) == covered.len() {
                for q in covered {
                    self.view[q] = Cell::Flag;
                }
                changed = true;
            }
        }
        changed
    }

    /// The covered tiles around an opened number and how many mines they still hold.
    fn need(&self, p: Pos) -> Option<(Vec<Pos>, u8)> {
        let Cell::Open(n) = self.view[p] else {
            return None;
        };
        let mut covered = Vec::new();
        let mut flags = 0;
        for q in neighbours(&self.view, p) {
            match self.view[q] {
                Cell::Covered => covered.push(q),
                Cell::Flag => flags += 1,
                _ => {}
            }
        }
        (!covered.is_empty()).then_some((covered, n - flags))
    }

    /// The rule of two numbers: when the covered tiles of one are among those of another,
    /// the other's extra tiles hold the difference of what they need, so they are all safe
    /// (no difference) or all mines (a difference as large as they are). Returns whether
    /// anything changed.
    fn subset_rule(&mut self) -> bool {
        for a in self.view.positions() {
            let Some((inner, need_a)) = self.need(a) else {
                continue;
            };
            let rows = a.row.saturating_sub(2)..=(a.row + 2).min(self.view.height() - 1);
            for row in rows {
                let cols = a.col.saturating_sub(2)..=(a.col + 2).min(self.view.width() - 1);
                for col in cols {
                    let b = Pos::new(row, col);
                    if b == a {
                        continue;
                    }
                    let Some((outer, need_b)) = self.need(b) else {
                        continue;
                    };
                    if need_b < need_a || !inner.iter().all(|q| outer.contains(q)) {
                        continue;
                    }
                    let extra: Vec<Pos> =
                        outer.into_iter().filter(|q| !inner.contains(q)).collect();
                    let mines = (need_b - need_a) as usize;
                    if extra.is_empty() || (mines != 0 && mines != extra.len()) {
                        continue;
                    }
                    for q in extra {
                        if mines == 0 {
                            self.open(q);
                        } else {
                            self.view[q] = Cell::Flag;
                        }
                    }
                    return true;
                }
            }
        }
        false
    }

    /// Where the play is stuck, moves a mine off the edge of the known area to a tile no
    /// opened number touches and opens the tile it left. Late in the board, when every
    /// covered tile touches a number, the mine goes into the opened area instead (outside
    /// what the first click keeps free), and the board is played again from the start.
    fn help(&mut self, layout: &mut Layout, kept: &impl Fn(Pos) -> bool, rng: &mut Rng) -> Help {
        let edge_mines: Vec<Pos> = self
            .view
            .positions()
            .filter(|&p| {
                self.view[p] == Cell::Covered && layout.is_mine(p) && touches_open(&self.view, p)
            })
            .collect();
        if edge_mines.is_empty() {
            // Every undecided tile at the edge is safe, yet nothing says so: moving mines off
            // the edge cannot help.
            return Help::GaveUp;
        }
        let from = edge_mines[rng.index(edge_mines.len())];
        let away: Vec<Pos> = self
            .view
            .positions()
            .filter(|&p| {
                self.view[p] == Cell::Covered && !layout.is_mine(p) && !touches_open(&self.view, p)
            })
            .collect();
        if !away.is_empty() {
            let to = away[rng.index(away.len())];
            layout.move_mine(from, to);
            let near: Vec<Pos> = neighbours(&self.view, from)
                .chain(neighbours(&self.view, to))
                .chain([from, to])
                .collect();
            self.renumber(layout, near.into_iter());
            self.open(from);
            return Help::Continued;
        }
        let opened: Vec<Pos> = self
            .view
            .positions()
            .filter(|&p| {
                matches!(self.view[p], Cell::Open(_))
                    && !kept(p)
                    && p.row.abs_diff(from.row).max(p.col.abs_diff(from.col)) > 1
            })
            .collect();
        if opened.is_empty() {
            return Help::GaveUp;
        }
        layout.move_mine(from, opened[rng.index(opened.len())]);
        Help::Replay
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::setup::Level;
    use crate::solver::analyse;
    use grid_core::mines_doc::{GameState, Move, Rules};

    /// Plays `layout` from `click` opening only tiles the exact analysis calls safe (never a
    /// guess, and without the shortcuts the generator takes): true when that wins.
    fn deduction_wins(setup: Setup, rule: FirstClick, layout: &Layout, click: Pos) -> bool {
        let mut game = Game::with_layout(
            setup,
            Rules {
                first_click: rule,
                no_guess: true,
            },
            layout.clone(),
        );
        game.play(Move::Open(click)).unwrap();
        while game.state() == GameState::Playing {
            let safe = analyse(game.view(), setup.mines).unwrap().safe;
            if safe.is_empty() {
                return false;
            }
            for p in safe {
                if game.state() == GameState::Playing && game.view()[p].is_closed() {
                    game.play(Move::Open(p)).unwrap();
                }
            }
        }
        game.state() == GameState::Won
    }

    #[test]
    fn every_level_gets_boards_that_deduction_clears() {
        for level in Level::ALL {
            let setup = level.setup();
            for seed in 0..20 {
                let click = Pos::new(
                    seed as usize % setup.height,
                    seed as usize * 7 % setup.width,
                );
                let mut rng = Rng::seeded(seed);
                let layout = no_guess_layout(&setup, FirstClick::Opening, click, &mut rng)
                    .unwrap_or_else(|| panic!("{level:?} seed {seed}"));
                assert_eq!(layout.count(), setup.mines);
                assert!(!layout.is_mine(click) && layout.number(click) == 0);
                assert!(
                    deduction_wins(setup, FirstClick::Opening, &layout, click),
                    "{level:?} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn the_safe_rule_is_kept_too() {
        let setup = Level::Intermediate.setup();
        for seed in 0..10 {
            let click = Pos::new(0, 0);
            let layout =
                no_guess_layout(&setup, FirstClick::Safe, click, &mut Rng::seeded(seed)).unwrap();
            assert!(!layout.is_mine(click));
            assert!(deduction_wins(setup, FirstClick::Safe, &layout, click));
        }
    }

    #[test]
    fn a_board_too_dense_for_deduction_is_reported_not_looped_on() {
        // 20 mines in 25 tiles: deduction has nothing to work with.
        let setup = Setup {
            width: 5,
            height: 5,
            mines: 20,
        };
        let found = no_guess_layout(
            &setup,
            FirstClick::Safe,
            Pos::new(2, 2),
            &mut Rng::seeded(1),
        );
        if let Some(layout) = found {
            assert!(deduction_wins(
                setup,
                FirstClick::Safe,
                &layout,
                Pos::new(2, 2)
            ));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_board() {
        let setup = Level::Expert.setup();
        let click = Pos::new(3, 4);
        let a = no_guess_layout(&setup, FirstClick::Opening, click, &mut Rng::seeded(9));
        let b = no_guess_layout(&setup, FirstClick::Opening, click, &mut Rng::seeded(9));
        assert_eq!(a, b);
    }
}
