//! Laws of the number systems (papers 000, 001, 002), checked against brute
//! force over exhaustive small ranges and with pinned-case property tests.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::cmp::Ordering;
use takeaway::numeration::base::{Base, BaseError, CompatibilityViolation};
use takeaway::numeration::fibonacci::{Fibonacci, fibonacci};
use takeaway::numeration::h_sequence::{self, l, satisfies_condition};
use takeaway::numeration::zeckendorf::{Zeckendorf, ZeckendorfError, is_a_number, is_b_number};

/// The second canonical representation as printed in paper 001: the
/// canonical representation of `n − 1`, then a one added in position 1 "in
/// Fibonacci" (a pair of adjacent ones at `i, i+1` becomes one at `i+2`,
/// repeatedly). `None` for `0`. The reference for
/// `Zeckendorf::second_canonical`, which rewrites the canonical form directly.
fn second_canonical_by_increment(n: &BigUint) -> Option<Zeckendorf> {
    if n.is_zero() {
        return None;
    }
    let below = Zeckendorf::canonical(&(n - 1u32));
    let mut positions = below.positions().to_vec();
    // Every one of a canonical form sits at position ≥ 2, so the lowest one
    // is the only one a carry can meet.
    let mut p = 1usize;
    let mut merged = 0usize;
    while positions.get(merged) == Some(&(p + 1)) {
        merged += 1;
        p += 2;
    }
    positions.drain(..merged);
    positions.insert(0, p);
    Some(Zeckendorf::from_positions(&positions))
}

fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

/// Brute force: Σ F(p) from the recurrence.
fn brute_value(positions: &[usize]) -> BigUint {
    let fib: Vec<BigUint> = Fibonacci::new()
        .take(positions.iter().max().map_or(1, |m| m + 1))
        .collect();
    positions.iter().map(|&p| fib[p].clone()).sum()
}

fn no_adjacent(positions: &[usize]) -> bool {
    positions.windows(2).all(|w| w[1] > w[0] + 1)
}

/// Paper 001's lexicographic comparison: the leftmost differing digit decides.
fn lexicographic(a: &Zeckendorf, b: &Zeckendorf) -> Ordering {
    let (a, b) = (a.positions(), b.positions());
    let (mut i, mut j) = (a.len(), b.len());
    loop {
        match (
            i.checked_sub(1).map(|x| a[x]),
            j.checked_sub(1).map(|x| b[x]),
        ) {
            (None, None) => return Ordering::Equal,
            (Some(_), None) => return Ordering::Greater,
            (None, Some(_)) => return Ordering::Less,
            (Some(p), Some(q)) if p == q => {
                i -= 1;
                j -= 1;
            }
            (Some(p), Some(q)) => return p.cmp(&q),
        }
    }
}

#[test]
fn paper_001_examples() {
    // Paper 001: "In the case of 8, 100000 is the canonical representation and 10101 is the second canonical".
    assert_eq!(Zeckendorf::canonical(&big(8)).to_string(), "100000");
    assert_eq!(
        Zeckendorf::second_canonical(&big(8)).unwrap().to_string(),
        "10101"
    );
    assert_eq!(
        second_canonical_by_increment(&big(8)).unwrap().to_string(),
        "10101"
    );
    // Paper 001: "(12, 20) is a safe pair, since in canonical Fibonacci this is written (101010, 1010100)".
    let a = Zeckendorf::canonical(&big(12));
    assert_eq!(a.to_string(), "101010");
    assert_eq!(Zeckendorf::canonical(&big(20)).to_string(), "1010100");
    assert_eq!(a.left_shift().to_string(), "1010100");
    assert!(is_a_number(&big(12)) && is_b_number(&big(20)));
    // Paper 001, Lemma 1: the right shift of a (12) is the second canonical form of b − a = 8.
    assert_eq!(
        a.right_shift(),
        Zeckendorf::second_canonical(&big(8)).unwrap()
    );
    // Paper 001, closing examples: 10 = 100100, 15 = 1000100, 9 = 100010, 24 = 10001000, 32 = 10101000, 7 = 10100.
    for (n, s) in [
        (10, "100100"),
        (15, "1000100"),
        (9, "100010"),
        (24, "10001000"),
        (32, "10101000"),
        (7, "10100"),
    ] {
        assert_eq!(Zeckendorf::canonical(&big(n)).to_string(), s, "n = {n}");
    }
    // 0 is the empty representation (brief), shown as "0".
    assert_eq!(Zeckendorf::canonical(&big(0)).to_string(), "0");
    assert_eq!(Zeckendorf::second_canonical(&big(0)), None);
    assert!(!is_a_number(&big(0)) && !is_b_number(&big(0)));
}

#[test]
fn digit_strings_parse_and_round_trip() {
    assert_eq!(Zeckendorf::from_digits(""), Err(ZeckendorfError::Empty));
    assert_eq!(
        Zeckendorf::from_digits("10x1"),
        Err(ZeckendorfError::InvalidDigit {
            found: 'x',
            column: 3
        })
    );
    assert_eq!(Zeckendorf::from_digits("0").unwrap(), Zeckendorf::default());
    assert_eq!(
        Zeckendorf::from_digits("000101").unwrap().to_string(),
        "101"
    );
    for n in 0..500u64 {
        let z = Zeckendorf::canonical(&big(n));
        assert_eq!(Zeckendorf::from_digits(&z.to_string()).unwrap(), z);
        assert_eq!(z.left_shift().right_shift(), z);
    }
}

