//! JSMinesweeper positions: any text read as one, a position read is analysed, and a whole
//! board read is a game the engine accepts and writes back as it was read.

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
        if let Some(layout) = &p.layout {
            let text = grid_mines::position::write_board(&p.view, layout);
            assert_eq!(grid_mines::position::parse(&text).unwrap(), p.clone());
            assert!(grid_mines::game::Game::from_doc(&p.to_doc()).is_ok());
        }
    }
});
