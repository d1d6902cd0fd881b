use super::*;
use crate::Document;

/// Every side between two cells is seen from both, with the same passage bit and owner,
/// and the owner is one of the two.
fn assert_symmetric<T: Topology>(t: &T) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for cell in 0..t.len() as Cell {
        t.sides(cell, &mut a);
        let mut e = Vec::new();
        t.edges(cell, &mut e);
        assert_eq!(
            a.len(),
            e.len(),
            "{:?} cell {cell}: sides and edges",
            T::TILING
        );
        for s in a.iter().filter(|s| !s.is_edge()) {
            assert!(s.owner == cell || s.owner == s.to);
            t.sides(s.to, &mut b);
            let back = b
                .iter()
                .filter(|r| r.to == cell && r.owner == s.owner && r.bit == s.bit);
            assert_eq!(back.count(), 1, "{:?} {cell} -> {}", T::TILING, s.to);
        }
    }
}

#[test]
fn sides_are_seen_from_both_cells() {
    for (w, h) in [(1, 1), (2, 3), (5, 4), (6, 6)] {
        assert_symmetric(&Hex::new(w, h));
        assert_symmetric(&Triangle::new(w, h));
        assert_symmetric(&Octagon::new(w, h));
    }
    for rings in [vec![1], vec![1, 2], vec![1, 1, 3], vec![1, 6, 12, 24]] {
        assert_symmetric(&Polar::new(rings).unwrap());
    }
    assert_symmetric(&Polar::new(Polar::rings_for(12)).unwrap());
}

/// The neighbour across forward bit `bit` of the cell at `pos`.
fn across<T: Topology>(t: &T, pos: Pos, bit: u8) -> Option<Pos> {
    let cell = t.cell(pos).unwrap();
    let mut sides = Vec::new();
    t.sides(cell, &mut sides);
    sides
        .iter()
        .find(|s| !s.is_edge() && s.owner == cell && s.bit == bit)
        .map(|s| t.position(s.to))
}

#[test]
fn forward_bits_follow_the_format_table() {
    let p = Pos::new;
    let hex = Hex::new(4, 4);
    assert_eq!(across(&hex, p(1, 2), 1), Some(p(2, 2)), "S");
    assert_eq!(
        across(&hex, p(1, 2), 2),
        Some(p(0, 3)),
        "NE of an even column"
    );
    assert_eq!(
        across(&hex, p(1, 2), 4),
        Some(p(1, 3)),
        "SE of an even column"
    );
    assert_eq!(
        across(&hex, p(1, 1), 2),
        Some(p(1, 2)),
        "NE of an odd column"
    );
    assert_eq!(
        across(&hex, p(1, 1), 4),
        Some(p(2, 2)),
        "SE of an odd column"
    );
    assert_eq!(across(&hex, p(0, 0), 2), None, "off the top");
    let tri = Triangle::new(4, 3);
    assert_eq!(across(&tri, p(0, 0), 1), Some(p(0, 1)), "E");
    assert_eq!(
        across(&tri, p(0, 0), 2),
        Some(p(1, 0)),
        "S of an up triangle"
    );
    assert_eq!(across(&tri, p(0, 1), 2), None, "a down triangle has no S");
    let oct = Octagon::new(4, 4);
    assert_eq!(across(&oct, p(1, 1), 4), Some(p(2, 2)), "SE");
    assert_eq!(across(&oct, p(1, 1), 8), Some(p(2, 0)), "SW");
    assert_eq!(across(&oct, p(1, 2), 4), None, "a square has no diagonals");
    assert_eq!(across(&oct, p(1, 2), 2), Some(p(2, 2)), "S of a square");
    let polar = Polar::new(vec![1, 4, 8]).unwrap();
    assert_eq!(across(&polar, p(1, 3), 1), Some(p(1, 0)), "clockwise wraps");
    assert_eq!(across(&polar, p(2, 5), 2), Some(p(1, 2)), "inward");
    assert_eq!(across(&polar, p(0, 0), 1), None, "a ring of one cell");
}

#[test]
fn the_book_splits_rings_as_they_grow() {
    assert_eq!(Polar::rings_for(5), vec![1, 6, 12, 24, 24]);
    assert_eq!(Polar::cells_for(5), Some(67));
    assert_eq!(
        Polar::cells_for(1000),
        Some(Polar::rings_for(1000).iter().sum())
    );
}

