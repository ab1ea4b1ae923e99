//! Section 3 of Holshouser–Reiter (paper 002): functions `h` (Definition 8),
//! `g'` built from `h` (Definition 9) or from `h_1 … h_m` (Definition 9′),
//! Theorem 1's conclusions A, B, C(a), C(b1), C(b2), and Remark 2 (`g'`,
//! `g''`, … satisfy Definition 8 again, so they can be iterated).
//!
//! Everything is computed on machine integers on a range `0..=M` from a
//! [`BaseTable`] (g, ḡ, binary, semi-stable of every `n ≤ M`), with `∞`
//! written [`INF`].
//!
//! Definition 9 needs a bound `f(n, t)` satisfying P-1…P-9; Remark 2 says
//! `g'` does not depend on which. [`least_f`] and [`greatest_f`] are the
//! least and the greatest such `f` of a base (read off the table of
//! properties), and any other bound can be given as a closure.
//!
//! Laws (Theorem 1, checked by [`check_theorem1`] and in the tests): for
//! every `n ≥ 1` with `ḡ(n) + n` in the range, `g'(n) ∈ {ḡ(n), g(n)}` as
//! the conclusion that applies to `n` ([`conclusion`]) says.
//!
//! ```
//! use takeaway::numeration::base::Base;
//! use takeaway::numeration::g_prime::{BaseTable, HFunction, check_theorem1, g_prime, least_f};
//! let table = BaseTable::new(&Base::fibonacci(), 200).unwrap();
//! let h = HFunction::g(&table);
//! let f = least_f(&table);
//! let gp = g_prime(&f, &[&h], 100).unwrap();
//! // 4 = 1 + 3 is semi-stable: conclusion A, g'(4) = ḡ(4) = 1.
//! assert_eq!(gp.get(4), Some(1));
//! assert!(check_theorem1(&table, &f, &[&h], &gp, 100).is_ok());
//! ```

use super::base::{Base, BaseError};
use std::fmt;

/// `∞` (`g(0)`, `ḡ(0)`, `h(0)`).
pub const INF: u64 = u64::MAX;

/// Most values a table of Section 3 holds (g, ḡ and every `h` on `0..=M`).
pub const MAX_RANGE: u64 = 4_000_000;

/// Why a Section 3 computation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Section3Error {
    /// The base could not give a term.
    #[error(transparent)]
    Base(#[from] BaseError),
    /// A rule's value is neither `g(n)` nor `ḡ(n)` (Definition 8).
    #[error(
        "h is not a function of Definition 8: h({n}) = {value}, but it must be g({n}) = {g} or ḡ({n}) = {gbar}"
    )]
    NotDefinition8 {
        /// Where.
        n: u64,
        /// The rule's value.
        value: u64,
        /// `g(n)`.
        g: u64,
        /// `ḡ(n)`.
        gbar: u64,
    },
    /// A rule could not be evaluated.
    #[error("h cannot be evaluated at n = {n}: {message}")]
    Eval {
        /// Where.
        n: u64,
        /// Why.
        message: String,
    },
    /// A range beyond [`MAX_RANGE`] or an `h` defined on too short a range.
    #[error("{0}")]
    Range(String),
    /// A table past [`MAX_RANGE`] was needed (up to `up_to`).
    #[error(
        "Section 3 tables stop at n ≤ {MAX_RANGE}, and {up_to} was needed; use a smaller N (or fewer iterates)"
    )]
    TableRange {
        /// The largest n needed.
        up_to: u64,
    },
}

/// g, ḡ, binary and semi-stable for every `n ≤ M` in a base (Definitions 5–7).
#[derive(Debug, Clone)]
pub struct BaseTable {
    g: Vec<u64>,
    gbar: Vec<u64>,
    semi: Vec<bool>,
}

