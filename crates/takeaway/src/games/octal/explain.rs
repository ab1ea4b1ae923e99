//! The octal code in words, for explanations and refusals: what each digit
//! allows (Guy and Smith's notation, Winning Ways ch. 4).
//!
//! Law: digit `d = b0 + 2·b1 + 4·b2` reads "leaving no heap" for `b0`, "one
//! heap" for `b1`, "two heaps" for `b2`.

use super::code::OctalCode;

pub use crate::games::octal::error::digit_words;

/// The code's meaning, digit by digit: `octal code 0.77: remove 1 leaving
/// 0, 1 or 2 heaps; remove 2 leaving 0, 1 or 2 heaps`.
///
/// ```
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::explain::meaning;
/// let dawson = OctalCode::parse("0.07").unwrap();
/// assert_eq!(meaning(&dawson), "octal code 0.07: remove 2 leaving 0, 1 or 2 heaps");
/// let split = OctalCode::parse("4.3").unwrap();
/// assert_eq!(meaning(&split), "octal code 4.3: split a heap in two without removing; remove 1 leaving 0 or 1 heap");
/// let grundy = OctalCode::parse("4!.0").unwrap();
/// assert_eq!(meaning(&grundy), "take-and-break code 4!.0: split a heap in two without removing, pairwise unequal");
/// ```
pub fn meaning(code: &OctalCode) -> String {
    let mut parts = Vec::new();
    let unequal = |j: usize| {
        if code.unequal(j) {
            ", pairwise unequal"
        } else {
            ""
        }
    };
    match code.digit(0) {
        4 => parts.push(format!(
            "split a heap in two without removing{}",
            unequal(0)
        )),
        8 => parts.push(format!(
            "split a heap in three without removing{}",
            unequal(0)
        )),
        12 => parts.push(format!(
            "split a heap in two or three without removing{}",
            unequal(0)
        )),
        _ => {}
    }
    for j in 1..=code.max_take() {
        let d = code.digit(j);
        if d != 0 {
            parts.push(format!("remove {j} {}{}", digit_words(d), unequal(j)));
        }
    }
    if parts.is_empty() {
        parts.push("no move at all".into());
    }
    let kind = if code.is_octal() {
        "octal code"
    } else {
        "take-and-break code"
    };
    format!("{kind} {code}: {}", parts.join("; "))
}
