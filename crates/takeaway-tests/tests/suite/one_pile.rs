//! One-pile games: exhaustive solver and theories against a brute force
//! from the rules alone (the engine's solver on `OnePileRules`), over n ≤ 1000.

use num_bigint::BigUint;
use proptest::prelude::*;
use takeaway::analysis::{Method, Outcome};
use takeaway::bound::Bound;
use takeaway::engine::{Convention, Solver};
use takeaway::games::one_pile::{OnePileRules, exhaustive, theory};
use takeaway::games::request::Verdict;
use takeaway::games::{AnalyzeRequest, Family, Game, Limits, NoProgress, VerifyRequest};

const N: u64 = 1000;

/// The least winning moves `L(0..=top)` from the rules alone: the engine's
/// exhaustive solver on every position `(m, m)` (the bound at least the
/// pile), `L(m)` the least winning take; `None` when no move wins.
fn least_winning_moves_by_rules(f: &Bound, top: u64) -> Result<Vec<Option<u64>>, String> {
    let rules = OnePileRules::<u64>::new(f);
    let mut solver = Solver::new(&rules, Convention::Normal, Limits::generous());
    (0..=top)
        .map(|m| {
            let wins = solver
                .winning_moves(&(m, m).into())
                .map_err(|e| e.to_string())?;
            Ok(wins.into_iter().min())
        })
        .collect()
}

fn table(f: &Bound, rows: u64) -> Vec<u32> {
    exhaustive::least_winning_moves(f, rows, &Limits::generous(), &NoProgress).unwrap()
}

fn as_options(l: &[u32]) -> Vec<Option<u64>> {
    l.iter()
        .map(|&v| (v != exhaustive::INFINITE).then_some(u64::from(v)))
        .collect()
}

/// Every bound the issue names, inside and outside the theories.
const BOUNDS: &[&str] = &[
    "2*t",
    "t",
    "2*t-1",
    "3*t",
    "t+1",
    "(3*t+1)/2",
    "5*t/2",
    "min(2*t, t+10)",
    "t*t",
    "1",
    "max(1, t-1)",
    "t/2",
];

/// The first nine of [`BOUNDS`]: nondecreasing with f(1) ≥ 1, inside Schwenk's theory.
const IN_THEORY: &[&str] = BOUNDS.split_at(9).0;

#[test]
fn exhaustive_agrees_with_brute_force_for_every_named_bound() {
    for src in BOUNDS {
        let f = Bound::parse(src).unwrap();
        let brute = least_winning_moves_by_rules(&f, N).unwrap();
        assert_eq!(as_options(&table(&f, N + 1)), brute, "f = {src}");
    }
}

#[test]
fn theory_agrees_with_brute_force_wherever_it_applies() {
    for src in BOUNDS {
        let f = Bound::parse(src).unwrap();
        let brute = least_winning_moves_by_rules(&f, N).unwrap();
        let mut answered = 0;
        for n in 1..=N {
            if let Ok(a) = theory::least_winning_move(&f, None, &BigUint::from(n)) {
                answered += 1;
                assert_eq!(
                    a.least_winning_move,
                    brute[n as usize].map(BigUint::from),
                    "f = {src}, n = {n}"
                );
            }
        }
        // The theory must cover the monotone bounds with f(1) >= 1 and f(t) >= t.
        if IN_THEORY.contains(src) {
            assert_eq!(answered, N, "theory should answer every pile for f = {src}");
        }
    }
}

#[test]
fn theory_refuses_bounds_outside_every_theory() {
    // f = t/2 has f(1) = 0 (Epp–Ferguson need f(1) >= 1).
    let f = Bound::parse("t/2").unwrap();
    assert!(theory::least_winning_move(&f, None, &BigUint::from(10u32)).is_err());
    // f = t%3 + 1: H = 1, 2, 3, 5 stops at 5, but L is not periodic with
    // period 5 (brute force: L(5) = 3, not 5), so the window refuses the
    // stopped rule and no theory answers. (f = max(1, t-1), whose H = 1, 2
    // stops too, is answered: L has period 2 — the test above.)
    let f = Bound::parse("t%3+1").unwrap();
    assert!(theory::least_winning_move(&f, None, &BigUint::from(10u32)).is_err());
    assert_eq!(
        theory::least_winning_move(
            &Bound::parse("max(1, t-1)").unwrap(),
            None,
            &BigUint::from(10u32)
        )
        .unwrap()
        .period,
        Some(2)
    );
    // Not monotone.
    let f = Bound::parse("if(t==3, 1, 2*t)").unwrap();
    assert!(theory::least_winning_move(&f, None, &BigUint::from(10u32)).is_err());
}

