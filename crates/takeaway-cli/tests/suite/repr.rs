//! `takeaway repr`: the JSON contract, big numbers and error handling.

use crate::cmd::Command;
use num_bigint::BigUint;
use serde_json::Value;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").expect("binary built")
}

fn json(args: &[&str]) -> Value {
    let out = takeaway().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// Fails with exit code ≠ 0 and exactly one `error: ...` line on stderr.
fn fails_with_one_line(args: &[&str]) -> String {
    let out = takeaway().args(args).output().expect("runs");
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn zeckendorf_json_contract() {
    // Paper 001: 8 = 100000 (canonical) = 10101 (second canonical); 12 = 101010, 20 = 1010100.
    let cases = [
        (
            "8",
            r#"{"n": 8, "canonical": "100000", "second_canonical": "10101", "a_number": true}"#,
        ),
        // Second canonical by hand from the definition: 12 = F6 + F4 + F1 = 8 + 3 + 1;
        // 20's canonical form already ends in an odd position.
        (
            "12",
            r#"{"n": 12, "canonical": "101010", "second_canonical": "101001", "a_number": true}"#,
        ),
        (
            "20",
            r#"{"n": 20, "canonical": "1010100", "second_canonical": "1010100", "a_number": false}"#,
        ),
        // 0: canonical "0" and second canonical null (design.md contract).
        (
            "0",
            r#"{"n": 0, "canonical": "0", "second_canonical": null, "a_number": null}"#,
        ),
        // 1 = F2 canonical, F1 second canonical.
        (
            "1",
            r#"{"n": 1, "canonical": "10", "second_canonical": "1", "a_number": true}"#,
        ),
    ];
    for (n, expected) in cases {
        let expected: Value = serde_json::from_str(expected).unwrap();
        let got = json(&["repr", "zeckendorf", n, "--json"]);
        assert_eq!(got, expected, "n = {n}");
    }
}

#[test]
fn zeckendorf_text() {
    let out = takeaway()
        .args(["repr", "zeckendorf", "8"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("100000") && text.contains("10101"), "{text}");
}

/// Σ F(i) over the ones of a digit string (rightmost = position 1, F1 = F2 = 1).
fn fibonacci_value(digits: &str) -> BigUint {
    let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32)); // F(i), F(i+1)
    let mut sum = BigUint::from(0u32);
    for c in digits.bytes().rev() {
        if c == b'1' {
            sum += &a;
        }
        let next = &a + &b;
        a = std::mem::replace(&mut b, next);
    }
    sum
}

#[test]
fn ten_thousand_digits() {
    // A 10,000-digit number, checked by re-summing Fibonacci numbers here.
    let n: String = (0..10_000)
        .map(|i| char::from(b'1' + (i * 7 % 9) as u8))
        .collect();
    let got = json(&["repr", "zeckendorf", &n, "--json"]);
    let expected: BigUint = n.parse().unwrap();
    let canonical = got["canonical"].as_str().unwrap();
    let second = got["second_canonical"].as_str().unwrap();
    assert_eq!(fibonacci_value(canonical), expected);
    assert_eq!(fibonacci_value(second), expected);
    assert!(!canonical.contains("11") && !canonical.ends_with('1'));
    assert!(!second.contains("11"));
    assert_eq!(got["n"].to_string(), n);
}

#[test]
fn base_json() {
    // Paper 002: in (1,2,3,6,7,10,17,34), 31 = 1 + 3 + 10 + 17.
    let got = json(&["repr", "base", "1,2,3,6,7,10,17,34", "31", "--json"]);
    let expected: Value = serde_json::from_str(
        r#"{"base": "1,2,3,6,7,10,17,34", "n": 31, "terms": [1, 3, 10, 17], "indices": [1, 3, 6, 7],
            "g": 1, "g_bar": 1, "binary": true, "semi_stable": false}"#,
    )
    .unwrap();
    assert_eq!(got, expected);
    // Paper 002: ḡ(7) = 3, 7 non-binary.
    let got = json(&["repr", "base", "1,2,3,6,7,10,17,34", "7", "--json"]);
    assert_eq!(
        (
            got["g"].clone(),
            got["g_bar"].clone(),
            got["binary"].clone()
        ),
        (7.into(), 3.into(), false.into())
    );
    // 100 = 3 + 8 + 89 in the Fibonacci base; 4 + 32 + 64 in binary (hand sums).
    let got = json(&["repr", "base", "fibonacci", "100", "--json"]);
    assert_eq!(got["terms"], serde_json::json!([3, 8, 89]));
    let got = json(&["repr", "base", "binary", "100", "--json"]);
    assert_eq!(got["terms"], serde_json::json!([4, 32, 64]));
    // 0: no terms, g = ḡ = ∞ (null).
    let got = json(&["repr", "base", "fibonacci", "0", "--json"]);
    assert_eq!(
        (got["g"].clone(), got["terms"].clone()),
        (Value::Null, serde_json::json!([]))
    );
}

