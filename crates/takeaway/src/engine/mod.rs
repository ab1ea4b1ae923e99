//! The game engine: typed rules ([`Rules`]) written once per family over
//! [`Nat`], one exhaustive [`Solver`] for every family (outcome, remoteness,
//! winning moves, normal and misère play), [`Limits`] checked against an
//! [`Estimate`] before anything is allocated, and a [`Cancel`] token polled
//! in the inner loops so a timed-out request, a gone client or Ctrl-C stops
//! the work. [`GrundySolver`] gives the Grundy value (normal play) of a
//! position of any family by the same walk with the mex rule.

pub(crate) mod cancel;
pub(crate) mod error;
pub(crate) mod grundy;
pub(crate) mod limits;
pub mod nat;
pub(crate) mod outcome;
pub(crate) mod rules;
pub(crate) mod solve;

pub use cancel::{Cancel, Ticker};
pub use error::{Amount, EngineError, Over, Solve, Unit};
pub use grundy::{GrundyOption, GrundySolver};
pub use limits::{Estimate, Limits};
pub use nat::Nat;
pub use outcome::Outcome;
pub use rules::{Convention, Rules};
pub use solve::{Solved, Solver, Successor};
