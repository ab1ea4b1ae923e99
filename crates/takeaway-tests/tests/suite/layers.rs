//! The library's layers, read from its source: every file is in one layer
//! of [`LAYERS`] (the order docs/ARCHITECTURE.md states, bottom first) and
//! imports nothing from a layer above its own; `engine/` names nothing of
//! `games/`; and no import circle runs through `games/mod.rs`, an engine
//! file, a family's folder or `analysis.rs`.
//!
//! The graph is built here, from the text of `src/`: a node is a source
//! file (a module), and a file imports the module file that defines each
//! path it names (`crate::…`, `super::…`, `self::…`, or a child module's
//! name), in `use` trees and inline alike; a path is resolved to the longest
//! prefix that is a module, so a name re-exported by `games/mod.rs`
//! (`crate::games::GameError`) counts as an import of `games/mod.rs`.
//! Comments, strings and `#[cfg(test)]` items are skipped (tests may name
//! anything). Declaring a child module (`mod x;`) is not an import.
//!
//! A family's folder (`games/one_pile/`, …) is one node of the graph for the
//! circle check: the issue's circle is between `engine/`, `games/mod.rs` and
//! the families, and a family's `mod.rs` and its own submodules naming each
//! other (the type in `mod.rs`, its theory in a submodule) is the ordinary
//! shape of a Rust module, not a circle between layers.

use super::sources::rust_files;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// A token of Rust source, as much as the import graph needs.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

