//! Replays in the AVF format: any bytes after the format's signature, read, refereed,
//! measured and (on small boards) judged; nothing may panic.

#![no_main]

use grid_mines::replay::{self, figures, judge};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.to_vec();
    if let Some(first) = bytes.first_mut() {
        *first = (*first).max(5); // not EVF
    }
    if bytes.starts_with(b"*rmv") || bytes.starts_with(&[0x11, b'M']) {
        return;
    }
    if let Ok(r) = replay::read(&bytes) {
        let _ = figures::measure(&r);
        if r.width() * r.height() <= 100 {
            let _ = judge::judge(&r);
        }
    }
});
