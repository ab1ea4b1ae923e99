//! The Grundy values `G(0), G(1), …` of one heap of an octal game, as the
//! family's analysis, sums and tables read them, within a request's limits.
//!
//! Law: `G(n) = mex { G(a) ⊕ G(b) : (j, a, b) a move of heap n }` (a missing
//! heap counts 0): [`super::naive::grundy`]'s values, computed by the
//! sparse-space solver (which polls the cancel token) after checking their
//! memory against the limits.

use super::code::OctalCode;
use crate::engine::{Amount, Limits, Unit};
use crate::games::error::GameError;
use crate::games::octal::error::OctalHint;
use crate::games::octal::error::OctalWork;

/// `G(0) … G(to − 1)` of `code`, by the sparse-space method
/// ([`super::solve`]: the values the table prints, past a proved period
/// from the period), refused up front when their memory (the solver's byte
/// a value and these four) passes `limits` (naming the limit), stopped when
/// they are cancelled.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::octal::{code::OctalCode, sequence::values};
/// // Dawson's Kayles 0.07: 0 0 1 1 2 0 3 1 1 0 3 3 (Winning Ways, ch. 4; OEIS A002187
/// // from n = 1 is this sequence shifted by one).
/// let g = values(&OctalCode::parse("0.07").unwrap(), 12, &Limits::strict()).unwrap();
/// assert_eq!(g, vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
/// assert!(values(&OctalCode::parse("0.77").unwrap(), 1 << 40, &Limits::strict()).is_err());
/// ```
pub fn values(code: &OctalCode, to: u64, limits: &Limits) -> Result<Vec<u32>, GameError> {
    let bytes = u128::from(to) * 5;
    if bytes > u128::from(limits.max_bytes) {
        return Err(GameError::too_large(
            OctalWork::Values {
                code: code.to_string(),
                to,
            },
            Amount::of(bytes.div_ceil(1 << 20), Unit::MiB),
            Amount::of(limits.max_bytes >> 20, Unit::MiB),
            OctalHint::SmallerHeaps,
        ));
    }
    let run = super::solve::Run {
        limits,
        ..super::solve::Run::new(to)
    };
    match super::solve::solve(code, run)? {
        super::solve::Outcome::Done(solved) => {
            let mut g = Vec::with_capacity(usize::try_from(to).unwrap_or(0));
            solved.for_each(|v| g.push(v));
            Ok(g)
        }
        _ => Err(GameError::Cancelled),
    }
}
