//! The subtraction-set family of a sweep: every `S ⊆ {1, …, M}` with `|S|`
//! in a range, in a fixed order, and the row of each (period, pre-period,
//! largest value and checksum of the first `N` Grundy values).
//!
//! Law (the order): sets are ordered by size, then lexicographically; the
//! set of index `i` is found without listing the ones before it
//! ([`SubtractionSets::unrank`]), so a shard starts anywhere. There are
//! `Σ_{k=lo..hi} C(M, k)` sets.
//!
//! The row reuses the library's own computations: the proved period of
//! [`Subtraction::periodic`] (the window argument of
//! [`period`](crate::games::subtraction::period)), and the ogsolve checksum
//! ([`Checksum`]) of `G(0), …, G(N − 1)` — the figures of `takeaway table
//! subtraction:s=… --rows N --summary`.

use super::family::{RuleSets, Setting, SweepFamily, Takes};
use super::row::{Cell, Row};
use super::{at_least_one, too_large};
use crate::engine::{Cancel, Limits, Unit};
use crate::games::advice::{Misused, Opt};
use crate::games::error::Hint;
use crate::games::checksum::Checksum;
use crate::games::error::GameError;
use crate::games::subtraction::Subtraction;
use crate::games::subtraction::game::SubtractionSet;
use crate::games::subtraction::mex::extend_grundy;

/// Largest `M` a subtraction sweep takes (2^16 = 65,536). Sets are lists of
/// their elements (no bit mask bounds them); the limit keeps the listing
/// of a shard's first set (`O(M)` steps an element) and each set's period
/// proof (a window of `max S` terms, compared in `O(M)` a step, within at
/// most [`MAX_CAP`] terms) in reach.
pub const MAX_ELEMENT: u64 = 1 << 16;

/// Largest period-search cap (2^27 terms: 256 MiB of values per thread).
pub const MAX_CAP: u64 = 1 << 27;

/// The columns of a subtraction sweep's rows.
pub const COLUMNS: &[&str] = &[
    "index",
    "spec",
    "size",
    "max",
    "period",
    "preperiod",
    "largest",
    "checksum",
    "status",
];

/// Every `S ⊆ {1, …, max}` with `min_size ≤ |S| ≤ max_size`, and the
/// figures computed for each.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SubtractionSets {
    /// `M`: the largest amount a set may hold (at most [`MAX_ELEMENT`]).
    pub max: u64,
    /// Smallest `|S|` (at least 1).
    pub min_size: u64,
    /// Largest `|S|` (at most `M`).
    pub max_size: u64,
    /// `N`: the checksum and the largest value are of `G(0), …, G(N − 1)`.
    pub terms: u64,
    /// The period search stops past this many terms (then the row says
    /// "no period within CAP terms").
    pub cap: u64,
}

/// `C(n, k)` in `u128`, saturating at `u128::MAX` (exact whenever
/// `C(n, k) · n < 2^128`, so for every count a sweep admits: at most
/// [`MAX_RULE_SETS`](super::MAX_RULE_SETS) sets and `n ≤ MAX_ELEMENT`).
fn binomial(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // C(n, i + 1) = C(n, i) · (n − i) / (i + 1), exactly.
        match c.checked_mul(u128::from(n - i)) {
            Some(v) => c = v / u128::from(i + 1),
            None => return u128::MAX,
        }
    }
    c
}

impl SubtractionSets {
    /// How many sets: `Σ_{k=min_size..max_size} C(M, k)`.
    ///
    /// ```
    /// use takeaway::sweep::SubtractionSets;
    /// let s = SubtractionSets { max: 16, min_size: 1, max_size: 3, terms: 100, cap: 1 << 20 };
    /// assert_eq!(s.count(), 16 + 120 + 560);
    /// ```
    pub fn count(&self) -> u128 {
        (self.min_size..=self.max_size.min(self.max))
            .map(|k| binomial(self.max, k))
            .fold(0u128, u128::saturating_add)
    }

