//! Random puzzles: a random picture of the density asked, whose open cells are flipped until
//! the puzzle has one solution, then made harder where it needs less than the technique
//! asked.

use super::{Judged, Made, judge};
use crate::puzzle::{MAX_SIDE, Puzzle};
use crate::solve::{Method, Status, solve_up_to};
use grid_core::{Grid, Rng};

/// What to make.
#[derive(Debug, Clone, Copy)]
pub struct RandomSpec {
    pub width: usize,
    pub height: usize,
    /// The share of cells filled in the random picture a puzzle starts from.
    pub density: f64,
    pub difficulty: Method,
}

impl RandomSpec {
    /// A size of 1 to [`MAX_SIDE`] on a side, a density from 0 to 1.
    pub(super) fn check(&self) -> Result<(), GenerateError> {
        let (width, height) = (self.width, self.height);
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(GenerateError::Size { width, height });
        }
        if !(0.0..=1.0).contains(&self.density) {
            return Err(GenerateError::Density(self.density));
        }
        // Each cell of a puzzle one cell wide or high is a whole line, which line logic
        // settles: no such puzzle needs more, however many pictures are tried.
        if (width == 1 || height == 1) && self.difficulty > Method::Line {
            return Err(GenerateError::OnlyLines {
                width,
                height,
                difficulty: self.difficulty,
            });
        }
        Ok(())
    }
}

/// Pictures tried before giving up: a size, density or difficulty that no picture reaches
/// (a puzzle one row high never needs probing; an empty picture is solved by lines) ends
/// with an error, not a loop.
pub const ATTEMPTS: usize = 200;

/// Single flips tried in place of a batch that made a picture's puzzle too easy.
const SINGLE_TRIES: usize = 8;

/// A picture whose puzzle is unique but easier than `difficulty`, made harder: single
/// pixels flipped at random, each kept when the puzzle stays unique and the solver's work
/// (probes, then line solves) does not drop, until the puzzle needs `difficulty`. Unique
/// puzzles that need probing or search are few and lie near easier ones; this walk along
/// the unique ones finds them where flipping open cells overshoots. `None` after as many
/// flips as the picture has pixels.
fn harden(mut picture: Grid<bool>, difficulty: Method, rng: &mut Rng) -> Option<Made> {
    let work = |puzzle: &Puzzle| {
        let report = solve_up_to(puzzle, None, difficulty);
        let unique = report.status == Status::Unique;
        let effort = (report.stats.probes, report.stats.line_solves);
        (unique.then_some(report.method), effort)
    };
    let (_, mut effort) = work(&Puzzle::from_picture(&picture));
    for _ in 0..picture.len() {
        let cell = rng.index(picture.len());
        flip(&mut picture, &[cell]);
        let puzzle = Puzzle::from_picture(&picture);
        match work(&puzzle) {
            (Some(method), _) if method == difficulty => {
                return Some(Made::as_drawn(picture, method));
            }
            (Some(_), e) if e >= effort => effort = e,
            _ => flip(&mut picture, &[cell]),
        }
    }
    None
}

/// `k` of `cells`, at random.
pub(super) fn choose(cells: &[usize], k: usize, rng: &mut Rng) -> Vec<usize> {
    let mut cells = cells.to_vec();
    for j in 0..k {
        let pick = j + rng.index(cells.len() - j);
        cells.swap(j, pick);
    }
    cells.truncate(k);
    cells
}

fn flip(picture: &mut Grid<bool>, cells: &[usize]) {
    for &c in cells {
        let cell = &mut picture.cells_mut()[c];
        *cell = !*cell;
    }
}

/// The blur of the `attempt`th picture. Lines alone solve pictures of large shapes, and
/// shapes that grow with the picture keep a 100 x 100 puzzle as telling as a 20 x 20 one;
/// puzzles that need probing come from finer grain (noise and a light blur, in turn), and
/// those that need search from noise.
fn radius(spec: &RandomSpec, attempt: usize) -> usize {
    match spec.difficulty {
        Method::Line => (spec.width.max(spec.height) / 10).max(1),
        Method::Probing => attempt % 2,
        Method::Search => 0,
    }
}

/// Why no puzzle was made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    #[error("a puzzle is 1 to {MAX_SIDE} cells on a side, not {width}x{height}")]
    Size { width: usize, height: usize },
    #[error("the density is a share of the cells, from 0 to 1, not {0}")]
    Density(f64),
    #[error(
        "a {width}x{height} puzzle is solved by line logic alone (each cell is a whole line), \
         so none needs {}: ask for line, or make it at least 2 cells wide and high",
        .difficulty.name()
    )]
    OnlyLines {
        width: usize,
        height: usize,
        difficulty: Method,
    },
    #[error(
        "no {width}x{height} puzzle of density {density} needed exactly {} in {ATTEMPTS} \
         pictures; try another size, density or difficulty",
        .difficulty.name()
    )]
    GaveUp {
        width: usize,
        height: usize,
        density: f64,
        difficulty: Method,
    },
}

