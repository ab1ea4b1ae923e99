//! Wording: explanations, hints and errors name piles by position counting
//! from 1 and begin with a capital letter or a digit; `play` answers Spite
//! Nim in its own words; `history` and `link` in `play`.

use crate::cmd::Command;
use serde_json::Value;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

fn analyze(args: &[&str]) -> Value {
    let out = takeaway()
        .arg("analyze")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn play(args: &[&str], input: &str) -> String {
    let out = takeaway()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn begins_well(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
}

/// Positions of every family, won and lost, by theory and by search.
const POSITIONS: &[&[&str]] = &[
    &["fibonacci", "20"],
    &["fibonacci", "21"],
    &["one-pile:f=3*t", "20"],
    &["one-pile:f=max(1,t-1)", "10"],
    &["two-pile:f=2*t", "20", "62", "--bound", "6"],
    &["two-pile:f=2*t", "15", "62", "--bound", "10"],
    &["two-pile:f=2*t", "5", "5"],
    &["two-pile:f=2*t", "3", "4", "5"],
    &["wythoff", "10", "15"],
    &["wythoff", "8", "13"],
    &["spite", "10", "6"],
    &["spite", "10", "7"],
    &["spite", "12", "3"],
    &["nim", "3", "4", "6"],
    &["nim", "3", "4", "7"],
    &["subtraction:s=1,3,4", "10"],
    &["subtraction:s=1,3,4", "10", "11", "12"],
    &["subtraction:s=1,3,4:misere=true", "10"],
    &["subtraction:min=3:max=5", "21"],
];

#[test]
fn explanations_begin_with_a_capital_or_a_digit_and_count_piles_from_1() {
    for args in POSITIONS {
        let v = analyze(args);
        let text = v["explanation"].as_str().unwrap();
        assert!(begins_well(text), "{args:?}: {text}");
        assert!(!text.contains("pile 0"), "{args:?}: {text}");
    }
    // Bouton: 3 ⊕ 4 ⊕ 6 = 1, and only 3 ⊕ 1 = 2 < 3, so the winning move
    // reduces the first pile, pile 1, from 3 to 2.
    let v = analyze(&["nim", "3", "4", "6"]);
    let text = v["explanation"].as_str().unwrap();
    assert!(text.contains("reduce pile 1 from 3 to 2"), "{text}");
    assert_eq!(v["move"]["pile"], 0, "JSON piles stay 0-based");
}

#[test]
fn hints_and_errors_in_play_begin_with_a_capital() {
    for args in POSITIONS {
        // The same positions in play (the bound is play's `--bound` too).
        let text = play(args, "hint\ntake 999999 from 9\ndance\nquit\n");
        let mut seen = 0;
        for line in text.lines() {
            for prefix in ["hint: ", "illegal: "] {
                if let Some((_, rest)) = line.split_once(prefix) {
                    seen += 1;
                    assert!(begins_well(rest), "{args:?}: {line}");
                    assert!(!rest.contains("pile 0"), "{args:?}: {line}");
                }
            }
        }
        assert!(
            seen >= 3,
            "{args:?}: a hint and two errors expected: {text}"
        );
    }
}

#[test]
fn one_pile_hints_say_take_without_a_pile() {
    // L(20) = 2 for Fibonacci Nim (20 = 13 + 5 + 2, the smallest term; README).
    let text = play(&["fibonacci", "20"], "hint\nquit\n");
    assert!(text.contains("hint: Take 2 wins (`take 2`)."), "{text}");
    assert!(!text.contains("from 1"), "{text}");
}

#[test]
fn spite_nim_answers_take_and_pick_in_its_own_words() {
    let text = play(&["spite", "10", "6"], "take 3\ncall 3\npick 3\nquit\n");
    assert!(
        text.contains(
            "illegal: In Spite Nim you call a number and the opponent picks the row: write `call 3`"
        ),
        "{text}"
    );
    assert!(
        text.contains("illegal: There is no row 3: the rows are numbered 1 to 2"),
        "{text}"
    );
    let text = play(&["fibonacci", "20"], "take 2 from 2\nquit\n");
    assert!(
        text.contains("illegal: There is no pile 2: the game has one pile"),
        "{text}"
    );
}

#[test]
fn history_has_one_line_per_position_and_link_gives_the_page_address() {
    // Fibonacci 21 is lost for the mover (a Fibonacci number); the computer
    // answers each of the two takes, so 5 positions are reached.
    let text = play(
        &["fibonacci", "21"],
        "take 1\ntake 1\nhistory\nlink\nquit\n",
    );
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("to act):")).collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[0].contains("start") && lines[0].contains("pile: 21, bound 20"),
        "{text}"
    );
    assert!(
        lines.iter().all(|l| l.contains("the computer is winning")),
        "the human loses from 21 whatever it does: {text}"
    );
    assert!(
        text.contains("In the browser (takeaway serve): http://127.0.0.1:8080/#game=fibonacci&piles=21&bound=20"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("http://127.0.0.1:8080/#game=fibonacci&piles=")),
        "{text}"
    );
    // A spec with `*` and `=` is encoded as the page encodes it.
    let text = play(&["one-pile:f=3*t", "20"], "quit\n");
    assert!(
        text.contains("#game=one-pile%3Af%3D3*t&piles=20&bound=19"),
        "{text}"
    );
}

