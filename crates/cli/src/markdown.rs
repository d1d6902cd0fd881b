//! A tool's flags as a Markdown section, made from the same clap definitions as its `--help`
//! and man page: docs/cli.md is these sections, one a tool, and a test keeps it current.

use clap::{Arg, Command};
use std::fmt::Write;

/// The section of `cmd`, the tool called `name`, and one for each of its subcommands.
pub fn section(cmd: &Command, name: &str) -> String {
    let mut out = String::new();
    write_command(&mut out, cmd, name, "##");
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let full = format!("{name} {}", sub.get_name());
        write_command(&mut out, sub, &full, "###");
    }
    out
}

fn write_command(out: &mut String, cmd: &Command, name: &str, heading: &str) {
    let _ = writeln!(out, "{heading} {name}\n");
    if let Some(about) = cmd.get_about() {
        let _ = writeln!(out, "{}\n", one_line(&about.to_string()));
    }
    let rows: Vec<String> = cmd
        .get_arguments()
        .filter(|a| !a.is_hide_set() && a.get_id() != "help" && a.get_id() != "version")
        .map(row)
        .collect();
    if rows.is_empty() {
        return;
    }
    out.push_str("| flag | meaning |\n| --- | --- |\n");
    for row in rows {
        out.push_str(&row);
    }
    out.push('\n');
}

/// One argument's row: how it is written, then its help, its values and its default.
fn row(arg: &Arg) -> String {
    let mut meaning = arg
        .get_long_help()
        .or_else(|| arg.get_help())
        .map(|h| one_line(&h.to_string()))
        .unwrap_or_default();
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| match v.get_help() {
            Some(help) => format!("`{}` ({})", v.get_name(), one_line(&help.to_string())),
            None => format!("`{}`", v.get_name()),
        })
        .collect();
    let takes_values = arg.get_action().takes_values();
    if !values.is_empty() && takes_values {
        end_sentence(&mut meaning);
        let _ = write!(meaning, " Values: {}.", values.join(", "));
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    // A switch's default (`false`) says nothing.
    if !defaults.is_empty() && takes_values {
        end_sentence(&mut meaning);
        let _ = write!(meaning, " Default: `{}`.", defaults.join(" "));
    }
    format!("| {} | {} |\n", spelling(arg), escape(meaning.trim()))
}

/// How the argument is written on the command line: `--seed N`, `-s`, or `WIDTH` for a
/// positional one.
fn spelling(arg: &Arg) -> String {
    let value = arg
        .get_value_names()
        .map(|names| {
            names
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
    if arg.is_positional() {
        let many = matches!(arg.get_num_args(), Some(r) if r.max_values() > 1);
        let shown = if many { format!("{value}...") } else { value };
        return if arg.is_required_set() {
            format!("`{shown}`")
        } else {
            format!("`[{shown}]`")
        };
    }
    let mut names = Vec::new();
    if let Some(long) = arg.get_long() {
        if arg.get_action().takes_values() {
            names.push(format!("`--{long} {value}`"));
        } else {
            names.push(format!("`--{long}`"));
        }
    }
    if let Some(short) = arg.get_short() {
        names.push(format!("`-{short}`"));
    }
    names.join(", ")
}

/// Ends the help text with a full stop, unless it ends with one already.
fn end_sentence(text: &mut String) {
    if !text.is_empty() && !text.ends_with(['.', '!', '?', ')']) {
        text.push('.');
    }
}

/// Help text on one line: clap's paragraphs and wrapped lines joined by spaces.
/// A word joiner (U+2060) is dropped: help text puts one inside `{n}` to keep clap from
/// printing a line break there, and the Markdown has no such trouble.
fn one_line(text: &str) -> String {
    text.replace('\u{2060}', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A table cell's text: a `|` would end the cell.
use grid_core::escape::markdown_cell as escape;

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{ArgAction, value_parser};

    fn tool() -> Command {
        Command::new("demo")
            .about("Does a demo thing")
            .arg(
                Arg::new("seed")
                    .long("seed")
                    .short('s')
                    .value_name("N")
                    .help("Seed for reproducible output")
                    .value_parser(value_parser!(u64)),
            )
            .arg(
                Arg::new("fast")
                    .long("fast")
                    .action(ArgAction::SetTrue)
                    .help("Go fast | or slow"),
            )
            .arg(
                Arg::new("shape")
                    .long("shape")
                    .value_parser(["round", "square"])
                    .default_value("round")
                    .help("The shape"),
            )
            .arg(Arg::new("width").required(true).help("Width in cells"))
            .subcommand(Command::new("sub").about("A part of it"))
    }

    #[test]
    fn every_flag_is_a_row_with_its_help_values_and_default() {
        let text = section(&tool(), "demo");
        assert!(text.starts_with("## demo\n\nDoes a demo thing\n\n| flag | meaning |\n"));
        assert!(text.contains("| `--seed N`, `-s` | Seed for reproducible output |\n"));
        assert!(
            text.contains("| `--fast` | Go fast \\| or slow |\n"),
            "{text}"
        );
        assert!(text.contains(
            "| `--shape SHAPE` | The shape. Values: `round`, `square`. Default: `round`. |\n"
        ));
        assert!(text.contains("| `WIDTH` | Width in cells |\n"), "{text}");
        assert!(text.contains("### demo sub\n\nA part of it\n"), "{text}");
        assert!(!text.contains("--help"));
    }
}
