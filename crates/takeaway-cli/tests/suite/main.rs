//! The command line's integration tests, one test binary (issue 21: a
//! binary per file cost a link each). Each module is one former
//! `tests/*.rs` file, unchanged; run one with
//! `cargo test -p takeaway-cli --test suite -- MODULE::`.

mod bfile;
mod cmd;
mod custom_family;
mod figures;
mod misere;
mod numbers_from_files;
mod octal;
mod octal_table;
mod one_pile;
mod play;
mod progress;
mod repr;
mod spite;
mod subtraction;
mod sweep;
mod table_output;
mod two_pile;
mod usage_errors;
mod wording;
mod wythoff;
