//! `takeaway misere GAME --heaps N`: the misère quotient as text and JSON,
//! its certificate, and `--check` on a good and a tampered certificate.

use crate::cmd::Command;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("takeaway-misere-{}-{name}", std::process::id()))
}

#[test]
fn misere_kayles_text_and_json() {
    // Kayles heaps 1..4 play like Nim heaps 1, 2, 3, 1: the tame T2
    // (Plambeck 2005); heap 5 makes it wild.
    let out = takeaway()
        .args(["misere", "octal:0.77", "--heaps", "4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("order |Q| = 6, |P| = 2, tame (T2)"), "{text}");
    assert!(text.contains("relations: a² = 1, b³ = b"), "{text}");
    let out = takeaway()
        .args(["misere", "kayles", "--heaps", "5", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tameness"], "wild");
    assert_eq!(v["changes"], serde_json::json!([1, 2, 5]));
}

#[test]
fn a_refused_quotient_names_its_limit_and_what_to_do_instead() {
    // The error line of a `misere` command that must be refused.
    let refusal = |args: &[&str]| {
        let out = takeaway()
            .arg("misere")
            .args(args)
            .env("TAKEAWAY_CACHE_DIR", "")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stderr).unwrap()
    };
    // Q_5(Kayles) has 12 elements (the test above: the quotient grows at
    // heap 5 from the 6 elements of Q_4), so a size limit of 8 refuses it.
    let err = refusal(&["kayles", "--heaps", "5", "--max-elements", "8"]);
    assert!(
        err.contains("more than 8 elements (the size limit); Q_4 has 6"),
        "{err}"
    );
    assert!(
        err.contains("(--max-elements 4096: more CPU time and memory) or ask for --heaps 4"),
        "{err}"
    );
    // Ten verification states in all are too few for Dawson's Kayles' first
    // heaps (refused at heap 4, Q_3 having 2 elements).
    let err = refusal(&["dawson", "--heaps", "12", "--max-states", "10"]);
    assert!(
        err.contains("more than 10 verifier states (the work limit)"),
        "{err}"
    );
    assert!(
        err.contains("raise the limit (--max-states 3000000: more CPU time and memory)"),
        "{err}"
    );
}

#[test]
fn certificates_are_checked_and_tampered_ones_refused() {
    let path = temp("dawson.json");
    let out = takeaway()
        .args(["misere", "dawson", "--heaps", "10"])
        .arg("--certificate")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let out = takeaway()
        .args(["misere", "dawson", "--sums", "3", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    // Sums of 0..=3 heaps from 1..=10: C(13, 3) = 286.
    assert!(
        text.contains("agrees with brute force on all 286 sums"),
        "{text}"
    );
    // Tamper with Φ(2) (heap 2 of 0.07 is a P-position alone: make it 1).
    let mut cert: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    cert["phi"][2] = serde_json::json!(0);
    std::fs::write(&path, cert.to_string()).unwrap();
    let out = takeaway()
        .args(["misere", "dawson", "--sums", "3", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("fails on the sum 2:"), "{err}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn quotients_kept_on_disk_give_the_same_answers_and_bad_files_are_ignored() {
    // 300 misère Kayles heaps of sizes 1..=12: past the exhaustive search's
    // budget, so the command computes Q_12 through the quotient and keeps it
    // in the cache directory; a second cold run reads it back. The answer
    // must not depend on the disk: the same output from an empty directory,
    // a kept quotient, and a damaged file (ignored by the invalidation rule).
    let dir = temp("cache");
    let _ = std::fs::remove_dir_all(&dir);
    let heaps: Vec<String> = (0..300).map(|i| (i % 12 + 1).to_string()).collect();
    let run = || {
        let out = takeaway()
            .env("TAKEAWAY_CACHE_DIR", &dir)
            .args(["analyze", "octal:0.77:misere=true", "--json"])
            .args(&heaps)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let first = run();
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(v["method"], "quotient", "{first}");
    let kept: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert!(!kept.is_empty(), "no quotient kept in {}", dir.display());
    assert_eq!(run(), first, "read back from the disk");
    for path in &kept {
        std::fs::write(path, "{\"format\": 1}").unwrap();
    }
    assert_eq!(run(), first, "a damaged file is ignored");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn past_the_answers_budget_a_larger_quotient_kept_on_disk_answers() {
    // Misère Kayles Q_138 needs more than the 200,000 verification states
    // an answer may spend (Q_130 needs 191,822, Q_135 200,467: the work
    // line of `takeaway misere kayles --heaps N`), and three heaps of up to
    // 138 are far past the exhaustive search's limit: refused, saying why
    // the quotient did not answer.
    let dir = temp("covering");
    let _ = std::fs::remove_dir_all(&dir);
    let analyze = || {
        takeaway()
            .env("TAKEAWAY_CACHE_DIR", &dir)
            .args(["analyze", "kayles:misere=true", "138", "21", "2", "--json"])
            .output()
            .unwrap()
    };
    let out = analyze();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("the misère quotient was not used (the misère quotient of heaps 1.."),
        "{err}"
    );
    // `takeaway misere` computes Q_140 with its own larger limits and keeps
    // it; the answer then goes through it.
    let out = takeaway()
        .env("TAKEAWAY_CACHE_DIR", &dir)
        .args(["misere", "kayles", "--heaps", "140"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = analyze();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["method"], "quotient");
    let explanation = v["explanation"].as_str().unwrap();
    assert!(
        explanation.contains("The quotient Q_140 of octal:0.77"),
        "{explanation}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_misere_command_keeps_its_quotient_on_disk() {
    // `takeaway misere` keeps the quotient it computes in the cache
    // directory, like the answers do, so that the server's heatmaps and
    // later answers read it back (misère Kayles Q_27 costs about 20 s CPU
    // once; the answers' own budget is about half a second).
    let dir = temp("misere-keeps");
    let _ = std::fs::remove_dir_all(&dir);
    let out = takeaway()
        .env("TAKEAWAY_CACHE_DIR", &dir)
        .args(["misere", "octal:0.77", "--heaps", "7", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .any(|n| n.ends_with(".7.json") && n.contains("0.77")),
        "{names:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
