//! A tool's man page, from the same clap definitions as its `--help`: clap_mangen's sections,
//! with each subcommand's synopsis and options on the one page (`mines new` has no page of
//! its own to point to) and the examples as an EXAMPLES section, kept as written.

use clap::Command;

/// The date of this version, printed in the man pages' title line.
pub const RELEASE_DATE: &str = "2026-12-01";

/// The man page of `cmd`, the tool called `tool`, as roff.
pub fn page(cmd: &Command, tool: &str) -> std::io::Result<Vec<u8>> {
    // Built, as parsing builds it, so that every argument and subcommand is complete.
    let mut cmd = cmd.clone();
    cmd.build();
    let cmd = &cmd;
    let man = clap_mangen::Man::new(cmd.clone())
        .date(RELEASE_DATE)
        .source(format!("gridkit {}", env!("CARGO_PKG_VERSION")))
        .manual("gridkit");
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        out.extend(command_section(sub, tool)?);
    }
    if let Some(examples) = cmd.get_after_help() {
        out.extend(examples_section("EXAMPLES", &examples.to_string()).into_bytes());
    }
    if cmd.get_version().is_some() {
        man.render_version_section(&mut out)?;
    }
    Ok(tidy(&out))
}

/// A subcommand's section: its synopsis, what it does, its options and its examples.
fn command_section(sub: &Command, tool: &str) -> std::io::Result<Vec<u8>> {
    let full = format!("{tool} {}", sub.get_name());
    let man = clap_mangen::Man::new(sub.clone().bin_name(full.clone()));
    let mut synopsis = Vec::new();
    man.render_synopsis_section(&mut synopsis)?;
    let mut description = Vec::new();
    man.render_description_section(&mut description)?;
    let mut options = Vec::new();
    man.render_options_section(&mut options)?;
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    let mut section = format!(".SH \"{}\"\n", full.to_uppercase());
    section.push_str(&text(synopsis).replacen(".SH SYNOPSIS\n", "", 1));
    section.push_str(&text(description).replacen(".SH DESCRIPTION\n", ".PP\n", 1));
    if sub.get_arguments().any(|a| !a.is_hide_set()) {
        section.push_str(&text(options).replacen(".SH OPTIONS\n", ".SS Options\n", 1));
    }
    if let Some(examples) = sub.get_after_help() {
        let block = examples_section("", &examples.to_string());
        section.push_str(&block.replacen(".SH \n", ".SS Examples\n", 1));
    }
    Ok(section.into_bytes())
}

/// Text kept as written, one line a line: roff's escapes made harmless.
fn examples_section(title: &str, text: &str) -> String {
    let mut out = format!(".SH {title}\n.nf\n");
    for line in text.lines() {
        let line = line.replace('\\', "\\e");
        // A line starting with a dot or a quote would be read as a request.
        if line.starts_with(['.', '\'']) {
            out.push_str("\\&");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(".fi\n");
    out
}

/// clap_mangen separates a flag's help from its list of values by a line break, an empty
/// line and another break, which man page linters flag (mandoc: "skipping paragraph macro");
/// one paragraph space says the same.
fn tidy(roff: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(roff)
        .replace("\n.br\n\n.br\n", "\n.sp\n")
        .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_keep_their_lines_and_subcommands_their_options() {
        let cmd = Command::new("demo")
            .about("Does a demo thing")
            .after_help("Examples:\n  demo sub --fast | .hidden\n  demo 'quoted'")
            .subcommand(
                Command::new("sub")
                    .about("A part of it")
                    .arg(
                        clap::Arg::new("fast")
                            .long("fast")
                            .action(clap::ArgAction::SetTrue),
                    )
                    .after_help("Examples:\n  demo sub --fast"),
            );
        let page = String::from_utf8(page(&cmd, "demo").unwrap()).unwrap();
        assert!(page.contains(".SH EXAMPLES\n.nf\nExamples:\n  demo sub --fast | .hidden\n"));
        assert!(page.contains(".SH \"DEMO SUB\"\n"), "{page}");
        assert!(page.contains(".SS Options\n"), "{page}");
        assert!(page.contains("\\-\\-fast"), "{page}");
        assert!(page.contains(".SS Examples\n.nf\n"), "{page}");
        assert!(
            !page.contains("demo-sub(1)"),
            "no page that cannot be made is named"
        );
        assert!(!page.contains(".SH EXTRA"), "{page}");
    }
}