/// The losing starts when the first move may take anything but the whole pile.
fn losing_starts(spec: &str, up_to: u64) -> Vec<u64> {
    let g = Game::parse(spec).unwrap();
    (1..=up_to)
        .filter(|&n| {
            let a = g.analyze(&AnalyzeRequest::new(vec![n.into()])).unwrap();
            a.outcome == Outcome::P
        })
        .collect()
}

#[test]
fn losing_starts_are_powers_of_two_and_fibonacci_numbers() {
    // Paper 004 (Cut the Knot): f = t and f = 2t−1 have H_i = 2^(i−1): 1, 2, 4, 8, ...
    let powers: Vec<u64> = (0..10).map(|k| 1u64 << k).collect();
    assert_eq!(losing_starts("one-pile:f=t", 600), powers);
    assert_eq!(losing_starts("one-pile:f=2*t-1", 600), powers);
    // Paper 004 / Whinihan: f = 2t loses exactly at the Fibonacci numbers.
    assert_eq!(
        losing_starts("fibonacci", 600),
        vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377]
    );
}

#[test]
fn game_1_with_a_bound_depending_on_n_uses_the_pile_before_the_move() {
    // H–R Game 1, base Fibonacci: f(n, t) = 2t while t <= n.
    let f = Bound::parse("if(t<=n, 2*t, 0)").unwrap();
    let brute = least_winning_moves_by_rules(&f, 400).unwrap();
    assert_eq!(as_options(&table(&f, 401)), brute);
    let g = Game::parse("one-pile:f=if(t<=n, 2*t, 0):base=fibonacci").unwrap();
    for n in 1..=400u64 {
        let a = g.analyze(&AnalyzeRequest::new(vec![n.into()])).unwrap();
        assert_eq!(a.method, Method::Theory, "n = {n}");
        assert_eq!(a.value, brute[n as usize].map(BigUint::from), "n = {n}");
    }
    // A bound that reads n: the pile before the move matters. f(n, t) = n − t would
    // be the pile after the move; with f = if(n > 10, t, 2*t) brute force decides.
    let f = Bound::parse("if(n>10, t, 2*t)").unwrap();
    let brute = least_winning_moves_by_rules(&f, 300).unwrap();
    assert_eq!(as_options(&table(&f, 301)), brute);
}

