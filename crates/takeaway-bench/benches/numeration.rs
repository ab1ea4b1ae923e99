//! Zeckendorf canonical form of big numbers: the library (num-bigint, greedy
//! with two registers) against the same greedy algorithm on dashu-int.
//!
//! Run: `cargo bench -p takeaway-bench --bench numeration`

use dashu_int::UBig;
use dashu_int::ops::BitTest;
use num_bigint::BigUint;
use takeaway::numeration::base::Base;
use takeaway::numeration::split;
use takeaway::numeration::zeckendorf::Zeckendorf;

fn main() {
    divan::main();
}

fn digits(count: usize) -> String {
    (0..count)
        .map(|i| char::from(b'1' + u8::try_from(i * 7 % 9).unwrap_or(0)))
        .collect()
}

#[divan::bench(args = [100, 1_000, 10_000])]
fn canonical_num_bigint(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n: BigUint = digits(count).parse().unwrap_or_default();
    bencher.bench(|| Zeckendorf::canonical(divan::black_box(&n)));
}

#[divan::bench(args = [100, 1_000, 10_000])]
fn second_canonical_num_bigint(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n: BigUint = digits(count).parse().unwrap_or_default();
    bencher.bench(|| Zeckendorf::second_canonical(divan::black_box(&n)));
}

/// (F(k), F(k+1)) by fast doubling on dashu.
fn dashu_pair(k: usize) -> (UBig, UBig) {
    let mut a = UBig::ZERO;
    let mut b = UBig::ONE;
    for i in (0..usize::BITS - k.leading_zeros()).rev() {
        let c = &a * ((&b << 1) - &a);
        let d = &a * &a + &b * &b;
        if (k >> i) & 1 == 1 {
            b = &c + &d;
            a = d;
        } else {
            a = c;
            b = d;
        }
    }
    (a, b)
}

/// The same greedy walk as `Zeckendorf::canonical`, on dashu-int.
fn dashu_canonical(n: &UBig) -> Vec<usize> {
    let start = n.bit_len() * 14405 / 10000 + 3;
    let (mut a, mut b) = dashu_pair(start);
    let mut k = start;
    while &a > n {
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        k -= 1;
    }
    let mut rest = n.clone();
    let mut positions = Vec::new();
    while k >= 2 && rest != UBig::ZERO {
        if rest >= a {
            rest -= &a;
            positions.push(k);
        }
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        k -= 1;
    }
    positions.reverse();
    positions
}

#[divan::bench(args = [100, 1_000, 10_000])]
fn canonical_dashu(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n: UBig = digits(count).parse().unwrap_or(UBig::ZERO);
    let check: BigUint = digits(count).parse().unwrap_or_default();
    assert_eq!(
        dashu_canonical(&n),
        Zeckendorf::canonical(&check).positions()
    );
    bencher.bench(|| dashu_canonical(divan::black_box(&n)));
}

#[divan::bench(args = [100, 1_000])]
fn algorithm_1_h_sequence_2t(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n: BigUint = digits(count).parse().unwrap_or_default();
    let base = Base::h_sequence(|t: &BigUint| Ok(t * 2u32));
    let _ = base.representation(&n);
    bencher.bench(|| base.representation(divan::black_box(&n)));
}

#[divan::bench]
fn compatibility_fibonacci_10k() -> bool {
    Base::fibonacci()
        .compatibility(divan::black_box(10_000))
        .is_ok()
}

// ---- issue 16: numbers of a million digits ----

#[path = "common/mod.rs"]
mod common;

/// Canonical form by divide and conquer (what `Zeckendorf::canonical` runs,
/// without its per-thread memo of the last few results, which would make
/// every iteration after the first a lookup).
#[divan::bench(args = [2_000, 20_000, 100_000, 200_000, 1_000_000], sample_count = 3)]
fn big_canonical_split(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n = common::digits(count, 16);
    bencher.bench(|| {
        split::canonical_positions_with_cutoff(divan::black_box(&n), split::GREEDY_POSITIONS)
    });
}

/// The greedy walk (the reference), for the crossover and the comparison.
#[divan::bench(args = [2_000, 20_000, 100_000], sample_count = 3)]
fn big_canonical_greedy(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n = common::digits(count, 16);
    bencher.bench(|| Zeckendorf::canonical_greedy(divan::black_box(&n)));
}

