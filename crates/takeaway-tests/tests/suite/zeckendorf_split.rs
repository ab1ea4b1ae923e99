//! Issue 16: the divide-and-conquer Zeckendorf conversions agree with the
//! greedy walk (the reference) on random numbers of 1 to 200,000 digits and
//! on the edge cases F_k, F_k − 1, F_k + 1 and sums of alternate Fibonacci
//! numbers; decimal parsing by splitting agrees with num-bigint's parser.
//!
//! Every expected value comes from the reference implementations named in
//! each test: `Zeckendorf::canonical_greedy` (the greedy walk of paper 001),
//! `value_by_walk` (Σ F(p) up the recurrence, below) and, past the walk's
//! reach, `value_by_powers_of_phi` (Σ φ^p in Z[φ], below, equal to the walk
//! wherever both run), `fibonacci` (fast doubling, itself checked against
//! the recurrence in the unit tests) and num-bigint's `parse_bytes` /
//! `to_string`.

use num_bigint::BigUint;
use proptest::prelude::*;
use takeaway::natural::{from_decimal_digits, parse_natural};
use takeaway::numeration::base::Base;
use takeaway::numeration::fibonacci::fibonacci;
use takeaway::numeration::split::{canonical_positions_with_cutoff, value_with_cutoff};
use takeaway::numeration::zeckendorf::Zeckendorf;

/// `Σ F(p)` over the positions of `z` by one walk up the Fibonacci numbers
/// with two registers (quadratic): the reference for `Zeckendorf::value`.
fn value_by_walk(z: &Zeckendorf) -> BigUint {
    let mut sum = BigUint::from(0u8);
    let mut a = BigUint::from(1u8); // F(k)
    let mut b = BigUint::from(1u8); // F(k+1)
    let mut k = 1usize;
    for &p in z.positions() {
        while k < p {
            a += &b;
            std::mem::swap(&mut a, &mut b);
            k += 1;
        }
        sum += &a;
    }
    sum
}

/// `a·φ + b` in Z[φ], φ² = φ + 1: `φ^p = F(p)·φ + F(p − 1)`.
#[derive(Clone)]
struct Phi {
    a: BigUint,
    b: BigUint,
}

impl Phi {
    fn times(&self, o: &Phi) -> Phi {
        // (aφ + b)(cφ + d) = ac·φ² + (ad + bc)·φ + bd, and φ² = φ + 1.
        let ac = &self.a * &o.a;
        Phi {
            a: &ac + &self.a * &o.b + &self.b * &o.a,
            b: ac + &self.b * &o.b,
        }
    }

    fn plus(mut self, o: &Phi) -> Phi {
        self.a += &o.a;
        self.b += &o.b;
        self
    }
}

/// `Σ F(p)` over the positions of `z` as the φ-coefficient of `Σ φ^p`,
/// the positions' polynomial evaluated at φ by halves
/// (`P = P_low + φ^h · P_high`), with `φ^h` by squaring from `φ = 1·φ + 0`:
/// a few big multiplications where the walk is quadratic. The reference
/// for `Zeckendorf::value` past `WALK_POSITIONS`; `reference_value` checks
/// it against the walk below that.
fn value_by_powers_of_phi(z: &Zeckendorf) -> BigUint {
    let positions = z.positions();
    let top = positions.last().copied().unwrap_or(0);
    // powers[j] = φ^(2^j), while 2^j ≤ top.
    let mut powers = vec![Phi {
        a: 1u8.into(),
        b: 0u8.into(),
    }];
    while 1usize << powers.len() <= top {
        let last = powers.last().unwrap();
        powers.push(last.times(last));
    }
    // Σ φ^(p − lo) over the positions p in [lo, lo + 2^j).
    fn eval(positions: &[usize], lo: usize, j: usize, powers: &[Phi]) -> Phi {
        let zero = Phi {
            a: 0u8.into(),
            b: 0u8.into(),
        };
        match positions {
            [] => zero,
            [p] if *p == lo => Phi {
                a: 0u8.into(),
                b: 1u8.into(),
            },
            _ => {
                let mid = lo + (1 << (j - 1));
                let split = positions.partition_point(|&p| p < mid);
                let low = eval(&positions[..split], lo, j - 1, powers);
                let high = eval(&positions[split..], mid, j - 1, powers);
                low.plus(&powers[j - 1].times(&high))
            }
        }
    }
    eval(positions, 0, powers.len(), &powers).a
}

