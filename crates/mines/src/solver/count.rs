//! Counting the layouts of one frontier component, by number of mines and per tile, without
//! listing them.
//!
//! A component can allow astronomically many layouts (a long ragged frontier of an expert
//! game allows billions), so listing them is hopeless. Instead the component's tiles are put
//! in a sweep order (breadth first through shared numbers, so that a number's tiles sit close
//! together), and a dynamic programme walks along it. At each cut between tiles, what matters
//! of the tiles before is only the partial sums of the numbers that straddle the cut; layouts
//! with the same partial sums are counted together, as a polynomial in the number of mines.
//! A backward pass counts the ways to finish from each cut state, a forward pass the ways to
//! reach it, and their product through each tile gives how many layouts put a mine there.
//! The work grows with the number of straddling numbers, not with the number of layouts.

use rustc_hash::FxHashMap as HashMap;

/// A number and the covered tiles around it (as frontier indices).
pub(crate) struct Constraint {
    pub vars: Vec<usize>,
    pub target: u32,
}

/// Layout counts of one component, by number of mines.
pub(crate) struct Counts {
    /// `total[k]`: layouts with k mines.
    pub total: Vec<f64>,
    /// `per_var[k][v]`: of those, layouts with a mine on variable v (an index into `vars`).
    pub per_var: Vec<Vec<f64>>,
    pub vars: Vec<usize>,
}

/// A polynomial in the number of mines: `values[i]` layouts with `from + i` mines. Stored
/// from its lowest term: deep in a long frontier every layout has many mines already, and
/// the products of the per-tile counts skip the empty low terms.
#[derive(Debug, Clone, Default)]
struct Poly {
    from: usize,
    values: Vec<f64>,
}

impl Poly {
    /// One layout, no mine.
    fn one() -> Poly {
        Poly {
            from: 0,
            values: vec![1.0],
        }
    }

    /// `self += other * x^shift`.
    fn add_shifted(&mut self, other: &Poly, shift: usize) {
        let from = other.from + shift;
        if self.values.is_empty() {
            self.from = from;
            self.values.clone_from(&other.values);
            return;
        }
        if from < self.from {
            let mut values = vec![0.0; self.from - from];
            values.append(&mut self.values);
            self.values = values;
            self.from = from;
        }
        let end = (from + other.values.len()).max(self.from + self.values.len());
        self.values.resize(end - self.from, 0.0);
        for (i, &x) in other.values.iter().enumerate() {
            self.values[from - self.from + i] += x;
        }
    }

    /// The dense form, `n + 1` terms from no mine on.
    fn dense(&self, n: usize) -> Vec<f64> {
        let mut out = vec![0.0; n + 1];
        for (i, &x) in self.values.iter().enumerate() {
            out[self.from + i] = x;
        }
        out
    }
}

/// Partial sums of the numbers straddling a cut, in the cut's order.
type State = Vec<u8>;

/// A number of the component, seen from the sweep.
struct Number {
    target: u8,
    /// Positions of its tiles in the sweep order, ascending.
    at: Vec<usize>,
}

impl Number {
    fn first(&self) -> usize {
        self.at[0]
    }

    fn last(&self) -> usize {
        *self.at.last().expect("a number has covered tiles")
    }

    fn holds(&self, i: usize) -> bool {
        self.at.binary_search(&i).is_ok()
    }

    /// Its tiles before position `i`.
    fn before(&self, i: usize) -> usize {
        self.at.partition_point(|&p| p < i)
    }
}

