//! The octal-code family of a sweep: every code `d0.d1…dk` with `k` digits
//! after the point (`d0` 0 or 4, `dk ≠ 0`), and the row of each: the period
//! proved by the octal periodicity theorem from `G(0), …, G(N − 1)` (or
//! "no period up to N − 1"), the largest value and the ogsolve checksum.
//!
//! Law (the order): index `i` is `d0 = 0` for the first half and `4` for
//! the second; within a half, `d1 … d(k−1)` are the base-8 digits of
//! `i / 7` (most significant first) and `dk = i mod 7 + 1`. There are
//! `2 · 8^(k−1) · 7` codes. The row is what `takeaway table octal:CODE
//! --rows N --summary` proves and prints.

use super::family::{RuleSets, Setting, SweepFamily, Takes};
use super::row::{Cell, Row};
use super::subtraction_sets::TERMS;
use super::{at_least_one, too_large};
use crate::engine::{Cancel, Unit};
use crate::games::advice::Opt;
use crate::games::error::Hint;
use crate::games::error::GameError;
use crate::games::octal::code::OctalCode;
use crate::games::octal::report::summarize;
use crate::games::octal::solve::{Outcome, Run, solve};
use crate::games::request::Limits;

/// Most digits after the point an octal sweep takes ([`OctalCodes::MAX_DIGITS`]).
const MAX_DIGITS: u64 = OctalCodes::MAX_DIGITS;

/// The columns of an octal sweep's rows.
pub(crate) const COLUMNS: &[&str] = &[
    "index",
    "spec",
    "period",
    "preperiod",
    "checked",
    "largest",
    "checksum",
    "status",
];

/// Every octal code with `digits` digits after the point, and the figures
/// computed for each from `G(0), …, G(terms − 1)`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OctalCodes {
    /// `k`: digits after the point (1 to [`OctalCodes::MAX_DIGITS`]).
    pub digits: u64,
    /// `N`: the values computed for each code (at most [`OctalCodes::MAX_TERMS`]).
    pub terms: u64,
}

impl OctalCodes {
    /// Most digits after the point an octal sweep takes (`2 · 8^5 · 7`
    /// = 458,752 codes).
    pub const MAX_DIGITS: u64 = 6;

    /// Most values per code (each code's values are kept while it runs: 1 to
    /// 4 bytes a value, on every thread).
    pub const MAX_TERMS: u64 = 1 << 24;

    /// How many codes: `2 · 8^(k−1) · 7`.
    ///
    /// ```
    /// use takeaway::sweep::OctalCodes;
    /// assert_eq!(OctalCodes { digits: 2, terms: 100 }.count(), 2 * 8 * 7);
    /// ```
    pub fn count(&self) -> u128 {
        let k = self.digits.clamp(1, MAX_DIGITS) as u32;
        2 * 8u128.pow(k - 1) * 7
    }

    /// The code of index `i` as text, `None` past the last.
    ///
    /// ```
    /// use takeaway::sweep::OctalCodes;
    /// let s = OctalCodes { digits: 2, terms: 100 };
    /// assert_eq!(s.unrank(0).as_deref(), Some("0.01"));
    /// assert_eq!(s.unrank(55).as_deref(), Some("0.77"));
    /// assert_eq!(s.unrank(56).as_deref(), Some("4.01"));
    /// assert_eq!(s.unrank(112), None);
    /// ```
    pub fn unrank(&self, i: u64) -> Option<String> {
        if u128::from(i) >= self.count() {
            return None;
        }
        let half = (self.count() / 2) as u64;
        let d0 = if i < half { 0 } else { 4 };
        let rest = i % half;
        let last = rest % 7 + 1;
        let mut middle = rest / 7;
        let mut digits = vec![0u64; self.digits.saturating_sub(1) as usize];
        for d in digits.iter_mut().rev() {
            *d = middle % 8;
            middle /= 8;
        }
        let mut text = format!("{d0}.");
        for d in digits {
            text.push_str(&d.to_string());
        }
        text.push_str(&last.to_string());
        Some(text)
    }

