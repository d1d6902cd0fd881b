//! Puzzle files: any text as .non, webpbn XML and .g, and the format guessed from it.

#![no_main]

use grid_nonogram::formats::{Format, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Format::sniff(text);
    for format in [Format::Non, Format::Xml, Format::Olsak] {
        let _ = parse(text, format);
    }
});
