//! Octal games (take-and-break): remove tokens from a heap and perhaps split
//! what is left in two, as an octal code says (Guy and Smith, 1956; Winning
//! Ways, ch. 4).

pub mod analyze;
pub(crate) mod entry;
pub mod error;
pub mod explain;
pub mod game;
pub mod misere_phi;
pub mod sequence;
pub mod spec;
pub(crate) mod table;

pub use entry::{DAWSON, FAMILY, KAYLES};
pub use spec::Octal;

pub mod arithmetic_certificate;
pub mod arithmetic_period;
pub mod automaton;
pub mod code;
pub mod hexadecimal;
pub mod naive;
pub mod take_break;
// The long sequences (sparse space, periods, checkpoints, reports).
pub mod checkpoint;
pub mod nimber;
pub mod period;
pub mod published;
// Misère play: the misère quotient of the heaps up to a bound.
pub mod quotient;
pub mod report;
pub mod solve;
pub mod sparse;
