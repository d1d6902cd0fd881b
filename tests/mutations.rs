//! Every parser, fed valid inputs mutated byte by byte: a stable, always-run cousin of the
//! cargo-fuzz targets under fuzz/. Nothing may panic; what is read must write back.

use grid_core::maze_doc::MazeDoc;
use grid_core::mines_doc::MinesDoc;
use grid_core::nonogram_doc::NonogramDoc;
use grid_core::{DocReader, Kind};
use grid_nonogram::formats::{Format, parse};
use proptest::prelude::*;

/// One change to a byte string.
#[derive(Debug, Clone)]
enum Mutation {
    Flip { at: usize, bit: u8 },
    Insert { at: usize, byte: u8 },
    Delete { at: usize },
    Replace { at: usize, byte: u8 },
    Repeat { at: usize, len: usize, times: usize },
}

/// Bytes that matter to the parsers, drawn more often than others.
const INTERESTING: &[u8] = b"{}[]\",:0123456789-e.#?* \n\\xXHF<>/=;abc\xff\xef";

fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![proptest::sample::select(INTERESTING.to_vec()), any::<u8>(),]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (any::<usize>(), byte()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        any::<usize>().prop_map(|at| Mutation::Delete { at }),
        (any::<usize>(), byte()).prop_map(|(at, byte)| Mutation::Replace { at, byte }),
        (any::<usize>(), 1usize..8, 1usize..50).prop_map(|(at, len, times)| Mutation::Repeat {
            at,
            len,
            times
        }),
    ]
}

fn mutate(seed: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for m in mutations {
        let n = bytes.len().max(1);
        match *m {
            Mutation::Flip { at, bit } if !bytes.is_empty() => bytes[at % n] ^= 1 << bit,
            Mutation::Insert { at, byte } => bytes.insert(at % (bytes.len() + 1), byte),
            Mutation::Delete { at } if !bytes.is_empty() => {
                bytes.remove(at % n);
            }
            Mutation::Replace { at, byte } if !bytes.is_empty() => bytes[at % n] = byte,
            Mutation::Repeat { at, len, times } if !bytes.is_empty() => {
                let start = at % n;
                let end = (start + len).min(bytes.len());
                let piece = bytes[start..end].to_vec();
                for _ in 0..times {
                    bytes.splice(end..end, piece.iter().copied());
                }
            }
            _ => {}
        }
    }
    bytes
}

const DOCUMENTS: [&str; 6] = [
    r########"{"kind":"maze","version":1,"width":7,"height":7,"grid":["#######","### ###","### ###","#  |  #","### ###","### ###","#######"],"start":[3,1],"goal":[3,5],"meta":{"cells":[3,3]}}"########,
    r######"{"kind":"maze","version":1,"width":5,"height":5,"grid":["#####","#   #","# # #","#   #","#####"],"start":[1,1],"goal":[3,3],"meta":{"cells":[2,2]},"trace":[[1,1],[1,2]],"solution":{"algorithm":"bfs","path":[[1,1],[1,2],[1,3]],"length":2,"explored":3}}"######,
    r####"{"kind":"mines","version":1,"width":3,"height":2,"grid":["01#","0F1"],"mines":1,"state":"playing","rules":{"first_click":"safe","no_guess":false},"seed":4,"moves":[["open",0,0]],"layout":["..*","..."]}"####,
    r####"{"kind":"nonogram","version":1,"width":3,"height":2,"clues":{"rows":[[2],[1,1]],"cols":[[2],[0],[1]]},"grid":["##?","#.#"]}"####,
    r####"{"kind":"nonogram","version":1,"width":3,"height":2,"colors":{"r":"#d62728","g":"#2ca02c"},"clues":{"rows":[[[1,"r"],[2,"g"]],[[2,"r"]]],"cols":[[[2,"r"]],[[1,"g"],[1,"r"]],[1]]},"grid":["r?g","r?."]}"####,
    "{\n  \"kind\": \"maze\",\n  \"version\": 1,\n  \"grid\": [\"   \"],\n  \"width\": 3,\n  \"height\": 1\n}\n",
];

const PUZZLES: [(&str, Format); 5] = [
    (
        "title \"Tiny\"\nwidth 3\nheight 2\nrows\n2\n1,1\ncolumns\n2\n0\n1\n",
        Format::Non,
    ),
    (
        "<?xml version=\"1.0\"?>\n<puzzleset><puzzle type=\"grid\" defaultcolor=\"black\"><title>T</title><clues type=\"columns\"><line><count>2</count></line><line></line><line><count>1</count></line></clues><clues type=\"rows\"><line><count>2</count></line><line><count>1</count><count>1</count></line></clues></puzzle></puzzleset>\n",
        Format::Xml,
    ),
    ("Tiny\n: rows\n2\n1 1\n: columns\n2\n0\n1\n", Format::Olsak),
    (
        "Two\n#d\n   0:   #FFFFFF   white\n   r:%  #D62728   red\n   g:=  green  leaf\n: rows\n1r 2g\n2r\n: columns\n2r\n1g 1r\n1g\n",
        Format::Olsak,
    ),
    (
        "<?xml version=\"1.0\"?>\n<puzzleset><puzzle type=\"grid\" defaultcolor=\"black\"><color name=\"white\" char=\".\">fff</color><color name=\"red\" char=\"r\">d62728</color><clues type=\"columns\"><line><count color=\"red\">2</count></line><line><count>1</count><count color=\"red\">1</count></line></clues><clues type=\"rows\"><line><count color=\"red\">1</count><count>1</count></line><line><count color=\"red\">2</count></line></clues></puzzle></puzzleset>\n",
        Format::Xml,
    ),
];