#[test]
fn game_1_over_a_base_with_f_of_t_alone_answers_at_any_size() {
    // Issue 22 (case 4): Game 1 over a base with f independent of n is
    // Schwenk's game of f(t) when the base is f's H-sequence, decided
    // without checking P-5 and P-8 pile by pile. Against the brute force
    // from the rules, every pile n ≤ N and every bound w ≤ n; a base that is
    // not f's H-sequence falls back to the pile-by-pile check (which fails:
    // brute force answers) and never claims the theory wrongly.
    for (spec, src) in [
        ("one-pile:f=2*t:base=fibonacci", "2*t"),
        ("one-pile:f=t:base=binary", "t"),
        ("one-pile:f=3*t:base=fibonacci", "3*t"),
        ("one-pile:f=t:base=fibonacci", "t"),
        (
            "one-pile:f=2*t:base=1,2,3,5,8,13,21,34,55,89,144,233,377,610,987,1597",
            "2*t",
        ),
    ] {
        let f = Bound::parse(src).unwrap();
        let brute = least_winning_moves_by_rules(&f, 300).unwrap();
        let g = Game::parse(spec).unwrap();
        for n in 1..=300u64 {
            for w in [1, n / 2, n - 1, n] {
                let mut req = AnalyzeRequest::new(vec![n.into()]);
                req.bound = Some(w.into());
                let a = g.analyze(&req).unwrap();
                let l = brute[n as usize].unwrap();
                assert_eq!(
                    a.outcome,
                    Outcome::from_win(w >= l),
                    "{spec} n = {n}, w = {w}"
                );
                if a.method == Method::Theory {
                    assert_eq!(a.value, Some(BigUint::from(l)), "{spec} n = {n}");
                }
            }
        }
    }
    // The case: 20 digits, by the theory (timing: BENCHMARKS.md).
    let big: BigUint = "13877537788375502045".parse().unwrap();
    for spec in ["one-pile:f=2*t:base=fibonacci", "one-pile:f=t:base=binary"] {
        let a = Game::parse(spec)
            .unwrap()
            .analyze(&AnalyzeRequest::new(vec![big.clone()]))
            .unwrap();
        assert_eq!(a.method, Method::Theory, "{spec}");
    }
    // The smallest term of its Zeckendorf representation, by a greedy loop
    // written here (Fibonacci numbers 1, 2, 3, 5, … in u128): Whinihan's L.
    let mut fib = vec![1u128, 2];
    while fib[fib.len() - 1] < 13877537788375502045 {
        let k = fib.len();
        fib.push(fib[k - 1] + fib[k - 2]);
    }
    let (mut rest, mut least) = (13877537788375502045u128, 0);
    for &t in fib.iter().rev() {
        if t <= rest {
            rest -= t;
            least = t;
        }
    }
    let a = Game::parse("one-pile:f=2*t:base=fibonacci")
        .unwrap()
        .analyze(&AnalyzeRequest::new(vec![big]))
        .unwrap();
    assert_eq!(a.value, Some(BigUint::from(least)));
}

#[test]
fn verify_reports_agreement_and_failed_hypotheses() {
    let ok = Game::parse("one-pile:f=3*t").unwrap();
    let req = VerifyRequest {
        up_to: 2000,
        limits: Limits::generous(),
        progress: &NoProgress,
    };
    assert_eq!(ok.verify(&req).unwrap().verdict, Verdict::Agree);
    let bad = Game::parse("one-pile:f=t/2").unwrap();
    assert_eq!(bad.verify(&req).unwrap().verdict, Verdict::HypothesisFails);
}

#[test]
fn paper_worked_values() {
    let g = Game::parse("fibonacci").unwrap();
    // Whinihan / paper 000 §2: 20 = 13 + 5 + 2, L(20) = 2; with bound 1 the mover loses.
    let mut req = AnalyzeRequest::new(vec![20u32.into()]);
    req.bound = Some(1u32.into());
    let a = g.analyze(&req).unwrap();
    assert_eq!(a.outcome, Outcome::P);
    assert_eq!(a.value, Some(2u32.into()));
    assert!(a.winning_move.is_none());
    req.bound = Some(6u32.into());
    let a = g.analyze(&req).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let m = a.winning_move.unwrap();
    assert_eq!(m.take, Some(2u32.into()));
    assert_eq!(m.to, vec![BigUint::from(18u32)]);
    assert_eq!(m.bound, Some(4u32.into()));
    // Empty pile: lost, no value.
    let a = g.analyze(&AnalyzeRequest::new(vec![0u32.into()])).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::P, None));
}

#[test]
fn all_lists_exactly_the_winning_moves() {
    for src in ["2*t", "3*t", "t*t", "max(1, t-1)"] {
        let f = Bound::parse(src).unwrap();
        let g = Game::parse(&format!("one-pile:f={src}")).unwrap();
        let l = table(&f, 201);
        for n in 1..=200u64 {
            let mut req = AnalyzeRequest::new(vec![n.into()]);
            req.all = true;
            req.bound = Some(n.into());
            let a = g.analyze(&req).unwrap();
            let listed: Vec<u64> = a
                .moves
                .unwrap()
                .iter()
                .map(|m| u64::try_from(m.take.clone().unwrap()).unwrap())
                .collect();
            let expected: Vec<u64> = (1..=n)
                .filter(|&t| f.eval_u64(n, t).unwrap() < u64::from(l[(n - t) as usize]))
                .collect();
            assert_eq!(listed, expected, "f = {src}, n = {n}");
        }
    }
}

