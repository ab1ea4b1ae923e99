//! Zeckendorf's Fibonacci representations in paper 001's notation: a string of
//! 0/1 digits whose rightmost digit is position 1 (worth `F1 = 1`), position
//! `i` worth `F(i)`.
//!
//! * canonical: no two adjacent ones and no one in position 1 (`8 = 100000`);
//! * second canonical: no two adjacent ones and the rightmost one in an odd
//!   position (`8 = 10101`).
//!
//! Both exist and are unique for every positive integer, and both are
//! lexicographic (paper 001).

use super::fibonacci::largest_index_at_most;
use super::split;
use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt;
use thiserror::Error;

/// A 0/1 Fibonacci representation: the set of positions holding a one.
///
/// Law: [`Zeckendorf::value`] is `Σ F(p)` over [`Zeckendorf::positions`].
///
/// ```
/// use takeaway::numeration::zeckendorf::Zeckendorf;
/// // Paper 001: 8 is 100000 (canonical) and 10101 (second canonical).
/// let n = 8u32.into();
/// assert_eq!(Zeckendorf::canonical(&n).to_string(), "100000");
/// assert_eq!(Zeckendorf::second_canonical(&n).unwrap().to_string(), "10101");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Zeckendorf {
    /// Ascending positions (1-based) of the ones; no duplicates.
    positions: Vec<usize>,
}

/// Why a digit string is not a Fibonacci representation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ZeckendorfError {
    /// No digits at all.
    #[error("expected a string of 0/1 digits, found an empty string")]
    Empty,
    /// A character other than `0` or `1`.
    #[error(
        "unexpected `{found}` at column {column}; a Fibonacci representation uses only 0 and 1"
    )]
    InvalidDigit {
        /// The offending character.
        found: char,
        /// 1-based column (from the left) of the offending character.
        column: usize,
    },
}

impl Zeckendorf {
    /// The canonical representation of `n` (no two adjacent ones, none in
    /// position 1); `0` is the empty representation. Subquadratic: divide and
    /// conquer above [`split::GREEDY_POSITIONS`] positions (see [`split`]), the
    /// greedy walk below.
    ///
    /// Law: `canonical(n) == canonical_greedy(n)`, `canonical(n).value() == n`
    /// and `canonical(n).is_canonical()`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// // Paper 001: (12, 20) = (101010, 1010100).
    /// assert_eq!(Zeckendorf::canonical(&12u32.into()).to_string(), "101010");
    /// assert_eq!(Zeckendorf::canonical(&20u32.into()).to_string(), "1010100");
    /// assert_eq!(Zeckendorf::canonical(&0u32.into()).to_string(), "0");
    /// ```
    pub fn canonical(n: &BigUint) -> Zeckendorf {
        Zeckendorf {
            positions: split::canonical_positions(n),
        }
    }

    /// The canonical representation by the greedy walk (the largest `F(k) ≤ n`,
    /// `k ≥ 2`, then the remainder), walking down the Fibonacci numbers with two
    /// registers: quadratic, kept as the reference for [`Zeckendorf::canonical`].
    ///
    /// Law: `canonical_greedy(n).value() == n` and `canonical_greedy(n).is_canonical()`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// // Paper 001: 12 = 101010.
    /// assert_eq!(Zeckendorf::canonical_greedy(&12u32.into()).to_string(), "101010");
    /// ```
    pub fn canonical_greedy(n: &BigUint) -> Zeckendorf {
        let Some((mut k, mut a, mut b)) = largest_index_at_most(n) else {
            return Zeckendorf::default();
        };
        let mut rest = n.clone();
        let mut positions = Vec::new();
        loop {
            if rest >= a {
                rest -= &a;
                positions.push(k);
                if rest.is_zero() {
                    break;
                }
            }
            if k <= 2 {
                break;
            }
            // (F(k−1), F(k)) = (F(k+1) − F(k), F(k))
            b -= &a;
            std::mem::swap(&mut a, &mut b);
            k -= 1;
        }
        positions.reverse();
        Zeckendorf { positions }
    }

