//! No code: this package holds the integration tests of `takeaway` and
//! `takeaway-web` (`tests/suite`, `tests/api.rs`, `tests/e2e.rs`), built at
//! opt-level 0 against the optimised library. Run one with
//! `cargo test -p takeaway-tests --test suite -- MODULE::`.
