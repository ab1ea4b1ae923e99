//! Issue 16: number arguments from `@FILE` and `-` (standard input), for
//! numbers longer than the operating system lets one argument be (128 KiB),
//! and their errors: one `error:` line, never a panic.

use crate::cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").expect("binary built")
}

/// A scratch file with `text`, unique per test.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("takeaway-numbers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

fn at(path: &std::path::Path) -> String {
    format!("@{}", path.display())
}

fn json(args: &[&str], stdin: &str) -> Value {
    let out = takeaway()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// Fails with exit status 1 and exactly one `error: ...` line on stderr.
fn fails_with_one_line(args: &[&str], stdin: &str) -> String {
    let out = takeaway()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn file_and_stdin_give_the_same_answer_as_the_literal() {
    // Source: the same command with the number written on the command line.
    let path = file("twenty.txt", "  20\n\n");
    let literal = json(&["analyze", "fibonacci", "20", "--json"], "");
    assert_eq!(
        json(&["analyze", "fibonacci", &at(&path), "--json"], ""),
        literal
    );
    assert_eq!(
        json(&["analyze", "fibonacci", "-", "--json"], "20\n"),
        literal
    );
    // --bound from a file, a pile from stdin (one `-` per command).
    let six = file("six.txt", "6");
    assert_eq!(
        json(
            &[
                "analyze",
                "two-pile:f=2*t",
                "-",
                "62",
                "--bound",
                &at(&six),
                "--json"
            ],
            "20"
        ),
        json(
            &[
                "analyze",
                "two-pile:f=2*t",
                "20",
                "62",
                "--bound",
                "6",
                "--json"
            ],
            ""
        )
    );
    // repr's N; paper 001: 8 = 100000 and 10101.
    let v = json(&["repr", "zeckendorf", "-", "--json"], "8");
    assert_eq!(v["canonical"], "100000");
    assert_eq!(v["second_canonical"], "10101");
}

#[test]
fn a_number_longer_than_one_argument_may_be() {
    // 200,000 digits: more than the 128 KiB the OS allows one argument.
    // Source: a canonical form's value is n (checked in the library's tests);
    // here the JSON must give back exactly the digits read.
    let digits: String = (0..200_000)
        .map(|i| char::from(b'1' + (i * 7 % 9) as u8))
        .collect();
    let path = file("big.txt", &digits);
    let v = json(&["repr", "zeckendorf", &at(&path), "--json"], "");
    assert_eq!(v["n"].to_string(), digits);
    let canonical = v["canonical"].as_str().expect("string");
    assert!(!canonical.contains("11"));
}

#[test]
fn bad_sources_give_one_error_line() {
    let missing = std::env::temp_dir().join("takeaway-no-such-file-16.txt");
    let err = fails_with_one_line(&["analyze", "fibonacci", &at(&missing)], "");
    assert!(
        err.contains("Pile 1") && err.contains("cannot read"),
        "{err}"
    );

    let bad = file("bad.txt", "12x4\n");
    let err = fails_with_one_line(&["analyze", "fibonacci", &at(&bad)], "");
    assert!(err.contains("unexpected `x` at column 3"), "{err}");

    let empty = file("empty.txt", " \n");
    let err = fails_with_one_line(&["repr", "zeckendorf", &at(&empty)], "");
    assert!(err.contains("empty"), "{err}");

    let err = fails_with_one_line(&["analyze", "wythoff", "-", "-"], "3\n");
    assert!(
        err.contains("Pile 2") && err.contains("at most one"),
        "{err}"
    );

    let err = fails_with_one_line(&["analyze", "fibonacci", "@"], "");
    assert!(err.contains("file name"), "{err}");

    let err = fails_with_one_line(&["analyze", "fibonacci", "-"], "seven");
    assert!(err.contains("standard input"), "{err}");

    // `play` reads its moves from standard input.
    let err = fails_with_one_line(&["play", "fibonacci", "-"], "20\nquit\n");
    assert!(err.contains("@FILE"), "{err}");
}

#[test]
fn help_documents_file_and_stdin() {
    for cmd in [
        &["analyze", "--help"][..],
        &["repr", "zeckendorf", "--help"],
    ] {
        let out = takeaway().args(cmd).output().expect("runs");
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            help.contains("@FILE") && help.contains("standard input"),
            "{cmd:?}: {help}"
        );
    }
}