impl BaseTable {
    /// The table of `base` on `0..=up_to` (`up_to ≤` [`MAX_RANGE`]).
    ///
    /// Law: agrees with [`Base::g`], [`Base::g_bar`] and
    /// [`Base::is_semi_stable`] (tested).
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// use takeaway::numeration::g_prime::BaseTable;
    /// let t = BaseTable::new(&Base::fibonacci(), 100).unwrap();
    /// // 100 = 3 + 8 + 89: g = 3, ḡ = 5 − 3 = 2.
    /// assert_eq!((t.g(100), t.gbar(100)), (3, 2));
    /// ```
    pub fn new(base: &Base, up_to: u64) -> Result<BaseTable, Section3Error> {
        if up_to > MAX_RANGE {
            return Err(Section3Error::TableRange { up_to });
        }
        let len = up_to as usize + 1;
        // Terms up to one past up_to, as u64.
        let mut terms: Vec<u64> = Vec::new();
        let mut k = 1;
        loop {
            let t = base.term(k)?;
            let t = u64::try_from(t)
                .map_err(|_| Section3Error::Range("a term of the base is beyond 2^64".into()))?;
            terms.push(t);
            if t > up_to {
                break;
            }
            k += 1;
        }
        let mut g = vec![INF; len];
        let mut gbar = vec![INF; len];
        let mut semi = vec![false; len];
        // ḡ of each term: b_(k+1) − b_k.
        let gbar_term = |i: usize| terms[i + 1] - terms[i];
        let mut top = 0usize; // index of the largest term ≤ n
        let mut g_index = vec![0usize; len];
        for n in 1..len {
            while top + 1 < terms.len() && terms[top + 1] <= n as u64 {
                top += 1;
            }
            let rest = n - terms[top] as usize;
            let i = if rest == 0 { top } else { g_index[rest] };
            g_index[n] = i;
            g[n] = terms[i];
            gbar[n] = gbar_term(i);
            // Semi-stable: two or more terms and b_(i1+1) = ḡ(b_(i2)), i.e.
            // ḡ(n) + g(n) = ḡ(n − g(n)).
            let m = n - terms[i] as usize;
            semi[n] = m > 0 && terms[i + 1] == gbar[m];
        }
        Ok(BaseTable { g, gbar, semi })
    }

    /// The largest `n` in the table.
    pub fn up_to(&self) -> u64 {
        self.g.len() as u64 - 1
    }

    /// `g(n)` (Definition 6; [`INF`] at 0).
    pub fn g(&self, n: u64) -> u64 {
        self.g[n as usize]
    }

    /// `ḡ(n)` (Definition 6; [`INF`] at 0).
    pub fn gbar(&self, n: u64) -> u64 {
        self.gbar[n as usize]
    }

    /// Whether `n ≥ 1` is binary (Definition 7: `ḡ(n) = g(n)`).
    pub fn is_binary(&self, n: u64) -> bool {
        n > 0 && self.g(n) == self.gbar(n)
    }

    /// Whether `n` is semi-stable (Definition 5).
    pub fn is_semi_stable(&self, n: u64) -> bool {
        self.semi[n as usize]
    }

    /// The compatibility condition (paper 002, section 2) for every
    /// `1 ≤ n ≤ up_to` with `ḡ(n) + n` in the table: if `n` is non-binary and
    /// semi-stable then `g(n − ḡ(n)) < ḡ(ḡ(n) + n)` — [`Base::compatibility`]
    /// read off the table, in one pass. Without it no `f` satisfies P-1…P-9
    /// (P-1 asks `f(n, ḡ(n)) < ḡ(ḡ(n) + n)`, P-5 `f(n, ḡ(n)) ≥ g(n − ḡ(n))`).
    ///
    /// Law: agrees with [`Base::compatibility`] (tested).
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::numeration::base::Base;
    /// use takeaway::numeration::g_prime::BaseTable;
    /// assert!(BaseTable::new(&Base::fibonacci(), 200).unwrap().compatibility(100).is_ok());
    /// // 1, 2, 3, 6, 7, 10, 17, 34 fails at n = 5 = 3 + 2: g(5 − 1) = 1, ḡ(6) = 1.
    /// let b = Base::explicit([1u32, 2, 3, 6, 7, 10, 17, 34].map(BigUint::from).to_vec()).unwrap();
    /// assert!(BaseTable::new(&b, 20).unwrap().compatibility(10).is_err());
    /// ```
    pub fn compatibility(&self, up_to: u64) -> Result<(), super::base::CompatibilityViolation> {
        for n in 1..=up_to.min(self.up_to()) {
            let gb = self.gbar(n);
            if self.is_binary(n) || !self.is_semi_stable(n) {
                continue;
            }
            let Some(s) = n.checked_add(gb).filter(|&s| s <= self.up_to()) else {
                continue;
            };
            let (left, right) = (self.g(n - gb), self.gbar(s));
            if left >= right {
                return Err(super::base::CompatibilityViolation::Violated {
                    n,
                    left: left.into(),
                    right: right.into(),
                });
            }
        }
        Ok(())
    }
}

