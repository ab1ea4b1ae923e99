//! `takeaway table octal:CODE`: summaries that prove the classical periods,
//! frequencies, the checksum ogsolve prints, and a long run interrupted
//! (deterministically, and by a real SIGINT) then resumed from its
//! checkpoint with the same checksum and frequencies as one run.

use crate::cmd::Command;
use std::io::{BufRead, BufReader};
use std::process::Stdio;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = takeaway().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("takeaway-octal-{}-{name}", std::process::id()))
}

#[test]
fn kayles_summary_proves_period_12_after_70() {
    // Kayles 0.77: period 12, last exception 70 (Guy and Smith 1956; Winning Ways, ch. 4).
    let out = stdout_of(&["table", "octal:0.77", "--rows", "200", "--summary"]);
    assert!(
        out.contains("period 12, pre-period 71 (last exception n = 70); proved"),
        "{out}"
    );
}

#[test]
fn dawson_summaries_prove_period_34() {
    // Dawson's chess 0.137: period 34, last exception 51 (OEIS A002187,
    // Winning Ways pp. 89 and 102); Dawson's Kayles 0.07 has its values one
    // heap later (A002187's comment), so its last exception is 52.
    let chess = stdout_of(&["table", "octal:0.137", "--rows", "300", "--summary"]);
    assert!(
        chess.contains("period 34, pre-period 52 (last exception n = 51)"),
        "{chess}"
    );
    let kayles = stdout_of(&[
        "table",
        "octal:0.07",
        "--rows",
        "300",
        "--summary",
        "--json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&kayles).unwrap();
    assert_eq!(
        (doc["period"].as_u64(), doc["preperiod"].as_u64()),
        (Some(34), Some(53))
    );
}

#[test]
fn too_few_rows_prove_no_period() {
    // Kayles needs 156 + 12 values for the theorem: with 160 no period is claimed.
    let out = stdout_of(&["table", "octal:0.77", "--rows", "160", "--summary"]);
    assert!(out.contains("no period up to 159"), "{out}");
}

#[test]
fn checksum_matches_ogsolve() {
    // `ogsolve -m rc2 -n 1000000 0.167` (crates.io ogsolve 0.0.7) prints checksum 6D6CA31F.
    let out = stdout_of(&["table", "octal:0.167", "--rows", "1000001", "--summary"]);
    assert!(out.contains("checksum: 6D6CA31F"), "{out}");
}

#[test]
fn freq_lines_add_up() {
    // The `octal` solver's layout: heaps 1 … 999 (heap 0 left out), one
    // line for every value 0 … largest in order, zero counts included.
    let out = stdout_of(&["table", "octal:0.77", "--rows", "1000", "--freq"]);
    let mut total = 0;
    for (i, l) in out.lines().enumerate() {
        let (v, c) = l.split_once(' ').unwrap();
        assert_eq!(v.parse::<usize>().unwrap(), i, "{out}");
        total += c.parse::<u64>().unwrap();
    }
    assert_eq!(total, 999);
}

#[test]
fn sparse_lists_in_mvr_and_flammenkamp_layouts() {
    // Kayles' rare values for the mask 0xf (the summary's line: 0 ×1, 3 ×4,
    // 5 ×1, 6 ×4 to 200 heaps), listed heap by heap.
    let mvr = stdout_of(&["table", "octal:0.77", "--rows", "200", "--sparse", "mvr"]);
    let mut lines = mvr.lines();
    assert_eq!(
        lines.next(),
        Some("10 sparse values # max index 70 max value 6"),
        "{mvr}"
    );
    assert_eq!(lines.next(), Some("0,0"));
    assert_eq!(lines.count(), 9);
    let flam = stdout_of(&[
        "table",
        "octal:0.77",
        "--rows",
        "200",
        "--sparse",
        "flammenkamp",
    ]);
    assert!(
        flam.starts_with("G(       0)=  0  G(       3)=  3  "),
        "{flam}"
    );
    assert_eq!(flam.lines().count(), 2);
    let err = takeaway()
        .args(["table", "nim", "--rows", "5", "--sparse", "mvr"])
        .output()
        .unwrap();
    assert!(!err.status.success());
    assert!(String::from_utf8_lossy(&err.stderr).contains("--sparse is for octal games"));
}

#[test]
fn values_as_json_and_csv() {
    // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 (Winning Ways, ch. 4).
    let json = stdout_of(&["table", "octal:0.77", "--rows", "12", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        doc["values"],
        serde_json::json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6])
    );
    let csv = stdout_of(&["table", "octal:0.77", "--rows", "3", "--csv"]);
    // The first line names the program, the spec and the command (issue 23).
    let (provenance, csv) = csv.split_once('\n').unwrap();
    assert!(
        provenance.starts_with("# takeaway ") && provenance.contains("spec octal:0.77"),
        "{provenance}"
    );
    assert_eq!(csv, "n,grundy\n0,0\n1,1\n2,2\n");
}

#[test]
fn a_bad_code_names_its_column() {
    let out = takeaway()
        .args(["table", "octal:0.7x", "--rows", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    // `x` is the 10th character of `octal:0.7x` (the spec as typed).
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("column 10"), "{err}");
    assert!(
        err.contains("`x` is not a digit of a take-and-break code"),
        "{err}"
    );
}

const ROWS: &str = "1000000";

fn one_run() -> String {
    stdout_of(&[
        "table",
        "octal:0.167",
        "--rows",
        ROWS,
        "--summary",
        "--freq",
    ])
}

#[test]
fn stopped_then_resumed_equals_one_run() {
    let path = temp("stop.ckpt");
    let p = path.to_str().unwrap();
    let stopped = takeaway()
        .args([
            "table",
            "octal:0.167",
            "--rows",
            ROWS,
            "--summary",
            "--freq",
        ])
        .args(["--checkpoint", p, "--stop-after", "400000"])
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(130));
    let note = String::from_utf8_lossy(&stopped.stderr);
    assert!(note.contains("--resume"), "{note}");
    let resumed = stdout_of(&[
        "table",
        "octal:0.167",
        "--rows",
        ROWS,
        "--summary",
        "--freq",
        "--resume",
        p,
    ]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(resumed, one_run());
}

#[test]
fn sigint_saves_then_resume_equals_one_run() {
    let path = temp("sigint.ckpt");
    let p = path.to_str().unwrap();
    // 10^7 values take seconds; the signal is sent as soon as the handler
    // is installed (the note on stderr), long before the run could end.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_takeaway"))
        .args(["table", "octal:0.167", "--rows", "10000000", "--summary"])
        .args(["--checkpoint", p])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.contains("Ctrl-C"), "{line}");
    let pid = child.id().to_string();
    let kill = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap();
    assert!(kill.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(rest.contains("--resume"), "{rest}");
    // Continue to 10^6 values: the same as one run of 10^6 (the checkpoint
    // holds fewer, the resumed run computes the rest).
    let resumed = stdout_of(&[
        "table",
        "octal:0.167",
        "--rows",
        ROWS,
        "--summary",
        "--freq",
        "--resume",
        p,
    ]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(resumed, one_run());
}

/// Hexadecimal codes and `!` through the command line: 0.3F's summary
/// reports the arithmetic period G(n + 6) = G(n) + 3 proved for every heap
/// by the automata's induction (the relation itself is checked on
/// brute-force values by the suite's `take_break` tests, the certificate by
/// its `arithmetic_certificate` tests; Howse and Nowakowski, TCS 313
/// (2004)), and 8.0D's, seen on 20 values, refuted at heap 25 (the
/// definition's G(25) is 7, not 16); Grundy's game
/// 4!.0 lists OEIS A002188's first terms; `analyze --all` lists a
/// three-heap move; an unsupported digit names its column.
#[test]
fn hexadecimal_codes_and_grundys_game() {
    let out = stdout_of(&[
        "table",
        "octal:0.3f",
        "--rows",
        "300",
        "--summary",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "octal:0.3F");
    assert_eq!(v["arithmetic"]["period"], 6);
    assert_eq!(v["arithmetic"]["saltus"], 3);
    assert_eq!(v["arithmetic"]["proved"], true);
    assert!(
        v["arithmetic"]["certificate"]["option_states"]
            .as_u64()
            .unwrap()
            > 0
    );
    assert_eq!(v["period"], serde_json::Value::Null);
    let out = stdout_of(&["table", "octal:0.3F", "--rows", "300", "--summary"]);
    assert!(
        out.lines().nth(1).unwrap().starts_with(
            "arithmetic period 6, saltus 3, pre-period 0 (no exception); proved for every n: G(n + 6) = G(n) + 3 from n = 0 (induction G(n) = mex of its options checked by automata for every n: Opt has "
        ),
        "{out}"
    );
    let out = stdout_of(&["table", "octal:8.0D", "--rows", "20", "--summary", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["arithmetic"]["proved"], false);
    assert_eq!(v["arithmetic"]["counterexample"]["heap"], 25);
    assert_eq!(v["arithmetic"]["counterexample"]["claimed"], 16);
    let out = stdout_of(&["table", "octal:4!.0", "--rows", "21", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0.
    assert_eq!(
        v["values"],
        serde_json::json!([
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
        ])
    );
    // 0.3F: G(9) = 3, G(2) ⊕ G(5) = 2 ⊕ 2 and G(2) ⊕ G(2) ⊕ G(3) = 0 (the values above).
    let out = stdout_of(&["analyze", "octal:0.3F", "9", "--all"]);
    assert!(out.contains("take 2 leaving 2 and 5 → (2, 5)"), "{out}");
    assert!(
        out.contains("take 2 leaving 2, 2 and 3 → (2, 2, 3)"),
        "{out}"
    );
    let out = takeaway()
        .args(["table", "octal:0.3F?", "--rows", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("column 11"), "{err}");
    assert!(err.contains("`?` is not supported"), "{err}");
}

/// An ordinary period of a code that is not octal (saltus 0) is reported as
/// a period, in the summary, its JSON `arithmetic` and the values' footer:
/// 0.B's G = 0, 1, 0, 1, … proved for every heap (the library's
/// `definition`, every option from the rules, gives period 2 and no
/// exception: G(n + 2) = G(n) to heap 299 and G(0) ≠ G(1)); 4.C1's period
/// 34 after the last exception 53 (the definition again: G(n + 34) = G(n)
/// for 54 ≤ n < 266, not for n = 53) is seen and not proved, its two-heap
/// sums past the automata's budget; the saltus ≥ 1 lines keep their words
/// (`hexadecimal_codes_and_grundys_game`).
#[test]
fn ordinary_periods_beyond_octal_read_as_periods() {
    use takeaway::games::octal::{code::OctalCode, take_break::definition};
    let g = definition(&OctalCode::parse("0.B").unwrap(), 300, &|| false).unwrap();
    assert!((0..298).all(|n| g[n + 2] == g[n]) && g[0] != g[1]);
    let line = "period 2, pre-period 0 (no exception); proved for every n: G(n + 2) = G(n) from n = 0 (induction G(n) = mex of its options checked by automata for every n: Opt has ";
    let out = stdout_of(&["table", "octal:0.B", "--rows", "300", "--summary"]);
    assert!(out.lines().nth(1).unwrap().starts_with(line), "{out}");
    let values = stdout_of(&["table", "octal:0.B", "--rows", "300"]);
    assert_eq!(values.lines().last(), out.lines().nth(1), "{values}");
    let out = stdout_of(&["table", "octal:0.B", "--rows", "300", "--summary", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let a = &v["arithmetic"];
    assert_eq!((&a["period"], &a["saltus"]), (&2.into(), &0.into()), "{a}");
    assert_eq!((&a["preperiod"], &a["proved"]), (&0.into(), &true.into()));
    assert!(a["certificate"]["option_states"].as_u64().unwrap() > 0);
    assert_eq!(v["period"], serde_json::Value::Null);
    let g = definition(&OctalCode::parse("4.C1").unwrap(), 300, &|| false).unwrap();
    assert!((54..266).all(|n| g[n + 34] == g[n]) && g[53] != g[87]);
    let out = stdout_of(&["table", "octal:4.C1", "--rows", "300", "--summary"]);
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "looks periodic to 299: period 34, pre-period 54 (G(n + 34) = G(n) for 54 ≤ n < 266), not proved: an automaton grew past 200000 states (building the two-heap sums)"
    );
}
