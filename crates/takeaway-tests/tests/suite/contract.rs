//! The family trait is the whole contract, read from the source: outside the
//! dispatcher (`games/mod.rs`, `family.rs`) and the family folders
//! (`games/<family>/`), no code names a variant of `Game` (`Game::OnePile`,
//! …) and no front-end or library code tests a spec or id against the
//! string `"sum"`. Code on any game asks the game (`Family`'s methods,
//! `Game::capabilities`, the typed accessor `Game::family_as`), so a new
//! family cannot be forgotten by a `match` with a `_ =>` fallback somewhere
//! else: such a `match` has to name a variant, and this test finds it.
//!
//! Why it fails when someone adds one: the variants are read from the
//! `enum Game` of `games/mod.rs` (not listed here), and every `.rs` file
//! under `crates/` (sources, tests, examples, benches; comments and doc
//! examples included) is scanned for `Game::` followed by a variant's name
//! and a character that cannot continue an identifier. A line such as
//! `if let Game::Spite(_) = game {` added to, say,
//! `crates/takeaway-web/src/grid.rs` is reported with its file and line
//! (tried once: the test failed naming `grid.rs` and passed again once the
//! line was removed). The `"sum"` check covers the `src/` folders (a test
//! may look the sum's entry up by its id): a `"sum"` (or `"sum:…"`) literal
//! next to `==`, `!=`, `=>`, `|` or inside `starts_with(`/`eq(` is a test.
//!
//! The second test keeps the hand-written descriptions (the command's about
//! text, the library's crate doc, the package descriptions) naming every
//! family of the one list: it fails when a family of `FAMILIES` is missing
//! from one of them.

use std::path::{Path, PathBuf};
use takeaway::family::FAMILIES;
use takeaway::games::{Family as _, Game};

/// The workspace's `crates/` folder.
fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, skipping build output.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if p.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&p, out);
            }
        } else if name.ends_with(".rs") {
            out.push(p);
        }
    }
}

/// The variants of `enum Game`, read from `games/mod.rs`.
fn variants(games_mod: &str) -> Vec<String> {
    let start = games_mod
        .find("pub enum Game {")
        .expect("games/mod.rs defines `pub enum Game`");
    let body = &games_mod[start..];
    let body = &body[..body.find("\n}").expect("the enum's closing brace")];
    body.lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with('#'))
        .filter_map(|l| l.split_once('(').map(|(v, _)| v.trim().to_string()))
        .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect()
}

fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The `(line, text)` of every `Game::<variant>` in `src`.
fn variant_uses(src: &str, variants: &[String]) -> Vec<(usize, String)> {
    let mut hits = Vec::new();
    for (i, line) in src.lines().enumerate() {
        let mut rest = line;
        let mut offset = 0;
        while let Some(at) = rest.find("Game::") {
            let before = line[..offset + at].chars().next_back();
            let after = &rest[at + "Game::".len()..];
            let named = variants.iter().any(|v| {
                after.starts_with(v.as_str())
                    && !after[v.len()..].chars().next().is_some_and(ident_char)
            });
            if named && !before.is_some_and(ident_char) {
                hits.push((i + 1, line.trim().to_string()));
                break;
            }
            offset += at + "Game::".len();
            rest = &line[offset..];
        }
    }
    hits
}

/// The `(line, text)` of every test of a string against `"sum"`.
fn sum_tests(src: &str) -> Vec<(usize, String)> {
    let mut hits = Vec::new();
    for (i, line) in src.lines().enumerate() {
        let mut from = 0;
        while let Some(at) = line[from..].find("\"sum") {
            let at = from + at;
            from = at + 4;
            let tail = &line[at + 4..];
            // `"sum"` or `"sum:…"`, not `"summary"`.
            let Some(end) = tail.find('"') else { continue };
            if !(end == 0 || tail.starts_with(':')) {
                continue;
            }
            let before = line[..at].trim_end();
            let after = tail[end + 1..].trim_start();
            let compared = ["==", "!=", "|", "starts_with(", "eq(", "strip_prefix("]
                .iter()
                .any(|op| before.ends_with(op))
                || ["==", "!=", "=>", "|"]
                    .iter()
                    .any(|op| after.starts_with(op));
            if compared {
                hits.push((i + 1, line.trim().to_string()));
            }
        }
    }
    hits
}