#[test]
fn the_end_of_a_game_shows_no_prompt_line() {
    // Pile 2, bound 1: the human takes 1, the computer takes the last.
    let text = play(&["fibonacci", "2"], "take 1\n");
    let end: Vec<&str> = text.lines().rev().take(2).collect();
    assert_eq!(end, ["Game over: the computer wins", "pile: 0"], "{text}");
}

/// Whether `printed` is what `shown` shows, where `…` in a line of `shown`
/// stands for any text left out of that line (the README shortens long
/// explanations so).
fn shows(shown: &str, printed: &str) -> bool {
    let (shown, printed): (Vec<&str>, Vec<&str>) =
        (shown.lines().collect(), printed.lines().collect());
    shown.len() == printed.len()
        && shown.iter().zip(&printed).all(|(s, p)| {
            let parts: Vec<&str> = s.split('…').collect();
            if parts.len() == 1 {
                return s == p;
            }
            let (first, last) = (parts[0], parts[parts.len() - 1]);
            let mut rest = match p.strip_prefix(first) {
                Some(r) => r,
                None => return false,
            };
            for mid in &parts[1..parts.len() - 1] {
                match rest.find(mid) {
                    Some(k) => rest = &rest[k + mid.len()..],
                    None => return false,
                }
            }
            rest.ends_with(last)
        })
}

/// Whether the JSON `printed` is what the JSON `shown` shows: the same
/// document, a string of `shown` with `…` standing for text left out (the
/// README writes arrays on one line and shortens the explanation).
fn shows_json(shown: &Value, printed: &Value) -> bool {
    match (shown, printed) {
        (Value::String(s), Value::String(p)) if s.contains('…') => shows(s, p),
        (Value::Array(s), Value::Array(p)) => {
            s.len() == p.len() && s.iter().zip(p).all(|(s, p)| shows_json(s, p))
        }
        (Value::Object(s), Value::Object(p)) => {
            s.len() == p.len()
                && s.iter()
                    .all(|(k, v)| p.get(k).is_some_and(|q| shows_json(v, q)))
        }
        (s, p) => s == p,
    }
}

/// Every `$ …` example in the console blocks of README.md and docs/cli.md
/// (the command-line contract, moved out of the README) — a `takeaway`
/// command, piped input included — prints what the document shows (`…`
/// stands for text left out of a line; a `--json` answer is compared as
/// JSON); none is skipped: the docs cannot drift from the binary.
#[test]
fn readme_examples_print_what_the_readme_shows() {
    let bin = crate::cmd::cargo_bin("takeaway");
    let dir = bin.parent().expect("the binary's folder");
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let (mut checked, mut examples) = (0, 0);
    for doc in ["README.md", "docs/cli.md"] {
        let file = format!("{}/../../{doc}", env!("CARGO_MANIFEST_DIR"));
        let readme = std::fs::read_to_string(&file).expect(doc);
        let mut checked_here = 0;
        for block in readme.split("```console\n").skip(1) {
            let block = block.split("```").next().unwrap_or_default();
            let lines: Vec<&str> = block.lines().collect();
            let mut i = 0;
            while i < lines.len() {
                let Some(command) = lines[i].strip_prefix("$ ") else {
                    i += 1;
                    continue;
                };
                examples += 1;
                let mut j = i + 1;
                while j < lines.len() && !lines[j].starts_with("$ ") {
                    j += 1;
                }
                let shown = lines[i + 1..j].join("\n");
                i = j;
                assert!(
                    command.contains("takeaway "),
                    "{doc} example `{command}` runs no takeaway"
                );
                let out = std::process::Command::new("sh")
                    .arg("-c")
                    .arg(format!("{command} 2>&1"))
                    .env("PATH", &path)
                    .output()
                    .expect("sh");
                let printed = String::from_utf8_lossy(&out.stdout);
                let same = if command.contains("--json") && shown.trim_start().starts_with('{') {
                    let shown_json: Value =
                        serde_json::from_str(&shown).expect("the document's JSON parses");
                    let printed_json: Value =
                        serde_json::from_str(&printed).expect("the JSON answer parses");
                    shows_json(&shown_json, &printed_json)
                } else {
                    shows(shown.trim_end(), printed.trim_end())
                };
                assert!(
                    same,
                    "{doc} example `{command}` prints something else:\n{printed}"
                );
                checked_here += 1;
            }
        }
        // Each document has runnable examples; a parser that found none in
        // one of them would pass vacuously.
        assert!(
            checked_here >= 5,
            "only {checked_here} examples checked in {doc}"
        );
        checked += checked_here;
    }
    // Every example is run: none is skipped.
    assert_eq!(checked, examples);
    assert!(checked >= 20, "only {checked} examples checked");
}

