//! Wythoff's Nim: the theory on huge piles and the exhaustive sweep.
//!
//! Run: `cargo bench -p takeaway-bench --bench wythoff`.

#![allow(missing_docs)]

use divan::Bencher;
use num_bigint::BigUint;
use takeaway::games::wythoff::beatty;
use takeaway::games::wythoff::exhaustive::sweep;
use takeaway::games::wythoff::{analyze_theory, theory};
use takeaway::games::{Limits, NoProgress};

mod common;
use common::digits;

fn main() {
    divan::main();
}

/// Case 3 positions (the costliest: canonical forms of both piles and the
/// second canonical form of the difference) at `n` digits: `(a_k, a_k + k/2)`
/// — the smaller pile is an A-number and the larger is below its partner `b_k`.
fn case3(n: usize) -> [BigUint; 2] {
    let k = digits(n, 11);
    let a = beatty::lower(&k);
    let b = &a + (&k >> 1u32);
    assert_eq!(
        theory::decide(&[a.clone(), b.clone()]).case,
        theory::Case::Difference
    );
    [a, b]
}

#[divan::bench(args = [1_000, 10_000])]
fn analyze_random(bencher: Bencher<'_, '_>, n: usize) {
    let piles = [digits(n, 1), digits(n, 2)];
    bencher.bench(|| analyze_theory(divan::black_box(&piles), false));
}

#[divan::bench(args = [1_000, 10_000])]
fn analyze_case3(bencher: Bencher<'_, '_>, n: usize) {
    let piles = case3(n);
    bencher.bench(|| theory::decide(divan::black_box(&piles)));
}

#[divan::bench(args = [1_000, 10_000])]
fn analyze_all_moves(bencher: Bencher<'_, '_>, n: usize) {
    let piles = [digits(n, 3), digits(n, 4)];
    bencher.bench(|| analyze_theory(divan::black_box(&piles), true));
}

#[divan::bench(args = [1_000, 10_000])]
fn beatty_play(bencher: Bencher<'_, '_>, n: usize) {
    let piles = [digits(n, 1), digits(n, 2)];
    bencher.bench(|| beatty::play(divan::black_box(&piles)));
}

#[divan::bench(args = [1_000, 4_000])]
fn exhaustive_sweep(bencher: Bencher<'_, '_>, n: u64) {
    bencher.bench(|| sweep(n, n, &Limits::generous(), &NoProgress));
}
