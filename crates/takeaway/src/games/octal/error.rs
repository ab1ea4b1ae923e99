//! What an octal (take-and-break) game refuses, as data: a move its code
//! does not allow, a sequence of values too long, and the advice for it.
//! Worded by `Display` (the one line after `error: `). Below the families
//! (what `GameError` wraps): it names nothing of the family's other files.

use num_bigint::BigUint;
use std::fmt;
use thiserror::Error;

/// A move against an octal code.
///
/// ```
/// use takeaway::games::octal::error::OctalIllegal;
/// let e = OctalIllegal::NotInCode { code: "0.07".into(), take: 1, heaps: 1, digit: 0 };
/// assert_eq!(e.to_string(), "In 0.07 removing 1 may not leave one heap: d1 = 0 (never allowed)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OctalIllegal {
    /// Removing `take` leaving `heaps` heaps, where digit `d<take>` is
    /// `digit` (`take = 0`: a split without removing, allowed only by `d0 = 4`).
    #[error("{}", refusal(code, *take, *heaps, *digit))]
    NotInCode {
        /// The code, e.g. `0.07`.
        code: String,
        /// Tokens removed.
        take: u64,
        /// Heaps left: 0, 1 or 2.
        heaps: u8,
        /// The code's digit for `take`.
        digit: u8,
    },
    /// A split whose two heaps do not add up to what the removal leaves.
    #[error("Removing {take} from a heap of {heap} leaves {}, not {left} + {right}", heap - take)]
    SplitSum {
        /// The heap.
        heap: BigUint,
        /// Tokens removed (at most the heap).
        take: BigUint,
        /// The first heap asked for.
        left: BigUint,
        /// The second heap asked for.
        right: BigUint,
    },
    /// A split move that names neither two nor three heaps (a split leaves
    /// two heaps, or three under a hexadecimal digit).
    ///
    /// ```
    /// use takeaway::games::octal::error::OctalIllegal;
    /// assert_eq!(OctalIllegal::SplitHeaps { heaps: 4 }.to_string(), "a split leaves two or three heaps, not 4");
    /// ```
    #[error("a split leaves two or three heaps, not {heaps}")]
    SplitHeaps {
        /// How many heaps the move named.
        heaps: usize,
    },
}

/// The sentence of [`OctalIllegal::NotInCode`].
fn refusal(code: &str, take: u64, heaps: u8, digit: u8) -> String {
    if take == 0 {
        return format!(
            "In {code} a heap may not be split without removing a token (d0 = {digit})"
        );
    }
    let leaving = match heaps {
        0 => "no heap (take the whole heap)",
        1 => "one heap",
        _ => "two heaps",
    };
    format!(
        "In {code} removing {take} may not leave {leaving}: d{take} = {digit} ({})",
        digit_words(digit)
    )
}

/// What a digit allows, in words: `leaving 0, 1 or 2 heaps`, `nothing`.
///
/// ```
/// use takeaway::games::octal::error::digit_words;
/// assert_eq!(digit_words(7), "leaving 0, 1 or 2 heaps");
/// assert_eq!(digit_words(3), "leaving 0 or 1 heap");
/// assert_eq!(digit_words(4), "leaving 2 heaps");
/// assert_eq!(digit_words(0), "never allowed");
/// assert_eq!(digit_words(15), "leaving 0, 1, 2 or 3 heaps");
/// ```
pub fn digit_words(digit: u8) -> String {
    let counts: Vec<&str> = [(1, "0"), (2, "1"), (4, "2"), (8, "3")]
        .iter()
        .filter(|(bit, _)| digit & bit != 0)
        .map(|&(_, c)| c)
        .collect();
    let noun = if digit & 12 != 0 || counts == ["0"] {
        "heaps"
    } else {
        "heap"
    };
    match counts.as_slice() {
        [] => "never allowed".into(),
        [one] => format!("leaving {one} {noun}"),
        [rest @ .., last] => format!("leaving {} or {last} {noun}", rest.join(", ")),
    }
}

/// An octal computation refused for its size (the `what` of a
/// [`TooLarge`](crate::games::TooLarge)).
///
/// ```
/// use takeaway::games::octal::error::OctalWork;
/// assert_eq!(OctalWork::Sequence { code: "0.07".into(), rows: 9 }.to_string(), "the Grundy values of 0.07 for 9 heaps");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OctalWork {
    /// The Grundy values `G(0) … G(to − 1)` of a code (`to = u64::MAX`: up
    /// to the largest heap).
    Values {
        /// The code, e.g. `0.77`.
        code: String,
        /// How many values.
        to: u64,
    },
    /// The Grundy sequence `G(0) … G(rows − 1)` of a code.
    Sequence {
        /// The code, `d0.d1…dk`.
        code: String,
        /// Values asked for.
        rows: u64,
    },
}

impl fmt::Display for OctalWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OctalWork::Values { code, to: u64::MAX } => {
                write!(f, "the Grundy values of {code} up to the largest heap")
            }
            OctalWork::Values { code, to } => write!(
                f,
                "the Grundy values G(0) … G({}) of {code}",
                to.saturating_sub(1)
            ),
            OctalWork::Sequence { code, rows } => {
                write!(f, "the Grundy values of {code} for {rows} heaps")
            }
        }
    }
}

/// What to do instead of a refused octal computation (no option named).
///
/// ```
/// use takeaway::games::octal::error::OctalHint;
/// assert!(OctalHint::SmallerHeaps.to_string().starts_with("use smaller heaps"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OctalHint {
    /// Smaller heaps: the values are computed up to the largest heap.
    SmallerHeaps,
    /// Fewer heaps (each value takes a byte, or two past 255).
    Rows,
}

impl fmt::Display for OctalHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OctalHint::SmallerHeaps => {
                "use smaller heaps (an octal game's Grundy values are computed from G(0) up to the largest heap)"
            }
            OctalHint::Rows => {
                "ask for fewer rows (each value takes a byte while the values stay below 256, two bytes beyond)"
            }
        })
    }
}
