//! Octal games on the command line: the sum of the issue
//! (`analyze sum 'octal:0.77 10 7' 'nim 3'`), a subtraction spec and its
//! octal code tabulating alike, and `play` of a split move over a pipe.

use crate::cmd::Command;
use serde_json::Value;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").expect("binary")
}

fn json(args: &[&str]) -> Value {
    let out = takeaway().args(args).output().expect("run");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

/// Kayles 10 + 7 has value G(10) ⊕ G(7) = 2 ⊕ 2 = 0 (Winning Ways, ch. 4:
/// 0 1 2 3 1 4 3 2 1 4 2 …), so the sum with `nim 3` has value 3 and the
/// winning move empties the Nim heap.
#[test]
fn the_sum_of_kayles_and_nim() {
    let a = json(&["analyze", "sum", "octal:0.77 10 7", "nim 3", "--json"]);
    assert_eq!(a["outcome"], "N", "{a}");
    assert_eq!(a["grundy"], 3, "{a}");
    assert_eq!(a["parts"][0]["grundy"], 0, "{a}");
    assert_eq!(a["move"]["part"], 1, "{a}");
    assert_eq!(a["move"]["to"], serde_json::json!([0]), "{a}");
    // With a Kayles part to move in: 5 has G = 4, so 5 + nim 4 is P and
    // 5 + nim 0 is won by the middle pin (a split).
    let b = json(&["analyze", "sum", "kayles 5", "nim 4", "--json"]);
    assert_eq!(b["outcome"], "P", "{b}");
    let c = json(&["analyze", "sum", "kayles 5", "nim 0", "--json"]);
    assert_eq!(c["move"]["split"], serde_json::json!([2, 2]), "{c}");
}

/// `subtraction:s=1,3,4` is the octal code 0.3033: the same values.
#[test]
fn a_subtraction_table_and_its_octal_code_agree() {
    let s = json(&["table", "subtraction:s=1,3,4", "--rows", "200", "--json"]);
    let o = json(&["table", "octal:0.3033", "--rows", "200", "--json"]);
    assert_eq!(s["values"], o["values"]);
    assert_eq!(o["values"].as_array().map(Vec::len), Some(200));
}

/// The heaps of the first `piles:` line after the computer's first move.
fn after_reply(text: &str) -> Vec<u64> {
    let tail = &text[text.find("computer: ").expect("a reply")..];
    let line = tail
        .lines()
        .find(|l| l.starts_with("piles: ") || l.starts_with("pile: "))
        .expect("a position");
    line.split_whitespace()
        .skip(1)
        .map(|w| w.parse().expect("a heap"))
        .collect()
}

/// `play` over a pipe: the hint names a split in the words `play --help`
/// documents, the human plays it, the computer replies with a legal move;
/// a move the code forbids is refused with the code's reason.
#[test]
fn play_reads_a_split_move() {
    // Kayles 5 (G = 4, Winning Ways ch. 4): the middle pin leaves 2 + 2, a
    // P-position; the computer then knocks down 1 or 2 pins of one row.
    let out = takeaway()
        .args(["play", "kayles", "5"])
        .write_stdin("hint\ntake 1 leaving 2 and 2\nquit\n")
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("hint: Take 1 leaving 2 and 2 wins (`take 1 leaving 2 and 2`)"),
        "{text}"
    );
    assert!(!text.contains("illegal"), "{text}");
    let heaps = after_reply(&text);
    let total: u64 = heaps.iter().sum();
    assert!((2..=3).contains(&total) && heaps.len() == 2, "{text}");
    // Dawson's Kayles removes exactly two pins: one pin is refused; the
    // split of 6 into 1 + 3 is played, then the computer removes two pins.
    let out = takeaway()
        .args(["play", "dawson", "6", "3"])
        .write_stdin("take 1 from 1\ntake 2 from 1 leaving 1 and 3\nquit\n")
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("illegal: In 0.07 removing 1 may not leave one heap: d1 = 0 (never allowed)"),
        "{text}"
    );
    let heaps = after_reply(&text);
    assert_eq!(heaps.iter().sum::<u64>(), 1 + 3 + 3 - 2, "{text}");
}