    /// The set of index `i` (ascending elements): sizes first, then
    /// lexicographic order; `None` past the last.
    ///
    /// ```
    /// use takeaway::sweep::SubtractionSets;
    /// let s = SubtractionSets { max: 4, min_size: 1, max_size: 2, terms: 10, cap: 100 };
    /// assert_eq!(s.unrank(0), Some(vec![1]));
    /// assert_eq!(s.unrank(4), Some(vec![1, 2]));
    /// assert_eq!(s.unrank(9), Some(vec![3, 4]));
    /// assert_eq!(s.unrank(10), None);
    /// ```
    pub fn unrank(&self, i: u64) -> Option<Vec<u64>> {
        let mut rest = u128::from(i);
        for k in self.min_size..=self.max_size.min(self.max) {
            let here = binomial(self.max, k);
            if rest >= here {
                rest -= here;
                continue;
            }
            // The lexicographic rank `rest` among the k-subsets of {1..M}.
            let mut set = Vec::with_capacity(k as usize);
            let mut next = 1u64;
            for left in (1..=k).rev() {
                // Pick the smallest element e ≥ next such that the sets
                // starting with e cover rank `rest`.
                let mut e = next;
                loop {
                    let with_e = binomial(self.max - e, left - 1);
                    if rest < with_e {
                        break;
                    }
                    rest -= with_e;
                    e += 1;
                }
                set.push(e);
                next = e + 1;
            }
            return Some(set);
        }
        None
    }

    /// The row of the set `set` (index `index`): its spec, size, largest
    /// element, proved period and pre-period, the largest of `G(0..N)` and
    /// their checksum; past the cap, "no period within CAP terms", empty
    /// period cells, and the largest value and checksum of `G(0..N)` by the
    /// mex rule. Only a cancel is an error.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Cell, SubtractionSets};
    /// let s = SubtractionSets { max: 4, min_size: 1, max_size: 3, terms: 21, cap: 1 << 20 };
    /// let row = s.row(0, &[1, 3, 4], &Cancel::new()).unwrap();
    /// // S = {1,3,4}: period 7 from 0; ogsolve's checksum of G(0..=20) is 105001B.
    /// assert_eq!(row.cells[3..6], [Cell::Int(7), Cell::Int(0), Cell::Int(3)]);
    /// assert_eq!(row.cells[6], Cell::Text("105001B".into()));
    /// ```
    pub fn row(&self, index: u64, set: &[u64], cancel: &Cancel) -> Result<Row, GameError> {
        let game = Subtraction {
            set: SubtractionSet::Finite(set.to_vec()),
            misere: false,
        };
        let spec = crate::games::Family::spec(&game);
        let limits = Limits {
            max_states: self.cap,
            max_bytes: self.cap.saturating_mul(2),
            cancel: cancel.clone(),
        };
        let head = vec![
            Cell::Text(spec),
            Cell::Int(set.len() as u64),
            Cell::Int(set.last().copied().unwrap_or(0)),
        ];
        let cells = match game.periodic(&limits) {
            Ok(p) => {
                let mut sum = Checksum::default();
                let mut largest = 0u16;
                p.for_each(self.terms, |v| {
                    sum.push(v);
                    largest = largest.max(v);
                });
                [
                    Cell::Int(p.period as u64),
                    Cell::Int(p.preperiod as u64),
                    Cell::Int(u64::from(largest)),
                    Cell::Text(sum.hex()),
                    Cell::Text("proved".into()),
                ]
            }
            Err(GameError::Cancelled) => return Err(GameError::Cancelled),
            Err(_) if cancel.is_cancelled() => return Err(GameError::Cancelled),
            Err(_) => {
                // No period: G(0..N) by the mex rule itself (the largest
                // value and the checksum do not need the period).
                let (largest, sum) = figures_by_mex(&elements(set), self.terms, cancel)?;
                [
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Int(u64::from(largest)),
                    Cell::Text(sum.hex()),
                    Cell::Text(format!("no period within {} terms", self.cap)),
                ]
            }
        };
        Ok(Row {
            index,
            first: false,
            cells: head.into_iter().chain(cells).collect(),
        })
    }

