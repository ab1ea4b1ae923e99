//! Grundy rows as step functions (`games::one_pile::grundy_steps`) against
//! a brute force written here from the rules, for every pile up to 2,000,
//! and random rows up to 20,000 against the dense triangle
//! (`games::one_pile::grundy::GrundyTriangle`, the incremental mex over
//! every cell).
//!
//! The rules (docs/cli.md, "one-pile"): pile `n`, bound `w`; a move takes
//! `1 ≤ k ≤ min(w, n)` and leaves pile `n − k` with bound `f(n, k)` (a bound
//! above the pile acts as the pile). Normal play: `G(n, w)` is the mex of
//! the options' values. Misère play (whoever cannot move wins): Conway's
//! misère Grundy value `G⁻`, 1 at a position with no move, else the mex.

use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use takeaway::bound::Bound;
use takeaway::engine::{Convention, Limits};
use takeaway::games::NoProgress;
use takeaway::games::one_pile::exhaustive::{INFINITE, least_winning_moves_under};
use takeaway::games::one_pile::grundy::GrundyTriangle;
use takeaway::games::one_pile::grundy_steps::{GrundySteps, StepMethod};
use takeaway::games::{Game, TableRequest, grundy_table};

/// Every row `G(n, 0..=n)` for `n < rows`, by the mex rule: along a row the
/// options of bound `w` are those of `w − 1` plus the take `w`, so the mex is
/// kept with a count of the values seen.
fn brute(rows: usize, f: impl Fn(usize, usize) -> usize, misere: bool) -> Vec<Vec<u32>> {
    let mut g: Vec<Vec<u32>> = Vec::with_capacity(rows);
    for n in 0..rows {
        let mut row = Vec::with_capacity(n + 1);
        // No move (w = 0, or n = 0): mex of nothing is 0; misère G⁻ is 1.
        row.push(u32::from(misere));
        let mut seen = vec![false; n + 2];
        let mut mex = 0usize;
        for k in 1..=n {
            let m = n - k;
            let x = f(n, k).min(m);
            seen[g[m][x] as usize] = true;
            while seen[mex] {
                mex += 1;
            }
            row.push(mex as u32);
        }
        g.push(row);
    }
    g
}

fn steps(spec_f: &str, base: Option<&str>, rows: usize, c: Convention) -> GrundySteps {
    let f = match base {
        None => Bound::parse(spec_f).unwrap(),
        Some(b) => {
            let game = Game::parse(&format!("one-pile:f={spec_f}:base={b}")).unwrap();
            let g = game
                .family_as::<takeaway::games::one_pile::OnePile>()
                .expect("a one-pile game");
            g.bound().clone()
        }
    };
    GrundySteps::build(&f, rows as u64, c, &Limits::generous(), &NoProgress).unwrap()
}

fn assert_rows_equal(what: &str, s: &GrundySteps, want: &[Vec<u32>]) {
    assert_eq!(s.rows(), want.len(), "{what}");
    for (n, row) in want.iter().enumerate() {
        // Decompress the steps cell by cell, independently of `at`.
        let mut got = Vec::with_capacity(n + 1);
        let st: Vec<(u32, u32)> = s.steps(n).collect();
        assert_eq!(st[0].0, 0, "{what}: row {n} starts at w = 0");
        for (i, &(w, v)) in st.iter().enumerate() {
            let end = st.get(i + 1).map_or(n + 1, |&(e, _)| e as usize);
            assert!(
                (w as usize) < end && end <= n + 1,
                "{what}: row {n}: {st:?}"
            );
            got.extend(std::iter::repeat_n(v, end - w as usize));
        }
        assert_eq!(&got, row, "{what}: row {n}");
        assert_eq!(s.at(n, n as u64 + 5), row[n], "{what}: w > n acts as n");
    }
}

const ROWS: usize = 2001;

#[test]
fn fibonacci_nim_steps_equal_the_mex_rule_to_2000() {
    let s = steps("2*t", None, ROWS, Convention::Normal);
    assert_eq!(s.method(), StepMethod::Sweep);
    assert_rows_equal("fibonacci", &s, &brute(ROWS, |_, k| 2 * k, false));
}

#[test]
fn three_t_steps_equal_the_mex_rule_to_2000() {
    let s = steps("3*t", None, ROWS, Convention::Normal);
    assert_rows_equal("f = 3t", &s, &brute(ROWS, |_, k| 3 * k, false));
}

#[test]
fn an_f_of_n_and_t_steps_equal_the_mex_rule_to_2000() {
    // Depends on n: the scan (every take of every row).
    let s = steps("2*t+n%3", None, ROWS, Convention::Normal);
    assert_eq!(s.method(), StepMethod::Scan);
    assert_rows_equal(
        "f = 2t + n mod 3",
        &s,
        &brute(ROWS, |n, k| 2 * k + n % 3, false),
    );
}

