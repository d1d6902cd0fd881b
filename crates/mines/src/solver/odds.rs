//! Exact mine probabilities for any position: what the numbers allow, under the standard
//! model (exactly `mines` mines, every layout that agrees with the numbers equally likely).
//!
//! The covered tiles next to a number (the frontier) split into components that share no
//! number; each component's layouts are counted on their own (`count`) by how many mines
//! they hold; the tiles off the frontier take the remaining mines in `C(U, r)` ways. Combining
//! the components' counts with those binomial weights gives every tile's exact probability,
//! without ever enumerating the product of the components.

use super::AnalyseError;
use super::count::{Constraint, Counts, count_layouts};
use crate::layout::neighbours;
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos};

/// The exact odds of a position, before any move is chosen.
pub(crate) struct Weighed {
    pub probability: Grid<Option<f64>>,
    pub safe: Vec<Pos>,
    pub mines: Vec<Pos>,
    /// The natural log of the number of layouts that agree with the numbers: how a caller
    /// compares the odds of two positions (what a tile would show, say).
    pub ln_layouts: f64,
}

/// The probabilities, certain tiles and layout count of a position (`analyse` without the
/// move to play); `Ok(None)` once the counting has used up `budget` (which is charged for
/// the steps taken, so that callers can share one budget among several positions).
pub(crate) fn weigh(
    view: &Grid<Cell>,
    mines: usize,
    budget: &mut u64,
) -> Result<Option<Weighed>, AnalyseError> {
    weigh_given(view, mines, &[], budget)
}

/// `weigh` over only the layouts that agree with `given` as well: covered tiles known to be a
/// mine (`true`) or safe (`false`), as a caller supposes them. Comparing the layout counts
/// with and without a supposition gives its chance.
pub(crate) fn weigh_given(
    view: &Grid<Cell>,
    mines: usize,
    given: &[(Pos, bool)],
    budget: &mut u64,
) -> Result<Option<Weighed>, AnalyseError> {
    if let Some(p) = view
        .positions()
        .find(|&p| matches!(view[p], Cell::Mine | Cell::Exploded | Cell::WrongFlag))
    {
        return Err(AnalyseError::GameOver(p));
    }
    let closed: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
    let mut var_of = Grid::new(view.width(), view.height(), usize::MAX);
    let mut frontier = Vec::new();
    let mut constraints = Vec::new();
    for p in view.positions() {
        let Cell::Open(n) = view[p] else { continue };
        let around: Vec<Pos> = neighbours(view, p)
            .filter(|&q| view[q].is_closed())
            .collect();
        if (n as usize) > around.len() {
            return Err(AnalyseError::TooFewCovered {
                at: p,
                shows: n,
                covered: around.len(),
            });
        }
        if around.is_empty() {
            continue;
        }
        let vars = around
            .iter()
            .map(|&q| {
                if var_of[q] == usize::MAX {
                    var_of[q] = frontier.len();
                    frontier.push(q);
                }
                var_of[q]
            })
            .collect();
        constraints.push(Constraint {
            vars,
            target: n as u32,
        });
    }
    for &(p, mine) in given {
        debug_assert!(view[p].is_closed(), "{p} is not covered");
        if var_of[p] == usize::MAX {
            var_of[p] = frontier.len();
            frontier.push(p);
        }
        constraints.push(Constraint {
            vars: vec![var_of[p]],
            target: mine as u32,
        });
    }
    let interior = closed.len() - frontier.len();
    if mines > closed.len() {
        return Err(AnalyseError::TooManyMines {
            mines,
            covered: closed.len(),
        });
    }
    let Some(components) = components(frontier.len(), &constraints)
        .into_iter()
        .map(|(vars, cons)| count_layouts(vars, &cons, &constraints, budget))
        .collect::<Option<Vec<Counts>>>()
    else {
        return Ok(None);
    };
    // Weights of the frontier holding k mines in all: the components' counts convolved, times
    // the ways the interior takes the rest.
    let ln_choose = LnChoose::new(closed.len());
    let all = convolve_all(components.iter().map(|c| c.total.as_slice()));
    let weight = |k: usize| -> Option<f64> {
        (k <= mines && mines - k <= interior).then(|| ln_choose.get(interior, mines - k))
    };
    // Scale by the largest log-weight so that nothing overflows.
    let scale = (0..all.len())
        .filter(|&k| all[k] > 0.0)
        .filter_map(|k| weight(k).map(|w| w + all[k].ln()))
        .fold(f64::NEG_INFINITY, f64::max);
    if scale == f64::NEG_INFINITY {
        return Err(AnalyseError::Contradiction);
    }
    let w = |k: usize| weight(k).map_or(0.0, |lw| (lw - scale).exp());
    let z: f64 = (0..all.len()).map(|k| all[k] * w(k)).sum();
    let mut probability = view.map(|c| if c.is_closed() { Some(0.0) } else { None });
    // Interior: the expected share of the remaining mines.
    if interior > 0 {
        let expected: f64 = (0..all.len())
            .map(|k| all[k] * w(k) * (mines - k.min(mines)) as f64)
            .sum::<f64>()
            / z;
        let p_interior = expected / interior as f64;
        for &p in &closed {
            if var_of[p] == usize::MAX {
                probability[p] = Some(p_interior);
            }
        }
    }
    // Frontier: per component, its own counts against the others' convolved.
    for (i, c) in components.iter().enumerate() {
        let others = convolve_all(
            components
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, o)| o.total.as_slice()),
        );
        for (v_local, &v) in c.vars.iter().enumerate() {
            let mut sum = 0.0;
            for (kc, row) in c.per_var.iter().enumerate() {
                if row[v_local] == 0.0 {
                    continue;
                }
                let rest: f64 = others
                    .iter()
                    .enumerate()
                    .map(|(ko, &n)| n * w(kc + ko))
                    .sum();
                sum += row[v_local] * rest;
            }
            probability[frontier[v]] = Some(sum / z);
        }
    }
    let exact = |p: Pos, target: f64| probability[p].is_some_and(|q| (q - target).abs() < 1e-12);
    let safe: Vec<Pos> = closed.iter().copied().filter(|&p| exact(p, 0.0)).collect();
    let certain: Vec<Pos> = closed.iter().copied().filter(|&p| exact(p, 1.0)).collect();
    Ok(Some(Weighed {
        probability,
        safe,
        mines: certain,
        ln_layouts: scale + z.ln(),
    }))
}

