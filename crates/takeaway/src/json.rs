//! Exact JSON for integers of any size.
//!
//! `serde_json` is built with `arbitrary_precision`, so a [`BigUint`] is written
//! as a JSON number with all its digits (never a float, never a string).
//! Law: parsing the output with `arbitrary_precision` gives back the same digits.

use num_bigint::BigUint;
use serde::Serialize;
use serde_json::{Number, Value};
use std::str::FromStr;

/// The JSON number with exactly the digits of `n`.
///
/// ```
/// use num_bigint::BigUint;
/// let n: BigUint = "123456789012345678901234567890".parse().unwrap();
/// assert_eq!(takeaway::json::number(&n).to_string(), "123456789012345678901234567890");
/// ```
pub fn number(n: &BigUint) -> Value {
    // A decimal digit string is always a valid JSON number.
    Number::from_str(&n.to_string()).map_or(Value::Null, Value::Number)
}

/// `serialize_with` helper: a [`BigUint`] as an exact JSON number.
pub fn serialize_big<S: serde::Serializer>(n: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    number(n).serialize(s)
}

/// `serialize_with` helper: an optional [`BigUint`] as an exact JSON number or `null`.
pub fn serialize_opt_big<S: serde::Serializer>(
    n: &Option<BigUint>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => number(n).serialize(s),
        None => s.serialize_none(),
    }
}

/// `serialize_with` helper: a slice of [`BigUint`] as a JSON array of exact numbers.
pub fn serialize_big_vec<S: serde::Serializer>(v: &[BigUint], s: S) -> Result<S::Ok, S::Error> {
    let values: Vec<Value> = v.iter().map(number).collect();
    values.serialize(s)
}