#[test]
fn a_base_bound_steps_equal_the_mex_rule_to_2000() {
    // `2*g(t)` in the Fibonacci base: g(t) is t's smallest Zeckendorf term
    // (paper 002's Algorithm 1), computed here greedily from 1, 2, 3, 5, 8, …
    let mut fibs = vec![1usize, 2];
    while *fibs.last().unwrap() < ROWS {
        let k = fibs.len();
        fibs.push(fibs[k - 1] + fibs[k - 2]);
    }
    let g = |mut t: usize| {
        let mut term = t;
        for &fk in fibs.iter().rev() {
            if fk <= t {
                t -= fk;
                term = fk;
            }
        }
        term
    };
    let s = steps("2*g(t)", Some("fibonacci"), ROWS, Convention::Normal);
    // g is not monotone (g(4) = 1 < g(3) = 3): the scan.
    assert_eq!(s.method(), StepMethod::Scan);
    assert_rows_equal(
        "f = 2 g(t), base fibonacci",
        &s,
        &brute(ROWS, |_, k| 2 * g(k), false),
    );
}

#[test]
fn misere_steps_equal_the_mex_rule_and_the_misere_outcomes_to_2000() {
    let s = steps("2*t", None, ROWS, Convention::Misere);
    let want = brute(ROWS, |_, k| 2 * k, true);
    assert_rows_equal("misère fibonacci", &s, &want);
    // G⁻ = 0 exactly at the misère P-positions: for w ≥ 1, w < L⁻(n) of
    // the exhaustive misère table (`least_winning_moves_under`).
    let f = Bound::parse("2*t").unwrap();
    let l = least_winning_moves_under(
        &f,
        ROWS as u64,
        Convention::Misere,
        &Limits::generous(),
        &NoProgress,
    )
    .unwrap();
    for (n, row) in want.iter().enumerate().skip(1) {
        for (w, &v) in row.iter().enumerate().skip(1) {
            let lost = l[n] == INFINITE || (w as u32) < l[n];
            assert_eq!(v == 0, lost, "G⁻({n}, {w}) = {v}, L⁻ = {}", l[n]);
        }
    }
    let s = steps("3*t", None, 600, Convention::Misere);
    assert_rows_equal("misère f = 3t", &s, &brute(600, |_, k| 3 * k, true));
}

#[test]
fn random_rows_to_20000_equal_the_dense_triangle() {
    let rows = 20_000u64;
    let f = Bound::parse("2*t").unwrap();
    let s = GrundySteps::build(
        &f,
        rows,
        Convention::Normal,
        &Limits::generous(),
        &NoProgress,
    )
    .unwrap();
    let dense =
        GrundyTriangle::build(&f, rows, &Limits::generous(), &NoProgress, |_, _| Ok(())).unwrap();
    // Pinned: 64 rows from a fixed ChaCha seed.
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 64,
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    runner
        .run(&(2_000usize..20_000), |n| {
            let row = dense.row(n);
            for (w, &v) in row.iter().enumerate() {
                proptest::prop_assert_eq!(s.at(n, w as u64), u32::from(v), "G({}, {})", n, w);
            }
            Ok(())
        })
        .unwrap();
    // The paper's bound on this range (Larsson & Rubinstein-Salzedo, and
    // docs/cli.md: G ≤ 36 below 20,000) as a check of the whole table's top.
    let top = (0..s.rows()).map(|n| s.at(n, n as u64)).max();
    assert_eq!(
        top,
        (0..dense.rows()).map(|n| u32::from(dense.at(n, n))).max()
    );
}

#[test]
fn the_steps_table_writes_every_step_once() {
    let game = Game::parse("fibonacci").unwrap();
    let t = grundy_table::steps_table(&game, &TableRequest::new(300)).unwrap();
    let want = brute(300, |_, k| 2 * k, false);
    // CSV: `n,w,grundy`, one line a step: a value differs from the cell
    // before it exactly at a step.
    let mut lines = t.csv.lines();
    assert_eq!(lines.next(), Some("n,w,grundy"));
    let mut expected = Vec::new();
    for (n, row) in want.iter().enumerate() {
        for (w, &v) in row.iter().enumerate() {
            if w == 0 || row[w - 1] != v {
                expected.push(format!("{n},{w},{v}"));
            }
        }
    }
    assert_eq!(lines.collect::<Vec<_>>(), expected);
    let doc = serde_json::to_value(t.document()).unwrap();
    assert_eq!(doc["step_count"], expected.len());
    assert_eq!(doc["steps"][2], serde_json::json!([1, 1, 1]));
    assert_eq!(doc["method"], "grundy-steps-sweep");
    // Not a one-pile game: an error saying so.
    let e = grundy_table::steps_table(&Game::parse("wythoff").unwrap(), &TableRequest::new(3))
        .unwrap_err();
    assert!(e.to_string().contains("one-pile"), "{e}");
}

