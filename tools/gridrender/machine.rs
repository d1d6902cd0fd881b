//! Mazes for machines (`--for`, `-o FILE.stl`): strokes for a laser cutter or a pen plotter,
//! a solid for a 3D printer.

use crate::Args;
use crate::advice::advise;
use crate::draw::write_drawings;
use grid_cli::{Error, Result, Status};
use grid_core::tiling::{AnyMaze, TiledDoc, Tiling};
use grid_core::{Document, Kind, MazeDoc};
use grid_render::walls::WallGraph;
use std::io::IsTerminal;

/// Each maze as a solid for a 3D printer: one STL, or one a document with `{n}`. A flat
/// maze is a plate, a maze wrapped x or y a tube, a cube maze a cube.
pub fn draw_solid(args: &Args) -> Result<Status> {
    use grid_render::solid::SolidOptions;
    let options = SolidOptions {
        cell_mm: match args.ball_mm {
            // The passage between two walls: the ball and a millimetre to spare.
            Some(ball) => ball + grid_render::machine::BALL_CLEARANCE_MM + args.wall_mm,
            None => args.cell_mm,
        },
        size: args.size,
        wall_mm: args.wall_mm,
        wall_height: args.wall_height,
        base_mm: args.base_mm,
        segment_mm: args.segment_mm,
        marble: args.marble,
    };
    if args.output.is_none() && !args.ascii && std::io::stdout().is_terminal() {
        return Err(Error::usage(
            "a binary STL would garble the terminal: write it with -o FILE.stl, or --ascii",
        ));
    }
    let too_many = "an STL holds one maze, and the input has more: name a file for each with \
                    {n} (-o 'maze-{n}.stl')";
    let mut reports = Vec::new();
    let status = write_drawings(args, too_many, |place, doc| {
        if doc.kind() != Kind::Maze {
            return Err(place.locate(Error::input(format!(
                "a printed maze is made from a maze document, and this is a {} document",
                doc.kind()
            ))));
        }
        let tiling = grid_core::tiling::tiling_of(&doc).map_err(|e| place.locate(e))?;
        if grid_core::tiling::is_hex_wrap(&doc) {
            return Err(place.locate(Error::input(
                "a hex maze with wrapped edges cannot be printed yet (a tube is made of square \
                 cells); draw it as text, a picture, a page or a book",
            )));
        }
        refuse_for_shape(args, tiling).map_err(|e| place.locate(e))?;
        let (mesh, report) = match grid_render::tiled_maze(&doc).map_err(|e| place.locate(e))? {
            Some(TiledDoc {
                maze: AnyMaze::Wrapped(maze),
                ..
            }) => {
                let tube = grid_render::solid::tube(&maze, &options, args.tube.inner_mm)
                    .map_err(|e| place.locate(advise_tube(e, args)))?;
                let report = tube_report(place, &tube);
                (tube.mesh, report)
            }
            Some(TiledDoc {
                maze: AnyMaze::Cube(maze),
                ..
            }) => {
                let mesh = grid_render::solid::cube(&maze, &options)
                    .map_err(|e| place.locate(advise_cube(e)))?;
                let report = cube_report(place, mesh.footprint().0);
                (mesh, report)
            }
            _ => {
                let unit = options.segment_mm / options.cell_mm;
                let graph = wall_graph(&doc, true, unit).map_err(|e| place.locate(e))?;
                let mesh = grid_render::solid::solid(&graph, &options)
                    .map_err(|e| place.locate(advise(e)))?;
                let report = plate_report(place, mesh.footprint());
                (mesh, report)
            }
        };
        reports.push(report);
        let name = format!("maze {}", place.line);
        Ok(if args.ascii {
            mesh.stl_ascii(&name).into_bytes()
        } else {
            mesh.stl(&name)
        })
    })?;
    say_all(&reports);
    Ok(status)
}