/// Groups frontier variables into components that share constraints: (vars, constraint ids).
fn components(n: usize, constraints: &[Constraint]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for c in constraints {
        for w in c.vars.windows(2) {
            let (a, b) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
            parent[a] = b;
        }
    }
    let mut groups: std::collections::BTreeMap<usize, (Vec<usize>, Vec<usize>)> =
        Default::default();
    for v in 0..n {
        let root = find(&mut parent, v);
        groups.entry(root).or_default().0.push(v);
    }
    for (i, c) in constraints.iter().enumerate() {
        let root = find(&mut parent, c.vars[0]);
        groups
            .get_mut(&root)
            .expect("every constraint has a variable")
            .1
            .push(i);
    }
    groups.into_values().collect()
}

/// The convolution of count vectors (layouts by mines), starting from "one way, no mines".
fn convolve_all<'a>(parts: impl Iterator<Item = &'a [f64]>) -> Vec<f64> {
    let mut acc = vec![1.0];
    for part in parts {
        let mut next = vec![0.0; acc.len() + part.len() - 1];
        for (i, &a) in acc.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            for (j, &b) in part.iter().enumerate() {
                next[i + j] += a * b;
            }
        }
        acc = next;
    }
    acc
}

/// ln C(n, k) from a table of ln n!.
struct LnChoose {
    ln_fact: Vec<f64>,
}

impl LnChoose {
    fn new(n: usize) -> Self {
        let mut ln_fact = vec![0.0; n + 1];
        for i in 1..=n {
            ln_fact[i] = ln_fact[i - 1] + (i as f64).ln();
        }
        LnChoose { ln_fact }
    }