#[test]
fn canonical_and_second_canonical_laws_exhaustive() {
    for n in 0..=20_000u64 {
        let n_big = big(n);
        let c = Zeckendorf::canonical(&n_big);
        // Sums to n (brute force), no adjacent ones, never position 1.
        assert_eq!(brute_value(c.positions()), n_big, "canonical {n}");
        assert_eq!(c.value(), n_big);
        assert!(
            no_adjacent(c.positions()) && !c.positions().contains(&1),
            "canonical {n}"
        );
        assert!(c.is_canonical());
        // Exactly one of A-number / B-number for n ≥ 1.
        assert_eq!(is_a_number(&n_big) ^ is_b_number(&n_big), n > 0);
        let Some(s) = Zeckendorf::second_canonical(&n_big) else {
            assert_eq!(n, 0);
            continue;
        };
        assert_eq!(brute_value(s.positions()), n_big, "second canonical {n}");
        assert!(
            no_adjacent(s.positions()) && s.positions()[0] % 2 == 1,
            "second canonical {n}"
        );
        assert!(s.is_second_canonical());
        // Paper 001: second canonical = canonical(n − 1) plus one "in Fibonacci".
        assert_eq!(second_canonical_by_increment(&n_big), Some(s), "n = {n}");
    }
}

#[test]
fn uniqueness_by_brute_force_over_all_strings() {
    // Every 0/1 string of length L = 16: each n < F(L+1) has exactly one canonical
    // and exactly one second canonical string, and it is the one we compute.
    const L: usize = 16;
    let limit = u64::try_from(fibonacci(L + 1)).unwrap();
    let fib: Vec<u64> = Fibonacci::new()
        .take(L + 1)
        .map(|f| u64::try_from(f).unwrap())
        .collect();
    let mut canonical = vec![Vec::new(); limit as usize];
    let mut second = vec![Vec::new(); limit as usize];
    for mask in 0u32..(1 << L) {
        let positions: Vec<usize> = (1..=L).filter(|p| mask >> (p - 1) & 1 == 1).collect();
        let value: u64 = positions.iter().map(|&p| fib[p]).sum();
        let Some(slot) = usize::try_from(value).ok().filter(|&v| v < limit as usize) else {
            continue;
        };
        if no_adjacent(&positions) && !positions.contains(&1) {
            canonical[slot].push(positions.clone());
        }
        if no_adjacent(&positions) && positions.first().is_some_and(|p| p % 2 == 1) {
            second[slot].push(positions);
        }
    }
    for n in 0..limit {
        let slot = n as usize;
        assert_eq!(
            canonical[slot],
            [Zeckendorf::canonical(&big(n)).positions().to_vec()],
            "n = {n}"
        );
        match Zeckendorf::second_canonical(&big(n)) {
            None => assert!(n == 0 && second[slot].is_empty()),
            Some(s) => assert_eq!(second[slot], [s.positions().to_vec()], "n = {n}"),
        }
    }
}

#[test]
fn lexicographic_order_both_forms() {
    // Paper 001: m < n iff the leftmost differing digit is a one in n (both forms).
    let canonical: Vec<Zeckendorf> = (0..=400u64)
        .map(|n| Zeckendorf::canonical(&big(n)))
        .collect();
    let second: Vec<Zeckendorf> = (1..=400u64)
        .map(|n| Zeckendorf::second_canonical(&big(n)).unwrap())
        .collect();
    for m in 0..canonical.len() {
        for n in 0..canonical.len() {
            assert_eq!(
                lexicographic(&canonical[m], &canonical[n]),
                m.cmp(&n),
                "canonical {m} {n}"
            );
        }
    }
    for m in 0..second.len() {
        for n in 0..second.len() {
            assert_eq!(
                lexicographic(&second[m], &second[n]),
                m.cmp(&n),
                "second {m} {n}"
            );
        }
    }
    // Consecutive numbers on a longer range.
    let mut prev = (
        Zeckendorf::canonical(&big(1)),
        Zeckendorf::second_canonical(&big(1)).unwrap(),
    );
    for n in 2..20_000u64 {
        let next = (
            Zeckendorf::canonical(&big(n)),
            Zeckendorf::second_canonical(&big(n)).unwrap(),
        );
        assert_eq!(lexicographic(&prev.0, &next.0), Ordering::Less, "n = {n}");
        assert_eq!(lexicographic(&prev.1, &next.1), Ordering::Less, "n = {n}");
        prev = next;
    }
}

fn example_base() -> Base {
    // Paper 002, after Definition 2: B = (1, 2, 3, 6, 7, 10, 17, 34, ...).
    Base::explicit([1u64, 2, 3, 6, 7, 10, 17, 34].map(BigUint::from).to_vec()).unwrap()
}

#[test]
fn paper_002_examples() {
    let base = example_base();
    // Paper 002, Algorithm 1 example: 31 = 1 + 3 + 10 + 17.
    let terms: Vec<BigUint> = base
        .representation(&big(31))
        .unwrap()
        .iter()
        .map(|&i| base.term(i).unwrap())
        .collect();
    assert_eq!(terms, [1u64, 3, 10, 17].map(BigUint::from));
    // Paper 002, Definition 2 example: ḡ(17) = 17, ḡ(7) = 3.
    assert_eq!(base.g_bar(&big(17)).unwrap(), Some(big(17)));
    assert_eq!(base.g_bar(&big(7)).unwrap(), Some(big(3)));
    // Paper 002, Definition 3 example: 1, 3, 17 binary; 2, 6, 7, 10 non-binary.
    let binary: Vec<u64> = (1..=7)
        .filter(|&k| base.is_binary_term(k).unwrap())
        .map(|k| u64::try_from(base.term(k).unwrap()).unwrap())
        .collect();
    assert_eq!(binary, [1, 3, 17]);
    // ḡ(0) = g(0) = ∞ (Definition 6).
    assert_eq!(base.g(&big(0)).unwrap(), None);
    assert_eq!(base.g_bar(&big(0)).unwrap(), None);
    // Beyond the prefix: 34 is representable (any next term is larger), 35 is not.
    assert_eq!(base.representation(&big(34)).unwrap(), [8]);
    assert!(matches!(
        base.representation(&big(35)),
        Err(BaseError::TooLarge { .. })
    ));
    assert!(matches!(
        base.term(9),
        Err(BaseError::BeyondPrefix { index: 9, len: 8 })
    ));
    // Definition 11 on this base (hand count): d_b(2) = 1 (3 binary), d_b(4) = 3 (17 binary).
    assert_eq!(base.binary_degree(2), Some(1));
    assert_eq!(base.binary_degree(4), Some(3));
    assert_eq!(base.binary_degree(7), Some(0));
    // Definition 12: d(b_k, b_k) = 0.
    for k in 1..=7 {
        assert_eq!(base.degree(k, &base.term(k).unwrap()).unwrap(), 0);
    }
}

