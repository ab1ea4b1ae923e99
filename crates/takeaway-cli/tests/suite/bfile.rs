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
        // A Grundy table is two-dimensional: one of its sequences is asked
        // with --sequence.
        &["fibonacci", "--grundy", "--rows", "10"],
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

/// `G(n, w)` (misère: `G⁻`, 1 where no move is left) for `n < rows`, `w ≤
/// n`, of the one-pile game whose take `t` leaves the bound `f(t)`, by the
/// mex rule over every take `1 ≤ t ≤ min(w, n)`, a bound above the pile
/// acting as the pile: the brute force the b-files are checked against.
fn grundy_rows(rows: usize, f: impl Fn(usize) -> usize, misere: bool) -> Vec<Vec<u64>> {
    let mut g: Vec<Vec<u64>> = Vec::with_capacity(rows);
    for n in 0..rows {
        let row: Vec<u64> = (0..=n)
            .map(|w| {
                if n == 0 || w == 0 {
                    return u64::from(misere);
                }
                let seen: Vec<u64> = (1..=w.min(n)).map(|t| g[n - t][f(t).min(n - t)]).collect();
                (0..).find(|v| !seen.contains(v)).unwrap()
            })
            .collect();
        g.push(row);
    }
    g
}

#[test]
fn grundy_row_sequences_are_the_brute_force_rows() {
    type Rule = fn(usize) -> usize;
    let games: [(&str, Rule, bool); 5] = [
        ("fibonacci", |t| 2 * t, false),
        ("one-pile:f=t", |t| t, false),
        ("one-pile:f=3*t", |t| 3 * t, false),
        ("one-pile:f=t+1", |t| t + 1, false),
        ("fibonacci:misere=true", |t| 2 * t, true),
    ];
    for (spec, f, misere) in games {
        let g = grundy_rows(60, f, misere);
        let (offset, pairs) = bfile(&[spec, "--grundy", "--sequence", "starts", "--rows", "60"]);
        assert_eq!(offset, 1, "{spec}");
        let starts: Vec<(u64, u64)> = (1..60).map(|n| (n as u64, g[n][n - 1])).collect();
        assert_eq!(pairs, starts, "{spec}: G(n, n − 1)");
        let (offset, pairs) = bfile(&[spec, "--grundy", "--sequence", "maxima", "--rows", "60"]);
        assert_eq!(offset, 0, "{spec}");
        let maxima: Vec<(u64, u64)> = (0..60)
            .map(|n| (n as u64, *g[n].iter().max().unwrap()))
            .collect();
        assert_eq!(pairs, maxima, "{spec}: the rows' maxima");
    }
    // Fibonacci Nim: (n, n − 1) is lost exactly at the Fibonacci numbers
    // (Whinihan; Larsson & Rubinstein-Salzedo), a check of the brute force.
    let g = grundy_rows(60, |t| 2 * t, false);
    let lost: Vec<usize> = (1..60).filter(|&n| g[n][n - 1] == 0).collect();
    assert_eq!(lost, [1, 2, 3, 5, 8, 13, 21, 34, 55]);
}
