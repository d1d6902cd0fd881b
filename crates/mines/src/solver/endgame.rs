//! When few layouts remain, the best guess is no longer estimated but computed: every layout
//! is listed, and every sequence of guesses is played out against all of them, to find the
//! guess with the highest chance of winning the game (not only of surviving the next click).
//!
//! A guess that is safe reveals a number; the layouts that agree with it form the position
//! that follows, and tiles safe in all of them are opened for free (revealing more numbers).
//! The chance of winning a position is the best, over its guesses, of the chances of the
//! positions they lead to, weighted by how many layouts lead there. Positions are sets of
//! layouts (bit sets), remembered once computed.
//!
//! Four things keep it fast enough for 1024 layouts: the guesses are tried safest first and
//! given up once they cannot beat the best found (a guess wins at most as often as it is
//! safe); a position is remembered by its set of layouts alone, however it was reached; the
//! small sets deep in the search are searched over narrower bit sets; and a tile that can no
//! longer tell the layouts of a set apart is not looked at again below it.

use super::odds::Weighed;
use crate::layout::{neighbours, touches_open};
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos};
use rustc_hash::FxHashMap;

/// Layouts at most for the search (one bit each in a position).
const MAX_LAYOUTS: f64 = (64 * MAX_WORDS) as f64;

/// Words in the widest set of layouts: 1024 layouts, where more layouts stop winning games
/// and start costing time (docs/performance.md, "Beside JSMinesweeper's Java solver").
const MAX_WORDS: usize = 16;
/// Tiles in doubt at most (one bit each in a layout).
const MAX_TILES: usize = 64;
/// Steps of listing the layouts (each a few word operations) before giving the position
/// back to the estimate.
const LIST_BUDGET: u64 = 300_000;
/// Positions the search may work out before giving up: about 40 ms of work at a microsecond
/// a step, which bounds the slowest analysis; a larger budget wins no more games
/// (docs/performance.md, "Analysing a position").
const SEARCH_BUDGET: u64 = 40_000;

/// A set of layouts, one bit each.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Layouts<const W: usize>([u64; W]);

impl<const W: usize> Default for Layouts<W> {
    fn default() -> Self {
        Layouts([0; W])
    }
}