#[test]
fn no_code_outside_the_dispatcher_names_a_family() {
    let root = crates();
    let games = root.join("takeaway/src/games");
    let games_mod = std::fs::read_to_string(games.join("mod.rs")).expect("games/mod.rs");
    let variants = variants(&games_mod);
    // The list of variants is read, not written here: at least the
    // families whose folders exist, and `Custom`.
    assert!(variants.len() >= 8, "variants read: {variants:?}");
    assert!(variants.iter().any(|v| v == "Custom"), "{variants:?}");
    // Every folder of `games/` is a family's folder.
    let allowed_dirs: Vec<PathBuf> = std::fs::read_dir(&games)
        .expect("games/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    let allowed_files = [games.join("mod.rs"), root.join("takeaway/src/family.rs")];
    let this_file = root.join("takeaway-tests/tests/suite/contract.rs");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(
        files.len() > 100,
        "{} files found under {root:?}",
        files.len()
    );
    let mut found = Vec::new();
    for f in &files {
        let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        let c = canonical(f);
        if c == canonical(&this_file)
            || allowed_files.iter().any(|a| canonical(a) == c)
            || allowed_dirs.iter().any(|d| c.starts_with(canonical(d)))
        {
            continue;
        }
        let src = std::fs::read_to_string(f).unwrap_or_default();
        for (line, text) in variant_uses(&src, &variants) {
            found.push(format!("{}:{line}: {text}", f.display()));
        }
        let in_src = c.components().any(|p| p.as_os_str() == "src");
        if in_src {
            for (line, text) in sum_tests(&src) {
                found.push(format!("{}:{line}: {text}", f.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "outside games/mod.rs, family.rs and the family folders, code names a family \
         (ask the game through `Family`, `Game::capabilities` or `Game::family_as` instead):\n{}",
        found.join("\n")
    );
}

/// The scanners themselves, on lines that must and must not be found.
#[test]
fn the_scanners_find_what_they_look_for() {
    let v = vec!["Sum".to_string(), "OnePile".to_string()];
    assert_eq!(variant_uses("if let Game::Sum(_) = g {}", &v).len(), 1);
    assert_eq!(
        variant_uses("matches!(g, takeaway::games::Game::OnePile(_))", &v).len(),
        1
    );
    assert!(variant_uses("Game::Summary(x); MyGame::Sum; Game::parse(s)", &v).is_empty());
    assert_eq!(sum_tests(r#"if name == "sum" {"#).len(), 1);
    assert_eq!(sum_tests(r#""sum" | "sums" => 1,"#).len(), 1);
    assert_eq!(sum_tests(r#"spec.starts_with("sum:")"#).len(), 1);
    assert!(sum_tests(r#"json!({"game": "sum"}); Game::parse("sum"); "summary" == x"#).is_empty());
}

#[test]
fn the_enum_read_is_the_enum() {
    let src = "pub enum Game {\n    /// One.\n    OnePile(a::B),\n    Sum(s::Sum),\n}\n";
    assert_eq!(
        variants(src),
        vec!["OnePile".to_string(), "Sum".to_string()]
    );
}

/// The family names of the built-in list, one per family (presets of a
/// family share it): what the hand-written descriptions must mention.
fn family_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for f in FAMILIES {
        let game =
            Game::parse(&f.example_spec()).unwrap_or_else(|e| panic!("{}: {e}", f.example_spec()));
        let name = game.family_name();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

#[test]
fn hand_written_descriptions_name_every_family() {
    let names = family_names();
    // Every family of the list: one-pile, two-pile, Wythoff, Spite,
    // subtraction, sums and octal games at the time of writing.
    assert!(names.len() >= 7, "{names:?}");
    let root = crates();
    let read =
        |p: &str| std::fs::read_to_string(root.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    // The first paragraph of a text after `marker`, folded to one line.
    let paragraph = |text: &str, marker: &str| -> String {
        let at = text.find(marker).unwrap_or_else(|| panic!("no `{marker}`"));
        let rest = &text[at + marker.len()..];
        let end = rest
            .find(";\n")
            .or_else(|| rest.find("\n//!\n"))
            .unwrap_or(rest.len());
        rest[..end]
            .lines()
            .map(|l| {
                l.trim()
                    .trim_start_matches("//!")
                    .trim()
                    .trim_end_matches('\\')
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let description = |toml: &str| -> String {
        let text = read(toml);
        let line = text
            .lines()
            .find(|l| l.starts_with("description"))
            .unwrap_or_else(|| panic!("{toml}: no description"));
        line.to_string()
    };
    let texts = [
        (
            "the command's about text (takeaway-command/src/lib.rs ABOUT)",
            paragraph(&read("takeaway-command/src/lib.rs"), "const ABOUT: &str ="),
        ),
        (
            "the library's crate doc (takeaway/src/lib.rs)",
            paragraph(&read("takeaway/src/lib.rs"), "//! # takeaway\n//!\n"),
        ),
        ("takeaway/Cargo.toml", description("takeaway/Cargo.toml")),
        (
            "takeaway-py/pyproject.toml",
            description("takeaway-py/pyproject.toml"),
        ),
    ];
    let mut missing = Vec::new();
    for (what, text) in &texts {
        let folded = text.to_lowercase().replace('\n', " ");
        for name in &names {
            if !folded.contains(&name.to_lowercase()) {
                missing.push(format!("{what} does not name {name}: {text}"));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