#[test]
fn fibonacci_starting_values_grow_off_the_fibonacci_numbers_to_200000() {
    // Larsson & Rubinstein-Salzedo, "Grundy values of Fibonacci nim" (IJGT
    // 2016), abstract: the starting positions (n, n − 1) of Fibonacci numbers
    // have value 0, and off them the starting values do not decrease. Checked
    // on the step rows to 200,000 (the dense triangle reached 10,000: engine.rs).
    let rows = 200_000usize;
    let s = steps("2*t", None, rows, Convention::Normal);
    let mut fibs = vec![1usize, 2];
    while *fibs.last().unwrap() < rows {
        let k = fibs.len();
        fibs.push(fibs[k - 1] + fibs[k - 2]);
    }
    let mut last = 0;
    let mut checked = 0;
    for n in 1..rows {
        let start = s.at(n, n as u64 - 1);
        if fibs.contains(&n) {
            assert_eq!(start, 0, "F = {n}: the start is lost");
        } else {
            assert!(start >= last, "G({n}, {}) = {start} < {last}", n - 1);
            last = start;
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        rows - 1 - fibs.iter().filter(|&&f| f < rows).count()
    );
    // The largest value below 20,000 is 36 (the dense triangle's `table
    // fibonacci --grundy --rows 20000 --summary`, docs/cli.md): the starts
    // keep growing past it.
    assert!(last > 36, "G({}, {}) = {last}", rows - 1, rows - 2);
}

#[test]
fn the_papers_statements_hold_and_the_starting_growth_equals_the_brute_force() {
    // `verify fibonacci --grundy --rows N` (games::one_pile::fibonacci_grundy):
    // every theorem holds to 20,000 rows, and its table of a(v), the least
    // non-Fibonacci n with G(n, n − 1) ≥ v, equals the one read from the
    // brute force written here (rows below 2,000).
    use takeaway::games::one_pile::OnePile;
    use takeaway::games::one_pile::fibonacci_grundy::{Kind, check};
    let game = Game::parse("fibonacci").unwrap();
    let one = game.family_as::<OnePile>().unwrap();
    let report = check(one, 20_000, &Limits::generous(), &NoProgress).unwrap();
    assert!(report.agree);
    for s in &report.statements {
        let proved = matches!(s.kind, Kind::Theorem | Kind::Law);
        assert!(!proved || s.holds, "{}: {:?}", s.id, s.counterexample);
    }
    let rows = 2000;
    let g = brute(rows, |_, k| 2 * k, false);
    let mut fibs = vec![1usize, 2];
    while *fibs.last().unwrap() < rows {
        let k = fibs.len();
        fibs.push(fibs[k - 1] + fibs[k - 2]);
    }
    let mut want: Vec<[u64; 2]> = Vec::new();
    for n in 2..rows {
        if fibs.contains(&n) {
            continue;
        }
        let v = u64::from(g[n][n - 1]);
        let from = want.last().map_or(v, |&[top, _]| top + 1);
        for w in from..=v {
            want.push([w, n as u64]);
        }
    }
    let got: Vec<[u64; 2]> = report
        .start_first
        .iter()
        .copied()
        .filter(|&[_, n]| n < rows as u64)
        .collect();
    assert_eq!(got, want);
    // The strict reading of "increasing" fails first at G(6, 5) = G(7, 6) = 4
    // (the brute force's values).
    assert_eq!((g[6][5], g[7][6]), (4, 4));
    let strict = report
        .statements
        .iter()
        .find(|s| s.id == "start-strictly-increasing")
        .unwrap();
    assert_eq!(
        strict.counterexample.as_deref(),
        Some("G(6, 5) = 4, G(7, 6) = 4")
    );
}

#[test]
fn the_dense_table_under_misere_play_is_the_misere_grundy_values_as_the_steps() {
    // `table GAME --grundy` and `--grundy --steps` agree under misère play:
    // both give G⁻ (the brute force above, misère: 1 at a position with no
    // move); the memory games too; a family without misère rows refuses.
    let rows = 40usize;
    let want = brute(rows, |_, k| 2 * k, true);
    let mut req = TableRequest::new(rows as u64);
    req.cols = Some(rows as u64);
    let t = grundy_table::table(&Game::parse("fibonacci:misere=true").unwrap(), &req).unwrap();
    let doc = serde_json::to_value(t.document()).unwrap();
    assert_eq!(doc["misere"], true);
    for (n, row) in want.iter().enumerate() {
        for w in 0..rows {
            assert_eq!(doc["rows"][n][w], row[w.min(n)], "G⁻({n}, {w})");
        }
    }
    let summary = {
        let mut r = TableRequest::new(rows as u64);
        r.summary = true;
        grundy_table::table(&Game::parse("fibonacci:misere=true").unwrap(), &r).unwrap()
    };
    assert_eq!(summary.json["misere"], true);
    assert!(
        summary.text.contains("misère Grundy values G⁻"),
        "{}",
        summary.text
    );
    // Memory games: Mem under misère play, by a brute force of its rules.
    let mut g = vec![vec![0u32; rows]; rows];
    for n in 0..rows {
        for k in 0..rows {
            let opts: Vec<u32> = (k.max(1)..=n).map(|a| g[n - a][a]).collect();
            g[n][k] = if opts.is_empty() {
                1
            } else {
                (0..).find(|v| !opts.contains(v)).unwrap()
            };
        }
    }
    let t = grundy_table::table(&Game::parse("one-pile:min=t:misere=true").unwrap(), &req).unwrap();
    let doc = serde_json::to_value(t.document()).unwrap();
    assert_eq!(doc["rows"], serde_json::json!(g));
    // Wythoff's Nim has no misère rows: refused.
    assert!(grundy_table::table(&Game::parse("wythoff:misere=true").unwrap(), &req).is_err());
}

#[test]
fn the_small_values_characterisation_against_the_brute_force_to_2000() {
    // The positions of Grundy value 0..=3 by the Zeckendorf parts
    // (games::one_pile::fibonacci_small_values; Larsson & Rubinstein-Salzedo,
    // known secondhand from Jadx03/NimGameAndGrundyNumbers FibNim/FibNim.py).
    // Every expected value is the brute force above (the mex rule), for every
    // pile n ≤ 2,000 and every bound 1 ≤ w ≤ n.
    use takeaway::games::one_pile::OnePile;
    use takeaway::games::one_pile::fibonacci_grundy::check;
    use takeaway::games::one_pile::fibonacci_small_values::{Reading, claims, zeckendorf_parts};
    let rows = 2001;
    let g = brute(rows, |_, k| 2 * k, false);
    // The first (n, then w) position where a reading's statement for v and
    // the brute force disagree.
    let first_wrong = |v: u32, reading: Reading| {
        (1..rows).find_map(|n| {
            (1..=n)
                .find(|&w| claims(n as u64, w as u64, v, reading) != (g[n][w] == v))
                .map(|w| (n, w))
        })
    };
    for v in 0..=3 {
        assert_eq!(
            first_wrong(v, Reading::Corrected),
            None,
            "corrected, G = {v}"
        );
    }
    // The transcription is right for 0 and 1, wrong for 2 (w ≤ z2) and 3
    // (n = 4 at every bound).
    assert_eq!(first_wrong(0, Reading::Transcribed), None);
    assert_eq!(first_wrong(1, Reading::Transcribed), None);
    let two = first_wrong(2, Reading::Transcribed);
    let three = first_wrong(3, Reading::Transcribed);
    assert_eq!(two, Some((7, 5)), "7 = 2 + 5, w = z2");
    assert_eq!(g[7][5], 4);
    assert_eq!(three, Some((4, 1)), "4 = 1 + 3");
    assert_eq!(g[4][1], 1);
    // Each value 0..=3 occurs: the statements are not vacuous here.
    for v in 0..=3u32 {
        assert!(g.iter().any(|row| row[1..].contains(&v)), "no G = {v}");
    }

    // `verify fibonacci --grundy --rows 2001` reports the same: the corrected
    // statements hold, the transcribed ones fail at the brute force's first
    // counterexamples.
    let game = Game::parse("fibonacci").unwrap();
    let one = game.family_as::<OnePile>().unwrap();
    let report = check(one, rows as u64, &Limits::generous(), &NoProgress).unwrap();
    let find = |id: &str| report.statements.iter().find(|s| s.id == id).unwrap();
    for id in ["grundy-one", "grundy-two", "grundy-three"] {
        assert!(find(id).holds, "{id}: {:?}", find(id).counterexample);
    }
    let sum = |n: usize| {
        let p: Vec<String> = zeckendorf_parts(n as u64)
            .iter()
            .map(u64::to_string)
            .collect();
        p.join(" + ")
    };
    for (id, (n, w), v) in [
        ("grundy-two-as-transcribed", two.unwrap(), 2),
        ("grundy-three-as-transcribed", three.unwrap(), 3),
    ] {
        let s = find(id);
        assert!(!s.holds);
        assert_eq!(
            s.counterexample.as_deref(),
            Some(
                format!(
                    "n = {n} = {}, w = {w}: G({n}, {w}) = {}, but the statement gives G = {v}",
                    sum(n),
                    g[n][w]
                )
                .as_str()
            ),
        );
    }
    assert!(report.agree);
}