#[test]
fn h_sequence_listing() {
    // Paper 000, section 4: Fibonacci H-sequence 1, 2, 3, 5, 8 with l(1) = 0, l(k) = 1.
    let got = json(&["repr", "h-sequence", "fibonacci", "--terms", "5", "--json"]);
    assert_eq!(got["terms"], serde_json::json!([1, 2, 3, 5, 8]));
    assert_eq!(got["l"], serde_json::json!([0, 1, 1, 1, 1]));
}

/// H-sequences of a bound typed by the user, against the definition (issue 2:
/// H1 = 1, H(k+1) = H(k) + H(j), j least with f(H(j)) ≥ H(k)) computed here.
#[test]
fn h_sequence_of_an_expression() {
    fn by_definition(f: impl Fn(u64) -> u64, count: usize) -> Vec<u64> {
        let mut h = vec![1u64];
        while h.len() < count {
            let last = h[h.len() - 1];
            let j = h.iter().position(|&x| f(x) >= last).unwrap_or(h.len() - 1);
            h.push(last + h[j]);
        }
        h
    }
    // Paper 000 / issue 2: the H-sequence of 2t is Fibonacci, of t the powers of two.
    let fib = json(&["repr", "h-sequence", "h:f=2*t", "--terms", "10", "--json"]);
    assert_eq!(
        fib["terms"],
        serde_json::json!([1, 2, 3, 5, 8, 13, 21, 34, 55, 89])
    );
    let pow = json(&["repr", "h-sequence", "h:f=t", "--terms", "6", "--json"]);
    assert_eq!(pow["terms"], serde_json::json!([1, 2, 4, 8, 16, 32]));
    for (expr, f) in [
        ("3*t", (|t| 3 * t) as fn(u64) -> u64),
        ("(3*t+1)/2", |t| (3 * t).div_ceil(2)), // ⌊(3t+1)/2⌋ = ⌈3t/2⌉
        ("min(2*t, t+10)", |t| (2 * t).min(t + 10)),
    ] {
        let got = json(&[
            "repr",
            "h-sequence",
            &format!("h:f={expr}"),
            "--terms",
            "30",
            "--json",
        ]);
        assert_eq!(
            got["terms"],
            serde_json::json!(by_definition(f, 30)),
            "f = {expr}"
        );
    }
    // 31 in the H-sequence of 3t (1, 2, 3, 4, 6, 8, 11, 15, 21, 29, ...): the terms sum to 31.
    let r = json(&["repr", "base", "h:f=3*t", "31", "--json"]);
    let sum: u64 = r["terms"]
        .as_array()
        .map_or(0, |a| a.iter().filter_map(|v| v.as_u64()).sum());
    assert_eq!(sum, 31);
}

#[test]
fn bad_input_is_one_clear_line() {
    for args in [
        vec!["repr", "zeckendorf", "-3"],
        vec!["repr", "zeckendorf", "12x"],
        vec!["repr", "zeckendorf", ""],
        vec!["repr", "zeckendorf", "abc"],
        vec!["repr", "base", "1,2,4,7", "3"],
        vec!["repr", "base", "", "3"],
        vec!["repr", "base", "fibonaci", "3"],
        vec!["repr", "base", "1,2,3", "5"],
        vec!["repr", "base", "h:f=2*t+", "5"],
        vec!["repr", "base", "h:f=n+t", "5"],
        vec!["repr", "base", "fibonacci", "-1"],
        vec!["repr", "h-sequence", "fibonacci", "--terms", "x"],
        vec!["repr", "h-sequence", "fibonacci", "--terms", "100000000"],
    ] {
        fails_with_one_line(&args);
    }
    assert!(fails_with_one_line(&["repr", "zeckendorf", "12x"]).contains("column 3"));
    assert!(fails_with_one_line(&["repr", "base", "1,2,4,7", "3"]).contains("term 4"));
}

