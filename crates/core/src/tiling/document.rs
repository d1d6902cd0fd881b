//! Reading a tiled maze document and writing its shape (docs/format.md, "Other tilings").

use super::{AnyMaze, Cell, Hex, MAX_CELLS, Octagon, Polar, Side, TiledMaze, Tiling, Topology};
use super::{Cube, HexWrap, Levels, Triangle, Wrap, Wrapped, polar::RingsError};
use crate::doc::{Document, Kind};
use crate::error::{Error, Result};
use crate::{Pos, Solution};
use serde_json::Value;

/// The tiling a maze document names in `tiling` (square when it names none). A `hex` maze
/// with a `wrap` is a wrapped one: its seams lead out of the plane as a square one's do.
pub fn tiling_of(doc: &Document) -> Result<Tiling> {
    match doc.field::<String>("tiling")? {
        None => Ok(Tiling::Square),
        Some(name) => match name.parse() {
            Ok(Tiling::Hex) if doc.has("wrap") => Ok(Tiling::Wrapped),
            Ok(tiling) => Ok(tiling),
            Err(e) => Err(Error::input(format!("field `tiling`: {e}"))),
        },
    }
}

/// Whether a maze document is one of hexagons with joined edges.
pub fn is_hex_wrap(doc: &Document) -> bool {
    doc.has("wrap") && doc.field::<String>("tiling").ok().flatten().as_deref() == Some("hex")
}

/// The document's `wrap`, read and checked.
fn wrap_of(doc: &Document) -> Result<Wrap> {
    let wrap: String = doc.required("wrap")?;
    wrap.parse()
        .map_err(|e| Error::input(format!("field `wrap`: {e}")))
}

/// A maze document on a tiling other than the square one, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiledDoc {
    pub maze: AnyMaze,
    /// Start and goal cells: as given, or the first and last cells of the maze.
    pub start: Pos,
    pub goal: Pos,
    /// The carving order, in cells.
    pub trace: Option<Vec<Pos>>,
    pub solution: Option<Solution>,
}

impl TiledDoc {
    /// Reads and checks a maze document whose `tiling` is not square: its size, every cell's
    /// digit against the neighbours the cell has, passages into cells left out, and the
    /// positions of start, goal, trace and solution.
    pub fn from_document(doc: &Document) -> Result<Self> {
        if doc.kind() != Kind::Maze {
            return Err(Error::input(format!(
                "expected a maze document, found kind \"{}\"",
                doc.kind()
            )));
        }
        let tiling = tiling_of(doc)?;
        if tiling != Tiling::Wrapped && doc.has("wrap") {
            return Err(Error::input(format!(
                "field `wrap`: {tiling:#} maze does not wrap; square cells with joined edges \
                 are a `wrapped` maze, hexagons a `hex` one"
            )));
        }
        if tiling != Tiling::Levels && doc.has("levels") {
            return Err(Error::input(format!(
                "field `levels`: {tiling:#} maze has one level; a maze of stacked grids is a \
                 `levels` one"
            )));
        }
        let rows = cell_rows(doc, tiling)?;
        let maze = match tiling {
            Tiling::Square => {
                return Err(Error::input(
                    "field `tiling`: a square maze is written as a `grid` of tiles",
                ));
            }
            Tiling::Hex => {
                let (w, h) = rectangle(doc, &rows)?;
                AnyMaze::Hex(read_cells(Hex::new(w, h), &rows)?)
            }
            Tiling::Triangle => {
                let (w, h) = rectangle(doc, &rows)?;
                AnyMaze::Triangle(read_cells(Triangle::new(w, h), &rows)?)
            }
            Tiling::Octagon => {
                let (w, h) = rectangle(doc, &rows)?;
                AnyMaze::Octagon(read_cells(Octagon::new(w, h), &rows)?)
            }
            Tiling::Polar => AnyMaze::Polar(read_cells(rings(doc, &rows)?, &rows)?),
            Tiling::Levels => {
                let levels: usize = doc.required("levels")?;
                if levels == 0 {
                    return Err(Error::input(
                        "field `levels`: a maze has at least 1 level, not 0",
                    ));
                }
                let (w, h) = stacked(doc, &rows, levels, "levels")?;
                AnyMaze::Levels(read_cells(Levels::new(w, h, levels), &rows)?)
            }
            Tiling::Wrapped if is_hex_wrap(doc) => {
                let wrap = wrap_of(doc)?;
                let (w, h) = rectangle(doc, &rows)?;
                if let Some(why) = HexWrap::refusal(w, h, wrap) {
                    return Err(Error::input(format!("fields `width` and `height`: {why}")));
                }
                AnyMaze::HexWrap(read_cells(HexWrap::new(w, h, wrap), &rows)?)
            }
            Tiling::Wrapped => {
                let wrap = wrap_of(doc)?;
                let (w, h) = rectangle(doc, &rows)?;
                if let Some(why) = Wrapped::too_narrow(w, h, wrap) {
                    return Err(Error::input(format!("fields `width` and `height`: {why}")));
                }
                AnyMaze::Wrapped(read_cells(Wrapped::new(w, h, wrap), &rows)?)
            }
            Tiling::Cube => {
                let (w, h) = stacked(doc, &rows, 6, "faces")?;
                if w != h {
                    return Err(Error::input(format!(
                        "fields `width` and `height`: a cube's faces are square, not {w}x{h}"
                    )));
                }
                AnyMaze::Cube(read_cells(Cube::new(w), &rows)?)
            }
        };
        crate::on_tiled_maze!(&maze, m => Self::with_positions(doc, m)).map(
            |(start, goal, trace, solution)| TiledDoc {
                maze,
                start,
                goal,
                trace,
                solution,
            },
        )
    }

