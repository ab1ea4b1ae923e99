//! The hexadecimal-code family of a sweep: every take-and-break code
//! `d0.d1…dk` with `k` hexadecimal digits after the point (CGSuite's
//! notation, [`crate::games::octal::hexadecimal`]: `d0` is 0, 4, 8 or C,
//! `dk ≠ 0`), optionally with every placement of `!` (the heaps a move
//! leaves are pairwise unequal) on its digits of 4 or more, and the row of
//! each: the regularity of `G(0), …, G(N − 1)` — a period proved by the
//! octal periodicity theorem for an octal code, an arithmetic period
//! (`G(n + p) = G(n) + s`) or a period *seen* for the others, proved for
//! every heap when the arithmetic certificate's automata decide it
//! ([`crate::games::octal::arithmetic_certificate`]) — the largest value,
//! the checksum, the method and the options examined.
//!
//! Law (the order): a code is a number in mixed radix, `d0` the most
//! significant digit and `dk` the least; a digit's values ascend, a value
//! without `!` before the same with it. Without `!` there are
//! `4 · 16^(k−1) · 15` codes (0.1 … C.F…F); with `!` every digit of 4 or
//! more comes in two forms: `7 · 28^(k−1) · 27` codes. The octal codes are
//! among them (with the period and pre-period the octal family proves for
//! them). Rows carry options examined, not times, so a rerun gives the
//! same file (the time a code took is proportional to them for one method).

use super::family::{RuleSets, Setting, SweepFamily, Takes};
use super::octal_codes::DIGITS;
use super::row::{Cell, Row};
use super::subtraction_sets::TERMS;
use super::{at_least_one, too_large};
use crate::engine::{Cancel, Unit};
use crate::games::advice::Opt;
use crate::games::checksum::Checksum;
use crate::games::error::{GameError, Hint};
use crate::games::octal::arithmetic_certificate::{CertificateError, DEFAULT_MAX_STATES, Verdict};
use crate::games::octal::arithmetic_period::{assess_values, seen};
use crate::games::octal::automaton::{AutomatonError, Budget};
use crate::games::octal::code::OctalCode;
use crate::games::octal::nimber::Values;
use crate::games::octal::period::prove;
use crate::games::octal::take_break::counted;

/// The columns of a hexadecimal sweep's rows.
pub(crate) const COLUMNS: &[&str] = &[
    "index",
    "spec",
    "period",
    "preperiod",
    "saltus",
    "checked",
    "largest",
    "checksum",
    "method",
    "options",
    "status",
];

/// Every take-and-break code with `digits` hexadecimal digits after the
/// point (with the `!` placements when `unequal` is 1), and the figures
/// computed for each from `G(0), …, G(terms − 1)`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HexadecimalCodes {
    /// `k`: digits after the point (1 to [`super::OctalCodes::MAX_DIGITS`]).
    pub digits: u64,
    /// `N`: the values computed for each code (at most
    /// [`HexadecimalCodes::MAX_TERMS`]).
    pub terms: u64,
    /// `1`: every placement of `!` on the digits of 4 or more; `0`: none.
    pub unequal: u64,
}

/// One digit's forms: its value and whether it carries `!`.
fn forms(first: u8, unequal: bool) -> Vec<(u8, bool)> {
    let mut out = Vec::new();
    for v in first..16 {
        out.push((v, false));
        if unequal && v >= 4 {
            out.push((v, true));
        }
    }
    out
}

/// The forms of `d0` (no bit 0 or 1: 0, 4, 8, C).
fn lead_forms(unequal: bool) -> Vec<(u8, bool)> {
    forms(0, unequal)
        .into_iter()
        .filter(|&(v, _)| v & 3 == 0)
        .collect()
}

impl HexadecimalCodes {
    /// Most values per code (four bytes a value on every thread; a code
    /// with three-heap moves takes about `N³/36` options a digit).
    pub const MAX_TERMS: u64 = 1 << 20;

    /// How many codes: `4 · 16^(k−1) · 15`, or `7 · 28^(k−1) · 27` with `!`.
    ///
    /// ```
    /// use takeaway::sweep::HexadecimalCodes;
    /// assert_eq!(HexadecimalCodes { digits: 2, terms: 100, unequal: 0 }.count(), 4 * 16 * 15);
    /// assert_eq!(HexadecimalCodes { digits: 1, terms: 100, unequal: 1 }.count(), 7 * 27);
    /// ```
    pub fn count(&self) -> u128 {
        let k = self.digits.clamp(1, super::OctalCodes::MAX_DIGITS) as u32;
        let u = self.unequal == 1;
        lead_forms(u).len() as u128
            * (forms(0, u).len() as u128).pow(k - 1)
            * forms(1, u).len() as u128
    }

