//! Braiding: remove a share of the dead ends of a perfect maze by opening one more wall at
//! each, which makes loops (several routes, and mazes the wall follower can get lost in).

use super::neighbours_where;
use crate::cells::CellMaze;
use grid_core::{BitSource, Rng};

/// Removes each dead end with probability `p` (0..=1). A dead end is opened towards another
/// dead end when it has one beside it, which removes two at once, as Jamis Buck's version
/// does; otherwise towards a random walled-off neighbour.
pub fn braid(maze: &mut CellMaze, p: f64, rng: &mut Rng) {
    if p <= 0.0 {
        return;
    }
    let mut bits = BitSource::new();
    let mut dead_ends: Vec<u32> = (0..maze.len())
        .filter(|&c| maze.degree(c) == 1)
        .map(|c| c as u32)
        .collect();
    rng.shuffle(&mut dead_ends);
    for cell in dead_ends {
        let cell = cell as usize;
        // An earlier opening may have made it a dead end no more.
        if maze.degree(cell) != 1 || !rng.chance(p) {
            continue;
        }
        let closed =
            neighbours_where(maze, cell, |c| maze.contains(c)).filter(|d| !maze.is_linked(cell, d));
        if closed.is_empty() {
            continue;
        }
        let dead = closed.filter(|d| maze.degree(maze.step(cell, d)) == 1);
        let choice = if dead.is_empty() { closed } else { dead };
        let dir = choice.pick(&mut bits, rng);
        maze.carve(cell, dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, generate};

    fn dead_ends(m: &CellMaze) -> usize {
        (0..m.len()).filter(|&c| m.degree(c) == 1).count()
    }

    #[test]
    fn full_braiding_leaves_no_dead_end() {
        let mut rng = Rng::seeded(4);
        let mut m = generate(Algorithm::Backtracker, 20, 20, &mut rng, false);
        assert!(dead_ends(&m) > 0);
        braid(&mut m, 1.0, &mut rng);
        assert_eq!(dead_ends(&m), 0);
        assert!(m.is_connected());
    }

    #[test]
    fn half_braiding_removes_some() {
        let mut rng = Rng::seeded(4);
        let mut m = generate(Algorithm::Kruskal, 30, 30, &mut rng, false);
        let before = dead_ends(&m);
        braid(&mut m, 0.5, &mut rng);
        let after = dead_ends(&m);
        assert!(after < before && after > 0, "{before} -> {after}");
    }
}
