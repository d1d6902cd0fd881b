//! Replays in the EVF format: any bytes after the format's signature, read, refereed,
//! measured and (on small boards) judged; nothing may panic.

#![no_main]

use grid_mines::replay::{self, figures, judge};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.to_vec();
    if let Some(first) = bytes.first_mut() {
        *first %= 5; // versions 0 to 4
    }
    if let Ok(r) = replay::read(&bytes) {
        let _ = figures::measure(&r);
        if r.width() * r.height() <= 100 {
            let _ = judge::judge(&r);
        }
    }
});
