//! The library words no front-end's advice: no string literal in
//! `crates/takeaway/src` names a command-line flag (`--rows`, `--summary`,
//! `--bound`, …). An error says which option would help (`Opt::Rows`), and
//! each front-end names it (`--rows` on the command line, `rows=` in
//! Python, the field `rows` in the API): see `games::advice`.
//!
//! Read from the source: every string literal (plain or raw; comments,
//! doc comments and character literals skipped) is searched for `--`
//! followed by a lowercase letter. The few literals allowed are listed
//! below, each with why.

use super::sources::rust_files;
use std::path::Path;

/// Literals that may name a flag, by file and a piece of the literal, with
/// why: they are not advice of an error.
const ALLOWED: &[(&str, &str, &str)] = &[
    // The command a sweep's output file records in its header (and checks
    // on resume): the sweep's own provenance, not advice.
    (
        "sweep/bounds.rs",
        " --f '",
        "a sweep's recorded command line",
    ),
    (
        "sweep/bounds.rs",
        " --param ",
        "a sweep's recorded command line",
    ),
    (
        "sweep/mod.rs",
        "takeaway sweep {}{} --shard {} --format {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/subtraction_sets.rs",
        " --max {} --sizes {}..{} --terms {} --cap {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/octal_codes.rs",
        " --digits {} --terms {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/misere_octal.rs",
        " --digits {} --heaps {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/hexadecimal_codes.rs",
        " --digits {} --terms {} --unequal {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/one_pile.rs",
        "{} --up-to {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/two_pile.rs",
        "{} --up-to {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/holshouser_reiter.rs",
        " --base {b}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/holshouser_reiter.rs",
        " --prefixes {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/holshouser_reiter.rs",
        "{out}{} --up-to {}",
        "a sweep's recorded command line",
    ),
    (
        "sweep/subtraction_sets.rs",
        " --out ",
        "an example of a sweep family's command line (the command line's help)",
    ),
    (
        "sweep/one_pile.rs",
        " --out ",
        "an example of a sweep family's command line (the command line's help)",
    ),
    (
        "sweep/holshouser_reiter.rs",
        " --out ",
        "an example of a sweep family's command line (the command line's help)",
    ),
    (
        "sweep/two_pile.rs",
        " --out ",
        "an example of a sweep family's command line (the command line's help)",
    ),
    (
        "sweep/octal_codes.rs",
        " --out ",
        "an example of a sweep family's command line (the command line's help)",
    ),
    (
        "sweep/misere_octal.rs",
        " --out ",
        "an example of a sweep family's command line (the command line's help)",
    ),
    (
        "sweep/hexadecimal_codes.rs",
        " --out ",
        "an example of a sweep family's command line (the command line's help)",
    ),
    // A part of a sum is written `GAME PILES... [--bound W]` wherever a sum
    // is given (command line, API, Python): the input's own grammar, and
    // its parse errors point into it.
    (
        "games/sum/parts.rs",
        "--bound",
        "the grammar of a sum's part",
    ),
    (
        "games/sum/error.rs",
        "--bound",
        "the grammar of a sum's part",
    ),
];

/// The string literals of `src` with their 1-based lines.
fn literals(src: &str) -> Vec<(usize, String)> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let count_lines = |s: &[char]| s.iter().filter(|&&ch| ch == '\n').count();
    while i < c.len() {
        let ch = c[i];
        if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            let start = i;
            i += 2;
            while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                i += 1;
            }
            i += 2;
            line += count_lines(&c[start..i.min(c.len())]);
        } else if ch == 'r'
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
            && matches!(c.get(i + 1), Some('"') | Some('#'))
        {
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                i += 1;
                continue;
            }
            let start = j + 1;
            let mut k = start;
            loop {
                if k >= c.len() {
                    break;
                }
                if c[k] == '"' && (0..hashes).all(|h| c.get(k + 1 + h) == Some(&'#')) {
                    break;
                }
                k += 1;
            }
            let end = k.min(c.len());
            out.push((line, c[start..end].iter().collect()));
            line += count_lines(&c[i..end]);
            i = end + 1 + hashes;
        } else if ch == '"' {
            let start = i + 1;
            let mut k = start;
            while k < c.len() && c[k] != '"' {
                if c[k] == '\\' {
                    k += 1;
                }
                k += 1;
            }
            let end = k.min(c.len());
            out.push((line, c[start..end].iter().collect()));
            line += count_lines(&c[i..end]);
            i = end + 1;
        } else if ch == '\'' {
            // A character literal ('"', '\'', '\u{1b}'), or a lifetime.
            if c.get(i + 1) == Some(&'\\') {
                let mut k = i + 2;
                while k < c.len() && c[k] != '\'' {
                    k += 1;
                }
                i = k + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else {
            if ch == '\n' {
                line += 1;
            }
            i += 1;
        }
    }
    out
}

