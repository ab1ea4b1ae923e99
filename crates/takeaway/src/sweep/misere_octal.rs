//! The misère-octal family of a sweep: every octal code `d0.d1…dk` with `k`
//! digits after the point (in the order of [`OctalCodes`]), and the row of
//! each: the misère quotient `Q_N` of heaps `1..=N`
//! ([`crate::games::octal::quotient`]) — its order `|Q|`, `|P|`, tameness,
//! the heaps at which it grew, and the work — or why it was refused.
//!
//! Law: the row of index `i` is what `takeaway misere octal:CODE --heaps N`
//! reports for the code `OctalCodes { digits: k, .. }.unrank(i)`, with the
//! engine's default limits except at most [`MisereOctalCodes::MAX_ELEMENTS`]
//! elements and [`MisereOctalCodes::MAX_POSITIONS`] product states (a code
//! past them gets a row saying so, never a guess). Rows carry work counts,
//! not times, so a rerun gives the same rows.

use super::OctalCodes;
use super::family::{RuleSets, Setting, SweepFamily, Takes};
use super::octal_codes::DIGITS;
use super::row::{Cell, Row};
use super::{at_least_one, too_large};
use crate::engine::{Cancel, Unit};
use crate::games::advice::Opt;
use crate::games::error::{GameError, Hint};
use crate::games::octal::code::OctalCode;
use crate::games::octal::quotient::engine::{QuotientLimits, misere_quotient};
use crate::games::octal::quotient::heap_game::OctalHeaps;
use crate::games::octal::quotient::misere_quotient::Tameness;

/// The columns of a misère-octal sweep's rows.
pub(crate) const COLUMNS: &[&str] = &[
    "index",
    "spec",
    "heaps",
    "order",
    "p_count",
    "tameness",
    "changes",
    "verifier_states",
    "status",
];

/// Every octal code with `digits` digits after the point, and its misère
/// quotient of heaps `1..=heaps`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MisereOctalCodes {
    /// `k`: digits after the point (1 to [`OctalCodes::MAX_DIGITS`]).
    pub digits: u64,
    /// `N`: the heap bound (1 to [`MisereOctalCodes::MAX_HEAPS`]).
    pub heaps: u64,
}

impl MisereOctalCodes {
    /// The largest heap bound of a sweep.
    pub const MAX_HEAPS: u64 = 64;
    /// The most elements of a quotient in a sweep's row.
    pub const MAX_ELEMENTS: usize = 1024;
    /// The most product states in all per code in a sweep.
    pub const MAX_POSITIONS: usize = 1_000_000;

    /// How many codes: `2 · 8^(k−1) · 7`, as [`OctalCodes::count`].
    ///
    /// ```
    /// use takeaway::sweep::MisereOctalCodes;
    /// assert_eq!(MisereOctalCodes { digits: 2, heaps: 12 }.count(), 112);
    /// ```
    pub fn count(&self) -> u128 {
        self.codes().count()
    }

    fn codes(&self) -> OctalCodes {
        OctalCodes {
            digits: self.digits,
            terms: 1,
        }
    }

