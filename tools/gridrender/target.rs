//! What a command line makes (its target: text, a picture, a page that plays, a book, a
//! machine's file), and the one table of which flag applies to which target, so that a flag
//! that would do nothing in the combination given is refused, never ignored.

use crate::{Args, Format, MachineArg};
use grid_cli::args::{Given, number_in};
use grid_cli::{Error, Result};
use grid_render::Picture;
use grid_render::cut::Machine;
use std::io::IsTerminal;

/// The size of a printed tube (a wrapped maze, `-o FILE.stl`), a flag of its own here beside
/// the table that says where it applies.
#[derive(Debug, clap::Args)]
pub struct TubeArg {
    /// A wrapped maze printed as a tube (-o FILE.stl): the hole through it, its diameter
    /// in millimetres. The cells are made as wide as fit round it at the walls' foot
    /// (instead of --cell-mm), and as long along the tube.
    #[arg(long, value_name = "MM", conflicts_with = "cell_mm",
          value_parser = number_in(1.0..=1000.0, "millimetres"))]
    pub inner_mm: Option<f64>,
}

/// What is made of the documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Text (term, text), or a maze replayed on the terminal (--animate).
    Text,
    /// A picture: SVG, PNG or HTML, still or animated.
    Picture(Picture),
    /// A page that plays the puzzle in a browser (--play).
    Play,
    /// A printable PDF book.
    Book,
    /// Strokes for a laser cutter or a pen plotter (SVG or DXF, in millimetres).
    Cutter(Machine),
    /// A solid for a 3D printer (STL).
    Printer,
}

impl Target {
    fn drawing(self) -> bool {
        matches!(self, Target::Text | Target::Picture(_))
    }

    fn machine(self) -> bool {
        matches!(self, Target::Cutter(_) | Target::Printer)
    }
}

/// The format asked for, or the one the output file's extension names.
pub fn format_of(args: &Args) -> Result<Format> {
    if let Some(f) = args.format {
        return Ok(f);
    }
    let Some(path) = &args.output else {
        return Ok(Format::Term);
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        Some("html" | "htm") => Ok(Format::Html),
        Some("txt" | "text") => Ok(Format::Text),
        Some("dxf") => Ok(Format::Dxf),
        Some("stl") => Ok(Format::Stl),
        Some("pdf") => Ok(Format::Pdf),
        Some(other) => Err(Error::usage(format!(
            "{}: unknown extension .{other} (svg, png, html, txt, pdf, dxf with --for, or \
             stl; or give --format)",
            path.display()
        ))),
        None => Err(Error::usage(format!(
            "{}: no extension to tell the format (svg, png, html, txt, pdf, dxf with --for, or \
             stl; or give --format)",
            path.display()
        ))),
    }
}

/// What the format, `--for` and `--play` make together, or why they make nothing.
pub fn target_of(args: &Args, format: Format) -> Result<Target> {
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    if format == Format::Png && to_terminal {
        return Err(Error::usage(
            "a PNG picture would garble the terminal: write it with -o FILE or redirect stdout",
        ));
    }
    let machine = match (args.machine, format) {
        (None, Format::Stl) => Some(MachineArg::Printer),
        (machine, _) => machine,
    };
    let cutter = |m| match m {
        MachineArg::Laser => Machine::Laser,
        _ => Machine::Plotter,
    };
    Ok(match (format, machine) {
        // --for, and any other flag a book has no use for, is refused by the table.
        (Format::Pdf, _) => Target::Book,
        (Format::Stl, Some(MachineArg::Printer)) => Target::Printer,
        (_, Some(MachineArg::Printer)) => {
            return Err(Error::usage(
                "--for printer writes an STL solid: -o FILE.stl, or --format stl",
            ));
        }
        (Format::Svg | Format::Dxf, Some(m)) => Target::Cutter(cutter(m)),
        (_, Some(_)) => {
            return Err(Error::usage(
                "--for laser and plotter write SVG or DXF sized in millimetres: -o FILE.svg or \
                 FILE.dxf, or --format svg|dxf",
            ));
        }
        // STL without --for is the printer's (above), so only DXF is left without a machine.
        (Format::Dxf | Format::Stl, None) => {
            return Err(Error::usage(
                "DXF holds a maze's strokes for a machine: add --for laser or --for plotter",
            ));
        }
        (Format::Html, None) if args.play => Target::Play,
        (_, None) if args.play => {
            return Err(Error::usage(
                "--play writes a page for a browser: -o FILE.html, or --format html",
            ));
        }
        (Format::Term | Format::Text, None) => Target::Text,
        (Format::Svg, None) => Target::Picture(Picture::Svg),
        (Format::Png, None) => Target::Picture(Picture::Png),
        (Format::Html, None) => Target::Picture(Picture::Html),
    })
}

/// A flag of the table: clap's id, as typed, where it applies, and what it is for.
struct Rule {
    id: &'static str,
    flag: &'static str,
    applies: fn(&Args, Target) -> bool,
    purpose: &'static str,
}

const MACHINE_FILE: &str = "a machine's file (--for laser|plotter, or -o FILE.stl)";
const PRINT: &str = "a printed maze (-o FILE.stl)";
const BOOK: &str = "a PDF book (-o FILE.pdf)";
const PICTURE: &str = "pictures (--format svg, png or html)";
const DRAWING: &str = "pictures and text, not a machine's file, a book or a page that plays";

