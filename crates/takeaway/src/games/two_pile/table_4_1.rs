//! Table 4.1 of paper 000, "How to win (if you can) without knowing
//! `L(m, d)`": a strategy for generalized two-pile Fibonacci Nim (`f(t)`
//! nondecreasing, `f(t) ≥ t`, `l(k) ∈ {0, 1}`) that reads only `l(k)`, the
//! terms `H_k` and the position `(m, d, w)` — never the tableau `L(m, d)`.
//!
//! With `d = H_n + H_(n+r) + …` (Schwenk's representation, `n` the smallest
//! index, `r` the gap to the next one) the table has four cases:
//!
//! * (1) `l(n) = 0` (so `L(m, d) = H_n`), (2) `l(n) = 1`;
//! * (a) the Lemma's special form `d = H_n + H_(n+2) + …` (`s ≥ 2`, `r = 2`)
//!   with `l(n+1) = l(n+2) = 1`, (b) not as in (a);
//!
//! a column (is `m` above a threshold?) and a row (where `w` lies against
//! `H_n` and `H_(n−1)`). The cells, as read here:
//!
//! | case | column | `w ≥ H_n` | `H_(n−1) ≤ w < H_n` | `w < H_(n−1)` |
//! |---|---|---|---|---|
//! | (1)(a) | `m ≥ H_n` | N, `H_n` from the small pile | P | P |
//! | (1)(a) | `m < H_n` | N, `H_n` from the large pile | P | P |
//! | (1)(b) | any `m` | N, `H_n` from the large pile | P | P |
//! | (2)(a) | `m ≥ H_(n−1)` | N, `H_(n−1)` from the small pile | N, `H_(n−1)` from the small pile | P |
//! | (2)(a) | `m < H_(n−1)` | N, `H_n` from the large pile | P | P |
//! | (2)(b) | `m ≥ H_(n−1)` | N, `H_n` from the large pile | ??, `H_(n−1)` from the small pile | P |
//! | (2)(b) | `m < H_(n−1)` | N, `H_n` from the large pile | P | P |
//!
//! (In case (1) the rows are only `w ≥ H_n` and `w < H_n`.) In the "??" cell
//! the player is the paper's *optimist*: pretending `L(m, d) = H_(n−1)`, he
//! takes `H_(n−1)` from the small pile, and the rest of the game reveals
//! whether it was right.
//!
//! **Reading of the OCR-garbled headers, checked against the exhaustive
//! tableau.** The printed column headers read "m2>H, / m < H," in (1)(a) and
//! "B_{n−2}(L(n, d) = …)" in (2). Read as: in (2) the column is
//! `m ≥ H_(n−1)` (= `H_(n − l(n))`, Lemma (4)'s threshold for taking
//! `H_(n−l(n))` from the small pile, and Corollary 1's "if `m < H_(n−1)` then
//! `L = H_n`"); in (1)(a) the threshold is `m ≥ H_n` (again `H_(n−l(n))`, now
//! with `l(n) = 0`), not the Lemma's `m ≥ H_(n+1)` for the special case of
//! (3): for `H_n ≤ m < H_(n+1)` both `H_n` from the small pile (Lemma (4)) and
//! from the large pile win, so either threshold gives a winning move there;
//! for `m ≥ H_(n+1)` the large pile sometimes loses (the Lemma's special
//! case) while the small pile always wins, and for `m < H_n` the large pile
//! wins (`tests/suite/two_pile.rs`, `table_4_1_case_1a_threshold_reading`, on the
//! tableau for f = 2t, t + 1, ⌊(3t+1)/2⌋ and m, d ≤ 200).
//! Evidence: with these readings, for `f` = 2t, t, t + 1, 2t − 1 and
//! ⌊(3t+1)/2⌋, from every position `m, d, w ≤ 200` that the tableau marks N
//! the table's status is N or "??" and its move wins, every position it marks
//! P gets P or "??", and in every "??" cell the move wins exactly when the
//! tableau has `L(m, d) = H_(n−1)` (`tests/suite/two_pile.rs`, `table_4_1_*`).

use super::flanigan::Flanigan;
use super::game::Pile;
use crate::bound::Bound;
use crate::numeration::base::Base;
use crate::numeration::h_sequence::l;
use num_bigint::BigUint;
use num_traits::Zero;
use serde::Serialize;

pub use super::error::Table41Error;

/// The table's case: (1) `l(n) = 0` or (2) `l(n) = 1`; (a) the special form
/// `d = H_n + H_(n+2) + …` with `l(n+1) = l(n+2) = 1`, or (b) not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// `l(n) = 0`, special form.
    OneA,
    /// `l(n) = 0`, not the special form.
    OneB,
    /// `l(n) = 1`, special form.
    TwoA,
    /// `l(n) = 1`, not the special form.
    TwoB,
}