fn read(text: &str) -> Result<TiledDoc, String> {
    let doc = Document::from_json(text).map_err(|e| e.to_string())?;
    TiledDoc::from_document(&doc).map_err(|e| e.to_string())
}

#[test]
fn documents_read_and_write_back() {
    let text = r##"{"kind":"maze","version":1,"tiling":"hex","width":3,"height":2,"cells":["54#","020"],"start":[0,0],"goal":[1,2]}"##;
    let doc = read(text).unwrap();
    let AnyMaze::Hex(m) = &doc.maze else {
        panic!("a hex maze")
    };
    assert_eq!(m.cell_count(), 5);
    assert_eq!(m.passage_count(), 4);
    let mut out = Document::new(Kind::Maze);
    write_shape(&doc.maze, &mut out, true);
    assert_eq!(
        out.to_json(),
        r##"{"kind":"maze","version":1,"tiling":"hex","width":3,"height":2,"cells":["54#","020"]}"##
    );
    let polar = r##"{"kind":"maze","version":1,"tiling":"polar","height":2,"rings":[1,3],"cells":["0","322"]}"##;
    let p = read(polar).unwrap();
    assert_eq!((p.start, p.goal), (Pos::new(0, 0), Pos::new(1, 2)));
}

use crate::doc::Kind;

