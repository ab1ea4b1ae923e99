//! The progress bar: on a pseudo-terminal a run of 2 s or more shows a bar
//! that moves for the whole run (no stretch of 1.5 s without a redraw); on a
//! pipe, or with `--quiet`, nothing is drawn.
//!
//! The pseudo-terminal is util-linux's `script` (`script -qfec CMD /dev/null`
//! runs CMD with stdin, stdout and stderr on a new pty and copies what CMD
//! writes to its own stdout as it comes).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `verify one-pile:f=3*t --up-to 500000`: about 3.5 s in a release build on
/// the project's 2-core machine (measured), longer in a debug build.
const LONG: &[&str] = &["verify", "one-pile:f=3*t", "--up-to", "500000"];

/// Longest stretch allowed without a redraw.
const GAP: Duration = Duration::from_millis(1500);

struct Run {
    /// (time since start, bytes) of every read of the pty's output.
    chunks: Vec<(Duration, Vec<u8>)>,
    elapsed: Duration,
}

impl Run {
    fn text(&self) -> String {
        let bytes: Vec<u8> = self.chunks.iter().flat_map(|(_, b)| b.clone()).collect();
        String::from_utf8_lossy(&bytes).to_string()
    }
}

fn in_pty(args: &[&str]) -> Run {
    let bin = env!("CARGO_BIN_EXE_takeaway");
    let cmd = std::iter::once(bin)
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let start = Instant::now();
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
            Ok(n) => chunks.push((start.elapsed(), buf[..n].to_vec())),
        }
    }
    let status = child.wait().expect("wait");
    assert!(status.success(), "{args:?} failed: {status}");
    Run {
        chunks,
        elapsed: start.elapsed(),
    }
}

#[test]
fn a_long_run_on_a_terminal_shows_a_bar_that_keeps_moving() {
    let run = in_pty(LONG);
    assert!(
        run.elapsed >= Duration::from_secs(2),
        "the workload must run 2 s or more to test the bar; it took {:?}",
        run.elapsed
    );
    let text = run.text();
    assert!(
        text.contains("verify one-pile:f=3*t ["),
        "no bar on the terminal: {text:?}"
    );
    assert!(text.contains("agree"), "no result: {text:?}");
    // From the start to the end of the run, no stretch of GAP without output.
    let mut last = Duration::ZERO;
    for (at, _) in &run.chunks {
        assert!(
            *at - last <= GAP,
            "no redraw from {last:?} to {at:?} (run of {:?})",
            run.elapsed
        );
        last = *at;
    }
    assert!(
        run.elapsed - last <= GAP,
        "no redraw in the last {:?} of the run",
        run.elapsed - last
    );
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
