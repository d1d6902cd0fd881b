//! The generator checked from outside: every puzzle made is proved unique, and of the
//! difficulty asked, by the solver's exhaustive search (every solution looked for), never
//! by the generator's own bookkeeping; repairs are compared with the minimum that a brute
//! force finds on small pictures.

use grid_core::{Grid, Rng};
use grid_nonogram::generate::{Made, RandomSpec, Repair, random, repair};
use grid_nonogram::{Board, Cell, Method, Options, Puzzle, Status, solve};
use proptest::prelude::*;

/// Every solution of the puzzle from `start`: (status, solutions, method).
fn exhaustive(puzzle: &Puzzle, start: Option<Board>) -> grid_nonogram::Report {
    let all = Options {
        limit: usize::MAX,
        ..Options::default()
    };
    solve(puzzle, start, &all)
}

fn filled(board: &Board) -> Grid<bool> {
    board.map(|&c| c == Cell::Filled)
}

/// The puzzle is unique, its one solution is the picture, and it needs exactly `method`.
fn assert_proved(made: &Made, method: Method) -> Result<(), TestCaseError> {
    let report = exhaustive(&made.puzzle, made.start());
    prop_assert_eq!(report.status, Status::Unique);
    prop_assert_eq!(report.solutions.len(), 1);
    prop_assert_eq!(filled(&report.solutions[0]), made.picture.clone());
    prop_assert_eq!(report.method, method);
    prop_assert_eq!(Puzzle::from_picture(&made.picture), made.puzzle.clone());
    Ok(())
}

