//! # takeaway
//!
//! Exact analysis of take-away games: one-pile games (Fibonacci Nim and its
//! generalisations: Schwenk, Epp–Ferguson, Holshouser–Reiter), memory
//! games (CGSuite's Mem and GenMem: the previous take bounds the next), two-pile
//! games (Flanigan's), Wythoff's Nim, Hale's Spite Nim, subtraction games,
//! octal games (Kayles, Dawson's Kayles) and sums of games. The families
//! are those of the one list, [`family::FAMILIES`] (a test checks that this
//! paragraph names each of them).
//!
//! Every game family offers a closed-form *theory* (where the papers give one,
//! with its hypotheses checked) and an *exhaustive* solver written from the
//! rules alone, so the two can be cross-checked.
//!
//! Under every family sits one engine ([`engine`]): each family writes its
//! rules once, as typed [`engine::Rules`] over [`engine::Nat`] (machine
//! integers for search, big integers for play), and gets from the one
//! exhaustive [`engine::Solver`] outcome, remoteness, every winning move and
//! misère play, under [`engine::Limits`] checked before anything is
//! allocated and a [`engine::Cancel`] token polled in the inner loops.
//!
//! The crate never sees a command line, a terminal or HTTP: front-ends live in
//! `takeaway-command` (the `takeaway` command, run by the binary of
//! `takeaway-cli`), `takeaway-web` and `takeaway-py`.
//!
//! ```
//! use takeaway::games::{Family, Game};
//!
//! let game = Game::parse("wythoff").unwrap();
//! assert_eq!(game.spec(), "wythoff");
//!
//! // Misère play for any family, from the engine (brute force by hand: with
//! // one counter on each of two piles the mover takes one and wins).
//! use takeaway::games::AnalyzeRequest;
//! let misere = Game::parse("wythoff:misere=true").unwrap();
//! let a = misere.analyze(&AnalyzeRequest::new(vec![1u8.into(), 1u8.into()])).unwrap();
//! assert_eq!(a.outcome, takeaway::analysis::Outcome::N);
//! assert_eq!(a.remoteness, Some(2));
//! ```

pub mod analysis;
pub mod bound;
pub(crate) mod catalog;
pub mod diagnostic;
pub mod engine;
pub mod family;
pub mod games;
pub mod json;
pub mod natural;
pub mod numeration;
pub mod render;
pub mod spec;
pub mod sweep;
pub mod words;