#[test]
fn help_has_examples() {
    for sub in ["zeckendorf", "base", "h-sequence"] {
        let out = takeaway().args(["repr", sub, "--help"]).output().unwrap();
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("EXAMPLES"),
            "{sub}"
        );
    }
}

#[test]
fn repr_base_with_h_gives_g_prime_and_theorem_1() {
    // 5 in Fibonacci: one term, ḡ(5) = 3 < 5; ḡ(5) + 5 = 8 is non-binary, so
    // Theorem 1 C(b): h(8) = g(8) = 8 gives g'(5) = ḡ(5) = 3 (C(b1)), h(8) =
    // ḡ(8) = 5 gives g'(5) = g(5) = 5 (C(b2)); Definition 9 agrees (library tests).
    let v = json(&["repr", "base", "fibonacci", "5", "--h", "h=g", "--json"]);
    assert_eq!((v["g"].as_u64(), v["g_bar"].as_u64()), (Some(5), Some(3)));
    assert_eq!(v["g_prime"], 3);
    assert_eq!(v["conclusion"], "C(b1)");
    assert_eq!(v["theorem1"]["holds"], true);
    assert!(v["theorem1"]["first_failure"].is_null());
    let v = json(&["repr", "base", "fibonacci", "5", "--h", "gbar", "--json"]);
    assert_eq!(
        (v["g_prime"].as_u64(), v["conclusion"].as_str()),
        (Some(5), Some("C(b2)"))
    );
    // Definition 9′: h_1 = g, h_2 = ḡ: C(b1) by h_1.
    let v = json(&[
        "repr",
        "base",
        "fibonacci",
        "5",
        "--h",
        "g",
        "--h",
        "gbar",
        "--json",
    ]);
    assert_eq!(v["h"], serde_json::json!([5, 3]));
    assert_eq!(v["g_prime"], 3);
    // Remark 2: --iterate 3 lists g', g'', g'''.
    let v = json(&[
        "repr",
        "base",
        "h:f=3*t",
        "500",
        "--h",
        "if(n%2,gbar(n),g(n))",
        "--iterate",
        "3",
        "--json",
    ]);
    let it = v["iterates"].as_array().unwrap();
    assert_eq!(it.len(), 3);
    assert_eq!(it[0]["value"], v["g_prime"]);
    assert!(it.iter().all(|s| s["theorem1"]["holds"] == true), "{v}");
    // A rule outside Definition 8 names n; a bad --f names the property.
    let e = fails_with_one_line(&["repr", "base", "fibonacci", "50", "--h", "if(n==10,3,g(n))"]);
    assert!(e.contains("h(10) = 3"), "{e}");
    let e = fails_with_one_line(&["repr", "base", "fibonacci", "50", "--h", "g", "--f", "3*t"]);
    assert!(e.contains("P-"), "{e}");
    let e = fails_with_one_line(&["repr", "base", "fibonacci", "3000000", "--h", "g"]);
    assert!(e.contains("limit"), "{e}");
}

