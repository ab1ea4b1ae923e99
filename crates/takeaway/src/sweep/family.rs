//! The families of rule sets a sweep runs over: one enum arm each, with the
//! number of rule sets, the columns of a row, the rows of an index range,
//! and the command line that names the sweep.
//!
//! Law: `rows(start, end)` gives exactly the rows of indices
//! `start..min(end, count)`, in order, each a function of its index alone
//! (so shards can run anywhere, in any order, and a rerun gives the same
//! rows). A new family (octal codes, say) is one more arm here and one file
//! beside this one.

use super::bounds::Bounds;
use super::holshouser_reiter::{self, HolshouserReiterPairs};
use super::octal_codes::{self, OctalCodes};
use super::one_pile::{self, OnePileBounds};
use super::row::Row;
use super::subtraction_sets::{self, SubtractionSets};
use super::two_pile::{self, TwoPileBounds};
use crate::engine::Cancel;
use crate::games::error::GameError;

/// A family of rule sets and the figures computed for each.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "family", rename_all = "kebab-case")]
pub enum RuleSets {
    /// Subtraction sets `S ⊆ {1, …, M}`.
    Subtraction(SubtractionSets),
    /// One-pile bounds `f(t)`.
    OnePile(OnePileBounds),
    /// Holshouser–Reiter bases × bounds (two piles, Game 2).
    HolshouserReiter(HolshouserReiterPairs),
    /// Two-pile bounds `f(t)` (Flanigan).
    TwoPile(TwoPileBounds),
    /// Octal codes with `k` digits after the point.
    Octal(OctalCodes),
}

impl RuleSets {
    /// The family's name on the command line (`takeaway sweep NAME`).
    ///
    /// ```
    /// use takeaway::sweep::{RuleSets, SubtractionSets};
    /// let r = RuleSets::Subtraction(SubtractionSets { max: 5, min_size: 1, max_size: 2, terms: 10, cap: 100 });
    /// assert_eq!(r.name(), "subtraction");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            RuleSets::Subtraction(_) => "subtraction",
            RuleSets::OnePile(_) => "one-pile",
            RuleSets::HolshouserReiter(_) => "holshouser-reiter",
            RuleSets::TwoPile(_) => "two-pile",
            RuleSets::Octal(_) => "octal",
        }
    }

    /// How many rule sets.
    ///
    /// ```
    /// use takeaway::sweep::{RuleSets, SubtractionSets};
    /// let r = RuleSets::Subtraction(SubtractionSets { max: 5, min_size: 1, max_size: 2, terms: 10, cap: 100 });
    /// assert_eq!(r.count(), 5 + 10);
    /// ```
    pub fn count(&self) -> u128 {
        match self {
            RuleSets::Subtraction(s) => s.count(),
            RuleSets::OnePile(s) => s.bounds.count(),
            RuleSets::HolshouserReiter(s) => s.count(),
            RuleSets::TwoPile(s) => s.bounds.count(),
            RuleSets::Octal(s) => s.count(),
        }
    }

    /// The columns of a row, `index` first.
    pub fn columns(&self) -> &'static [&'static str] {
        match self {
            RuleSets::Subtraction(_) => subtraction_sets::COLUMNS,
            RuleSets::OnePile(_) => one_pile::COLUMNS,
            RuleSets::HolshouserReiter(_) => holshouser_reiter::COLUMNS,
            RuleSets::TwoPile(_) => two_pile::COLUMNS,
            RuleSets::Octal(_) => octal_codes::COLUMNS,
        }
    }

    /// The rows of indices `start..end` (clipped to the count), in order.
    /// Only a cancel is an error: a rule set that cannot be analysed gets a
    /// row saying why.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{RuleSets, SubtractionSets};
    /// let r = RuleSets::Subtraction(SubtractionSets { max: 5, min_size: 1, max_size: 2, terms: 10, cap: 1000 });
    /// let rows = r.rows(13, 100, &Cancel::new()).unwrap();
    /// assert_eq!(rows.iter().map(|r| r.index).collect::<Vec<_>>(), [13, 14]);
    /// ```
    pub fn rows(&self, start: u64, end: u64, cancel: &Cancel) -> Result<Vec<Row>, GameError> {
        let end = u128::from(end).min(self.count()) as u64;
        if start >= end {
            return Ok(Vec::new());
        }
        match self {
            RuleSets::Subtraction(s) => s.rows(start, end, cancel),
            RuleSets::OnePile(s) => (start..end).map(|i| s.row(i, cancel)).collect(),
            RuleSets::HolshouserReiter(s) => (start..end).map(|i| s.row(i, cancel)).collect(),
            RuleSets::TwoPile(s) => (start..end).map(|i| s.row(i, cancel)).collect(),
            RuleSets::Octal(s) => (start..end).map(|i| s.row(i, cancel)).collect(),
        }
    }

    /// The arguments after `takeaway sweep` that name this sweep (without
    /// the output file and the shard size).
    ///
    /// ```
    /// use takeaway::sweep::{RuleSets, SubtractionSets};
    /// let r = RuleSets::Subtraction(SubtractionSets { max: 16, min_size: 1, max_size: 3, terms: 1000, cap: 1000000 });
    /// assert_eq!(r.arguments(), "subtraction --max 16 --sizes 1..3 --terms 1000 --cap 1000000");
    /// ```
    pub fn arguments(&self) -> String {
        match self {
            RuleSets::Subtraction(s) => format!(
                "subtraction --max {} --sizes {}..{} --terms {} --cap {}",
                s.max, s.min_size, s.max_size, s.terms, s.cap
            ),
            RuleSets::OnePile(s) => {
                format!("one-pile{} --up-to {}", s.bounds.arguments(), s.up_to)
            }
            RuleSets::HolshouserReiter(s) => {
                let mut bases: String = s.bases.iter().map(|b| format!(" --base {b}")).collect();
                if s.prefix_terms > 0 {
                    bases.push_str(&format!(" --prefixes {}", s.prefix_terms));
                }
                format!(
                    "holshouser-reiter{bases}{} --up-to {}",
                    s.bounds.arguments(),
                    s.up_to
                )
            }
            RuleSets::TwoPile(s) => {
                format!("two-pile{} --up-to {}", s.bounds.arguments(), s.up_to)
            }
            RuleSets::Octal(s) => format!("octal --digits {} --terms {}", s.digits, s.terms),
        }
    }

    /// The bounds of a bound family (`None` for subtraction sets).
    pub fn bounds(&self) -> Option<&Bounds> {
        match self {
            RuleSets::Subtraction(_) | RuleSets::Octal(_) => None,
            RuleSets::OnePile(s) => Some(&s.bounds),
            RuleSets::HolshouserReiter(s) => Some(&s.bounds),
            RuleSets::TwoPile(s) => Some(&s.bounds),
        }
    }
}
