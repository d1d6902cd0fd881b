//! The argument groups several tools share, each defined once and flattened into every tool
//! that takes it, so that a flag has one spelling, one short form and one meaning everywhere
//! (docs/cli.md lists them all).

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use grid_core::choice::Named;
use std::io::IsTerminal;
use std::path::PathBuf;

/// The input files.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// Input files; stdin when none is given, or for `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// `--pretty`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct PrettyArg {
    /// Pretty-print the JSON (one document over many lines).
    #[arg(long)]
    pub pretty: bool,
}

/// `--seed`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct SeedArg {
    /// Seed for reproducible output: the same seed gives the same bytes on every run and
    /// platform. Drawn at random, and written into the document, when absent.
    #[arg(long, short, value_name = "N", value_parser = seed_number())]
    pub seed: Option<u64>,
}

impl SeedArg {
    /// The seed given, or a fresh one.
    pub fn or_fresh(&self) -> u64 {
        self.seed.unwrap_or_else(grid_core::Rng::fresh_seed)
    }
}

/// `--color`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct ColorArg {
    /// When to use colour: auto means when stdout is a terminal and NO_COLOR is not set.
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorChoice,
}

/// `--color auto|always|never`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal and NO_COLOR is unset or empty.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Colour on stdout: `always`, or `auto` with stdout a terminal and `NO_COLOR` unset or
    /// empty (no-color.org).
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// A clap value parser for a library's named choices (`--algo`, `--level`), with the help
/// line of each value: the one mechanism for enum values whose type clap cannot derive on.
pub fn named<T: Named + Send + Sync>() -> impl TypedValueParser<Value = T> {
    let values = T::ALL.iter().map(|v| {
        let value = PossibleValue::new(v.name());
        match v.summary() {
            "" => value,
            help => value.help(help),
        }
    });
    PossibleValuesParser::new(values)
        .map(|s| grid_core::choice::parse::<T>(&s).expect("clap lets only listed names through"))
}

/// A share from 0 to 1 (`--braid`, `--weave`, `--density`).
pub fn fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err("expected a fraction from 0 to 1".into()),
    }
}

/// A number from `range`'s start to its end, with a message that names `what` and the range
/// when it is not (`gridrender --fps`, `--cell-mm`).
pub fn number_in(
    range: std::ops::RangeInclusive<f64>,
    what: &'static str,
) -> impl TypedValueParser<Value = f64> {
    move |s: &str| -> Result<f64, String> {
        match s.parse::<f64>() {
            Ok(x) if range.contains(&x) => Ok(x),
            _ => Err(format!(
                "expected {what}, from {} to {}",
                range.start(),
                range.end()
            )),
        }
    }
}

/// A whole number of at least `min`, with a message that names the range when it is not.
pub fn at_least(min: u64, what: &'static str) -> impl TypedValueParser<Value = u64> {
    move |s: &str| -> Result<u64, String> {
        match s.trim().parse::<u64>() {
            Ok(n) if n >= min => Ok(n),
            _ => Err(format!("expected a whole number of {what}, {min} or more")),
        }
    }
}

/// A seed: any whole number a `u64` holds, with a message that names that range when it is
/// not (`--seed -1` or `--seed 18446744073709551616`), as the other numeric flags do.
fn seed_number() -> impl TypedValueParser<Value = u64> {
    |s: &str| -> Result<u64, String> {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_named() {
        let p = at_least(1, "games");
        let cmd = clap::Command::new("t");
        let arg = clap::Arg::new("n");
        let e = p
            .parse_ref(&cmd, Some(&arg), std::ffi::OsStr::new("-3"))
            .unwrap_err();
        assert!(e.to_string().contains("1 or more"), "{e}");
        let p = number_in(0.1..=1000.0, "millimetres");
        let e = p
            .parse_ref(&cmd, Some(&arg), std::ffi::OsStr::new("0"))
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("expected millimetres, from 0.1 to 1000"),
            "{e}"
        );
    }

    #[test]
    fn a_seed_out_of_range_names_the_range() {
        let cmd = clap::Command::new("t");
        let arg = clap::Arg::new("n");
        for bad in ["-1", "18446744073709551616", "x"] {
            let e = seed_number()
                .parse_ref(&cmd, Some(&arg), std::ffi::OsStr::new(bad))
                .unwrap_err();
            assert!(
                e.to_string()
                    .contains("expected a whole number from 0 to 18446744073709551615"),
                "{e}"
            );
        }
        let ok = seed_number().parse_ref(&cmd, Some(&arg), std::ffi::OsStr::new("7"));
        assert_eq!(ok.unwrap(), 7);
    }
}

/// A tool's arguments with the ids of those the command line gave, as against defaults: a
/// flag with a default shown in `--help` (`default_value_t`) is still refused where it does
/// nothing, when it was typed.
#[derive(Debug)]
pub struct Given<A> {
    pub args: A,
    given: Vec<String>,
}

impl<A> Given<A> {
    /// Whether the command line gave the argument `id` (clap's id: the field's name).
    pub fn has(&self, id: &str) -> bool {
        self.given.iter().any(|g| g == id)
    }

    /// The ids of the arguments the command line gave, for a check that must wait for a
    /// document (a flag that does nothing for this one).
    pub fn ids(&self) -> &[String] {
        &self.given
    }
}

impl<A: clap::FromArgMatches> clap::FromArgMatches for Given<A> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let given = matches
            .ids()
            .filter(|id| {
                matches.value_source(id.as_str()) == Some(clap::parser::ValueSource::CommandLine)
            })
            .map(|id| id.to_string())
            .collect();
        Ok(Given {
            args: A::from_arg_matches(matches)?,
            given,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<A: clap::CommandFactory> clap::CommandFactory for Given<A> {
    fn command() -> clap::Command {
        A::command()
    }

    fn command_for_update() -> clap::Command {
        A::command_for_update()
    }
}