    /// The row of index `index`: spec, proved period and pre-period with the
    /// `n` up to which the theorem's equality was checked, the largest of
    /// `G(0..N)` and their checksum; "no period up to N − 1" when none is
    /// proved. Only a cancel is an error.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Cell, OctalCodes};
    /// let s = OctalCodes { digits: 2, terms: 200 };
    /// // 0.77 (Kayles): period 12 after the last exception at 70 (Winning Ways, ch. 4).
    /// let row = s.row(55, &Cancel::new()).unwrap();
    /// assert_eq!(row.cells[0], Cell::Text("octal:0.77".into()));
    /// assert_eq!(row.cells[1..3], [Cell::Int(12), Cell::Int(71)]);
    /// ```
    pub fn row(&self, index: u64, cancel: &Cancel) -> Result<Row, GameError> {
        let text = self.unrank(index).unwrap_or_default();
        let spec = format!("octal:{text}");
        let code = OctalCode::parse(&text).map_err(|e| {
            GameError::Invalid(format!(
                "sweep octal: the code {text} of index {index}: {e}"
            ))
        })?;
        let limits = Limits {
            cancel: cancel.clone(),
            ..Limits::generous()
        };
        let run = Run {
            limits: &limits,
            ..Run::new(self.terms)
        };
        let solved = match solve(&code, run) {
            Ok(Outcome::Done(s)) => s,
            Ok(_) | Err(GameError::Cancelled) => return Err(GameError::Cancelled),
            Err(_) if cancel.is_cancelled() => return Err(GameError::Cancelled),
            Err(e) => {
                return Ok(Row {
                    index,
                    first: false,
                    cells: vec![
                        Cell::Text(spec),
                        Cell::Empty,
                        Cell::Empty,
                        Cell::Empty,
                        Cell::Empty,
                        Cell::Empty,
                        Cell::Text(e.to_string()),
                    ],
                });
            }
        };
        let summary = summarize(&solved);
        let (period, status) = match solved.period {
            Some(p) => (
                [
                    Cell::Int(p.period as u64),
                    Cell::Int(p.preperiod as u64),
                    Cell::Int(p.checked as u64),
                ],
                "proved".to_string(),
            ),
            None => (
                [Cell::Empty, Cell::Empty, Cell::Empty],
                format!("no period up to {}", self.terms.saturating_sub(1)),
            ),
        };
        let mut cells = vec![Cell::Text(spec)];
        cells.extend(period);
        cells.push(Cell::Int(u64::from(summary.largest.0)));
        cells.push(summary.checksum.map_or(Cell::Empty, Cell::Text));
        cells.push(Cell::Text(status));
        Ok(Row {
            index,
            first: false,
            cells,
        })
    }
}

/// `--digits K`: the digits after the point (shared with the misère-octal family).
pub(crate) const DIGITS: Setting = Setting {
    name: "digits",
    flag: "digits",
    value_name: "K",
    takes: Takes::Number(Some(3)),
    help: "octal, misere-octal and hexadecimal: the digits after the point (codes d0.d1…dK, dK ≠ 0; K ≤ 6)",
};

/// The octal-code family in the list of sweep families.
pub const FAMILY: SweepFamily = SweepFamily {
    name: "octal",
    help: "Every octal code with {digits=K} digits after the point (d0 = 0 or 4): the period proved from G(0..N−1) ({terms}) or \"no period up to N−1\", the largest value and the checksum",
    examples: &[
        "octal --digits 3 --terms 10000 --out octal3.csv",
    ],
    columns: COLUMNS,
    settings: &[&TERMS, &DIGITS],
    build: |v| {
        Ok(Box::new(OctalCodes {
            digits: v.number(&DIGITS).unwrap_or_default(),
            terms: v.number(&TERMS).unwrap_or_default(),
        }))
    },
    from_json: |j| Ok(Box::new(serde_json::from_value::<OctalCodes>(j)?)),
};

impl RuleSets for OctalCodes {
    fn family(&self) -> &'static SweepFamily {
        &FAMILY
    }

    fn check(&self) -> Result<(), GameError> {
        let name = FAMILY.name;
        if self.digits == 0 || self.terms == 0 {
            return Err(at_least_one(name, &[Opt::Digits, Opt::Terms]));
        }
        let over = |value: u64, limit: u64, unit: Unit| {
            too_large(
                name,
                u128::from(value),
                limit,
                unit,
                Hint::SmallerOctalSweep,
            )
        };
        if self.digits > MAX_DIGITS {
            return Err(over(self.digits, MAX_DIGITS, Unit::Bare));
        }
        if self.terms > OctalCodes::MAX_TERMS {
            return Err(over(self.terms, OctalCodes::MAX_TERMS, Unit::Terms));
        }
        Ok(())
    }

    fn count(&self) -> u128 {
        OctalCodes::count(self)
    }

    fn row_at(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        self.row(i, cancel)
    }

    fn arguments(&self) -> String {
        format!(" --digits {} --terms {}", self.digits, self.terms)
    }

    fn default_shard(&self) -> u64 {
        16
    }
}
