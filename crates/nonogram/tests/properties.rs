//! Random pictures turned into clues: whatever the solver says must hold.

use grid_core::{Grid, Rng};
use grid_nonogram::{Cell, Options, Puzzle, Status, solve};
use proptest::prelude::*;

fn picture(w: usize, h: usize, density: f64, seed: u64) -> Grid<bool> {
    let mut rng = Rng::seeded(seed);
    let cells = (0..w * h).map(|_| rng.chance(density)).collect();
    Grid::from_vec(w, h, cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solutions_satisfy_the_clues_and_unique_means_the_picture(
        w in 1usize..13, h in 1usize..13, density in 0.2f64..0.8, seed: u64,
    ) {
        let pic = picture(w, h, density, seed);
        let puzzle = Puzzle::from_picture(&pic);
        let report = solve(&puzzle, None, &Options::default());
        // The picture itself is a solution, so there is at least one.
        prop_assert!(matches!(report.status, Status::Unique | Status::Multiple));
        for s in &report.solutions {
            let filled = s.map(|&c| c == Cell::Filled);
            prop_assert_eq!(&Puzzle::from_picture(&filled), &puzzle);
        }
        if report.status == Status::Unique {
            prop_assert_eq!(report.board.map(|&c| c == Cell::Filled), pic);
        } else {
            prop_assert!(report.solutions.len() >= 2);
            prop_assert_ne!(&report.solutions[0], &report.solutions[1]);
        }
    }
}