/// A function `h` on `0..=M` with `h(0) = ∞` and `h(n) ∈ {ḡ(n), g(n)}`
/// (Definition 8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HFunction {
    values: Vec<u64>,
}

impl HFunction {
    /// `h = g` on the whole table.
    pub fn g(table: &BaseTable) -> HFunction {
        HFunction {
            values: table.g.clone(),
        }
    }

    /// `h = ḡ` on the whole table.
    pub fn gbar(table: &BaseTable) -> HFunction {
        HFunction {
            values: table.gbar.clone(),
        }
    }

    /// `h(n)` = `rule(n)`, for `1 ≤ n ≤ up_to`, checked to be `g(n)` or
    /// `ḡ(n)`; `h(0) = ∞`. A rule written in the bound language is
    /// [`Bound::parse_h_rule`](crate::bound::Bound::parse_h_rule) evaluated
    /// at `(n, 0)`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::numeration::base::Base;
    /// use takeaway::numeration::g_prime::{BaseTable, HFunction};
    /// let base = Base::fibonacci();
    /// let t = BaseTable::new(&base, 50).unwrap();
    /// let rule = Bound::parse_with_base("if(n%2, gbar(n), g(n))", Some(base.clone())).unwrap();
    /// let h = HFunction::from_rule(|n| rule.eval_u64(n, 0), &t, 50).unwrap();
    /// assert_eq!((h.get(6), h.get(7)), (Some(1), Some(1)));
    /// // 6 = 1 + 5 has g = ḡ = 1; 10 = 2 + 8 has g = 2, ḡ = 1; 3 is neither.
    /// let e = HFunction::from_rule(|n| Ok::<_, String>(if n == 10 { 3 } else { t.g(n) }), &t, 50)
    ///     .unwrap_err();
    /// assert!(e.to_string().contains("h(10) = 3"), "{e}");
    /// ```
    pub fn from_rule<E: fmt::Display>(
        rule: impl Fn(u64) -> Result<u64, E>,
        table: &BaseTable,
        up_to: u64,
    ) -> Result<HFunction, Section3Error> {
        if up_to > table.up_to() {
            return Err(Section3Error::Range(format!(
                "h is needed on n ≤ {up_to}, beyond the table (n ≤ {})",
                table.up_to()
            )));
        }
        let mut values = vec![INF; up_to as usize + 1];
        for n in 1..=up_to {
            let v = rule(n).map_err(|e| Section3Error::Eval {
                n,
                message: e.to_string(),
            })?;
            let (g, gbar) = (table.g(n), table.gbar(n));
            if v != g && v != gbar {
                return Err(Section3Error::NotDefinition8 {
                    n,
                    value: v,
                    g,
                    gbar,
                });
            }
            values[n as usize] = v;
        }
        Ok(HFunction { values })
    }

    /// `h(n)`, `None` beyond the range ([`INF`] at 0).
    pub fn get(&self, n: u64) -> Option<u64> {
        self.values.get(usize::try_from(n).ok()?).copied()
    }