/// Below this top position the walk is the reference (and the φ-evaluation
/// must agree with it); above, the walk costs minutes at opt-level 0 and
/// the φ-evaluation alone is used.
const WALK_POSITIONS: usize = 60_000;

/// `Σ F(p)` over the positions of `z`: the walk, and the φ-evaluation equal
/// to it, up to `WALK_POSITIONS`; the φ-evaluation beyond.
fn reference_value(z: &Zeckendorf) -> BigUint {
    let by_phi = value_by_powers_of_phi(z);
    if z.positions()
        .last()
        .is_none_or(|&top| top <= WALK_POSITIONS)
    {
        assert_eq!(
            value_by_walk(z),
            by_phi,
            "walk and φ on {:?}…",
            &z.positions()[..z.positions().len().min(8)]
        );
    }
    by_phi
}

#[test]
fn the_walk_gives_the_values_of_paper_001() {
    // 10101 = F5 + F3 + F1 = 5 + 2 + 1 = 8, 100000 = F6 = 8 (paper 001).
    assert_eq!(
        value_by_walk(&Zeckendorf::from_digits("10101").unwrap()),
        BigUint::from(8u8)
    );
    assert_eq!(
        value_by_walk(&Zeckendorf::from_positions(&[6])),
        BigUint::from(8u8)
    );
}

/// A number of `len` decimal digits (leading digit nonzero) from a seed, by
/// xorshift: deterministic per proptest case.
fn digits(len: usize, seed: u64) -> String {
    let mut x = seed | 1;
    (0..len)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = (x % 10) as u8;
            char::from(b'0' + if i == 0 { d.max(1) } else { d })
        })
        .collect()
}

/// Checks the fast conversions against the greedy walk on `n`, with the
/// library's cutoff and with the smallest one (every split path runs).
fn check(n: &BigUint) {
    let greedy = Zeckendorf::canonical_greedy(n);
    let fast = Zeckendorf::canonical(n);
    assert_eq!(fast, greedy, "canonical of a {}-bit number", n.bits());
    assert_eq!(
        canonical_positions_with_cutoff(n, 16),
        greedy.positions(),
        "cutoff 16, {} bits",
        n.bits()
    );
    assert_eq!(fast.value(), *n, "value of canonical, {} bits", n.bits());
    assert_eq!(
        value_with_cutoff(greedy.positions(), 16),
        *n,
        "value with cutoff 16"
    );
    if let Some(second) = Zeckendorf::second_canonical(n) {
        assert!(second.is_second_canonical());
        assert_eq!(second.value(), reference_value(&second));
        assert_eq!(second.value(), *n);
    }
}

proptest! {
    // 24 cases: the digit count is log-uniform over 1..=200,000, so a few
    // cases are near the top (the greedy reference costs ~3 s at 200,000
    // digits in release).
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(24) })]

    #[test]
    fn fast_equals_greedy_on_random_numbers(log_len in 0.0f64..(200_000f64).ln(), seed in any::<u64>()) {
        let len = (log_len.exp() as usize).clamp(1, 200_000);
        let n: BigUint = digits(len, seed).parse().unwrap();
        check(&n);
    }
}

#[test]
fn fast_equals_greedy_at_200000_digits() {
    // The top of the range, always (the log-uniform cases above
    // reach it only sometimes). Reference: the greedy walk.
    let n: BigUint = digits(200_000, 0x16).parse().unwrap();
    check(&n);
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(256) })]

    /// Small and medium numbers with the smallest cutoff: many splits and
    /// corrections per number.
    #[test]
    fn fast_equals_greedy_on_small_numbers(len in 1usize..400, seed in any::<u64>()) {
        let n: BigUint = digits(len, seed).parse().unwrap();
        check(&n);
    }

    /// Decimal parsing by splitting against num-bigint's parser (leading zeros allowed).
    #[test]
    fn decimal_split_equals_num_bigint(len in 1usize..30_000, zeros in 0usize..3000, seed in any::<u64>()) {
        let text = format!("{}{}", "0".repeat(zeros), digits(len, seed));
        let expected = BigUint::parse_bytes(text.as_bytes(), 10).unwrap();
        prop_assert_eq!(from_decimal_digits(text.as_bytes()), expected.clone());
        prop_assert_eq!(parse_natural(&text).unwrap(), expected);
    }
}