#[test]
fn explicit_prefix_validation_names_first_bad_index() {
    let make = |v: &[u64]| Base::explicit(v.iter().map(|&x| big(x)).collect());
    assert!(matches!(make(&[]), Err(BaseError::Empty)));
    assert!(matches!(
        make(&[2, 3]),
        Err(BaseError::InvalidTerm { index: 1, .. })
    ));
    assert!(matches!(
        make(&[1, 2, 2]),
        Err(BaseError::InvalidTerm { index: 3, .. })
    ));
    assert!(matches!(
        make(&[1, 2, 3, 6, 11]),
        Err(BaseError::InvalidTerm { index: 5, .. })
    ));
    assert!(make(&[1, 2, 3, 6, 7, 10, 17, 34]).is_ok());
}

/// Brute force of Lemma 1: all subsets of the terms ≤ n that sum to n and are
/// stable (Definition 4, from the terms alone); there must be exactly one.
fn stable_subsets(terms: &[u64], n: u64) -> Vec<Vec<usize>> {
    let usable: Vec<usize> = (0..terms.len()).filter(|&i| terms[i] <= n).collect();
    let mut out = Vec::new();
    for mask in 0u32..(1 << usable.len()) {
        let idx: Vec<usize> = usable
            .iter()
            .enumerate()
            .filter(|(b, _)| mask >> b & 1 == 1)
            .map(|(_, &i)| i)
            .collect();
        if idx.iter().map(|&i| terms[i]).sum::<u64>() != n {
            continue;
        }
        // b_(i(j−1)) < ḡ(b_(ij)) = b_(ij+1) − b_(ij)
        let stable = idx
            .windows(2)
            .all(|w| terms[w[0]] < terms[w[1] + 1] - terms[w[1]]);
        if stable {
            out.push(idx.iter().map(|i| i + 1).collect());
        }
    }
    out
}

fn small_terms(base: &Base, count: usize) -> Vec<u64> {
    base.terms(count)
        .unwrap()
        .into_iter()
        .map(|t| u64::try_from(t).unwrap())
        .collect()
}

fn test_bases() -> Vec<(&'static str, Base)> {
    vec![
        ("fibonacci", Base::fibonacci()),
        ("binary", Base::binary()),
        ("paper 002 example", example_base()),
        ("H(3t)", Base::h_sequence(|t: &BigUint| Ok(t * 3u32))),
        ("H(t+1)", Base::h_sequence(|t: &BigUint| Ok(t + 1u32))),
        (
            "H(3t/2)",
            Base::h_sequence(|t: &BigUint| Ok(t * 3u32 / 2u32 + 1u32)),
        ),
        (
            "explicit 1,2,4,5,6,7,9",
            Base::explicit(
                [1u64, 2, 4, 5, 6, 7, 9, 11, 13, 15, 17, 19, 21]
                    .map(BigUint::from)
                    .to_vec(),
            )
            .unwrap(),
        ),
    ]
}

#[test]
fn lemma_1_algorithm_1_is_the_unique_stable_representation() {
    for (name, base) in test_bases() {
        let terms = match base.known_len() {
            Some(len) => small_terms(&base, len),
            None => small_terms(&base, 14),
        };
        let top = terms[terms.len() - 2].min(120);
        for n in 1..=top {
            let repr = base.representation(&big(n)).unwrap();
            assert_eq!(
                stable_subsets(&terms, n),
                std::slice::from_ref(&repr),
                "{name}, n = {n}"
            );
            assert!(base.is_stable(&repr).unwrap());
            // Sums to n.
            let sum: BigUint = repr.iter().map(|&i| base.term(i).unwrap()).sum();
            assert_eq!(sum, big(n));
        }
    }
}

#[test]
fn semi_stable_matches_paper_note_and_g_bar_at_most_g() {
    // Paper 002, after Definition 6: n semi-stable iff ḡ(n) + g(n) = ḡ(n − g(n)) (with t ≥ 2).
    for (name, base) in test_bases() {
        let top = match base.known_len() {
            Some(len) => u64::try_from(base.term(len - 1).unwrap()).unwrap() / 2,
            None => 2000,
        };
        for n in 1..=top {
            let nb = big(n);
            let g = base.g(&nb).unwrap().unwrap();
            let g_bar = base.g_bar(&nb).unwrap().unwrap();
            assert!(g_bar <= g, "{name} n = {n}");
            assert_eq!(base.is_binary(&nb).unwrap(), g_bar == g);
            let t = base.representation(&nb).unwrap().len();
            let note = t >= 2 && base.g_bar(&(&nb - &g)).unwrap() == Some(&g_bar + &g);
            assert_eq!(base.is_semi_stable(&nb).unwrap(), note, "{name} n = {n}");
        }
    }
}