/// Counts the layouts of the component made of frontier variables `vars` and the numbers
/// `cons` (indices into `all`); `None` once `budget` is spent (a step is a state transition,
/// or sixteen multiplications of the per-tile counts).
pub(crate) fn count_layouts(
    vars: Vec<usize>,
    cons: &[usize],
    all: &[Constraint],
    budget: &mut u64,
) -> Option<Counts> {
    if vars.len() <= SMALL {
        return count_small(vars, cons, all, budget);
    }
    let order = sweep_order(&vars, cons, all);
    let n = order.len();
    let position: HashMap<usize, usize> = order.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let numbers: Vec<Number> = cons
        .iter()
        .map(|&c| {
            let mut at: Vec<usize> = all[c].vars.iter().map(|v| position[v]).collect();
            at.sort_unstable();
            Number {
                target: all[c].target as u8,
                at,
            }
        })
        .collect();
    let sweep = Sweep::new(numbers, n);
    let forward = sweep.forward(budget)?;
    let backward = sweep.backward(&forward, budget)?;
    let total = backward[0]
        .get(&State::new())
        .map_or_else(|| vec![0.0; n + 1], |p| p.dense(n));
    let mut per_var = vec![vec![0.0; n]; n + 1];
    // A mine on tile i: the layouts of the tiles before it by the state they leave, times
    // those of the tiles after it by the state they need.
    for i in 0..n {
        for (state, before) in &forward[i] {
            let Some(next) = sweep.step_forward(i, state, 1) else {
                continue;
            };
            let Some(after) = backward[i + 1].get(&next) else {
                continue;
            };
            // The products below are the bulk of the work on a long frontier: charged too.
            let work = before.values.len() * after.values.len();
            *budget = budget.checked_sub(work as u64 / 16 + 1)?;
            let base = before.from + after.from + 1;
            for (a, &x) in before.values.iter().enumerate() {
                for (b, &y) in after.values.iter().enumerate() {
                    per_var[base + a + b][i] += x * y;
                }
            }
        }
    }
    Some(Counts {
        total,
        per_var,
        vars: order,
    })
}

/// Components of at most this many tiles are counted by trying every assignment: for them
/// that is cheaper than setting up the sweep.
const SMALL: usize = 10;

/// `count_layouts` for a small component: every assignment, each number a bit mask.
fn count_small(
    vars: Vec<usize>,
    cons: &[usize],
    all: &[Constraint],
    budget: &mut u64,
) -> Option<Counts> {
    let n = vars.len();
    *budget = budget.checked_sub((1u64 << n) / 16 + 1)?;
    let numbers: Vec<(u32, u32)> = cons
        .iter()
        .map(|&c| {
            let mask = all[c].vars.iter().fold(0u32, |m, v| {
                m | 1
                    << vars
                        .iter()
                        .position(|u| u == v)
                        .expect("a variable of the component")
            });
            (mask, all[c].target)
        })
        .collect();
    let mut total = vec![0.0; n + 1];
    let mut per_var = vec![vec![0.0; n]; n + 1];
    for layout in 0u32..1 << n {
        if numbers
            .iter()
            .all(|&(mask, target)| (layout & mask).count_ones() == target)
        {
            let k = layout.count_ones() as usize;
            total[k] += 1.0;
            for (v, hits) in per_var[k].iter_mut().enumerate() {
                *hits += f64::from(layout >> v & 1);
            }
        }
    }
    Some(Counts {
        total,
        per_var,
        vars,
    })
}

/// The numbers of a component along the sweep, and which straddle each cut.
struct Sweep {
    numbers: Vec<Number>,
    /// `straddling[i]`: the numbers with tiles both before position `i` and at or after it.
    straddling: Vec<Vec<usize>>,
    /// `slot[i][c]`: where number `c` sits in the state at cut `i`, if it straddles it.
    slot: Vec<Vec<Option<usize>>>,
    /// `at_tile[i]`: the numbers that hold the tile at position `i`.
    at_tile: Vec<Vec<usize>>,
}

impl Sweep {
    fn new(numbers: Vec<Number>, n: usize) -> Sweep {
        let mut straddling = vec![Vec::new(); n + 1];
        let mut slot = vec![vec![None; numbers.len()]; n + 1];
        let mut at_tile = vec![Vec::new(); n];
        for (c, number) in numbers.iter().enumerate() {
            for cut in number.first() + 1..=number.last() {
                slot[cut][c] = Some(straddling[cut].len());
                straddling[cut].push(c);
            }
            for &i in &number.at {
                at_tile[i].push(c);
            }
        }
        Sweep {
            numbers,
            straddling,
            slot,
            at_tile,
        }
    }

