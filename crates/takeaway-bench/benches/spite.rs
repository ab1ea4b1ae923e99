//! Spite Nim: the two-row bitset table, the multi-row solver and e(n) on big numbers.

use divan::Bencher;
use num_bigint::BigUint;
use takeaway::games::spite::exhaustive::Exhaustive;
use takeaway::games::spite::theory::{e_by_golden_ratio, fibonacci_shift};
use takeaway::games::spite::two_row::TwoRowTable;
use takeaway::games::{Limits, NoProgress};

fn main() {
    divan::main();
}

/// The whole two-row safe table below `size`.
#[divan::bench(args = [1024, 2048, 4096], sample_count = 5)]
fn two_row_table(size: u64) -> TwoRowTable {
    TwoRowTable::build(divan::black_box(size), &Limits::generous(), &NoProgress).unwrap()
}

/// Every three-row position with rows ≤ `bound`, with remoteness.
#[divan::bench(args = [20, 40], sample_count = 5)]
fn three_rows(bound: u64) -> Exhaustive {
    Exhaustive::solve(&[bound; 3], &Limits::generous()).unwrap()
}

fn big(digits: usize) -> BigUint {
    format!("7{}", "3".repeat(digits - 1)).parse().unwrap()
}

/// e(n) by the Fibonacci shift of the Zeckendorf form.
#[divan::bench(args = [500, 5000])]
fn e_fibonacci_shift(bencher: Bencher<'_, '_>, digits: usize) {
    let n = big(digits);
    bencher.bench(|| fibonacci_shift(divan::black_box(&n)));
}

/// e(n) by the golden-ratio formula (exact square root + last Zeckendorf term).
#[divan::bench(args = [500, 5000])]
fn e_golden_ratio(bencher: Bencher<'_, '_>, digits: usize) {
    let n = big(digits);
    bencher.bench(|| e_by_golden_ratio(divan::black_box(&n)));
}