#[test]
fn huge_fibonacci_pile_is_answered_by_the_theory() {
    let n: BigUint = "9".repeat(2000).parse().unwrap();
    let g = Game::parse("fibonacci").unwrap();
    let a = g.analyze(&AnalyzeRequest::new(vec![n.clone()])).unwrap();
    assert_eq!(a.method, Method::Theory);
    // The least winning move is a Fibonacci number that is a term of n's Zeckendorf form.
    let z = takeaway::numeration::zeckendorf::Zeckendorf::canonical(&n);
    let smallest = takeaway::numeration::fibonacci::fibonacci(z.lowest_position().unwrap());
    assert_eq!(a.value, Some(smallest));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// For f = c·t + d (nondecreasing, f(1) >= 1) the theory equals brute force.
    #[test]
    fn linear_bounds_theory_matches_brute_force(c in 1u64..5, d in 0u64..4, n in 1u64..300) {
        let f = Bound::parse(&format!("{c}*t+{d}")).unwrap();
        let brute = least_winning_moves_by_rules(&f, n).unwrap();
        let a = theory::least_winning_move(&f, None, &BigUint::from(n)).unwrap();
        prop_assert_eq!(a.least_winning_move, brute[n as usize].map(BigUint::from));
    }
}

/// The teaching view (issue 14): for every pile with a view, the digits are
/// the greedy representation over the H-sequence built here from its
/// definition (H_1 = 1, H_(k+1) = H_k + H_j, j least with f(H_j) ≥ H_k —
/// paper 000 §2), and the marked term is L(n) from brute force.
#[test]
fn the_digits_view_is_the_greedy_h_sequence_with_l_of_n_marked() {
    for src in IN_THEORY {
        let f = Bound::parse(src).unwrap();
        let eval = |t: u64| {
            f.eval(&BigUint::from(0u32), &BigUint::from(t))
                .unwrap()
                .to_string()
                .parse::<u64>()
                .unwrap()
        };
        let mut h: Vec<u64> = vec![1];
        while *h.last().unwrap() < 200_000 {
            let hk = *h.last().unwrap();
            let j = h.iter().position(|&hj| eval(hj) >= hk).unwrap();
            h.push(hk + h[j]);
        }
        let brute = least_winning_moves_by_rules(&f, N).unwrap();
        let game = Game::parse(&format!("one-pile:f={src}")).unwrap();
        let mut viewed = 0;
        for n in 1..=N {
            let mut req = AnalyzeRequest::new(vec![BigUint::from(n)]);
            req.remoteness = false;
            let a = game.analyze(&req).unwrap();
            let top = h.iter().rposition(|&t| t <= n).unwrap();
            if top + 1 > takeaway::games::digits::MOST_TERMS {
                assert!(a.digits.is_empty(), "f = {src}, n = {n}: too long to show");
                continue;
            }
            let [view] = a.digits.as_slice() else {
                panic!("f = {src}, n = {n}: one view expected, got {:?}", a.digits)
            };
            viewed += 1;
            let terms: Vec<u64> = h[..=top].iter().rev().copied().collect();
            let shown: Vec<u64> = view
                .terms
                .iter()
                .map(|t| t.to_string().parse().unwrap())
                .collect();
            assert_eq!(shown, terms, "f = {src}, n = {n}");
            let mut rest = n;
            let greedy: Vec<u8> = terms
                .iter()
                .map(|&t| {
                    let d = u8::from(t <= rest);
                    rest -= u64::from(d) * t;
                    d
                })
                .collect();
            assert_eq!(view.digits, greedy, "f = {src}, n = {n}");
            let marked = terms[view.mark.unwrap()];
            assert_eq!(
                Some(marked),
                brute[n as usize],
                "f = {src}, n = {n}: the mark is L(n)"
            );
        }
        assert!(viewed >= 100, "f = {src}: only {viewed} views");
    }
}

