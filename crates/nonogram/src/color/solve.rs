//! Solving a colour puzzle from start to proof, in the same stages as black and white but
//! for the learning search: the depth-first search hands over to CaDiCaL directly.

use super::engine::Engine;
use super::{ColorBoard, ColorPuzzle, Colors, sat};
use crate::clock::Clock;
use crate::solve::{Budget, Method, Options, Report, Verdict};
use crate::terms::{Halt, Searched, Stop};

/// Solves `puzzle`, starting from `start` (every colour open, or cells already known).
///
/// A puzzle of one colour is a black-and-white puzzle under another name (the `.g` files of
/// webpbn's survey declare their black as a colour), so it is solved by the black-and-white
/// engine, whose two-state cells and bit-parallel line solver are several times faster;
/// only `--explain` stays here, so that its steps name the colour.
pub fn solve(puzzle: &ColorPuzzle, start: Option<ColorBoard>, options: &Options) -> Report<Colors> {
    solve_within(puzzle, start, options, Budget::DEFAULT)
}

/// [`solve`], the search handing over to CaDiCaL after `budget.color_probes` probes.
pub(crate) fn solve_within(
    puzzle: &ColorPuzzle,
    start: Option<ColorBoard>,
    options: &Options,
    budget: Budget,
) -> Report<Colors> {
    if !options.explain
        && let Some(report) = one_color::solve(puzzle, start.as_ref(), options)
    {
        return report;
    }
    let clock = options.clock();
    let mut engine = Engine::new(puzzle, &clock, options.explain);
    let board = start.unwrap_or_else(|| engine.blank_board());
    let mut verdict = decide(
        &mut engine,
        &clock,
        puzzle,
        board,
        options.limit.max(1),
        Method::Search,
        budget.color_probes,
    );
    if verdict.halt == Some(Halt::Timeout) && clock.stopped() {
        verdict.halt = Some(Halt::Interrupted);
    }
    let steps = engine.steps.take().unwrap_or_default();
    verdict.into_report(steps, engine.stats)
}

/// How far logic alone takes a colour puzzle: the stages up to `ceiling`, with status
/// `Unfinished` when they leave cells open (what a generator asks, many times a puzzle).
pub(crate) fn solve_up_to(
    puzzle: &ColorPuzzle,
    start: Option<ColorBoard>,
    ceiling: Method,
) -> Report<Colors> {
    let clock = Clock::unwatched();
    let mut engine = Engine::new(puzzle, &clock, false);
    let board = start.unwrap_or_else(|| engine.blank_board());
    // A generator's verdicts, and so the puzzles of a seed, come from the search alone.
    let verdict = decide(&mut engine, &clock, puzzle, board, 2, ceiling, u64::MAX);
    verdict.into_report(Vec::new(), engine.stats)
}

/// The stages in turn, each one only when the ones before left cells open, and none past
/// `ceiling`; the search hands over to CaDiCaL after `probes` probes. The one place that
/// sequences a colour puzzle's stages, as [`crate::solve`] does black and white's.
fn decide(
    engine: &mut Engine,
    clock: &Clock,
    puzzle: &ColorPuzzle,
    board: ColorBoard,
    limit: usize,
    ceiling: Method,
    probes: u64,
) -> Verdict<Colors> {
    if let Some(why) = puzzle.contradiction() {
        return Verdict::impossible(Method::Line, board, why);
    }
    if let Some(i) = board.cells().iter().position(|&c| c == 0) {
        let p = board.pos_of(i);
        let why = format!("r{}c{} can take no colour", p.row + 1, p.col + 1);
        return Verdict::impossible(Method::Line, board, why);
    }
    let mut board = board;
    engine.queue_all();
    if let Err(Stop::Conflict(l)) = engine.propagate(&mut board) {
        let why =
            format!("{l} cannot be completed: its clues contradict what the crossing lines force");
        return Verdict::impossible(Method::Line, board, why);
    }
    if is_solved(&board) {
        return Verdict::solved(Method::Line, board);
    }
    if ceiling == Method::Line {
        return Verdict::open(Method::Line, board);
    }
    let mut scores = Vec::new();
    match engine.probe(&mut board, &mut scores) {
        Err(Stop::Conflict(l)) => {
            let why = format!(
                "every colour of some cell leads to a contradiction (the last in {l}): the clues cannot all hold"
            );
            return Verdict::impossible(Method::Probing, board, why);
        }
        Err(stop) => {
            let halt = stop.halt().unwrap_or(Halt::Timeout);
            return Verdict::halted(Method::Probing, board, halt);
        }
        Ok(()) if is_solved(&board) => return Verdict::solved(Method::Probing, board),
        Ok(()) if ceiling == Method::Probing => return Verdict::open(Method::Probing, board),
        Ok(()) => {}
    }
    if let Some(steps) = &mut engine.steps {
        let unknown = board.cells().iter().filter(|c| c.count_ones() > 1).count();
        steps.push(format!(
            "logic alone stops here with {unknown} cells unknown: the rest is settled by trying each colour of a cell and proving where it leads"
        ));
    }
    let mut found = Vec::new();
    let probes = if sat::fits_cadical(puzzle) {
        probes
    } else {
        u64::MAX
    };
    let outcome = match engine.search(board.clone(), limit, probes, &mut found) {
        Ok(Searched::Done) => Ok(()),
        Ok(Searched::OutOfBudget) => {
            sat::search(puzzle, &board, limit, &mut found, clock, &mut engine.stats)
        }
        Err(stop) => Err(stop),
    };
    Verdict::searched(outcome, found, board, limit)
}