    /// The row of index `index`: spec, heap bound, `|Q_N|`, `|P|`,
    /// tameness (`trivial`, `t1`, `t2`, `wild`), the heaps at which the
    /// quotient grew, the memoised sums, and `proved` — or, for a refused
    /// code, empty figures and the refusal. Only a cancel is an error.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Cell, MisereOctalCodes};
    /// let s = MisereOctalCodes { digits: 2, heaps: 8 };
    /// // 0.77 (Kayles): |Q_8| = 12 with |P| = 3, wild from heap 5 on.
    /// let row = s.row(55, &Cancel::new()).unwrap();
    /// assert_eq!(row.cells[0], Cell::Text("octal:0.77".into()));
    /// assert_eq!(row.cells[2..5], [Cell::Int(12), Cell::Int(3), Cell::Text("wild".into())]);
    /// ```
    pub fn row(&self, index: u64, cancel: &Cancel) -> Result<Row, GameError> {
        if cancel.is_cancelled() {
            return Err(GameError::Cancelled);
        }
        let text = self.codes().unrank(index).unwrap_or_default();
        let spec = format!("octal:{text}");
        let code = OctalCode::parse(&text).map_err(|e| {
            GameError::Invalid(format!(
                "sweep misere-octal: the code {text} of index {index}: {e}"
            ))
        })?;
        let limits = QuotientLimits {
            max_elements: Self::MAX_ELEMENTS,
            max_positions: Self::MAX_POSITIONS,
            ..QuotientLimits::default()
        };
        let heaps = Cell::Int(self.heaps);
        let cells = match misere_quotient(&OctalHeaps(code), self.heaps as usize, &limits) {
            Ok(q) => {
                let tameness = match q.tameness {
                    Tameness::Trivial => "trivial",
                    Tameness::T1 => "t1",
                    Tameness::T2 => "t2",
                    Tameness::Wild => "wild",
                };
                let changes: Vec<String> = q.changes.iter().map(ToString::to_string).collect();
                vec![
                    Cell::Text(spec),
                    heaps,
                    Cell::Int(q.order as u64),
                    Cell::Int(q.p_count as u64),
                    Cell::Text(tameness.into()),
                    Cell::Text(changes.join(" ")),
                    Cell::Int(q.work.verifier_states as u64),
                    Cell::Text("proved".into()),
                ]
            }
            Err(e) => vec![
                Cell::Text(spec),
                heaps,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Text(e.to_string()),
            ],
        };
        Ok(Row {
            index,
            first: false,
            cells,
        })
    }
}

/// `--heaps N`: the heap bound of each code's quotient.
const HEAPS: Setting = Setting {
    name: "heaps",
    flag: "heaps",
    value_name: "N",
    takes: Takes::Number(Some(12)),
    help: "misere-octal: the heap bound N (quotients of heaps 1..N, N ≤ 64)",
};

/// The misère-octal family in the list of sweep families.
pub const FAMILY: SweepFamily = SweepFamily {
    name: "misere-octal",
    help: "Every octal code with {digits=K} digits after the point: the misère quotient of heaps 1..N ({heaps}): |Q|, |P|, tameness, the heaps at which it grew, the memoised sums, or the refusal",
    examples: &["misere-octal --digits 2 --heaps 12 --out misere2.csv"],
    columns: COLUMNS,
    settings: &[&DIGITS, &HEAPS],
    build: |v| {
        Ok(Box::new(MisereOctalCodes {
            digits: v.number(&DIGITS).unwrap_or_default(),
            heaps: v.number(&HEAPS).unwrap_or_default(),
        }))
    },
    from_json: |j| Ok(Box::new(serde_json::from_value::<MisereOctalCodes>(j)?)),
};

impl RuleSets for MisereOctalCodes {
    fn family(&self) -> &'static SweepFamily {
        &FAMILY
    }

    fn check(&self) -> Result<(), GameError> {
        let name = FAMILY.name;
        if self.digits == 0 || self.heaps == 0 {
            return Err(at_least_one(name, &[Opt::Digits, Opt::Heaps]));
        }
        let over = |value: u64, limit: u64| {
            too_large(
                name,
                u128::from(value),
                limit,
                Unit::Bare,
                Hint::SmallerMisereOctalSweep,
            )
        };
        if self.digits > OctalCodes::MAX_DIGITS {
            return Err(over(self.digits, OctalCodes::MAX_DIGITS));
        }
        if self.heaps > MisereOctalCodes::MAX_HEAPS {
            return Err(over(self.heaps, MisereOctalCodes::MAX_HEAPS));
        }
        Ok(())
    }

    fn count(&self) -> u128 {
        MisereOctalCodes::count(self)
    }

    fn row_at(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        self.row(i, cancel)
    }

    fn arguments(&self) -> String {
        format!(" --digits {} --heaps {}", self.digits, self.heaps)
    }

    fn default_shard(&self) -> u64 {
        4
    }
}