    /// The second canonical representation of `n ≥ 1` (`None` for `0`), computed
    /// directly: the canonical form with its lowest one at an even position `2m`
    /// is rewritten by `F(2m) = F(2m−1) + F(2m−3) + ... + F3 + F1`.
    ///
    /// Law: it is paper 001's "canonical(n − 1) plus one in Fibonacci" (the
    /// tests compute that by its carries), its value is `n`, and it is second
    /// canonical.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::second_canonical(&8u32.into()).unwrap().to_string(), "10101");
    /// assert_eq!(Zeckendorf::second_canonical(&0u32.into()), None);
    /// ```
    pub fn second_canonical(n: &BigUint) -> Option<Zeckendorf> {
        Zeckendorf::canonical(n).canonical_to_second()
    }

    /// The second canonical representation of the number this canonical
    /// representation stands for (`None` for `0`), without converting again:
    /// a lowest one at an even position `2m` becomes ones at `2m−1, …, 3, 1`.
    /// Meant for a canonical `self` (as made by [`Zeckendorf::canonical`]).
    ///
    /// Law: `canonical(n).canonical_to_second() == second_canonical(n)`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// let eight = Zeckendorf::canonical(&8u32.into());
    /// assert_eq!(eight.canonical_to_second().unwrap().to_string(), "10101");
    /// ```
    pub fn canonical_to_second(&self) -> Option<Zeckendorf> {
        let low = self.lowest_position()?;
        if low % 2 == 1 {
            return Some(self.clone());
        }
        let mut positions: Vec<usize> = (1..low).step_by(2).collect();
        positions.extend_from_slice(self.positions.get(1..).unwrap_or(&[]));
        Some(Zeckendorf { positions })
    }

    /// Parses a 0/1 digit string (leftmost digit = highest position; leading
    /// zeros allowed; `"0"` is the empty representation).
    ///
    /// Law: `from_digits(&z.to_string()) == Ok(z)`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::{Zeckendorf, ZeckendorfError};
    /// assert_eq!(Zeckendorf::from_digits("10101").unwrap().value(), 8u32.into());
    /// assert_eq!(Zeckendorf::from_digits("1021"), Err(ZeckendorfError::InvalidDigit { found: '2', column: 3 }));
    /// ```
    pub fn from_digits(text: &str) -> Result<Zeckendorf, ZeckendorfError> {
        if text.is_empty() {
            return Err(ZeckendorfError::Empty);
        }
        let chars: Vec<char> = text.chars().collect();
        let len = chars.len();
        let mut positions = Vec::new();
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '0' => {}
                '1' => positions.push(len - i),
                found => {
                    return Err(ZeckendorfError::InvalidDigit {
                        found,
                        column: i + 1,
                    });
                }
            }
        }
        positions.reverse();
        Ok(Zeckendorf { positions })
    }

    /// Builds a representation from positions of ones (any order; duplicates
    /// and position 0 are dropped, since position 0 is worth `F0 = 0`).
    ///
    /// Law: `from_positions(z.positions()) == z`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_positions(&[6]).to_string(), "100000");
    /// ```
    pub fn from_positions(positions: &[usize]) -> Zeckendorf {
        let mut positions: Vec<usize> = positions.iter().copied().filter(|&p| p > 0).collect();
        positions.sort_unstable();
        positions.dedup();
        Zeckendorf { positions }
    }

    /// The number represented: `Σ F(p)` over the positions. Subquadratic
    /// (divide and conquer, [`split::value`]).
    ///
    /// Law: `Zeckendorf::canonical(&n).value() == n`, and the value is `Σ F(p)`
    /// walked up the recurrence (the tests' reference).
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_digits("1010100").unwrap().value(), 20u32.into());
    /// ```
    pub fn value(&self) -> BigUint {
        split::value(&self.positions)
    }

    /// Ascending positions (1-based) of the ones.
    ///
    /// Law: strictly increasing.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_digits("10101").unwrap().positions(), &[1, 3, 5]);
    /// ```
    pub fn positions(&self) -> &[usize] {
        &self.positions
    }

    /// The position of the rightmost one (`None` for the empty representation).
    ///
    /// Law: `lowest_position() == positions().first()`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::canonical(&12u32.into()).lowest_position(), Some(2));
    /// ```
    pub fn lowest_position(&self) -> Option<usize> {
        self.positions.first().copied()
    }

    /// Left shift: every one moves up one position (a zero adjoined at the right).
    ///
    /// Law: for an A-number `a` in canonical form, `left_shift` gives `b` of the
    /// safe pair `(a, b)` (paper 001).
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// // Paper 001: 12 = 101010 and 20 = 1010100.
    /// assert_eq!(Zeckendorf::canonical(&12u32.into()).left_shift().value(), 20u32.into());
    /// ```
    pub fn left_shift(&self) -> Zeckendorf {
        Zeckendorf {
            positions: self.positions.iter().map(|p| p + 1).collect(),
        }
    }

    /// Right shift: every one moves down one position; a one in position 1 falls off.
    ///
    /// Law: `z.left_shift().right_shift() == z`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_digits("101010").unwrap().right_shift().to_string(), "10101");
    /// ```
    pub fn right_shift(&self) -> Zeckendorf {
        Zeckendorf {
            positions: self
                .positions
                .iter()
                .filter(|&&p| p > 1)
                .map(|p| p - 1)
                .collect(),
        }
    }

    /// No two adjacent ones.
    fn no_adjacent_ones(&self) -> bool {
        self.positions.windows(2).all(|w| w[1] > w[0] + 1)
    }

    /// Canonical: no adjacent ones and no one in position 1 (the empty
    /// representation of 0 is canonical).
    ///
    /// Law: `Zeckendorf::canonical(&n).is_canonical()`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert!(Zeckendorf::from_digits("100000").unwrap().is_canonical());
    /// assert!(!Zeckendorf::from_digits("10101").unwrap().is_canonical());
    /// ```
    pub fn is_canonical(&self) -> bool {
        self.no_adjacent_ones() && self.lowest_position() != Some(1)
    }

    /// Second canonical: non-empty, no adjacent ones, rightmost one in an odd position.
    ///
    /// Law: `Zeckendorf::second_canonical(&n).unwrap().is_second_canonical()` for `n ≥ 1`.
    ///
    /// ```
    /// use takeaway::numeration::zeckendorf::Zeckendorf;
    /// assert!(Zeckendorf::from_digits("10101").unwrap().is_second_canonical());
    /// assert!(!Zeckendorf::from_digits("100000").unwrap().is_second_canonical());
    /// ```
    pub fn is_second_canonical(&self) -> bool {
        self.no_adjacent_ones() && self.lowest_position().is_some_and(|p| p % 2 == 1)
    }
}