/// Puzzles of one colour, by the black-and-white engine.
mod one_color {
    use crate::color::{BACKGROUND, ColorBoard, ColorPuzzle, Colors};
    use crate::line::Cell;
    use crate::puzzle::Puzzle;
    use crate::solve::{Options, Report, Status};

    /// The colour's bit (colour 1).
    const INK: Colors = 1 << 1;

    /// The report of the black-and-white engine on `puzzle`, in colours; `None` when the
    /// puzzle has more than one colour, a cell of `start` can take none, or there is no
    /// solution (the colour engine then says why in the colour's name).
    pub(super) fn solve(
        puzzle: &ColorPuzzle,
        start: Option<&ColorBoard>,
        options: &Options,
    ) -> Option<Report<Colors>> {
        if puzzle.palette().len() != 1 || puzzle.contradiction().is_some() {
            return None;
        }
        let lengths = |lines: &[Vec<crate::color::Block>]| -> Vec<Vec<u32>> {
            lines
                .iter()
                .map(|l| l.iter().map(|b| b.len).collect())
                .collect()
        };
        let black = Puzzle::new(lengths(puzzle.rows()), lengths(puzzle.cols())).ok()?;
        let start = match start {
            Some(board) => {
                let cells = board.cells().iter().map(|&c| match c {
                    BACKGROUND => Some(Cell::Empty),
                    INK => Some(Cell::Filled),
                    c if c == BACKGROUND | INK => Some(Cell::Unknown),
                    _ => None,
                });
                let cells = cells.collect::<Option<Vec<Cell>>>()?;
                Some(grid_core::Grid::from_vec(
                    board.width(),
                    board.height(),
                    cells,
                )?)
            }
            None => None,
        };
        let report = crate::solve::solve(&black, start, options);
        if report.status == Status::None {
            return None;
        }
        let colors = |cell: &Cell| match cell {
            Cell::Filled => INK,
            Cell::Empty => BACKGROUND,
            Cell::Unknown => BACKGROUND | INK,
        };
        Some(Report {
            status: report.status,
            method: report.method,
            solutions: report.solutions.iter().map(|g| g.map(colors)).collect(),
            board: report.board.map(colors),
            conflict: report.conflict,
            halt: report.halt,
            steps: report.steps,
            stats: report.stats,
        })
    }
}

