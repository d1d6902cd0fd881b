//! Grid documents: any bytes as a stream of documents, each read through the view of its
//! kind (a mines document also as a replay) and written back; nothing may panic.

#![no_main]

use grid_core::maze_doc::MazeDoc;
use grid_core::mines_doc::MinesDoc;
use grid_core::nonogram_doc::NonogramDoc;
use grid_core::{DocReader, Kind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for (_, doc) in DocReader::new(data, "fuzz").flatten() {
        match doc.kind() {
            Kind::Maze => match grid_core::tiling::tiling_of(&doc) {
                Ok(grid_core::tiling::Tiling::Square) | Err(_) => {
                    drop(MazeDoc::from_document(&doc))
                }
                Ok(_) => drop(grid_core::tiling::TiledDoc::from_document(&doc)),
            },
            Kind::Mines => {
                drop(MinesDoc::from_document(&doc));
                // A replay document, read back and played as gridrender plays it.
                if let Ok(r) = grid_mines::replay::document::from_doc(&doc) {
                    drop(grid_mines::replay::timeline::Timeline::of(&r));
                }
            }
            Kind::Nonogram => drop(NonogramDoc::from_document(&doc)),
        }
        let mut out = Vec::new();
        doc.write_to(&mut out, false).unwrap();
        let _ = doc.write_to(&mut Vec::new(), true);
    }
});
