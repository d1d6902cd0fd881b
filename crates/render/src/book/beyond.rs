//! A maze beyond the plane on a book's page: the legend printed with it (what its stair
//! marks and seam letters mean, in the book's own font, which has the arrows' triangles
//! that a picture's built-in font lacks), and whether it takes a page of its own.

use grid_core::Document;
use grid_core::tiling::{AnyMaze, Wrap};

/// How a book prints a maze beyond the plane.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Beyond {
    /// How to read its marks.
    pub legend: String,
    /// Levels side by side, or a cube's net: a picture that needs the page's width, printed
    /// one a page (two a page among the answers, which are printed smaller).
    pub alone: bool,
}

/// How a book prints `doc`, a maze beyond the plane; nothing for any other document.
pub(super) fn beyond(doc: &Document) -> Option<Beyond> {
    let maze = crate::tiled_maze(doc).ok().flatten()?;
    let (legend, alone) = match &maze.maze {
        AnyMaze::Levels(m) => (
            "Levels side by side, level 1 first. ▲ stairs up to the next level, ▼ stairs \
             down: each flight is marked at both of its ends."
                .to_string(),
            m.topology().levels() > 1,
        ),
        AnyMaze::Wrapped(m) => (wrapped(m.topology().wrap()), false),
        AnyMaze::HexWrap(m) => (wrapped(m.topology().wrap()), false),
        AnyMaze::Cube(_) => (
            "The six faces of a cube, unfolded. A passage that leaves a face over a cut edge \
             goes on at the same letter."
                .to_string(),
            true,
        ),
        _ => return None,
    };
    Some(Beyond { legend, alone })
}

/// The legend of a wrapped maze, of squares or of hexagons: which edges `wrap` joins, and
/// how its seam letters are read.
fn wrapped(wrap: Wrap) -> String {
    let joined = match wrap {
        Wrap::X => "the left and right edges are joined",
        Wrap::Y => "the top and bottom edges are joined",
        Wrap::XY => "opposite edges are joined",
        Wrap::Mobius => "the left and right edges are joined with a half twist",
    };
    format!(
        "A wrapped maze: {joined}. A passage that leaves by an edge comes back at the same \
         letter."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> Option<Beyond> {
        beyond(&Document::from_json(text).unwrap())
    }

    #[test]
    fn levels_and_the_cube_take_a_page_and_every_maze_beyond_the_plane_says_its_marks() {
        let levels = of(
            r#"{"kind":"maze","version":1,"tiling":"levels","width":1,"height":1,"levels":2,"cells":["4","0"]}"#,
        )
        .unwrap();
        assert!(levels.alone && levels.legend.contains("▲ stairs up"));
        let torus = of(
            r#"{"kind":"maze","version":1,"tiling":"wrapped","width":3,"height":3,"wrap":"xy","cells":["000","000","000"]}"#,
        )
        .unwrap();
        assert!(!torus.alone && torus.legend.contains("same letter"));
        // A hex maze with a wrap has its seam letters too, and shares pages.
        let hex_cylinder = of(
            r#"{"kind":"maze","version":1,"tiling":"hex","width":4,"height":2,"wrap":"x","cells":["0000","0000"]}"#,
        )
        .unwrap();
        assert_eq!(
            hex_cylinder.legend,
            torus
                .legend
                .replace("opposite edges are", "the left and right edges are")
        );
        assert!(!hex_cylinder.alone);
        let flat = of(
            r#"{"kind":"maze","version":1,"tiling":"hex","width":2,"height":2,"cells":["00","00"]}"#,
        );
        assert_eq!(flat, None);
    }
}
