//! A base written by name, as `repr base BASE N` (and the Python package's
//! `repr_base`) take it: `fibonacci`, `binary`, `h:f=EXPR` (Schwenk's
//! H-sequence of f) or an explicit list of terms such as `1,2,3,6,7,10`.
//!
//! Law: `parse_base_name(name)` is `Ok` exactly when the name is one of these
//! forms and the base it names satisfies Definition 1 of paper 002; its
//! error's display, followed by its chain of sources, is the line the front
//! ends print.
//!
//! It lives with the bound language, not with the bases: `h:f=EXPR` is a
//! bound, and the numeration layer below knows an H-sequence only by its
//! function `f(t)`.

use super::{Bound, ParseError};
use crate::natural::{NaturalError, parse_natural};
use crate::numeration::base::{Base, BaseError};
use num_bigint::BigUint;

/// Why a base name does not name a base.
#[derive(Debug, thiserror::Error)]
pub enum BaseNameError {
    /// `h:f=EXPR` whose expression does not parse.
    #[error("base `{name}`: bad bound f")]
    BadBound {
        /// The name as given (trimmed).
        name: String,
        /// The parse error.
        #[source]
        source: ParseError,
    },
    /// `h:f=EXPR` whose f depends on `n`.
    #[error("base `{name}`: an H-sequence needs f(t) alone, but f uses n")]
    UsesN {
        /// The name as given (trimmed).
        name: String,
    },
    /// Nothing was given.
    #[error("empty base; expected fibonacci, binary, h:f=EXPR or a list like 1,2,3,5")]
    Empty,
    /// A term of a list is not a natural number (1-based `term`).
    #[error("base `{name}` is not fibonacci, binary, h:f=EXPR or a list of numbers; term {term}")]
    BadTerm {
        /// The name as given (trimmed).
        name: String,
        /// Which term, counted from 1.
        term: usize,
        /// Why it is not a number.
        #[source]
        source: NaturalError,
    },
    /// A list that is no base (Definition 1).
    #[error(transparent)]
    Invalid(#[from] BaseError),
}

/// The base `name` names (surrounding whitespace ignored).
///
/// ```
/// use takeaway::bound::base_name::parse_base_name;
/// // 31 = 1 + 3 + 10 + 17: the terms b1, b3, b6, b7 (paper 002's example base).
/// let b = parse_base_name("1,2,3,6,7,10,17,34").unwrap();
/// assert_eq!(b.representation(&31u32.into()).unwrap(), [1, 3, 6, 7]);
/// assert!(parse_base_name(" fibonacci ").is_ok());
/// let e = parse_base_name("1,x").unwrap_err();
/// assert!(e.to_string().ends_with("term 2"));
/// ```
pub fn parse_base_name(name: &str) -> Result<Base, BaseNameError> {
    let name = name.trim();
    match name {
        "fibonacci" => return Ok(Base::fibonacci()),
        "binary" => return Ok(Base::binary()),
        "" => return Err(BaseNameError::Empty),
        _ => {}
    }
    if let Some(rest) = name.strip_prefix("h:") {
        let expr = rest.strip_prefix("f=").unwrap_or(rest);
        let f = Bound::parse(expr).map_err(|source| BaseNameError::BadBound {
            name: name.to_string(),
            source,
        })?;
        if f.uses_n() {
            return Err(BaseNameError::UsesN {
                name: name.to_string(),
            });
        }
        return Ok(Base::h_sequence(f.as_fn_of_t()));
    }
    let terms = name
        .split(',')
        .enumerate()
        .map(|(i, t)| {
            parse_natural(t).map_err(|source| BaseNameError::BadTerm {
                name: name.to_string(),
                term: i + 1,
                source,
            })
        })
        .collect::<Result<Vec<BigUint>, _>>()?;
    Ok(Base::explicit(terms)?)
}
