//! Wythoff's Nim (issue 5): theory, Beatty pairs and the exhaustive solver
//! against a brute force written here from the rules alone.

#![allow(clippy::needless_range_loop)] // grids indexed by pile sizes read best as such

use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;
use takeaway::analysis::{Method, Outcome};
use takeaway::games::wythoff::beatty::{self, Beatty, BeattyClass};
use takeaway::games::wythoff::exhaustive::sweep;
use takeaway::games::wythoff::game::{Kind, WythoffMove};
use takeaway::games::wythoff::safe_pairs::{SafePairs, winning_moves};
use takeaway::games::wythoff::theory::{Case, decide};
use takeaway::games::wythoff::{self, analyze_exhaustive, analyze_theory};
use takeaway::games::{AnalyzeRequest, Family, Game, Limits, NoProgress};

#[path = "../../../takeaway-bench/benches/common/mod.rs"]
mod common;
use common::digits;

const N: usize = 1000;

/// Brute force from the rules: `win[a][b]` iff some move (take from pile 1,
/// from pile 2, or equally from both) reaches a losing position. Filled in
/// increasing `a + b`, each position scanning all its options.
fn brute(n: usize) -> Vec<Vec<bool>> {
    let mut win = vec![vec![false; n + 1]; n + 1];
    for s in 0..=2 * n {
        for a in s.saturating_sub(n)..=s.min(n) {
            let b = s - a;
            let w = (0..a).any(|x| !win[x][b])
                || (0..b).any(|y| !win[a][y])
                || (1..=a.min(b)).any(|t| !win[a - t][b - t]);
            win[a][b] = w;
        }
    }
    win
}

fn brute_table() -> &'static Vec<Vec<bool>> {
    static T: std::sync::OnceLock<Vec<Vec<bool>>> = std::sync::OnceLock::new();
    T.get_or_init(|| brute(N))
}

fn big(n: usize) -> BigUint {
    BigUint::from(n)
}

fn small(n: &BigUint) -> usize {
    n.to_string().parse().unwrap()
}

/// Legal by the rules, written here independently of the library.
fn legal(from: (usize, usize), to: (usize, usize)) -> bool {
    let (a, b) = from;
    let (c, d) = to;
    c <= a && d <= b && (c, d) != (a, b) && (c == a || d == b || a - c == b - d)
}

#[test]
fn exhaustive_sweep_matches_brute_force_up_to_1000() {
    let win = brute_table();
    let s = sweep(N as u64 + 1, N as u64 + 1, &Limits::generous(), &NoProgress).unwrap();
    let mut p = vec![vec![false; N + 1]; N + 1];
    for &(x, y) in &s.p_positions {
        p[x as usize][y as usize] = true;
    }
    for a in 0..=N {
        for b in 0..=N {
            assert_eq!(p[a][b], !win[a][b], "({a}, {b})");
        }
    }
}

/// Remoteness by its definition, over all options (brute force).
#[test]
fn remoteness_matches_its_definition_up_to_60() {
    let n = 60;
    let win = brute(n);
    let mut r = vec![vec![0u64; n + 1]; n + 1];
    for s in 1..=2 * n {
        for a in s.saturating_sub(n)..=s.min(n) {
            let b = s - a;
            let opts: Vec<(usize, usize)> = (0..a)
                .map(|x| (x, b))
                .chain((0..b).map(|y| (a, y)))
                .chain((1..=a.min(b)).map(|t| (a - t, b - t)))
                .collect();
            r[a][b] = if win[a][b] {
                1 + opts
                    .iter()
                    .filter(|&&(x, y)| !win[x][y])
                    .map(|&(x, y)| r[x][y])
                    .min()
                    .unwrap()
            } else {
                1 + opts.iter().map(|&(x, y)| r[x][y]).max().unwrap()
            };
        }
    }
    for a in 0..=n {
        for b in 0..=n {
            let got = wythoff::remoteness(&[big(a), big(b)]);
            assert_eq!(got, Some(r[a][b]), "({a}, {b})");
        }
    }
}

#[test]
fn theory_outcome_and_move_agree_with_brute_force_for_all_piles_up_to_1000() {
    let win = brute_table();
    for a in 0..=N {
        for b in 0..=N {
            let piles = [big(a), big(b)];
            let play = wythoff::play(&piles).unwrap();
            match play.winning_move {
                None => assert!(!win[a][b], "({a}, {b}) is N by brute force"),
                Some(m) => {
                    assert!(win[a][b], "({a}, {b}) is P by brute force");
                    let to = (small(&m.to[0]), small(&m.to[1]));
                    assert!(legal((a, b), to), "({a}, {b}) → {to:?}");
                    assert!(!win[to.0][to.1], "({a}, {b}) → {to:?} is not a P-position");
                }
            }
        }
    }
}