#[test]
fn degree_matches_definition_12_brute_force() {
    for (name, base) in test_bases() {
        let count = base.known_len().unwrap_or(12);
        let terms = small_terms(&base, count);
        for k in 1..count {
            for b in terms[k - 1]..terms[count - 1] {
                let h = terms.iter().filter(|&&t| t <= b).count();
                let db = (k..h)
                    .find(|&j| terms[j] - terms[j - 1] == terms[j - 1])
                    .map(|j| j - k);
                let expected = db.map_or(h - k, |d| d.min(h - k));
                assert_eq!(
                    base.degree(k, &big(b)).unwrap(),
                    expected,
                    "{name} k = {k} b = {b}"
                );
            }
        }
    }
    assert!(matches!(
        Base::fibonacci().degree(5, &big(3)),
        Err(BaseError::NotAPosition { .. })
    ));
}

#[test]
fn compatibility_holds_when_g_bar_is_nondecreasing() {
    // Paper 002, Note after the Compatibility Condition: ḡ nondecreasing on B ⇒ condition holds.
    let nondecreasing = |base: &Base, count: usize| {
        (1..count).all(|k| base.g_bar_term(k).unwrap() <= base.g_bar_term(k + 1).unwrap())
    };
    for (name, base, up_to) in [
        ("fibonacci", Base::fibonacci(), 10_000u64),
        ("binary", Base::binary(), 10_000),
        (
            "H(3t)",
            Base::h_sequence(|t: &BigUint| Ok(t * 3u32)),
            10_000,
        ),
        (
            "H(t+1)",
            Base::h_sequence(|t: &BigUint| Ok(t + 1u32)),
            5_000,
        ),
        ("H(5t)", Base::h_sequence(|t: &BigUint| Ok(t * 5u32)), 5_000),
    ] {
        assert!(nondecreasing(&base, 20), "{name}");
        assert_eq!(base.compatibility(up_to), Ok(()), "{name}");
    }
}

#[test]
fn compatibility_fails_for_the_paper_example_base() {
    // Found by exhaustive search over all bases with 6 terms: (1, 2, 3, 6, 7, 10)
    // is the first violating prefix, and it is paper 002's own example base.
    // n = 5 = 2 + 3: g = 2, ḡ = 1 (non-binary), b_3 = 3 = ḡ(3) (semi-stable);
    // g(5 − 1) = g(4) = 1 but ḡ(1 + 5) = ḡ(6) = 7 − 6 = 1, so 1 < 1 fails.
    // ḡ on B is 1, 1, 3, 1, ... (not nondecreasing), consistent with the Note.
    assert_eq!(
        example_base().compatibility(16),
        Err(CompatibilityViolation::Violated {
            n: 5,
            left: big(1),
            right: big(1)
        })
    );
}

#[test]
fn h_sequences_of_the_papers() {
    let first = |base: &Base, k: usize| small_terms(base, k);
    // Paper 000, section 2: f(t) = 2t gives the Fibonacci sequence, f(t) = t gives H_k = 2^(k−1).
    let two_t = Base::h_sequence(|t: &BigUint| Ok(t * 2u32));
    assert_eq!(first(&two_t, 30), small_terms(&Base::fibonacci(), 30));
    let t = Base::h_sequence(|t: &BigUint| Ok(t.clone()));
    assert_eq!(first(&t, 40), small_terms(&Base::binary(), 40));
    // Paper 004: f(t) = 2t − 1 also gives the powers of two.
    let two_t_minus_1 = Base::h_sequence(|t: &BigUint| Ok(t * 2u32 - 1u32));
    assert_eq!(first(&two_t_minus_1, 40), small_terms(&Base::binary(), 40));
    // Paper 000, section 4: for f(t) = 2t, l(1) = 0 and l(k) = 1 for k ≥ 2.
    assert_eq!(l(&two_t, 1).unwrap(), 0);
    for k in 2..60 {
        assert_eq!(l(&two_t, k).unwrap(), 1, "k = {k}");
    }
    // Paper 000, section 7: "when f(t) = 3t, then l(k) = 3 for all k ≥ 5". Confirmed by
    // computation for 5 ≤ k ≤ 300: H = 1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40, ... (e.g.
    // H_7 = H_6 + H_3 = 8 + 3 since 3·H_3 = 9 ≥ 8 > 3·H_2), and l(1..4) = 0, 1, 2, 2.
    let three_t = Base::h_sequence(|t: &BigUint| Ok(t * 3u32));
    assert_eq!(first(&three_t, 11), [1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40]);
    let ls: Vec<usize> = (1..=4).map(|k| l(&three_t, k).unwrap()).collect();
    assert_eq!(ls, [0, 1, 2, 2]);
    for k in 5..=300 {
        assert_eq!(l(&three_t, k).unwrap(), 3, "k = {k}");
    }
}

#[test]
fn bound_without_h_sequence_is_an_error() {
    // f(t) = t − 1: f(H_1) = 0 < H_1 = 1, so H_2 cannot be built (needs f(t) ≥ t).
    let bad = Base::h_sequence(|t: &BigUint| Ok(t - 1u32));
    assert!(matches!(
        bad.term(2),
        Err(BaseError::NoTermFor { k: 1, .. })
    ));
    // H_1 = 1 whatever f is; f is evaluated lazily (issue 17), so its
    // failure at H_1 shows when H_2 needs f(H_1).
    let failing = Base::h_sequence(|_: &BigUint| Err("division by zero".to_string()));
    assert_eq!(failing.term(1).ok(), Some(BigUint::from(1u32)));
    assert!(matches!(
        failing.term(2),
        Err(BaseError::Bound { k: 1, .. })
    ));
}

