//! Zeckendorf canonical form of big numbers: the library (num-bigint, greedy
//! with two registers) against the same greedy algorithm on dashu-int.
//!
//! Run: `cargo bench -p takeaway --bench numeration`

use dashu_int::UBig;
use dashu_int::ops::BitTest;
use num_bigint::BigUint;
use takeaway::numeration::base::Base;
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
