//! The front-ends pick a renderer; they assemble no report. The library
//! holds one typed report per kind of answer, each rendered once
//! (`render/analysis.rs`, `render/verify.rs`, `render/sweep.rs`,
//! `render/quotient.rs`, `render/repr.rs`, `render/turn.rs`, the tables'
//! `render/report.rs`), and the command line (`takeaway-command/src`), the
//! server (`takeaway-web/src`) and Python (`takeaway-py/src`) only choose
//! text, CSV or JSON.
//!
//! This test reads the front-ends' sources and fails on a line that
//! assembles a report by hand:
//! - text or a document written piece by piece: `writeln!(`, `write!(`,
//!   `push_str(`, `json!(`, Python's `set_item(`, a JSON value patched by
//!   key (`value["strategy"] = …`), a CSV document (`Csv::new(`,
//!   `Csv::with_header(`, `Csv::matrix(`), a document type of its own
//!   (`derive(… Serialize …)`);
//! - a CSV header written as a string (`"n,grundy"`);
//! - the wording of an answer the library's renderers write ([`WORDING`]:
//!   "the player to move wins", "all winning moves", "rule sets to", …).
//!
//! What is left — the interactive console of `play`, the server's
//! catalogue and heatmap documents, the command's own messages and the
//! printing itself — is listed in [`ALLOWED`] with its exact count of
//! flagged lines: the test fails when a count grows, when a file not listed
//! gains one, and when a listed file has fewer than listed (so the list
//! only shrinks).

use super::sources::{allow_list_misfits, rust_files};
use std::path::{Path, PathBuf};

/// Phrases of the answers' renderers; none belongs in a front-end.
const WORDING: &[&str] = &[
    "the player to move wins",
    "the player to move loses",
    "all winning moves",
    "Grundy value: ",
    "nim-sum: ",
    "Prescribed: take",
    "positions up to",
    "with Larsson & Rubinstein-Salzedo's statements on",
    "first counterexample: ",
    "rule sets to",
    "is complete: ",
    "misère quotient Q_",
    "verification states",
    "agrees with brute force",
    "second canonical: ",
    "A-number (",
    "semi-stable: ",
    "has exactly one representation",
];

/// Front-end files still assembling text or documents by hand, with their
/// count of flagged lines and what they are.
const ALLOWED: &[(&str, usize)] = &[
    // Printing: `error:` lines, the `Words` of the flags, clap's errors.
    ("takeaway-command/src/output.rs", 7),
    // The interactive console of `play` (prompts, the position, the
    // history's lines) and the page's address of a position.
    ("takeaway-command/src/commands/play.rs", 14),
    // `table`: the note on stderr, the picture's title, a summary cut to
    // its first lines.
    ("takeaway-command/src/commands/table.rs", 3),
    // `table octal:CODE`: the picture's title.
    ("takeaway-command/src/commands/table_octal.rs", 1),
    // `/api/games` (the catalogue with each family's start and
    // availability).
    ("takeaway-web/src/api.rs", 5),
    // The error body `{"error": …}`.
    ("takeaway-web/src/error.rs", 1),
    // The heatmap's document (axes, legend), its legends' wording.
    ("takeaway-web/src/grid.rs", 9),
    // JSON → Python objects (dicts built key by key, for every answer).
    ("takeaway-py/src/convert.rs", 1),
    // The quotient's numpy arrays added to its document.
    ("takeaway-py/src/quotient.rs", 2),
    // `sweep_families()`: the catalogue of sweep families and settings.
    ("takeaway-py/src/sweep.rs", 6),
];