#[test]
fn schwenk_condition_gives_the_unique_representation() {
    // Paper 000 (2.1): for nondecreasing f with f(t) ≥ t, each d is a unique sum of
    // H's with f(H_(ni)) < H_(n(i+1)); it is Algorithm 1's representation.
    let bounds: Vec<(&str, Base)> = vec![
        ("2t", Base::h_sequence(|t: &BigUint| Ok(t * 2u32))),
        ("t", Base::h_sequence(|t: &BigUint| Ok(t.clone()))),
        ("3t", Base::h_sequence(|t: &BigUint| Ok(t * 3u32))),
        ("t+1", Base::h_sequence(|t: &BigUint| Ok(t + 1u32))),
        ("2t-1", Base::h_sequence(|t: &BigUint| Ok(t * 2u32 - 1u32))),
    ];
    for (name, base) in bounds {
        let f = base.bound().unwrap();
        let terms = small_terms(&base, 14);
        for d in 1..=terms[12].min(150) {
            let usable: Vec<usize> = (0..terms.len()).filter(|&i| terms[i] <= d).collect();
            let mut found = Vec::new();
            for mask in 0u32..(1 << usable.len()) {
                let idx: Vec<usize> = usable
                    .iter()
                    .enumerate()
                    .filter(|(b, _)| mask >> b & 1 == 1)
                    .map(|(_, &i)| i)
                    .collect();
                if idx.iter().map(|&i| terms[i]).sum::<u64>() != d {
                    continue;
                }
                let ok = idx
                    .windows(2)
                    .all(|w| f(&big(terms[w[0]])).unwrap() < big(terms[w[1]]));
                if ok {
                    found.push(idx.iter().map(|i| i + 1).collect::<Vec<usize>>());
                }
            }
            let repr = h_sequence::representation(&base, &big(d)).unwrap();
            assert_eq!(found, std::slice::from_ref(&repr), "f = {name}, d = {d}");
            assert!(satisfies_condition(&base, &repr).unwrap());
        }
    }
}

#[test]
fn index_of_and_bracket() {
    for (name, base) in test_bases() {
        let count = base.known_len().unwrap_or(40);
        for k in 1..=count {
            let t = base.term(k).unwrap();
            assert_eq!(base.index_of(&t), Some(k), "{name}");
            assert_eq!(base.bracket(&t).unwrap(), k, "{name}");
            if k < count && base.term(k + 1).unwrap() > &t + 1u32 {
                assert_eq!(base.index_of(&(&t + 1u32)), None, "{name}");
            }
        }
    }
}

fn big_number(digits: &[u8]) -> BigUint {
    let text: String = digits.iter().map(|d| char::from(b'0' + d % 10)).collect();
    text.parse::<BigUint>().unwrap_or_else(|_| BigUint::zero())
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(64) })]

    #[test]
    fn big_numbers_zeckendorf(digits in proptest::collection::vec(0u8..10, 100..600)) {
        let n = big_number(&digits) + BigUint::one();
        let c = Zeckendorf::canonical(&n);
        prop_assert_eq!(c.value(), n.clone());
        prop_assert!(c.is_canonical());
        let s = Zeckendorf::second_canonical(&n).unwrap();
        prop_assert_eq!(s.value(), n.clone());
        prop_assert!(s.is_second_canonical());
        prop_assert_eq!(second_canonical_by_increment(&n), Some(s));
        // Lexicographic against n + 1.
        let next = Zeckendorf::canonical(&(&n + 1u32));
        prop_assert_eq!(lexicographic(&c, &next), Ordering::Less);
    }

    #[test]
    fn big_numbers_bases(digits in proptest::collection::vec(0u8..10, 100..300)) {
        let n = big_number(&digits) + BigUint::one();
        let h = Base::h_sequence(|t: &BigUint| Ok(t * 2u32));
        let fib = Base::fibonacci();
        // The H-sequence of 2t is the Fibonacci base, so Algorithm 1 agrees.
        let repr = fib.representation(&n).unwrap();
        prop_assert_eq!(h.representation(&n).unwrap(), repr.clone());
        prop_assert!(fib.is_stable(&repr).unwrap());
        let sum: BigUint = repr.iter().map(|&i| fib.term(i).unwrap()).sum();
        prop_assert_eq!(sum, n.clone());
        let bin = Base::binary();
        let r2 = bin.representation(&n).unwrap();
        let sum2: BigUint = r2.iter().map(|&i| bin.term(i).unwrap()).sum();
        prop_assert_eq!(sum2, n);
    }
}

#[test]
fn lemma_2_and_remark_4() {
    // Paper 002, Lemma 2 (OCR'd as "b_(i_(t+1)) = ḡ(b_(i2))"; the hypothesis is
    // Definition 5's b_(i1+1) = ḡ(b_(i2))): for semi-stable n = b_(i1) + ... + b_(it),
    // Algorithm 1 writes ḡ(n) + n = b_(ir + 1) + b_(i(r+1)) + ... + b_(it) for some 2 ≤ r ≤ t.
    // Remark 4: if 1 ≤ n < b_(k+1) then ḡ(n) + n ≤ b_(k+1).
    for (name, base) in test_bases() {
        let top = match base.known_len() {
            Some(len) => u64::try_from(base.term(len - 1).unwrap()).unwrap() / 2,
            None => 3000,
        };
        for n in 1..=top {
            let nb = big(n);
            let repr = base.representation(&nb).unwrap();
            let g_bar = base.g_bar(&nb).unwrap().unwrap();
            let up = base.representation(&(&nb + &g_bar)).unwrap();
            let k = base.bracket(&nb).unwrap();
            assert!(
                &nb + &g_bar <= base.term(k + 1).unwrap(),
                "{name} remark 4, n = {n}"
            );
            if !base.is_semi_stable(&nb).unwrap() {
                continue;
            }
            let t = repr.len();
            let matches = (2..=t).any(|r| {
                let mut expected = vec![repr[r - 1] + 1];
                expected.extend_from_slice(&repr[r..]);
                expected == up
            });
            assert!(matches, "{name} lemma 2, n = {n}: {repr:?} -> {up:?}");
        }
    }
}

