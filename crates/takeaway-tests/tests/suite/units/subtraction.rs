//! Tests of the subtraction family against brute force written from the rules.

use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::HashMap;
use takeaway::analysis::Outcome;
use takeaway::engine::Limits;
use takeaway::games::request::{AnalyzeRequest, TableRequest};
use takeaway::games::subtraction::Subtraction;
use takeaway::games::subtraction::game::SubtractionSet;
use takeaway::games::subtraction::mex::{extend_misere, grundy_values};
use takeaway::games::subtraction::period::find_period;
use takeaway::games::subtraction::theory::one_pile_grundy_small;
use takeaway::games::{Family, Game};
use takeaway::spec::GameSpec;

/// Brute force from the rules: Grundy value of one pile by memoised recursion.
fn brute_grundy(set: &[u64], n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let opts: Vec<u64> = set
        .iter()
        .filter(|&&s| s <= n)
        .map(|&s| brute_grundy(set, n - s, memo))
        .collect();
    let v = (0..).find(|x| !opts.contains(x)).unwrap_or(0);
    memo.insert(n, v);
    v
}

/// Brute force: the minimal (pre-period, period) visible in a long prefix.
fn brute_period(seq: &[u64]) -> (usize, usize) {
    let len = seq.len();
    for p in 1..len / 3 {
        // smallest q with seq[i] = seq[i+p] for all i in [q, len-p)
        let mut q = len - p;
        while q > 0 && seq[q - 1] == seq[q - 1 + p] {
            q -= 1;
        }
        if q + p < len / 3 {
            return (q, p);
        }
    }
    (usize::MAX, usize::MAX)
}

/// Brute force multi-pile outcome (normal play), memoised over sorted positions.
fn brute_wins(set: &[u64], piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = piles.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut w = false;
    'search: for i in 0..piles.len() {
        for &s in set {
            if s <= piles[i] {
                let mut next = piles.to_vec();
                next[i] -= s;
                if !brute_wins(set, &next, memo) {
                    w = true;
                    break 'search;
                }
            }
        }
    }
    memo.insert(key, w);
    w
}

fn game(spec: &str) -> Subtraction {
    Subtraction::from_spec(&GameSpec::parse(spec).unwrap()).unwrap()
}

fn big(v: u64) -> BigUint {
    BigUint::from(v)
}

const SETS: &[&[u64]] = &[
    &[1, 3, 4],
    &[2, 5, 6],
    &[1, 4, 5, 8],
    &[3, 5, 9, 11],
    &[1, 2, 3],
    &[2, 3],
];

#[test]
fn cut_the_knot_table_reproduces() {
    // paper 004 (Cut-the-Knot, One Pile, Min 3, Max 5), pile sizes 0..=20
    let expected = [
        0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0, 1, 1,
    ];
    let t = game("subtraction:min=3:max=5")
        .table(&TableRequest::new(21))
        .unwrap();
    let doc = serde_json::to_value(t.document()).unwrap();
    let got: Vec<u64> = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(got, expected);
    assert_eq!(t.json["period"], 8);
    assert_eq!(t.json["preperiod"], 0);
    let g = grundy_values(&[3, 4, 5], 21);
    assert_eq!(
        g.iter().map(|&v| u64::from(v)).collect::<Vec<_>>(),
        expected
    );
}

#[test]
fn mex_kernel_and_period_match_brute_force() {
    let mut sets: Vec<Vec<u64>> = SETS.iter().map(|s| s.to_vec()).collect();
    for min in 1..=7u64 {
        for max in min..=9 {
            sets.push((min..=max).collect());
        }
    }
    // a set with more than 64 elements exercises the wide bitset
    sets.push((1..=70).chain([75, 90]).collect());
    for set in sets {
        let mut memo = HashMap::new();
        let brute: Vec<u64> = (0..1500)
            .map(|n| brute_grundy(&set, n, &mut memo))
            .collect();
        let idx: Vec<usize> = set.iter().map(|&s| s as usize).collect();
        let fast: Vec<u64> = grundy_values(&idx, 1500)
            .iter()
            .map(|&v| u64::from(v))
            .collect();
        assert_eq!(fast, brute, "set {set:?}");
        let p = find_period(*idx.last().unwrap(), 1 << 24, |g, to| {
            takeaway::games::subtraction::mex::extend_grundy(g, &idx, to);
            true
        })
        .unwrap();
        assert_eq!((p.preperiod, p.period), brute_period(&brute), "set {set:?}");
    }
}

#[test]
fn one_pile_closed_form_matches_mex() {
    for min in 1..=12u64 {
        for max in min..=15 {
            let idx: Vec<usize> = (min as usize..=max as usize).collect();
            let g = grundy_values(&idx, 400);
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(
                    one_pile_grundy_small(n as u64, min, max),
                    u64::from(v),
                    "min {min} max {max} n {n}"
                );
            }
        }
    }
}

