//! Benchmarks of the subtraction family: the raw mex kernel to 10^7 and the proved period.

use takeaway::games::subtraction::mex::grundy_values;
use takeaway::games::subtraction::period::find_period;

fn main() {
    divan::main();
}

const SETS: &[&[usize]] = &[&[1, 2, 3], &[1, 3, 4], &[1, 3, 5, 7, 9]];

/// Grundy values of piles 0..=10^7 by the mex rule alone (no period shortcut).
#[divan::bench(args = SETS, sample_count = 10)]
fn mex_to_10_7(set: &[usize]) -> u16 {
    let g = grundy_values(set, 10_000_001);
    g[10_000_000]
}

/// Proving the minimal period and pre-period (Brent on windows of max(S) values).
#[divan::bench(args = [&[1usize, 3, 4][..], &[3, 5, 9, 11], &[2, 7, 11, 19, 23]])]
fn prove_period(set: &[usize]) -> usize {
    let m = *set.last().unwrap_or(&1);
    find_period(m, 1 << 26, |g, to| {
        takeaway::games::subtraction::mex::extend_grundy(g, set, to);
        true
    })
    .map_or(0, |p| p.period)
}
