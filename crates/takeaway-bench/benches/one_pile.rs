//! One-pile games: the exhaustive table `L(0..N)` and the theory on huge piles.
//!
//! Run: `cargo bench -p takeaway-bench --bench one_pile`.

#![allow(missing_docs)]

use divan::Bencher;
use num_bigint::BigUint;
use takeaway::bound::Bound;
use takeaway::games::one_pile::exhaustive::least_winning_moves;
use takeaway::games::one_pile::theory::least_winning_move;
use takeaway::games::{Limits, NoProgress};

fn main() {
    divan::main();
}

/// `L(n)` for every `n < N` with `f = 3t` (the case paper 000 leaves open).
#[divan::bench(args = [1_000_000u64, 10_000_000], sample_count = 5)]
fn exhaustive_3t(bencher: Bencher<'_, '_>, rows: u64) {
    let f = Bound::parse("3*t").unwrap_or_else(|e| panic!("{e}"));
    bencher.bench(|| least_winning_moves(&f, rows, &Limits::generous(), &NoProgress));
}

/// A pile of `digits` sevens: Schwenk's theory for Fibonacci Nim (`f = 2t`)
/// and for `f = 3t` (its H-sequence built lazily).
#[divan::bench(args = [100usize, 1_000, 10_000], sample_count = 10)]
fn theory(bencher: Bencher<'_, '_>, digits: usize) {
    let n: BigUint = "7".repeat(digits).parse().unwrap_or_default();
    let fib = Bound::parse("2*t").unwrap_or_else(|e| panic!("{e}"));
    bencher.bench(|| least_winning_move(&fib, None, &n));
}

#[divan::bench(args = [100usize, 1_000], sample_count = 10)]
fn theory_3t(bencher: Bencher<'_, '_>, digits: usize) {
    let n: BigUint = "7".repeat(digits).parse().unwrap_or_default();
    let f = Bound::parse("3*t").unwrap_or_else(|e| panic!("{e}"));
    bencher.bench(|| least_winning_move(&f, None, &n));
}