/// How far the making of a random puzzle has come, for a progress report: the pictures
/// begun (from 1) and the cells changed in the current one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tried {
    pub picture: usize,
    pub changes: usize,
}

/// A random puzzle with one solution that needs exactly `spec.difficulty`, from `rng`;
/// `watch` hears of each change tried.
pub fn random(
    spec: &RandomSpec,
    rng: &mut Rng,
    watch: &mut dyn FnMut(Tried),
) -> Result<Made, GenerateError> {
    let RandomSpec {
        width,
        height,
        density,
        difficulty,
    } = *spec;
    spec.check()?;
    let n = width * height;
    for attempt in 0..ATTEMPTS {
        let mut picture = blobs(width, height, density, radius(spec, attempt), rng);
        // Each flip settles cells more often than it opens them; a picture that wanders
        // for longer than it has cells is given up for a new one.
        let mut judged = judge(&Puzzle::from_picture(&picture), None, difficulty);
        let mut steps = 0;
        while steps <= n {
            steps += 1;
            watch(Tried {
                picture: attempt + 1,
                changes: steps - 1,
            });
            let open = match judged {
                Judged::Solved(method) if method == difficulty => {
                    return Ok(Made::as_drawn(picture, method));
                }
                Judged::Solved(_) => {
                    if let Some(made) = harden(picture, difficulty, rng) {
                        return Ok(made);
                    }
                    break;
                }
                Judged::Open { ref cells, .. } => cells.clone(),
            };
            // For lines and probing, a quarter of the open cells at once (one at a time takes
            // a 100 x 100 picture thousands of steps); when that makes the puzzle easier
            // than asked, single cells instead, a few times, before a new picture. A puzzle
            // that needs search is rare and near one that needs less: one cell at a time.
            let share = if difficulty == Method::Search { n } else { 4 };
            let mut flips = choose(&open, (open.len() / share).max(1), rng);
            let mut next = None;
            for _ in 0..SINGLE_TRIES {
                flip(&mut picture, &flips);
                let verdict = judge(&Puzzle::from_picture(&picture), None, difficulty);
                if !matches!(verdict, Judged::Solved(m) if m < difficulty) {
                    next = Some(verdict);
                    break;
                }
                flip(&mut picture, &flips);
                flips = choose(&open, 1, rng);
            }
            match next {
                Some(verdict) => judged = verdict,
                None => {
                    // Every flip tried made the puzzle easier: one of them, hardened.
                    flip(&mut picture, &flips);
                    if let Some(made) = harden(picture, difficulty, rng) {
                        return Ok(made);
                    }
                    break;
                }
            }
        }
    }
    Err(GenerateError::GaveUp {
        width,
        height,
        density,
        difficulty,
    })
}

/// A random picture of `width` x `height` with exactly the share `density` of its cells
/// filled (rounded): random values, blurred over `radius` cells (none: noise), and the
/// highest filled.
pub fn blobs(
    width: usize,
    height: usize,
    density: f64,
    radius: usize,
    rng: &mut Rng,
) -> Grid<bool> {
    let n = width * height;
    let mut values: Vec<u64> = (0..n).map(|_| rng.next_u64() >> 40).collect();
    if radius > 0 {
        blur(&mut values, width, height, radius);
    }
    let filled = ((density * n as f64).round() as usize).min(n);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by_key(|&i| (std::cmp::Reverse(values[i]), i));
    let mut cells = vec![false; n];
    for &i in &order[..filled] {
        cells[i] = true;
    }
    Grid::from_vec(width, height, cells).expect("the size is checked")
}

/// Each value replaced by the mean of those within `radius` along its row, then along its
/// column (in fixed point; a mean, so that the border, with fewer neighbours, is not darker).
fn blur(values: &mut [u64], width: usize, height: usize, radius: usize) {
    let mean =
        |values: &mut [u64], len: usize, lines: usize, at: &dyn Fn(usize, usize) -> usize| {
            let mut prefix = vec![0u64; len + 1];
            for k in 0..lines {
                for i in 0..len {
                    prefix[i + 1] = prefix[i] + values[at(k, i)];
                }
                for i in 0..len {
                    let (lo, hi) = (i.saturating_sub(radius), (i + radius + 1).min(len));
                    values[at(k, i)] = (prefix[hi] - prefix[lo]) * 64 / (hi - lo) as u64;
                }
            }
        };
    mean(values, width, height, &|r, c| r * width + c);
    mean(values, height, width, &|c, r| r * width + c);
}
