//! Printing: JSON to stdout, one-line errors to stderr.

use serde::Serialize;
use std::io::Write;

/// Prints `value` as pretty JSON on stdout.
pub(crate) fn json<T: Serialize>(value: &T) -> anyhow::Result<()> {
    // Streamed through a buffer: tables of millions of values never become one String.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let r = serde_json::to_writer_pretty(&mut out, value)
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
    let _ = writeln!(std::io::stderr(), "error: {msg}");
}
