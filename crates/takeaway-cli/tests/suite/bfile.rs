//! `table --format bfile`: OEIS b-files (`n a(n)` lines after `#` lines
//! naming the sequence and its offset) checked against brute force and the
//! OEIS entries they reproduce.

use crate::cmd::Command;

/// The b-file `takeaway table ARGS --format bfile` prints: its offset and
/// its `(n, a(n))` pairs.
fn bfile(args: &[&str]) -> (u64, Vec<(u64, u64)>) {
    let out = Command::cargo_bin("takeaway")
        .unwrap()
        .args(["table"])
        .args(args)
        .args(["--format", "bfile"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    // The provenance line, the title, the offset.
    assert!(lines.next().unwrap().starts_with("# takeaway "), "{text}");
    assert!(lines.next().unwrap().starts_with("# "), "{text}");
    let offset = lines
        .next()
        .and_then(|l| l.strip_prefix("# offset "))
        .unwrap_or_else(|| panic!("no offset line: {text}"))
        .parse()
        .unwrap();
    let pairs: Vec<(u64, u64)> = lines
        .map(|l| {
            let (n, a) = l
                .split_once(' ')
                .unwrap_or_else(|| panic!("not `n a(n)`: {l:?}"));
            (n.parse().unwrap(), a.parse().unwrap())
        })
        .collect();
    // Consecutive indices from the offset.
    for (j, &(n, _)) in pairs.iter().enumerate() {
        assert_eq!(n, offset + j as u64, "{args:?}");
    }
    (offset, pairs)
}

/// The smallest term of `n`'s Zeckendorf representation, by the greedy
/// algorithm (OEIS A139764, offset 1).
fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] <= n {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut smallest = 0;
    for &f in fib.iter().rev() {
        if f <= n {
            n -= f;
            smallest = f;
        }
    }
    smallest
}

#[test]
fn fibonacci_nim_least_winning_moves_are_a139764() {
    // L(n) of Fibonacci Nim is the smallest Zeckendorf term of n (Whinihan
    // 1963); L(0) = ∞ is left out, so the b-file starts at 1 as A139764 does.
    let (offset, pairs) = bfile(&["fibonacci", "--rows", "300"]);
    assert_eq!(offset, 1);
    assert_eq!(pairs.len(), 299);
    for (n, a) in pairs {
        assert_eq!(a, smallest_zeckendorf_term(n), "L({n})");
    }
    // A139764's first terms as published: 1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1, 13.
    let (_, pairs) = bfile(&["fibonacci", "--rows", "14"]);
    let terms: Vec<u64> = pairs.iter().map(|&(_, a)| a).collect();
    assert_eq!(terms, [1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1, 13]);
}

/// The Grundy values of Kayles by the mex rule: a move takes one or two
/// adjacent pins from a row, leaving two rows `a` and `b`.
fn kayles(rows: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(rows);
    for n in 0..rows {
        let mut seen = std::collections::BTreeSet::new();
        for take in 1..=2 {
            for a in 0..=n.saturating_sub(take) {
                if a + take <= n {
                    seen.insert(g[a] ^ g[n - take - a]);
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

#[test]
fn kayles_grundy_values_are_a002186() {
    // Kayles (octal 0.77): A002186, offset 0; the solver's listing (octal
    // path of the command) and the one-heap table agree with the mex rule.
    let want = kayles(120);
    let (offset, pairs) = bfile(&["octal:0.77", "--rows", "120"]);
    assert_eq!(offset, 0);
    assert_eq!(pairs.iter().map(|&(_, a)| a).collect::<Vec<_>>(), want);
    // A002186's first terms as published.
    assert_eq!(want[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
}

#[test]
fn a_subtraction_game_b_file_is_its_grundy_sequence() {
    // S = {1, 3, 4}: G(n) = mex{G(n − s)} computed here.
    let mut want: Vec<u64> = Vec::new();
    for n in 0..50usize {
        let seen: Vec<u64> = [1, 3, 4]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| want[n - s])
            .collect();
        want.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let (offset, pairs) = bfile(&["subtraction:s=1,3,4", "--rows", "50"]);
    assert_eq!(offset, 0);
    assert_eq!(pairs.iter().map(|&(_, a)| a).collect::<Vec<_>>(), want);
}

#[test]
fn a_table_that_is_not_a_sequence_of_numbers_has_no_b_file() {
    for args in [
        &["two-pile:f=2*t", "--rows", "5", "--cols", "5"][..],
        &["subtraction:s=1,3,4:misere=true", "--rows", "5"],
        &["subtraction:s=1,3,4", "--rows", "50", "--summary"],
    ] {
        let out = Command::cargo_bin("takeaway")
            .unwrap()
            .arg("table")
            .args(args)
            .args(["--format", "bfile"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.contains("b-file") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