impl<const W: usize> Layouts<W> {
    /// Layouts 0 to `n - 1`.
    fn first(n: usize) -> Self {
        let mut set = Layouts::default();
        for l in 0..n {
            set.insert(l);
        }
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

    fn and(self, other: Self) -> Self {
        Layouts(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    fn and_not(self, other: Self) -> Self {
        Layouts(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    fn intersects(self, other: Self) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    /// The layouts of the set, by number.
    fn members(self) -> impl Iterator<Item = usize> {
        self.0
            .into_iter()
            .enumerate()
            .flat_map(|(i, word)| bits(word).map(move |l| 64 * i + l))
    }

    /// The lowest-numbered layout of the set, which must not be empty.
    fn first_member(self) -> usize {
        let i = self.0.iter().position(|&w| w != 0).expect("a layout");
        64 * i + self.0[i].trailing_zeros() as usize
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
    let mut budget = LIST_BUDGET;
    let left = mines.checked_sub(weighed.mines.len())?;
    let layouts = list_layouts(view, &certain, &index, left, &mut budget)?;
    let (tile, _) = play_out(view, &tiles, &index, layouts, SEARCH_BUDGET)?;
    Some(tiles[tile])
}

/// The best guess inside a part of the board that plays out on its own, if there is one
/// small enough to search: a group of covered tiles next to numbers whose every covered
/// neighbour is in the group or certainly a mine, and which holds the same number of mines
/// in every layout.
///
/// Nothing outside such a group can tell anything about it, nor it about the rest, and its
/// mine count leaves the rest's odds alone: the chance of winning the game is the chance of
/// winning the group times that of winning the rest, whatever the order. So the group may
/// be played out first, by the exact search, even when the whole board is far too large
/// for it (JSMinesweeper's "isolated edge").
pub(crate) fn isolated_guess(view: &Grid<Cell>, weighed: &Weighed) -> Option<Pos> {
    // A position small enough for `best_guess` has had its search already, groups included.
    if weighed.ln_layouts <= MAX_LAYOUTS.ln() + 1e-9 {
        return None;
    }
    closed_off_guess(view, weighed)
}

/// `isolated_guess`, whatever the size of the whole position.
fn closed_off_guess(view: &Grid<Cell>, weighed: &Weighed) -> Option<Pos> {
    let mut certain = Grid::new(view.width(), view.height(), false);
    for &p in &weighed.mines {
        certain[p] = true;
    }
    let in_doubt = |p: Pos| view[p].is_closed() && !certain[p];
    let mut seen = Grid::new(view.width(), view.height(), false);
    let mut budget = LIST_BUDGET;
    for start in view.positions() {
        if seen[start] || !in_doubt(start) || !touches_open(view, start) {
            continue;
        }
        let group = group_of(view, start, &in_doubt, &mut seen);
        if group.len() > MAX_TILES {
            continue;
        }
        let closed_off = group
            .iter()
            .all(|&t| neighbours(view, t).all(|q| !in_doubt(q) || group.contains(&q)));
        if !closed_off {
            continue;
        }
        let index = TileIndex::new(&group);
        let mut by_count = (0..=group.len())
            .map(|k| list_layouts(view, &certain, &index, k, &mut budget))
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .filter(|layouts| !layouts.is_empty());
        let (Some(layouts), None) = (by_count.next(), by_count.next()) else {
            continue;
        };
        if layouts.len() < 2 {
            continue;
        }
        // One search at most: a second could double what the position costs.
        return play_out(view, &group, &index, layouts, SEARCH_BUDGET).map(|(t, _)| group[t]);
    }
    None
}

/// The tiles in doubt linked to `start` through the numbers they share, marked in `seen`.
fn group_of(
    view: &Grid<Cell>,
    start: Pos,
    in_doubt: &impl Fn(Pos) -> bool,
    seen: &mut Grid<bool>,
) -> Vec<Pos> {
    let mut group = vec![start];
    seen[start] = true;
    let mut next = 0;
    while next < group.len() {
        let t = group[next];
        next += 1;
        for number in neighbours(view, t).filter(|&q| matches!(view[q], Cell::Open(_))) {
            for q in neighbours(view, number) {
                if in_doubt(q) && !seen[q] {
                    seen[q] = true;
                    group.push(q);
                }
            }
        }
    }
    group
}

/// The best first guess over `layouts` and its chance of winning, by a search whose layout
/// sets are as wide as the layouts need: most endgames have few, and narrow sets are
/// faster to combine, hash and compare.
fn play_out(
    view: &Grid<Cell>,
    tiles: &[Pos],
    index: &TileIndex,
    layouts: Vec<u64>,
    budget: u64,
) -> Option<(usize, f64)> {
    fn run<const W: usize>(around: &[u64], layouts: Vec<u64>, budget: u64) -> Option<(usize, f64)> {
        let live = low_bits(around.len());
        // A search remembers some fifty positions a layout (990 layouts: 55,000): room made
        // at once spares the table growing step by step, each step moving it to fresh memory.
        let room = (64 * layouts.len()).min(budget as usize);
        let game = Endgame::<W>::new(around, layouts, None, live);
        let mut search = Search {
            memo: FxHashMap::with_capacity_and_hasher(room, Default::default()),
            budget,
        };
        game.best_guess(&mut search, game.everything(), live)
    }
    let around: Vec<u64> = tiles.iter().map(|&p| index.around(view, p)).collect();
    match layouts.len() {
        0..=64 => run::<1>(&around, layouts, budget),
        65..=256 => run::<4>(&around, layouts, budget),
        _ => run::<MAX_WORDS>(&around, layouts, budget),
    }
}

/// The chance of winning `view` with the best first guess, and with `first` as the first
/// guess, played out in full: the yardstick for rules that pick a guess without a search.
#[cfg(test)]
pub(crate) fn chances(view: &Grid<Cell>, mines: usize, first: Pos) -> (f64, f64) {
    let tiles: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
    let index = TileIndex::new(&tiles);
    let certain = Grid::new(view.width(), view.height(), false);
    let layouts =
        list_layouts(view, &certain, &index, mines, &mut u64::MAX.clone()).expect("few layouts");
    let around: Vec<u64> = tiles.iter().map(|&p| index.around(view, p)).collect();
    let game = Endgame::<MAX_WORDS>::new(&around, layouts, None, low_bits(tiles.len()));
    let mut search = Search {
        memo: FxHashMap::default(),
        budget: u64::MAX,
    };
    let all = game.everything();
    let (_, best) = game
        .best_guess(&mut search, all, low_bits(tiles.len()))
        .expect("no budget");
    let t = index.0[&first];
    let safe = all.and_not(game.mine_at[t]);
    let size = f64::from(all.count_ones());
    let chance = game.showing[t]
        .iter()
        .map(|shows| safe.and(*shows))
        .filter(|class| !class.is_empty())
        .map(|class| {
            let win = game.win(&mut search, class, low_bits(tiles.len()));
            f64::from(class.count_ones()) / size * win.expect("no budget")
        })
        .sum();
    (best, chance)
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

/// The members of a set of tiles (or of one word of a set of layouts), lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let t = set.trailing_zeros() as usize;
            set &= set - 1;
            t
        })
    })
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
    // Depth-first over the tiles next to a number, then over the rest, pruning on every number
    // and on the mine count. The tiles no number sees come last because nothing prunes them:
    // decided early, each of their placements would be carried through the whole frontier.
    let n = index.len();
    let seen_by_numbers = numbers.iter().fold(0, |all, &(set, _)| all | set);
    let order: Vec<usize> = (0..n)
        .filter(|&t| seen_by_numbers >> t & 1 == 1)
        .chain((0..n).filter(|&t| seen_by_numbers >> t & 1 == 0))
        .collect();
    // `decided_before[k]`: the tiles decided before the `k`th of the order.
    let decided_before: Vec<u64> = std::iter::once(0)
        .chain(order.iter().scan(0, |decided, &t| {
            *decided |= 1 << t;
            Some(*decided)
        }))
        .collect();
    let mut found = Vec::new();
    let mut stack: Vec<(usize, u64)> = vec![(0, 0)];
    while let Some((next, mask)) = stack.pop() {
        *budget = budget.checked_sub(1)?;
        let placed = mask.count_ones() as usize;
        if placed > mines || mines - placed > n - next {
            continue;
        }
        let decided = decided_before[next];
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
        stack.push((next + 1, mask | 1 << order[next]));
    }
    Some(found)
}

/// What the whole search of one position shares, in every width of sets it runs at: the
/// chances already computed, and the steps left.
struct Search {
    /// The chance of winning from each set of layouts met, by its key (`Endgame::key`). The
    /// set alone decides it: the tiles opened to reach it show the same in all its layouts,
    /// so opening them again would tell nothing.
    memo: FxHashMap<u128, f64>,
    budget: u64,
}

/// A layout's share of the key of every set that holds it: 128 bits that look random, made
/// from the layout's number in the whole position by two rounds of a 64-bit mixer (the
/// finaliser of SplitMix64) with different seeds.
fn layout_hash(number: usize) -> u128 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let n = number as u64;
    u128::from(mix(n.wrapping_add(0x9e37_79b9_7f4a_7c15))) << 64
        | u128::from(mix(n ^ 0x243f_6a88_85a3_08d3))
}

/// The search over positions of an endgame, over sets of layouts `W` words wide.
///
/// Its questions are all of the form "which layouts of this set have a mine at tile t, or
/// show n there", so it keeps the answers as layout sets, tile by tile: a question is then a
/// few word operations instead of a pass over the layouts. Deep in the search the sets are
/// small, and there a narrower `Endgame` over just their layouts takes over: wide sets would
/// cost as much to combine as the whole position.
struct Endgame<'a, const W: usize> {
    /// The layouts, each as the set of tiles holding its mines.
    layouts: Vec<u64>,
    /// `around[t]`: the tiles around tile `t`.
    around: &'a [u64],
    /// Each layout's number in the whole position; `None` in the whole position's own search.
    numbers: Option<Vec<usize>>,
    /// `hashes[l]`: layout `l`'s share of a set's key, by its number in the whole position.
    hashes: Vec<u128>,
    /// `mine_at[t]`: the layouts with a mine at tile `t`.
    mine_at: Vec<Layouts<W>>,
    /// `showing[t][n]`: the layouts in which tile `t` is safe and shows `n`.
    showing: Vec<[Layouts<W>; 9]>,
}

