//! Families return typed reports; the renderers of `render/` write them.
//! This test reads the families' sources (every file under
//! `crates/takeaway/src/games/<family>/`, `games/custom.rs` and the Grundy
//! tables of any family, `games/grundy_table.rs`) and fails
//! when one builds a table's shapes by hand: a `Table { … }` literal (its
//! `text`/`csv` strings filled by the family) or a CSV document of its own
//! (`Csv::new`, `Csv::with_header`, `Csv::matrix`), instead of
//! `Table::of_sequence`, `Table::of_tableau`, `Table::of_records` and the
//! renderers.
//!
//! The tables not yet converted are listed in [`NOT_YET`] with their count
//! of such constructions: the test fails when a count grows, when a file
//! not listed gains one, and when a listed file has fewer than listed (so
//! the list shrinks as the tables are converted).

use super::sources::{allow_list_misfits, rust_files};
use std::path::{Path, PathBuf};

/// Family files still building a table's shapes by hand, and how many
/// constructions each holds (`Table {` literals and `Csv::` documents).
const NOT_YET: &[(&str, usize)] = &[];

fn games_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../takeaway/src/games")
}

/// The hand-made table constructions in `src`: lines (1-based) holding a
/// `Table {` literal (not a type named `…Table`, not `Work::Table`, not a
/// declaration or a return type) or a CSV document started by the family. Comments are
/// skipped.
fn hand_made(src: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    for (i, line) in src.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let literal = code.match_indices("Table {").any(|(at, _)| {
            let before = code[..at].chars().next_back();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                && !code[..at].trim_end().ends_with("->")
                && !code.trim_start().starts_with("pub struct")
                && !code.trim_start().starts_with("struct")
                && !code.trim_start().starts_with("impl")
        });
        let csv = ["Csv::new(", "Csv::with_header(", "Csv::matrix("]
            .iter()
            .any(|c| code.contains(c));
        if literal || csv {
            lines.push(i + 1);
        }
    }
    lines
}

#[test]
fn the_scanner_finds_hand_made_tables() {
    let src = "fn f() -> Table {\nstruct Table {\n    Ok(Table {\n    Work::Table { rows }\n    let t = TwoRowTable {\n    let c = Csv::with_header(&[\"n\"]);\n    // Ok(Table {\n";
    assert_eq!(hand_made(src), [3, 6]);
}

#[test]
fn families_return_reports_not_table_strings() {
    let games = games_dir();
    let mut files = vec![games.join("custom.rs"), games.join("grundy_table.rs")];
    for entry in std::fs::read_dir(&games).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, &mut files);
        }
    }
    files.sort();
    assert!(
        files.len() > 20,
        "the families' sources are not where this test looks"
    );
    let wrong = allow_list_misfits(
        &games,
        &files,
        NOT_YET,
        "NOT_YET",
        hand_made,
        "hand-made table constructions",
    );
    assert!(
        wrong.is_empty(),
        "a family builds a table's text/CSV by hand (return a report: Table::of_sequence, \
         Table::of_tableau or Table::of_records):\n{}",
        wrong.join("\n")
    );
}