#[test]
fn multi_pile_moves_are_legal_and_winning() {
    let specs = [
        "subtraction:s=1,3,4",
        "subtraction:s=2,5,6",
        "subtraction:min=3:max=5",
        "nim",
    ];
    for spec in specs {
        let g = game(spec);
        let set: Vec<u64> = match &g.set {
            SubtractionSet::Finite(v) => v.clone(),
            SubtractionSet::Range { min, max } => (*min..=*max).collect(),
            SubtractionSet::All => (1..=12).collect(),
        };
        let mut memo = HashMap::new();
        let mut positions: Vec<Vec<u64>> = Vec::new();
        for a in 0..=12 {
            positions.push(vec![a]);
            for b in 0..=12 {
                positions.push(vec![a, b]);
                for c in (0..=12).step_by(if spec == "nim" { 1 } else { 2 }) {
                    positions.push(vec![a, b, c]);
                }
            }
        }
        for piles in positions {
            let mut req = AnalyzeRequest::new(piles.iter().map(|&p| big(p)).collect());
            req.all = true;
            for exhaustive in [false, true] {
                req.exhaustive = exhaustive;
                let a = g.analyze(&req).unwrap();
                let wins = brute_wins(&set, &piles, &mut memo);
                assert_eq!(a.outcome, Outcome::from_win(wins), "{spec} {piles:?}");
                assert_eq!(a.winning_move.is_some(), wins);
                // the brute-force winning moves, exactly
                let mut expected = Vec::new();
                for i in 0..piles.len() {
                    for &s in &set {
                        if s <= piles[i] {
                            let mut next = piles.clone();
                            next[i] -= s;
                            if !brute_wins(&set, &next, &mut memo) {
                                expected.push((i, s));
                            }
                        }
                    }
                }
                let mut got: Vec<(usize, u64)> = a
                    .moves
                    .unwrap()
                    .iter()
                    .map(|m| {
                        let take = u64::try_from(m.take.as_ref().unwrap()).unwrap();
                        let i = m.pile.unwrap();
                        assert!(g.set.is_legal(&big(piles[i]), &big(take)));
                        let mut to = piles.clone();
                        to[i] -= take;
                        assert_eq!(m.to, to.iter().map(|&p| big(p)).collect::<Vec<_>>());
                        (i, take)
                    })
                    .collect();
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "{spec} {piles:?}");
            }
        }
    }
}

#[test]
fn huge_piles_use_the_period() {
    // brute force: S = {2,5,6}; G(n) for huge n equals G at the same residue
    let g = game("subtraction:s=2,5,6");
    let p = g.periodic(&Limits::default()).unwrap();
    let n: BigUint = "1".repeat(300).parse().unwrap();
    let r = ((&n - big(p.preperiod as u64)) % big(p.period as u64)) + big(p.preperiod as u64);
    let mut memo = HashMap::new();
    let small = brute_grundy(&[2, 5, 6], u64::try_from(&r).unwrap(), &mut memo);
    let a = g
        .analyze(&AnalyzeRequest::new(vec![n.clone(), big(0)]))
        .unwrap();
    assert_eq!(a.value, Some(big(small)));
    // a winning move from a huge pile is legal and reaches value 0 (nim-sum with 0)
    if let Some(m) = a.winning_move {
        let take = m.take.unwrap();
        assert!(g.set.is_legal(&n, &take));
        assert_eq!(p.at(&(&n - &take)), 0);
    }
}