#[test]
fn bad_documents_name_the_cell_and_the_problem() {
    let hex = |cells: &str| {
        read(&format!(
            r#"{{"kind":"maze","version":1,"tiling":"hex","width":2,"height":2,"cells":{cells}}}"#
        ))
        .unwrap_err()
    };
    assert_eq!(
        hex(r#"["01","2g"]"#),
        "field `cells`: row 1 cell 1 is 'g'; a cell is a lowercase hexadecimal digit '0'-'f' or '#'"
    );
    assert_eq!(
        hex(r#"["20","00"]"#),
        "field `cells`: row 0 cell 0 is '2': bit 2 (NE) opens a passage to no cell (off the \
         edge, or a side this cell does not have)"
    );
    assert_eq!(
        hex(r##"["4#","00"]"##),
        "field `cells`: row 0 cell 0: bit 4 (SE) opens a passage into row 0 cell 1, which is \
         '#' (not part of the maze)"
    );
    assert_eq!(hex(r#"["01"]"#), "field `cells`: 1 rows, but `height` is 2");
    assert_eq!(
        hex(r#"["01","A0"]"#),
        "field `cells`: row 1 cell 0 is 'A'; a cell is a lowercase hexadecimal digit '0'-'f' or '#'"
    );
    assert_eq!(
        hex(r#"["01","0é"]"#),
        "field `cells`: row 1 has the character 'é'; a cell is a lowercase hexadecimal digit \
         '0'-'f' or '#'"
    );
    let polar = |rings: &str, cells: &str| {
        read(&format!(
            r#"{{"kind":"maze","version":1,"tiling":"polar","height":3,"rings":{rings},"cells":{cells}}}"#
        ))
        .unwrap_err()
    };
    assert_eq!(
        polar("[1,4,6]", r#"["0","0000","000000"]"#),
        "field `rings`: ring 2 has 6 cells, not a multiple of the 4 of ring 1"
    );
    assert_eq!(
        polar("[2,4,8]", r#"["00","0000","00000000"]"#),
        "field `rings`: ring 0 is the centre, 1 cell, not 2"
    );
    assert_eq!(
        polar("[1,4,8]", r#"["1","0000","00000000"]"#),
        "field `cells`: ring 0 cell 0 is '1': bit 1 (clockwise) opens a passage to no cell \
         (off the edge, or a side this cell does not have)"
    );
    let tri = r#"{"kind":"maze","version":1,"tiling":"triangle","width":2,"height":2,"cells":["02","00"]}"#;
    assert!(
        read(tri)
            .unwrap_err()
            .contains("row 0 cell 1 is '2': bit 2 (S)")
    );
    let oct = r#"{"kind":"maze","version":1,"tiling":"octagon","width":2,"height":2,"cells":["04","00"],"start":[5,0]}"#;
    assert!(
        read(oct)
            .unwrap_err()
            .contains("row 0 cell 1 is '4': bit 4 (SE)")
    );
    let outside = r#"{"kind":"maze","version":1,"tiling":"octagon","width":2,"height":2,"cells":["00","00"],"start":[5,0]}"#;
    assert_eq!(
        read(outside).unwrap_err(),
        "field `start`: [5, 0] is outside the maze of 2 rows"
    );
    let path = r#"{"kind":"maze","version":1,"tiling":"octagon","width":2,"height":2,"cells":["10","00"],"solution":{"algorithm":"bfs","path":[[0,0],[0,1],[1,1]],"length":2,"explored":3}}"#;
    assert_eq!(
        read(path).unwrap_err(),
        "field `solution.path`: step 2 from [0, 1] to [1, 1] goes through no open passage"
    );
    let huge =
        r#"{"kind":"maze","version":1,"tiling":"hex","width":100000,"height":100000,"cells":[]}"#;
    assert!(read(huge).unwrap_err().contains("more than the limit"));
    let unknown = r#"{"kind":"maze","version":1,"tiling":"penrose","cells":[]}"#;
    assert!(
        read(unknown)
            .unwrap_err()
            .starts_with("field `tiling`: unknown tiling \"penrose\"")
    );
}

/// Every side leads to another cell, never the same neighbour twice.
fn assert_simple<T: Topology>(t: &T) {
    let mut a = Vec::new();
    for cell in 0..t.len() as Cell {
        t.sides(cell, &mut a);
        let mut to: Vec<Cell> = a.iter().filter(|s| !s.is_edge()).map(|s| s.to).collect();
        assert!(!to.contains(&cell), "{:?} {cell} meets itself", T::TILING);
        let n = to.len();
        to.sort_unstable();
        to.dedup();
        assert_eq!(
            to.len(),
            n,
            "{:?} {cell} meets a neighbour twice",
            T::TILING
        );
    }
}

#[test]
fn the_topologies_beyond_the_plane_are_symmetric_and_simple() {
    for (w, h) in [(3, 3), (3, 5), (4, 3), (7, 6)] {
        for wrap in Wrap::ALL {
            let t = Wrapped::new(w, h, wrap);
            assert_symmetric(&t);
            assert_simple(&t);
        }
    }
    for (w, h, l) in [(1, 1, 1), (1, 1, 3), (2, 3, 2), (4, 1, 3), (5, 4, 3)] {
        assert_symmetric(&Levels::new(w, h, l));
        assert_simple(&Levels::new(w, h, l));
    }
    for n in 1..=5 {
        let cube = Cube::new(n);
        assert_symmetric(&cube);
        assert_simple(&cube);
        let mut sides = Vec::new();
        for cell in 0..cube.len() as Cell {
            cube.sides(cell, &mut sides);
            assert!(sides.iter().all(|s| !s.is_edge()), "a cube has no edge");
        }
    }
}

#[test]
fn the_seams_join_the_cells_the_format_names() {
    let p = Pos::new;
    let cell = |t: &dyn Fn(Pos) -> Option<Cell>, q: Pos| t(q).unwrap();
    // A Möbius strip 5 wide and 4 high: row r meets row 3 - r across the seam.
    let m = Wrapped::new(5, 4, Wrap::Mobius);
    assert_eq!(across(&m, p(0, 4), 1), Some(p(3, 0)));
    assert_eq!(across(&m, p(1, 4), 1), Some(p(2, 0)));
    assert_eq!(across(&m, p(3, 1), 2), None, "no wrap top to bottom");
    let t = Wrapped::new(5, 4, Wrap::XY);
    assert_eq!(across(&t, p(3, 1), 2), Some(p(0, 1)));
    assert_eq!(across(&t, p(2, 4), 1), Some(p(2, 0)));
    // Stairs from level 0's cell (1, 1) lead to level 1's: row 1 + 3 of the document.
    let l = Levels::new(4, 3, 2);
    assert_eq!(across(&l, p(1, 1), 4), Some(p(4, 1)));
    assert_eq!(across(&l, p(4, 1), 4), None, "no level above the last");
    assert_eq!(
        l.passage(cell(&|q| l.cell(q), p(1, 1)), cell(&|q| l.cell(q), p(4, 1))),
        Passage::Stairs
    );
    // The cube of faces 3 a side: front's east edge meets right's west edge, row for row;
    // front's top meets top's bottom, column for column; top's top meets back's top, the
    // columns reversed; left's west meets back's east.
    let c = Cube::new(3);
    let neighbours = |q: Pos| {
        let mut sides = Vec::new();
        c.sides(c.cell(q).unwrap(), &mut sides);
        sides.iter().map(|s| c.position(s.to)).collect::<Vec<_>>()
    };
    let (front, top, right, left, bottom, back) = (0, 3, 6, 9, 12, 15);
    assert_eq!(neighbours(p(front + 1, 2))[1], p(right + 1, 0));
    assert_eq!(neighbours(p(front, 0))[0], p(top + 2, 0));
    assert_eq!(neighbours(p(top, 0))[0], p(back, 2));
    assert_eq!(neighbours(p(left + 2, 0))[3], p(back + 2, 2));
    assert_eq!(neighbours(p(bottom + 2, 1))[2], p(back + 2, 1));
    assert_eq!(neighbours(p(right, 1))[0], p(top + 1, 2));
}

#[test]
fn documents_beyond_the_plane_read_back_and_are_checked() {
    let read = |json: &str| TiledDoc::from_document(&Document::from_json(json).unwrap());
    let ok = read(
        r#"{"version":1,"kind":"maze","tiling":"wrapped","wrap":"x","width":3,"height":1,"cells":["110"]}"#,
    );
    assert!(ok.is_ok(), "{ok:?}");
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"wrapped","wrap":"x","width":2,"height":1,"cells":["10"]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("at least 3 cells wide"));
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"wrapped","wrap":"z","width":3,"height":1,"cells":["100"]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("field `wrap`"));
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"levels","levels":2,"width":2,"height":1,"cells":["14","04"]}"#,
    );
    let e = e.unwrap_err().to_string();
    assert!(
        e.contains("row 1 cell 1 is '4'") && e.contains("stairs up"),
        "{e}"
    );
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"levels","levels":0,"width":2,"height":1,"cells":[]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("at least 1 level"));
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"levels","levels":3,"width":2,"height":1,"cells":["14","04"]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("2 rows, but 3 levels"));
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"cube","width":1,"height":1,"cells":["0","0","0","0","0"]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("6 faces"));
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"cube","width":100000,"height":100000,"cells":[]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("more than the limit"));
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"hex","wrap":"x","width":2,"height":1,"cells":["00"]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("at least 4 columns"));
    let e = read(
        r#"{"version":1,"kind":"maze","tiling":"triangle","wrap":"x","width":4,"height":1,"cells":["0000"]}"#,
    );
    assert!(e.unwrap_err().to_string().contains("does not wrap"));
    // A cube of one cell a face: which bits each face owns follows from the rule of cube.rs.
    let cube = Cube::new(1);
    let owned: Vec<u8> = (0..6)
        .map(|f| cube.forward_bits(f, &mut Vec::new()))
        .collect();
    assert_eq!(
        owned.iter().map(|b| b.count_ones()).sum::<u32>(),
        12,
        "a cube has 12 edges"
    );
}

/// The sizes each hex wrap takes: an even width across (an odd one with a half twist).
fn hex_wraps() -> Vec<HexWrap> {
    let mut all = Vec::new();
    for (w, h) in [(3, 3), (4, 3), (4, 5), (5, 4), (6, 6), (7, 1), (8, 3)] {
        for wrap in Wrap::ALL {
            if HexWrap::refusal(w, h, wrap).is_none() {
                all.push(HexWrap::new(w, h, wrap));
            }
        }
    }
    all
}

#[test]
fn hex_wraps_are_symmetric_and_simple() {
    let all = hex_wraps();
    assert!(all.len() > 15, "every wrap is tried on some size");
    for t in all {
        assert_symmetric(&t);
        assert_simple(&t);
        let mut sides = Vec::new();
        for cell in 0..t.len() as Cell {
            t.sides(cell, &mut sides);
            let joined = sides.iter().filter(|s| !s.is_edge()).count();
            // Only the edges that are not joined leave a side without a cell.
            if t.wrap() == Wrap::XY {
                assert_eq!(joined, 6, "{t:?} {cell}");
            }
        }
    }
}

#[test]
fn hex_wraps_refuse_the_widths_whose_seams_do_not_line_up() {
    assert!(
        HexWrap::refusal(5, 4, Wrap::X)
            .unwrap()
            .contains("even number of columns, not 5")
    );
    assert!(HexWrap::refusal(7, 4, Wrap::XY).is_some());
    assert!(
        HexWrap::refusal(5, 4, Wrap::Y).is_none(),
        "any width wraps top to bottom"
    );
    assert!(
        HexWrap::refusal(4, 2, Wrap::Y)
            .unwrap()
            .contains("at least 3 cells high")
    );
    assert!(
        HexWrap::refusal(2, 4, Wrap::X)
            .unwrap()
            .contains("at least 4 columns")
    );
    assert!(
        HexWrap::refusal(4, 4, Wrap::Mobius)
            .unwrap()
            .contains("odd number of columns")
    );
    assert!(HexWrap::refusal(3, 4, Wrap::Mobius).is_none());
}

#[test]
fn hex_seams_join_the_cells_the_format_names() {
    let p = Pos::new;
    // 4 columns wrapped: the last (odd, lower) column's NE is the first column's same row,
    // its SE the row below.
    let x = HexWrap::new(4, 3, Wrap::X);
    assert_eq!(across(&x, p(1, 3), 2), Some(p(1, 0)));
    assert_eq!(across(&x, p(1, 3), 4), Some(p(2, 0)));
    assert_eq!(across(&x, p(2, 3), 4), None, "no wrap top to bottom");
    let y = HexWrap::new(5, 3, Wrap::Y);
    assert_eq!(across(&y, p(2, 2), 1), Some(p(0, 2)));
    assert_eq!(
        across(&y, p(2, 1), 4),
        Some(p(0, 2)),
        "an odd column's SE over the seam"
    );
    assert_eq!(
        across(&y, p(0, 0), 2),
        Some(p(2, 1)),
        "an even column's NE over the seam"
    );
    // A half twist on 5 columns of 4: the last (even, higher) column's SE from row r is
    // row 3 - r of the first, its NE row 4 - r.
    let m = HexWrap::new(5, 4, Wrap::Mobius);
    assert_eq!(across(&m, p(0, 4), 4), Some(p(3, 0)));
    assert_eq!(across(&m, p(1, 4), 2), Some(p(3, 0)));
    assert_eq!(across(&m, p(0, 4), 2), None, "no row above the first");
    let (a, b) = (m.cell(p(0, 4)).unwrap(), m.cell(p(3, 0)).unwrap());
    assert_eq!(m.passage(a, b), Passage::Seam);
    assert_eq!(m.passage(a, a - 1), Passage::Plain);
}

/// The fewest steps from `from` to every cell with every passage open.
fn steps_from<T: Topology>(t: &T, from: Cell) -> Vec<usize> {
    let mut steps = vec![usize::MAX; t.len()];
    steps[from as usize] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    let mut sides = Vec::new();
    while let Some(c) = queue.pop_front() {
        t.sides(c, &mut sides);
        for s in sides.iter().filter(|s| !s.is_edge()) {
            if steps[s.to as usize] == usize::MAX {
                steps[s.to as usize] = steps[c as usize] + 1;
                queue.push_back(s.to);
            }
        }
    }
    steps
}

#[test]
fn hex_wraps_never_overestimate_the_steps_between_cells() {
    for t in hex_wraps() {
        for from in 0..t.len() as Cell {
            let steps = steps_from(&t, from);
            for to in 0..t.len() as Cell {
                let bound = t.steps_at_least(from, to);
                assert!(
                    bound <= steps[to as usize] as f64,
                    "{t:?}: {from} to {to} takes {} steps, estimated {bound}",
                    steps[to as usize]
                );
            }
        }
    }
}

#[test]
fn a_hex_wrap_document_reads_back_as_written() {
    let text = r#"{"kind":"maze","version":1,"tiling":"hex","width":4,"height":3,"wrap":"x","cells":["0000","0000","0000"]}"#;
    let doc = Document::from_json(text).unwrap();
    assert_eq!(tiling_of(&doc).unwrap(), Tiling::Wrapped);
    let read = TiledDoc::from_document(&doc).unwrap();
    assert!(matches!(read.maze, AnyMaze::HexWrap(_)));
    let mut out = Document::new(crate::doc::Kind::Maze);
    write_shape(&read.maze, &mut out, true);
    assert_eq!(
        out.field::<String>("tiling").unwrap().as_deref(),
        Some("hex")
    );
    assert_eq!(out.field::<String>("wrap").unwrap().as_deref(), Some("x"));
    let odd = text
        .replace(r#""width":4"#, r#""width":3"#)
        .replace("0000", "000");
    let err = TiledDoc::from_document(&Document::from_json(&odd).unwrap()).unwrap_err();
    assert!(
        err.to_string().contains("even number of columns, not 3"),
        "{err}"
    );
    // An open seam: the last column's NE passage leads over it to the first column.
    let seam = text.replacen("0000", "0002", 1);
    TiledDoc::from_document(&Document::from_json(&seam).unwrap()).unwrap();
    let plain = seam.replace(r#","wrap":"x""#, "");
    assert!(TiledDoc::from_document(&Document::from_json(&plain).unwrap()).is_err());
}