    /// The largest `n` where `h` is known.
    pub fn up_to(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// The first `n ≥ 1` where `h(n) ∉ {ḡ(n), g(n)}` (Definition 8), if any
    /// (`Some(0)` when `h(0) ≠ ∞`).
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// use takeaway::numeration::g_prime::{BaseTable, HFunction};
    /// let t = BaseTable::new(&Base::fibonacci(), 50).unwrap();
    /// // h = g is one of Definition 8's functions.
    /// assert_eq!(HFunction::g(&t).check_definition8(&t), None);
    /// ```
    pub fn check_definition8(&self, table: &BaseTable) -> Option<u64> {
        if self.values.first() != Some(&INF) {
            return Some(0);
        }
        (1..=self.up_to().min(table.up_to())).find(|&n| {
            self.values[n as usize] != table.g(n) && self.values[n as usize] != table.gbar(n)
        })
    }
}

/// The least `f(n, t)` satisfying P-1…P-9 in the table's base (0 where no
/// property asks for more): `f(0, x) = g(x)` (P-9); for `x < g(n)`,
/// `x ≠ ḡ(n)`: `max(g(n − x), g(n + x))` (P-5, P-6, P-7); for
/// `x = ḡ(n) < g(n)`: `g(n − x)` (P-5), raised to `ḡ(ḡ(n) + n)` when P-3
/// applies; otherwise 0. Arguments beyond the table give 0.
///
/// Law: satisfies P-1…P-9 whenever the base satisfies the compatibility
/// condition (tested with the same checker as Game 2's hypotheses).
pub fn least_f(table: &BaseTable) -> impl Fn(u64, u64) -> u64 + '_ {
    move |n: u64, x: u64| {
        let top = table.up_to();
        if n == 0 {
            return if x <= top { table.g(x) } else { 0 };
        }
        if n > top || x == 0 {
            return 0;
        }
        let (g, gb) = (table.g(n), table.gbar(n));
        let at = |m: u64| if m <= top { table.g(m) } else { 0 };
        if x < g && x != gb {
            return at(n - x).max(at(n + x));
        }
        if x == gb && gb < g {
            let s = n + gb;
            let p3 = !table.is_semi_stable(n) && s <= top && !table.is_binary(s);
            let lift = if p3 { table.gbar(s) } else { 0 };
            return at(n - x).max(lift);
        }
        0
    }
}

/// The greatest `f(n, t)` satisfying P-1…P-9 in the table's base, with
/// `INF − 1` standing for "no upper bound" (so `f < h(0) = ∞` always).
///
/// Law: satisfies P-1…P-9 (tested); `least_f ≤ greatest_f` wherever the
/// base satisfies the compatibility condition.
///
/// ```
/// use takeaway::numeration::base::Base;
/// use takeaway::numeration::g_prime::{BaseTable, INF, greatest_f, least_f};
/// let t = BaseTable::new(&Base::fibonacci(), 100).unwrap();
/// let (lo, hi) = (least_f(&t), greatest_f(&t));
/// assert!((1..50).all(|n| (1..50).all(|x| lo(n, x) <= hi(n, x))));
/// assert_eq!(hi(0, 3), INF - 1);
/// ```
pub fn greatest_f(table: &BaseTable) -> impl Fn(u64, u64) -> u64 + '_ {
    move |n: u64, x: u64| {
        let top = table.up_to();
        let free = INF - 1;
        if n == 0 || n > top || x == 0 {
            return free;
        }
        let (g, gb) = (table.g(n), table.gbar(n));
        let semi = table.is_semi_stable(n);
        let below = |v: u64| if v == INF { free } else { v.saturating_sub(1) };
        let s = n.saturating_add(gb);
        if x == gb && gb < g {
            if s > top {
                return free;
            }
            // P-1 (semi-stable): < ḡ(s); P-2, P-3: < g(s).
            return if semi {
                below(table.gbar(s))
            } else {
                below(table.g(s))
            };
        }
        if x == g {
            let mut most = below(table.g(n - g)); // P-8 (g(0) = ∞)
            if !semi {
                most = most.min(below(table.gbar(n - g))); // P-4
            }
            if semi && gb == g && s <= top {
                most = most.min(below(table.gbar(s))); // P-1
            }
            return most;
        }
        free
    }
}