/// Refuses what a maze of `tiling` does not print, and the flags that do nothing for its
/// shape: levels (not printed yet); `--size` and `--marble`, which fit and open a flat
/// plate, on a tube or a cube; `--base-mm` and `--segment-mm` on a cube, which is solid
/// and straight; `--inner-mm`, a tube's, on anything else.
fn refuse_for_shape(args: &Args, tiling: Tiling) -> Result<()> {
    if tiling == Tiling::Levels {
        return Err(Error::input(
            "a levels maze cannot be drawn as a machine file yet (its stairs lead out of the \
             plane); draw it as text, a picture, a page or a book",
        ));
    }
    if args.tube.inner_mm.is_some() && tiling != Tiling::Wrapped {
        return Err(Error::usage(format!(
            "--inner-mm sizes a printed tube (a maze made with --wrap x or y), and this is a \
             {tiling} maze"
        )));
    }
    let shape = match tiling {
        Tiling::Wrapped => "a wrapped maze prints as a tube",
        Tiling::Cube => "a cube maze prints as a cube",
        _ => return Ok(()),
    };
    if args.typed("size") {
        let sized_by = match tiling {
            Tiling::Wrapped => "--cell-mm or --inner-mm",
            _ => "--cell-mm",
        };
        return Err(Error::usage(format!(
            "--size fits a flat maze on the bed, and {shape}: size it with {sized_by}"
        )));
    }
    if tiling == Tiling::Cube {
        for (id, flag, what) in [
            ("base_mm", "--base-mm", "a plate's base or a tube's wall"),
            ("segment_mm", "--segment-mm", "curved walls"),
        ] {
            if args.typed(id) {
                return Err(Error::usage(format!(
                    "{flag} sizes {what}, and {shape}, solid, its walls straight"
                )));
            }
        }
    }
    if args.marble {
        return Err(Error::usage(format!(
            "--marble opens a flat maze's outer wall for a ball, and {shape}, with no outer \
             wall to open"
        )));
    }
    Ok(())
}

/// A tube's refusal, worded with the flag to change: its cells come from `--inner-mm` when
/// that is given.
fn advise_tube(e: grid_render::RenderError, args: &Args) -> Error {
    use grid_render::RenderError;
    use grid_render::machine::MachineError;
    match (&e, args.tube.inner_mm) {
        (
            RenderError::Machine(MachineError::WallsTooThick {
                cell_mm,
                least_cell_mm,
                ..
            }),
            Some(inner),
        ) => {
            // The inner diameter grows with the cells: pi x (inner + 2 base) = cells x cell.
            let least = (inner + 2.0 * args.base_mm) * least_cell_mm / cell_mm - 2.0 * args.base_mm;
            Error::input(format!(
                "{e}: give --inner-mm {:.1} or more, or a thinner --wall-mm",
                (least * 10.0).ceil() / 10.0
            ))
        }
        (RenderError::Machine(MachineError::NoRoomInside { least_cell_mm, .. }), _) => {
            Error::input(format!(
                "{e}: give --cell-mm {:.1} or more, a thinner --base-mm, or --inner-mm",
                (least_cell_mm * 10.0).ceil() / 10.0
            ))
        }
        (RenderError::Machine(MachineError::TooManyPieces { .. }), _) => Error::input(format!(
            "{e}: give a longer --segment-mm, or make the maze smaller"
        )),
        _ => advise(e),
    }
}

/// A cube's refusal, worded with what to change.
fn advise_cube(e: grid_render::RenderError) -> Error {
    use grid_render::RenderError;
    use grid_render::machine::MachineError;
    match e {
        RenderError::Machine(MachineError::TooManyPieces { limit, .. }) => {
            let largest = grid_render::solid::largest_cube(limit);
            Error::input(format!(
                "{e}: make the cube's faces fewer cells a side, {largest} at most"
            ))
        }
        _ => advise(e),
    }
}

/// A printed plate's size, for stderr, with a warning and the `--size` that fits when it is
/// larger than most home printers' beds.
fn plate_report(place: &grid_cli::Place, (w, d): (f64, f64)) -> String {
    use grid_render::machine::HOME_BED_MM;
    let plate = format!(
        "the maze of {} line {} prints as a {w:.0} x {d:.0} mm plate",
        place.source, place.line
    );
    if w.max(d) <= HOME_BED_MM {
        return format!("gridrender: {plate}");
    }
    let fit = HOME_BED_MM / w.max(d);
    format!(
        "gridrender: warning: {plate}, larger than most home printers' beds ({HOME_BED_MM:.0} \
         mm): --size {:.0}x{:.0} fits one",
        (w * fit).floor(),
        (d * fit).floor()
    )
}

