//! Two-pile games: the exhaustive tableau on both cores, and one L(m, d) for
//! 200-digit piles by Flanigan's theory and by Holshouser–Reiter's Theorem 3.
//!
//! Run: `cargo bench -p takeaway-bench --bench two_pile`.

#![allow(missing_docs)]

use divan::Bencher;
use takeaway::bound::Bound;
use takeaway::games::two_pile::exhaustive::tableau;
use takeaway::games::two_pile::flanigan::Flanigan;
use takeaway::games::two_pile::holshouser_reiter::{check_game2, g_prime};
use takeaway::games::{Limits, NoProgress};
use takeaway::numeration::base::Base;

mod common;
use common::digits;

fn main() {
    divan::main();
}

/// The f = 3t tableau (no theory applies), 2000 × 2000, on 1 and 2 threads.
#[divan::bench(args = [1, 2], sample_count = 3)]
fn tableau_3t_2000(threads: usize) -> usize {
    let f = Bound::parse("3*t").unwrap();
    tableau(&f, 2000, 2000, &Limits::generous(), &NoProgress, threads)
        .unwrap()
        .rows()
}

/// Fibonacci (f = 2t) tableau 2000 × 2000 on 2 threads.
#[divan::bench(sample_count = 3)]
fn tableau_2t_2000() -> usize {
    let f = Bound::parse("2*t").unwrap();
    tableau(&f, 2000, 2000, &Limits::generous(), &NoProgress, 2)
        .unwrap()
        .rows()
}

/// One L(m, d) for 200-digit m and d, f = 2t, hypotheses checked each time.
#[divan::bench]
fn flanigan_200_digits_with_check(bencher: Bencher<'_, '_>) {
    let f = Bound::parse("2*t").unwrap();
    let (m, d) = (digits(200, 7), digits(200, 13));
    bencher.bench_local(|| {
        let fl = Flanigan::new(&f, &(&m * 2u32 + &d)).unwrap();
        fl.least_winning_move(&m, &d).unwrap().least_winning_move
    });
}

/// One L(m, d) for 200-digit m and d, f = 2t, hypotheses already checked.
#[divan::bench]
fn flanigan_200_digits(bencher: Bencher<'_, '_>) {
    let f = Bound::parse("2*t").unwrap();
    let (m, d) = (digits(200, 7), digits(200, 13));
    let fl = Flanigan::new(&f, &(&m * 2u32 + &d)).unwrap();
    bencher.bench_local(|| fl.least_winning_move(&m, &d).unwrap().least_winning_move);
}

/// One L(m, d) for 200-digit m and d, f = (3t+1)/2 (its own H-sequence).
#[divan::bench]
fn flanigan_200_digits_h_sequence(bencher: Bencher<'_, '_>) {
    let f = Bound::parse("(3*t+1)/2").unwrap();
    let (m, d) = (digits(200, 7), digits(200, 13));
    let fl = Flanigan::new(&f, &(&m * 2u32 + &d)).unwrap();
    bencher.bench_local(|| fl.least_winning_move(&m, &d).unwrap().least_winning_move);
}

/// H–R g'(a, b) (Theorem 3) for 200-digit a and b, Fibonacci base.
#[divan::bench]
fn holshouser_reiter_200_digits(bencher: Bencher<'_, '_>) {
    let base = Base::fibonacci();
    let checked = check_game2(&Bound::parse("2*t").unwrap(), &base, 100).unwrap();
    let (m, d) = (digits(200, 7), digits(200, 13));
    let b = &m + &d;
    bencher.bench_local(|| g_prime(&base, &d, &b, &checked).unwrap().least_winning_move);
}