/// `g'` on `0..=up_to` by Definition 9 (one `h`) or 9′ (several): `g'(0) =
/// ∞`; `g'(n)` is the least `x ≥ 1` with `f(n, x) < h_i(n − x)` or
/// `f(n, x) < h_i(n + x)` for some `i` (`h_i(0) = ∞`, so `g'(n) ≤ n`).
///
/// Every `h_i` must be known on `0..=2·up_to`.
pub fn g_prime(
    f: &dyn Fn(u64, u64) -> u64,
    hs: &[&HFunction],
    up_to: u64,
) -> Result<HFunction, Section3Error> {
    let need = up_to.saturating_mul(2);
    if hs.is_empty() {
        return Err(Section3Error::Range("Definition 9 needs an h".into()));
    }
    if let Some(short) = hs.iter().find(|h| h.up_to() < need) {
        return Err(Section3Error::Range(format!(
            "g' on n ≤ {up_to} needs h on n ≤ {need}, but h is known on n ≤ {}",
            short.up_to()
        )));
    }
    let below = |v: u64, h: u64| h == INF || v < h;
    let mut values = vec![INF; up_to as usize + 1];
    for n in 1..=up_to {
        let x = (1..=n)
            .find(|&x| {
                let v = f(n, x);
                hs.iter().any(|h| {
                    below(v, h.values[(n - x) as usize]) || below(v, h.values[(n + x) as usize])
                })
            })
            .unwrap_or(n);
        values[n as usize] = x;
    }
    Ok(HFunction { values })
}

/// The conclusions of Theorem 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Conclusion {
    /// `n` semi-stable: `g'(n) = ḡ(n)`, `f(n, g'(n)) < h(n + g'(n))`.
    A,
    /// `n` binary (not semi-stable): `g'(n) = g(n)`, `f(n, g'(n)) < h(n − g'(n))`.
    B,
    /// `n` non-binary, not semi-stable, `ḡ(n) + n` binary: `g'(n) = ḡ(n)`.
    #[serde(rename = "C(a)")]
    Ca,
    /// … `ḡ(n) + n` non-binary, `h(ḡ(n) + n) = g(ḡ(n) + n)`: `g'(n) = ḡ(n)`.
    #[serde(rename = "C(b1)")]
    Cb1,
    /// … `ḡ(n) + n` non-binary, `h(ḡ(n) + n) = ḡ(ḡ(n) + n)`: `g'(n) = g(n)`.
    #[serde(rename = "C(b2)")]
    Cb2,
}

impl fmt::Display for Conclusion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Conclusion::A => "A",
            Conclusion::B => "B",
            Conclusion::Ca => "C(a)",
            Conclusion::Cb1 => "C(b1)",
            Conclusion::Cb2 => "C(b2)",
        })
    }
}

/// Which conclusion of Theorem 1 applies to `n ≥ 1` and the value of `g'(n)`
/// it gives. With several `h` (Definition 9′, Remark 3's "obvious
/// modification"), C(b1) applies when *some* `h_i(ḡ(n) + n) = g(ḡ(n) + n)`.
/// `h_at` gives `h_i(ḡ(n) + n)` for each `i` (only asked in case C(b)).
///
/// ```
/// use takeaway::numeration::base::Base;
/// use takeaway::numeration::g_prime::{conclusion, BaseTable, Conclusion};
/// let t = BaseTable::new(&Base::fibonacci(), 100).unwrap();
/// // 4 = 1 + 3 semi-stable; 5 binary? no: ḡ(5) = 3 < 5; 1 binary.
/// assert_eq!(conclusion(&t, 4, &mut |_| vec![]).0, Conclusion::A); // 1 + 3, semi-stable
/// assert_eq!(conclusion(&t, 1, &mut |_| vec![]).0, Conclusion::B); // b1 = 1 is binary
/// // 5: ḡ(5) = 3 < 5, one term; ḡ(5) + 5 = 8 is non-binary (ḡ(8) = 5): C(b),
/// // decided by h(8) ∈ {ḡ(8), g(8)} = {5, 8}.
/// assert_eq!(conclusion(&t, 5, &mut |_| vec![8]), (Conclusion::Cb1, 3));
/// assert_eq!(conclusion(&t, 5, &mut |_| vec![5]), (Conclusion::Cb2, 5));
/// ```
pub fn conclusion(
    table: &BaseTable,
    n: u64,
    h_at: &mut dyn FnMut(u64) -> Vec<u64>,
) -> (Conclusion, u64) {
    let (g, gb) = (table.g(n), table.gbar(n));
    if table.is_semi_stable(n) {
        return (Conclusion::A, gb);
    }
    if g == gb {
        return (Conclusion::B, g);
    }
    let s = n + gb;
    if table.is_binary(s) {
        return (Conclusion::Ca, gb);
    }
    if h_at(s).contains(&table.g(s)) {
        (Conclusion::Cb1, gb)
    } else {
        (Conclusion::Cb2, g)
    }
}