/// A base from Definition 1 choices: term k+1 = term k + term (choice mod k).
fn random_base(choices: &[usize]) -> Vec<u64> {
    let mut terms = vec![1u64];
    for &c in choices {
        let k = terms.len();
        let next = terms[k - 1] + terms[c % k];
        terms.push(next);
    }
    terms
}

/// A base whose ḡ is nondecreasing: ḡ(b_k) = b_(j_k), j nondecreasing, j_k ≤ k.
fn nondecreasing_base(steps: &[bool]) -> Vec<u64> {
    let mut terms = vec![1u64];
    let mut j = 0usize;
    for &up in steps {
        let k = terms.len();
        if up && j + 1 < k {
            j += 1;
        }
        terms.push(terms[k - 1] + terms[j]);
    }
    terms
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(48) })]

    #[test]
    fn lemma_1_on_random_bases(choices in proptest::collection::vec(0usize..64, 4..10)) {
        let terms = random_base(&choices);
        let base = Base::explicit(terms.iter().map(|&t| big(t)).collect()).unwrap();
        for n in 1..=terms[terms.len() - 1].min(200) {
            let repr = base.representation(&big(n)).unwrap();
            prop_assert_eq!(stable_subsets(&terms, n), vec![repr.clone()], "{:?} n = {}", &terms, n);
            prop_assert!(base.is_stable(&repr).unwrap());
        }
    }

    #[test]
    fn nondecreasing_g_bar_is_compatible(steps in proptest::collection::vec(any::<bool>(), 6..14)) {
        // Paper 002, Note: ḡ nondecreasing on B ⇒ the compatibility condition holds.
        let terms = nondecreasing_base(&steps);
        let base = Base::explicit(terms.iter().map(|&t| big(t)).collect()).unwrap();
        let up_to = terms[terms.len() - 3].saturating_sub(1);
        prop_assert_eq!(base.compatibility(up_to), Ok(()), "{:?}", &terms);
    }
}

#[test]
fn terms_at_matches_term() {
    for (name, base) in test_bases() {
        let count = base.known_len().unwrap_or(60);
        let indices: Vec<usize> = (1..=count).rev().chain([2, 2, 1]).collect();
        let expected: Vec<BigUint> = indices.iter().map(|&i| base.term(i).unwrap()).collect();
        assert_eq!(base.terms_at(&indices).unwrap(), expected, "{name}");
    }
}

// ---------------------------------------------------------------------------
// Paper 002 Section 3: Definition 8 (h), Definition 9/9′ (g′), Theorem 1 and
// Remark 2, checked against Definition 9 computed directly.

mod section3 {
    use super::*;
    use takeaway::bound::Bound;
    use takeaway::games::two_pile::holshouser_reiter::{HypothesisFails, check_properties};
    use takeaway::numeration::g_prime::{
        BaseTable, HFunction, INF, check_theorem1, g_prime, greatest_f, iterate, least_f,
    };

    /// The rule `h` written in the bound language, as a function of `n`.
    fn h_rule(
        rule: &str,
        base: &Base,
    ) -> impl Fn(u64) -> Result<u64, takeaway::bound::EvalError> + use<> {
        let r = Bound::parse_h_rule(rule, base).unwrap();
        move |n| r.eval_u64(n, 0)
    }

    /// The bases of the acceptance test: Fibonacci and the H-sequences of
    /// f = 3t, t + 1 and min(2t, t + 5) (plus binary).
    fn bases() -> Vec<(&'static str, Base)> {
        vec![
            ("fibonacci", Base::fibonacci()),
            ("binary", Base::binary()),
            ("H(3t)", Base::h_sequence(|t: &BigUint| Ok(t * 3u32))),
            ("H(t+1)", Base::h_sequence(|t: &BigUint| Ok(t + 1u32))),
            (
                "H(min(2t,t+5))",
                Base::h_sequence(|t: &BigUint| Ok((t * 2u32).min(t + 5u32))),
            ),
        ]
    }

    const RULES: [&str; 7] = [
        "h=g",
        "h=gbar",
        "h=if(n%2,gbar(n),g(n))",
        "h=if(n%3==0,g(n),gbar(n))",
        "h=if(n<100,g(n),gbar(n))",
        "h=if(g(n)%2,g(n),gbar(n))",
        "h=if((n/7)%2,gbar(n),g(n))",
    ];

    #[test]
    fn base_table_agrees_with_algorithm_1() {
        for (name, base) in bases() {
            let t = BaseTable::new(&base, 3000).unwrap();
            for n in 1..=3000u64 {
                let g = base.g(&big(n)).unwrap().unwrap();
                let gb = base.g_bar(&big(n)).unwrap().unwrap();
                assert_eq!((big(t.g(n)), big(t.gbar(n))), (g, gb), "{name} n = {n}");
                assert_eq!(
                    t.is_semi_stable(n),
                    base.is_semi_stable(&big(n)).unwrap(),
                    "{name} n = {n}"
                );
            }
            assert_eq!((t.g(0), t.gbar(0)), (INF, INF));
        }
    }