/// Solves a small puzzle read from mutated input, for a moment: the solver must take any
/// clues a reader accepts.
fn solve_briefly(task: grid_nonogram::document::Task) {
    use grid_nonogram::document::Task;
    let options = grid_nonogram::Options {
        timeout: Some(std::time::Duration::from_millis(20)),
        ..Default::default()
    };
    match task {
        Task::Black(p, start) if p.width() * p.height() <= 400 => {
            let _ = grid_nonogram::solve(&p, start, &options);
        }
        Task::Color(p, start) if p.width() * p.height() <= 400 => {
            let _ = grid_nonogram::color::solve(&p, start, &options);
        }
        _ => {}
    }
}

/// A small picture of each kind a mask is read from.
fn mask_pictures() -> Vec<Vec<u8>> {
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, 3, 2);
    encoder.set_color(png::ColorType::GrayscaleAlpha);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer
        .write_image_data(&[255, 255, 0, 255, 255, 0, 255, 255, 255, 255, 9, 255])
        .unwrap();
    writer.finish().unwrap();
    vec![
        b"..#\n. X\n...\n".to_vec(),
        b"P1\n# mask\n3 2\n0 1 0\n0 0 0\n".to_vec(),
        b"P4\n3 2\n\x40\x00".to_vec(),
        png,
    ]
}

const POSITIONS: [&str; 3] = [
    "3x2x1\n01H\n0F1\n",
    "2x2x1\nHH\n11\n",
    "3x3x2\nM1H\n121\nH1m\n",
];

/// The small sample replays, one of each format (tests/data/replays).
const REPLAYS: [&str; 5] = [
    "avf-custom-8x11.avf",
    "evf3-beginner-mode5.evf",
    "evf4-beginner-fake-wait.evf",
    "rmv2-24px.rmv",
    "mvf-expert.mvf",
];

fn replay_bytes(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/data/replays/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn replays_survive_any_mutation(
        seed in 0..REPLAYS.len(),
        mutations in proptest::collection::vec(mutation(), 1..8),
    ) {
        let bytes = mutate(&replay_bytes(REPLAYS[seed]), &mutations);
        if let Ok(replay) = grid_mines::replay::read(&bytes) {
            let _ = grid_mines::replay::figures::measure(&replay);
            if replay.width() * replay.height() <= 100 {
                let _ = grid_mines::replay::judge::judge(&replay);
            }
        }
    }

    #[test]
    fn documents_survive_any_mutation(
        seed in 0..DOCUMENTS.len(),
        mutations in proptest::collection::vec(mutation(), 1..8),
    ) {
        let bytes = mutate(DOCUMENTS[seed].as_bytes(), &mutations);
        for (_, doc) in DocReader::new(bytes.as_slice(), "fuzz").flatten() {
            match doc.kind() {
                Kind::Maze => drop(MazeDoc::from_document(&doc)),
                Kind::Mines => drop(MinesDoc::from_document(&doc)),
                Kind::Nonogram => {
                    if let Ok(view) = NonogramDoc::from_document(&doc) {
                        let again = NonogramDoc::from_document(&view.to_document());
                        prop_assert!(matches!(again, Ok(ref v) if v == &view), "{again:?}");
                        if let Ok(task) = grid_nonogram::document::task_of(&view) {
                            solve_briefly(task);
                        }
                    }
                }
            }
            let mut out = Vec::new();
            doc.write_to(&mut out, false).unwrap();
            prop_assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
            let _ = doc.write_to(&mut Vec::new(), true);
        }
    }

    #[test]
    fn puzzle_files_survive_any_mutation(
        seed in 0..PUZZLES.len(),
        mutations in proptest::collection::vec(mutation(), 1..8),
    ) {
        let (text, format) = PUZZLES[seed];
        let bytes = mutate(text.as_bytes(), &mutations);
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = Format::sniff(text);
            if let Ok(parsed) = parse(text, format) {
                solve_briefly(parsed.puzzle.into());
            }
        }
    }

    #[test]
    fn mask_pictures_survive_any_mutation(
        seed in 0usize..4,
        mutations in proptest::collection::vec(mutation(), 1..8),
        width in proptest::option::of(1usize..40),
    ) {
        let bytes = mutate(&mask_pictures()[seed], &mutations);
        if let Ok(picture) = grid_maze::Picture::read(&bytes) {
            let (w, h) = picture.size_for(width, None);
            if let Ok(mask) = grid_maze::Mask::from_picture(&picture, w.min(200), h.min(200)) {
                let _ = mask.check();
                let _ = mask.largest_piece();
            }
            let (w, h) = (w.clamp(1, 200), h.clamp(1, 200));
            prop_assert_eq!(picture.mostly_ink(w, h).len(), w * h);
        }
    }

    #[test]
    fn positions_survive_any_mutation(
        seed in 0..POSITIONS.len(),
        mutations in proptest::collection::vec(mutation(), 1..8),
    ) {
        let bytes = mutate(POSITIONS[seed].as_bytes(), &mutations);
        if let Ok(text) = std::str::from_utf8(&bytes)
            && let Ok(p) = grid_mines::position::parse(text)
            && p.view.width() * p.view.height() <= 64
        {
            let _ = grid_mines::analyse(&p.view, p.mines);
            // A board read is a game the engine accepts, and writes back as it was read.
            if let Some(layout) = &p.layout {
                let text = grid_mines::position::write_board(&p.view, layout);
                prop_assert_eq!(grid_mines::position::parse(&text).unwrap(), p.clone());
                let doc = p.to_doc();
                prop_assert!(grid_mines::game::Game::from_doc(&doc).is_ok());
            }
        }
    }
}