#[test]
fn check_unique_json_contract_and_errors() {
    // Paper 004 (1): unique for f = 2t (Zeckendorf), 3t and t + 1 (Schwenk;
    // brute-forced in crates/takeaway-tests/tests/suite/numeration_laws.rs).
    for f in ["h:f=2*t", "h:f=3*t", "h:f=t+1"] {
        let v = json(&["repr", "h-sequence", f, "--check-unique", "3000", "--json"]);
        assert_eq!(v["unique"], true, "{f}: {v}");
        assert!(v["first_failure"].is_null(), "{f}: {v}");
        assert_eq!(v["up_to"], 3000);
    }
    // f = if(t == 2, 1, 3t) is not monotone: 5 = 1 + 4 = 2 + 3 (by hand:
    // H = 1, 2, 3, 4; f(1) = 3 < 4 and f(2) = 1 < 3).
    let v = json(&[
        "repr",
        "h-sequence",
        "h:f=if(t==2,1,3*t)",
        "--check-unique",
        "100",
        "--json",
    ]);
    assert_eq!(v["unique"], false);
    assert_eq!(
        v["first_failure"],
        serde_json::json!({"n": 5, "count": 2, "representations": [[1, 4], [2, 3]]})
    );
    // f = min(t, 3): H = 1, 2, 4 stops (f(t) < t); 7 = 1 + 2 + 4, 8 has none.
    let v = json(&[
        "repr",
        "h-sequence",
        "h:f=min(t,3)",
        "--check-unique",
        "100",
        "--json",
    ]);
    assert_eq!(v["first_failure"]["n"], 8);
    assert_eq!(v["first_failure"]["count"], 0);
    assert_eq!(v["stops_at"], 3);
    assert_eq!(v["terms"], serde_json::json!([1, 2, 4]));
    // Text: one line for the sequence, one for the verdict.
    let out = takeaway()
        .args(["repr", "h-sequence", "h:f=2*t", "--check-unique", "100"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("unique: every 1 ≤ n ≤ 100"));
    // Errors: one line each.
    assert!(
        fails_with_one_line(&["repr", "h-sequence", "fibonacci", "--check-unique", "10"])
            .contains("h:f=EXPR")
    );
    assert!(
        fails_with_one_line(&["repr", "h-sequence", "h:f=2*t", "--check-unique", "3000000"])
            .contains("limit")
    );
    assert!(
        fails_with_one_line(&[
            "repr",
            "h-sequence",
            "h:f=1000000000",
            "--check-unique",
            "100000"
        ])
        .contains("limit")
    );
    assert!(
        fails_with_one_line(&["repr", "h-sequence", "h:f=2*n", "--check-unique", "10"])
            .contains("n")
    );
}

/// Issue 22 (case 2): `repr base B N --h g` claims the least f satisfying
/// P-1…P-9 only when the base meets the compatibility condition on the
/// range it uses (n ≤ 2N); else it refuses, with or without `--f`.
/// Against a check written here from the definitions (greedy terms, g, ḡ,
/// semi-stable: Definitions 2–6 of paper 002), on 80 pseudo-random
/// Definition-1 bases and every N up to a quarter of the last term.
#[test]
fn the_least_f_is_claimed_only_for_a_compatible_base() {
    // The issue's example: P-1 asks f(5, 1) < ḡ(6) = 1, P-5 f(5, 1) ≥ g(4) = 1.
    let err = fails_with_one_line(&["repr", "base", "1,2,3,6,7,10,17,34", "5", "--h", "g"]);
    assert!(
        err.contains("compatibility condition fails at n = 5"),
        "{err}"
    );
    let mut seed = 0x2545_f491_u64;
    let mut next = |m: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % m
    };
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..80 {
        // b1 = 1, b(k+1) = b(k) + b(j) for a random earlier j (Definition 1).
        let mut b = vec![1u64];
        while b.len() < 9 {
            let j = next(b.len() as u64) as usize;
            b.push(b[b.len() - 1] + b[j]);
        }
        let spec: Vec<String> = b.iter().map(u64::to_string).collect();
        let spec = spec.join(",");
        let g = |n: u64| -> (usize, u64) {
            // The smallest term of the greedy representation and its index.
            let (mut rest, mut least) = (n, (0, 0));
            for (i, &t) in b.iter().enumerate().rev() {
                if t <= rest {
                    rest -= t;
                    least = (i, t);
                }
            }
            least
        };
        let gbar = |n: u64| {
            let (i, _) = g(n);
            b[i + 1] - b[i]
        };
        let semi = |n: u64| {
            let (i, t) = g(n);
            n > t && b[i + 1] == gbar(n - t)
        };
        for n in 1..=b[8] / 4 {
            let top = 2 * n;
            let compatible = (1..=top).all(|m| {
                let gb = gbar(m);
                gb == g(m).1 || !semi(m) || m + gb > top || g(m - gb).1 < gbar(m + gb)
            });
            let out = takeaway()
                .args(["repr", "base", &spec, &n.to_string(), "--h", "g", "--json"])
                .output()
                .unwrap();
            assert_eq!(
                out.status.success(),
                compatible,
                "{spec} {n}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            if compatible {
                accepted += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(
        refused > 0 && accepted > 0,
        "{refused} refused, {accepted} accepted"
    );
}