impl std::fmt::Display for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Case::OneA => "(1)(a)",
            Case::OneB => "(1)(b)",
            Case::TwoA => "(2)(a)",
            Case::TwoB => "(2)(b)",
        })
    }
}

/// A cell's status: N (the player to move wins with the move given), P (the
/// player to move loses) or "??" (unknown without `L(m, d)`: the optimist's
/// move is given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Status {
    /// The prescribed move wins.
    N,
    /// Every move loses.
    P,
    /// Not known from the table: the optimist's move.
    #[serde(rename = "??")]
    Unknown,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Status::N => "N",
            Status::P => "P",
            Status::Unknown => "??",
        })
    }
}

/// The column of a position `(m, d)` in Table 4.1: everything the table
/// needs except the bound `w` ([`Column::cell`] adds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The case.
    pub case: Case,
    /// `n`, the smallest index of `d`.
    pub n: usize,
    /// `H_n`.
    pub h_n: BigUint,
    /// `H_(n−1)` (present in case (2), where `n ≥ 2`).
    pub h_n1: Option<BigUint>,
    /// Whether `m` is at or above the column's threshold (`H_n` in (1)(a),
    /// `H_(n−1)` in (2); always true in (1)(b), whose columns agree).
    pub above: bool,
}

/// The row of a cell: where `w` lies against `H_n` and `H_(n−1)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// `w ≥ H_n` (or no bound).
    AtLeastHn,
    /// `H_(n−1) ≤ w < H_n` (case (2)).
    Between,
    /// `w < H_(n−1)` (case (2)).
    BelowHn1,
    /// `w < H_n` (case (1)).
    BelowHn,
}

/// One cell of Table 4.1: the status and the prescribed move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell<'a> {
    /// The column it belongs to.
    pub column: &'a Column,
    /// The row.
    pub row: Row,
    /// N, P or "??".
    pub status: Status,
    /// The move the table prescribes (`None` in a P cell): the pile and how many.
    pub prescribed: Option<(Pile, BigUint)>,
}

/// Table 4.1 for one bound `f`, with its hypotheses checked for every
/// position of at most `up_to` counters in all (as [`Flanigan::new`]).
#[derive(Debug, Clone)]
pub struct Table41 {
    flanigan: Flanigan,
}

impl Table41 {
    /// Checks the table's hypotheses (those of [`Flanigan::new`]) for totals
    /// `x + y ≤ up_to`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::table_4_1::Table41;
    /// assert!(Table41::new(&Bound::parse("2*t").unwrap(), &100u32.into()).is_ok());
    /// // f = 3t has l(5) = 2: outside the table.
    /// assert!(Table41::new(&Bound::parse("3*t").unwrap(), &100u32.into()).is_err());
    /// ```
    pub fn new(f: &Bound, up_to: &BigUint) -> Result<Table41, Table41Error> {
        Ok(Table41 {
            flanigan: Flanigan::new(f, up_to)?,
        })
    }

    /// The H-sequence of `f`.
    pub fn base(&self) -> &Base {
        self.flanigan.base()
    }

    /// The column of `(m, d)`: the case and where `m` lies, from `l(k)` and
    /// `H_k` only.
    ///
    /// Law: `L(m, d) = H_n` whenever the case is (1) or `!above` (Corollary 1).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::table_4_1::{Case, Table41};
    /// let t = Table41::new(&Bound::parse("2*t").unwrap(), &200u32.into()).unwrap();
    /// // Paper 000 §4: d = 42 = 34 + 8 = H8 + H5, l(5) = 1, r = 3: case (2)(b).
    /// let c = t.column(&20u32.into(), &42u32.into()).unwrap();
    /// assert_eq!((c.case, c.n, c.above), (Case::TwoB, 5, true));
    /// ```
    pub fn column(&self, m: &BigUint, d: &BigUint) -> Result<Column, Table41Error> {
        if d.is_zero() {
            return Err(Table41Error::EqualPiles);
        }
        let b = self.base();
        let idx = b.representation(d)?;
        let n = *idx
            .first()
            .ok_or_else(|| Table41Error::Hypothesis("empty representation".into()))?;
        let r = idx.get(1).map(|&i| i - n);
        let ln = l(b, n)?;
        if ln > 1 {
            return Err(Table41Error::Hypothesis(format!(
                "l({n}) = {ln} ∉ {{0, 1}}"
            )));
        }
        let special = r == Some(2) && l(b, n + 1)? == 1 && l(b, n + 2)? == 1;
        let h_n = b.term(n)?;
        let (case, h_n1, above) = match (ln, special) {
            (0, true) => (Case::OneA, None, *m >= h_n),
            (0, false) => (Case::OneB, None, true),
            (_, special) => {
                let h1 = b.term(n - 1)?;
                let above = *m >= h1;
                let case = if special { Case::TwoA } else { Case::TwoB };
                (case, Some(h1), above)
            }
        };
        Ok(Column {
            case,
            n,
            h_n,
            h_n1,
            above,
        })
    }
}