    /// The rows of indices `start..end`, listing the sets from the first
    /// by the successor rule (no unranking per set).
    pub(crate) fn rows(
        &self,
        start: u64,
        end: u64,
        cancel: &Cancel,
    ) -> Result<Vec<Row>, GameError> {
        let mut out = Vec::new();
        let Some(mut set) = self.unrank(start) else {
            return Ok(out);
        };
        for i in start..end {
            out.push(self.row(i, &set, cancel)?);
            if !self.advance(&mut set) {
                break;
            }
        }
        Ok(out)
    }

    /// The next set in the order (false after the last).
    ///
    /// Law: from the set of rank `i`, gives the set of rank `i + 1`
    /// ([`SubtractionSets::unrank`]).
    ///
    /// ```
    /// use takeaway::sweep::subtraction_sets::SubtractionSets;
    /// let s = SubtractionSets { max: 4, min_size: 1, max_size: 2, terms: 10, cap: 100 };
    /// let mut set = vec![4];
    /// assert!(s.advance(&mut set));
    /// assert_eq!(set, vec![1, 2]);
    /// ```
    pub fn advance(&self, set: &mut Vec<u64>) -> bool {
        let k = set.len() as u64;
        // Lexicographic successor among the k-subsets of {1..M}.
        let m = self.max;
        for j in (0..set.len()).rev() {
            let limit = m - (k - 1 - j as u64);
            if set[j] < limit {
                set[j] += 1;
                for l in j + 1..set.len() {
                    set[l] = set[l - 1] + 1;
                }
                return true;
            }
        }
        // The next size.
        if k < self.max_size.min(m) {
            *set = (1..=k + 1).collect();
            return true;
        }
        false
    }
}

/// The elements as machine indices (a sweep's sets are at most
/// [`MAX_ELEMENT`], so every element fits).
fn elements(set: &[u64]) -> Vec<usize> {
    set.iter()
        .map(|&e| usize::try_from(e).unwrap_or(usize::MAX))
        .collect()
}

/// The largest of `G(0), …, G(terms − 1)` and their checksum, by the mex
/// rule ([`extend_grundy`]) in steps of 2^16 terms, keeping only the last
/// `max S` values between steps (memory stays `O(max S + 2^16)` whatever
/// `terms`); stops on a cancel.
fn figures_by_mex(
    set: &[usize],
    terms: u64,
    cancel: &Cancel,
) -> Result<(u16, Checksum), GameError> {
    let m = set.last().copied().unwrap_or(1);
    let (mut sum, mut largest) = (Checksum::default(), 0u16);
    // `g[0]` is G(offset); `done` values have been summed.
    let (mut g, mut offset, mut done) = (Vec::<u16>::new(), 0u64, 0u64);
    while done < terms {
        cancel.check()?;
        let step = (terms - done).min(1 << 16) as usize;
        let to = g.len() + step;
        // Once piles below m are behind (g.len() ≥ m after a cut), every
        // element is a move: the kernel's rule for large piles applies to
        // the kept window as it does to the whole sequence.
        extend_grundy(&mut g, set, to);
        for &v in &g[(done - offset) as usize..] {
            sum.push(v);
            largest = largest.max(v);
        }
        done += step as u64;
        if g.len() > m {
            let cut = g.len() - m;
            g.drain(..cut);
            offset += cut as u64;
        }
    }
    Ok((largest, sum))
}

/// `--max M`: the largest amount of a subtraction sweep.
const MAX: Setting = Setting {
    name: "max",
    flag: "max",
    value_name: "M",
    takes: Takes::Number(None),
    help: "subtraction: the largest amount M (sets S ⊆ {1..M}, M ≤ 65536; at most 2^40 sets in all)",
};

/// `--sizes LO..HI`: the sizes of the sets.
const SIZES: Setting = Setting {
    name: "sizes",
    flag: "sizes",
    value_name: "LO..HI",
    takes: Takes::Range,
    help: "subtraction: the sizes |S|, LO..HI (or one size)",
};