/// Where Theorem 1 fails against Definition 9 computed directly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[error("Theorem 1 fails at n = {n}: conclusion {conclusion} says {claim}, but {found}")]
pub struct Theorem1Failure {
    /// The first `n` where it fails.
    pub n: u64,
    /// The conclusion that applies there.
    pub conclusion: Conclusion,
    /// What the conclusion claims.
    pub claim: String,
    /// What Definition 9 gives.
    pub found: String,
}

/// Checks Theorem 1 for every `1 ≤ n ≤ up_to` against `gp` (Definition 9
/// computed directly, with the same `f` and `h`s): the value `g'(n)` and
/// the inequality that makes it a winning size; the first failure is named.
/// Also checks Remark 2: `g'` satisfies Definition 8.
pub fn check_theorem1(
    table: &BaseTable,
    f: &dyn Fn(u64, u64) -> u64,
    hs: &[&HFunction],
    gp: &HFunction,
    up_to: u64,
) -> Result<(), Theorem1Failure> {
    let below = |v: u64, h: u64| h == INF || v < h;
    for n in 1..=up_to {
        let (c, want) = conclusion(table, n, &mut |s| {
            hs.iter().filter_map(|h| h.get(s)).collect()
        });
        let got = gp.get(n).unwrap_or(INF);
        let (g, gb) = (table.g(n), table.gbar(n));
        let fail = |claim: String, found: String| {
            Err(Theorem1Failure {
                n,
                conclusion: c,
                claim,
                found,
            })
        };
        if got != g && got != gb {
            return fail(
                format!("g'(n) ∈ {{ḡ(n), g(n)}} = {{{gb}, {g}}} (Remark 2)"),
                format!("Definition 9 gives g'({n}) = {got}"),
            );
        }
        if got != want {
            let name = if want == gb && gb != g {
                "ḡ(n)"
            } else {
                "g(n)"
            };
            return fail(
                format!("g'(n) = {name} = {want}"),
                format!("Definition 9 gives g'({n}) = {got}"),
            );
        }
        let v = f(n, got);
        let plus = hs.iter().any(|h| below(v, h.get(n + got).unwrap_or(INF)));
        let minus = hs.iter().any(|h| below(v, h.get(n - got).unwrap_or(INF)));
        let (ok, which) = match c {
            Conclusion::A | Conclusion::Ca | Conclusion::Cb1 => {
                (plus, "f(n, g'(n)) < h(n + g'(n))")
            }
            Conclusion::B if table.is_semi_stable(n) => (plus, "f(n, g'(n)) < h(n + g'(n))"),
            Conclusion::B | Conclusion::Cb2 => (minus, "f(n, g'(n)) < h(n − g'(n))"),
        };
        if !ok {
            return fail(
                which.to_string(),
                format!("f({n}, {got}) = {v} is not below it"),
            );
        }
    }
    Ok(())
}

/// `g', g'', …, g^(k)` by Remark 2: each by Definition 9 with `h` the
/// previous one (the first from `hs`, Definition 9′ when several). With `h`
/// known on `0..=M`, `g^(j)` is known on `0..=M / 2^j`.
///
/// ```
/// use takeaway::numeration::base::Base;
/// use takeaway::numeration::g_prime::{iterate, least_f, BaseTable, HFunction};
/// let t = BaseTable::new(&Base::fibonacci(), 400).unwrap();
/// let h = HFunction::gbar(&t);
/// let gs = iterate(&least_f(&t), &[&h], 3).unwrap();
/// assert_eq!(gs.len(), 3);
/// assert_eq!(gs[2].up_to(), 50);
/// ```
pub fn iterate(
    f: &dyn Fn(u64, u64) -> u64,
    hs: &[&HFunction],
    k: usize,
) -> Result<Vec<HFunction>, Section3Error> {
    let mut out: Vec<HFunction> = Vec::new();
    let mut range = hs.iter().map(|h| h.up_to()).min().unwrap_or(0);
    for _ in 0..k {
        range /= 2;
        let next = match out.last() {
            None => g_prime(f, hs, range)?,
            Some(prev) => g_prime(f, &[prev], range)?,
        };
        out.push(next);
    }
    Ok(out)
}