    /// The state at cut `i + 1` from `state` at cut `i` and value `b` of tile `i`; `None`
    /// when a number is overshot, can no longer be reached, or closes unmet.
    fn step_forward(&self, i: usize, state: &State, b: u8) -> Option<State> {
        for &c in &self.at_tile[i] {
            let number = &self.numbers[c];
            if number.last() == i {
                let before = self.slot[i][c].map_or(0, |s| state[s]);
                if before + b != number.target {
                    return None;
                }
            }
        }
        let mut next = State::with_capacity(self.straddling[i + 1].len());
        for &c in &self.straddling[i + 1] {
            let number = &self.numbers[c];
            let sum = self.slot[i][c].map_or(0, |s| state[s]) + u8::from(number.holds(i)) * b;
            let left = number.at.len() - number.before(i + 1);
            if sum > number.target || (sum as usize) + left < number.target as usize {
                return None;
            }
            next.push(sum);
        }
        Some(next)
    }

    /// The state at cut `i` (the sums the tiles before `i` must make) from `state`, what the
    /// tiles before `i + 1` must make, and value `b` of tile `i`.
    fn step_backward(&self, i: usize, state: &State, b: u8) -> Option<State> {
        for &c in &self.at_tile[i] {
            let number = &self.numbers[c];
            if number.first() == i {
                // Nothing before tile i may count towards this number.
                let need = match self.slot[i + 1][c] {
                    Some(s) => state[s],
                    None => number.target,
                };
                if need != b {
                    return None;
                }
            }
        }
        let mut prev = State::with_capacity(self.straddling[i].len());
        for &c in &self.straddling[i] {
            let number = &self.numbers[c];
            let need = match self.slot[i + 1][c] {
                Some(s) => state[s],
                None => number.target, // it closes at tile i
            };
            let need = need.checked_sub(u8::from(number.holds(i)) * b)?;
            if need as usize > number.before(i) {
                return None;
            }
            prev.push(need);
        }
        Some(prev)
    }

    /// From the layouts of the tiles before `i` by state at cut `i`, those of the tiles
    /// before `i + 1` by state at cut `i + 1`.
    fn advance(
        &self,
        i: usize,
        table: &HashMap<State, Poly>,
        budget: &mut u64,
    ) -> Option<HashMap<State, Poly>> {
        let mut next: HashMap<State, Poly> = HashMap::default();
        for (state, poly) in table {
            for b in 0..=1 {
                *budget = budget.checked_sub(1)?;
                if let Some(s) = self.step_forward(i, state, b) {
                    next.entry(s).or_default().add_shifted(poly, b as usize);
                }
            }
        }
        Some(next)
    }

    /// `forward[i]`: for each state at cut `i` (the sums the tiles before it make), the
    /// layouts of the tiles before it.
    fn forward(&self, budget: &mut u64) -> Option<Vec<HashMap<State, Poly>>> {
        let n = self.at_tile.len();
        let mut tables = Vec::with_capacity(n + 1);
        tables.push(HashMap::from_iter([(State::new(), Poly::one())]));
        for i in 0..n {
            let next = self.advance(i, &tables[i], budget)?;
            tables.push(next);
        }
        Some(tables)
    }

    /// `backward[i]`: for each state at cut `i` (the sums still owed by the tiles before
    /// it), the layouts of the tiles from `i` on; only for the states the tiles before it can
    /// make (those of `forward[i]`), which are all the per-tile counts ask about. Most sums
    /// the tiles after a cut could leave owing, those before it cannot make, and skipping them
    /// is what keeps a long expert frontier (105 tiles, up to 22 numbers straddling a cut)
    /// under 2 ms.
    fn backward(
        &self,
        forward: &[HashMap<State, Poly>],
        budget: &mut u64,
    ) -> Option<Vec<HashMap<State, Poly>>> {
        let n = self.at_tile.len();
        let mut tables = vec![HashMap::default(); n + 1];
        tables[n] = HashMap::from_iter([(State::new(), Poly::one())]);
        for i in (0..n).rev() {
            let mut prev: HashMap<State, Poly> = HashMap::default();
            for (state, poly) in &tables[i + 1] {
                for b in 0..=1 {
                    *budget = budget.checked_sub(1)?;
                    if let Some(s) = self.step_backward(i, state, b)
                        && forward[i].contains_key(&s)
                    {
                        prev.entry(s).or_default().add_shifted(poly, b as usize);
                    }
                }
            }
            tables[i] = prev;
        }
        Some(tables)
    }
}

