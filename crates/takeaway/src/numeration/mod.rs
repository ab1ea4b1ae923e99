//! Number systems: Fibonacci numbers, Zeckendorf's canonical and second
//! canonical representations (paper 001), and the generalised bases of
//! Holshouser–Reiter (paper 002, Definition 1) that contain Schwenk's
//! H-sequences (paper 000), the Fibonacci numbers and the powers of two.
//!
//! ```
//! use takeaway::numeration::{base::Base, zeckendorf::Zeckendorf};
//! assert_eq!(Zeckendorf::canonical(&8u32.into()).to_string(), "100000");
//! assert_eq!(Base::binary().representation(&5u32.into()).unwrap(), [1, 3]);
//! ```

pub mod base;
pub mod base_report;
pub mod digits;
pub mod fibonacci;
pub mod g_prime;
pub mod h_sequence;
pub mod split;
pub mod unique_representation;
pub mod zeckendorf;
