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
    /// `digits[j]` is `dj`, `digits[0] ∈ {0, 4}`; the last digit is nonzero
    /// unless the code is `0.` / `4.`.
    digits: Vec<u8>,
}

fn error(column: usize, message: impl Into<String>) -> CodeError {
    CodeError {
        column,
        message: message.into(),
    }
}

impl OctalCode {
    /// Reads `d0.d1d2…` (`d0` may be omitted: `.77` is `0.77`; trailing zeros
    /// are dropped: `0.770` is `0.77`).
    ///
    /// ```
    /// use takeaway::games::octal::code::OctalCode;
    /// assert_eq!(OctalCode::parse("4.07").unwrap().digit(0), 4);
    /// let e = OctalCode::parse("0.78").unwrap_err();
    /// assert_eq!(e.column, 4);
    /// assert!(OctalCode::parse("3.7").is_err()); // d0 is 0 or 4
    /// ```
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        let trimmed_start = text.len() - text.trim_start().len();
        let body = text.trim();
        if body.is_empty() {
            return Err(error(
                1,
                "expected an octal code such as 0.77 (Kayles) or 0.07 (Dawson's Kayles)",
            ));
        }
        let col = |byte: usize| text[..trimmed_start + byte].chars().count() + 1;
        let (head, tail) = match body.find('.') {
            Some(dot) => (&body[..dot], Some((dot, &body[dot + 1..]))),
            None => (body, None),
        };
        let d0 = match head {
            "" | "0" => 0,
            "4" => 4,
            _ => {
                return Err(error(
                    col(0),
                    format!(
                        "the digit before the point is 0 or 4 (4: a heap may be split in two without removing), found `{head}`"
                    ),
                ));
            }
        };
        let mut digits = vec![d0];
        if let Some((dot, tail)) = tail {
            for (i, c) in tail.char_indices() {
                let Some(d) = c.to_digit(8) else {
                    return Err(error(
                        col(dot + 1 + i),
                        format!("`{c}` is not an octal digit (0 to 7)"),
                    ));
                };
                digits.push(d as u8);
            }
        } else if d0 == 0 && head.is_empty() {
            return Err(error(col(0), "expected an octal code such as 0.77"));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() - 1 > MAX_DIGITS {
            return Err(error(
                col(0),
                format!(
                    "{} digits after the point; at most {MAX_DIGITS} are supported",
                    digits.len() - 1
                ),
            ));
        }
        Ok(OctalCode { digits })
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
        Some(OctalCode { digits })
    }

    /// Digit `dj` (`0` beyond the last digit).
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }

    /// `k`, the largest number of tokens a move may remove (the index of the
    /// last nonzero digit; `0` for `0.` and `4.`).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether a move may remove `j` tokens leaving `heaps` ∈ {0, 1, 2} heaps
    /// (for `j = 0`, only `heaps = 2` with `d0 = 4`).
    pub fn allows(&self, j: usize, heaps: u8) -> bool {
        heaps <= 2 && (self.digit(j) >> heaps) & 1 == 1
    }

    /// Whether the game is a subtraction game (every digit 0 or 3 and
    /// `d0 = 0`): then heaps never split.
    pub fn is_subtraction(&self) -> bool {
        self.digits[0] == 0 && self.digits[1..].iter().all(|&d| d == 0 || d == 3)
    }

    /// Whether some move leaves two heaps (the game may split heaps).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 4 != 0)
    }

    /// The moves of heap `n`, as `(j, a, b)`: remove `j`, leave heaps `a ≥ b`
    /// (`0` = no heap), each listed once, smallest `j` first.
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
                for b in 1..=rest / 2 {
                    out(j, rest - b, b);
                }
            }
        }
    }
}

impl fmt::Display for OctalCode {
    /// `d0.d1…dk` (always with the point and at least one digit after it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return write!(f, "0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}