impl<'a, const W: usize> Endgame<'a, W> {
    /// The tables of the tiles `live` (the others are never asked about).
    fn new(around: &'a [u64], layouts: Vec<u64>, numbers: Option<Vec<usize>>, live: u64) -> Self {
        debug_assert!(layouts.len() <= 64 * W);
        let tiles = around.len();
        let mut mine_at = vec![Layouts::default(); tiles];
        let mut showing = vec![[Layouts::default(); 9]; tiles];
        for t in bits(live) {
            for (l, &mines) in layouts.iter().enumerate() {
                if mines >> t & 1 == 1 {
                    mine_at[t].insert(l);
                } else {
                    showing[t][(mines & around[t]).count_ones() as usize].insert(l);
                }
            }
        }
        let hashes = (0..layouts.len())
            .map(|l| layout_hash(numbers.as_ref().map_or(l, |numbers| numbers[l])))
            .collect();
        Endgame {
            layouts,
            around,
            numbers,
            hashes,
            mine_at,
            showing,
        }
    }

    fn everything(&self) -> Layouts<W> {
        Layouts::first(self.layouts.len())
    }

    /// The key of `set` in the memo: the same for the same layouts of the whole position,
    /// whichever narrowed search meets them, and cheap to make in any of them.
    ///
    /// In a position of at most 64 layouts a set is its own key. Beyond that the key is the
    /// exclusive or of its layouts' hashes (Zobrist's hashing): a narrowed search
    /// makes it from its own members, with no need to spell the set out in the whole
    /// position's numbering. Two different sets get the same key only when the hashes of the
    /// layouts in one and not the other cancel out, which for sets not built to do it is as
    /// likely as two random 128-bit values being equal (2^-128).
    fn key(&self, set: Layouts<W>) -> u128 {
        if W == 1 && self.numbers.is_none() {
            return u128::from(set.0[0]);
        }
        set.members().fold(0, |key, l| key ^ self.hashes[l])
    }