    fn get(&self, n: usize, k: usize) -> f64 {
        self.ln_fact[n] - self.ln_fact[k] - self.ln_fact[n - k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::setup::Setup;
    use crate::solver::analyse;
    use grid_core::Rng;
    use grid_core::mines_doc::{FirstClick, Move, Rules};

    /// Probabilities by enumerating every placement of the mines on the covered tiles.
    fn brute_force(view: &Grid<Cell>, mines: usize) -> Grid<Option<f64>> {
        let closed: Vec<Pos> = view.positions().filter(|&p| view[p].is_closed()).collect();
        let n = closed.len();
        let mut hits = vec![0u64; n];
        let mut total = 0u64;
        for mask in 0u32..(1 << n) {
            if mask.count_ones() as usize != mines {
                continue;
            }
            let mine_at = |p: Pos| {
                closed
                    .iter()
                    .position(|&q| q == p)
                    .is_some_and(|i| mask >> i & 1 == 1)
            };
            let fits = view.positions().all(|p| match view[p] {
                Cell::Open(k) => neighbours(view, p).filter(|&q| mine_at(q)).count() == k as usize,
                _ => true,
            });
            if fits {
                total += 1;
                for (i, hit) in hits.iter_mut().enumerate() {
                    *hit += (mask >> i & 1) as u64;
                }
            }
        }
        let mut out = view.map(|_| None);
        for (i, &p) in closed.iter().enumerate() {
            out[p] = Some(hits[i] as f64 / total as f64);
        }
        out
    }

    #[test]
    fn agrees_with_brute_force_on_random_positions() {
        let mut rng = Rng::seeded(5);
        let mut checked = 0;
        for seed in 0..300 {
            let (w, h) = (3 + rng.index(3), 3 + rng.index(3));
            let mines = 2 + rng.index(w * h / 3);
            let setup = Setup {
                width: w,
                height: h,
                mines,
            };
            let rules = Rules {
                first_click: FirstClick::Safe,
                no_guess: false,
            };
            let Ok(mut game) = Game::new(setup, rules, seed) else {
                continue;
            };
            // Open a few tiles that are safe (peeking at the layout after the first).
            let _ = game.play(Move::Open(Pos::new(rng.index(h), rng.index(w))));
            for _ in 0..rng.index(3) {
                let p = Pos::new(rng.index(h), rng.index(w));
                if game.state().is_over() || game.layout().is_some_and(|l| l.is_mine(p)) {
                    continue;
                }
                let _ = game.play(Move::Open(p));
            }
            if game.state().is_over() {
                continue;
            }
            let view = game.view();
            let closed = view.cells().iter().filter(|c| c.is_closed()).count();
            if closed > 20 {
                continue;
            }
            let got = analyse(view, mines).unwrap();
            let want = brute_force(view, mines);
            for p in view.positions() {
                match (got.probability[p], want[p]) {
                    (Some(a), Some(b)) => {
                        assert!((a - b).abs() < 1e-9, "seed {seed} {p}: {a} vs {b}")
                    }
                    (a, b) => assert_eq!(a.is_some(), b.is_some(), "seed {seed} {p}"),
                }
            }
            for &p in &got.safe {
                assert!(
                    !game.layout().unwrap().is_mine(p),
                    "a safe tile is never a mine"
                );
            }
            checked += 1;
        }
        assert!(checked > 100, "{checked} positions checked");
    }

    #[test]
    fn seventeen_isolated_threes_are_quick_and_exact() {
        // A 16x16 board whose opened tiles are 17 threes, each alone among covered tiles.
        let mut view = Grid::new(16, 16, Cell::Covered);
        let mut placed = 0;
        'rows: for r in (1..15).step_by(3) {
            for c in (1..15).step_by(3) {
                if placed == 17 {
                    break 'rows;
                }
                view[Pos::new(r, c)] = Cell::Open(3);
                placed += 1;
            }
        }
        assert_eq!(placed, 17);
        let start = std::time::Instant::now();
        let a = analyse(&view, 51).unwrap();
        assert!(start.elapsed().as_secs_f64() < 1.0);
        // Each three's neighbours: 3 mines in 8, by symmetry exactly 3/8.
        let p = a.probability[Pos::new(0, 0)].unwrap();
        assert!((p - 3.0 / 8.0).abs() < 1e-9, "{p}");
        let total: f64 = a.probability.cells().iter().flatten().sum();
        assert!(
            (total - 51.0).abs() < 1e-6,
            "expected mines add up: {total}"
        );
    }

    #[test]
    fn a_long_tangled_frontier_is_counted_in_few_steps() {
        // An expert position (seed 35) whose one component of 105 tiles has up to 22
        // numbers straddling a cut of the sweep. The backward pass keeps only the sums the
        // tiles before a cut can make, so counting it takes about 4,600 steps (a tenth of
        // the budget is allowed here); keeping every sum the tiles after the cut could leave
        // owing would take about 443,000.
        let text = "30x16x99
HHHHHHHHHHHHHHHHHH22110001HHHH
HHHHHHHHHHHHHHHHHHH2H111123HHH
HHHHHHHHHHHHHHHHHH43111H11HHHH
HHHHHHHHHHHHHHHH3HH33221224HHH
HHHHHHHHHHHHHHHH344HHH101H234H
HHHHHHHHHHHHH433H3H4H3102221HH
HHHHHHHHH2HHH21H3H3321001H113H
HHHHHHHH2H22H111212H100122212H
HHHHHHHH2111110001222111H12H3H
HHHHHHHH1112H32101H23H33222H4H
HHHHHHHHH2HHHHH1012HHHH2H112HH
HHHHHHHHHHHHHH42112HHH43210122
HHHHHHHHHHHHHHHH1HH1HH2H210000
HHHHHHHHHHHHHHH333HHHHH2H10011
HHHHHHHHHHHHHHHHHHHHHHHH21001H
HHHHHHHHHHHHHHHHHHHHHHHH100011
";
        let position = crate::position::parse(text).unwrap();
        let mut budget = 44_300;
        let weighed = weigh(&position.view, position.mines, &mut budget).unwrap();
        let weighed = weighed.expect("counted within a tenth of the old steps");
        assert!(!weighed.safe.is_empty());
        let total: f64 = weighed.probability.cells().iter().flatten().sum();
        assert!(
            (total - 99.0).abs() < 1e-6,
            "expected mines add up: {total}"
        );
    }

    #[test]
    fn impossible_numbers_are_an_error() {
        let mut view = Grid::new(2, 1, Cell::Covered);
        view[Pos::new(0, 0)] = Cell::Open(2);
        assert!(analyse(&view, 1).is_err());
    }
}
