//! Spite Nim: the solvers and Hale's theory (paper 003) against a brute force
//! written from the rules alone.

use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::HashMap;
use takeaway::analysis::{Method, Outcome};
use takeaway::games::spite::exhaustive::Exhaustive;
use takeaway::games::spite::theory::{
    TheoryVerdict, decide_two_rows, e_by_golden_ratio, e_by_recursion, e_u64, fibonacci_shift,
};
use takeaway::games::spite::two_row::TwoRowTable;
use takeaway::games::{AnalyzeRequest, Family, Game, GameError, Limits, NoProgress};

/// Brute force from the rules: a memoised recursion over sorted row tuples.
/// The caller names c in 1..=max; the call wins iff every row ≥ c the chooser
/// may pick leaves a position the chooser (calling next) loses; all-zero rows:
/// the player to call loses.
struct Brute {
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new() -> Self {
        Brute {
            memo: HashMap::new(),
        }
    }
    fn key(rows: &[u64]) -> Vec<u64> {
        let mut k = rows.to_vec();
        k.sort_unstable();
        k
    }
    /// true iff the player to call wins.
    fn wins(&mut self, rows: &[u64]) -> bool {
        let key = Brute::key(rows);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let w = !self.winning_calls(&key).is_empty();
        self.memo.insert(key, w);
        w
    }
    fn winning_calls(&mut self, rows: &[u64]) -> Vec<u64> {
        let max = rows.iter().copied().max().unwrap_or(0);
        let mut out = Vec::new();
        for c in 1..=max {
            let mut all_lose = true;
            for i in 0..rows.len() {
                if rows[i] >= c {
                    let mut next = rows.to_vec();
                    next[i] -= c;
                    if self.wins(&next) {
                        all_lose = false;
                        break;
                    }
                }
            }
            if all_lose {
                out.push(c);
            }
        }
        out
    }
}

fn table(size: u64) -> TwoRowTable {
    TwoRowTable::build(size, &Limits::generous(), &NoProgress).unwrap()
}

#[test]
fn paper_small_claims() {
    // paper 003, proof of Theorem 1: "(1, 0) is clearly unsafe, while (1, 1) is safe"
    let mut b = Brute::new();
    assert!(b.wins(&[1, 0]));
    assert!(!b.wins(&[1, 1]));
    // rules: all rows empty — the player to call has lost
    assert!(!b.wins(&[0, 0]));
    assert!(!b.wins(&[]));
}

#[test]
fn two_rows_agree_with_brute_force_to_150() {
    let t = table(151);
    let mut b = Brute::new();
    for n in 0..=150u64 {
        for s in 0..=n {
            let calls = b.winning_calls(&[s, n]);
            assert_eq!(
                t.safe(n as usize, s as usize),
                calls.is_empty(),
                "({n}, {s})"
            );
            assert_eq!(t.winning_calls(n as usize, s as usize).unwrap(), calls);
        }
    }
}

#[test]
fn dense_solver_agrees_with_brute_force_three_and_four_rows() {
    let limits = Limits::generous();
    let mut b = Brute::new();
    let three = Exhaustive::solve(&[20, 20, 20], &limits).unwrap();
    for x in 0..=20u64 {
        for y in 0..=x {
            for z in 0..=y {
                let calls = b.winning_calls(&[z, y, x]);
                assert_eq!(three.is_safe(&[x, z, y]), Some(calls.is_empty()));
                assert_eq!(three.winning_calls(&[x, y, z]), Some(calls));
            }
        }
    }
    let four = Exhaustive::solve(&[8, 8, 8, 8], &limits).unwrap();
    for w in 0..=8u64 {
        for x in 0..=w {
            for y in 0..=x {
                for z in 0..=y {
                    let calls = b.winning_calls(&[z, y, x, w]);
                    assert_eq!(four.winning_calls(&[w, x, y, z]), Some(calls));
                }
            }
        }
    }
    // two rows through the dense solver too
    let two = Exhaustive::solve(&[60, 60], &limits).unwrap();
    for n in 0..=60u64 {
        for s in 0..=n {
            assert_eq!(two.is_safe(&[n, s]), Some(!b.wins(&[n, s])));
        }
    }
}

#[test]
fn remoteness_follows_its_definition() {
    // Brute-force remoteness over two rows ≤ 25 from the definition.
    fn rem(rows: [u64; 2], b: &mut Brute, memo: &mut HashMap<[u64; 2], u32>) -> u32 {
        let key = [rows[0].min(rows[1]), rows[0].max(rows[1])];
        if let Some(&r) = memo.get(&key) {
            return r;
        }
        let max = key[1];
        let mut win: Option<u32> = None;
        let mut lose = 0u32;
        for c in 1..=max {
            let mut nexts = Vec::new();
            for i in 0..2 {
                if key[i] >= c {
                    let mut nx = key;
                    nx[i] -= c;
                    nexts.push(nx);
                }
            }
            let all_safe = nexts.iter().all(|nx| !b.wins(nx));
            if all_safe {
                let longest = nexts.iter().map(|nx| 1 + rem(*nx, b, memo)).max().unwrap();
                win = Some(win.map_or(longest, |w| w.min(longest)));
            } else {
                let refutations: Vec<[u64; 2]> =
                    nexts.iter().copied().filter(|nx| b.wins(&nx[..])).collect();
                let shortest = refutations
                    .iter()
                    .map(|nx| 1 + rem(*nx, b, memo))
                    .min()
                    .unwrap();
                lose = lose.max(shortest);
            }
        }
        let r = win.unwrap_or(lose);
        memo.insert(key, r);
        r
    }
    let t = Exhaustive::solve(&[25, 25], &Limits::generous()).unwrap();
    let (mut b, mut memo) = (Brute::new(), HashMap::new());
    for n in 0..=25 {
        for s in 0..=n {
            assert_eq!(t.remoteness(&[n, s]), Some(rem([n, s], &mut b, &mut memo)));
        }
    }
}