fn is_solved(board: &ColorBoard) -> bool {
    board.cells().iter().all(|c| c.count_ones() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::{BACKGROUND, Block, Palette, Swatch};
    use crate::solve::Status;
    use grid_core::Grid;
    use proptest::prelude::*;

    fn palette(n: usize) -> Palette {
        let swatches = (0..n)
            .map(|i| Swatch {
                name: b'a' + i as u8,
                rgb: [40 * i as u8, 200 - 30 * i as u8, 90],
            })
            .collect();
        Palette::new(swatches).unwrap()
    }

    /// A report's solutions in an order that does not depend on the order they were found.
    fn sorted(report: &Report<Colors>) -> Vec<ColorBoard> {
        let mut solutions = report.solutions.clone();
        solutions.sort_by_key(|g| g.cells().to_vec());
        solutions
    }

    /// The picture a solved board shows: one colour number a cell.
    fn picture_of(board: &ColorBoard) -> Grid<u8> {
        board.map(|&set| set.trailing_zeros() as u8)
    }

    #[test]
    fn touching_colours_solve_by_lines() {
        // a. / .a: every line is one a, which .a / a. fits too.
        let picture = Grid::from_vec(2, 2, vec![1, 0, 0, 1]).unwrap();
        let puzzle = ColorPuzzle::from_picture(palette(2), &picture);
        let report = solve(&puzzle, None, &Options::default());
        assert_eq!(report.status, Status::Multiple);
        let picture = Grid::from_vec(3, 1, vec![1, 2, 2]).unwrap();
        let puzzle = ColorPuzzle::from_picture(palette(2), &picture);
        let report = solve(&puzzle, None, &Options::default());
        assert_eq!(report.status, Status::Unique);
        assert_eq!(report.method, Method::Line);
        assert_eq!(picture_of(&report.board), picture);
    }

    #[test]
    fn contradictions_name_the_colour() {
        let puzzle = ColorPuzzle::new(
            palette(2),
            vec![vec![Block { len: 1, color: 1 }]],
            vec![vec![Block { len: 1, color: 2 }]],
        )
        .unwrap();
        let report = solve(&puzzle, None, &Options::default());
        assert_eq!(report.status, Status::None);
        assert!(report.conflict.unwrap().contains("colour 'a'"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// A random colour picture's clues are solved to a grid that satisfies them, and
        /// "unique" means it is the picture.
        #[test]
        fn random_pictures_are_solved_and_proved(
            w in 1usize..9, h in 1usize..9, colors in 1usize..5, seed in any::<u64>(),
        ) {
            let mut rng = grid_core::Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.below(colors as u64 + 1) as u8).collect();
            let picture = Grid::from_vec(w, h, cells).unwrap();
            let puzzle = ColorPuzzle::from_picture(palette(colors), &picture);
            let report = solve(&puzzle, None, &Options::default());
            prop_assert!(matches!(report.status, Status::Unique | Status::Multiple));
            for solution in &report.solutions {
                let again = ColorPuzzle::from_picture(palette(colors), &picture_of(solution));
                prop_assert_eq!(&again, &puzzle);
            }
            if report.status == Status::Unique {
                prop_assert_eq!(picture_of(&report.board), picture);
            } else {
                prop_assert_ne!(&report.solutions[0], &report.solutions[1]);
            }
        }

        /// A search handed over to CaDiCaL after a few probes finds the verdict and the very
        /// solutions the depth-first search alone finds, from a blank board and from one
        /// with cells known. Three cells in ten coloured make most of these puzzles need the
        /// search (184 of 200 at 8 x 8); colour everywhere makes lines settle them all.
        #[test]
        fn a_search_handed_over_to_cadical_finds_what_the_search_finds(
            w in 3usize..9, h in 3usize..9, colors in 2usize..4, seed in any::<u64>(),
            probes in 0u64..40, known in 0usize..4,
        ) {
            let mut rng = grid_core::Rng::seeded(seed);
            let cells = (0..w * h)
                .map(|_| if rng.chance(0.3) { 1 + rng.below(colors as u64) as u8 } else { 0 })
                .collect();
            let picture: Grid<u8> = Grid::from_vec(w, h, cells).unwrap();
            let puzzle = ColorPuzzle::from_picture(palette(colors), &picture);
            let all = Options { limit: 1000, ..Options::default() };
            let alone = Budget { color_probes: u64::MAX, ..Budget::DEFAULT };
            let mut start = Grid::new(w, h, (1 << (colors + 1)) - 1);
            for _ in 0..known {
                let i = rng.index(w * h);
                start.cells_mut()[i] = 1 << picture.cells()[i];
            }
            for start in [None, Some(start)] {
                let depth_first = solve_within(&puzzle, start.clone(), &all, alone);
                let handed_over =
                    solve_within(&puzzle, start, &all, Budget { color_probes: probes, ..Budget::DEFAULT });
                if handed_over.halt == Some(Halt::NoSatStage) {
                    // A build without CaDiCaL stops where it would hand over, and says so.
                    prop_assert!(!cfg!(feature = "sat"));
                    let status = handed_over.status;
                    prop_assert!(status == Status::Unfinished || status == depth_first.status);
                    continue;
                }
                prop_assert_eq!(depth_first.status, handed_over.status);
                prop_assert_eq!(depth_first.solutions.len(), handed_over.solutions.len());
                // A puzzle with more solutions than the limit gives each search its own
                // first thousand; below the limit both find them all.
                if depth_first.solutions.len() < all.limit {
                    prop_assert_eq!(sorted(&depth_first), sorted(&handed_over));
                }
            }
        }

        /// A one-colour puzzle, which the black-and-white engine solves, gets the verdict and
        /// every solution the colour engine finds (which `--explain` keeps using), from a
        /// blank board and from one with cells known.
        #[test]
        fn one_colour_puzzles_are_solved_as_the_colour_engine_solves_them(
            w in 1usize..9, h in 1usize..9, seed in any::<u64>(), known in 0usize..6,
        ) {
            let mut rng = grid_core::Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(0.5) as u8).collect();
            let picture: Grid<u8> = Grid::from_vec(w, h, cells).unwrap();
            let puzzle = ColorPuzzle::from_picture(palette(1), &picture);
            let all = Options { limit: 1000, ..Options::default() };
            let mut start = Grid::new(w, h, BACKGROUND | 2);
            for _ in 0..known {
                let i = rng.index(w * h);
                start.cells_mut()[i] = 1 << picture.cells()[i];
            }
            for start in [None, Some(start)] {
                let fast = solve(&puzzle, start.clone(), &all);
                let colour = solve(&puzzle, start, &Options { explain: true, ..all });
                prop_assert_eq!(fast.status, colour.status);
                prop_assert_eq!(sorted(&fast), sorted(&colour));
            }
        }
    }

    #[test]
    fn a_one_colour_puzzle_without_solution_is_explained_in_its_colour() {
        // Rows fill one cell, columns none: the colour engine's message names the colour.
        let puzzle = ColorPuzzle::new(
            palette(1),
            vec![vec![Block { len: 1, color: 1 }]],
            vec![vec![]],
        )
        .unwrap();
        let report = solve(&puzzle, None, &Options::default());
        assert_eq!(report.status, Status::None);
        assert!(report.conflict.unwrap().contains("colour 'a'"));
    }
}