/// Epp–Ferguson with a stopped H-sequence (issue 13): L(n) has period the
/// last term P. Every pile up to 10^5 against the exhaustive table (brute
/// force from the rules), and a 1,000-digit pile answered by the rule at once.
#[test]
fn stopped_h_sequences_are_periodic_and_agree_with_brute_force() {
    const UP_TO: u64 = 100_000;
    for (src, period) in [
        ("1", 2u64),
        ("min(t, 3)", 4),
        ("(t+1)/2", 2),
        ("if(t<5, t, 5)", 8),
    ] {
        let f = Bound::parse(src).unwrap();
        let brute = table(&f, UP_TO + 1);
        for n in 1..=UP_TO {
            let a = theory::least_winning_move(&f, None, &BigUint::from(n))
                .unwrap_or_else(|e| panic!("f = {src}, n = {n}: {}", e.0));
            assert_eq!(a.theorem, theory::Theorem::EppFergusonStopped, "f = {src}");
            assert_eq!(a.period, Some(period), "f = {src}: the last H-term");
            assert_eq!(
                a.least_winning_move,
                Some(BigUint::from(brute[n as usize])),
                "f = {src}, n = {n}"
            );
        }
        // 10^999 + 7 ≡ 7 + (10^999 mod P): the rule needs n mod P only.
        let big = BigUint::from(10u32).pow(999) + 7u32;
        let game = Game::parse(&format!("one-pile:f={src}")).unwrap();
        let mut req = AnalyzeRequest::new(vec![big.clone()]);
        req.remoteness = false;
        // No room for a search (4,096 positions, 1 MiB): the answer is the
        // rule's, whatever the machine's load (timings: BENCHMARKS.md).
        req.limits = Limits {
            max_states: 4096,
            max_bytes: 1 << 20,
            ..Limits::strict()
        };
        let a = game.analyze(&req).unwrap();
        assert_eq!(a.method, Method::Theory);
        let r = (&big % period).to_string().parse::<usize>().unwrap();
        // Same residue, small pile: brute force decides (r + 2P has residue r).
        let same = r + 2 * period as usize;
        assert_eq!(a.value, Some(BigUint::from(brute[same])), "f = {src}");
    }
}

/// Where the H-sequence stops but the bound grows again (f(t) < t only at
/// some t), the window proof is what decides; a bound whose L is not
/// periodic with the last term must not be answered by the rule.
#[test]
fn the_stopped_rule_is_used_only_where_its_window_proves_it() {
    for src in [
        "1",
        "min(t, 3)",
        "max(1, t-1)",
        "t/2+1",
        "min(2*t, 7)",
        "if(t<3, 1, 2*t)",
        "t%3+1",
    ] {
        let f = Bound::parse(src).unwrap();
        let brute = least_winning_moves_by_rules(&f, 600).unwrap();
        for n in 1..=600u64 {
            if let Ok(a) = theory::least_winning_move(&f, None, &BigUint::from(n)) {
                assert_eq!(
                    a.least_winning_move,
                    brute[n as usize].map(BigUint::from),
                    "f = {src}, n = {n} ({:?})",
                    a.theorem
                );
            }
        }
    }
}

/// The representations (1) of `n` (paper 004), from the definitions alone:
/// the H-sequence by `H_(k+1) = H_k + H_m`, `m` least with `f(H_m) ≥ H_k`,
/// and every ascending set of distinct terms summing to `n` with
/// `f(H_(ji)) < H_(j(i+1))`; returns the number of terms of each.
fn brute_units(f: &Bound, n: u64) -> Vec<usize> {
    let ev = |t: u64| f.eval_u64(0, t).unwrap();
    let mut h = vec![1u64];
    while *h.last().unwrap() <= n {
        let hk = *h.last().unwrap();
        let Some(m) = h.iter().position(|&x| ev(x) >= hk) else {
            break;
        };
        h.push(hk + h[m]);
    }
    let mut found = Vec::new();
    fn go(
        h: &[u64],
        ev: &dyn Fn(u64) -> u64,
        from: usize,
        last: Option<u64>,
        rest: u64,
        used: usize,
        found: &mut Vec<usize>,
    ) {
        if rest == 0 {
            found.push(used);
            return;
        }
        for j in from..h.len() {
            if h[j] > rest {
                break;
            }
            if last.is_none_or(|l| ev(l) < h[j]) {
                go(h, ev, j + 1, Some(h[j]), rest - h[j], used + 1, found);
            }
        }
    }
    go(&h, &ev, 0, None, n, 0, &mut found);
    found
}