impl Column {
    /// The column header, e.g. `m ≥ H(n−1) = 5`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::table_4_1::Table41;
    /// let t = Table41::new(&Bound::parse("2*t").unwrap(), &200u32.into()).unwrap();
    /// assert_eq!(t.column(&20u32.into(), &42u32.into()).unwrap().header(), "m ≥ H(n−1) = 5");
    /// ```
    pub fn header(&self) -> String {
        let rel = if self.above { "≥" } else { "<" };
        match (self.case, &self.h_n1) {
            (Case::OneB, _) => "any m".to_string(),
            (_, Some(h1)) => format!("m {rel} H(n−1) = {h1}"),
            (_, None) => format!("m {rel} H(n) = {}", self.h_n),
        }
    }

    /// The row header of `row` in this column, e.g. `H(n−1) = 5 ≤ w < H(n) = 8`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::table_4_1::{Row, Table41};
    /// let t = Table41::new(&Bound::parse("2*t").unwrap(), &200u32.into()).unwrap();
    /// let c = t.column(&20u32.into(), &42u32.into()).unwrap();
    /// assert_eq!(c.row_header(Row::Between), "H(n−1) = 5 ≤ w < H(n) = 8");
    /// ```
    pub fn row_header(&self, row: Row) -> String {
        let h_n = &self.h_n;
        let h1 = self.h_n1.as_ref().unwrap_or(h_n);
        match row {
            Row::AtLeastHn => format!("w ≥ H(n) = {h_n}"),
            Row::Between => format!("H(n−1) = {h1} ≤ w < H(n) = {h_n}"),
            Row::BelowHn1 => format!("w < H(n−1) = {h1}"),
            Row::BelowHn => format!("w < H(n) = {h_n}"),
        }
    }

    /// The cell of this column for bound `w` (`None`: unbounded), by the
    /// table (see the module documentation).
    ///
    /// Law: the status is N exactly when a move is prescribed and the cell
    /// is not "??"; a prescribed move never takes more than `w`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::game::Pile;
    /// use takeaway::games::two_pile::table_4_1::{Status, Table41};
    /// let t = Table41::new(&Bound::parse("2*t").unwrap(), &200u32.into()).unwrap();
    /// let col = t.column(&20u32.into(), &42u32.into()).unwrap();
    /// assert_eq!(col.cell(Some(&4u32.into())).status, Status::P);
    /// assert_eq!(col.cell(None).status, Status::N);
    /// // Paper 000 §4: (20, 42, 6) is the "??" cell; the optimist takes 5 from the small pile.
    /// let c = col.cell(Some(&6u32.into()));
    /// assert_eq!((c.status, c.prescribed), (Status::Unknown, Some((Pile::Small, 5u32.into()))));
    /// // (15, 47, 10) is (2)(a): taking H(n−1) = 8 from the small pile wins.
    /// let col = t.column(&15u32.into(), &47u32.into()).unwrap();
    /// let c = col.cell(Some(&10u32.into()));
    /// assert_eq!((c.status, c.prescribed), (Status::N, Some((Pile::Small, 8u32.into()))));
    /// ```
    pub fn cell(&self, w: Option<&BigUint>) -> Cell<'_> {
        let h_n = &self.h_n;
        let at_least = |x: &BigUint| w.is_none_or(|w| w >= x);
        let (row, status, prescribed) = if at_least(h_n) {
            let pile = match (self.case, self.above) {
                (Case::OneA, true) | (Case::TwoA, true) => Pile::Small,
                _ => Pile::Large,
            };
            let take = match (self.case, self.above, &self.h_n1) {
                (Case::TwoA, true, Some(h1)) => h1.clone(),
                _ => h_n.clone(),
            };
            (Row::AtLeastHn, Status::N, Some((pile, take)))
        } else {
            match &self.h_n1 {
                None => (Row::BelowHn, Status::P, None),
                Some(h1) if at_least(h1) => {
                    let row = Row::Between;
                    match (self.case, self.above) {
                        (Case::TwoA, true) => (row, Status::N, Some((Pile::Small, h1.clone()))),
                        (Case::TwoB, true) => {
                            (row, Status::Unknown, Some((Pile::Small, h1.clone())))
                        }
                        _ => (row, Status::P, None),
                    }
                }
                Some(_) => (Row::BelowHn1, Status::P, None),
            }
        };
        Cell {
            column: self,
            row,
            status,
            prescribed,
        }
    }
}