    /// The code of index `i` as text, `None` past the last.
    ///
    /// ```
    /// use takeaway::sweep::HexadecimalCodes;
    /// let s = HexadecimalCodes { digits: 2, terms: 100, unequal: 0 };
    /// assert_eq!(s.unrank(0).as_deref(), Some("0.01"));
    /// assert_eq!(s.unrank(14).as_deref(), Some("0.0F"));
    /// assert_eq!(s.unrank(15).as_deref(), Some("0.11"));
    /// assert_eq!(s.unrank(959).as_deref(), Some("C.FF"));
    /// assert_eq!(s.unrank(960), None);
    /// let bang = HexadecimalCodes { digits: 1, terms: 100, unequal: 1 };
    /// // 0.1, 0.2, 0.3, 0.4, 0.4!, …; Grundy's game 4!.0 has no digit after the point.
    /// assert_eq!(bang.unrank(4).as_deref(), Some("0.4!"));
    /// assert_eq!(bang.unrank(2 * 27 + 4).as_deref(), Some("4!.4!"));
    /// ```
    pub fn unrank(&self, i: u64) -> Option<String> {
        self.code(i).map(|c| c.to_string())
    }

    /// The code of index `i`, `None` past the last.
    fn code(&self, i: u64) -> Option<OctalCode> {
        if u128::from(i) >= self.count() {
            return None;
        }
        let u = self.unequal == 1;
        let (lead, middle, last) = (lead_forms(u), forms(0, u), forms(1, u));
        let k = self.digits.max(1) as usize;
        let mut rest = i;
        let mut digits = vec![(0u8, false); k + 1];
        digits[k] = last[(rest % last.len() as u64) as usize];
        rest /= last.len() as u64;
        for d in digits[1..k].iter_mut().rev() {
            *d = middle[(rest % middle.len() as u64) as usize];
            rest /= middle.len() as u64;
        }
        digits[0] = lead[rest as usize];
        let (values, unequal) = digits.into_iter().unzip();
        Some(OctalCode::from_digits(values, unequal))
    }

    /// The row of index `index`: spec; for an octal code the period proved
    /// by the octal periodicity theorem (saltus 0, `proved`) or "no period
    /// up to N − 1"; for the others the least period `p` and saltus `s` with
    /// `G(n + p) = G(n) + s` seen on the computed values
    /// ([`seen`]), decided for every heap by the arithmetic certificate
    /// ([`assess_values`], at most [`DEFAULT_MAX_STATES`] states an
    /// automaton, as `table --summary`): `proved arithmetic-periodic` (`proved periodic` when `s =
    /// 0`), else `looks arithmetic-periodic, not proved` (`looks periodic,
    /// not proved`: refuted beyond the computed values or past the budget),
    /// or "no period or arithmetic
    /// period seen up to N − 1"; then the largest of `G(0..N)`, their
    /// checksum (when every value is below 65,536), the method
    /// (`sparse-space` or `definition`) and the options it examined. Only a
    /// cancel is an error.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Cell, HexadecimalCodes};
    /// let s = HexadecimalCodes { digits: 2, terms: 300, unequal: 0 };
    /// // 0.3F (index 3 · 15 + 14): G(n + 6) = G(n) + 3 (Howse and Nowakowski, TCS 313).
    /// let row = s.row(59, &Cancel::new()).unwrap();
    /// assert_eq!(row.cells[0], Cell::Text("octal:0.3F".into()));
    /// assert_eq!(row.cells[1..4], [Cell::Int(6), Cell::Int(0), Cell::Int(3)]);
    /// assert_eq!(row.cells[9], Cell::Text("proved arithmetic-periodic".into()));
    /// ```
    pub fn row(&self, index: u64, cancel: &Cancel) -> Result<Row, GameError> {
        let Some(code) = self.code(index) else {
            // Past the last code (a caller's mistake: rows are asked below
            // the count): a row saying so.
            let mut cells = vec![Cell::Text(String::new())];
            cells.extend((2..COLUMNS.len() - 1).map(|_| Cell::Empty));
            cells.push(Cell::Text(format!(
                "no code has index {index} (there are {})",
                self.count()
            )));
            return Ok(Row {
                index,
                first: false,
                cells,
            });
        };
        let spec = format!("octal:{code}");
        let to = self.terms as usize;
        let c = counted(&code, to, &|| cancel.is_cancelled())?;
        let last = self.terms.saturating_sub(1);
        let (regular, status) = if code.is_octal() {
            let mut v = Values::with_capacity(to);
            c.values.iter().for_each(|&g| v.push(g));
            match prove(&code, &v) {
                Some(p) => (
                    Some((p.period, 0, p.preperiod, p.checked)),
                    "proved".to_string(),
                ),
                None => (None, format!("no period up to {last}")),
            }
        } else {
            match seen(&c.values, code.max_take()) {
                Some(a) => {
                    let budget = Budget {
                        max_states: DEFAULT_MAX_STATES,
                        cancelled: &|| cancel.is_cancelled(),
                    };
                    let proved = match assess_values(&code, &c.values, a, &budget).verdict {
                        Ok(Verdict::Proved(_)) => true,
                        Err(CertificateError::Automaton {
                            source: AutomatonError::Cancelled,
                            ..
                        }) => return Err(GameError::Cancelled),
                        _ => false,
                    };
                    let status = match (proved, a.saltus > 0) {
                        (true, true) => "proved arithmetic-periodic",
                        (true, false) => "proved periodic",
                        (false, true) => "looks arithmetic-periodic, not proved",
                        (false, false) => "looks periodic, not proved",
                    };
                    (
                        Some((a.period, a.saltus, a.preperiod, a.checked)),
                        status.to_string(),
                    )
                }
                None => (
                    None,
                    format!("no period or arithmetic period seen up to {last}"),
                ),
            }
        };
        let mut cells = vec![Cell::Text(spec)];
        match regular {
            Some((p, s, q, checked)) => cells.extend([
                Cell::Int(p as u64),
                Cell::Int(q as u64),
                Cell::Int(s),
                Cell::Int(checked as u64),
            ]),
            None => cells.extend([Cell::Empty, Cell::Empty, Cell::Empty, Cell::Empty]),
        }
        let largest = c.values.iter().copied().max().unwrap_or(0);
        cells.push(Cell::Int(u64::from(largest)));
        let mut sum = Checksum::default();
        c.values.iter().for_each(|&g| sum.push(g as u16));
        cells.push(if largest <= u32::from(u16::MAX) {
            Cell::Text(sum.hex())
        } else {
            Cell::Empty
        });
        cells.push(Cell::Text(c.method.name().into()));
        cells.push(Cell::Int(c.work));
        cells.push(Cell::Text(status));
        Ok(Row {
            index,
            first: false,
            cells,
        })
    }
}

