//! `n` in a generalised base, as one typed report: what `takeaway repr base
//! BASE N --json` prints and the Python package's `repr_base` returns.

use crate::json::{serialize_big, serialize_big_vec, serialize_opt_big};
use crate::numeration::base::{Base, BaseError};
use num_bigint::BigUint;
use serde::Serialize;
use thiserror::Error;

/// `n` in a base (Holshouser–Reiter Algorithm 1): its terms and their
/// 1-based indices, `g(n)`, `ḡ(n)`, and whether `n` is binary and
/// semi-stable in the base.
///
/// Law: `terms` sum to `n`, and `terms[i]` is the base's term number `indices[i]`.
///
/// ```
/// use takeaway::numeration::base::Base;
/// use takeaway::numeration::base_report::BaseReport;
/// let base = Base::fibonacci();
/// let n = 20u32.into();
/// let indices = base.representation(&n).unwrap();
/// let r = BaseReport::new("fibonacci", &base, n, indices).unwrap();
/// assert_eq!(r.terms, [2u32.into(), 5u32.into(), 13u32.into()]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BaseReport {
    /// The base as named (`fibonacci`, `binary`, `h:f=EXPR`, or a list).
    pub base: String,
    /// The number.
    #[serde(serialize_with = "serialize_big")]
    pub n: BigUint,
    /// Its terms, smallest first.
    #[serde(serialize_with = "serialize_big_vec")]
    pub terms: Vec<BigUint>,
    /// The terms' 1-based indices in the base.
    pub indices: Vec<usize>,
    /// `g(n)`, the smallest term (`None` for `n = 0`).
    #[serde(serialize_with = "serialize_opt_big")]
    pub g: Option<BigUint>,
    /// `ḡ(n)` (`None` where it is infinite).
    #[serde(serialize_with = "serialize_opt_big")]
    pub g_bar: Option<BigUint>,
    /// Whether `n` is binary in the base.
    pub binary: bool,
    /// Whether `n` is semi-stable in the base.
    pub semi_stable: bool,
}

/// Why a [`BaseReport`] cannot be made: the base's own error, with what needed it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BaseReportError {
    /// The base failed.
    #[error(transparent)]
    Base(#[from] BaseError),
    /// `ḡ(n)` needs a term the base cannot give.
    #[error("ḡ(n) = b(k+1) − b(k) needs the term after g(n)")]
    GBar(#[source] BaseError),
    /// Semi-stability needs a term the base cannot give.
    #[error("semi-stability needs the term after g(n)")]
    SemiStable(#[source] BaseError),
}

impl BaseReport {
    /// The report of `n` whose representation in `base` (named `name`) is
    /// `indices` (from [`Base::representation`], which a caller may check
    /// against its own limits before the terms are computed).
    pub fn new(
        name: &str,
        base: &Base,
        n: BigUint,
        indices: Vec<usize>,
    ) -> Result<BaseReport, BaseReportError> {
        let terms = base.terms_at(&indices)?;
        let g = base.g(&n)?;
        let g_bar = base.g_bar(&n).map_err(BaseReportError::GBar)?;
        Ok(BaseReport {
            base: name.trim().to_string(),
            binary: base.is_binary(&n)?,
            semi_stable: base
                .is_semi_stable(&n)
                .map_err(BaseReportError::SemiStable)?,
            n,
            terms,
            indices,
            g,
            g_bar,
        })
    }
}
