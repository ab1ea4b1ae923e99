//! A sweep family is one file under `crates/takeaway/src/sweep/` plus one
//! line in the list (`sweep::FAMILIES`): the command line and the Python
//! package read every family's name, settings and help from that list.
//!
//! Proved two ways: the front-ends' sweep code names no family and no
//! setting (read from their source), and every family of the list is
//! whole (its settings agree with the other families' of the same name,
//! its help names only settings, its examples build, and its rule sets
//! come back from their JSON).

use std::path::Path;
use takeaway::sweep::{FAMILIES, Format, Setting, Sweep, Takes, Value, Values};

/// The source of `path` (relative to `crates/`).
fn source(path: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The front-ends' sweep code names no family and no setting: they come
/// from the list.
#[test]
fn front_ends_have_no_per_family_code() {
    let rust = [
        "takeaway-command/src/commands/sweep.rs",
        "takeaway-py/src/sweep.rs",
    ];
    for file in rust {
        let text = source(file);
        for f in FAMILIES {
            assert!(
                !text.contains(&format!("\"{}\"", f.name)),
                "{file} names the family {}",
                f.name
            );
            for s in f.settings {
                for word in [format!("\"{}\"", s.name), format!("\"{}\"", s.flag)] {
                    assert!(!text.contains(&word), "{file} names the setting {word}");
                }
            }
        }
        for type_name in [
            "SubtractionSets",
            "OnePileBounds",
            "HolshouserReiterPairs",
            "TwoPileBounds",
            "OctalCodes",
            "HexadecimalCodes",
        ] {
            assert!(!text.contains(type_name), "{file} names {type_name}");
        }
    }
    // Python's wrapper: no family named outside its doctests, no setting
    // as a parameter of a function.
    let py = source("takeaway-py/python/takeaway/_sweep.py");
    for line in py.lines().filter(|l| !l.trim_start().starts_with(">>>")) {
        for f in FAMILIES {
            assert!(
                !line.contains(&format!("\"{}\"", f.name)),
                "_sweep.py names the family {}: {line}",
                f.name
            );
        }
        if let Some(def) = line.trim_start().strip_prefix("def ") {
            let params = def.split_once('(').map_or("", |(_, p)| p);
            let params = params.split(')').next().unwrap_or("");
            for p in params.split(',') {
                let name = p
                    .split('=')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .trim_start_matches('*');
                assert!(
                    !takeaway::sweep::settings().iter().any(|s| s.name == name),
                    "_sweep.py takes the setting {name} by name: {line}"
                );
            }
        }
    }
}

/// The values of an example's `--flag value` pairs (quotes dropped).
fn example_values(settings: &[&Setting], example: &str) -> Values {
    let words: Vec<String> = example
        .split_whitespace()
        .map(|w| w.trim_matches('\'').to_string())
        .collect();
    let mut texts: Vec<(&str, Vec<String>)> = Vec::new();
    let mut v = Values::default();
    for pair in words.windows(2) {
        let Some(flag) = pair[0].strip_prefix("--") else {
            continue;
        };
        let Some(s) = settings.iter().find(|s| s.flag == flag) else {
            assert!(["out"].contains(&flag), "{example}: no setting --{flag}");
            continue;
        };
        match s.takes {
            Takes::Number(_) => v.set(s.name, Value::Number(pair[1].parse().unwrap())),
            Takes::Range => {
                let (lo, hi) = pair[1].split_once("..").unwrap();
                v.set(
                    s.name,
                    Value::Range(lo.parse().unwrap(), hi.parse().unwrap()),
                );
            }
            Takes::Texts => match texts.iter_mut().find(|(n, _)| *n == s.name) {
                Some((_, t)) => t.push(pair[1].clone()),
                None => texts.push((s.name, vec![pair[1].clone()])),
            },
        }
    }
    for (name, t) in texts {
        v.set(name, Value::Texts(t));
    }
    v
}

/// Every family of the list is whole: settings of one name agree, help
/// names only settings, each example builds a sweep whose command line is
/// the example's (without `--out`), and rule sets come back from JSON.
#[test]
fn every_family_in_the_list_is_whole() {
    let all = takeaway::sweep::settings();
    let mut names: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), FAMILIES.len(), "family names are unique");
    for f in FAMILIES {
        for s in f.settings {
            let first = all.iter().find(|t| t.name == s.name).unwrap();
            assert_eq!(*first, *s, "{}: setting {} differs", f.name, s.name);
        }
        for text in std::iter::once(f.help).chain(f.settings.iter().map(|s| s.help)) {
            assert!(!text.contains("--"), "{}: a flag in help: {text}", f.name);
            let worded = takeaway::sweep::worded(text, |s, _| format!("<{}>", s.name));
            for piece in worded.split('{').skip(1) {
                let inner = piece.split('}').next().unwrap_or("");
                assert!(
                    !inner
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c == '='),
                    "{}: help names `{{{inner}}}`, not a setting",
                    f.name
                );
            }
        }
        assert!(!f.examples.is_empty(), "{}: no example", f.name);
        for example in f.examples {
            assert!(example.starts_with(&format!("{} ", f.name)), "{example}");
            let values = example_values(f.settings, example);
            let rule_sets = (f.build)(&values).unwrap_or_else(|e| panic!("{example}: {e}"));
            assert_eq!(rule_sets.name(), f.name);
            let json = rule_sets.to_json();
            let back = (f.from_json)(json.clone()).unwrap();
            assert_eq!(back.to_json(), json, "{example}");
            let sweep = Sweep::new(rule_sets, None, Format::Csv).unwrap();
            assert_eq!(Sweep::from_json(&sweep.to_json()).unwrap(), sweep);
            // Every setting the example gives is in the recorded command.
            let command = sweep.command();
            for word in example
                .split_whitespace()
                .filter(|w| w.starts_with("--") && *w != "--out")
            {
                assert!(command.contains(word), "{example}: {word} not in {command}");
            }
        }
    }
}
