//! Parsing natural numbers (pile sizes, bounds) from user text.
//!
//! Law: `parse_natural(&n.to_string()) == Ok(n)` for every natural `n`, and every
//! rejected input yields an error that names the offending column.

use num_bigint::BigUint;
use thiserror::Error;

/// Largest number of decimal digits accepted for one number (one million).
///
/// Past it the input is refused rather than parsed, so a request can never
/// make the tool spend unbounded time on number conversion.
pub const MAX_DIGITS: usize = 1_000_000;

/// Why a piece of text is not a natural number.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NaturalError {
    /// The text was empty.
    #[error("expected a natural number, found an empty string")]
    Empty,
    /// A leading minus sign.
    #[error("`{text}` is negative; expected a natural number (0, 1, 2, ...)")]
    Negative {
        /// The text as given.
        text: String,
    },
    /// A character that is not a decimal digit.
    #[error("`{text}` is not a natural number: unexpected `{found}` at column {column}")]
    InvalidDigit {
        /// The text as given (shortened if long).
        text: String,
        /// The offending character.
        found: char,
        /// 1-based column of the offending character.
        column: usize,
    },
    /// More digits than [`MAX_DIGITS`].
    #[error("number has {digits} digits, more than the limit of {limit}")]
    TooLong {
        /// Digits given.
        digits: usize,
        /// The limit.
        limit: usize,
    },
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 40 {
        let head: String = text.chars().take(37).collect();
        format!("{head}...")
    } else {
        text.to_string()
    }
}

/// Parses a natural number written in decimal (leading `+` allowed, surrounding
/// whitespace ignored, `_` not allowed).
///
/// ```
/// use takeaway::natural::{parse_natural, NaturalError};
/// assert_eq!(parse_natural("062").unwrap(), 62u32.into());
/// assert!(matches!(parse_natural("12x"), Err(NaturalError::InvalidDigit { column: 3, .. })));
/// assert!(matches!(parse_natural("-3"), Err(NaturalError::Negative { .. })));
/// ```
pub fn parse_natural(text: &str) -> Result<BigUint, NaturalError> {
    let trimmed = text.trim();
    let offset = text.len() - text.trim_start().len();
    if trimmed.is_empty() {
        return Err(NaturalError::Empty);
    }
    if trimmed.starts_with('-') {
        return Err(NaturalError::Negative {
            text: shorten(trimmed),
        });
    }
    let (digits, skip) = match trimmed.strip_prefix('+') {
        Some(rest) => (rest, 1),
        None => (trimmed, 0),
    };
    if digits.is_empty() {
        return Err(NaturalError::Empty);
    }
    if digits.len() > MAX_DIGITS {
        return Err(NaturalError::TooLong {
            digits: digits.len(),
            limit: MAX_DIGITS,
        });
    }
    if let Some((i, c)) = digits.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        let column = text[..offset + skip + i].chars().count() + 1;
        return Err(NaturalError::InvalidDigit {
            text: shorten(trimmed),
            found: c,
            column,
        });
    }
    // Only ASCII digits remain, so this cannot fail.
    Ok(BigUint::parse_bytes(digits.as_bytes(), 10).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_small_numbers() {
        for n in 0u32..2000 {
            assert_eq!(parse_natural(&n.to_string()), Ok(BigUint::from(n)));
        }
    }

    #[test]
    fn rejects_bad_text_with_columns() {
        assert_eq!(parse_natural(""), Err(NaturalError::Empty));
        assert_eq!(parse_natural("  "), Err(NaturalError::Empty));
        assert_eq!(parse_natural("+"), Err(NaturalError::Empty));
        assert!(matches!(
            parse_natural(" 1a"),
            Err(NaturalError::InvalidDigit {
                found: 'a',
                column: 3,
                ..
            })
        ));
        assert!(matches!(
            parse_natural("-0"),
            Err(NaturalError::Negative { .. })
        ));
        assert!(matches!(
            parse_natural("1.5"),
            Err(NaturalError::InvalidDigit {
                found: '.',
                column: 2,
                ..
            })
        ));
    }
}