/// A text naming pile 0, row 0 or part 0 (piles are counted from 1 in text).
fn names_a_zero(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for word in ["pile 0", "row 0", "part 0", "piles 0 "] {
        let mut from = 0;
        while let Some(i) = lower[from..].find(word) {
            let at = from + i + word.len();
            // `pile 0` but not `pile 0.5`-like or `pile 05`: the next char is no digit.
            if !lower[at..].starts_with(|c: char| c.is_ascii_digit()) {
                return Some(text[from + i..].chars().take(60).collect());
            }
            from = at;
        }
    }
    None
}

/// Issue 22 (case 5): no text output names a pile 0, row 0 or part 0 — every
/// family with 1, 2 and 3 piles (where the game has them), normal and
/// misère: `analyze` (with `--all`), `play`'s hint and the computer's moves.
#[test]
fn no_text_names_a_pile_row_or_part_zero() {
    let cases: &[(&str, &[&str], Option<&str>)] = &[
        ("fibonacci", &["20"], None),
        ("one-pile:f=3*t:misere=true", &["9"], None),
        ("two-pile:f=2*t", &["20", "62"], Some("6")),
        ("two-pile:f=2*t", &["5", "8", "13"], Some("3")),
        ("two-pile:f=t+1", &["6", "9", "1"], None),
        ("two-pile:f=t+1:misere=true", &["3", "4"], None),
        ("two-pile:f=2*t:add=1", &["3", "4"], Some("2")),
        ("wythoff", &["10", "15"], None),
        ("wythoff:misere=true", &["4", "7"], None),
        ("spite", &["7", "3"], None),
        ("spite", &["4", "3", "2"], None),
        ("nim", &["5"], None),
        ("nim", &["3", "5"], None),
        ("nim", &["1", "4", "6"], None),
        ("nim:misere=true", &["2", "3", "4"], None),
        ("subtraction:s=1,3,4", &["10"], None),
        ("subtraction:s=1,3,4", &["10", "11", "13"], None),
        ("subtraction:min=3:max=5:misere=true", &["6", "7"], None),
    ];
    for (spec, piles, bound) in cases {
        let mut args: Vec<&str> = vec!["analyze", spec];
        args.extend_from_slice(piles);
        if let Some(b) = bound {
            args.extend(["--bound", b]);
        }
        for extra in [&[][..], &["--all"][..], &["--exhaustive", "--all"][..]] {
            let out = takeaway().args(&args).args(extra).output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr);
            assert_eq!(names_a_zero(&text), None, "{args:?} {extra:?}: {text}");
        }
        let mut play_args: Vec<&str> = vec![spec];
        play_args.extend_from_slice(piles);
        if let Some(b) = bound {
            play_args.extend(["--bound", b]);
        }
        for first in ["human", "computer"] {
            let mut a = play_args.clone();
            a.extend(["--first", first]);
            let out = takeaway()
                .arg("play")
                .args(&a)
                .write_stdin("hint\nhistory\nquit\n")
                .timeout(std::time::Duration::from_secs(60))
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert_eq!(names_a_zero(&text), None, "play {a:?}: {text}");
        }
    }
    // Sums name parts from 1.
    let out = takeaway()
        .args([
            "analyze",
            "sum",
            "fibonacci 20",
            "nim 3 5",
            "wythoff 1 2",
            "--all",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(names_a_zero(&text), None, "{text}");
}