/// Which flag applies to which target: the one place that says so. A flag given where it
/// does not apply is refused, the first in this order.
const RULES: &[Rule] = &[
    Rule {
        id: "play",
        flag: "--play",
        applies: |_, t| t == Target::Play,
        purpose: "a page that plays in a browser (-o FILE.html)",
    },
    Rule {
        id: "machine",
        flag: "--for",
        applies: |_, t| t.machine(),
        purpose: "a machine's file (-o FILE.svg or FILE.dxf, or -o FILE.stl), not a book",
    },
    Rule {
        id: "paper",
        flag: "--paper",
        applies: |_, t| t == Target::Book,
        purpose: BOOK,
    },
    Rule {
        id: "per_page",
        flag: "--per-page",
        applies: |_, t| t == Target::Book,
        purpose: BOOK,
    },
    Rule {
        id: "answers",
        flag: "--answers",
        applies: |_, t| t == Target::Book,
        purpose: BOOK,
    },
    Rule {
        id: "cell_mm",
        flag: "--cell-mm",
        applies: |_, t| t.machine(),
        purpose: MACHINE_FILE,
    },
    Rule {
        id: "size",
        flag: "--size",
        applies: |_, t| t.machine(),
        purpose: MACHINE_FILE,
    },
    Rule {
        id: "outline_layer",
        flag: "--outline-layer",
        applies: |a, t| matches!(t, Target::Cutter(_)) && a.kerf.is_none(),
        purpose: "strokes along the walls (--for laser|plotter, without --kerf)",
    },
    Rule {
        id: "kerf",
        flag: "--kerf",
        applies: |_, t| t == Target::Cutter(Machine::Laser),
        purpose: "--for laser",
    },
    Rule {
        id: "wall_mm",
        flag: "--wall-mm",
        applies: |a, t| t == Target::Printer || a.kerf.is_some(),
        purpose: "a printed maze (-o FILE.stl), or walls cut as pieces (--kerf)",
    },
    Rule {
        id: "wall_height",
        flag: "--wall-height",
        applies: |_, t| t == Target::Printer,
        purpose: PRINT,
    },
    Rule {
        id: "base_mm",
        flag: "--base-mm",
        applies: |_, t| t == Target::Printer,
        purpose: PRINT,
    },
    Rule {
        id: "segment_mm",
        flag: "--segment-mm",
        applies: |_, t| t == Target::Printer,
        purpose: PRINT,
    },
    Rule {
        id: "marble",
        flag: "--marble",
        applies: |_, t| t == Target::Printer,
        purpose: PRINT,
    },
    Rule {
        id: "inner_mm",
        flag: "--inner-mm",
        applies: |_, t| t == Target::Printer,
        purpose: "a printed tube (a wrapped maze, -o FILE.stl)",
    },
    Rule {
        id: "ball_mm",
        flag: "--ball-mm",
        applies: |a, t| t == Target::Printer && a.marble,
        purpose: "printed marble mazes (-o maze.stl --marble)",
    },
    Rule {
        id: "ascii",
        flag: "--ascii",
        applies: |_, t| t == Target::Printer,
        purpose: PRINT,
    },
    Rule {
        id: "cell_size",
        flag: "--cell-size",
        applies: |_, t| matches!(t, Target::Picture(_)),
        purpose: PICTURE,
    },
    Rule {
        id: "theme",
        flag: "--theme",
        applies: |_, t| matches!(t, Target::Picture(_)),
        purpose: PICTURE,
    },
    Rule {
        id: "caption",
        flag: "--caption",
        applies: |_, t| t.drawing(),
        purpose: DRAWING,
    },
    Rule {
        id: "solution",
        flag: "--solution",
        applies: |_, t| t.drawing(),
        purpose: DRAWING,
    },
    Rule {
        id: "animate",
        flag: "--animate",
        applies: |_, t| t.drawing(),
        purpose: DRAWING,
    },
    Rule {
        id: "style",
        flag: "--style",
        applies: |_, t| t.drawing(),
        purpose: DRAWING,
    },
    Rule {
        id: "fps",
        flag: "--fps",
        applies: |a, t| t.drawing() && a.animate,
        purpose: "a maze's replay (--animate)",
    },
];

/// Refuses the first flag given that does nothing for `target`.
pub fn check_flags(given: &Given<Args>, target: Target) -> Result<()> {
    match RULES
        .iter()
        .find(|r| given.has(r.id) && !(r.applies)(&given.args, target))
    {
        Some(rule) => Err(Error::usage(format!(
            "{} is for {}",
            rule.flag, rule.purpose
        ))),
        None => Ok(()),
    }
}

/// The first flag given (`typed`: clap's ids) that a replay summary's chart has no use for:
/// a chart takes the format, the output and the theme, and nothing else of a picture's.
pub fn refused_by_chart(typed: &[String]) -> Option<&'static str> {
    RULES
        .iter()
        .find(|r| r.id != "theme" && typed.iter().any(|t| t == r.id))
        .map(|r| r.flag)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every row names a flag the command line has, under its id.
    #[test]
    fn every_rule_names_a_real_flag() {
        let cmd = Args::command();
        for rule in RULES {
            let arg = cmd
                .get_arguments()
                .find(|a| a.get_id() == rule.id)
                .unwrap_or_else(|| panic!("no argument {}", rule.id));
            assert_eq!(format!("--{}", arg.get_long().unwrap()), rule.flag);
        }
    }
}