impl Cell<'_> {
    /// The cell in words: case, column, row and what the table says.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::table_4_1::Table41;
    /// let t = Table41::new(&Bound::parse("2*t").unwrap(), &200u32.into()).unwrap();
    /// let col = t.column(&20u32.into(), &42u32.into()).unwrap();
    /// assert!(col.cell(Some(&6u32.into())).text().contains("optimist"));
    /// ```
    pub fn text(&self) -> String {
        let c = &self.column;
        let case = match c.case {
            Case::OneA => "l(n) = 0 and d = H(n) + H(n+2) + … with l(n+1) = l(n+2) = 1",
            Case::OneB => "l(n) = 0, d not of the form H(n) + H(n+2) + … with l(n+1) = l(n+2) = 1",
            Case::TwoA => "l(n) = 1 and d = H(n) + H(n+2) + … with l(n+1) = l(n+2) = 1",
            Case::TwoB => "l(n) = 1, d not of the form H(n) + H(n+2) + … with l(n+1) = l(n+2) = 1",
        };
        let pile = |p: Pile| match p {
            Pile::Small => "small",
            Pile::Large => "large",
        };
        let what = match (&self.status, &self.prescribed) {
            (Status::N, Some((p, t))) => {
                format!("N: take {t} from the {} pile, which wins", pile(*p))
            }
            (Status::Unknown, Some((p, t))) => format!(
                "??: the table cannot tell without L(m, d); the optimist pretends L(m, d) = H(n−1) and takes {t} from the {} pile — it wins exactly when L(m, d) = H(n−1)",
                pile(*p)
            ),
            _ => "P: every move loses".to_string(),
        };
        format!(
            "Table 4.1 (paper 000, without knowing L(m, d)): case {} (n = {}, {case}), column {}, row {}: {what}.",
            c.case,
            c.n,
            c.header(),
            c.row_header(self.row)
        )
    }
}

/// Table 4.1's answer for a position given as piles (the `strategy` field of
/// `analyze --json`): case, column, row, status and the prescribed move with
/// the piles' own indices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Strategy {
    /// `(1)(a)`, `(1)(b)`, `(2)(a)` or `(2)(b)`.
    pub case: String,
    /// The column header, e.g. `m ≥ H(n−1) = 5`.
    pub column: String,
    /// The row header, e.g. `H(n−1) = 5 ≤ w < H(n) = 8`.
    pub row: String,
    /// N, P or "??".
    pub status: Status,
    /// The prescribed move (`pile` 0-based into the piles as given, `take`,
    /// `to`, `bound` = f(d, take)), null in a P cell.
    #[serde(rename = "move")]
    pub mv: Option<crate::analysis::Move>,
    /// The cell in words ([`Cell::text`]).
    pub explanation: String,
}

/// Table 4.1 for two piles as given (`a`, `b` in any order) and bound `w`
/// (`None`: unbounded), under bound `f`.
///
/// Law: the move, when present, takes from the pile the cell names (the
/// smaller one is the first when the piles are equal, which the table
/// excludes) and its `bound` is `f(d, take)`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::two_pile::table_4_1::{strategy, Status};
/// let f = Bound::parse("2*t").unwrap();
/// // Paper 000 §4: piles 20 and 62 with w = 6: the optimist takes 5 from pile 0.
/// let s = strategy(&f, &20u32.into(), &62u32.into(), Some(&6u32.into())).unwrap();
/// assert_eq!((s.case.as_str(), s.status), ("(2)(b)", Status::Unknown));
/// let mv = s.mv.unwrap();
/// assert_eq!((mv.pile, mv.to), (Some(0), vec![15u32.into(), 62u32.into()]));
/// assert_eq!(mv.bound, Some(10u32.into()));
/// ```
pub fn strategy(
    f: &Bound,
    a: &BigUint,
    b: &BigUint,
    w: Option<&BigUint>,
) -> Result<Strategy, Table41Error> {
    let small = usize::from(b < a);
    let (m, d) = if small == 0 { (a, b - a) } else { (b, a - b) };
    let table = Table41::new(f, &(a + b))?;
    let column = table.column(m, &d)?;
    let cell = column.cell(w);
    let mv = match &cell.prescribed {
        None => None,
        Some((pile, take)) => {
            let idx = match pile {
                Pile::Small => small,
                Pile::Large => 1 - small,
            };
            let mut to = vec![a.clone(), b.clone()];
            to[idx] = &to[idx] - take;
            let bound = f
                .eval(&d, take)
                .map_err(|e| Table41Error::Hypothesis(format!("f cannot be evaluated: {e}")))?;
            Some(crate::analysis::Move {
                take: Some(take.clone()),
                pile: Some(idx),
                to,
                bound: Some(bound),
                ..crate::analysis::Move::default()
            })
        }
    };
    Ok(Strategy {
        case: column.case.to_string(),
        column: column.header(),
        row: column.row_header(cell.row),
        status: cell.status,
        mv,
        explanation: cell.text(),
    })
}
