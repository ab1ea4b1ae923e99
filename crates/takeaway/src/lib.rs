//! # takeaway
//!
//! Exact analysis of take-away games: Fibonacci Nim and its generalisations
//! (Schwenk, Epp–Ferguson, Holshouser–Reiter), Flanigan's two-pile games,
//! Wythoff's Nim, Hale's Spite Nim and subtraction games.
//!
//! Every game family offers a closed-form *theory* (where the papers give one,
//! with its hypotheses checked) and an *exhaustive* solver written from the
//! rules alone, so the two can be cross-checked.
//!
//! The crate never sees a command line, a terminal or HTTP: front-ends live in
//! `takeaway-cli` (and later `takeaway-web`).
//!
//! ```
//! use takeaway::games::{Family, Game};
//!
//! let game = Game::parse("wythoff").unwrap();
//! assert_eq!(game.spec(), "wythoff");
//! ```

pub mod analysis;
pub mod bound;
pub mod engine;
pub mod games;
pub mod json;
pub mod natural;
pub mod numeration;
pub mod render;
pub mod spec;
