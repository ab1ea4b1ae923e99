//! Octal codes of take-and-break games (Guy and Smith, 1956): `d0.d1d2…dk`.
//!
//! Law: digit `dj = b0 + 2·b1 + 4·b2` says which moves remove `j` tokens from
//! one heap: `b0` leaving no heap (the whole heap of exactly `j`), `b1`
//! leaving one heap (a heap of `n > j` becomes `n − j`), `b2` leaving two
//! heaps (a heap of `n ≥ j + 2` becomes two nonempty heaps `a + b = n − j`).
//! `d0` is `0` or `4`: `4` lets a player split a heap into two nonempty heaps
//! without removing any token. Examples: Kayles `0.77`, Dawson's Kayles
//! `0.07`, Nim `0.333…` (the subtraction game `S = {1..k}` is `0.33…3`; every
//! subtraction game with finite `S` is the code with `dj = 3` for `j ∈ S`,
//! `0` elsewhere).
//!
//! Extended as CGSuite writes take-and-break codes ([`super::hexadecimal`]):
//! `b3 = 8` leaves three nonempty heaps (hexadecimal digits `8`–`F`; `d0`
//! may be `8` or `C`), and `!` after a digit requires the heaps left to be
//! pairwise unequal (Grundy's game is `4!.0`).

use std::fmt;

/// The most digits after the point an octal code may have.
///
/// A code with more digits is refused with [`CodeError`]; no game studied in
/// the literature comes close (the longest in Flammenkamp's tables have 12).
pub const MAX_DIGITS: usize = 256;

/// Why a text is not an octal code; `column` is 1-based in that text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct CodeError {
    /// Where the bad character is (1-based).
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