/// The front-ends' source folders, relative to `crates/`.
const FRONT_ENDS: &[&str] = &[
    "takeaway-command/src",
    "takeaway-web/src",
    "takeaway-py/src",
];

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Whether `literal` (a string's contents) is a CSV header: two or more
/// lower-case names joined by commas, nothing else (`n,grundy`,
/// `index,spec,period\n`).
fn csv_header(literal: &str) -> bool {
    let body = literal.strip_suffix("\\n").unwrap_or(literal);
    let names: Vec<&str> = body.split(',').collect();
    names.len() >= 2
        && names.iter().all(|n| {
            !n.is_empty()
                && n.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
}

/// The string literals of a line (plain `"…"` ones, escapes kept).
fn literals(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let mut end = None;
        let mut escaped = false;
        for (i, c) in after.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else { break };
        out.push(&after[..end]);
        rest = &after[end + 1..];
    }
    out
}

/// The lines (1-based) of `src` that assemble a report by hand (see the
/// module's list). Comment lines and the text after `//` are skipped
/// (`//` inside a string on the same line cuts it short, which only hides
/// a line, never flags one).
fn hand_made(src: &str) -> Vec<usize> {
    const CONSTRUCTS: &[&str] = &[
        "writeln!(",
        "write!(",
        "push_str(",
        "json!(",
        "set_item(",
        "Csv::new(",
        "Csv::with_header(",
        "Csv::matrix(",
    ];
    let mut lines = Vec::new();
    for (i, line) in src.lines().enumerate() {
        let code = match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        let construct = CONSTRUCTS.iter().any(|c| code.contains(c));
        let derive = code.contains("derive(") && code.contains("Serialize");
        let patched = code.match_indices("\"] =").any(|(at, _)| {
            code[..at].contains("[\"")
                && !code[at..].starts_with("\"] ==")
                && !code[at..].starts_with("\"] =>")
        });
        let words = WORDING.iter().any(|w| code.contains(w));
        let header = literals(code).into_iter().any(csv_header);
        if construct || derive || patched || words || header {
            lines.push(i + 1);
        }
    }
    lines
}

#[test]
fn the_scanner_finds_hand_made_reports() {
    let src = [
        "let x = 1;",                                      // 1: nothing
        "let _ = writeln!(s, \"{g}\");",                   // 2: text by hand
        "value[\"strategy\"] = serde_json::to_value(s)?;", // 3: a patched document
        "if value[\"a\"] == x {",                          // 4: a comparison
        "let h = \"n,grundy\";",                           // 5: a CSV header
        "let s = \"subtraction:s=1,3,4\";",                // 6: a spec
        "say(\"N, the player to move wins\");",            // 7: the analysis's words
        "// writeln!(s, \"the player to move wins\");",    // 8: a comment
        "#[derive(Debug, Serialize)]",                     // 9: a document type
        "d.set_item(\"rule_sets\", r.rule_sets)?;",        // 10: a dict by hand
        "let t = format!(\"{a}, {b}\");",                  // 11: a message
        "[\"hint\" | \"h\"] => Ok(Command::Hint),",        // 12: a slice pattern
    ]
    .join("\n");
    assert_eq!(hand_made(&src), [2, 3, 5, 7, 9, 10]);
    assert!(csv_header("index,spec,period\\n"));
    assert!(!csv_header("n"));
    assert!(!csv_header("1,2,3"));
    assert!(!csv_header("a, b"));
}

#[test]
fn front_ends_pick_renderers_and_assemble_no_report() {
    let crates = crates_dir();
    let mut files = Vec::new();
    for dir in FRONT_ENDS {
        rust_files(&crates.join(dir), &mut files);
    }
    files.sort();
    assert!(
        files.len() > 20,
        "the front-ends' sources are not where this test looks"
    );
    let wrong = allow_list_misfits(
        &crates,
        &files,
        ALLOWED,
        "ALLOWED",
        hand_made,
        "hand-made report lines",
    );
    assert!(
        wrong.is_empty(),
        "a front-end assembles an answer by hand (give the answer a typed report in the \
         library's render/ and pick its renderer; or, moving a listed file's report into the \
         library, lower its count in ALLOWED):\n{}",
        wrong.join("\n")
    );
}