    #[allow(clippy::type_complexity)]
    fn with_positions<T: Topology>(
        doc: &Document,
        m: &TiledMaze<T>,
    ) -> Result<(Pos, Pos, Option<Vec<Pos>>, Option<Solution>)> {
        let word = T::TILING.row_word();
        let inside = |field: &str, p: Pos| -> Result<Cell> {
            match T::cell(m.topology(), p) {
                None => Err(Error::input(format!(
                    "field `{field}`: {p} is not a cell of the maze ({word} {} has no cell {})",
                    p.row, p.col
                ))
                .map_if(p.row >= m.topology().rows(), || {
                    format!(
                        "field `{field}`: {p} is outside the maze of {} {word}s",
                        m.topology().rows()
                    )
                })),
                Some(c) if !m.contains(c) => Err(Error::input(format!(
                    "field `{field}`: {p} is a cell the mask leaves out ('#')"
                ))),
                Some(c) => Ok(c),
            }
        };
        let end = |field: &str, last: bool| -> Result<Pos> {
            match doc.field::<Pos>(field)? {
                Some(p) => inside(field, p).map(|_| p),
                None => {
                    let mut cells = m.cells();
                    let cell = if last { cells.last() } else { cells.next() };
                    cell.map(|c| m.topology().position(c)).ok_or_else(|| {
                        Error::input("field `cells`: every cell is '#', the maze has none")
                    })
                }
            }
        };
        let start = end("start", false)?;
        let goal = end("goal", true)?;
        let trace: Option<Vec<Pos>> = doc.field("trace")?;
        for &p in trace.iter().flatten() {
            inside("trace", p)?;
        }
        let solution: Option<Solution> = doc.field("solution")?;
        if let Some(s) = &solution {
            for &p in s.explored_order.iter().flatten() {
                inside("solution.explored_order", p)?;
            }
            if let Some(path) = &s.path {
                check_path(m, path, &inside)?;
            }
        }
        Ok((start, goal, trace, solution))
    }
}

/// Each step of a path goes from a cell to a neighbour through an open passage.
fn check_path<T: Topology>(
    m: &TiledMaze<T>,
    path: &[Pos],
    inside: &dyn Fn(&str, Pos) -> Result<Cell>,
) -> Result<()> {
    let mut sides = Vec::new();
    let cells: Vec<Cell> = path
        .iter()
        .map(|&p| inside("solution.path", p))
        .collect::<Result<_>>()?;
    for (i, w) in cells.windows(2).enumerate() {
        m.sides(w[0], &mut sides);
        if !sides.iter().any(|s| s.to == w[1] && m.is_open(*s)) {
            return Err(Error::input(format!(
                "field `solution.path`: step {} from {} to {} goes through no open passage",
                i + 1,
                path[i],
                path[i + 1]
            )));
        }
    }
    Ok(())
}

trait MapIf {
    fn map_if(self, cond: bool, message: impl FnOnce() -> String) -> Self;
}

impl MapIf for Error {
    fn map_if(self, cond: bool, message: impl FnOnce() -> String) -> Self {
        if cond { Error::input(message()) } else { self }
    }
}

