//! When few layouts remain, the best guess is no longer estimated but computed: every layout
//! is listed, and every sequence of guesses is played out against all of them, to find the
//! guess with the highest chance of winning the game (not only of surviving the next click).
//!
//! A guess that is safe reveals a number; the layouts that agree with it form the position
//! that follows, and tiles safe in all of them are opened for free (revealing more numbers).
//! The chance of winning a position is the best, over its guesses, of the chances of the
//! positions they lead to, weighted by how many layouts lead there. Positions are sets of
//! layouts (bit sets), remembered once computed.

use crate::layout::neighbours;
use crate::solver::Weighed;
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos};
use rustc_hash::FxHashMap;

/// Layouts at most for the search (one bit each in a position).
const MAX_LAYOUTS: f64 = (64 * WORDS) as f64;

/// Words in a set of layouts: 256 layouts. Measured on expert (10,000 games, game by game):
/// 64 layouts win 53.02%, 128 53.14%, 256 53.27%, 512 53.34% and 1024 53.37%, but past 256
/// the slowest expert position takes 164 ms (512) and 389 ms (1024) instead of 54.
const WORDS: usize = 4;
/// Tiles in doubt at most (one bit each in a layout).
const MAX_TILES: usize = 64;
/// Steps of listing and searching before giving the position back to the estimate.
const BUDGET: u64 = 200_000;

/// A set of layouts, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Layouts([u64; WORDS]);

impl Layouts {
    /// Layouts 0 to `n - 1`.
    fn first(n: usize) -> Layouts {
        let mut set = Layouts::default();
        for l in 0..n {
            set.insert(l);
        }
        set
    }

    fn one(l: usize) -> Layouts {
        let mut set = Layouts::default();
        set.insert(l);
        set
    }

    fn insert(&mut self, l: usize) {
        self.0[l / 64] |= 1 << (l % 64);
    }

    fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The layouts of the set, by number.
    fn members(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(i, mut word)| {
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let l = word.trailing_zeros() as usize;
                    word &= word - 1;
                    64 * i + l
                })
            })
        })
    }
}

/// The guess with the best chance of winning, when the position is small enough to play out
/// (`None` otherwise: the caller estimates instead).
pub(crate) fn best_guess(view: &Grid<Cell>, mines: usize, weighed: &Weighed) -> Option<Pos> {
    if weighed.ln_layouts > MAX_LAYOUTS.ln() + 1e-9 {
        return None;
    }
    debug_assert!(
        weighed.safe.is_empty(),
        "a safe tile is played, not guessed"
    );
    // Certain mines take no part: a mine in every layout, they are never opened and tell
    // nothing apart. Leaving them out is what lets the search play the end of a board whose
    // mines alone outnumber the tiles a layout can hold (an expert board has 99).
    let mut certain = Grid::new(view.width(), view.height(), false);
    for &p in &weighed.mines {
        certain[p] = true;
    }
    let tiles: Vec<Pos> = view
        .positions()
        .filter(|&p| view[p].is_closed() && !certain[p])
        .collect();
    if tiles.len() > MAX_TILES {
        return None;
    }
    let index = TileIndex::new(&tiles);
    let mut budget = BUDGET;
    let left = mines.checked_sub(weighed.mines.len())?;
    let layouts = list_layouts(view, &certain, &index, left, &mut budget)?;
    let mut game = Endgame::new(view, &tiles, &index, layouts, budget);
    let all = game.everything();
    let (tile, _) = game.best_guess(all, 0)?;
    Some(tiles[tile])
}

/// The covered tiles by their bit in a layout.
struct TileIndex(FxHashMap<Pos, usize>);

impl TileIndex {
    fn new(tiles: &[Pos]) -> TileIndex {
        TileIndex(tiles.iter().enumerate().map(|(i, &p)| (p, i)).collect())
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    /// The covered tiles around `p`, as a bit set.
    fn around(&self, view: &Grid<Cell>, p: Pos) -> u64 {
        neighbours(view, p)
            .filter_map(|q| self.0.get(&q))
            .fold(0, |s, &i| s | 1 << i)
    }
}

/// The lowest `n` bits (n up to 64).
fn low_bits(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1 << n) - 1 }
}

