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
            Some(ball) => ball + 1.0 + args.wall_mm,
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
    write_drawings(args, too_many, |place, doc| {
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
        let name = format!("maze {}", place.line);
        Ok(if args.ascii {
            mesh.stl_ascii(&name).into_bytes()
        } else {
            mesh.stl(&name)
        })
    })
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
    write_drawings(args, too_many, |place, doc| {
        if doc.kind() != Kind::Maze {
            return Err(place.locate(Error::input(format!(
                "--for cuts and plots mazes, and this is a {} document",
                doc.kind()
            ))));
        }
        let graph = wall_graph(&doc, false, 1.0).map_err(|e| place.locate(e))?;
        let cut =
            grid_render::cut::strokes(&graph, &options).map_err(|e| place.locate(advise(e)))?;
        if machine == Machine::Plotter {
            let (down, up) = cut.travel(&options);
            grid_cli::say(format_args!(
                "gridrender: {} line {}: pen down {down:.0} mm, pen up {up:.0} mm, {} strokes",
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
    })
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
