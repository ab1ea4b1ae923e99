//! `takeaway` on Wythoff's Nim: the command-line contract (issue 5).

use crate::cmd::Command;
use crate::cmd::predicate::str::contains;
use serde_json::Value;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = takeaway().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn paper_examples_in_both_orientations() {
    // Paper 001: (10,15) → (6,10); (9,20) → (9,15); (24,32) → (12,20) diagonally.
    let v = json(&["analyze", "wythoff", "10", "15", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["method"], "theory");
    assert_eq!(v["move"]["to"].to_string(), "[10,6]");
    assert_eq!(
        (v["move"]["pile"].clone(), v["move"]["take"].clone()),
        (1.into(), 9.into())
    );
    assert!(
        v["explanation"]
            .as_str()
            .unwrap()
            .contains("10 = 100100 is a B-number")
    );
    let v = json(&["analyze", "wythoff", "15", "10", "--json"]);
    assert_eq!(v["move"]["to"].to_string(), "[6,10]");
    assert_eq!(v["move"]["pile"], 0);
    let v = json(&["analyze", "wythoff", "20", "9", "--json"]);
    assert_eq!(v["move"]["to"].to_string(), "[15,9]");
    let v = json(&["analyze", "wythoff", "24", "32", "--all", "--json"]);
    assert_eq!(v["move"]["to"].to_string(), "[12,20]");
    assert_eq!(v["move"]["diagonal"], true);
    assert!(v["move"].get("pile").is_none());
    assert_eq!(v["moves"].as_array().unwrap().len(), 1);
    let v = json(&["analyze", "wythoff", "20", "12", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["move"], Value::Null);
}

#[test]
fn all_lists_every_winning_move() {
    // (10, 15): to (10, 6), (8, 13) diagonally and (9, 15) — brute force.
    let v = json(&["analyze", "wythoff", "10", "15", "--all", "--json"]);
    let mut to: Vec<String> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].to_string())
        .collect();
    to.sort();
    assert_eq!(to, ["[10,6]", "[8,13]", "[9,15]"]);
    let e = json(&[
        "analyze",
        "wythoff",
        "10",
        "15",
        "--all",
        "--exhaustive",
        "--json",
    ]);
    assert_eq!(e["method"], "exhaustive");
    assert_eq!(e["moves"].as_array().unwrap().len(), 3);
}

