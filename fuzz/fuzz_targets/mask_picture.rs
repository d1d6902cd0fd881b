//! Mask pictures: any bytes as a text drawing, PBM or PNG, scaled to a few sizes and checked
//! for pieces.

#![no_main]

use grid_maze::Picture;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(picture) = Picture::read(data) else {
        return;
    };
    for (w, h) in [(None, None), (Some(7), None), (Some(3), Some(40))] {
        let (w, h) = picture.size_for(w, h);
        if let Ok(mask) = grid_maze::Mask::from_picture(&picture, w.min(512), h.min(512)) {
            let _ = mask.check();
            let _ = mask.largest_piece();
        }
    }
});