#[test]
fn both_theories_agree_with_brute_force_up_to_1000() {
    let win = brute_table();
    for theory in wythoff::theories() {
        for a in 0..=N {
            let p = theory.partner(&big(a)).unwrap();
            for b in 0..=N {
                assert_eq!(p == big(b), !win[a][b], "{} at ({a}, {b})", theory.name());
            }
            // The safe pair with difference a (brute force: the P-position on that diagonal).
            let (x, y) = theory.pair_with_difference(&big(a)).unwrap();
            assert_eq!(&y - &x, big(a));
            if y <= big(N) {
                assert!(
                    !win[small(&x)][small(&y)],
                    "{} difference {a}",
                    theory.name()
                );
            }
        }
    }
}

#[test]
fn paper_examples_with_their_representations() {
    // Paper 001, closing examples, representations as printed there.
    let d = decide(&[big(10), big(15)]);
    assert_eq!(d.case, Case::SmallerIsB);
    for s in [
        "10 = 100100",
        "15 = 1000100",
        "B-number",
        "right shift 10010 = 6",
        "(6, 10) is safe",
    ] {
        assert!(d.explanation.contains(s), "{s} in {}", d.explanation);
    }
    let d = decide(&[big(9), big(20)]);
    assert_eq!(d.case, Case::LargerAboveShift);
    for s in [
        "9 = 100010",
        "20 = 1010100",
        "A-number",
        "left shift 1000100 = 15",
        "(9, 15) is safe",
    ] {
        assert!(d.explanation.contains(s), "{s} in {}", d.explanation);
    }
    let d = decide(&[big(24), big(32)]);
    assert_eq!(d.case, Case::Difference);
    for s in [
        "24 = 10001000",
        "32 = 10101000",
        // 100010000 is printed in paper 001; its value F9 + F5 = 34 + 5 = 39.
        "left shift 100010000 = 39",
        "the difference is 8",
        "canonical 7 = 10100",
        "second canonical form of 8 is 10101",
        "101010 = 12",
        "1010100 = 20",
        "reducing both piles by 12",
    ] {
        assert!(d.explanation.contains(s), "{s} in {}", d.explanation);
    }
    // (12, 20) = (101010, 1010100) is a safe pair (paper 001, definition).
    let d = decide(&[big(12), big(20)]);
    assert_eq!((d.case, d.winning_move), (Case::Safe, None));
    assert!(d.explanation.contains("12 = 101010") && d.explanation.contains("20 = 1010100"));
}

#[test]
fn cases_the_printed_algorithm_misses() {
    let win = brute_table();
    // Smaller pile 0: neither an A- nor a B-number (brute force: (0, b) → (0, 0)).
    let d = decide(&[big(0), big(5)]);
    assert_eq!(d.case, Case::Zero);
    assert_eq!(d.winning_move.unwrap().to, [big(0), big(0)]);
    // Equal A-number piles: 1 = 10, 4 = 1010 (even rightmost position); case 3
    // would need the second canonical form of 0. Brute force: (a, a) → (0, 0) wins.
    for a in [1usize, 4, 6, 9, 12] {
        assert!(win[a][a]);
        let d = decide(&[big(a), big(a)]);
        assert_eq!(d.case, Case::Equal, "{a}");
        assert_eq!(d.winning_move.unwrap().to, [big(0), big(0)]);
        assert_eq!(
            analyze_theory(&[big(a), big(a)], false)
                .unwrap()
                .notes
                .len(),
            1
        );
    }
    // Paper 001's own examples need no such note.
    assert!(
        analyze_theory(&[big(10), big(15)], false)
            .unwrap()
            .notes
            .is_empty()
    );
}

#[test]
fn beatty_inversion_partitions_the_naturals_up_to_a_million() {
    // Beatty's theorem: lower and upper Wythoff sequences (OEIS A000201,
    // A001950) partition the positive integers; generate them by k and
    // check `classify` finds every index.
    let mut k = 1u64;
    let mut seen = vec![false; 1_000_001];
    loop {
        let a = beatty::lower(&BigUint::from(k));
        let b = beatty::upper(&BigUint::from(k));
        if a > big(1_000_000) {
            break;
        }
        assert_eq!(beatty::classify(&a), Some(BeattyClass::Lower(k.into())));
        seen[small(&a)] = true;
        if b <= big(1_000_000) {
            assert_eq!(beatty::classify(&b), Some(BeattyClass::Upper(k.into())));
            assert!(!seen[small(&b)]);
            seen[small(&b)] = true;
        }
        k += 1;
    }
    assert!(seen[1..].iter().all(|&s| s));
}

