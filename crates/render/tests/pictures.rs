//! Pictures through the crate's public API.

use grid_core::Document;
use grid_render::{Picture, PictureOptions, Theme, render_picture};

/// A 2x2-cell maze solved from the top-left cell round to the bottom-left one.
const SOLVED: &str = r######"{"kind":"maze","version":1,"width":5,"height":5,"grid":["#####","#   #","### #","#   #","#####"],"start":[1,1],"goal":[3,1],"meta":{"cells":[2,2]},"solution":{"algorithm":"bfs","path":[[1,1],[1,2],[1,3],[2,3],[3,3],[3,2],[3,1]],"length":6,"explored":7}}"######;

/// The path is one SVG line with round joins, as the PNG paints it.
#[test]
fn an_svg_path_turns_with_round_joins() {
    let doc = Document::from_json(SOLVED).unwrap();
    let opts = PictureOptions {
        cell_size: Some(20),
        thin_walls: true,
        theme: Theme::Light,
        caption: false,
    };
    let mut out = Vec::new();
    render_picture(&doc, Picture::Svg, &opts, &mut out).unwrap();
    let svg = String::from_utf8(out).unwrap();
    assert!(svg.contains(r#"stroke-linejoin="round""#), "{svg}");
}
