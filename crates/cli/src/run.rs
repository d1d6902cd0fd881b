//! A tool's life: its arguments parsed, `--generate` answered, its body run, and whatever
//! happened turned into one line on stderr and an exit status.
//!
//! Each tool's `fn main() -> ExitCode` is one call of [`main`]. Rust's own start-up gives the
//! process what the tools rely on: SIGPIPE ignored, so that writing to a closed pipe is an
//! error a tool ends on quietly ([`Error::is_broken_pipe`]); standard streams that were
//! closed opened on `/dev/null`; a stack overflow and a panic reported as such.

use crate::error::{Error, Result, Status};
use crate::output::say;
use clap::{ArgMatches, CommandFactory, FromArgMatches};
use clap_complete::Shell;
use std::io::Write;
use std::process::ExitCode;

/// What `--generate` writes: the man page, the flags in Markdown, or the completions for a
/// shell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Generate {
    /// The man page (roff): `TOOL --generate man > TOOL.1`.
    Man,
    /// The flags as a Markdown section, as docs/cli.md holds them.
    Markdown,
    /// Completions for bash.
    CompleteBash,
    /// Completions for zsh.
    CompleteZsh,
    /// Completions for fish.
    CompleteFish,
    /// Completions for elvish.
    CompleteElvish,
    /// Completions for PowerShell.
    CompletePowershell,
}

/// `--generate`, which every tool takes.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct GenerateArg {
    /// Write the man page, the flags in Markdown or shell completions, generated from these
    /// very options, and exit.
    #[arg(long, value_enum, value_name = "WHAT", exclusive = true)]
    pub generate: Option<Generate>,
}

/// Runs a tool: parses its arguments (a usage error is one line and status 2), answers
/// `--generate`, runs `body`, and maps its outcome to an exit status. A closed pipe
/// downstream ends the tool quietly with success: its reader has all it wants.
pub fn main<A: CommandFactory + FromArgMatches>(
    tool: &'static str,
    body: impl FnOnce(A) -> Result<Status>,
) -> ExitCode {
    let status = run(tool, body);
    // Whatever a tool printed through `print!` without a newline last is still buffered; a
    // closed stdout has nobody left to tell.
    let _ = std::io::stdout().flush();
    status.into()
}

fn run<A: CommandFactory + FromArgMatches>(
    tool: &'static str,
    body: impl FnOnce(A) -> Result<Status>,
) -> Status {
    let mut cmd = A::command();
    let matches = match cmd.try_get_matches_from_mut(std::env::args_os()) {
        Ok(m) => m,
        Err(e) => return clap_error(tool, &help_for(&cmd, tool), e),
    };
    if let Some(what) = generate_asked(&matches) {
        return finish(tool, generate(what, &mut cmd, tool).map(|()| Status::Ok));
    }
    match A::from_arg_matches(&matches) {
        Ok(args) => finish(tool, body(args)),
        Err(e) => clap_error(tool, &help_for(&cmd, tool), e),
    }
}

/// The command whose `--help` tells what went wrong: `mines replay` when the words after the
/// tool's name begin with its subcommand `replay`, else the tool.
fn help_for(cmd: &clap::Command, tool: &str) -> String {
    // args_os: a word that is no UTF-8 names no subcommand, and must not end the tool.
    let first = std::env::args_os().nth(1);
    match first
        .as_ref()
        .and_then(|w| w.to_str())
        .and_then(|w| cmd.find_subcommand(w))
    {
        Some(sub) => format!("{tool} {}", sub.get_name()),
        None => tool.to_string(),
    }
}

fn generate_asked(matches: &ArgMatches) -> Option<Generate> {
    matches
        .try_get_one::<Generate>("generate")
        .ok()
        .flatten()
        .copied()
}

/// The exit status for a body's outcome, the error said in one line.
pub fn finish(tool: &str, outcome: Result<Status>) -> Status {
    match outcome {
        Ok(status) => status,
        Err(e) if e.is_broken_pipe() => Status::Ok,
        Err(e @ Error::Usage(_)) => {
            say(format_args!(
                "{tool}: error: {} (see '{tool} --help')",
                bounded(&e)
            ));
            e.status()
        }
        Err(e) => {
            say(format_args!("{tool}: error: {}", bounded(&e)));
            e.status()
        }
    }
}