#[test]
fn all_winning_moves_are_exactly_the_moves_to_p_positions_up_to_200() {
    let win = brute_table();
    let n = 200;
    for theory in wythoff::theories() {
        for a in 0..=n {
            for b in 0..=n {
                let mut expected: Vec<(usize, usize)> = (0..a)
                    .map(|x| (x, b))
                    .chain((0..b).map(|y| (a, y)))
                    .chain((1..=a.min(b)).map(|t| (a - t, b - t)))
                    .filter(|&(x, y)| !win[x][y])
                    .collect();
                expected.sort();
                let mut got: Vec<(usize, usize)> =
                    winning_moves(theory.as_ref(), &[big(a), big(b)])
                        .unwrap()
                        .iter()
                        .map(|m| (small(&m.to[0]), small(&m.to[1])))
                        .collect();
                got.sort();
                assert_eq!(got, expected, "{} at ({a}, {b})", theory.name());
            }
        }
    }
}

#[test]
fn analyze_through_the_game_on_a_sample_and_exhaustive_agree() {
    let win = brute_table();
    let game = Game::parse("wythoff").unwrap();
    for a in (0..=N).step_by(37) {
        for b in (0..=N).step_by(53) {
            for piles in [[a, b], [b, a]] {
                let mut req = AnalyzeRequest::new(vec![big(piles[0]), big(piles[1])]);
                req.all = true;
                let t = game.analyze(&req).unwrap();
                assert_eq!(t.outcome == Outcome::N, win[piles[0]][piles[1]]);
                assert_eq!(t.method, Method::Theory);
                assert!(t.value.is_none());
                req.exhaustive = true;
                let e = game.analyze(&req).unwrap();
                assert_eq!(e.method, Method::Exhaustive);
                assert_eq!(e.outcome, t.outcome);
                let key = |v: &Vec<takeaway::analysis::Move>| {
                    let mut k: Vec<Vec<BigUint>> = v.iter().map(|m| m.to.clone()).collect();
                    k.sort();
                    k
                };
                assert_eq!(
                    key(t.moves.as_ref().unwrap()),
                    key(e.moves.as_ref().unwrap())
                );
                if let Some(m) = &t.winning_move {
                    // `to` is in the order the piles were given.
                    let to = (small(&m.to[0]), small(&m.to[1]));
                    assert!(legal((piles[0], piles[1]), to));
                    assert_eq!(m.diagonal, m.pile.is_none());
                }
            }
        }
    }
}

#[test]
fn paper_examples_moves_in_both_orientations() {
    // Paper 001, closing examples: (10,15) → (6,10) case 1; (9,20) → (9,15)
    // case 2; (24,32) → (12,20) case 3 (take 12 from both).
    let cases = [
        ((10, 15), (10, 6), Kind::Pile(1)),
        ((9, 20), (9, 15), Kind::Pile(1)),
        ((24, 32), (12, 20), Kind::Diagonal),
    ];
    for ((a, b), (c, d), kind) in cases {
        let m = wythoff::play(&[big(a), big(b)])
            .unwrap()
            .winning_move
            .unwrap();
        assert_eq!(
            (m.to.clone(), m.kind.clone()),
            ([big(c), big(d)], kind.clone())
        );
        let m = wythoff::play(&[big(b), big(a)])
            .unwrap()
            .winning_move
            .unwrap();
        let kind = match kind {
            Kind::Pile(i) => Kind::Pile(1 - i),
            Kind::Diagonal => Kind::Diagonal,
        };
        assert_eq!((m.to, m.kind), ([big(d), big(c)], kind));
    }
    // (12, 20) is safe (paper 001, definition of safe pair).
    assert!(
        wythoff::play(&[big(12), big(20)])
            .unwrap()
            .winning_move
            .is_none()
    );
}

/// The theory's move and every winning move on big piles land on safe pairs
/// (timings of these sizes: BENCHMARKS.md, `cargo bench --bench wythoff`).
fn check_big(a: BigUint, b: BigUint) {
    let res = analyze_theory(&[a.clone(), b.clone()], true).unwrap();
    let m = res.winning_move.expect("random big piles are unsafe");
    let wm = WythoffMove::between(&[a, b], &[m.to[0].clone(), m.to[1].clone()]).expect("legal");
    assert!(Beatty.is_safe(&wm.to).unwrap(), "lands on a Beatty pair");
    for m in res.moves.unwrap() {
        assert!(Beatty.is_safe(&[m.to[0].clone(), m.to[1].clone()]).unwrap());
    }
}

#[test]
fn thousand_digit_piles_in_milliseconds() {
    check_big(digits(1000, 1), digits(1000, 2));
    check_big(digits(1000, 3), digits(990, 4));
}

#[test]
fn ten_thousand_digit_piles_well_under_a_second() {
    check_big(digits(10_000, 5), digits(10_000, 6));
}