#[test]
fn fibonacci_numbers_and_neighbours() {
    // F_k, F_k − 1, F_k + 1 around every split size: the seams where a
    // carry runs through the whole representation. F_k's canonical form is
    // the single position k (paper 001), F_k − 1 is alternate positions.
    for k in (3..200).chain([1000, 4095, 4096, 4097, 9000, 20_000, 65_536, 100_001]) {
        let f = fibonacci(k);
        assert_eq!(Zeckendorf::canonical(&f).positions(), [k], "F_{k}");
        check(&f);
        check(&(&f - 1u32));
        check(&(&f + 1u32));
    }
}

#[test]
fn sums_of_alternate_fibonacci_numbers() {
    // F_k + F_(k−2) + … (every other position): the densest canonical forms,
    // their neighbours (one more carries all the way up), and the same with
    // a gap in the middle.
    for top in [40, 300, 5000, 20_001, 60_000] {
        for low in [2, 3] {
            let positions: Vec<usize> = (low..=top).step_by(2).collect();
            let z = Zeckendorf::from_positions(&positions);
            let n = reference_value(&z);
            assert_eq!(
                Zeckendorf::canonical(&n),
                z,
                "alternate from {low} to {top}"
            );
            check(&n);
            check(&(&n + 1u32));
            check(&(&n - 1u32));
            let gapped: Vec<usize> = positions
                .iter()
                .copied()
                .filter(|&p| p != top / 2 && p != top / 2 + 1)
                .collect();
            check(&reference_value(&Zeckendorf::from_positions(&gapped)));
        }
    }
}

#[test]
fn million_digits_round_trip() {
    // No greedy reference at this size (minutes): the representation must
    // be canonical, its value (divide and conquer) must give the number back,
    // and the decimal text must round-trip through num-bigint's printer.
    let text = digits(1_000_000, 16);
    let n = from_decimal_digits(text.as_bytes());
    assert_eq!(n.to_string(), text);
    let z = Zeckendorf::canonical(&n);
    assert!(z.is_canonical());
    assert_eq!(z.value(), n);
}

#[test]
fn terms_at_jumps_match_single_terms() {
    // Base::terms_at jumps across long gaps by fast doubling; the reference
    // is Base::term (b_k = F(k+1), fast doubling per index).
    let base = Base::fibonacci();
    let indices = [3, 1000, 5000, 5001, 400, 70_000, 2];
    let expected: Vec<BigUint> = indices.iter().map(|&i| base.term(i).unwrap()).collect();
    assert_eq!(base.terms_at(&indices).unwrap(), expected);
}

#[test]
fn fibonacci_base_terms_in_any_order_and_known_l() {
    // Base::term walks from the last term asked for; the reference is
    // fibonacci(k + 1) (b_k = F(k+1)). l(k) is read off the recurrence for
    // the Fibonacci and binary bases; the reference is its law (paper 000,
    // (2.3)): b(k+1) = b(k) + b(k − l(k)).
    let base = Base::fibonacci();
    for k in (1..400).chain([5000, 5001, 4999, 300, 301, 20_000, 20_256, 20_257, 3]) {
        assert_eq!(base.term(k).unwrap(), fibonacci(k + 1), "b_{k}");
    }
    for base in [Base::fibonacci(), Base::binary()] {
        for k in 1..300 {
            let l = takeaway::numeration::h_sequence::l(&base, k).unwrap();
            assert_eq!(
                base.term(k + 1).unwrap(),
                base.term(k).unwrap() + base.term(k - l).unwrap(),
                "{base:?}, k = {k}"
            );
        }
    }
}