/// The crossover: one conversion of a `D`-digit number with the greedy
/// cutoff (in Fibonacci positions) given.
#[divan::bench(consts = [20_000, 100_000, 200_000], args = [256, 1024, 2048, 4096, 8192, 16384], sample_count = 5)]
fn big_canonical_cutoff<const D: usize>(bencher: divan::Bencher<'_, '_>, cutoff: usize) {
    let n = common::digits(D, 16);
    bencher.bench(|| {
        takeaway::numeration::split::canonical_positions_with_cutoff(divan::black_box(&n), cutoff)
    });
}

/// Positions back to the number (divide and conquer, without the memo).
#[divan::bench(args = [20_000, 100_000, 1_000_000], sample_count = 3)]
fn big_value_split(bencher: divan::Bencher<'_, '_>, count: usize) {
    let z = Zeckendorf::canonical(&common::digits(count, 16));
    bencher.bench(|| {
        split::value_with_cutoff(divan::black_box(z.positions()), split::GREEDY_POSITIONS)
    });
}

/// Decimal text to number: the library (divide and conquer) and num-bigint's parser.
#[divan::bench(args = [20_000, 100_000, 1_000_000], sample_count = 3)]
fn big_parse_split(bencher: divan::Bencher<'_, '_>, count: usize) {
    let text = common::digits(count, 16).to_string();
    bencher.bench(|| takeaway::natural::from_decimal_digits(divan::black_box(text.as_bytes())));
}

#[divan::bench(args = [20_000, 100_000, 1_000_000], sample_count = 3)]
fn big_parse_num_bigint(bencher: divan::Bencher<'_, '_>, count: usize) {
    let text = common::digits(count, 16).to_string();
    bencher.bench(|| BigUint::parse_bytes(divan::black_box(text.as_bytes()), 10));
}

/// Number to decimal text: num-bigint's `to_string` (divide and conquer, Burnikel–Ziegler division).
#[divan::bench(args = [20_000, 100_000, 1_000_000], sample_count = 3)]
fn big_print_num_bigint(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n = common::digits(count, 16);
    bencher.bench(|| divan::black_box(&n).to_string());
}

/// The same on dashu-int, for the crate comparison.
#[divan::bench(args = [20_000, 100_000, 1_000_000], sample_count = 3)]
fn big_print_dashu(bencher: divan::Bencher<'_, '_>, count: usize) {
    let n: UBig = common::digits(count, 16)
        .to_string()
        .parse()
        .unwrap_or(UBig::ZERO);
    bencher.bench(|| divan::black_box(&n).to_string());
}

#[divan::bench(args = [20_000, 100_000, 1_000_000], sample_count = 3)]
fn big_parse_dashu(bencher: divan::Bencher<'_, '_>, count: usize) {
    let text = common::digits(count, 16).to_string();
    bencher.bench(|| divan::black_box(text.as_str()).parse::<UBig>());
}

/// Multiplication of two numbers of `count` digits: num-bigint and dashu-int.
#[divan::bench(args = [100_000, 1_000_000], sample_count = 3)]
fn big_mul_num_bigint(bencher: divan::Bencher<'_, '_>, count: usize) {
    let (a, b) = (common::digits(count, 16), common::digits(count, 17));
    bencher.bench(|| divan::black_box(&a) * divan::black_box(&b));
}

#[divan::bench(args = [100_000, 1_000_000], sample_count = 3)]
fn big_mul_dashu(bencher: divan::Bencher<'_, '_>, count: usize) {
    let a: UBig = common::digits(count, 16)
        .to_string()
        .parse()
        .unwrap_or(UBig::ZERO);
    let b: UBig = common::digits(count, 17)
        .to_string()
        .parse()
        .unwrap_or(UBig::ZERO);
    bencher.bench(|| divan::black_box(&a) * divan::black_box(&b));
}

/// Division of a `2·count`-digit number by a `count`-digit one.
#[divan::bench(args = [100_000, 1_000_000], sample_count = 3)]
fn big_div_num_bigint(bencher: divan::Bencher<'_, '_>, count: usize) {
    let (a, b) = (common::digits(2 * count, 16), common::digits(count, 17));
    bencher.bench(|| divan::black_box(&a) / divan::black_box(&b));
}

#[divan::bench(args = [100_000, 1_000_000], sample_count = 3)]
fn big_div_dashu(bencher: divan::Bencher<'_, '_>, count: usize) {
    let a: UBig = common::digits(2 * count, 16)
        .to_string()
        .parse()
        .unwrap_or(UBig::ZERO);
    let b: UBig = common::digits(count, 17)
        .to_string()
        .parse()
        .unwrap_or(UBig::ZERO);
    bencher.bench(|| divan::black_box(&a) / divan::black_box(&b));
}