    /// The chance of winning from `set` by a search over sets `V` words wide. The caller has
    /// looked `set` up and remembers the answer.
    fn win_narrowed<const V: usize>(
        &self,
        search: &mut Search,
        set: Layouts<W>,
        live: u64,
    ) -> Option<f64> {
        let members = set.members();
        let (layouts, numbers) = members
            .map(|l| {
                let number = self.numbers.as_ref().map_or(l, |numbers| numbers[l]);
                (self.layouts[l], number)
            })
            .unzip();
        let narrow = Endgame::<V>::new(self.around, layouts, Some(numbers), live);
        narrow.work_out(search, narrow.everything(), live)
    }

    /// Of the tiles `live`: those safe in every layout of `set` that tell its layouts apart
    /// (opened at no risk), and those that still tell them apart at all, safe or not (the
    /// tiles live below `set`).
    ///
    /// A tile that holds a mine in every layout of a set, or is safe in all of them and shows
    /// the same number in all, does so in every smaller set too: the search drops it for
    /// good, and deep down looks at a handful of tiles rather than all of them.
    fn survey(&self, set: Layouts<W>, live: u64) -> (u64, u64) {
        let first = set.first_member();
        let (mut safe, mut still) = (0, 0);
        for t in bits(live) {
            if !set.intersects(self.mine_at[t]) {
                let shows = (self.layouts[first] & self.around[t]).count_ones() as usize;
                if set.and_not(self.showing[t][shows]).is_empty() {
                    continue;
                }
                safe |= 1 << t;
            } else if set.and_not(self.mine_at[t]).is_empty() {
                continue;
            }
            still |= 1 << t;
        }
        (safe, still)
    }

    /// Splits `set`, whose layouts all leave the tiles of `shown` safe, by what those tiles
    /// show.
    fn split(&self, set: Layouts<W>, shown: u64) -> Vec<Layouts<W>> {
        let mut classes = vec![set];
        let mut next = Vec::new();
        for t in bits(shown) {
            for class in classes.drain(..) {
                for &n in &self.showing[t] {
                    let part = class.and(n);
                    if !part.is_empty() {
                        next.push(part);
                    }
                }
            }
            std::mem::swap(&mut classes, &mut next);
        }
        classes
    }

