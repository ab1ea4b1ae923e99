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
    Ok(from_decimal_digits(digits.as_bytes()))
}

/// Below this many digits [`from_decimal_digits`] uses num-bigint's parser
/// (one multiply-add per 19 digits: quadratic); above it, it splits. Chosen by
/// measurement (`cargo bench -p takeaway-bench --bench numeration`, see BENCHMARKS.md).
pub const DECIMAL_SPLIT_DIGITS: usize = 2048;

/// The number written by a string of ASCII decimal digits, by divide and
/// conquer: `hi·10^k + lo` with `k = DECIMAL_SPLIT_DIGITS · 2^i` the largest such
/// power below the length, the powers squared once. `O(M(n) log n)`, against
/// num-bigint's quadratic parser (300 ms for a million digits instead of
/// seconds; BENCHMARKS.md). Bytes that are not ASCII digits are a caller error:
/// they give an unspecified number, never a panic ([`parse_natural`] checks
/// first).
///
/// Law: `from_decimal_digits(n.to_string().as_bytes()) == n`, and leading
/// zeros do not change the value (`""` is 0).
///
/// ```
/// use takeaway::natural::from_decimal_digits;
/// assert_eq!(from_decimal_digits(b"00062"), 62u32.into());
/// let big = "9".repeat(5000);
/// assert_eq!(from_decimal_digits(big.as_bytes()), big.parse().unwrap());
/// ```
pub fn from_decimal_digits(digits: &[u8]) -> BigUint {
    if digits.len() <= DECIMAL_SPLIT_DIGITS {
        return BigUint::parse_bytes(digits, 10).unwrap_or_default();
    }
    // powers[i] = 10^(DECIMAL_SPLIT_DIGITS · 2^i), while that is below the length.
    let mut powers = vec![BigUint::from(10u32).pow(DECIMAL_SPLIT_DIGITS as u32)];
    while let Some(last) = powers.last() {
        if (DECIMAL_SPLIT_DIGITS << powers.len()) >= digits.len() {
            break;
        }
        let next = last * last;
        powers.push(next);
    }
    from_digits_split(digits, &powers)
}

fn from_digits_split(digits: &[u8], powers: &[BigUint]) -> BigUint {
    if digits.len() <= DECIMAL_SPLIT_DIGITS {
        return BigUint::parse_bytes(digits, 10).unwrap_or_default();
    }
    // The largest power DECIMAL_SPLIT_DIGITS · 2^i strictly below the length.
    let mut i = 0;
    while i + 1 < powers.len() && (DECIMAL_SPLIT_DIGITS << (i + 1)) < digits.len() {
        i += 1;
    }
    let k = DECIMAL_SPLIT_DIGITS << i;
    let (hi, lo) = digits.split_at(digits.len() - k);
    let high = from_digits_split(hi, powers);
    let low = from_digits_split(lo, powers);
    match powers.get(i) {
        Some(p) => high * p + low,
        None => BigUint::default(),
    }
}

/// A decimal number for explanations: in full, or its first and last digits
/// and how many digits it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShortDecimal {
    /// At most the limit: every digit.
    Full(String),
    /// Longer than the limit.
    Cut {
        /// The leading digits.
        head: String,
        /// The trailing digits (zero-padded).
        tail: String,
        /// The number of decimal digits.
        digits: usize,
    },
}

/// Below this many bits [`short_decimal`] prints the number and cuts the text.
const SHORT_BY_TEXT_BITS: u64 = 8192;

thread_local! {
    /// The last power of ten [`short_decimal`] built: `(e, 10^e)`. Explanations
    /// abbreviate several numbers of nearly the same length; a nearby smaller
    /// power is one division by a small number away.
    static POWER_OF_TEN: std::cell::RefCell<Option<(usize, BigUint)>> =
        const { std::cell::RefCell::new(None) };
}

fn power_of_ten(e: usize) -> BigUint {
    POWER_OF_TEN.with(|cell| {
        let mut cell = cell.borrow_mut();
        if let Some((e0, p0)) = cell.as_ref()
            && *e0 >= e
            && *e0 - e <= 64
        {
            return p0 / BigUint::from(10u32).pow((*e0 - e) as u32);
        }
        let p = BigUint::from(10u32).pow(e as u32);
        *cell = Some((e, p.clone()));
        p
    })
}

/// `n` in decimal if it has at most `limit` digits, else its first `head` and
/// last `tail` digits and its digit count — without printing all of it
/// (printing a million-digit number costs a third of a second; this costs a
/// division with a small quotient and, at most once per length, a power of ten).
///
/// Law: for `Cut { head: h, tail: t, digits }`, `n.to_string()` has `digits`
/// digits, starts with `h` and ends with `t`; `Full(s)` is `n.to_string()`.
///
/// ```
/// use takeaway::natural::{short_decimal, ShortDecimal};
/// let n: num_bigint::BigUint = "123456789012345678901234567890".parse().unwrap();
/// assert_eq!(
///     short_decimal(&n, 20, 4, 3),
///     ShortDecimal::Cut { head: "1234".into(), tail: "890".into(), digits: 30 }
/// );
/// assert_eq!(short_decimal(&n, 30, 4, 3), ShortDecimal::Full(n.to_string()));
/// ```
pub fn short_decimal(n: &BigUint, limit: usize, head: usize, tail: usize) -> ShortDecimal {
    let bits = n.bits();
    // (bits − 1)·0.301029 ≤ log10(n): a lower bound on digits − 1.
    let low = usize::try_from(bits.saturating_sub(1).saturating_mul(301_029) / 1_000_000)
        .unwrap_or(usize::MAX);
    if bits < SHORT_BY_TEXT_BITS || low < limit.max(head) + 1 {
        let s = n.to_string();
        if s.len() <= limit {
            return ShortDecimal::Full(s);
        }
        return ShortDecimal::Cut {
            head: s[..head.min(s.len())].to_string(),
            tail: s[s.len() - tail.min(s.len())..].to_string(),
            digits: s.len(),
        };
    }
    // 10^e ≤ n / 10^head, so n / 10^e has head + 1 digits or a few more.
    let e = low - head;
    let top = (n / power_of_ten(e)).to_string();
    let last = (n % BigUint::from(10u32).pow(tail as u32)).to_string();
    ShortDecimal::Cut {
        head: top[..head].to_string(),
        tail: format!("{last:0>tail$}"),
        digits: e + top.len(),
    }
}