/// Every placement of `mines` mines on the tiles of `index` that agrees with the opened
/// numbers, the `certain` mines being placed already, as bit sets over the tiles; `None` past
/// the budget or beyond `MAX_LAYOUTS`.
fn list_layouts(
    view: &Grid<Cell>,
    certain: &Grid<bool>,
    index: &TileIndex,
    mines: usize,
    budget: &mut u64,
) -> Option<Vec<u64>> {
    // Each opened number with tiles in doubt around it: (those tiles as a bit set, the mines
    // among them).
    let numbers: Vec<(u64, u32)> = view
        .positions()
        .filter_map(|p| match view[p] {
            Cell::Open(n) => {
                let set = index.around(view, p);
                let known = neighbours(view, p).filter(|&q| certain[q]).count() as u32;
                (set != 0).then(|| (set, u32::from(n).saturating_sub(known)))
            }
            _ => None,
        })
        .collect();
    // Depth-first over the tiles in order, pruning on every number and on the mine count.
    let n = index.len();
    let mut found = Vec::new();
    let mut stack: Vec<(usize, u64)> = vec![(0, 0)];
    while let Some((next, mask)) = stack.pop() {
        *budget = budget.checked_sub(1)?;
        let placed = mask.count_ones() as usize;
        if placed > mines || mines - placed > n - next {
            continue;
        }
        let decided = low_bits(next);
        let fits = numbers.iter().all(|&(set, count)| {
            let have = (mask & set).count_ones();
            let open = (set & !decided).count_ones();
            have <= count && have + open >= count
        });
        if !fits {
            continue;
        }
        if next == n {
            found.push(mask);
            if found.len() as f64 > MAX_LAYOUTS {
                return None;
            }
            continue;
        }
        stack.push((next + 1, mask));
        stack.push((next + 1, mask | 1 << next));
    }
    Some(found)
}

/// The search over positions of an endgame.
struct Endgame {
    layouts: Vec<u64>,
    /// `shows[l][t]`: the number tile `t` shows in layout `l`.
    shows: Vec<Vec<u8>>,
    tiles: usize,
    memo: FxHashMap<(Layouts, u64), f64>,
    budget: u64,
}

impl Endgame {
    fn new(
        view: &Grid<Cell>,
        tiles: &[Pos],
        index: &TileIndex,
        layouts: Vec<u64>,
        budget: u64,
    ) -> Endgame {
        let around: Vec<u64> = tiles.iter().map(|&p| index.around(view, p)).collect();
        let shows = layouts
            .iter()
            .map(|&l| around.iter().map(|&a| (l & a).count_ones() as u8).collect())
            .collect();
        Endgame {
            layouts,
            shows,
            tiles: tiles.len(),
            memo: FxHashMap::default(),
            budget,
        }
    }

    fn everything(&self) -> Layouts {
        Layouts::first(self.layouts.len())
    }

    /// Tiles that hold a mine in at least one layout of `set`.
    fn maybe_mine(&self, set: Layouts) -> u64 {
        set.members().fold(0, |m, l| m | self.layouts[l])
    }

    /// Splits `set` by what the tiles of `shown` show.
    fn split(&self, set: Layouts, shown: u64) -> Vec<Layouts> {
        let mut classes: Vec<(Vec<u8>, Layouts)> = Vec::new();
        for l in set.members() {
            let key: Vec<u8> = (0..self.tiles)
                .filter(|&t| shown >> t & 1 == 1)
                .map(|t| self.shows[l][t])
                .collect();
            match classes.iter_mut().find(|(k, _)| *k == key) {
                Some((_, members)) => members.insert(l),
                None => classes.push((key, Layouts::one(l))),
            }
        }
        classes.into_iter().map(|(_, members)| members).collect()
    }

    /// The chance of winning from the layouts `set`, the tiles `opened` being open.
    fn win(&mut self, set: Layouts, opened: u64) -> Option<f64> {
        if set.count_ones() <= 1 {
            return Some(1.0);
        }
        if let Some(&known) = self.memo.get(&(set, opened)) {
            return Some(known);
        }
        self.budget = self.budget.checked_sub(1)?;
        let free = low_bits(self.tiles) & !opened & !self.maybe_mine(set);
        let chance = if free != 0 {
            // Safe in every layout: opened at no risk, and what they show splits the layouts.
            let size = f64::from(set.count_ones());
            let mut total = 0.0;
            for class in self.split(set, free) {
                total += f64::from(class.count_ones()) / size * self.win(class, opened | free)?;
            }
            total
        } else {
            self.best_guess(set, opened)?.1
        };
        self.memo.insert((set, opened), chance);
        Some(chance)
    }

