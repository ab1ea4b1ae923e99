//! Octal games (take-and-break): remove tokens from a heap and perhaps split
//! what is left in two, as an octal code says (Guy and Smith, 1956; Winning
//! Ways, ch. 4).

pub mod analyze;
pub mod entry;
pub mod explain;
pub mod game;
pub mod sequence;
pub mod spec;
pub mod table;

pub use entry::{DAWSON, FAMILY, KAYLES};
pub use spec::Octal;

pub mod code;
pub mod naive;
