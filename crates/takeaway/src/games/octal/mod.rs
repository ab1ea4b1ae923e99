//! Octal games (take-and-break): remove tokens from a heap and perhaps split
//! what is left in two, as an octal code says (Guy and Smith, 1956; Winning
//! Ways, ch. 4).

pub mod code;
pub mod naive;