    /// The chance of winning from the layouts `set`, where only the tiles `live` may still
    /// tell them apart.
    fn win(&self, search: &mut Search, set: Layouts<W>, live: u64) -> Option<f64> {
        let count = set.count_ones();
        if count <= 1 {
            return Some(1.0);
        }
        let key = self.key(set);
        if let Some(&known) = search.memo.get(&key) {
            return Some(known);
        }
        // Narrowing again to one word measured slower: the small sets at the bottom of the
        // search are many, and each would build tables of its own.
        let chance = if W > 4 && count <= 256 {
            self.win_narrowed::<4>(search, set, live)?
        } else {
            self.work_out(search, set, live)?
        };
        search.memo.insert(key, chance);
        Some(chance)
    }

    /// The chance of winning from `set`, at least two layouts not yet remembered: by the
    /// tiles safe in all of them when they tell the layouts apart, else by the best guess.
    fn work_out(&self, search: &mut Search, set: Layouts<W>, live: u64) -> Option<f64> {
        search.budget = search.budget.checked_sub(1)?;
        let (safe, live) = self.survey(set, live);
        if safe == 0 {
            return Some(self.best_guess(search, set, live)?.1);
        }
        let size = f64::from(set.count_ones());
        let mut total = 0.0;
        for class in self.split(set, safe) {
            total += f64::from(class.count_ones()) / size * self.win(search, class, live)?;
        }
        Some(total)
    }