#[test]
fn unit_reduction_in_the_explanation_matches_brute_force() {
    // Paper 004: the winning move lowers the number of terms ("units") of the
    // pile's representation (1) by one. The explanation's counts against the
    // unique representation found by brute force, for n ≤ 300.
    let number_before = |text: &str, key: &str| -> usize {
        let at = text.find(key).unwrap();
        let head = &text[..at];
        let word = head.split_whitespace().last().unwrap();
        word.parse().unwrap()
    };
    for src in ["2*t", "3*t", "t+1", "t", "5*t/2", "min(2*t, t+3)", "2*t-1"] {
        let f = Bound::parse(src).unwrap();
        let g = Game::parse(&format!("one-pile:f={src}")).unwrap();
        let mut seen = 0;
        for n in 1..=300u64 {
            let mut req = AnalyzeRequest::new(vec![n.into()]);
            req.bound = Some(n.into());
            req.remoteness = false;
            let a = g.analyze(&req).unwrap();
            let Some(at) = a.explanation.find("Unit reduction (paper 004)") else {
                continue;
            };
            seen += 1;
            let text = &a.explanation[at..];
            let before = number_before(text, " unit");
            let after_text = &text[text.find("and ").unwrap() + 4..];
            let after = number_before(after_text, " unit");
            let l = u64::try_from(a.value.clone().unwrap()).unwrap();
            assert_eq!(
                brute_units(&f, n),
                vec![before],
                "f = {src}, n = {n}: {text}"
            );
            assert_eq!(
                brute_units(&f, n - l),
                vec![after],
                "f = {src}, n = {n}: {text}"
            );
            assert_eq!(after + 1, before);
        }
        assert!(seen > 250, "f = {src}: {seen}");
    }
}

/// The misère table (`table one-pile:f=…:misere=true`): `L(n)` by the
/// recursion (`least_winning_moves_under`) against two references from the
/// rules alone — the engine's misère search (the least winning take from
/// `(n, n)`) to 150, and a plain memoised recursion written here to 40 —
/// for every named bound, with the table's law: `(n, w)` is won iff
/// `w ≥ L(n)` for `w ≥ 1`, and a player with no move (pile 0, bound 0) wins.
#[test]
fn misere_table_agrees_with_the_engine_and_a_recursion_from_the_rules() {
    use std::collections::HashMap;
    fn wins(f: &Bound, m: u64, b: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
        let b = b.min(m);
        if m == 0 || b == 0 {
            return true; // no move: the player to move wins (misère)
        }
        if let Some(&w) = memo.get(&(m, b)) {
            return w;
        }
        let w = (1..=b).any(|t| {
            let next = f.eval_u64(m, t).unwrap();
            !wins(f, m - t, next, memo)
        });
        memo.insert((m, b), w);
        w
    }
    // The named bounds (f of t alone), and bounds on the pile n too, some of
    // which can be 0.
    let with_n = ["n-t", "n/2", "(n+t)%4", "max(1, n-t)", "(n%3)*t"];
    for src in BOUNDS.iter().chain(&with_n) {
        let f = Bound::parse(src).unwrap();
        let l = exhaustive::least_winning_moves_under(
            &f,
            150,
            Convention::Misere,
            &Limits::generous(),
            &NoProgress,
        )
        .unwrap();
        // The engine: least winning take from (n, n) under misère play.
        let rules = OnePileRules::<u64>::new(&f);
        let mut solver = Solver::new(&rules, Convention::Misere, Limits::generous());
        for n in 1..150u64 {
            let least = solver
                .winning_moves(&(n, n).into())
                .unwrap()
                .into_iter()
                .min();
            let got = (l[n as usize] != exhaustive::INFINITE).then_some(u64::from(l[n as usize]));
            assert_eq!(got, least, "f = {src}, n = {n}");
        }
        assert_eq!(l[0], 0, "f = {src}: pile 0 is won (no move)");
        // The recursion written here, and the law of the table.
        let mut memo = HashMap::new();
        for n in 0..40u64 {
            assert!(wins(&f, n, 0, &mut memo), "f = {src}: ({n}, 0) has no move");
            for w in 1..=n.max(1) {
                let won = wins(&f, n, w, &mut memo);
                assert_eq!(won, u64::from(l[n as usize]) <= w, "f = {src}: ({n}, {w})");
            }
        }
        // The shift (proof: with every bound ≥ 1 the last counter is never
        // taken by a winner, and whoever leaves one counter wins, so misère
        // play on n is normal play on n − 1): where f ≥ 1 on the range,
        // L(n) = L_normal(n − 1) for n ≥ 2, and L(1) = ∞.
        if !f.uses_n() && (1..150u64).all(|t| f.eval_u64(0, t).unwrap() >= 1) {
            let normal = table(&f, 150);
            assert_eq!(l[1], exhaustive::INFINITE, "f = {src}");
            assert_eq!(&l[2..], &normal[1..149], "f = {src}");
        }
        // Through the game: the same values, marked misère.
        let g = Game::parse(&format!("one-pile:f={src}:misere=true")).unwrap();
        let t = g.table(&takeaway::games::TableRequest::new(150)).unwrap();
        assert_eq!(t.column.as_ref().unwrap().values, l, "f = {src}");
        assert_eq!(t.json["misere"], true);
    }
}

