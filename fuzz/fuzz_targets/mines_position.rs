//! JSMinesweeper positions: any text read as one, and a position read is analysed.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = grid_mines::position::parse(text)
        && p.view.width() * p.view.height() <= 64
    {
        let _ = grid_mines::analyse(&p.view, p.mines);
    }
});