    #[test]
    fn least_and_greatest_f_satisfy_p1_to_p9() {
        for (name, base) in bases() {
            let t = BaseTable::new(&base, 4100).unwrap();
            let (lo, hi) = (least_f(&t), greatest_f(&t));
            for (which, f) in [
                ("least", &lo as &dyn Fn(u64, u64) -> u64),
                ("greatest", &hi),
            ] {
                let r = check_properties(&|n, x| Ok::<u64, HypothesisFails>(f(n, x)), &base, 2000);
                assert!(r.is_ok(), "{name}, {which} f: {r:?}");
            }
            // Least ≤ greatest everywhere they are compared.
            for n in 0..=300 {
                for x in 1..=300 {
                    assert!(lo(n, x) <= hi(n, x), "{name} f({n}, {x})");
                }
            }
        }
    }

    /// Theorem 1 for `h` on `n ≤ up_to`, with both extreme f: each g′ by
    /// Definition 9 directly, the conclusions checked against it, and g′ the
    /// same for both f (Remark 2: g′ depends only on h and B).
    fn theorem1_holds(name: &str, t: &BaseTable, hs: &[&HFunction], up_to: u64) -> HFunction {
        let (lo, hi) = (least_f(t), greatest_f(t));
        let g_lo = g_prime(&lo, hs, up_to).unwrap();
        let g_hi = g_prime(&hi, hs, up_to).unwrap();
        assert_eq!(g_lo, g_hi, "{name}: g′ depends on f");
        if let Err(e) = check_theorem1(t, &lo, hs, &g_lo, up_to) {
            panic!("{name} (least f): {e}");
        }
        if let Err(e) = check_theorem1(t, &hi, hs, &g_hi, up_to) {
            panic!("{name} (greatest f): {e}");
        }
        assert_eq!(g_lo.check_definition8(t), None, "{name}: Remark 2");
        g_lo
    }

    #[test]
    fn theorem_1_holds_for_every_rule_up_to_5000() {
        for (name, base) in bases() {
            let t = BaseTable::new(&base, 10_000).unwrap();
            let mut hs = Vec::new();
            for rule in RULES {
                let r = Bound::parse_h_rule(rule, &base).unwrap();
                let h = HFunction::from_rule(|n| r.eval_u64(n, 0), &t, 10_000).unwrap();
                assert_eq!(h.check_definition8(&t), None);
                theorem1_holds(&format!("{name}, {rule}"), &t, &[&h], 5000);
                hs.push(h);
            }
            // Definition 9′ (Remark 3): several h at once.
            let refs: Vec<&HFunction> = hs.iter().skip(2).take(3).collect();
            theorem1_holds(&format!("{name}, Definition 9′"), &t, &refs, 5000);
        }
    }

    #[test]
    fn the_papers_own_bounds_give_the_same_g_prime() {
        // f = 2t with the Fibonacci base and f = t with the binary base
        // satisfy P-1…P-9 (paper 002 §2; checked by evaluation here): by
        // Remark 2 their g′ is the one of the least f.
        for (base, src) in [(Base::fibonacci(), "2*t"), (Base::binary(), "t")] {
            let f = Bound::parse(src).unwrap();
            let ff = |n: u64, x: u64| f.eval_u64(n, x).unwrap();
            assert!(check_properties(&|n, x| Ok(ff(n, x)), &base, 2000).is_ok());
            let t = BaseTable::new(&base, 6000).unwrap();
            for rule in RULES {
                let h = HFunction::from_rule(h_rule(rule, &base), &t, 6000).unwrap();
                let mine = g_prime(&ff, &[&h], 3000).unwrap();
                assert_eq!(
                    mine,
                    g_prime(&least_f(&t), &[&h], 3000).unwrap(),
                    "{src} {rule}"
                );
                assert!(
                    check_theorem1(&t, &ff, &[&h], &mine, 3000).is_ok(),
                    "{src} {rule}"
                );
            }
        }
    }

    #[test]
    fn remark_2_g_double_and_triple_prime() {
        // g″ and g‴ (h = the previous g^(j)) satisfy Definition 8 and Theorem 1.
        for (name, base) in bases() {
            let t = BaseTable::new(&base, 40_000).unwrap();
            for rule in ["h=g", "h=gbar", "h=if(n%2,gbar(n),g(n))"] {
                let h = HFunction::from_rule(h_rule(rule, &base), &t, 40_000).unwrap();
                let gs = iterate(&least_f(&t), &[&h], 3).unwrap();
                assert_eq!(gs[2].up_to(), 5000);
                theorem1_holds(&format!("{name} {rule} g″"), &t, &[&gs[0]], 10_000);
                theorem1_holds(&format!("{name} {rule} g‴"), &t, &[&gs[1]], 5000);
                assert_eq!(gs[2].check_definition8(&t), None);
            }
        }
    }

