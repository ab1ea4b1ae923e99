//! Printing: JSON to stdout, one-line errors to stderr.

use serde::Serialize;
use std::io::Write;

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

/// Writes one line on stderr (a warning; data goes to stdout).
pub(crate) fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Writes `error: ...` as one line on stderr (causes joined with `: `).
pub(crate) fn error_line(e: &anyhow::Error) {
    let mut msg = String::new();
    for (i, cause) in e.chain().enumerate() {
        let text = cause.to_string();
        if i > 0 {
            if msg.contains(&text) {
                continue;
            }
            msg.push_str(": ");
        }
        msg.push_str(&text);
    }
    let msg = msg.replace('\n', " ");
    // Control characters (an escape sequence from an @FILE, say) are shown
    // escaped (`\u{1b}`), never sent raw to the terminal.
    let msg: String = msg
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    // Messages begin with a capital (or a digit, or a flag such as `--rows`).
    let mut chars = msg.chars();
    let msg: String = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => msg,
    };
    let _ = writeln!(std::io::stderr(), "error: {msg}");
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