/// Whether `text` names a flag: `--` then a lowercase letter, the dashes
/// not part of a longer run.
fn names_a_flag(text: &str) -> bool {
    let c: Vec<char> = text.chars().collect();
    (0..c.len().saturating_sub(2)).any(|i| {
        c[i] == '-'
            && c[i + 1] == '-'
            && c[i + 2].is_ascii_lowercase()
            && (i == 0 || c[i - 1] != '-')
    })
}

/// Every literal of the library naming a flag and not allowed, as
/// `file:line: literal`.
fn flag_words() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../takeaway/src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 50, "the library's source is read");
    let mut found = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(&root)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        let src = std::fs::read_to_string(&f).expect("a source file");
        for (line, text) in literals(&src) {
            let allowed = ALLOWED
                .iter()
                .any(|(file, piece, _)| rel == *file && text.contains(piece));
            if names_a_flag(&text) && !allowed {
                found.push(format!("{rel}:{line}: {text:?}"));
            }
        }
    }
    found
}

#[test]
fn no_library_string_names_a_command_line_flag() {
    let found = flag_words();
    assert!(
        found.is_empty(),
        "library strings naming a flag (say which option in `games::advice::Opt` and let the front-end word it):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_flags_in_literals_and_not_in_comments() {
    let src = "// --rows in a comment\n/// --summary in a doc\nlet a = '\"'; let b = \"use --rows N\";\nlet c = r#\"drop --all\"#; let d = \"a -- b, ---x\";";
    let lits = literals(src);
    let flagged: Vec<&(usize, String)> = lits.iter().filter(|(_, t)| names_a_flag(t)).collect();
    assert_eq!(
        flagged,
        [
            &(3, "use --rows N".to_string()),
            &(4, "drop --all".to_string())
        ]
    );
}

/// Where the library may still build a `GameError::Invalid(String)` (or
/// match one), by file, how many times, and why: a parse error pointing into
/// what the user wrote, or an internal invariant no request reaches. Every
/// other refusal is a variant carrying data (`SumError`, `ShapeError`,
/// `TwoPileError`, `Misused`, …), worded by `Display`.
const INVALID_SITES: &[(&str, usize, &str)] = &[
    (
        "games/sum/parts.rs",
        2,
        "a sum part's parse error at its column (built once by `at`, and a part spec's own refusal moved to its column)",
    ),
    (
        "games/octal/spec.rs",
        1,
        "an octal code's parse error in the spec",
    ),
    (
        "sweep/bounds.rs",
        1,
        "a template parameter's parse error (`NAME=LO..HI`)",
    ),
    ("sweep/mod.rs", 1, "a sweep plan's JSON parse error"),
    (
        "games/octal/solve.rs",
        1,
        "a checkpoint file's parse or read error, with its path",
    ),
    (
        "sweep/one_pile.rs",
        1,
        "internal: the sweep builds the spec `one-pile:f=…` itself",
    ),
    (
        "sweep/two_pile.rs",
        1,
        "internal: the sweep builds the spec `two-pile:f=…` itself",
    ),
    (
        "sweep/octal_codes.rs",
        1,
        "internal: the sweep builds the octal code of an index itself",
    ),
    (
        "sweep/misere_octal.rs",
        1,
        "internal: the sweep builds the octal code of an index itself",
    ),
    (
        "games/two_pile/exhaustive.rs",
        1,
        "internal: the signal that stops the tableau's other threads after one failed (never returned)",
    ),
    (
        "games/subtraction/mod.rs",
        1,
        "internal: the mex kernels are asked only for finite sets (Nim is solved by Bouton)",
    ),
];

/// The `GameError::Invalid(` of each library file (comments skipped), as
/// `(file, count)`, but `games/error.rs`, which defines and classifies it.
fn invalid_sites() -> Vec<(String, usize)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../takeaway/src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut out = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(&root)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if rel == "games/error.rs" {
            continue;
        }
        let src = std::fs::read_to_string(&f).expect("a source file");
        let n: usize = src
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| l.matches("GameError::Invalid(").count())
            .sum();
        if n > 0 {
            out.push((rel, n));
        }
    }
    out
}

#[test]
fn invalid_strings_only_where_the_allow_list_says_why() {
    let found = invalid_sites();
    let wrong: Vec<String> = found
        .iter()
        .filter(|(file, n)| {
            !INVALID_SITES
                .iter()
                .any(|(f, most, _)| f == file && n <= most)
        })
        .map(|(file, n)| format!("{file}: {n}"))
        .collect();
    assert!(
        wrong.is_empty(),
        "`GameError::Invalid(String)` outside the allowed parse-error sites (give the refusal a variant with its data, worded by Display):\n{}",
        wrong.join("\n")
    );
    // The list is exact: a site removed is removed from the list too.
    for (file, most, why) in INVALID_SITES {
        let n = found.iter().find(|(f, _)| f == file).map_or(0, |(_, n)| *n);
        assert_eq!(n, *most, "{file} ({why}): the allow-list says {most}");
    }
    assert!(INVALID_SITES.iter().all(|(_, _, why)| !why.is_empty()));
}
