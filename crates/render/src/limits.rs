//! The largest pictures drawn, and the checks that refuse larger ones before memory is taken
//! for them.

use crate::error::{RenderError, Result};

/// The largest picture drawn, in pixels on a side: a 2000 x 2000-cell maze at 2 pixels a tile
/// fits, and a picture this size takes 64 MB while it is drawn.
pub const MAX_SIDE: u32 = 16_384;

/// The most tiles drawn as SVG (and HTML): a 2000 x 2000-cell maze, whose picture is about
/// 190 MB of SVG and takes about 600 MB to write; past it, PNG is the format.
pub const MAX_VECTOR_TILES: usize = 4001 * 4001;

/// The most tiles replayed as an animation: a 300 x 300-cell maze, whose replay page is
/// about 75 MB. Every tile changes in the replay, and a browser plays a few hundred thousand
/// animated tiles at most.
pub const MAX_ANIMATED_TILES: usize = 601 * 601;

/// Refuses more than `max` tiles in `what`.
pub(crate) fn check_tiles(what: &'static str, tiles: usize, max: usize) -> Result<()> {
    if tiles > max {
        return Err(RenderError::TooManyTiles { what, tiles, max });
    }
    Ok(())
}

/// Refuses a picture larger than [`MAX_SIDE`] pixels on a side.
pub(crate) fn check_side(width: u64, height: u64) -> Result<()> {
    if width > u64::from(MAX_SIDE) || height > u64::from(MAX_SIDE) {
        return Err(RenderError::TooLarge {
            width,
            height,
            max: MAX_SIDE,
        });
    }
    Ok(())
}
