//! The benchmarks of takeaway, run with `cargo bench -p takeaway-bench
//! --bench NAME` (divan; `benches/`). Their figures are in BENCHMARKS.md.
//! The library itself is empty: the package exists so that `cargo test`
//! does not build the benchmarks' dependencies.
