//! Random colour pictures, for colour puzzles: where the cells are filled, as for black and
//! white ([`super::random::blobs`]), and which colour each filled cell takes.

use super::random::blobs;
use grid_core::{Grid, Rng};

/// A random picture of colour numbers (0 the background, 1 to `colors` the colours) with
/// exactly the share `density` of its cells coloured. With `radius` 0 every cell is noise;
/// otherwise the filled cells and the colours both form patches about `radius` cells
/// across, as drawn pictures do.
pub fn color_picture(
    width: usize,
    height: usize,
    colors: u8,
    density: f64,
    radius: usize,
    rng: &mut Rng,
) -> Grid<u8> {
    let filled = blobs(width, height, density, radius, rng);
    let n = width * height;
    let colors = colors.max(1);
    let cells: Vec<u8> = if radius == 0 {
        (0..n)
            .map(|i| {
                let color = 1 + rng.below(u64::from(colors)) as u8;
                if filled.cells()[i] { color } else { 0 }
            })
            .collect()
    } else {
        // One field a colour, each cell taking the colour whose field is highest there: the
        // fields are the same blurred noise as the shape, so patches of one colour form.
        let fields: Vec<Grid<bool>> = (0..colors)
            .map(|_| blobs(width, height, 1.0 / f64::from(colors), radius, rng))
            .collect();
        (0..n)
            .map(|i| {
                if !filled.cells()[i] {
                    return 0;
                }
                let chosen = fields.iter().position(|f| f.cells()[i]);
                match chosen {
                    Some(c) => c as u8 + 1,
                    None => 1 + rng.below(u64::from(colors)) as u8,
                }
            })
            .collect()
    };
    Grid::from_vec(width, height, cells).expect("the size is the picture's")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_have_the_density_and_colours_asked() {
        let mut rng = Rng::seeded(3);
        for radius in [0, 3] {
            let p = color_picture(30, 30, 4, 0.5, radius, &mut rng);
            assert_eq!(p.cells().iter().filter(|&&c| c != 0).count(), 450);
            for c in 1..=4 {
                assert!(p.cells().contains(&c), "colour {c}, radius {radius}");
            }
            assert!(p.cells().iter().all(|&c| c <= 4));
        }
        let again = color_picture(30, 30, 4, 0.5, 3, &mut Rng::seeded(9));
        assert_eq!(again, color_picture(30, 30, 4, 0.5, 3, &mut Rng::seeded(9)));
    }
}