/// Misère one-pile play by the shift (`OnePile::misere_by_shift`: bounds of
/// t alone, f(1) ≥ 1, nondecreasing — then misère (n, w) plays as normal
/// (n − 1, w)) against the engine's misère search from the rules: outcome,
/// the move shown (legal, to a lost position) and every winning move, for
/// every pile below 90 and every bound up to the pile (and the default
/// first bound); bounds outside the shift are the engine's own answer; and
/// at a size no search reaches, the move leaves what the normal theory
/// calls lost one counter lower.
#[test]
fn misere_by_the_shift_agrees_with_the_engine() {
    use takeaway::games::search;
    for src in [
        "2*t",
        "3*t",
        "t",
        "t+1",
        "(3*t+1)/2",
        "min(2*t, t+10)",
        "t*t",
        "1",
        "t/2",
        "n-t",
    ] {
        let g = Game::parse(&format!("one-pile:f={src}:misere=true")).unwrap();
        let shift = g.misere_by_theory(1);
        assert_eq!(shift, !matches!(src, "t/2" | "n-t"), "f = {src}");
        for n in 0..90u64 {
            for w in (0..=n).map(Some).chain([None]) {
                let mut req = AnalyzeRequest::new(vec![BigUint::from(n)]);
                req.bound = w.map(BigUint::from);
                req.all = true;
                req.remoteness = false;
                let a = g.analyze(&req).unwrap();
                let e = search::analyze(&g, &req).unwrap();
                let at = format!("f = {src}, ({n}, {w:?})");
                assert_eq!(a.outcome, e.outcome, "{at}");
                assert_eq!(a.value, None, "{at}");
                assert_eq!(
                    a.method,
                    if shift {
                        Method::Theory
                    } else {
                        Method::Exhaustive
                    },
                    "{at}"
                );
                let takes = |moves: &Option<Vec<takeaway::analysis::Move>>| {
                    let mut t: Vec<BigUint> = moves
                        .iter()
                        .flatten()
                        .filter_map(|m| m.take.clone())
                        .collect();
                    t.sort();
                    t
                };
                assert_eq!(takes(&a.moves), takes(&e.moves), "{at}: every winning move");
                if let Some(m) = &a.winning_move {
                    assert!(takes(&e.moves).contains(m.take.as_ref().unwrap()), "{at}");
                }
            }
        }
    }
    // Any size: Fibonacci Nim, a 40-digit pile; the move's take t leaves
    // (n − t, 2t), which the shift makes normal (n − t − 1, 2t): lost.
    let g = Game::parse("fibonacci:misere=true").unwrap();
    let n: BigUint = "1234567890123456789012345678901234567890".parse().unwrap();
    let mut req = AnalyzeRequest::new(vec![n.clone()]);
    req.bound = Some(n.clone());
    let a = g.analyze(&req).unwrap();
    assert_eq!((a.outcome, a.method), (Outcome::N, Method::Theory));
    let t = a.winning_move.unwrap().take.unwrap();
    let normal = Game::parse("fibonacci").unwrap();
    let mut after = AnalyzeRequest::new(vec![&n - &t - 1u32]);
    after.bound = Some(&t * 2u32);
    assert_eq!(normal.analyze(&after).unwrap().outcome, Outcome::P);
}

