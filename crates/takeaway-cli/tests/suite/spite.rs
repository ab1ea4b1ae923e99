//! The command-line contract for Spite Nim.

use crate::cmd::Command;
use crate::cmd::predicate;
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

#[test]
fn analyze_contract_safe_and_unsafe() {
    // paper 003 Theorem 1: e(10) = 6, so (10, 6) safe; (10, 5) unsafe, call 10 − e(5) = 7
    let v = json(&["analyze", "--json", "spite", "10", "6"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["move"], Value::Null);
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["method"], "theory");
    assert!(v["explanation"].as_str().unwrap().contains("Theorem 1"));
    assert!(v["explanation"].as_str().unwrap().contains("F_6 + F_3"));
    let v = json(&["analyze", "--json", "spite", "10", "5"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["move"]["call"], 7);
    assert_eq!(v["piles"], serde_json::json!([10, 5]));
}

#[test]
fn analyze_all_lists_every_winning_call() {
    // brute force (tests/suite/spite.rs in the library): from (4, 1) the calls 2 and 3 win
    let v = json(&["analyze", "--json", "--all", "spite", "4", "1"]);
    assert_eq!(v["moves"], serde_json::json!([{"call": 2}, {"call": 3}]));
    assert_eq!(v["value"], 2);
    assert_eq!(v["method"], "exhaustive");
}

#[test]
fn analyze_open_case_by_search_and_big_rows_by_theory() {
    // (10, 8): s > e(10) = 6, open in the paper; brute force says safe (table row 10: 6 7 8 9)
    let v = json(&["analyze", "--json", "spite", "10", "8"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["method"], "exhaustive");
    // 500 digits: (n, e(n)) safe by Theorem 1
    let n = format!("9{}", "1".repeat(499));
    let e = takeaway::games::spite::theory::fibonacci_shift(&n.parse().unwrap()).to_string();
    let v = json(&["analyze", "--json", "spite", &n, &e]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["method"], "theory");
}

#[test]
fn not_known_is_an_error_with_the_reason() {
    let n = format!("9{}", "1".repeat(499));
    let e = takeaway::games::spite::theory::fibonacci_shift(&n.parse().unwrap());
    let s = (e + 7u32).to_string();
    takeaway()
        .args(["analyze", "spite", &n, &s])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("not known").and(predicate::str::contains("open in Hale")),
        );
}

#[test]
fn bad_input_is_a_clear_error() {
    takeaway()
        .args(["analyze", "spite"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("PILES"));
    takeaway()
        .args(["analyze", "spite", "-3", "4"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("negative"));
    takeaway()
        .args(["analyze", "spite", "abc"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a natural number"));
    takeaway()
        .args(["analyze", "--bound", "3", "spite", "4", "5"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no move bound"));
    takeaway()
        .args(["table", "spite:rows=x", "--rows", "5"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("rows"));
}

#[test]
fn table_contract() {
    // brute force: safe pairs below 5 are (0,0), (1,1), (2,1), (3,2), (4,3)
    let v = json(&["table", "--json", "spite", "--rows", "5"]);
    assert_eq!(v["rows"], 5);
    assert_eq!(v["e"], serde_json::json!([0, 1, 1, 2, 3]));
    assert_eq!(
        v["safe"],
        serde_json::json!([[0, 0], [1, 1], [2, 1], [3, 2], [4, 3]])
    );
    assert_eq!(v["h"].as_array().unwrap().len(), 5);
    takeaway()
        .args(["table", "--format", "csv", "spite", "--rows", "3"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!(
            "# takeaway {}; spec spite; command: takeaway table --format csv spite --rows 3\nn,s,safe\n0,0,1\n1,0,0\n1,1,1\n",
            env!("CARGO_PKG_VERSION")
        )));
    // brute force: the safe three-row positions with rows ≤ 1
    let v = json(&["table", "--json", "spite:rows=3", "--rows", "2"]);
    assert_eq!(v["safe"], serde_json::json!([[0, 0, 0], [1, 1, 0]]));
}

#[test]
fn verify_agrees() {
    takeaway()
        .args(["verify", "spite", "--up-to", "200"])
        .assert()
        .success()
        .stdout(predicate::str::contains("agree"));
}
