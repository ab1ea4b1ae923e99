//! Per-call cost of evaluating move bounds: the compiled `i64` path
//! (`eval_u64`) against the exact BigInt path (`eval`).

use divan::black_box;
use num_bigint::BigUint;
use takeaway::bound::Bound;

fn main() {
    divan::main();
}

const EXPRS: [&str; 4] = [
    "2*t",
    "(3*t+1)/2",
    "if(n==0||t<=n, 2*t, 0)",
    "min(2*t, t+10)",
];

#[divan::bench(args = EXPRS)]
fn eval_u64(bencher: divan::Bencher<'_, '_>, src: &str) {
    let b = Bound::parse(src).unwrap_or_else(|e| panic!("{e}"));
    let mut t = 0u64;
    bencher.bench_local(|| {
        t = (t + 1) & 1023;
        b.eval_u64(black_box(500), black_box(t))
    });
}

#[divan::bench(args = EXPRS)]
fn eval_exact(bencher: divan::Bencher<'_, '_>, src: &str) {
    let b = Bound::parse(src).unwrap_or_else(|e| panic!("{e}"));
    let n = BigUint::from(500u32);
    let ts: Vec<BigUint> = (0..1024u32).map(BigUint::from).collect();
    let mut i = 0usize;
    bencher.bench_local(|| {
        i = (i + 1) & 1023;
        b.eval(black_box(&n), black_box(&ts[i]))
    });
}