/// The component's variables breadth first through shared numbers, from a tile of the
/// fewest numbers (an end of the frontier, when it is a line): neighbours in the order stay
/// neighbours on the board, which keeps few numbers straddling each cut.
fn sweep_order(vars: &[usize], cons: &[usize], all: &[Constraint]) -> Vec<usize> {
    let mut of_var: HashMap<usize, Vec<usize>> = HashMap::default();
    for &c in cons {
        for &v in &all[c].vars {
            of_var.entry(v).or_default().push(c);
        }
    }
    let degree = |v: &usize| of_var.get(v).map_or(0, Vec::len);
    let Some(&start) = vars.iter().min_by_key(|&v| (degree(v), *v)) else {
        return Vec::new();
    };
    let mut seen: std::collections::HashSet<usize> = [start].into();
    let mut order = vec![start];
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        let mut around: Vec<usize> = of_var[&v]
            .iter()
            .flat_map(|&c| all[c].vars.iter().copied())
            .filter(|u| !seen.contains(u))
            .collect();
        around.sort_unstable();
        around.dedup();
        for u in around {
            seen.insert(u);
            order.push(u);
        }
    }
    debug_assert_eq!(order.len(), vars.len(), "a component is connected");
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Rng;

    /// Every 0/1 assignment of the variables, checked against every number.
    fn brute_force(n: usize, all: &[Constraint]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let mut total = vec![0.0; n + 1];
        let mut per_var = vec![vec![0.0; n]; n + 1];
        for mask in 0u32..1 << n {
            let fits = all.iter().all(|c| {
                c.vars.iter().filter(|&&v| mask >> v & 1 == 1).count() == c.target as usize
            });
            if fits {
                let k = mask.count_ones() as usize;
                total[k] += 1.0;
                for (v, hits) in per_var[k].iter_mut().enumerate() {
                    *hits += (mask >> v & 1) as f64;
                }
            }
        }
        (total, per_var)
    }

    #[test]
    fn counts_agree_with_every_assignment_on_random_components() {
        let mut rng = Rng::seeded(11);
        for case in 0..400 {
            let n = 2 + rng.index(13);
            // Random numbers over random small sets of variables, chained so that the
            // component is connected, with targets from a random hidden layout.
            let hidden: Vec<bool> = (0..n).map(|_| rng.chance(0.4)).collect();
            let mut all = Vec::new();
            for v in 0..n - 1 {
                let mut vars = vec![v, v + 1];
                for _ in 0..rng.index(4) {
                    vars.push(rng.index(n));
                }
                vars.sort_unstable();
                vars.dedup();
                let target = vars.iter().filter(|&&u| hidden[u]).count() as u32;
                all.push(Constraint { vars, target });
            }
            let cons: Vec<usize> = (0..all.len()).collect();
            let mut budget = u64::MAX;
            let counts = count_layouts((0..n).collect(), &cons, &all, &mut budget).unwrap();
            let (total, per_var) = brute_force(n, &all);
            assert_eq!(counts.total, total, "case {case}");
            for (k, (got, want)) in counts.per_var.iter().zip(&per_var).enumerate() {
                for (local, &v) in counts.vars.iter().enumerate() {
                    assert_eq!(got[local], want[v], "case {case} k {k} v {v}");
                }
            }
        }
    }

    #[test]
    fn a_long_loose_frontier_is_counted_at_once() {
        // 200 tiles in a row, each number over three neighbours wanting one mine: a
        // frontier with astronomically many layouts, as an expert board can have.
        let n = 200;
        let all: Vec<Constraint> = (0..n - 2)
            .map(|v| Constraint {
                vars: vec![v, v + 1, v + 2],
                target: 1,
            })
            .collect();
        let cons: Vec<usize> = (0..all.len()).collect();
        let mut budget = 100_000;
        let counts = count_layouts((0..n).collect(), &cons, &all, &mut budget).unwrap();
        // Exactly one mine in every three consecutive tiles: the pattern repeats with period
        // three, so there are three layouts.
        assert_eq!(counts.total.iter().sum::<f64>(), 3.0);
    }

    #[test]
    fn the_budget_stops_a_count() {
        let all = vec![Constraint {
            vars: (0..20).collect(),
            target: 10,
        }];
        assert!(count_layouts((0..20).collect(), &[0], &all, &mut 50).is_none());
    }
}
