//! The library's integration tests, one test binary (issue 21: a binary per
//! file cost a link each). Each module is one former `tests/*.rs` file,
//! unchanged; run one with `cargo test -p takeaway-tests --test suite -- MODULE::`.
//!
//! Proptest's failure files are found through this `main.rs`: a module's
//! regressions live in `tests/proptest-regressions/MODULE.txt`.

mod arithmetic_certificate;
mod bound_eval;
mod bound_parse_errors;
mod bound_props;
mod coded_stops;
mod contract;
mod engine;
mod front_end_reports;
mod front_end_words;
mod grundy_steps;
mod layers;
mod memory_games;
mod misere_phi;
mod misere_quotient;
mod numeration_laws;
mod octal;
mod octal_sequence;
mod one_pile;
mod play;
mod reports;
mod small_positions;
mod sources;
mod spite;
mod sweep;
mod sweep_families;
mod take_break;
mod two_pile;
mod units;
mod wythoff;
mod zeckendorf_split;
