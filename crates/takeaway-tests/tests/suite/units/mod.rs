//! What were the library's unit tests (`#[cfg(test)]` modules inside
//! `src/`), one module per source file. The library itself has no test
//! target (`[lib] test = false`): building it a second time with
//! `cfg(test)` for these was a third of the test build (issue 21).

mod bound_monotone;
mod family_list;
mod fibonacci;
mod move_options;
mod natural;
mod octal_sparse;
mod render_scale;
mod render_svg;
mod section3_report;
mod subtraction;
mod subtraction_sets;
mod zeckendorf_split_internals;