#[test]
fn misere_matches_brute_force() {
    fn brute(set: &[u64], n: u64) -> bool {
        // misère: no move → the player to move wins
        let moves: Vec<u64> = set.iter().copied().filter(|&s| s <= n).collect();
        moves.is_empty() || moves.iter().any(|&s| !brute(set, n - s))
    }
    for set in [&[1u64, 2][..], &[1, 3, 4], &[2, 5, 6], &[3, 4, 5]] {
        let spec = format!(
            "subtraction:s={}:misere=true",
            set.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let g = game(&spec);
        for n in 0..=24u64 {
            let a = g.analyze(&AnalyzeRequest::new(vec![big(n)])).unwrap();
            assert_eq!(a.outcome, Outcome::from_win(brute(set, n)), "{spec} {n}");
            assert_eq!(a.value, None);
            if let Some(m) = a.winning_move {
                let take = u64::try_from(m.take.as_ref().unwrap()).unwrap();
                assert!(set.contains(&take) && take <= n && !brute(set, n - take));
            }
        }
    }
    // misère Nim, brute force over S = 1..=n
    let nim = game("nim:misere=1");
    for n in 0..=10u64 {
        let all: Vec<u64> = (1..=10).collect();
        let a = nim.analyze(&AnalyzeRequest::new(vec![big(n)])).unwrap();
        assert_eq!(a.outcome, Outcome::from_win(brute(&all, n)));
    }
    // Misère Nim on several piles: Bouton's rule against brute force from the
    // rules (a position is won iff it has no move or some move leaves a lost one).
    fn misere_nim(piles: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
        let mut key = piles.to_vec();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut any_move = false;
        let mut wins = false;
        for i in 0..key.len() {
            for t in 1..=key[i] {
                any_move = true;
                let mut next = key.clone();
                next[i] -= t;
                if !misere_nim(&next, memo) {
                    wins = true;
                }
            }
        }
        let v = wins || !any_move;
        memo.insert(key, v);
        v
    }
    let mut memo = std::collections::HashMap::new();
    for a in 0..6u64 {
        for b in 0..6u64 {
            for c in 0..4u64 {
                let mut req = AnalyzeRequest::new(vec![big(a), big(b), big(c)]);
                req.all = true;
                let r = nim.analyze(&req).unwrap();
                let want = misere_nim(&[a, b, c], &mut memo);
                assert_eq!(r.outcome, Outcome::from_win(want), "{a} {b} {c}");
                // Every listed move leaves a lost position, and all of them are listed.
                let moves = r.moves.unwrap();
                let mut count = 0;
                let piles = [a, b, c];
                for i in 0..3 {
                    for t in 1..=piles[i] {
                        let mut next = piles;
                        next[i] -= t;
                        if !misere_nim(&next, &mut memo) {
                            count += 1;
                        }
                    }
                }
                assert_eq!(moves.len(), count, "{a} {b} {c}");
                for m in moves {
                    let to: Vec<u64> = m.to.iter().map(|x| u64::try_from(x).unwrap()).collect();
                    assert!(!misere_nim(&to, &mut memo), "{a} {b} {c} -> {to:?}");
                }
            }
        }
    }
}

#[test]
fn bad_specs_name_the_column() {
    let col = |s: &str| match Game::parse(s) {
        Err(takeaway::games::error::GameError::Spec(e)) => e.column,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(col("subtraction:s="), 15);
    assert_eq!(col("subtraction:s=0,1"), 15);
    assert_eq!(col("subtraction:s=1,x"), 17);
    assert_eq!(col("subtraction:s=1,-2"), 17);
    assert_eq!(col("subtraction:min=5:max=3"), 23);
    assert_eq!(col("subtraction:min=1:max=2:misere=maybe"), 32);
    assert!(Game::parse("subtraction").is_err());
}

#[test]
fn summary_checksum_matches_ogsolve() {
    // ogsolve 0.0.7 `ogsolve 0.3033 -n 10000000` prints checksum B7192F35 (run 2026-11-23)
    let mut req = TableRequest::new(10_000_001);
    req.summary = true;
    let t = game("subtraction:s=1,3,4").table(&req).unwrap();
    assert_eq!(t.json["checksum"], "B7192F35");
    assert_eq!(t.json["period"], 7);
}

#[test]
fn too_many_rows_is_a_clear_error() {
    let e = game("subtraction:s=1,3")
        .table(&TableRequest::new(10_000_000_000_000))
        .unwrap_err();
    assert!(e.to_string().contains("over the limit"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_sets_period_is_minimal_and_proved(set in proptest::collection::btree_set(1u64..14, 1..5)) {
        let set: Vec<u64> = set.into_iter().collect();
        let mut memo = HashMap::new();
        let brute: Vec<u64> = (0..3000).map(|n| brute_grundy(&set, n, &mut memo)).collect();
        let spec = format!("subtraction:s={}", set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","));
        let g = game(&spec);
        let p = g.periodic(&Limits::default()).unwrap();
        prop_assert_eq!((p.preperiod, p.period), brute_period(&brute));
        for (n, &v) in brute.iter().enumerate() {
            prop_assert_eq!(u64::from(p.at_small(n)), v);
        }
    }

    #[test]
    fn random_misere_outcomes_follow_their_period(set in proptest::collection::btree_set(1u64..10, 1..4)) {
        let idx: Vec<usize> = set.iter().map(|&s| s as usize).collect();
        let mut o = Vec::new();
        extend_misere(&mut o, &idx, 2000);
        let m = *idx.last().unwrap();
        let p = find_period(m, 1 << 24, |v, to| {
            extend_misere(v, &idx, to);
            true
        })
        .unwrap();
        let seq: Vec<u64> = o.iter().map(|&v| u64::from(v)).collect();
        prop_assert_eq!((p.preperiod, p.period), brute_period(&seq));
    }

    #[test]
    fn random_ranges_closed_form(min in 1u64..30, extra in 0u64..30, n in 0u64..100_000) {
        let max = min + extra;
        let idx: Vec<usize> = (min as usize..=max as usize).collect();
        let g = grundy_values(&idx, n as usize + 1);
        prop_assert_eq!(one_pile_grundy_small(n, min, max), u64::from(g[n as usize]));
    }
}