    #[test]
    fn a_rule_outside_definition_8_is_named() {
        let base = Base::fibonacci();
        let t = BaseTable::new(&base, 100).unwrap();
        // 10 = 2 + 8: g(10) = 2, ḡ(10) = 1 (the first n where g(n)+1 is neither).
        let r = Bound::parse_h_rule("h=g(n)+1", &base).unwrap();
        let e = HFunction::from_rule(|n| r.eval_u64(n, 0), &t, 100).unwrap_err();
        assert!(e.to_string().contains("h(1) = 2"), "{e}");
        let r = Bound::parse_h_rule("h=if(n==10,3,g(n))", &base).unwrap();
        let e = HFunction::from_rule(|n| r.eval_u64(n, 0), &t, 100).unwrap_err();
        assert!(e.to_string().contains("h(10) = 3"), "{e}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Rules `if((A·n + B) % C < D, g(n), gbar(n))`: Theorem 1 holds.
        #[test]
        fn theorem_1_for_random_rules(a in 1u64..50, b in 0u64..50, c in 2u64..20, d in 0u64..20, which in 0usize..5) {
            let (name, base) = bases().swap_remove(which);
            let t = BaseTable::new(&base, 4000).unwrap();
            let rule = format!("if(({a}*n+{b})%{c}<{d},g(n),gbar(n))");
            let h = HFunction::from_rule(h_rule(&rule, &base), &t, 4000).unwrap();
            theorem1_holds(&format!("{name} {rule}"), &t, &[&h], 2000);
        }
    }
}

/// Paper 004, brute force from the definitions alone: the H-sequence by
/// `H_1 = 1`, `H_(k+1) = H_k + H_m` with `m` least such that `f(H_m) ≥ H_k`
/// (stopping when there is none), then every set of distinct terms with sum
/// ≤ `up_to` whose consecutive terms satisfy `f(H_(ji)) < H_(j(i+1))`,
/// counted by sum. Returns the terms and `counts[n]`.
fn brute_representations(src: &str, up_to: u64) -> (Vec<u64>, Vec<u64>) {
    let f = takeaway::bound::Bound::parse(src).unwrap();
    let ev = |t: u64| f.eval_u64(0, t).unwrap();
    let mut h = vec![1u64];
    while *h.last().unwrap() <= up_to {
        let hk = *h.last().unwrap();
        let Some(m) = h.iter().position(|&x| ev(x) >= hk) else {
            break;
        };
        h.push(hk + h[m]);
    }
    h.retain(|&x| x <= up_to);
    let mut counts = vec![0u64; up_to as usize + 1];
    // Ascending choices: the last term chosen bounds the next by f.
    fn go(
        h: &[u64],
        ev: &dyn Fn(u64) -> u64,
        from: usize,
        last: Option<u64>,
        sum: u64,
        up_to: u64,
        counts: &mut [u64],
    ) {
        for j in from..h.len() {
            let s = sum + h[j];
            if s > up_to {
                break;
            }
            if last.is_some_and(|l| ev(l) >= h[j]) {
                continue;
            }
            counts[s as usize] += 1;
            go(h, ev, j + 1, Some(h[j]), s, up_to, counts);
        }
    }
    go(&h, &ev, 0, None, 0, up_to, &mut counts);
    (h, counts)
}

/// `check_unique` against [`brute_representations`]: the same terms, and the
/// first n with a count other than 1 (with its count and representations).
fn check_unique_matches_brute(src: &str, up_to: u64) -> Option<u64> {
    use takeaway::numeration::unique_representation::check_unique;
    let (terms, counts) = brute_representations(src, up_to);
    let u = check_unique(
        takeaway::bound::Bound::parse(src).unwrap().as_fn_of_t(),
        up_to,
    )
    .unwrap();
    assert_eq!(u.terms, terms, "f = {src}");
    let first = (1..=up_to).find(|&n| counts[n as usize] != 1);
    assert_eq!(u.unique, first.is_none(), "f = {src}");
    assert_eq!(u.first_failure.as_ref().map(|x| x.n), first, "f = {src}");
    if let Some(fail) = &u.first_failure {
        assert_eq!(fail.count, counts[fail.n as usize], "f = {src}");
        assert_eq!(
            fail.representations.len() as u64,
            fail.count.min(20),
            "f = {src}"
        );
        for r in &fail.representations {
            assert_eq!(r.iter().sum::<u64>(), fail.n, "f = {src}: {r:?}");
        }
    }
    first
}

#[test]
fn paper_004_representation_1_is_unique_for_schwenk_bounds() {
    // Paper 004 (1) (Schwenk): f nondecreasing, f(t) ≥ t. f = 2t is
    // Zeckendorf's theorem; 3t and t + 1 have other H-sequences (paper 000).
    for (src, up_to) in [
        ("2*t", 4000),
        ("3*t", 2500),
        ("t+1", 4000),
        ("t", 4000),
        ("2*t-1", 3000),
    ] {
        assert_eq!(check_unique_matches_brute(src, up_to), None, "f = {src}");
    }
}

#[test]
fn paper_004_uniqueness_fails_outside_the_hypotheses() {
    // Outside Schwenk's hypotheses (counts from the brute force above):
    // f = if(t == 2, 1, 3t) is not monotone: H = 1, 2, 3, 4, … and
    // 5 = 1 + 4 = 2 + 3 (f(1) = 3 < 4, f(2) = 1 < 3);
    // f = if(t == 1, 3, t) has f(t) ≥ t but f(2) < f(1): 5 = 1 + 4 = 2 + 3;
    // f = min(t, 3) has f(t) < t: H = 1, 2, 4 stops and 8 has no representation.
    assert_eq!(check_unique_matches_brute("if(t==2, 1, 3*t)", 500), Some(5));
    assert_eq!(check_unique_matches_brute("if(t==1, 3, t)", 500), Some(5));
    assert_eq!(check_unique_matches_brute("min(t, 3)", 500), Some(8));
    assert_eq!(check_unique_matches_brute("max(1, 10 - t)", 500), Some(11));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Random bounds with one bump (`a·t + b`, but `v` at `t = c`), often
    /// non-monotone: check_unique agrees with the brute force on N ≤ 400.
    #[test]
    fn prop_check_unique_agrees_with_brute_force(a in 1u64..4, b in 0u64..3, c in 1u64..12, v in 0u64..20) {
        let src = format!("if(t=={c}, {v}, {a}*t+{b})");
        check_unique_matches_brute(&src, 400);
    }
}
