//! The progress bar: on a pseudo-terminal a long run shows a bar that keeps
//! being redrawn, also in a phase that reports no progress (its steady
//! tick); on a pipe, or with `--quiet`, nothing is drawn. Frames are counted,
//! not timed: how often the tick fires is no business of a test on a shared
//! machine.
//!
//! The pseudo-terminal is util-linux's `script` (`script -qfec CMD /dev/null`
//! runs CMD with stdin, stdout and stderr on a new pty and copies what CMD
//! writes to its own stdout as it comes).

use std::collections::HashSet;
use std::io::Read;
use std::process::{Command, Stdio};

/// `verify one-pile:f=3*t --up-to 500000`: about 3.5 s in a release build on
/// the project's 2-core machine (measured), longer in a debug build.
const LONG: &[&str] = &["verify", "one-pile:f=3*t", "--up-to", "500000"];

struct Run {
    /// Every read of the pty's output.
    chunks: Vec<Vec<u8>>,
}

impl Run {
    fn text(&self) -> String {
        let bytes: Vec<u8> = self.chunks.iter().flat_map(|b| b.clone()).collect();
        String::from_utf8_lossy(&bytes).to_string()
    }
}

/// The bar's frames as drawn: each redraw returns to the line's start
/// (`\r`), clears it and writes the spinner glyph (braille) and the rest.
fn frames(text: &str) -> Vec<&str> {
    text.split('\r')
        .map(|f| f.trim_start_matches("\u{1b}[2K"))
        .filter(|f| {
            f.chars()
                .next()
                .is_some_and(|c| ('\u{2801}'..='\u{28ff}').contains(&c))
        })
        .collect()
}

fn in_pty(args: &[&str]) -> Run {
    let bin = env!("CARGO_BIN_EXE_takeaway");
    let cmd = std::iter::once(bin)
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut child = Command::new("script")
        .args(["-qfec", &cmd, "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("util-linux `script` runs the command on a pseudo-terminal");
    let mut out = child.stdout.take().expect("stdout");
    let mut chunks = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match out.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => chunks.push(buf[..n].to_vec()),
        }
    }
    let status = child.wait().expect("wait");
    assert!(status.success(), "{args:?} failed: {status}");
    Run { chunks }
}

#[test]
fn a_long_run_on_a_terminal_shows_a_bar_that_keeps_moving() {
    let run = in_pty(LONG);
    let text = run.text();
    assert!(
        text.contains("verify one-pile:f=3*t ["),
        "no bar on the terminal: {text:?}"
    );
    assert!(text.contains("agree"), "no result: {text:?}");
    // Redrawn again and again, the spinner turning (the workload lasts
    // seconds on any machine: 3.5 s in a release build here, dozens of
    // frames at the 150 ms tick)...
    let frames = frames(&text);
    assert!(frames.len() >= 5, "{} frames: {text:?}", frames.len());
    let glyphs: HashSet<char> = frames.iter().filter_map(|f| f.chars().next()).collect();
    assert!(glyphs.len() >= 3, "the spinner did not turn: {glyphs:?}");
    // ... also after the last counted phase, while the work reports no
    // progress (the steady tick, not the work, draws those frames).
    let counted = frames.iter().rposition(|f| f.contains(" (eta "));
    let after = frames.len() - counted.map_or(0, |i| i + 1);
    assert!(after >= 2, "no redraw after the counted phase: {text:?}");
}

#[test]
fn quiet_turns_the_bar_off_on_a_terminal() {
    let mut args = LONG.to_vec();
    args.push("--quiet");
    let run = in_pty(&args);
    let text = run.text();
    assert!(text.contains("agree"), "no result: {text:?}");
    assert!(
        !text.contains("verify one-pile:f=3*t [") && !text.contains('\u{1b}'),
        "a bar despite --quiet: {text:?}"
    );
}

#[test]
fn no_bar_on_a_pipe() {
    let out = Command::new(env!("CARGO_BIN_EXE_takeaway"))
        .args(LONG)
        .output()
        .expect("run");
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "stderr on a pipe: {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("agree"));
}