/// The longest error message written: messages quote input (a serde message names an
/// unknown value whole), and whatever the input, the message stays one readable line.
const MAX_MESSAGE: usize = 400;

/// The error's message on one line, cut to [`MAX_MESSAGE`] characters.
fn bounded(e: &Error) -> String {
    cut(&e.to_string())
}

/// `text` on one line, cut to [`MAX_MESSAGE`] characters: clap's messages quote the value
/// given, whatever its length, as serde's do.
fn cut(text: &str) -> String {
    let text: String = text.replace(['\n', '\r'], " ");
    match text.char_indices().nth(MAX_MESSAGE) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

/// Help and version go to stdout as clap writes them; every other clap error becomes one
/// line, `TOOL: error: ...`, with a pointer to `--help`.
fn clap_error(tool: &str, help: &str, e: clap::Error) -> Status {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // clap styles help for a terminal; a failed write is told as any output's is.
            let printed = e
                .print()
                .and_then(|()| std::io::stdout().flush())
                .map_err(crate::output::writing_failed);
            finish(tool, printed.map(|()| Status::Ok).map_err(Error::from))
        }
        _ => {
            say(format_args!(
                "{tool}: error: {} (see '{help} --help')",
                cut(&one_line(&e.render().to_string()))
            ));
            Status::BadInput
        }
    }
}

/// The first paragraph of clap's message on one line, without its "error: " label.
fn one_line(message: &str) -> String {
    let first = message.split("\n\n").next().unwrap_or(message);
    let words: Vec<&str> = first.lines().map(str::trim).collect();
    let line = words.join(" ");
    line.strip_prefix("error: ")
        .unwrap_or(&line)
        .trim()
        .to_string()
}

/// Writes the man page, the Markdown section or the completions of `cmd` to stdout.
fn generate(what: Generate, cmd: &mut clap::Command, tool: &str) -> Result<()> {
    // Made whole in memory first: the generators do not report a failed write.
    let mut text = Vec::new();
    match what {
        Generate::Man => text = crate::man::page(cmd, tool)?,
        Generate::Markdown => text = crate::markdown::section(cmd, tool).into_bytes(),
        Generate::CompleteBash => clap_complete::generate(Shell::Bash, cmd, tool, &mut text),
        Generate::CompleteZsh => clap_complete::generate(Shell::Zsh, cmd, tool, &mut text),
        Generate::CompleteFish => clap_complete::generate(Shell::Fish, cmd, tool, &mut text),
        Generate::CompleteElvish => clap_complete::generate(Shell::Elvish, cmd, tool, &mut text),
        Generate::CompletePowershell => {
            clap_complete::generate(Shell::PowerShell, cmd, tool, &mut text)
        }
    }
    let mut out = crate::output::Output::stdout();
    out.write_all(&text)?;
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_are_cut() {
        let e = Error::input(format!("unknown variant `{}`", "x".repeat(10_000)));
        let m = bounded(&e);
        assert_eq!(m.chars().count(), MAX_MESSAGE + 3);
        assert!(m.ends_with("..."));
    }

    #[test]
    fn a_huge_value_given_to_a_flag_is_not_echoed_whole() {
        let cmd = clap::Command::new("demo").arg(
            clap::Arg::new("n")
                .long("n")
                .value_parser(clap::value_parser!(u32)),
        );
        let huge = format!("--n={}", "x".repeat(100_000));
        let e = cmd
            .try_get_matches_from(["demo", huge.as_str()])
            .unwrap_err();
        let line = cut(&one_line(&e.render().to_string()));
        assert!(line.chars().count() <= MAX_MESSAGE + 3, "{}", line.len());
    }

    #[test]
    fn clap_messages_become_one_line() {
        let text = "error: the following required arguments were not provided:\n  <WIDTH>\n\nUsage: mazegen <WIDTH>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "the following required arguments were not provided: <WIDTH>"
        );
    }
}