#[test]
fn big_safe_pairs_are_p_positions() {
    let k = digits(1000, 7);
    let a = beatty::lower(&k);
    let b = &a + &k;
    let res = analyze_theory(&[b.clone(), a.clone()], true).unwrap();
    assert_eq!(res.outcome, Outcome::P);
    assert_eq!(res.moves.unwrap().len(), 0);
    // One counter off the larger pile: a winning move back exists.
    let res = analyze_theory(&[a, b + BigUint::one()], false).unwrap();
    assert_eq!(res.outcome, Outcome::N);
}

#[test]
fn bad_requests_are_errors_not_panics() {
    let game = Game::parse("wythoff").unwrap();
    for piles in [vec![], vec![big(3)], vec![big(1), big(2), big(3)]] {
        assert!(game.analyze(&AnalyzeRequest::new(piles)).is_err());
    }
    let mut req = AnalyzeRequest::new(vec![big(3), big(5)]);
    req.bound = Some(BigUint::zero());
    assert!(game.analyze(&req).is_err());
    assert!(Game::parse("wythoff:n=3").is_err());
    // Exhaustive on huge piles is refused with a clear error.
    let mut req = AnalyzeRequest::new(vec![digits(30, 1), big(5)]);
    req.exhaustive = true;
    assert!(game.analyze(&req).is_err());
    assert!(analyze_exhaustive(&[big(100_000), big(100_000)], false, &Limits::strict()).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_big_piles_move_is_legal_and_safe(a in "[1-9][0-9]{0,300}", b in "[0-9]{1,300}") {
        let (a, b): (BigUint, BigUint) = (a.parse().unwrap(), b.parse().unwrap());
        let res = analyze_theory(&[a.clone(), b.clone()], true).unwrap();
        let safe = Beatty.is_safe(&[a.clone(), b.clone()]).unwrap();
        prop_assert_eq!(res.outcome == Outcome::P, safe);
        if let Some(m) = res.winning_move {
            let to = [m.to[0].clone(), m.to[1].clone()];
            prop_assert!(WythoffMove::between(&[a.clone(), b.clone()], &to).is_some());
            prop_assert!(Beatty.is_safe(&to).unwrap());
        }
        for m in res.moves.unwrap() {
            prop_assert!(Beatty.is_safe(&[m.to[0].clone(), m.to[1].clone()]).unwrap());
        }
    }

    #[test]
    fn fibonacci_and_beatty_theories_agree_on_big_numbers(n in "[0-9]{1,400}") {
        let n: BigUint = n.parse().unwrap();
        let fib = takeaway::games::wythoff::theory::Fibonacci;
        prop_assert_eq!(fib.partner(&n).unwrap(), Beatty.partner(&n).unwrap());
        prop_assert_eq!(fib.pair_with_difference(&n).unwrap(), Beatty.pair_with_difference(&n).unwrap());
    }

    #[test]
    fn random_safe_pairs_are_p_and_neighbours_are_n(k in "[1-9][0-9]{0,200}", t in 1u32..1000) {
        let k: BigUint = k.parse().unwrap();
        let a = beatty::lower(&k);
        let b = &a + &k;
        prop_assert!(analyze_theory(&[a.clone(), b.clone()], false).unwrap().winning_move.is_none());
        // Theorem 1 of paper 001: the diagonal move back is a winning move.
        let r = analyze_theory(&[a.clone() + t, b.clone() + t], true).unwrap();
        prop_assert!(r.winning_move.is_some());
        prop_assert!(r.moves.unwrap().iter().any(|m| m.diagonal && m.to == vec![a.clone(), b.clone()]));
    }
}

#[test]
fn legal_moves_match_the_rules_on_small_piles() {
    let n = 12;
    for a in 0..=n {
        for b in 0..=n {
            let opts: Vec<(u64, u64)> =
                takeaway::games::wythoff::game::options(a as u64, b as u64).collect();
            // a + b + min(a, b) options, all distinct (rules).
            assert_eq!(opts.len(), a + b + a.min(b));
            for c in 0..=n {
                for d in 0..=n {
                    let lib = WythoffMove::between(&[big(a), big(b)], &[big(c), big(d)]).is_some();
                    assert_eq!(lib, legal((a, b), (c, d)), "({a}, {b}) → ({c}, {d})");
                    assert_eq!(lib, opts.contains(&(c as u64, d as u64)));
                    if let Some(m) = WythoffMove::between(&[big(a), big(b)], &[big(c), big(d)]) {
                        assert_eq!(m.apply(&[big(a), big(b)]), Some([big(c), big(d)]));
                    }
                }
            }
        }
    }
}

#[test]
fn table_lists_exactly_the_p_positions_below_n() {
    let win = brute_table();
    let t =
        takeaway::games::wythoff::table::table(&takeaway::games::TableRequest::new(N as u64 + 1))
            .unwrap();
    let pairs: Vec<(usize, usize)> = t.json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_u64().unwrap() as usize,
                p[1].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let mut expected = Vec::new();
    for a in 0..=N {
        for b in a..=N {
            if !win[a][b] {
                expected.push((a, b));
            }
        }
    }
    assert_eq!(pairs, expected);
    let g = t.grid.unwrap();
    // The picture is capped at 1000 × 1000 (table::GRID_SIDE).
    assert_eq!((g.width, g.height), (1000, 1000));
    for a in 0..g.width {
        for b in 0..g.height {
            assert_eq!(g.at(a, b) != 0, !win[a][b], "grid ({a}, {b})");
        }
    }
}

#[test]
fn family_shape() {
    let g = Game::parse("wythoff").unwrap();
    assert_eq!(g.spec(), "wythoff");
}

/// The teaching view (issue 14, paper 001): both piles in canonical
/// Fibonacci form, the rightmost one marked; its position is even exactly
/// for the A-numbers ⌊kφ⌋ (k ≥ 1), listed here from the safe pairs found by
/// brute force.
#[test]
fn the_digits_view_tells_a_numbers_from_b_numbers() {
    let n = 60u64;
    // Safe pairs by brute force over the rules (x ≤ y): P iff no move to a P.
    let side = 3 * n as usize;
    let mut p = vec![vec![false; side]; side];
    for x in 0..side {
        for y in 0..side {
            let to_p = (1..=x).any(|t| p[x - t][y])
                || (1..=y).any(|t| p[x][y - t])
                || (1..=x.min(y)).any(|t| p[x - t][y - t]);
            p[x][y] = !to_p;
        }
    }
    let a_numbers: Vec<u64> = (1..side)
        .filter(|&x| (x..side).any(|y| y != x && p[x][y]))
        .map(|x| x as u64)
        .collect();
    let game = takeaway::games::Game::parse("wythoff").unwrap();
    for x in 1..=n {
        for y in 1..=n {
            let req = takeaway::games::AnalyzeRequest::new(vec![x.into(), y.into()]);
            let a = takeaway::games::Family::analyze(&game, &req).unwrap();
            assert_eq!(a.digits.len(), 2, "({x}, {y})");
            for (view, pile) in a.digits.iter().zip([x, y]) {
                let value: u64 = view
                    .terms
                    .iter()
                    .zip(&view.digits)
                    .map(|(t, &d)| u64::from(d) * t.to_string().parse::<u64>().unwrap())
                    .sum();
                assert_eq!(value, pile);
                // Canonical: no two adjacent ones.
                assert!(view.digits.windows(2).all(|w| w != [1, 1]), "{pile}");
                let position = view.terms.len() - view.mark.unwrap() + 1;
                // Every n ≥ 1 is an A- or a B-number, not both (Beatty); the
                // partners of A-numbers up to 60 are below 3 · 60.
                let is_a = a_numbers.contains(&pile);
                assert_eq!(position % 2 == 0, is_a, "{pile}: position {position}");
            }
        }
    }
}

/// The misère table (`table wythoff:misere=true`): its P-positions against a
/// memoised recursion from the rules written here (whoever cannot move
/// wins), every `(a, b)` with `a ≤ b < 40`; and what the recursion shows
/// (the rule `wythoff::misere` uses, verified here, not assumed): the
/// P-positions are the normal ones except that `(0, 0)` and `(1, 2)` give
/// way to `(0, 1)` and `(2, 2)`.
#[test]
fn misere_table_is_the_p_positions_of_a_recursion_from_the_rules() {
    use std::collections::HashMap;
    fn wins(a: u64, b: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        if let Some(&w) = memo.get(&(a, b)) {
            return w;
        }
        let mut next = Vec::new();
        next.extend((0..a).map(|x| (x, b)));
        next.extend((0..b).map(|y| (a, y)));
        next.extend((1..=a).map(|t| (a - t, b - t)));
        // No move: the player to move wins (misère).
        let w = next.is_empty() || next.into_iter().any(|(x, y)| !wins(x, y, memo));
        memo.insert((a, b), w);
        w
    }
    let rows = 40u64;
    let t = wythoff::table::misere_table(
        "wythoff:misere=true",
        &takeaway::games::TableRequest::new(rows),
    )
    .unwrap();
    let got: Vec<(u64, u64)> = t.json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect();
    let mut memo = HashMap::new();
    let mut want = Vec::new();
    for b in 0..rows {
        for a in 0..=b {
            if !wins(a, b, &mut memo) {
                want.push((a, b));
            }
        }
    }
    assert_eq!(got, want);
    let mut normal = wythoff::table::safe_pairs_below(rows);
    normal.retain(|&p| p != (0, 0) && p != (1, 2));
    normal.extend([(0, 1), (2, 2)]);
    normal.sort_by_key(|&(a, b)| (b, a));
    assert_eq!(want, normal);
    // Through the game.
    let g = takeaway::games::Game::parse("wythoff:misere=true").unwrap();
    let via_game = g.table(&takeaway::games::TableRequest::new(rows)).unwrap();
    assert_eq!(via_game.json["pairs"], t.json["pairs"]);
    assert_eq!(via_game.json["misere"], true);
}

/// Misère Wythoff by its rule (`wythoff::misere`: normal play's safe pairs
/// for k ≥ 2, with (0, 1), (1, 0), (2, 2) in place of (0, 0), (1, 2),
/// (2, 1)) against the engine's misère search from the rules, on every
/// position below 60 × 60: the outcome and the exact set of winning moves;
/// and `analyze wythoff:misere=true` answers by the rule, at any size.
#[test]
fn misere_rule_agrees_with_the_engine_below_60() {
    use takeaway::engine::{Convention, Limits, Solver};
    use takeaway::games::wythoff::game::WythoffRules;
    use takeaway::games::wythoff::misere;
    let rules = WythoffRules::<u64>::default();
    let mut solver = Solver::new(&rules, Convention::Misere, Limits::generous());
    let n = 60u64;
    for a in 0..n {
        for b in 0..n {
            let piles = [BigUint::from(a), BigUint::from(b)];
            let solved = solver.solve(&[a, b]).unwrap();
            assert_eq!(
                misere::is_p(&piles),
                solved.outcome == Outcome::P,
                "({a}, {b})"
            );
            let analysed = misere::analyze("wythoff:misere=true", &piles, false).unwrap();
            assert_eq!(analysed.outcome, solved.outcome, "({a}, {b})");
            let mut engine: Vec<[u64; 2]> = solver
                .successors(&[a, b])
                .unwrap()
                .into_iter()
                .filter(|s| s.wins)
                .map(|s| s.position)
                .collect();
            engine.sort_unstable();
            let mut rule: Vec<[u64; 2]> = misere::winning_moves(&piles)
                .unwrap()
                .into_iter()
                .map(|m| {
                    [
                        u64::try_from(&m.to[0]).unwrap(),
                        u64::try_from(&m.to[1]).unwrap(),
                    ]
                })
                .collect();
            rule.sort_unstable();
            assert_eq!(rule, engine, "({a}, {b})");
        }
    }
    // Through the game, at a size no search reaches: the move leaves a
    // P-position by the rule (normal play's safe pair, here).
    let g = takeaway::games::Game::parse("wythoff:misere=true").unwrap();
    let huge: BigUint = "123456789012345678901234567890".parse().unwrap();
    let req = AnalyzeRequest::new(vec![huge.clone(), &huge * 2u32]);
    let a = g.analyze(&req).unwrap();
    assert_eq!((a.method, a.outcome), (Method::Theory, Outcome::N));
    let to = a.winning_move.unwrap().to;
    let to = [to[0].clone(), to[1].clone()];
    // A legal move, to a P-position: normal play's safe pair with the same
    // smaller pile (Beatty, checked against brute force above), k ≥ 2 here.
    assert!(WythoffMove::between(&[huge.clone(), &huge * 2u32], &to).is_some());
    assert!(misere::is_p(&to));
    assert_eq!(
        analyze_theory(&to, false).unwrap().outcome,
        Outcome::P,
        "normal play's safe pair"
    );
    // The family's capability says a theory decides misère play.
    assert!(wythoff::FAMILY.capabilities.misere_theory);
}

/// The optional figures of `analyze wythoff` (the small positions answered
/// again): Grundy values by the row / column / diagonal mex and remoteness
/// by the line sweep, normal and misère play, against definitions written
/// here from the rules and against the engine.
mod figures {
    use super::{big, legal};
    use takeaway::engine::{Convention, GrundySolver, Limits, Rules, Solver};
    use takeaway::games::wythoff::game::WythoffRules;
    use takeaway::games::wythoff::grundy::{GrundyTable, value};
    use takeaway::games::{AnalyzeRequest, Family, Game};

    /// The brute force's side: every position with both piles ≤ 200.
    const M: usize = 200;

    /// Every option of `(a, b)` by the rules: a take from pile 1, from pile
    /// 2, or the same from both.
    fn options(a: usize, b: usize) -> impl Iterator<Item = (usize, usize)> {
        (0..a)
            .map(move |x| (x, b))
            .chain((0..b).map(move |y| (a, y)))
            .chain((1..=a.min(b)).map(move |t| (a - t, b - t)))
    }

    /// `G(a, b)` by its definition: the least value no option has (a plain
    /// mex over a list, no bitsets, no lines), in increasing `a`, then `b`.
    fn brute_grundy(n: usize) -> &'static Vec<Vec<u32>> {
        static T: std::sync::OnceLock<Vec<Vec<u32>>> = std::sync::OnceLock::new();
        T.get_or_init(|| {
            let mut g = vec![vec![0u32; n + 1]; n + 1];
            // seen[v] == stamp: value v is an option's in the current cell.
            let mut seen = vec![0usize; 3 * n + 2];
            let mut stamp = 0;
            for a in 0..=n {
                for b in 0..=n {
                    stamp += 1;
                    for (x, y) in options(a, b) {
                        debug_assert!(legal((a, b), (x, y)));
                        seen[g[x][y] as usize] = stamp;
                    }
                    g[a][b] = (0..).find(|&v| seen[v] != stamp).unwrap() as u32;
                }
            }
            g
        })
    }

    /// `(wins, remoteness)` of each position, indexed by the piles.
    type Grid = Vec<Vec<(bool, u64)>>;

    /// Remoteness by its definition under both conventions: `[normal,
    /// misère]`, each `(wins, remoteness)`: no move is a loss (normal) or a
    /// win (misère) in 0 moves; a win hurries to the least remoteness of a
    /// losing option, a loss stalls to the largest of any option.
    fn brute_remoteness(n: usize) -> &'static [Grid; 2] {
        static T: std::sync::OnceLock<[Grid; 2]> = std::sync::OnceLock::new();
        T.get_or_init(|| {
            [false, true].map(|misere| {
                let mut r = vec![vec![(false, 0u64); n + 1]; n + 1];
                for a in 0..=n {
                    for b in 0..=n {
                        if (a, b) == (0, 0) {
                            r[a][b] = (misere, 0);
                            continue;
                        }
                        let mut best_win = None::<u64>;
                        let mut worst = 0;
                        for (x, y) in options(a, b) {
                            let (wins, rx) = r[x][y];
                            if !wins {
                                best_win = Some(best_win.map_or(rx, |w| w.min(rx)));
                            }
                            worst = worst.max(rx);
                        }
                        r[a][b] = match best_win {
                            Some(w) => (true, w + 1),
                            None => (false, worst + 1),
                        };
                    }
                }
                r
            })
        })
    }

    #[test]
    fn grundy_table_equals_the_mex_of_the_rules_to_200() {
        let brute = brute_grundy(M);
        let t = GrundyTable::build(M as u64 + 1, M as u64 + 1, &Limits::strict()).unwrap();
        for a in 0..=M {
            for b in 0..=M {
                assert_eq!(t.at(a, b), brute[a][b], "G({a}, {b})");
            }
        }
        // A rectangle that is not square sweeps the same values.
        let r = GrundyTable::build(7, 150, &Limits::strict()).unwrap();
        for a in 0..7 {
            for b in 0..150 {
                assert_eq!(r.at(a, b), brute[a][b], "G({a}, {b}) in 7 × 150");
            }
        }
        // OEIS A004481 (Wythoff's Grundy values by antidiagonals), the first
        // antidiagonals: 0; 1, 1; 2, 2, 2; 3, 0, 0, 3.
        assert_eq!(
            (brute[0][0], brute[1][0], brute[1][1], brute[2][1]),
            (0, 1, 2, 0)
        );
    }

    /// `analyze wythoff A B` (the dispatcher's answer, as every front-end
    /// gets it): for every position with both piles ≤ 40 and a dense sample
    /// to 200 (one position in 13 by a fixed pattern), the Grundy value and
    /// the remoteness of the brute force under normal play, the remoteness
    /// and no Grundy value under misère play, and a fastest move realising
    /// the remoteness.
    #[test]
    fn analyze_gives_the_brute_force_grundy_value_and_remoteness_to_200() {
        let g = brute_grundy(M);
        let [normal, misere] = brute_remoteness(M);
        let games = [
            (Game::parse("wythoff").unwrap(), normal),
            (Game::parse("wythoff:misere=true").unwrap(), misere),
        ];
        let mut checked = 0;
        for a in 0..=M {
            for b in 0..=M {
                if (a > 40 || b > 40) && (7 * a + 3 * b) % 13 != 0 {
                    continue;
                }
                for (game, r) in &games {
                    let an = game
                        .analyze(&AnalyzeRequest::new(vec![big(a), big(b)]))
                        .unwrap();
                    let (wins, remoteness) = r[a][b];
                    assert_eq!(
                        an.remoteness,
                        Some(remoteness),
                        "{} ({a}, {b})",
                        game.spec()
                    );
                    assert_eq!(
                        an.outcome == takeaway::analysis::Outcome::N,
                        wins,
                        "{} ({a}, {b})",
                        game.spec()
                    );
                    if game.spec() == "wythoff" {
                        assert_eq!(an.grundy, Some(g[a][b].into()), "G({a}, {b})");
                    } else {
                        assert_eq!(an.grundy, None, "misère ({a}, {b})");
                    }
                    // The move that realises the remoteness: `fastest` when
                    // the move shown is slower, else the move shown.
                    if wins && remoteness > 0 {
                        let m = an.fastest.as_ref().or(an.winning_move.as_ref()).unwrap();
                        let to = (super::small(&m.to[0]), super::small(&m.to[1]));
                        assert!(legal((a, b), to), "({a}, {b}) → {to:?}");
                        assert_eq!(
                            r[to.0][to.1],
                            (false, remoteness - 1),
                            "({a}, {b}) → {to:?}"
                        );
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 4_000, "{checked} positions");
    }

    /// Every position with both piles ≤ 1000 gets both figures (a sample:
    /// the corners and edges of the square and a fixed scatter), equal to
    /// the whole mex table and to the sweep of the rectangle (the two
    /// library calls cover every cell; the brute force above checks them
    /// to 200).
    #[test]
    fn analyze_answers_every_position_to_1000() {
        let table = GrundyTable::build(1001, 1001, &Limits::strict()).unwrap();
        let game = Game::parse("wythoff").unwrap();
        let misere = Game::parse("wythoff:misere=true").unwrap();
        let mut sample = vec![
            (1000, 1000),
            (1000, 0),
            (0, 1000),
            (1000, 999),
            (999, 1000),
            (1, 1000),
            (618, 1000),
            (1000, 618),
        ];
        let mut s = 12_345u64;
        for _ in 0..40 {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            sample.push(((s >> 33) as usize % 1001, (s >> 13) as usize % 1001));
        }
        for (a, b) in sample {
            let an = game
                .analyze(&AnalyzeRequest::new(vec![big(a), big(b)]))
                .unwrap();
            assert_eq!(an.grundy, Some(table.at(a, b).into()), "G({a}, {b})");
            let sweep = takeaway::games::wythoff::exhaustive::sweep(
                a as u64 + 1,
                b as u64 + 1,
                &Limits::strict(),
                &takeaway::games::NoProgress,
            )
            .unwrap();
            assert_eq!(an.remoteness, Some(sweep.corner_remoteness), "({a}, {b})");
            let m = misere
                .analyze(&AnalyzeRequest::new(vec![big(a), big(b)]))
                .unwrap();
            assert!(m.remoteness.is_some(), "misère ({a}, {b})");
        }
        // Beyond (x + 1)(y + 1) ≤ 2^20 the figures are null and a note says
        // which positions are answered.
        let an = game
            .analyze(&AnalyzeRequest::new(vec![big(1024), big(1024)]))
            .unwrap();
        assert_eq!((an.grundy, an.remoteness), (None, None));
        assert!(
            an.notes.iter().any(|n| n.contains("both piles up to 1023")),
            "{:?}",
            an.notes
        );
    }

    /// The engine's plain mex over every move (its own walk, hash memo)
    /// gives the same values as the line mex.
    #[test]
    fn grundy_equals_the_engines_mex_to_120() {
        let rules = WythoffRules::<u64>::default();
        let mut engine = GrundySolver::new(&rules, Limits::generous());
        let t = GrundyTable::build(121, 121, &Limits::strict()).unwrap();
        for a in (0..=120u64).step_by(3) {
            for b in 0..=120u64 {
                let g = engine.grundy(&[a, b]).unwrap();
                assert_eq!(g, u64::from(t.at(a as usize, b as usize)), "G({a}, {b})");
            }
        }
        assert_eq!(
            value(120, 77, &Limits::strict()).unwrap(),
            engine.grundy(&[120, 77]).unwrap()
        );
    }

    /// Misère remoteness by the sweep against the engine's misère search,
    /// every position below 60 × 60 (one search, its memo shared).
    #[test]
    fn misere_remoteness_equals_the_engines_below_60() {
        let rules = WythoffRules::<u64>::default();
        let mut engine = Solver::new(&rules, Convention::Misere, Limits::generous());
        for a in 0..60u64 {
            for b in 0..60u64 {
                let solved = engine.solve(&[a, b]).unwrap();
                let (r, _) = takeaway::games::wythoff::remoteness::pace(
                    &[a.into(), b.into()],
                    Convention::Misere,
                )
                .unwrap();
                assert_eq!(r, solved.remoteness, "misère ({a}, {b})");
            }
        }
    }

    /// Law of the estimate: exactly the work the engine charges (positions
    /// and move checks), for Wythoff's rules.
    #[test]
    fn the_estimate_is_the_engines_work() {
        let rules = WythoffRules::<u64>::default();
        for (a, b) in [
            (0, 0),
            (0, 7),
            (1, 1),
            (5, 3),
            (20, 20),
            (13, 40),
            (50, 50),
            (100, 100),
        ] {
            let mut engine = Solver::new(&rules, Convention::Normal, Limits::generous());
            engine.solve(&[a, b]).unwrap();
            assert_eq!(rules.estimate(&[a, b]).states, engine.work(), "({a}, {b})");
        }
    }
}
