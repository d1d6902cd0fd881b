//! Mazes for machines (`--for`, `-o FILE.stl`): strokes for a laser cutter or a pen plotter,
//! a solid for a 3D printer.

use crate::Args;
use crate::advice::advise;
use crate::draw::write_drawings;
use grid_cli::{Error, Result, Status};
use grid_core::{Document, Kind, MazeDoc};
use grid_render::walls::WallGraph;
use std::io::IsTerminal;

/// Each maze as a solid for a 3D printer: one STL, or one a document with `{n}`.
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
        let unit = options.segment_mm / options.cell_mm;
        let graph = wall_graph(&doc, true, unit).map_err(|e| place.locate(e))?;
        let mesh =
            grid_render::solid::solid(&graph, &options).map_err(|e| place.locate(advise(e)))?;
        reports.push(plate_report(place, mesh.footprint()));
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