/// A printed tube's size, for stderr: across its walls, inside and along, and its cells;
/// with a warning when it is larger than most home printers take.
fn tube_report(place: &grid_cli::Place, tube: &grid_render::solid::Tube) -> String {
    let what = format!(
        "the maze of {} line {} prints as a tube {:.0} mm across its walls and {:.0} mm long, \
         {:.1} mm across inside, its cells {:.1} mm",
        place.source, place.line, tube.outer_mm, tube.length_mm, tube.inner_mm, tube.cell_mm
    );
    too_big(what, tube.outer_mm.max(tube.length_mm))
}

/// A printed cube's size, for stderr, with a warning when it is larger than most home
/// printers take.
fn cube_report(place: &grid_cli::Place, side: f64) -> String {
    let what = format!(
        "the maze of {} line {} prints as a cube {side:.0} mm a side over its walls",
        place.source, place.line
    );
    too_big(what, side)
}

/// `what` as a line for stderr: a warning when the solid is `largest` mm across, more than
/// most home printers' beds take.
fn too_big(what: String, largest: f64) -> String {
    use grid_render::machine::HOME_BED_MM;
    if largest <= HOME_BED_MM {
        format!("gridrender: {what}")
    } else {
        format!(
            "gridrender: warning: {what}, larger than most home printers take \
             ({HOME_BED_MM:.0} mm): give a smaller --cell-mm"
        )
    }
}

/// Says each report on stderr, once every file is written.
fn say_all(reports: &[String]) {
    for report in reports {
        grid_cli::say(format_args!("{report}"));
    }
}

/// Each maze as strokes for a machine (`--for`): one SVG, or one a document with `{n}`.
pub fn draw_cut(
    args: &Args,
    machine: grid_render::cut::Machine,
    format: crate::Format,
) -> Result<Status> {
    use grid_render::cut::{CutOptions, Machine};
    let options = CutOptions {
        machine,
        cell_mm: args.cell_mm,
        size: args.size,
        outline_layer: args.outline_layer,
        kerf: args.kerf,
        wall_mm: args.wall_mm,
    };
    let too_many = "an SVG holds one maze, and the input has more: name a file for each with \
                    {n} (-o 'maze-{n}.svg')";
    let mut reports = Vec::new();
    let status = write_drawings(args, too_many, |place, doc| {
        if doc.kind() != Kind::Maze {
            return Err(place.locate(Error::input(format!(
                "--for cuts and plots mazes, and this is a {} document",
                doc.kind()
            ))));
        }
        // Walls cut as pieces are checked against the cells they leave.
        let step = grid_render::machine::DEFAULT_SEGMENT_MM / options.cell_mm;
        let graph = wall_graph(&doc, options.kerf.is_some(), step).map_err(|e| place.locate(e))?;
        let cut =
            grid_render::cut::strokes(&graph, &options).map_err(|e| place.locate(advise(e)))?;
        if machine == Machine::Plotter {
            let (down, up) = cut.travel(&options);
            reports.push(format!(
                "gridrender: the maze of {} line {} plots in {} strokes, pen down {down:.0} \
                 mm, pen up {up:.0} mm",
                place.source,
                place.line,
                cut.strokes.len()
            ));
        }
        let drawing = match format {
            crate::Format::Dxf => cut.dxf(&options),
            _ => cut.svg(&options),
        };
        Ok(drawing.into_bytes())
    })?;
    say_all(&reports);
    Ok(status)
}

/// A maze document's walls, for a machine; with `cells`, its cells' outlines too, arcs in
/// pieces at most `step` units long.
fn wall_graph(doc: &Document, cells: bool, step: f64) -> Result<WallGraph> {
    let graph = match grid_render::tiled_maze(doc)? {
        Some(tiled) => WallGraph::tiled(&tiled, cells, step),
        None => WallGraph::square(&MazeDoc::from_document(doc)?, cells),
    };
    graph.map_err(advise)
}