/// An octal code `d0.d1…dk` with `dk ≠ 0`.
///
/// ```
/// use takeaway::games::octal::code::OctalCode;
/// let kayles = OctalCode::parse("0.77").unwrap();
/// assert_eq!(kayles.max_take(), 2);
/// // Kayles: remove 1 or 2 pins; leaving 0, 1 or 2 rows.
/// assert!(kayles.allows(2, 2));
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(OctalCode::parse(".07").unwrap().to_string(), "0.07");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[j]` is `dj` (0 to 15), `digits[0] ∈ {0, 4, 8, 12}`; the last
    /// digit is nonzero unless the code is `d0.0`.
    digits: Vec<u8>,
    /// `unequal[j]`: digit `j` carries `!` (the heaps left by removing `j`
    /// are pairwise unequal); only on digits of 4 or more.
    unequal: Vec<bool>,
}

impl OctalCode {
    /// Reads `d0.d1d2…` (`d0` may be omitted: `.77` is `0.77`; trailing zeros
    /// are dropped: `0.770` is `0.77`), with CGSuite's extensions: digits
    /// `8`–`F` (bit 3 leaves three heaps) and `!` after a digit (the heaps
    /// left are pairwise unequal); see [`super::hexadecimal`].
    ///
    /// ```
    /// use takeaway::games::octal::code::OctalCode;
    /// assert_eq!(OctalCode::parse("4.07").unwrap().digit(0), 4);
    /// let e = OctalCode::parse("0.7G").unwrap_err();
    /// assert_eq!(e.column, 4);
    /// assert!(OctalCode::parse("3.7").is_err()); // d0 is 0, 4, 8 or C
    /// assert_eq!(OctalCode::parse("0.3F").unwrap().digit(2), 15);
    /// ```
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        super::hexadecimal::parse(text)
    }

    /// The code of `digits` (`digits[j]` = `dj` ≤ 15, `digits[0]` with no
    /// bit 0 or 1) and their `!` flags (dropped on digits below 4, where
    /// they change nothing), as [`super::hexadecimal::parse`] reads them.
    pub(crate) fn from_digits(digits: Vec<u8>, unequal: Vec<bool>) -> Self {
        let unequal = digits
            .iter()
            .zip(unequal)
            .map(|(&d, u)| u && d >= 4)
            .collect();
        OctalCode { digits, unequal }
    }

    /// The code of a subtraction game with finite set `set` (`dj = 3` for
    /// `j ∈ set`): same moves, so same Grundy values.
    ///
    /// ```
    /// use takeaway::games::octal::code::OctalCode;
    /// assert_eq!(OctalCode::subtraction(&[1, 3, 4]).unwrap().to_string(), "0.3033");
    /// assert!(OctalCode::subtraction(&[0]).is_none());
    /// ```
    pub fn subtraction(set: &[u64]) -> Option<Self> {
        let largest = usize::try_from(*set.iter().max()?).ok()?;
        if set.contains(&0) || largest > MAX_DIGITS {
            return None;
        }
        let mut digits = vec![0u8; largest + 1];
        for &s in set {
            digits[s as usize] = 3;
        }
        let unequal = vec![false; digits.len()];
        Some(OctalCode { digits, unequal })
    }

    /// Digit `dj` (`0` beyond the last digit).
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }

    /// Whether digit `dj` carries `!`: the heaps a removal of `j` leaves
    /// must be pairwise unequal.
    pub fn unequal(&self, j: usize) -> bool {
        self.unequal.get(j).copied().unwrap_or(false)
    }

    /// `k`, the largest number of tokens a move may remove (the index of the
    /// last nonzero digit; `0` for `d0.0`).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether a move may remove `j` tokens leaving `heaps` ∈ {0, 1, 2, 3}
    /// heaps (for `j = 0`, only `heaps` ≥ 2), before the `!` constraint.
    pub fn allows(&self, j: usize, heaps: u8) -> bool {
        heaps <= 3 && (self.digit(j) >> heaps) & 1 == 1
    }

    /// Whether the code is an octal code in Guy and Smith's sense: every
    /// digit below 8 and no `!`. The sparse-space method and the octal
    /// periodicity theorem are for these codes.
    ///
    /// ```
    /// use takeaway::games::octal::code::OctalCode;
    /// assert!(OctalCode::parse("0.77").unwrap().is_octal());
    /// assert!(!OctalCode::parse("0.3F").unwrap().is_octal());
    /// assert!(!OctalCode::parse("4!.0").unwrap().is_octal());
    /// ```
    pub fn is_octal(&self) -> bool {
        self.digits.iter().all(|&d| d < 8) && !self.unequal.iter().any(|&u| u)
    }

    /// Whether some move leaves three heaps (a digit of 8 or more).
    pub fn leaves_three(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }

    /// Whether the game is a subtraction game (every digit 0 or 3 and
    /// `d0 = 0`): then heaps never split.
    pub fn is_subtraction(&self) -> bool {
        self.digits[0] == 0 && self.digits[1..].iter().all(|&d| d == 0 || d == 3)
    }

    /// Whether some move leaves two heaps or more (the game may split heaps).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 12 != 0)
    }

    /// The moves of heap `n` that leave at most two heaps, as `(j, a, b)`:
    /// remove `j`, leave heaps `a ≥ b` (`0` = no heap), each listed once,
    /// smallest `j` first; under `!` the two heaps differ. The moves that
    /// leave three heaps are [`OctalCode::options`]' only.
    ///
    /// ```
    /// use takeaway::games::octal::code::OctalCode;
    /// let kayles = OctalCode::parse("0.77").unwrap();
    /// let mut moves = Vec::new();
    /// kayles.moves(4, |j, a, b| moves.push((j, a, b)));
    /// assert_eq!(moves, vec![(1, 3, 0), (1, 2, 1), (2, 2, 0), (2, 1, 1)]);
    /// ```
    pub fn moves(&self, n: u64, mut out: impl FnMut(usize, u64, u64)) {
        for j in 0..self.digits.len() {
            let d = self.digits[j];
            let Some(rest) = n.checked_sub(j as u64) else {
                break;
            };
            if j > 0 && d & 1 != 0 && rest == 0 {
                out(j, 0, 0);
            }
            if j > 0 && d & 2 != 0 && rest >= 1 {
                out(j, rest, 0);
            }
            if d & 4 != 0 && rest >= 2 {
                let top = if self.unequal(j) {
                    (rest - 1) / 2
                } else {
                    rest / 2
                };
                for b in 1..=top {
                    out(j, rest - b, b);
                }
            }
        }
    }

    /// Every move of heap `n`, as `(j, heaps)`: remove `j`, leave the
    /// nonempty `heaps` (ascending, none to three of them, pairwise unequal
    /// under `!`), each listed once; smallest `j` first, then fewer heaps
    /// first, then in lexicographic order — CGSuite's order
    /// (`TakeAndBreak.HeapOptions`).
    ///
    /// ```
    /// use takeaway::games::octal::code::OctalCode;
    /// let mut list = Vec::new();
    /// OctalCode::parse("0.3F!").unwrap().options(9, |_, h| list.push(h.to_vec()));
    /// // CGSuite's own test (TBCodeTest, "0.3F!" at 9): 8  7  1,6  2,5  3,4  1,2,4.
    /// let want: Vec<Vec<u64>> = vec![vec![8], vec![7], vec![1, 6], vec![2, 5], vec![3, 4], vec![1, 2, 4]];
    /// assert_eq!(list, want);
    /// ```
    pub fn options(&self, n: u64, mut out: impl FnMut(usize, &[u64])) {
        for j in 0..self.digits.len() {
            let d = self.digits[j];
            let Some(rest) = n.checked_sub(j as u64) else {
                break;
            };
            let distinct = self.unequal(j);
            if j > 0 && d & 1 != 0 && rest == 0 {
                out(j, &[]);
            }
            if j > 0 && d & 2 != 0 && rest >= 1 {
                out(j, &[rest]);
            }
            if d & 4 != 0 {
                let mut a = 1;
                while 2 * a <= rest {
                    if !(distinct && 2 * a == rest) {
                        out(j, &[a, rest - a]);
                    }
                    a += 1;
                }
            }
            if d & 8 != 0 {
                let mut a = 1;
                while 3 * a <= rest {
                    let mut b = a;
                    while a + 2 * b <= rest {
                        let c = rest - a - b;
                        if !(distinct && (a == b || b == c)) {
                            out(j, &[a, b, c]);
                        }
                        b += 1;
                    }
                    a += 1;
                }
            }
        }
    }
}

impl fmt::Display for OctalCode {
    /// `d0.d1…dk` (always with the point and at least one digit after it;
    /// digits 10 to 15 as `A`–`F`, `!` after a digit that carries it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |f: &mut fmt::Formatter<'_>, j: usize| {
            let bang = if self.unequal(j) { "!" } else { "" };
            write!(f, "{:X}{bang}", self.digits[j])
        };
        digit(f, 0)?;
        write!(f, ".")?;
        if self.digits.len() == 1 {
            return write!(f, "0");
        }
        for j in 1..self.digits.len() {
            digit(f, j)?;
        }
        Ok(())
    }
}