/// Schwenk's H-sequence by its definition (paper 000, section 2): `H1 = 1`,
/// `H(k+1) = H(k) + H(j)` with `j` least such that `f(H_j) ≥ H_k`; it stops
/// when no `j` qualifies (Epp–Ferguson's stopped sequences).
fn h_by_definition(f: impl Fn(u64) -> u64, count: usize) -> Vec<u64> {
    let mut h = vec![1u64];
    while h.len() < count {
        let hk = *h.last().unwrap();
        match h.iter().find(|&&hj| f(hj) >= hk) {
            Some(&hj) => h.push(hk + hj),
            None => break,
        }
    }
    h
}

#[test]
fn the_h_sequence_table_is_the_definition_as_a_b_file() {
    // `table GAME --sequence h-sequence --rows R` (games::h_sequence_table):
    // every term is the definition's, written in the test above; a stopped
    // sequence ends at its last term; offset 1.
    use takeaway::games::{TableFormat, TableRequest, h_sequence_table};
    type Rule = fn(u64) -> u64;
    let cases: [(&str, Rule); 7] = [
        ("fibonacci", |t| 2 * t),
        ("one-pile:f=3*t", |t| 3 * t),
        ("one-pile:f=t", |t| t),
        ("one-pile:f=t+1", |t| t + 1),
        ("one-pile:f=min(t,3)", |t| t.min(3)),
        ("one-pile:f=1", |_| 1),
        ("one-pile:f=(t+1)/2", |t| t.div_ceil(2)),
    ];
    for (spec, f) in cases {
        let rows = 40;
        let mut req = TableRequest::new(rows as u64);
        req.format = TableFormat::Bfile;
        let t = h_sequence_table::table(&Game::parse(spec).unwrap(), &req).unwrap();
        let b = t.bfile().unwrap();
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[1], "# offset 1", "{spec}");
        let want: Vec<String> = h_by_definition(f, rows)
            .iter()
            .enumerate()
            .map(|(i, h)| format!("{} {h}", i + 1))
            .collect();
        assert_eq!(lines[2..], want, "{spec}");
        assert!(
            want.len() == rows || lines[0].contains("stops"),
            "{spec}: {}",
            lines[0]
        );
    }
    // Fibonacci Nim's H-sequence is the Fibonacci numbers 1, 2, 3, 5, …:
    // H_92 = F(93) = 12200160415121876738 is the last below 2^64 (F(93) by
    // the recurrence in u64 here); 93 rows are refused, naming the term.
    let mut req = TableRequest::new(92);
    req.format = TableFormat::Bfile;
    let fib = Game::parse("fibonacci").unwrap();
    let b = h_sequence_table::table(&fib, &req)
        .unwrap()
        .bfile()
        .unwrap();
    let (mut a, mut c) = (1u64, 1u64);
    for _ in 0..91 {
        (a, c) = (c, a + c);
    }
    assert_eq!(b.lines().last(), Some(format!("92 {c}").as_str()));
    req.rows = 93;
    let e = h_sequence_table::table(&fib, &req).unwrap_err().to_string();
    assert!(e.contains("H_93") && e.contains("at most 92 rows"), "{e}");
    // Games without an H-sequence of a bound f(t) are refused.
    req.rows = 5;
    for spec in [
        "wythoff",
        "one-pile:f=n-t",
        "one-pile:f=2*t:base=binary",
        "one-pile:f=t:min=t",
    ] {
        let e = h_sequence_table::table(&Game::parse(spec).unwrap(), &req).unwrap_err();
        assert!(e.to_string().contains("H-sequence"), "{spec}: {e}");
    }
}