/// `--unequal 0|1`: the `!` placements.
const UNEQUAL: Setting = Setting {
    name: "unequal",
    flag: "unequal",
    value_name: "0|1",
    takes: Takes::Number(Some(0)),
    help: "hexadecimal: 1 adds every placement of ! (the heaps a move leaves are pairwise unequal) on the digits of 4 or more, 0 sweeps the codes without it",
};

/// The hexadecimal-code family in the list of sweep families.
pub const FAMILY: SweepFamily = SweepFamily {
    name: "hexadecimal",
    help: "Every take-and-break code with {digits=K} hexadecimal digits after the point (d0 = 0, 4, 8 or C; with every placement of ! on the digits of 4 or more when {unequal} is 1): from G(0..N−1) ({terms}) the period proved for an octal code, else the period or arithmetic period (G(n + p) = G(n) + s) seen, proved for every heap when the arithmetic certificate's automata decide it (as the table summary does), else not proved; the largest value, the checksum, the method and the options it examined",
    examples: &[
        "hexadecimal --digits 2 --terms 1000 --out hex2.csv",
        "hexadecimal --digits 1 --terms 2000 --unequal 1 --out hex1-unequal.csv",
    ],
    columns: COLUMNS,
    settings: &[&TERMS, &DIGITS, &UNEQUAL],
    build: |v| {
        Ok(Box::new(HexadecimalCodes {
            digits: v.number(&DIGITS).unwrap_or_default(),
            terms: v.number(&TERMS).unwrap_or_default(),
            unequal: v.number(&UNEQUAL).unwrap_or_default(),
        }))
    },
    from_json: |j| Ok(Box::new(serde_json::from_value::<HexadecimalCodes>(j)?)),
};

impl RuleSets for HexadecimalCodes {
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
                Hint::SmallerHexadecimalSweep,
            )
        };
        if self.digits > super::OctalCodes::MAX_DIGITS {
            return Err(over(
                self.digits,
                super::OctalCodes::MAX_DIGITS,
                Unit::Bare,
            ));
        }
        if self.terms > HexadecimalCodes::MAX_TERMS {
            return Err(over(self.terms, HexadecimalCodes::MAX_TERMS, Unit::Terms));
        }
        if self.unequal > 1 {
            return Err(over(self.unequal, 1, Unit::Bare));
        }
        Ok(())
    }

    fn count(&self) -> u128 {
        HexadecimalCodes::count(self)
    }

    fn row_at(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        self.row(i, cancel)
    }

    fn arguments(&self) -> String {
        format!(
            " --digits {} --terms {} --unequal {}",
            self.digits, self.terms, self.unequal
        )
    }

    fn default_shard(&self) -> u64 {
        16
    }
}