/// The rows of `cells`, as text.
fn cell_rows(doc: &Document, tiling: Tiling) -> Result<Vec<String>> {
    let Some(raw) = doc.raw("cells") else {
        return Err(Error::input(
            "field `cells`: missing (a maze on this tiling has a row of cell digits per row)",
        ));
    };
    if let Ok(rows) = serde_json::from_str::<Vec<String>>(raw.get()) {
        for (r, row) in rows.iter().enumerate() {
            if let Some(ch) = row.chars().find(|c| !c.is_ascii()) {
                return Err(Error::input(format!(
                    "field `cells`: {} {r} has the character {ch:?}; a cell is a lowercase \
                     hexadecimal digit '0'-'f' or '#'",
                    tiling.row_word()
                )));
            }
        }
        return Ok(rows);
    }
    let value: Value = doc.value("cells")?.unwrap_or(Value::Null);
    let Some(rows) = value.as_array() else {
        return Err(Error::input(format!(
            "field `cells`: expected an array of strings, found {}",
            crate::doc::type_name(&value)
        )));
    };
    let bad = rows.iter().position(|r| !r.is_string()).unwrap_or(0);
    Err(Error::input(format!(
        "field `cells`: row {bad} is {}, expected a string",
        crate::doc::type_name(&rows[bad])
    )))
}

/// `width` x `height` of a hex, triangle or octagon maze, checked against the rows.
fn rectangle(doc: &Document, rows: &[String]) -> Result<(usize, usize)> {
    stacked(doc, rows, 1, "")
}

/// `width` x `height` of each of `layers` grids whose rows follow one another in `cells`
/// (the levels of a levels maze, a cube's faces), checked against the rows; the size is
/// checked before anything is made of it.
fn stacked(doc: &Document, rows: &[String], layers: usize, what: &str) -> Result<(usize, usize)> {
    let width: usize = doc.required("width")?;
    let height: usize = doc.required("height")?;
    if width == 0 || height == 0 {
        return Err(Error::input(format!(
            "fields `width` and `height`: a maze is at least 1x1 cells, found {width}x{height}"
        )));
    }
    let cells = width
        .checked_mul(height)
        .and_then(|n| n.checked_mul(layers));
    if cells.is_none_or(|n| n > MAX_CELLS) {
        let size = if layers == 1 {
            format!("{width}x{height} cells")
        } else {
            format!("{layers} {what} of {width}x{height} cells")
        };
        return Err(Error::input(format!(
            "fields `width` and `height`: {size} is more than the limit of {MAX_CELLS}"
        )));
    }
    if rows.len() != height * layers {
        return Err(Error::input(if layers == 1 {
            format!(
                "field `cells`: {} rows, but `height` is {height}",
                rows.len()
            )
        } else {
            format!(
                "field `cells`: {} rows, but {layers} {what} of `height` {height} make {}",
                rows.len(),
                height * layers
            )
        }));
    }
    for (r, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(Error::input(format!(
                "field `cells`: row {r} has {} cells, but `width` is {width}",
                row.chars().count()
            )));
        }
    }
    Ok((width, height))
}

/// The rings of a polar maze, checked against `height` and the rows.
fn rings(doc: &Document, rows: &[String]) -> Result<Polar> {
    if doc.has("width") {
        return Err(Error::input(
            "field `width`: a polar maze has none; its rings' sizes are in `rings`",
        ));
    }
    let height: usize = doc.required("height")?;
    let raw = doc.raw("rings").ok_or_else(|| {
        Error::input("field `rings`: missing (a polar maze lists the cells of each ring)")
    })?;
    // Counted before the list is read: a list longer than `height` is refused unread.
    let sizes: Vec<usize> = serde_json::from_str(raw.get()).map_err(|_| {
        Error::input("field `rings`: expected an array of whole numbers, one per ring")
    })?;
    if sizes.len() != height {
        return Err(Error::input(format!(
            "field `rings`: {} rings, but `height` is {height}",
            sizes.len()
        )));
    }
    let polar = Polar::new(sizes.clone()).map_err(|e| match e {
        RingsError::TooMany => Error::input(format!("field `rings`: {e}")),
        e => Error::input(format!("field `rings`: {e}")),
    })?;
    if rows.len() != height {
        return Err(Error::input(format!(
            "field `cells`: {} rings, but `height` is {height}",
            rows.len()
        )));
    }
    for (k, row) in rows.iter().enumerate() {
        if row.len() != sizes[k] {
            return Err(Error::input(format!(
                "field `cells`: ring {k} has {} cells, but `rings` gives it {}",
                row.chars().count(),
                sizes[k]
            )));
        }
    }
    Ok(polar)
}

