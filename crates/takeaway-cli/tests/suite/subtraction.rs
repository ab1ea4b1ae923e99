//! CLI tests of the subtraction family: the design.md contract, --summary, bad input.

use crate::cmd::Command;
use serde_json::Value;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = takeaway()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

fn fails_with(args: &[&str], needle: &str) {
    let out = takeaway()
        .args(args)
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "stderr was: {err}");
    assert!(!err.contains("panicked"), "stderr was: {err}");
}

#[test]
fn analyze_contract() {
    // brute force: S = {1,3,4} has G = 0 1 0 1 2 3 2 (period 7); G(10) = 1, G(11) = 2, G(13) = 2
    let v = json(&["analyze", "--json", "subtraction:s=1,3,4", "10", "11", "13"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"], 1);
    assert_eq!(v["method"], "theory");
    assert_eq!(v["move"]["pile"], 0);
    assert_eq!(v["move"]["take"], 1);
    assert_eq!(v["move"]["to"], serde_json::json!([9, 11, 13]));
    assert!(v["explanation"].as_str().unwrap().contains("period 7"));
    // paper 004: pile 8 of One Pile Min 3 Max 5 is a P-position
    let v = json(&["analyze", "--json", "subtraction:min=3:max=5", "8"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["move"], Value::Null);
    // Bouton: 3 ⊕ 5 ⊕ 6 = 0
    let v = json(&["analyze", "--json", "nim", "3", "5", "6"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&[
        "analyze",
        "--json",
        "--exhaustive",
        "subtraction:s=1,3,4",
        "10",
        "11",
        "13",
    ]);
    assert_eq!(v["method"], "exhaustive");
    assert_eq!(v["value"], 1);
}

#[test]
fn table_contract_and_summary() {
    // paper 004 (Cut-the-Knot, Min 3, Max 5)
    let v = json(&["table", "--json", "subtraction:min=3:max=5", "--rows", "21"]);
    assert_eq!(
        v["values"],
        serde_json::json!([
            0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0, 1, 1
        ])
    );
    assert_eq!(v["period"], 8);
    assert_eq!(v["preperiod"], 0);
    let v = json(&["table", "--json", "nim", "--rows", "5"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 2, 3, 4]));
    assert_eq!(v["period"], Value::Null);
    // ogsolve 0.0.7: `ogsolve 0.3033 -n 20` prints checksum 105001B, period 7, pre-period 0
    let v = json(&[
        "table",
        "--json",
        "--summary",
        "subtraction:s=1,3,4",
        "--rows",
        "21",
    ]);
    assert_eq!(v["checksum"], "105001B");
    assert_eq!(v["period"], 7);
    assert_eq!(v["counts"]["3"], 3);
}

#[test]
fn bad_input_is_a_clear_error() {
    fails_with(&["table", "subtraction:s=", "--rows", "3"], "column 15");
    fails_with(
        &["table", "subtraction:s=0,1", "--rows", "3"],
        "0 is not a move",
    );
    fails_with(&["table", "subtraction:s=1,x", "--rows", "3"], "column 17");
    fails_with(&["analyze", "subtraction:s=1,3,4", "-3"], "negative");
    fails_with(
        &["analyze", "subtraction:s=1,3,4", "abc"],
        "not a natural number",
    );
    fails_with(
        &["table", "subtraction:s=1,3,4", "--rows", "10000000000000"],
        "over the limit of 17179869184",
    );
}