/// The tokens of `src`, without comments, strings and character literals.
fn tokens(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if (ch == 'r' || ch == 'b')
            && raw_string_start(&c, i).is_some()
            && (i == 0 || !is_ident_char(c[i - 1]))
        {
            let (hashes, body) = raw_string_start(&c, i).unwrap_or((0, i));
            i = body;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '"' && (0..hashes).all(|k| c.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if ch == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if c.get(i + 1) == Some(&'\\') {
                // Past the backslash and the escaped character (`'\''`).
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if is_ident_start(ch) {
            let start = i;
            while i < c.len() && is_ident_char(c[i]) {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(Tok::PathSep);
            i += 2;
        } else if ch.is_whitespace() {
            i += 1;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// At `r"`, `r#"`, `br"`, …: the number of `#` and where the body starts.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if c[j] == 'b' {
        j += 1;
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (c.get(j) == Some(&'"')).then_some((hashes, j + 1))
}

/// The tokens without `#[cfg(test)]` items; the names of the child modules
/// declared under `#[cfg(test)]` (their files are skipped).
fn strip_test_items(toks: Vec<Tok>) -> (Vec<Tok>, Vec<String>) {
    let is = |t: Option<&Tok>, p: char| t == Some(&Tok::Punct(p));
    let mut out = Vec::new();
    let mut test_mods = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let cfg_test = is(toks.get(i), '#')
            && is(toks.get(i + 1), '[')
            && toks.get(i + 2) == Some(&Tok::Ident("cfg".into()))
            && is(toks.get(i + 3), '(')
            && toks.get(i + 4) == Some(&Tok::Ident("test".into()))
            && is(toks.get(i + 5), ')')
            && is(toks.get(i + 6), ']');
        if !cfg_test {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        i += 7;
        // Further attributes of the item.
        while is(toks.get(i), '#') {
            let mut depth = 0;
            i += 1;
            while i < toks.len() {
                match &toks[i] {
                    Tok::Punct('[') => depth += 1,
                    Tok::Punct(']') => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        // The item: up to its `;` or through its braces.
        let mut depth = 0;
        let start = i;
        while i < toks.len() {
            match &toks[i] {
                Tok::Punct(';') if depth == 0 => {
                    if toks.get(start) == Some(&Tok::Ident("mod".into()))
                        && let Some(Tok::Ident(name)) = toks.get(start + 1)
                    {
                        test_mods.push(name.clone());
                    }
                    i += 1;
                    break;
                }
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
    (out, test_mods)
}

/// Expands the use tree starting at `toks[*i]` (after `use`) into paths,
/// each prefixed by `prefix`; stops after the tree.
fn use_tree(toks: &[Tok], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match toks.get(*i) {
            Some(Tok::Ident(s)) => {
                if s == "as" {
                    // `x as y`: the alias names nothing new.
                    *i += 2;
                    out.push(path);
                    return;
                }
                if s != "self" || path.is_empty() {
                    path.push(s.clone());
                }
                *i += 1;
            }
            Some(Tok::PathSep) => *i += 1,
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i) {
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *i += 1,
                        None => return,
                        _ => use_tree(toks, i, &path, out),
                    }
                }
            }
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push(path);
                return;
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// One source file of the library.
struct Module {
    /// Its path from `src/`, e.g. `games/mod.rs`.
    file: String,
    /// Its module path, e.g. `["games"]` (empty for `lib.rs`).
    path: Vec<String>,
    /// Its tokens, without comments, strings and test items.
    toks: Vec<Tok>,
    /// The child modules it declares (test modules included).
    children: Vec<String>,
}

fn module_path(file: &str) -> Vec<String> {
    let file = file.strip_suffix(".rs").unwrap_or(file);
    let mut parts: Vec<String> = file.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The library's sources, `crates/takeaway/src` (this test package is
/// `crates/takeaway-tests`).
fn library_src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../takeaway/src")
}

/// The library's modules, test-only files left out.
fn modules() -> Vec<Module> {
    let src = library_src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut mods = Vec::new();
    let mut test_only = BTreeSet::new();
    for f in files {
        let file = f
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let (toks, test_mods) = strip_test_items(tokens(&std::fs::read_to_string(&f).unwrap()));
        let path = module_path(&file);
        for t in &test_mods {
            let mut p = path.clone();
            p.push(t.clone());
            test_only.insert(p);
        }
        let mut children: Vec<String> = toks
            .windows(3)
            .filter_map(|w| match w {
                [Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')] if m == "mod" => {
                    Some(name.clone())
                }
                _ => None,
            })
            .collect();
        children.extend(test_mods);
        mods.push(Module {
            file,
            path,
            toks,
            children,
        });
    }
    mods.retain(|m| !test_only.iter().any(|t| m.path.starts_with(t)));
    mods.sort_by(|a, b| a.file.cmp(&b.file));
    mods
}

/// Every path a module names that starts in the crate: `crate::…`,
/// `super::…`, `self::…` or a child module's name, made absolute.
fn named_paths(m: &Module) -> Vec<Vec<String>> {
    let toks = &m.toks;
    let mut raw = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(kw) if kw == "use" => {
                i += 1;
                use_tree(toks, &mut i, &[], &mut raw);
            }
            Tok::Ident(first) if i == 0 || toks[i - 1] != Tok::PathSep => {
                let starts = first == "crate"
                    || first == "super"
                    || first == "self"
                    || m.children.contains(first);
                if starts && toks.get(i + 1) == Some(&Tok::PathSep) {
                    let mut path = vec![first.clone()];
                    i += 1;
                    while toks.get(i) == Some(&Tok::PathSep) {
                        match toks.get(i + 1) {
                            Some(Tok::Ident(s)) => {
                                path.push(s.clone());
                                i += 2;
                            }
                            _ => break,
                        }
                    }
                    raw.push(path);
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    raw.into_iter().filter_map(|p| absolute(m, &p)).collect()
}

/// `p` from the crate root, or `None` for a path outside the crate.
fn absolute(m: &Module, p: &[String]) -> Option<Vec<String>> {
    let first = p.first()?;
    let mut base: Vec<String>;
    let mut rest = p;
    if first == "crate" {
        base = Vec::new();
        rest = &p[1..];
    } else if first == "super" || first == "self" {
        base = m.path.clone();
        while let Some(s) = rest.first() {
            match s.as_str() {
                "super" => {
                    base.pop();
                }
                "self" => {}
                _ => break,
            }
            rest = &rest[1..];
        }
    } else if m.children.contains(first) {
        base = m.path.clone();
    } else {
        return None;
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The import graph: file → the files it imports.
fn graph(mods: &[Module]) -> BTreeMap<String, BTreeSet<String>> {
    let by_path: BTreeMap<&[String], &str> = mods
        .iter()
        .map(|m| (m.path.as_slice(), m.file.as_str()))
        .collect();
    let mut g = BTreeMap::new();
    for m in mods {
        let mut to = BTreeSet::new();
        for p in named_paths(m) {
            // The longest prefix that is a module: the file defining the item
            // (or re-exporting it).
            let target = (0..=p.len())
                .rev()
                .find_map(|k| by_path.get(&p[..k]).copied());
            if let Some(t) = target
                && t != m.file
            {
                to.insert(t.to_string());
            }
        }
        g.insert(m.file.clone(), to);
    }
    g
}

/// The family folders: `games/<family>/`.
const FAMILIES: &[&str] = &[
    "games/one_pile/",
    "games/two_pile/",
    "games/wythoff/",
    "games/spite/",
    "games/subtraction/",
    "games/octal/",
];

/// The node of `file` in the circle check: its family's folder for a file
/// of a family, the file itself otherwise.
fn node(file: &str) -> String {
    // A file of a family's folder placed by name in a lower layer (its
    // errors, which `GameError` wraps) is a node of its own.
    let by_name = LAYERS.iter().any(|(_, ps)| ps.contains(&file));
    match FAMILIES.iter().find(|f| file.starts_with(*f) && !by_name) {
        Some(f) => f.to_string(),
        None => file.to_string(),
    }
}

/// The graph with each family's folder as one node (edges inside a folder
/// dropped).
fn by_family(g: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in g {
        let a = node(from);
        let targets = out.entry(a.clone()).or_default();
        for t in to {
            let b = node(t);
            if b != a {
                targets.insert(b);
            }
        }
    }
    out
}

/// The layers of the library, bottom first, as docs/ARCHITECTURE.md states
/// them ("The layers"): a file may import files of its own layer and of the
/// layers below it, never of a layer above. A pattern ending in `/` is a
/// folder; a file named by itself is in that layer even inside a folder of
/// another (a family's errors, which `GameError` wraps, below the
/// families); every source file is in exactly one layer (a new file must be
/// placed here).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "helpers and pictures",
        &[
            "natural.rs",
            "json.rs",
            "spec.rs",
            "diagnostic.rs",
            "render/",
        ],
    ),
    ("numeration", &["numeration/"]),
    ("the bound language", &["bound/"]),
    ("the engine", &["engine/"]),
    (
        "what the families are written against",
        &[
            "analysis.rs",
            "catalog.rs",
            "games/model.rs",
            "games/advice.rs",
            "games/error.rs",
            "games/request.rs",
            "games/progress.rs",
            "games/wire.rs",
            "games/shape.rs",
            "games/unanswered.rs",
            "games/sum/error.rs",
            "games/one_pile/error.rs",
            "games/two_pile/error.rs",
            "games/wythoff/error.rs",
            "games/spite/error.rs",
            "games/subtraction/error.rs",
            "games/octal/error.rs",
            "games/exhaustive.rs",
            "games/shared.rs",
            "games/checksum.rs",
            "games/grundy_plot.rs",
            "games/digits.rs",
        ],
    ),
    (
        "the families",
        &[
            "games/one_pile/",
            "games/two_pile/",
            "games/wythoff/",
            "games/spite/",
            "games/subtraction/",
            "games/octal/",
            "games/custom.rs",
        ],
    ),
    (
        "Game and what works on any Game",
        &[
            "games/mod.rs",
            "games/sum/",
            "games/dispatch.rs",
            "games/options.rs",
            "games/play.rs",
            "games/search.rs",
            "games/grundy.rs",
            "games/grundy_table.rs",
            "games/h_sequence_table.rs",
            "games/heap_games.rs",
            "family.rs",
        ],
    ),
    ("sweeps", &["sweep/"]),
    (
        "the answers' reports",
        &[
            "render/analysis.rs",
            "render/verify.rs",
            "render/sweep.rs",
            "render/quotient.rs",
            "render/repr.rs",
            "render/turn.rs",
        ],
    ),
    ("the crate root", &["lib.rs", "words.rs"]),
];

/// The layer of `file` (its index in [`LAYERS`], bottom 0) and its name, or
/// `None` for a file placed in no layer.
fn layer(file: &str) -> Option<(usize, &'static str)> {
    let named = LAYERS
        .iter()
        .enumerate()
        .find(|(_, (_, patterns))| patterns.contains(&file));
    let in_folder = || {
        LAYERS.iter().enumerate().find(|(_, (_, patterns))| {
            patterns
                .iter()
                .any(|p| p.ends_with('/') && file.starts_with(p))
        })
    };
    named.or_else(in_folder).map(|(i, (name, _))| (i, *name))
}

/// Every import of `g` from a layer into a layer above it, as
/// `from (layer) -> to (layer)`.
fn upward_imports(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (from, to) in g {
        let Some((a, a_name)) = layer(from) else {
            continue;
        };
        for t in to {
            if let Some((b, b_name)) = layer(t)
                && b > a
            {
                wrong.push(format!("{from} ({a_name}) -> {t} ({b_name})"));
            }
        }
    }
    wrong
}

/// Whether a cycle through `node` breaks the layers: `games/mod.rs`, an
/// engine file, a family (its folder, or `games/custom.rs` for the families
/// defined outside the crate) or `analysis.rs` (issue 21 named its circle
/// with `games/digits.rs`).
fn guarded(node: &str) -> bool {
    node == "games/mod.rs"
        || node == "analysis.rs"
        || node == "games/custom.rs"
        || node.starts_with("engine/")
        || FAMILIES.contains(&node)
}

/// A shortest cycle through `from` in `g`, if any.
fn cycle_through(g: &BTreeMap<String, BTreeSet<String>>, from: &str) -> Option<Vec<String>> {
    let mut prev: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(f) = queue.pop_front() {
        for t in g.get(f).into_iter().flatten() {
            if t == from {
                let mut cycle = vec![from.to_string()];
                let mut at = f;
                while at != from {
                    cycle.push(at.to_string());
                    at = prev[at];
                }
                cycle.push(from.to_string());
                cycle.reverse();
                return Some(cycle);
            }
            if !prev.contains_key(t.as_str()) {
                prev.insert(t, f);
                queue.push_back(t);
            }
        }
    }
    None
}

#[test]
fn the_parser_reads_paths_the_way_rustc_does() {
    // Made-up sources with a known answer (by hand): comments, strings,
    // raw strings, lifetimes, use trees, `super::` and child modules.
    let m = Module {
        file: "games/x/mod.rs".into(),
        path: vec!["games".into(), "x".into()],
        toks: strip_test_items(tokens(
            r##"
            // use crate::nope::a;
            /* crate::nope::b */
            use crate::a::{b, c::{d, self}, e as f};
            use super::g;
            mod child;
            fn h<'a>(s: &'a str) -> char {
                let _ = "crate::nope::c"; let _ = r#"crate::nope::d"#; let _ = '"'; let _ = '\''; let _ = "crate::nope::f";
                child::k(); self::l::m(); super::super::n::o(); other::p();
                crate::q::R::<u8>::new()
            }
            #[cfg(test)]
            mod tests { use crate::nope::e; }
            "##,
        ))
        .0,
        children: vec!["child".into()],
    };
    let got: BTreeSet<String> = named_paths(&m).iter().map(|p| p.join("::")).collect();
    let want: BTreeSet<String> = [
        "a::b",
        "a::c::d",
        "a::c",
        "a::e",
        "games::g",
        "games::x::child::k",
        "games::x::l::m",
        "n::o",
        "q::R",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(got, want);
}

#[test]
fn the_engine_names_nothing_of_games() {
    let mods = modules();
    let g = graph(&mods);
    for m in mods.iter().filter(|m| m.file.starts_with("engine/")) {
        let into_games: Vec<&String> = g[&m.file]
            .iter()
            .filter(|t| t.starts_with("games/"))
            .collect();
        assert!(into_games.is_empty(), "{} imports {into_games:?}", m.file);
        assert!(
            !m.toks.contains(&Tok::Ident("games".into())),
            "{} names `games`",
            m.file
        );
        // Not even in a comment or a doc example (`rg "games::" src/engine`
        // finds nothing: issue 21's acceptance).
        let text = std::fs::read_to_string(library_src().join(&m.file)).unwrap();
        assert!(!text.contains("games::"), "{} mentions `games::`", m.file);
    }
}

#[test]
fn no_import_circle_through_the_engine_games_mod_or_a_family() {
    let mods = modules();
    // The graph is the library's: it has the files the layers are about.
    for f in [
        "games/mod.rs",
        "engine/mod.rs",
        "games/one_pile/mod.rs",
        "analysis.rs",
    ] {
        assert!(mods.iter().any(|m| m.file == f), "{f} not found");
    }
    let g = by_family(&graph(&mods));
    // None is allowed, not even the sum's: `Game` holds a sum, whose rules
    // reach their parts' games through trait objects installed from above
    // (`games/sum/any_game.rs`), so `games/sum/game.rs` names no `Game`.
    let cycles: Vec<String> = g
        .keys()
        .filter(|f| guarded(f))
        .filter_map(|f| cycle_through(&g, f))
        .map(|c| c.join(" -> "))
        .collect();
    assert!(
        cycles.is_empty(),
        "import circles ({}):\n{}",
        cycles.len(),
        cycles.join("\n")
    );
}

#[test]
fn the_graph_sees_the_imports_and_the_check_sees_a_circle() {
    // Edges known by reading the source: `Game` holds each family's type,
    // the list wraps the families' parsers into `Game`, and a family
    // implements `Family` from `games/model.rs`.
    let g = graph(&modules());
    assert!(g["games/mod.rs"].contains("games/one_pile/mod.rs"));
    assert!(g["family.rs"].contains("games/mod.rs"));
    assert!(g["games/one_pile/mod.rs"].contains("games/model.rs"));
    // A made-up circle through a family's folder, as on main before this
    // test (a family naming `Game` back): found, and printed in order.
    let mut made_up = g.clone();
    made_up
        .get_mut("games/wythoff/entry.rs")
        .unwrap()
        .insert("games/mod.rs".into());
    let families = by_family(&made_up);
    let cycle = cycle_through(&families, "games/wythoff/").unwrap();
    assert_eq!(cycle.first(), cycle.last());
    assert!(cycle.contains(&"games/mod.rs".to_string()), "{cycle:?}");
}

#[test]
fn a_family_imports_only_modules_below_the_families() {
    // What a family imports from outside its folder names neither `Game`
    // (`games/mod.rs`) nor a family: it is below the families.
    let g = graph(&modules());
    let above = |t: &str| {
        t == "games/mod.rs"
            || g.get(t).is_some_and(|ts| {
                ts.iter()
                    .any(|u| u == "games/mod.rs" || FAMILIES.contains(&node(u).as_str()))
            })
    };
    let mut wrong = Vec::new();
    for (from, to) in &g {
        let family = node(from);
        if !FAMILIES.contains(&family.as_str()) && from != "games/custom.rs" {
            continue;
        }
        for t in to {
            if node(t) != family && !FAMILIES.contains(&node(t).as_str()) && above(t) {
                wrong.push(format!("{from} -> {t}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_file_is_in_one_layer() {
    let mods = modules();
    let mut unplaced = Vec::new();
    for m in &mods {
        // A file named by itself is in that layer, whatever folder holds it.
        let named: Vec<&str> = LAYERS
            .iter()
            .filter(|(_, ps)| ps.contains(&m.file.as_str()))
            .map(|(name, _)| *name)
            .collect();
        let in_folders: Vec<&str> = LAYERS
            .iter()
            .filter(|(_, ps)| ps.iter().any(|p| p.ends_with('/') && m.file.starts_with(p)))
            .map(|(name, _)| *name)
            .collect();
        let places = if named.is_empty() { in_folders } else { named };
        if places.len() != 1 {
            unplaced.push(format!("{}: {places:?}", m.file));
        }
    }
    assert!(
        unplaced.is_empty(),
        "files in no layer or in several (place each in LAYERS):\n{}",
        unplaced.join("\n")
    );
}

#[test]
fn no_layer_imports_a_layer_above_it() {
    let wrong = upward_imports(&graph(&modules()));
    assert!(
        wrong.is_empty(),
        "imports of a layer above ({}):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_layer_check_sees_an_upward_import() {
    // Made-up imports, each from a layer into one above it: the bound
    // language naming the engine (its cancellation, as on main before this
    // check), numeration naming the bound language, and a family naming
    // `Game`. Each is found, and nothing else is.
    let mut g = graph(&modules());
    assert!(upward_imports(&g).is_empty());
    let made_up = [
        ("bound/eval.rs", "engine/cancel.rs"),
        ("numeration/g_prime.rs", "bound/mod.rs"),
        ("games/wythoff/entry.rs", "games/mod.rs"),
    ];
    for (from, to) in made_up {
        g.get_mut(from).unwrap().insert(to.to_string());
    }
    let found = upward_imports(&g);
    assert_eq!(found.len(), made_up.len(), "{found:#?}");
    for (from, to) in made_up {
        assert!(
            found
                .iter()
                .any(|w| w.starts_with(from) && w.contains(&format!("-> {to} "))),
            "{from} -> {to} not found in {found:#?}"
        );
    }
}