#[test]
fn thousand_digit_piles() {
    let a = format!("1{}", "7".repeat(999));
    let b = format!("2{}", "3".repeat(999));
    let v = json(&["analyze", "wythoff", &a, &b, "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["move"]["to"].as_array().unwrap().len(), 2);
}

#[test]
fn table_and_pictures() {
    // Paper 001 / OEIS A000201, A001950: (0,0), (1,2), (3,5), (4,7), (6,10).
    let v = json(&["table", "wythoff", "--rows", "11", "--json"]);
    assert_eq!(v["pairs"].to_string(), "[[0,0],[1,2],[3,5],[4,7],[6,10]]");
    takeaway()
        .args(["table", "wythoff", "--rows", "21"])
        .assert()
        .success()
        .stdout(contains("101010, 1010100"));
    takeaway()
        .args(["table", "wythoff", "--rows", "6", "--format", "csv"])
        .assert()
        .success()
        .stdout(contains("k,a_k,b_k\n0,0,0\n1,1,2\n2,3,5\n"));
    let dir = std::env::temp_dir().join(format!("takeaway-wythoff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, png) = (dir.join("w.svg"), dir.join("w.png"));
    takeaway()
        .args(["table", "wythoff", "--rows", "100"])
        .arg("--svg")
        .arg(&svg)
        .arg("--png")
        .arg(&png)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn verify_agrees() {
    let v = json(&["verify", "wythoff", "--up-to", "300", "--json"]);
    assert_eq!(v["verdict"], "agree");
    assert_eq!(
        v["engines"].to_string(),
        r#"["zeckendorf","beatty","exhaustive"]"#
    );
    assert_eq!(v["checked"], 301 * 301);
}

#[test]
fn bad_input_is_a_clear_error() {
    for (args, msg) in [
        (vec!["5"], "exactly two piles, got 1"),
        (vec!["1", "2", "3"], "exactly two piles, got 3"),
        (vec!["-1", "3"], "negative"),
        (vec!["x", "3"], "not a natural number"),
        (vec!["3", "4", "--bound", "2"], "no move bound"),
    ] {
        takeaway()
            .arg("analyze")
            .arg("wythoff")
            .args(&args)
            .assert()
            .failure()
            .stderr(contains(msg))
            .stderr(contains("panicked").not());
    }
    takeaway()
        .args(["analyze", "wythoff:x=1", "1", "2"])
        .assert()
        .failure()
        .stderr(contains("unknown parameter `x`"))
        .stderr(contains("expected one of: misere"));
}

/// `G(a, b)` for `a, b ≤ n` by the definition, written here from the
/// rules: the least value no option (a take from one pile, or the same from
/// both) has.
fn brute_grundy(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let options: Vec<u64> = (0..a)
                .map(|x| g[x][b])
                .chain((0..b).map(|y| g[a][y]))
                .chain((1..=a.min(b)).map(|t| g[a - t][b - t]))
                .collect();
            g[a][b] = (0..).find(|v| !options.contains(v)).unwrap();
        }
    }
    g
}

/// `analyze wythoff A B --json` gives a Grundy value and a remoteness (the
/// positions the issue named were refused: (50, 50) "needs 392751
/// positions", (59, 56) likewise): equal to the brute force above on a
/// sample to 60, and present at the corner (1000, 1000), where the table
/// command's value (the same mex, every cell) agrees.
#[test]
fn analyze_gives_grundy_and_remoteness_for_small_and_1000_piles() {
    let g = brute_grundy(60);
    for (a, b) in [
        (50, 50),
        (59, 56),
        (56, 59),
        (0, 0),
        (1, 2),
        (10, 15),
        (33, 7),
        (60, 60),
    ] {
        let v = json(&[
            "analyze",
            "wythoff",
            &a.to_string(),
            &b.to_string(),
            "--json",
        ]);
        assert_eq!(v["grundy"], g[a][b], "G({a}, {b})");
        assert!(v["remoteness"].is_u64(), "({a}, {b}): {v}");
        // G = 0 exactly at the P-positions.
        assert_eq!(v["outcome"] == "P", g[a][b] == 0, "({a}, {b})");
    }
    // G(50, 50) = 40: the command at 07b1b37 (the engine's mex) said so too.
    assert_eq!(g[50][50], 40);
    let v = json(&["analyze", "wythoff", "1000", "1000", "--json"]);
    // Equal piles: take both, at once.
    assert_eq!(v["remoteness"], 1);
    let table = json(&["table", "wythoff", "--grundy", "--rows", "1001", "--json"]);
    assert_eq!(v["grundy"], table["rows"][1000][1000]);
    assert!(v["grundy"].as_u64().unwrap() > 0);
    // Misère play: the remoteness from the misère sweep, no Grundy value.
    let v = json(&["analyze", "wythoff:misere=true", "1000", "1000", "--json"]);
    assert!(v["remoteness"].is_u64(), "{v}");
    assert!(v["grundy"].is_null());
}

/// `table wythoff --grundy` to 1000 rows and columns: the contract's `rows`
/// (G(x, y), pile x down), equal to the brute force in the first 61 × 61.
#[test]
fn grundy_table_to_1000_rows() {
    let g = brute_grundy(60);
    let t = json(&["table", "wythoff", "--grundy", "--rows", "1000", "--json"]);
    let rows = t["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1000);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 1000));
    for a in 0..=60 {
        for b in 0..=60 {
            assert_eq!(rows[a][b], g[a][b], "G({a}, {b})");
        }
    }
}
