//! Printing: JSON to stdout, one-line errors to stderr.

use serde::Serialize;
use std::io::Write;
use takeaway::games::{Opt, Words};

/// Prints `value` as pretty JSON on stdout.
pub(crate) fn json<T: Serialize>(value: &T) -> anyhow::Result<()> {
    json_to_stdout(value, true)
}

/// Prints `value` as JSON on one line (summaries: at most 100 lines whatever
/// their size).
pub(crate) fn json_line<T: Serialize>(value: &T) -> anyhow::Result<()> {
    json_to_stdout(value, false)
}

fn json_to_stdout<T: Serialize>(value: &T, pretty: bool) -> anyhow::Result<()> {
    // Streamed through a buffer: tables of millions of values never become one String.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = if pretty {
        serde_json::to_writer_pretty(&mut out, value)
    } else {
        serde_json::to_writer(&mut out, value)
    };
    let r = written
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush());
    match r {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// The command being run, as one line for a POSIX shell (the program named
/// `takeaway` whatever its path): what a figure's provenance records.
pub(crate) fn command_line() -> String {
    let args: Vec<String> = std::iter::once("takeaway".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned()),
        )
        .collect();
    takeaway::render::provenance::shell_line(&args)
}

/// Prints `text` (plus a newline if missing) on stdout; a closed pipe is not an error.
pub(crate) fn text_out(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let r = if text.ends_with('\n') {
        out.write_all(text.as_bytes())
    } else {
        writeln!(out, "{text}")
    };
    match r {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Writes a CSV with its provenance as a first `#` comment line (readers
/// skip it with e.g. pandas' `comment="#"` or `grep -v '^#'`). The line is
/// written before the values, not joined to them: a CSV of millions of rows
/// is not copied.
pub(crate) fn csv_out(provenance: &takeaway::render::Provenance, csv: &str) -> anyhow::Result<()> {
    text_out(&format!("# {}", provenance.line()))?;
    text_out(csv)
}

/// Writes one line on stderr (a warning; data goes to stdout).
pub(crate) fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Writes `error: ...` as one line on stderr (causes joined with `: `, by
/// the library's one formatter, shared with the Python package).
pub(crate) fn error_line(e: &anyhow::Error) {
    let msg = takeaway::words::error_line_in(&Flags, None, e.as_ref());
    let _ = writeln!(std::io::stderr(), "error: {msg}");
}

/// The command line's words for the options an error's advice names: its
/// flags (`--rows`, `--up-to N`) and its commands (`` `table --rows` ``).
pub(crate) struct Flags;

impl Words for Flags {
    fn option(&self, o: Opt) -> String {
        format!("--{}", o.name().replace('_', "-"))
    }

    fn call(&self, command: &str, game: Option<&str>, options: &[(Opt, &str)]) -> String {
        let mut line = command.to_string();
        if let Some(g) = game {
            line.push(' ');
            line.push_str(g);
        }
        for &(o, v) in options {
            line.push(' ');
            line.push_str(&match v {
                "" => self.option(o),
                v => self.option_value(o, v),
            });
        }
        format!("`{line}`")
    }
}

/// Prints `--help`/`--version` as clap does; any other argument error as one
/// line on stderr (`error: …`, with a pointer to `--help`), exit status 2.
pub(crate) fn usage_error(e: &clap::Error) -> std::process::ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            return std::process::ExitCode::SUCCESS;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return std::process::ExitCode::from(2);
        }
        _ => {}
    }
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("error: bad arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    // clap puts what is missing on the following lines (`  <PILES>...`).
    let detail: Vec<&str> = lines
        .take_while(|l| {
            !l.starts_with("Usage:")
                && !l.starts_with("tip:")
                && !l.starts_with("For more information")
        })
        .collect();
    let detail = if detail.is_empty() {
        String::new()
    } else {
        format!(" {}", detail.join(", "))
    };
    let _ = writeln!(
        std::io::stderr(),
        "error: {first}{detail} (see `takeaway --help`)"
    );
    std::process::ExitCode::from(2)
}
