//! Reading take-and-break codes: Guy and Smith's octal codes extended as
//! CGSuite writes them (A. N. Siegel, CGSuite, `game.heap.TakeAndBreak`), as
//! far as the notation is sound for heap games.
//!
//! Law (the notation read): a code is `h… d0 . d1 d2 … dk`, each digit one
//! hexadecimal character `0`–`9`, `A`–`F` (either case), perhaps followed by
//! `!`. Bit `i` of digit `dj` (`i ≤ 3`) allows removing `j` tokens from a
//! heap and leaving exactly `i` nonempty heaps (leaving none needs the heap
//! to hold exactly `j`). A `!` after a digit requires the heaps that move
//! leaves to be pairwise unequal (CGSuite's constraint `PairwiseUnequal`:
//! `4!.0` is Grundy's game, split a heap into two heaps of different sizes);
//! it changes nothing for a move that leaves fewer than two heaps, so it is
//! dropped from digits below 4 (`0.3!` is `0.3`, as CGSuite normalises it).
//! `d0` (the last digit before the point) is `0`, `4`, `8` or `C`: removing
//! nothing must split the heap. Digits before `d0` would *add* tokens
//! (CGSuite's additive part, `20.017`); they are accepted only as zeros.
//! Trailing zeros after the point are dropped.
//!
//! Refused, each with the column of the first character concerned: digits
//! `G`–`V` (four or more heaps), the constraints `?` and `=`, braces
//! `{…}`, `*`, `&n;` and repeating codes `[…]` (heap games here have finitely
//! many digits), additive digits other than `0`, and `d0` with bit 1 or 2
//! (removing nothing and leaving the heap, or no heap, is not a move).

use super::code::{CodeError, MAX_DIGITS, OctalCode};

fn error(column: usize, message: impl Into<String>) -> CodeError {
    CodeError {
        column,
        message: message.into(),
    }
}

/// One digit as read: its value, `!`, and the column of its character.
struct Read {
    value: u8,
    unequal: bool,
    column: usize,
}

/// Reads the digits of one side of the point (`chars` with their 1-based
/// columns); `what` names the side in messages.
fn digits(chars: &[(usize, char)], what: &str) -> Result<Vec<Read>, CodeError> {
    let mut out: Vec<Read> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (column, c) = chars[i];
        i += 1;
        let value = match c {
            '!' => {
                return Err(error(
                    column,
                    "`!` follows a digit (the heaps that move leaves are pairwise unequal)",
                ));
            }
            '?' | '=' => {
                return Err(error(
                    column,
                    format!(
                        "CGSuite's constraint `{c}` is not supported; `!` (pairwise unequal heaps) is"
                    ),
                ));
            }
            '[' | ']' => {
                return Err(error(
                    column,
                    "a repeating code `[…]` (infinitely many digits) is not supported",
                ));
            }
            '{' | '}' | '*' | '&' | ';' | ',' | '+' => {
                return Err(error(
                    column,
                    format!(
                        "CGSuite's generalized digit `{c}` is not supported: digits are 0–9 and A–F (at most 3 heaps)"
                    ),
                ));
            }
            '.' => return Err(error(column, "a code has one point")),
            _ => match c.to_digit(36) {
                Some(d) if d < 16 => d as u8,
                Some(d) if d < 32 => {
                    return Err(error(
                        column,
                        format!(
                            "digit `{c}` ({d}) would leave 4 or more heaps; digits 0–9 and A–F (at most 3 heaps) are supported"
                        ),
                    ));
                }
                _ => {
                    return Err(error(
                        column,
                        format!("`{c}` is not a digit of a take-and-break code (0–9, A–F) {what}"),
                    ));
                }
            },
        };
        let unequal = chars.get(i).is_some_and(|&(_, c)| c == '!');
        if unequal {
            i += 1;
        }
        out.push(Read {
            value,
            unequal,
            column,
        });
    }
    Ok(out)
}

/// Reads `text` as a take-and-break code (see the module law).
///
/// ```
/// use takeaway::games::octal::hexadecimal::parse;
/// let grundy = parse("4!.0").unwrap();
/// assert!(grundy.unequal(0) && grundy.allows(0, 2));
/// assert_eq!(grundy.to_string(), "4!.0");
/// assert_eq!(parse("0.3f!").unwrap().to_string(), "0.3F!");
/// assert_eq!(parse("04.30").unwrap().to_string(), "4.3");
/// // The column of the first character concerned.
/// assert_eq!(parse("0.3G").unwrap_err().column, 4);
/// assert_eq!(parse("20.017").unwrap_err().column, 1);
/// assert_eq!(parse("0.3F?").unwrap_err().column, 5);
/// ```
pub fn parse(text: &str) -> Result<OctalCode, CodeError> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    if body.is_empty() {
        return Err(error(
            1,
            "expected a take-and-break code such as 0.77 (Kayles), 0.07 (Dawson's Kayles) or 4!.0 (Grundy's game)",
        ));
    }
    let first = text[..lead].chars().count() + 1;
    let chars: Vec<(usize, char)> = body
        .chars()
        .enumerate()
        .map(|(i, c)| (first + i, c))
        .collect();
    let dot = chars.iter().position(|&(_, c)| c == '.');
    let (head, tail) = match dot {
        Some(d) => (&chars[..d], &chars[d + 1..]),
        None => (&chars[..], &chars[chars.len()..]),
    };
    let head = digits(head, "before the point")?;
    let tail = digits(tail, "after the point")?;
    // Additive digits (before d0) add tokens: only zeros are accepted.
    if head.len() > 1 {
        for r in &head[..head.len() - 1] {
            if r.value != 0 || r.unequal {
                return Err(error(
                    r.column,
                    "a digit before d0 adds tokens to a heap (CGSuite's additive part): not supported, only 0 is accepted there",
                ));
            }
        }
    }
    let (d0, d0_unequal) = match head.last() {
        None => (0, false),
        Some(r) => {
            if r.value & 3 != 0 {
                return Err(error(
                    r.column,
                    format!(
                        "the digit before the point is 0, 4, 8 or C (removing nothing must split the heap in 2 or 3), found `{:X}`",
                        r.value
                    ),
                ));
            }
            (r.value, r.unequal)
        }
    };
    if dot.is_none() && head.is_empty() {
        return Err(error(first, "expected a code such as 0.77"));
    }
    let mut values = vec![d0];
    let mut unequal = vec![d0_unequal];
    for r in &tail {
        values.push(r.value);
        unequal.push(r.unequal);
    }
    while values.len() > 1 && values.last() == Some(&0) {
        values.pop();
        unequal.pop();
    }
    if values.len() - 1 > MAX_DIGITS {
        return Err(error(
            first,
            format!(
                "{} digits after the point; at most {MAX_DIGITS} are supported",
                values.len() - 1
            ),
        ));
    }
    Ok(OctalCode::from_digits(values, unequal))
}
