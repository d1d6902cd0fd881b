//! Pictures: any bytes as a text drawing, PBM or PNG, scaled to a few sizes as a maze's mask
//! (checked for pieces) and as a nonogram's cells (by the majority of pixels).

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
        let (w, h) = (w.clamp(1, 300), h.clamp(1, 300));
        let cells = picture.mostly_ink(w, h);
        assert_eq!(cells.len(), w * h);
    }
});