#[test]
fn e_definitions_agree_to_100000() {
    let rec = e_by_recursion(100_001);
    for (n, &f) in rec.iter().enumerate() {
        let nb = BigUint::from(n);
        assert_eq!(e_u64(n as u64), f, "shift (u64) vs recursion at {n}");
        if n % 7 == 0 || n < 5000 {
            assert_eq!(fibonacci_shift(&nb), BigUint::from(f), "shift at {n}");
            assert_eq!(e_by_golden_ratio(&nb), BigUint::from(f), "golden at {n}");
        }
    }
    // OEIS A005206 (Hofstadter G), which is Hale's f: 0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6
    assert_eq!(&rec[..11], &[0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn e_shift_equals_golden_ratio_on_big_numbers(digits in "[1-9][0-9]{20,300}") {
        let n: BigUint = digits.parse().unwrap();
        let e = fibonacci_shift(&n);
        prop_assert_eq!(&e, &e_by_golden_ratio(&n));
        // e(n) + e(e(n)) ≥ n and, for s = e(n) − 1, s + e(s) < n (Hale's recursion)
        let ee = fibonacci_shift(&e);
        prop_assert!(&e + &ee >= n);
        let s = &e - 1u32;
        prop_assert!(&s + fibonacci_shift(&s) < n);
    }

    #[test]
    fn theorem_1_call_is_legal_on_big_rows(digits in "[1-9][0-9]{30,200}", cut in 1u32..1000) {
        // Theorem 1 (paper 003): for s < e(n) the call n − e(s) exceeds s, is at
        // most n, and leaves (e(s), s); analyze answers it by theory.
        let n: BigUint = digits.parse().unwrap();
        let e = fibonacci_shift(&n);
        let s = &e - cut.min(u32::try_from(&e).unwrap_or(u32::MAX));
        let a = Game::parse("spite").unwrap()
            .analyze(&AnalyzeRequest::new(vec![s.clone(), n.clone()])).unwrap();
        prop_assert_eq!(a.outcome, Outcome::N);
        prop_assert_eq!(a.method, Method::Theory);
        let c = a.winning_move.unwrap().call.unwrap();
        prop_assert!(c > s && c <= n);
        prop_assert_eq!(&n - &c, fibonacci_shift(&s));
    }

    #[test]
    fn theory_agrees_with_table_on_random_pairs(n in 0usize..400, s in 0usize..400) {
        let t = table(400);
        match decide_two_rows(&BigUint::from(n), &BigUint::from(s)) {
            TheoryVerdict::Open => {}
            TheoryVerdict::Safe { .. } => prop_assert!(t.safe(n, s)),
            TheoryVerdict::Unsafe { call, .. } => {
                let c = u64::try_from(call).unwrap();
                prop_assert!(t.winning_calls(n, s).unwrap().contains(&c));
            }
        }
    }
}

#[test]
fn theorems_1_to_3_hold_to_1000() {
    let t = table(1002);
    let e = |n: usize| e_u64(n as u64) as usize;
    for n in 0..=1000usize {
        let en = e(n);
        // Theorem 1 (paper 003)
        assert!(t.safe(n, en), "({n}, e(n))");
        for s in 0..en {
            let c = n - e(s);
            assert!(c > s && c <= n);
            assert!(t.winning_calls(n, s).unwrap().contains(&(c as u64)));
        }
        // Theorem 2
        if n >= 1 {
            assert_ne!(t.safe(n, en + 1), t.safe(n - 1, en + 1), "Theorem 2 at {n}");
        }
        // Theorem 3
        for s in en + 1..n {
            for r in t.winning_calls(n, s).unwrap() {
                let r = r as usize;
                assert!(!t.safe(n, n - r));
                assert!(
                    t.winning_calls(n, n - r)
                        .unwrap()
                        .contains(&((n - s) as u64)),
                    "Theorem 3 at ({n}, {s}), r = {r}"
                );
            }
        }
    }
}

#[test]
fn theorem_1_call_is_not_always_least() {
    // brute force: from (4, 1) calls 2 and 3 win; Theorem 1 names 4 − e(1) = 3
    let mut b = Brute::new();
    assert_eq!(b.winning_calls(&[4, 1]), vec![2, 3]);
    let g = Game::parse("spite").unwrap();
    let a = g
        .analyze(&AnalyzeRequest::new(vec![4u32.into(), 1u32.into()]))
        .unwrap();
    assert_eq!(a.method, Method::Theory);
    assert_eq!(a.value, None);
    let mut req = AnalyzeRequest::new(vec![4u32.into(), 1u32.into()]);
    req.all = true;
    let a = g.analyze(&req).unwrap();
    assert_eq!(a.value, Some(2u32.into()));
    assert_eq!(a.moves.unwrap().len(), 2);
}

#[test]
fn five_hundred_digit_rows_by_theory_in_milliseconds() {
    let g = Game::parse("spite").unwrap();
    let n: BigUint = format!("7{}", "3".repeat(499)).parse().unwrap();
    let e = fibonacci_shift(&n);
    // From the theory (`method`), not a search; timings are in BENCHMARKS.md.
    let safe = g
        .analyze(&AnalyzeRequest::new(vec![n.clone(), e.clone()]))
        .unwrap();
    let unsafe_ = g
        .analyze(&AnalyzeRequest::new(vec![e.clone() - 1u32, n.clone()]))
        .unwrap();
    // Theorem 1 (paper 003)
    assert_eq!((safe.outcome, safe.method), (Outcome::P, Method::Theory));
    assert_eq!(
        (unsafe_.outcome, unsafe_.method),
        (Outcome::N, Method::Theory)
    );
    let call = unsafe_.winning_move.unwrap().call.unwrap();
    assert_eq!(call, &n - fibonacci_shift(&(&e - 1u32)));
    // above e(n) and far from Theorem 2's reach: not known, with the reason
    let err = g
        .analyze(&AnalyzeRequest::new(vec![n.clone(), &e + 5u32]))
        .unwrap_err();
    // the open position itself, typed: (n, s) and e(n) as the paper names them
    assert!(
        matches!(&err, GameError::NotKnown(k) if matches!(&**k, takeaway::games::NotKnown::SpiteOpen { n: nn, e: ee, .. } if *nn == n && *ee == e))
    );
    assert!(err.to_string().contains("open in Hale"));
}

#[test]
fn edge_cases_of_the_rules() {
    let g = Game::parse("spite").unwrap();
    let an = |rows: Vec<u32>| {
        g.analyze(&AnalyzeRequest::new(
            rows.into_iter().map(BigUint::from).collect(),
        ))
    };
    // rules: all-zero rows are safe; one row r: the call r (the only winning call)
    assert_eq!(an(vec![0, 0]).unwrap().outcome, Outcome::P);
    let one = an(vec![0, 9, 0]).unwrap();
    assert_eq!(one.value, Some(9u32.into()));
    assert!(matches!(
        an(vec![]),
        Err(GameError::Piles(takeaway::games::PileCount::NoRows))
    ));
    // three rows go to search (brute force agrees: above)
    let three = an(vec![3, 5, 6]).unwrap();
    assert_eq!(three.method, Method::Exhaustive);
    assert_eq!(three.outcome == Outcome::P, !Brute::new().wins(&[3, 5, 6]));
    // three big rows: not known
    let big: BigUint = "1".repeat(40).parse().unwrap();
    let err = g
        .analyze(&AnalyzeRequest::new(vec![big.clone(), big.clone(), big]))
        .unwrap_err();
    assert!(matches!(
        &err,
        GameError::NotKnown(k) if matches!(**k, takeaway::games::NotKnown::SpiteRows { rows: 3, .. })
    ));
}

#[test]
fn two_row_table_to_4096_is_fast() {
    // The whole table to 4096 is built (its time: BENCHMARKS.md, 258 ms).
    let t = table(4096);
    assert!(t.safe(4095, e_u64(4095) as usize));
}

#[test]
fn h_counts_within_hales_bounds() {
    // Paper 003 after Theorem 2: ½(1 − α⁻¹) ≤ h(n)/n ≤ ½(n − α⁻¹) + α⁻¹ as OCR'd;
    // the upper bound's "n" is read as "1" (½(1 − α⁻¹) + α⁻¹ ≈ 0.809), else it
    // says nothing. Checked exactly with ⌊n/φ⌋ (a stricter test than the real
    // bounds): 2h ≥ n − ⌊n/φ⌋ and 2h ≤ n + ⌊n/φ⌋, for 2 ≤ n < 4096. At n = 1
    // h(1) = 1 exceeds the upper bound (brute force: (1, 2) is safe), so the
    // bound is asymptotic, as Hale's "approximately" says.
    use takeaway::games::spite::theory::{floor_over_phi, h_counts};
    let t = table(4097);
    let h = h_counts(4096, |a, b| t.safe(a, b));
    assert_eq!(h[1], 1);
    for (n, &hn) in h.iter().enumerate().skip(2) {
        let f = u64::try_from(floor_over_phi(&BigUint::from(n))).unwrap();
        let n = n as u64;
        assert!(2 * hn + f >= n && 2 * hn <= n + f, "h({n}) = {hn}");
    }
    // observed: h(n)/n stays near 1/2 (h(4095) = 2060, exhaustive table)
    assert_eq!(h[4095], 2060);
}