fn noise(w: usize, h: usize, seed: u64) -> Grid<bool> {
    let mut rng = Rng::seeded(seed);
    Grid::from_vec(w, h, (0..w * h).map(|_| rng.chance(0.5)).collect()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_puzzles_are_unique_and_exactly_as_hard_as_asked(
        w in 2usize..14, h in 2usize..14, density in 0.3f64..0.7, seed: u64,
        probing: bool,
    ) {
        let difficulty = if probing { Method::Probing } else { Method::Line };
        let spec = RandomSpec { width: w, height: h, density, difficulty };
        let first = random(&spec, &mut Rng::seeded(seed), &mut |_| {});
        let again = random(&spec, &mut Rng::seeded(seed), &mut |_| {});
        match (first, again) {
            (Ok(made), Ok(again)) => {
                prop_assert_eq!(&made.picture, &again.picture, "the same seed, the same puzzle");
                prop_assert!(made.givens.is_empty() && made.flips.is_empty());
                assert_proved(&made, difficulty)?;
            }
            // Small puzzles that need probing are rare; giving up must be repeatable.
            (Err(a), Err(b)) => {
                prop_assert!(probing, "a line puzzle is always found: {}", a);
                prop_assert_eq!(a, b);
            }
            _ => prop_assert!(false, "the same seed gave different outcomes"),
        }
    }

    #[test]
    fn repaired_pictures_are_unique_within_the_difficulty(
        w in 2usize..10, h in 2usize..10, seed: u64, givens: bool, probing: bool,
    ) {
        let picture = noise(w, h, seed);
        let ceiling = if probing { Method::Probing } else { Method::Line };
        let how = if givens { Repair::Givens } else { Repair::Pixels };
        let Ok(made) = repair(&picture, ceiling, how) else {
            // Flipping may wander; givens always end.
            prop_assert!(!givens);
            return Ok(());
        };
        prop_assert!(made.method <= ceiling);
        assert_proved(&made, made.method)?;
        if givens {
            prop_assert_eq!(&made.picture, &picture, "givens keep the picture");
        } else {
            let changed: Vec<usize> = (0..picture.len())
                .filter(|&i| picture.cells()[i] != made.picture.cells()[i])
                .collect();
            prop_assert_eq!(&changed, &made.flips, "the flips named are the pixels changed");
        }
    }
}

#[test]
fn a_checkerboard_patch_is_repaired_with_one_change() {
    let picture = Grid::from_vec(2, 2, vec![true, false, false, true]).unwrap();
    let left = repair(&picture, Method::Line, Repair::None).unwrap_err();
    assert_eq!(left.report.status, Status::Multiple);
    for how in [Repair::Givens, Repair::Pixels] {
        let made = repair(&picture, Method::Line, how).unwrap();
        assert_eq!(made.givens.len() + made.flips.len(), 1, "{how:?}");
        let report = exhaustive(&made.puzzle, made.start());
        assert_eq!((report.status, report.solutions.len()), (Status::Unique, 1));
    }
}

/// Whether the puzzle of `picture`, from `givens`, is solved uniquely by lines.
fn solved_by_lines(picture: &Grid<bool>, givens: &[usize]) -> bool {
    let puzzle = Puzzle::from_picture(picture);
    let start = (!givens.is_empty()).then(|| {
        let mut b = Grid::new(picture.width(), picture.height(), Cell::Unknown);
        for &i in givens {
            b.cells_mut()[i] = if picture.cells()[i] {
                Cell::Filled
            } else {
                Cell::Empty
            };
        }
        b
    });
    let r = solve(&puzzle, start, &Options::default());
    r.status == Status::Unique && r.method == Method::Line
}

/// Every set of `k` cells of `0..n`, in order, until `found` says yes to one.
fn some_subset(n: usize, k: usize, found: &mut impl FnMut(&[usize]) -> bool) -> bool {
    fn go(
        start: usize,
        n: usize,
        k: usize,
        set: &mut Vec<usize>,
        found: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        if set.len() == k {
            return found(set);
        }
        for i in start..n {
            set.push(i);
            if go(i + 1, n, k, set, found) {
                return true;
            }
            set.pop();
        }
        false
    }
    go(0, n, k, &mut Vec::new(), found)
}

/// The fewest givens, and the fewest flips, that make a picture's puzzle line-solvable.
fn brute_minimum(picture: &Grid<bool>) -> (usize, usize) {
    let n = picture.len();
    let givens = (0..=n)
        .find(|&k| some_subset(n, k, &mut |set| solved_by_lines(picture, set)))
        .unwrap();
    let flips = (0..=n)
        .find(|&k| {
            some_subset(n, k, &mut |set| {
                let mut p = picture.clone();
                for &i in set {
                    p.cells_mut()[i] = !p.cells()[i];
                }
                solved_by_lines(&p, &[])
            })
        })
        .unwrap();
    (givens, flips)
}

/// The greedy repairs against the brute-force minimum, on random 4 x 4 pictures (12 of
/// them; `NONOGEN_PICTURES=N NONOGEN_SIDE=S` for others). `--nocapture` shows the totals
/// that docs/nonogen.md quotes.
#[test]
fn repairs_come_close_to_the_brute_force_minimum() {
    let number = |name: &str, default: u64| -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (pictures, side) = (
        number("NONOGEN_PICTURES", 12),
        number("NONOGEN_SIDE", 4) as usize,
    );
    let (mut greedy, mut least, mut exact) = ((0, 0), (0, 0), (0, 0));
    for seed in 0..pictures {
        let picture = noise(side, side, seed);
        let (min_givens, min_flips) = brute_minimum(&picture);
        let givens = repair(&picture, Method::Line, Repair::Givens)
            .unwrap()
            .givens
            .len();
        let flips = repair(&picture, Method::Line, Repair::Pixels)
            .map(|m| m.flips.len())
            .unwrap_or(usize::MAX);
        assert!(
            givens >= min_givens && flips >= min_flips,
            "seed {seed}: below the minimum?"
        );
        greedy = (greedy.0 + givens, greedy.1 + flips);
        least = (least.0 + min_givens, least.1 + min_flips);
        exact.0 += usize::from(givens == min_givens);
        exact.1 += usize::from(flips == min_flips);
    }
    eprintln!(
        "{pictures} pictures of {side}x{side}: givens {} (minimum {}, equal on {}), \
         flips {} (minimum {}, equal on {})",
        greedy.0, least.0, exact.0, greedy.1, least.1, exact.1
    );
    // Over these pictures the greedy repairs are within a third of the minimum in total.
    assert!(
        3 * greedy.0 <= 4 * least.0,
        "givens: {greedy:?} against {least:?}"
    );
    assert!(
        3 * greedy.1 <= 4 * least.1,
        "flips: {greedy:?} against {least:?}"
    );
}
