use super::layout::arc_points;
use super::*;
use grid_core::Document;

fn doc(text: &str) -> TiledDoc {
    TiledDoc::from_document(&Document::from_json(text).unwrap()).unwrap()
}

const TWO_HEXES: &str =
    r#"{"kind":"maze","version":1,"tiling":"hex","width":2,"height":1,"cells":["40"]}"#;

#[test]
fn a_wall_between_two_cells_is_drawn_once_and_an_open_one_not_at_all() {
    let open = doc(TWO_HEXES);
    let shut = doc(&TWO_HEXES.replace(r#"["40"]"#, r#"["00"]"#));
    let count = |d: &TiledDoc| {
        let layout = Layout::new(d, 10.0);
        let mut n = 0;
        grid_core::on_tiled_maze!(&d.maze, m => layout.for_each_wall(m, &mut Default::default(), |_| n += 1));
        n
    };
    // Two hexagons have 12 sides and share one: 11 walls, 10 with the shared side open.
    assert_eq!(count(&shut), 11);
    assert_eq!(count(&open), 10);
}

#[test]
fn an_arc_of_a_whole_ring_goes_all_the_way_round() {
    let points = arc_points((0.0, 0.0), 10.0, (0.0, -10.0), (0.0, -10.0), true, 1.0);
    assert!(points.len() > 50, "{} points", points.len());
    assert!(points.iter().any(|p| p.1 > 9.0), "it passes the bottom");
}

#[test]
fn braille_draws_dots_and_colours_the_path_only_when_asked() {
    let solved = r#"{"kind":"maze","version":1,"tiling":"hex","width":2,"height":1,"cells":["40"],"solution":{"algorithm":"bfs","path":[[0,0],[0,1]],"length":1,"explored":2}}"#;
    let plain = braille(solved, false);
    assert!(!plain.contains('\u{1b}'));
    assert!(
        plain
            .chars()
            .all(|c| c == '\n' || c == 'S' || c == 'G' || ('\u{2800}'..='\u{28ff}').contains(&c))
    );
    assert!(!plain.ends_with("\n\n"), "no blank line below the drawing");
    assert!(
        braille(solved, true).contains("\u{1b}[36;1m"),
        "the path in cyan"
    );
}

fn braille(text: &str, color: bool) -> String {
    let mut out = Vec::new();
    render_braille(&doc(text), color, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn braille_marks_start_and_goal_and_keeps_the_path_off_the_walls() {
    let maze = r#"{"kind":"maze","version":1,"tiling":"hex","width":3,"height":2,"cells":["420","000"],"start":[0,0],"goal":[0,2]}"#;
    let solved = maze.replace(
        r#""goal":[0,2]}"#,
        r#""goal":[0,2],"solution":{"algorithm":"bfs","path":[[0,0],[0,1],[0,2]],"length":2,"explored":3}}"#,
    );
    let unsolved = braille(maze, false);
    assert_eq!(unsolved.matches('S').count(), 1, "{unsolved}");
    assert_eq!(unsolved.matches('G').count(), 1, "{unsolved}");
    // Every character drawn in the path's colour is blank where only the walls are drawn:
    // no wall dot takes the path's colour.
    let coloured = braille(&solved, true);
    let cyan = "\u{1b}[36;1m";
    let walls: Vec<Vec<char>> = unsolved.lines().map(|l| l.chars().collect()).collect();
    let mut path_characters = 0;
    for (line, text) in coloured.lines().enumerate() {
        let mut column = 0;
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if let Some(after) = rest.strip_prefix(cyan) {
                let glyph = after.chars().next().unwrap();
                let under = walls[line].get(column).copied().unwrap_or('\u{2800}');
                assert_eq!(
                    under, '\u{2800}',
                    "line {line} column {column}:\n{coloured}"
                );
                path_characters += 1;
                column += 1;
                rest = after[glyph.len_utf8()..].strip_prefix("\u{1b}[0m").unwrap();
            } else if c == '\u{1b}' {
                let end = rest.find('m').unwrap();
                rest = &rest[end + 1..];
            } else {
                column += 1;
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    assert!(path_characters >= 2, "{coloured}");
}

#[test]
fn an_svg_has_the_walls_as_one_path_and_the_solution_as_its_own_layer() {
    let solved = doc(
        r#"{"kind":"maze","version":1,"tiling":"polar","height":2,"rings":[1,4],"cells":["0","2222"],"solution":{"algorithm":"bfs","path":[[1,0],[0,0]],"length":1,"explored":2}}"#,
    );
    let layout = Layout::new(&solved, 20.0);
    let svg = svg::still(&solved, &layout, crate::ink::Theme::Light, &[]);
    assert_eq!(svg.matches("<path ").count(), 1);
    assert!(svg.contains(r#"<g class="solution"><polyline"#));
    assert!(
        svg.contains("A40.0 40.0 0 0 1 "),
        "the outer ring is an arc"
    );
    roxmltree::Document::parse(&svg).unwrap();
}

/// Three levels of one cell, solved from the bottom to the top: the middle level's cell is
/// reached and left by stairs.
const TOWER: &str = r#"{"kind":"maze","version":1,"tiling":"levels","width":1,"height":1,"levels":3,"cells":["4","4","0"],"start":[0,0],"goal":[2,0],"solution":{"algorithm":"bfs","path":[[0,0],[1,0],[2,0]],"length":2,"explored":3}}"#;

#[test]
fn a_cell_the_path_passes_only_by_stairs_is_drawn_as_a_dot() {
    use grid_core::tiling::Topology;
    let d = doc(TOWER);
    let layout = Layout::new(&d, 10.0);
    let svg = svg::still(&d, &layout, crate::ink::Theme::Light, &[]);
    let grid_core::tiling::AnyMaze::Levels(m) = &d.maze else {
        panic!("levels");
    };
    let (x, y) = layout.place(m.topology().center(1));
    assert!(
        svg.contains(&format!(r#"<circle cx="{x:.1}" cy="{y:.1}""#)),
        "a dot on the middle level:\n{svg}"
    );
}