    /// The guess with the best chance of winning from `set` (no tile being certainly safe),
    /// and that chance.
    fn best_guess(&mut self, set: Layouts, opened: u64) -> Option<(usize, f64)> {
        let size = f64::from(set.count_ones());
        let mut best: Option<(usize, f64)> = None;
        for t in 0..self.tiles {
            if opened >> t & 1 == 1 {
                continue;
            }
            let safe = set
                .members()
                .filter(|&l| self.layouts[l] >> t & 1 == 0)
                .fold(Layouts::default(), |mut s, l| {
                    s.insert(l);
                    s
                });
            if safe.is_empty() {
                continue;
            }
            let mut chance = 0.0;
            for class in self.split(safe, 1 << t) {
                chance +=
                    f64::from(class.count_ones()) / size * self.win(class, opened | 1 << t)?;
            }
            if best.is_none_or(|(_, b)| chance > b + 1e-12) {
                best = Some((t, chance));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::weigh;

    fn position(rows: &[&str]) -> Grid<Cell> {
        let cells = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| Cell::from_char(b).expect("a cell")))
            .collect();
        Grid::from_vec(rows[0].len(), rows.len(), cells).unwrap()
    }

    /// The chance of winning with the best first guess, and that guess.
    fn solve(view: &Grid<Cell>, mines: usize) -> (Pos, f64) {
        let tiles: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
        let index = TileIndex::new(&tiles);
        let mut budget = BUDGET;
        let certain = Grid::new(view.width(), view.height(), false);
        let layouts = list_layouts(view, &certain, &index, mines, &mut budget).unwrap();
        let mut game = Endgame::new(view, &tiles, &index, layouts, budget);
        let all = game.everything();
        let (t, chance) = game.best_guess(all, 0).unwrap();
        (tiles[t], chance)
    }

    #[test]
    fn a_true_fifty_fifty_is_won_half_the_time() {
        // Two covered tiles over two 1s, one mine: nothing tells them apart.
        let view = position(&["##", "11"]);
        let (_, chance) = solve(&view, 1);
        assert!((chance - 0.5).abs() < 1e-12, "{chance}");
        let weighed = weigh(&view, 1, &mut u64::MAX.clone()).unwrap().unwrap();
        assert!(best_guess(&view, 1, &weighed).is_some());
    }

    #[test]
    fn it_prefers_the_guess_that_settles_the_rest() {
        // A 1x3 board with one mine. An end tile is safe 2/3 of the time and then shows 0
        // or 1, which tells where the mine is: 2/3 to win. The middle is as safe, but shows
        // 1 either way, leaving a 50/50: 1/3.
        let view = Grid::new(3, 1, Cell::Covered);
        let (p, chance) = solve(&view, 1);
        assert_ne!(p, Pos::new(0, 1));
        assert!((chance - 2.0 / 3.0).abs() < 1e-12, "{chance}");
        let weighed = weigh(&view, 1, &mut u64::MAX.clone()).unwrap().unwrap();
        assert_ne!(best_guess(&view, 1, &weighed), Some(Pos::new(0, 1)));
    }

    #[test]
    fn expert_endgames_are_searched_beside_their_many_certain_mines() {
        // An expert board always has 99 covered mines, more tiles than a layout holds; the
        // search must leave the certain ones out to play the end of the game at all.
        use crate::game::Game;
        use crate::setup::Level;
        use grid_core::mines_doc::{FirstClick, GameState, Move, Rules};
        let rules = Rules {
            first_click: FirstClick::Opening,
            no_guess: false,
        };
        let setup = Level::Expert.setup();
        let mut searched = 0;
        for seed in 1..=6 {
            let mut game = Game::new(setup, rules, seed).unwrap();
            let mut next = crate::bench::first_click(setup);
            while game.play(Move::Open(next)).is_ok() && game.state() == GameState::Playing {
                let view = game.view();
                let weighed = weigh(view, setup.mines, &mut u64::MAX.clone())
                    .unwrap()
                    .unwrap();
                if let Some(&safe) = weighed.safe.first() {
                    next = safe;
                    continue;
                }
                let covered = view.cells().iter().filter(|c| c.is_closed()).count();
                let guess = best_guess(view, setup.mines, &weighed);
                if covered > MAX_TILES && weighed.ln_layouts <= MAX_LAYOUTS.ln() {
                    assert!(guess.is_some(), "seed {seed}: {covered} covered tiles");
                    searched += 1;
                }
                next = guess.unwrap_or_else(|| crate::guess::choose(view, 99, &weighed).unwrap());
            }
        }
        assert!(searched > 0, "no expert endgame met in 6 games");
    }

    #[test]
    fn layout_sets_hold_what_is_put_in() {
        let mut set = Layouts::first(3);
        set.insert(64);
        set.insert(255);
        assert_eq!(set.members().collect::<Vec<_>>(), [0, 1, 2, 64, 255]);
        assert_eq!(set.count_ones(), 5);
        assert!(Layouts::default().is_empty() && !Layouts::one(200).is_empty());
    }

    #[test]
    fn layouts_are_listed_exactly() {
        // Beside a 2 in a corner, three covered tiles hold both mines: three layouts.
        let view = position(&["2#", "##"]);
        let tiles: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
        let mut budget = BUDGET;
        let certain = Grid::new(view.width(), view.height(), false);
        let index = TileIndex::new(&tiles);
        let layouts = list_layouts(&view, &certain, &index, 2, &mut budget).unwrap();
        assert_eq!(layouts.len(), 3);
        assert!(layouts.iter().all(|l| l.count_ones() == 2));
    }
}