    /// The guess with the best chance of winning from `set` (no tile being certainly safe),
    /// and that chance.
    ///
    /// A guess wins at most as often as it is safe, so the tiles go safest first, and the
    /// search stops as soon as that bound (or, within a tile, what its remaining numbers could
    /// add) cannot beat the best found: the answer is the same, for a fraction of the work.
    fn best_guess(&self, search: &mut Search, set: Layouts<W>, live: u64) -> Option<(usize, f64)> {
        let all = set.count_ones();
        let size = f64::from(all);
        // A tile safe in every layout tells nothing here (or it would have been opened), and
        // one that is a mine in all of them loses.
        let mut order: Vec<(u32, usize)> = bits(live)
            .map(|t| (set.and_not(self.mine_at[t]).count_ones(), t))
            .filter(|&(count, _)| count > 0 && count < all)
            .collect();
        order.sort_unstable_by_key(|&(count, t)| (std::cmp::Reverse(count), t));
        let beaten =
            |best: Option<(usize, f64)>, bound: f64| best.is_some_and(|(_, b)| bound <= b + 1e-12);
        let mut best: Option<(usize, f64)> = None;
        for (count, t) in order {
            let safe = set.and_not(self.mine_at[t]);
            let mut unexplored = f64::from(count) / size;
            if beaten(best, unexplored) {
                break;
            }
            let mut chance = 0.0;
            for shows in &self.showing[t] {
                let class = safe.and(*shows);
                if class.is_empty() {
                    continue;
                }
                let weight = f64::from(class.count_ones()) / size;
                chance += weight * self.win(search, class, live)?;
                unexplored -= weight;
                if beaten(best, chance + unexplored) {
                    break;
                }
            }
            if !beaten(best, chance) {
                best = Some((t, chance));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::odds::weigh;
    use crate::testing::position;

    /// The chance of winning with the best first guess, and that guess.
    fn solve(view: &Grid<Cell>, mines: usize) -> (Pos, f64) {
        let tiles: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
        let index = TileIndex::new(&tiles);
        let mut budget = LIST_BUDGET;
        let certain = Grid::new(view.width(), view.height(), false);
        let layouts = list_layouts(view, &certain, &index, mines, &mut budget).unwrap();
        let (t, chance) = play_out(view, &tiles, &index, layouts, SEARCH_BUDGET).unwrap();
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
    fn a_search_past_its_budget_gives_the_position_back() {
        // A 4x4 board with three mines and nothing open: 560 layouts, far more positions to
        // work out than a budget of 100 steps allows. The search must stop and say so (the
        // caller then estimates), which is what bounds the time of any analysis.
        let view = Grid::new(4, 4, Cell::Covered);
        let tiles: Vec<Pos> = view.positions().collect();
        let index = TileIndex::new(&tiles);
        let certain = Grid::new(4, 4, false);
        let mut budget = LIST_BUDGET;
        let layouts = list_layouts(&view, &certain, &index, 3, &mut budget).unwrap();
        assert_eq!(layouts.len(), 560);
        assert!(play_out(&view, &tiles, &index, layouts.clone(), 100).is_none());
        assert!(play_out(&view, &tiles, &index, layouts, SEARCH_BUDGET).is_some());
        // And the listing stops at its own budget.
        let mut short = 50;
        assert!(list_layouts(&view, &certain, &index, 3, &mut short).is_none());
    }

    #[test]
    fn tiles_no_number_sees_do_not_multiply_the_listing() {
        // Six covered rows that no number sees, above a covered row under a row of numbers
        // that settle it (mines at columns 1 and 5), and one more mine somewhere above: 48
        // layouts. Read in order, the 48 unseen tiles come first, and every placement of up to
        // three mines among them would be carried down to the numbers before failing there.
        let view = position(&[
            "########", "########", "########", "########", "########", "########", "########",
            "11101110",
        ]);
        let tiles: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
        let index = TileIndex::new(&tiles);
        let certain = Grid::new(8, 8, false);
        let mut budget = 5_000;
        let layouts = list_layouts(&view, &certain, &index, 3, &mut budget).expect("in budget");
        assert_eq!(layouts.len(), 48);
        let settled = 1 << index.0[&Pos::new(6, 1)] | 1 << index.0[&Pos::new(6, 5)];
        assert!(layouts.iter().all(|&l| l & settled == settled));
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
            let mut next = crate::simulate::first_click(setup, rules.first_click);
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
                next = guess
                    .unwrap_or_else(|| crate::solver::guess::choose(view, 99, &weighed).unwrap());
            }
        }
        assert!(searched > 0, "no expert endgame met in 6 games");
    }

    #[test]
    fn layout_sets_hold_what_is_put_in() {
        let mut set = Layouts::<4>::first(3);
        set.insert(64);
        set.insert(255);
        assert_eq!(set.count_ones(), 5);
        let mut other = Layouts::<4>::default();
        other.insert(255);
        assert!(set.intersects(other) && set.and(other) == other);
        assert_eq!(set.and_not(other).count_ones(), 4);
        assert!(Layouts::<4>::default().is_empty() && !other.is_empty());
    }

    /// The chance of winning from the layouts `set` (by number) with the tiles `opened` open,
    /// played out in full the plain way: no pruning, no memo, no narrowing.
    fn reference_win(layouts: &[u64], around: &[u64], set: &[usize], opened: u64) -> f64 {
        if set.len() <= 1 {
            return 1.0;
        }
        let shows = |l: usize, t: usize| (layouts[l] & around[t]).count_ones();
        let safe_in = |ls: &[usize], t: usize| ls.iter().all(|&l| layouts[l] >> t & 1 == 0);
        // The classes of `ls` by what the tiles `shown` show.
        let classes = |ls: &[usize], shown: u64| {
            let mut classes: Vec<(Vec<u32>, Vec<usize>)> = Vec::new();
            for &l in ls {
                let key: Vec<u32> = (0..around.len())
                    .filter(|&t| shown >> t & 1 == 1)
                    .map(|t| shows(l, t))
                    .collect();
                match classes.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, members)) => members.push(l),
                    None => classes.push((key, vec![l])),
                }
            }
            classes.into_iter().map(|(_, members)| members)
        };
        let size = set.len() as f64;
        let free = (0..around.len())
            .filter(|&t| opened >> t & 1 == 0 && safe_in(set, t))
            .fold(0u64, |f, t| f | 1 << t);
        if free != 0 {
            return classes(set, free)
                .map(|c| c.len() as f64 / size * reference_win(layouts, around, &c, opened | free))
                .sum();
        }
        (0..around.len())
            .filter(|&t| opened >> t & 1 == 0)
            .map(|t| {
                let safe: Vec<usize> = set
                    .iter()
                    .copied()
                    .filter(|&l| layouts[l] >> t & 1 == 0)
                    .collect();
                classes(&safe, 1 << t)
                    .map(|c| {
                        c.len() as f64 / size * reference_win(layouts, around, &c, opened | 1 << t)
                    })
                    .sum::<f64>()
            })
            .fold(0.0, f64::max)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// The search's chance of winning is the plain search's on positions from random small
        /// boards: every shortcut it takes is exact.
        #[test]
        fn the_search_wins_as_often_as_the_plain_one(
            mines in proptest::collection::btree_set(0usize..20, 3..7),
            open in proptest::collection::vec(0usize..20, 4..12),
        ) {
            let (w, h) = (5, 4);
            let is_mine = |p: Pos| mines.contains(&(p.row * w + p.col));
            let mut view = Grid::new(w, h, Cell::Covered);
            for &o in &open {
                let p = Pos::new(o / w, o % w);
                if !is_mine(p) {
                    let n = neighbours(&view, p).filter(|&q| is_mine(q)).count();
                    view[p] = Cell::Open(n as u8);
                }
            }
            let tiles: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
            let index = TileIndex::new(&tiles);
            let certain = Grid::new(w, h, false);
            let mut budget = u64::MAX;
            let layouts = list_layouts(&view, &certain, &index, mines.len(), &mut budget);
            // The plain search is slow past a few dozen layouts.
            proptest::prop_assume!(layouts.as_ref().is_some_and(|l| l.len() <= 40));
            let layouts = layouts.unwrap();
            let around: Vec<u64> = tiles.iter().map(|&p| index.around(&view, p)).collect();
            let all: Vec<usize> = (0..layouts.len()).collect();
            let expected = reference_win(&layouts, &around, &all, 0);
            // At every width, the widest narrowing as it goes.
            for (width, chance) in [
                (1, win_with::<1>(&around, layouts.clone())),
                (4, win_with::<4>(&around, layouts.clone())),
                (16, win_with::<16>(&around, layouts.clone())),
            ] {
                proptest::prop_assert!(
                    (chance - expected).abs() < 1e-9,
                    "{width} words: {chance} vs {expected}"
                );
            }
        }
    }

    fn win_with<const W: usize>(around: &[u64], layouts: Vec<u64>) -> f64 {
        let live = low_bits(around.len());
        let game = Endgame::<W>::new(around, layouts, None, live);
        let mut search = Search {
            memo: FxHashMap::default(),
            budget: u64::MAX,
        };
        game.win(&mut search, game.everything(), live).unwrap()
    }

    /// Playing out a closed-off group first wins as often as the best guess of the whole
    /// board, on positions from random small boards.
    #[test]
    fn a_closed_off_group_is_played_as_well_as_the_whole_board() {
        let mut rng = grid_core::Rng::seeded(7);
        let mut found = 0;
        for _ in 0..40000 {
            let (view, mines) = crate::testing::random_position(&mut rng, 5, 4);
            let weighed = weigh(&view, mines, &mut u64::MAX.clone()).unwrap().unwrap();
            if !weighed.safe.is_empty() || weighed.ln_layouts > 300f64.ln() {
                continue;
            }
            let Some(tile) = closed_off_guess(&view, &weighed) else {
                continue;
            };
            let (best, chance) = chances(&view, mines, tile);
            assert!(
                chance >= best - 1e-9,
                "{tile}: {chance} < {best} in {view:?}"
            );
            found += 1;
        }
        assert!(found >= 30, "only {found} positions had a closed-off group");
    }

    #[test]
    fn layouts_are_listed_exactly() {
        // Beside a 2 in a corner, three covered tiles hold both mines: three layouts.
        let view = position(&["2#", "##"]);
        let tiles: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
        let mut budget = LIST_BUDGET;
        let certain = Grid::new(view.width(), view.height(), false);
        let index = TileIndex::new(&tiles);
        let layouts = list_layouts(&view, &certain, &index, 2, &mut budget).unwrap();
        assert_eq!(layouts.len(), 3);
        assert!(layouts.iter().all(|l| l.count_ones() == 2));
    }
}