/// The maze the rows describe on `topology`, every digit checked.
fn read_cells<T: Topology>(topology: T, rows: &[String]) -> Result<TiledMaze<T>> {
    let word = T::TILING.row_word();
    let at = |cell: Cell, t: &T| {
        let p = t.position(cell);
        format!("{word} {} cell {}", p.row, p.col)
    };
    let byte = |cell: Cell, t: &T| {
        let p = t.position(cell);
        rows[p.row].as_bytes()[p.col]
    };
    let mut maze = TiledMaze::shaped(topology.clone(), |c| byte(c, &topology) != b'#');
    let mut scratch = Vec::new();
    for cell in 0..topology.len() as Cell {
        let b = byte(cell, &topology);
        let bits = match b {
            b'#' => continue,
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            _ => {
                let p = topology.position(cell);
                let ch = rows[p.row][p.col..].chars().next().unwrap_or('?');
                return Err(Error::input(format!(
                    "field `cells`: {} is {ch:?}; a cell is a lowercase hexadecimal digit \
                     '0'-'f' or '#'",
                    at(cell, &topology)
                )));
            }
        };
        let allowed = topology.forward_bits(cell, &mut scratch);
        if let Some(bit) = [1u8, 2, 4, 8]
            .into_iter()
            .find(|&k| bits & k & !allowed != 0)
        {
            return Err(Error::input(format!(
                "field `cells`: {} is '{}': bit {bit} ({}) opens a passage to no cell (off the \
                 edge, or a side this cell does not have)",
                at(cell, &topology),
                b as char,
                topology.bit_name(cell, bit)
            )));
        }
        maze.set_links(cell, bits);
    }
    for cell in maze.cells().collect::<Vec<_>>() {
        let bits = maze.links(cell);
        if bits == 0 {
            continue;
        }
        topology.sides(cell, &mut scratch);
        let into_outside = scratch
            .iter()
            .find(|s: &&Side| s.owner == cell && bits & s.bit != 0 && !maze.contains(s.to));
        if let Some(s) = into_outside {
            return Err(Error::input(format!(
                "field `cells`: {}: bit {} ({}) opens a passage into {}, which is '#' (not part \
                 of the maze)",
                at(cell, &topology),
                s.bit,
                topology.bit_name(cell, s.bit),
                at(s.to, &topology)
            )));
        }
    }
    Ok(maze)
}

/// Writes a tiled maze's shape into `doc`: `tiling`, its size (`width` and `height`, or
/// `height` and `rings`) and `cells` as a placeholder that a streaming writer fills (or the
/// rows themselves when `rows` is set).
pub fn write_shape(maze: &AnyMaze, doc: &mut Document, rows: bool) {
    let name = match maze {
        AnyMaze::HexWrap(_) => Tiling::Hex.name(),
        _ => maze.tiling().name(),
    };
    doc.set("tiling", name);
    let (width, height, rings) = match maze {
        AnyMaze::Hex(m) => (Some(m.topology().width()), m.topology().height(), None),
        AnyMaze::Triangle(m) => (Some(m.topology().width()), m.topology().height(), None),
        AnyMaze::Octagon(m) => (Some(m.topology().width()), m.topology().height(), None),
        AnyMaze::Polar(m) => (None, m.topology().rows(), Some(m.topology().rings())),
        AnyMaze::Levels(m) => {
            let t = m.topology();
            doc.set("width", t.width());
            doc.set("height", t.height());
            doc.set("levels", t.levels());
            (None, 0, None)
        }
        AnyMaze::Wrapped(m) => {
            let t = m.topology();
            doc.set("width", t.width());
            doc.set("height", t.height());
            doc.set("wrap", t.wrap().name());
            (None, 0, None)
        }
        AnyMaze::HexWrap(m) => {
            let t = m.topology();
            doc.set("width", t.width());
            doc.set("height", t.height());
            doc.set("wrap", t.wrap().name());
            (None, 0, None)
        }
        AnyMaze::Cube(m) => {
            doc.set("width", m.topology().size());
            doc.set("height", m.topology().size());
            (None, 0, None)
        }
    };
    if let Some(w) = width {
        doc.set("width", w);
    }
    if maze.tiling().is_plane() {
        doc.set("height", height);
    }
    if let Some(rings) = rings {
        doc.set("rings", rings);
    }
    if rows {
        let source = maze.rows();
        let rows: Vec<Value> = (0..source.height())
            .map(|r| {
                let mut row = Vec::new();
                source.write_row(r, &mut row);
                Value::String(String::from_utf8(row).expect("cell digits are ASCII"))
            })
            .collect();
        doc.set_value("cells", Value::Array(rows));
    } else {
        doc.set_value("cells", Value::Null);
    }
}
