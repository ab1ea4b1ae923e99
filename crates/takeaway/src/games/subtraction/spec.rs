//! Reading a subtraction game from its spec: `nim`, `subtraction:s=1,3,4`,
//! `subtraction:min=3:max=5`, each with an optional `:misere=true`.
//!
//! Law: every error names the 1-based column of the spec where the bad value starts.

use super::game::SubtractionSet;
use crate::natural::parse_natural;
use crate::spec::{GameSpec, Param, SpecError};
use num_traits::ToPrimitive;

fn err(column: usize, message: impl Into<String>) -> SpecError {
    SpecError {
        column,
        message: message.into(),
    }
}

/// A positive amount at `column`, as a machine integer.
fn amount(text: &str, column: usize, what: &str) -> Result<u64, SpecError> {
    let n = parse_natural(text).map_err(|e| {
        let why = match e {
            crate::natural::NaturalError::InvalidDigit { text, found, .. } => {
                format!("`{text}` is not a natural number (unexpected `{found}`)")
            }
            other => other.to_string(),
        };
        err(column, format!("{what}: {why}"))
    })?;
    let n = n.to_u64().ok_or_else(|| {
        err(
            column,
            format!(
                "{what}: `{}` is too large (at most {})",
                text.trim(),
                u64::MAX
            ),
        )
    })?;
    if n == 0 {
        return Err(err(
            column,
            format!("{what}: 0 is not a move (every amount must be at least 1)"),
        ));
    }
    Ok(n)
}

fn parse_set(p: &Param) -> Result<SubtractionSet, SpecError> {
    if p.value.trim().is_empty() {
        return Err(err(
            p.column,
            "s: the subtraction set is empty; give amounts like s=1,3,4",
        ));
    }
    if p.value.trim().eq_ignore_ascii_case("all") {
        return Ok(SubtractionSet::All);
    }
    let mut elements = Vec::new();
    let mut offset = 0usize;
    for part in p.value.split(',') {
        let column = p.column + p.value[..offset].chars().count();
        offset += part.len() + 1;
        elements.push(amount(part, column, "s")?);
    }
    SubtractionSet::finite(&elements).ok_or_else(|| err(p.column, "s: empty subtraction set"))
}

/// The subtraction set and the misère flag of a spec.
///
/// ```
/// use takeaway::games::subtraction::{game::SubtractionSet, spec::parse};
/// use takeaway::spec::GameSpec;
/// let (s, misere) = parse(&GameSpec::parse("subtraction:min=3:max=5:misere=1").unwrap()).unwrap();
/// assert_eq!(s, SubtractionSet::Range { min: 3, max: 5 });
/// assert!(misere);
/// let e = parse(&GameSpec::parse("subtraction:s=1,x").unwrap()).unwrap_err();
/// assert_eq!(e.column, 17);
/// ```
pub fn parse(spec: &GameSpec) -> Result<(SubtractionSet, bool), SpecError> {
    let misere = spec.misere()?;
    if spec.name == "nim" {
        spec.only(&["misere"])?;
        return Ok((SubtractionSet::All, misere));
    }
    spec.only(&["s", "min", "max", "misere"])?;
    let set = match (spec.get("s"), spec.get("min"), spec.get("max")) {
        (Some(s), None, None) => parse_set(s)?,
        (None, Some(lo), Some(hi)) => {
            let min = amount(&lo.value, lo.column, "min")?;
            let max = amount(&hi.value, hi.column, "max")?;
            if min > max {
                return Err(err(
                    hi.column,
                    format!("max: {max} is below min {min}; need 1 ≤ min ≤ max"),
                ));
            }
            SubtractionSet::Range { min, max }
        }
        (Some(_), Some(p), _) | (Some(_), _, Some(p)) => {
            return Err(err(p.column, "give either s=LIST or min=A:max=B, not both"));
        }
        (None, Some(p), None) => return Err(err(p.column, "min=A needs max=B too")),
        (None, None, Some(p)) => return Err(err(p.column, "max=B needs min=A too")),
        (None, None, None) => {
            return Err(err(
                spec.name.chars().count() + 1,
                format!(
                    "`{}` needs a subtraction set: s=1,3,4 or min=3:max=5",
                    spec.name
                ),
            ));
        }
    };
    Ok((set, misere))
}
