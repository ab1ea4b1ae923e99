//! The command-line contract for one-pile games (design.md).

use crate::cmd::Command;
use serde_json::Value;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = takeaway().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn fails(args: &[&str]) -> String {
    let out = takeaway().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one line on stderr: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn table_fibonacci_values() {
    // Whinihan / paper 000 §2: L(n) is the smallest Zeckendorf term of n.
    let v = json(&["table", "fibonacci", "--rows", "14"]);
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 14);
    assert!(values[0].is_null());
    let rest: Vec<u64> = values[1..].iter().map(|x| x.as_u64().unwrap()).collect();
    assert_eq!(rest, vec![1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1, 13]);
}

#[test]
fn analyze_contract() {
    // Default first bound n − 1: 21 is a Fibonacci number, so the first player loses.
    let v = json(&["analyze", "fibonacci", "21"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["value"], 21);
    assert!(v["move"].is_null());
    assert_eq!(v["bound"], 20);
    assert_eq!(v["method"], "theory");
    // 20 = 13 + 5 + 2: take 2, the opponent's bound is f(2) = 4.
    let v = json(&["analyze", "fibonacci", "20", "--bound", "6"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"], 2);
    assert_eq!(v["move"]["take"], 2);
    assert_eq!(v["move"]["pile"], 0);
    assert_eq!(v["move"]["to"], serde_json::json!([18]));
    assert_eq!(v["move"]["bound"], 4);
    // Outside every theory: exhaustive.
    let v = json(&["analyze", "one-pile:f=t/2", "10"]);
    assert_eq!(v["method"], "exhaustive");
    // Pile 0 and bound 0 are legal, lost positions.
    let v = json(&["analyze", "fibonacci", "0"]);
    assert_eq!(v["outcome"], "P");
    assert!(v["value"].is_null());
    let v = json(&["analyze", "fibonacci", "7", "--bound", "0"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn big_pile_is_exact() {
    let n = format!("1{}", "0".repeat(3000));
    let v = json(&["analyze", "fibonacci", &n]);
    assert_eq!(v["method"], "theory");
    assert_eq!(v["piles"][0].to_string(), n);
}

#[test]
fn verify_agrees() {
    let out = takeaway()
        .args(["verify", "one-pile:f=3*t", "--up-to", "3000"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("agree"));
    let out = takeaway()
        .args(["verify", "one-pile:f=t/2", "--up-to", "100"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stdout).contains("hypothesis fails"));
}

#[test]
fn bad_input_is_one_clear_line() {
    assert!(fails(&["analyze", "fibonacci", "-3"]).contains("negative"));
    assert!(fails(&["analyze", "fibonacci", "12x"]).contains("column 3"));
    assert!(fails(&["analyze", "fibonacci", "10", "--bound", "-1"]).contains("negative"));
    assert!(fails(&["analyze", "fibonacci", "3", "4"]).contains("exactly one pile"));
    assert!(fails(&["analyze", "one-pile:f=2*t+", "10"]).contains("column"));
    assert!(fails(&["analyze", "one-pile:f=t-5", "10", "--exhaustive"]).contains("negative"));
    assert!(fails(&["analyze", "one-pile:f=10/(t-1)", "10", "--exhaustive"]).contains("zero"));
    assert!(fails(&["table", "one-pile:f=3*t", "--rows", "100000000000"]).contains("limit"));
}

/// `table --plot` draws the (pile n, bound w) picture as text: row n has `#`
/// (lost) for w < L(n), `.` (won) for L(n) ≤ w ≤ n, blank for w > n (row 0:
/// L(0) = ∞, so (0, 0) is lost).
/// Expected rows from L(1..5) = 1, 2, 3, 1, 5 (Fibonacci Nim, Whinihan: the
/// smallest Zeckendorf term).
#[test]
fn table_plot_draws_won_and_lost_positions() {
    let out = takeaway()
        .args(["table", "fibonacci", "--rows", "6", "--plot"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let row = |n: usize| {
        text.lines()
            .find(|l| l.len() > 6 && l[..5].trim() == n.to_string())
            .map(|l| l[6..].to_string())
            .unwrap_or_default()
    };
    assert_eq!(row(0), "#     "); // L(0) = ∞: the empty pile is lost
    assert_eq!(row(1), "#.    ");
    assert_eq!(row(2), "##.   ");
    assert_eq!(row(3), "###.  ");
    assert_eq!(row(4), "#.... ");
    assert_eq!(row(5), "#####.");
}

#[test]
fn verify_grundy_checks_the_theory_against_the_grundy_values() {
    // `verify --grundy`: G(n, w) = 0 exactly when w < L(n) (Whinihan's
    // theory for f = 2t, Schwenk's for f = 3t), every n ≤ 600 and w ≤ n.
    for spec in ["fibonacci", "one-pile:f=3*t"] {
        let out = crate::cmd::Command::cargo_bin("takeaway")
            .unwrap()
            .args(["verify", spec, "--grundy", "--up-to", "600", "--json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{spec}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["verdict"], "agree", "{spec}: {v}");
        // Every (n, w) with 1 ≤ n ≤ 600, 0 ≤ w ≤ n.
        assert_eq!(v["checked"], 600 * 603 / 2, "{spec}");
    }
}