/// `--terms N`: the Grundy values each row's figures are of (shared with
/// the octal family).
pub(crate) const TERMS: Setting = Setting {
    name: "terms",
    flag: "terms",
    value_name: "N",
    takes: Takes::Number(Some(1000)),
    help: "subtraction, octal and hexadecimal: the checksum and largest value are of G(0..N−1); octal: the period is proved from these values or not at all; hexadecimal: N ≤ 1048576, and a period only seen in them is not proved",
};

/// `--cap CAP`: the period search's cap.
const CAP: Setting = Setting {
    name: "cap",
    flag: "cap",
    value_name: "CAP",
    takes: Takes::Number(Some(1_000_000)),
    help: "subtraction: the period search stops past this many terms per set (the row then says \"no period within CAP terms\")",
};

/// The subtraction-set family in the list of sweep families.
pub const FAMILY: SweepFamily = SweepFamily {
    name: "subtraction",
    help: "Every S ⊆ {1..M} with |S| in {sizes}: period, pre-period, largest value and checksum of G(0..N−1)",
    examples: &[
        "subtraction --max 20 --sizes 1..4 --out census.csv",
        "subtraction --max 16 --sizes 1..3 --terms 1000 --out census.jsonl",
    ],
    columns: COLUMNS,
    settings: &[&MAX, &SIZES, &TERMS, &CAP],
    build: |v| {
        let max = v.number(&MAX).ok_or_else(|| Misused::SweepNeeds {
            sweep: FAMILY.name.to_string(),
            option: Opt::Max,
            value: "M".into(),
            why: "sets S ⊆ {1..M}".into(),
        })?;
        let (min_size, max_size) = v.range(&SIZES).unwrap_or((1, max));
        Ok(Box::new(SubtractionSets {
            max,
            min_size,
            max_size,
            terms: v.number(&TERMS).unwrap_or_default(),
            cap: v.number(&CAP).unwrap_or_default(),
        }))
    },
    from_json: |j| Ok(Box::new(serde_json::from_value::<SubtractionSets>(j)?)),
};

impl RuleSets for SubtractionSets {
    fn family(&self) -> &'static SweepFamily {
        &FAMILY
    }

    fn check(&self) -> Result<(), GameError> {
        let name = FAMILY.name;
        if self.max == 0 {
            return Err(at_least_one(name, &[Opt::Max]));
        }
        if self.max > MAX_ELEMENT {
            return Err(too_large(
                name,
                u128::from(self.max),
                MAX_ELEMENT,
                Unit::Amounts,
                Hint::SmallerSweep,
            ));
        }
        if self.min_size == 0 || self.min_size > self.max_size || self.min_size > self.max {
            return Err(Misused::SweepSizes {
                sweep: name.to_string(),
                lo: self.min_size,
                hi: self.max_size,
                max: self.max,
            }
            .into());
        }
        if self.terms == 0 || self.cap == 0 {
            return Err(at_least_one(name, &[Opt::Terms, Opt::Cap]));
        }
        if self.cap > MAX_CAP {
            return Err(too_large(
                name,
                u128::from(self.cap),
                MAX_CAP,
                Unit::Terms,
                Hint::SmallerCap,
            ));
        }
        Ok(())
    }

    fn count(&self) -> u128 {
        SubtractionSets::count(self)
    }

    fn row_at(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        let set = self.unrank(i).unwrap_or_default();
        self.row(i, &set, cancel)
    }

    fn rows_in(&self, start: u64, end: u64, cancel: &Cancel) -> Result<Vec<Row>, GameError> {
        self.rows(start, end, cancel)
    }

    fn arguments(&self) -> String {
        format!(
            " --max {} --sizes {}..{} --terms {} --cap {}",
            self.max, self.min_size, self.max_size, self.terms, self.cap
        )
    }

    fn default_shard(&self) -> u64 {
        1024
    }
}