impl fmt::Display for Zeckendorf {
    /// The digit string, highest position first; the empty representation is `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(&top) = self.positions.last() else {
            return f.write_str("0");
        };
        let mut digits = vec![b'0'; top];
        for &p in &self.positions {
            if let Some(d) = digits.get_mut(top - p) {
                *d = b'1';
            }
        }
        f.write_str(&String::from_utf8_lossy(&digits))
    }
}

/// `n` is an A-number: `n ≥ 1` and the rightmost one of its canonical
/// representation is in an even position (paper 001).
///
/// Law: every `n ≥ 1` is exactly one of an A-number and a B-number.
///
/// ```
/// use takeaway::numeration::zeckendorf::{is_a_number, is_b_number};
/// // Paper 001: 12 = 101010 is an A-number, 20 = 1010100 a B-number.
/// assert!(is_a_number(&12u32.into()) && is_b_number(&20u32.into()));
/// ```
pub fn is_a_number(n: &BigUint) -> bool {
    Zeckendorf::canonical(n)
        .lowest_position()
        .is_some_and(|p| p % 2 == 0)
}

/// `n` is a B-number: `n ≥ 1` and the rightmost one of its canonical
/// representation is in an odd position (paper 001).
///
/// Law: `is_b_number(n) == (n ≥ 1 && !is_a_number(n))`.
///
/// ```
/// use takeaway::numeration::zeckendorf::is_b_number;
/// assert!(is_b_number(&2u32.into()) && !is_b_number(&0u32.into()));
/// ```
pub fn is_b_number(n: &BigUint) -> bool {
    Zeckendorf::canonical(n)
        .lowest_position()
        .is_some_and(|p| p % 2 == 1)
}
