//! Generalised bases (Holshouser–Reiter, paper 002, Definition 1): `b1 = 1`,
//! strictly increasing, `b(k+1) − b(k) ∈ {b1, ..., bk}`; Algorithm 1 (greedy
//! representation), stability (Definition 4), semi-stability (Definition 5),
//! `g` and `ḡ` (Definitions 2 and 6), binary numbers (Definitions 3 and 7),
//! the binary degree and degree (Definitions 11 and 12) and the compatibility
//! condition of section 2.
//!
//! Terms are exact [`BigUint`]s. The Fibonacci and binary bases compute any
//! term directly; explicit prefixes and H-sequences keep a table that is
//! extended on demand (H-sequences lazily, up to [`MAX_TABLE_BITS`] bits).

use super::fibonacci::{fibonacci, fibonacci_pair, largest_index_at_most};
use super::h_sequence::{BoundFn, next_h_term};
use super::zeckendorf::Zeckendorf;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};
use thiserror::Error;

/// Largest total size (in bits) of the table of an H-sequence base (32 MiB).
///
/// Past it the base refuses to grow (with [`BaseError::TableTooLarge`]) rather
/// than use unbounded memory.
pub const MAX_TABLE_BITS: u64 = 1 << 28;

/// The bits an H-sequence term holds besides its digits and those of the
/// running maximum of `f`: two `BigUint` headers (24 bytes each) and their
/// heap blocks' headers (16 bytes each).
const TERM_OVERHEAD_BITS: u64 = 2 * 40 * 8;

/// The longest gap between indices that [`Base::terms_at`] walks term by term
/// in the Fibonacci base; longer gaps jump by fast doubling.
pub const TERMS_AT_WALK: usize = 256;

/// How many terms [`Base::binary_degree`] inspects in an H-sequence before
/// answering `None` (∞). Exact for the Fibonacci, binary and explicit bases.
pub const BINARY_DEGREE_SEARCH: usize = 1000;

/// Why a base cannot be built or cannot answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BaseError {
    /// An explicit prefix with no terms.
    #[error("a base needs at least one term (b1 = 1)")]
    Empty,
    /// An explicit prefix breaks Definition 1 at this (1-based) index.
    #[error("not a base (Definition 1) at term {index}: {reason}")]
    InvalidTerm {
        /// 1-based index of the first bad term.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// Term indices start at 1.
    #[error("term indices start at 1 (b1 = 1)")]
    ZeroIndex,
    /// A term past the end of an explicit prefix.
    #[error("the base has only {len} known terms; term {index} is unknown")]
    BeyondPrefix {
        /// The requested index.
        index: usize,
        /// Number of known terms.
        len: usize,
    },
    /// A number Algorithm 1 cannot place: it needs `b(k) ≤ n < b(k+1)` with
    /// `b(k+1)` known, so an explicit prefix ending at `last` represents `n ≤ last`.
    #[error("{n} is too large for this base: its known terms end at {last}")]
    TooLarge {
        /// The number.
        n: BigUint,
        /// The last known term.
        last: BigUint,
    },
    /// Schwenk's rule found no `j ≤ k` with `f(H_j) ≥ H_k`.
    #[error(
        "the bound gives no H-sequence: no j ≤ {k} has f(H_j) ≥ H_{k} = {h_k} (needs f(t) ≥ t at t = H_{k})"
    )]
    NoTermFor {
        /// The index `k` whose successor cannot be built.
        k: usize,
        /// `H_k`.
        h_k: BigUint,
    },
    /// The bound function failed.
    #[error("the bound failed at H_{k}: {message}")]
    Bound {
        /// Index of the term the bound was evaluated at.
        k: usize,
        /// The bound's message.
        message: String,
    },
    /// The term table would pass [`MAX_TABLE_BITS`].
    #[error("the base would need more than {limit_bits} bits of terms (after {terms} terms)")]
    TableTooLarge {
        /// Terms held.
        terms: usize,
        /// The limit.
        limit_bits: u64,
    },
    /// The bound function is needed but the base is not an H-sequence.
    #[error("this base is not an H-sequence (it has no bound f)")]
    NotAnHSequence,
    /// Definition 12 needs `b_k ≤ b`.
    #[error("the degree d(b_k, b) needs b_k ≤ b, but b_{k} = {b_k} > {b}")]
    NotAPosition {
        /// The index `k`.
        k: usize,
        /// `b_k`.
        b_k: BigUint,
        /// `b`.
        b: BigUint,
    },
}

/// The compatibility condition failed (or the base could not answer).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CompatibilityViolation {
    /// The first `n` that is non-binary and semi-stable with
    /// `g(n − ḡ(n)) ≥ ḡ(ḡ(n) + n)`.
    #[error(
        "compatibility condition fails at n = {n}: g(n − ḡ(n)) = {left} is not < ḡ(ḡ(n) + n) = {right}"
    )]
    Violated {
        /// The first violating number.
        n: u64,
        /// `g(n − ḡ(n))`.
        left: BigUint,
        /// `ḡ(ḡ(n) + n)`.
        right: BigUint,
    },
    /// The base could not answer (e.g. an explicit prefix too short).
    #[error(transparent)]
    Base(#[from] BaseError),
}

#[derive(Clone)]
enum Kind {
    Fibonacci,
    Binary,
    Explicit,
    HSequence(BoundFn),
}

#[derive(Default, Clone)]
struct Table {
    terms: Vec<BigUint>,
    /// `prefix_max[i] = max(f(H_1), ..., f(H_{i+1}))` (H-sequences only),
    /// for the first terms only: as far as the next term needs (lazily).
    prefix_max: Vec<BigUint>,
    bits: u64,
    /// Fibonacci base: the last term asked for, `(k, b_k, b_(k+1))`, so that
    /// asking for the terms in order costs one addition each.
    cursor: Option<(usize, BigUint, BigUint)>,
}

/// A base in the sense of Definition 1 (paper 002).
///
/// Law: `b1 = 1` and `b(k+1) − b(k) ∈ {b1, ..., bk}` for every `k`; every
/// `n ≥ 1` has exactly one stable representation, the one of Algorithm 1 (Lemma 1).
///
/// ```
/// use takeaway::numeration::base::Base;
/// use num_bigint::BigUint;
/// // Paper 002: in (1,2,3,6,7,10,17,34), 31 = 1 + 3 + 10 + 17.
/// let base = Base::explicit([1u32, 2, 3, 6, 7, 10, 17, 34].map(BigUint::from).to_vec()).unwrap();
/// assert_eq!(base.representation(&31u32.into()).unwrap(), [1, 3, 6, 7]);
/// ```
pub struct Base {
    kind: Kind,
    table: Mutex<Table>,
}

impl Clone for Base {
    fn clone(&self) -> Self {
        Base {
            kind: self.kind.clone(),
            table: Mutex::new(self.lock().clone()),
        }
    }
}

impl fmt::Debug for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            Kind::Fibonacci => "fibonacci",
            Kind::Binary => "binary",
            Kind::Explicit => "explicit",
            Kind::HSequence(_) => "h-sequence",
        };
        f.debug_struct("Base")
            .field("kind", &kind)
            .field("known_terms", &self.lock().terms.len())
            .finish()
    }
}

fn pow2(k: usize) -> BigUint {
    BigUint::one() << k
}

impl Base {
    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The Fibonacci base `(1, 2, 3, 5, 8, ...)`: `b_k = F(k+1)`.
    ///
    /// Law: `term(k) == fibonacci(k + 1)`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::fibonacci().term(5).unwrap(), 8u32.into());
    /// ```
    pub fn fibonacci() -> Base {
        Base {
            kind: Kind::Fibonacci,
            table: Mutex::default(),
        }
    }

    /// The binary base `(1, 2, 4, 8, ...)`: `b_k = 2^(k−1)`.
    ///
    /// Law: every term is binary (`ḡ(b_k) = b_k`).
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::binary().term(11).unwrap(), 1024u32.into());
    /// ```
    pub fn binary() -> Base {
        Base {
            kind: Kind::Binary,
            table: Mutex::default(),
        }
    }

    /// A finite prefix of a base, validated against Definition 1 (the error names
    /// the first bad index). Numbers above the last term are refused.
    ///
    /// Law: accepted iff `b1 = 1` and each difference is an earlier term.
    ///
    /// ```
    /// use takeaway::numeration::base::{Base, BaseError};
    /// use num_bigint::BigUint;
    /// let bad = Base::explicit([1u32, 2, 3, 7].map(BigUint::from).to_vec());
    /// assert!(matches!(bad, Err(BaseError::InvalidTerm { index: 4, .. })));
    /// ```
    pub fn explicit(prefix: Vec<BigUint>) -> Result<Base, BaseError> {
        let first = prefix.first().ok_or(BaseError::Empty)?;
        if !first.is_one() {
            return Err(BaseError::InvalidTerm {
                index: 1,
                reason: format!("b1 must be 1, found {first}"),
            });
        }
        for (i, pair) in prefix.windows(2).enumerate() {
            let (prev, next) = (&pair[0], &pair[1]);
            let index = i + 2;
            if next <= prev {
                return Err(BaseError::InvalidTerm {
                    index,
                    reason: format!("{next} is not larger than the previous term {prev}"),
                });
            }
            let diff = next - prev;
            if prefix[..=i].binary_search(&diff).is_err() {
                return Err(BaseError::InvalidTerm {
                    index,
                    reason: format!(
                        "the difference {next} − {prev} = {diff} is not one of the earlier terms"
                    ),
                });
            }
        }
        let bits = prefix.iter().map(|t| t.bits()).sum();
        Ok(Base {
            kind: Kind::Explicit,
            table: Mutex::new(Table {
                terms: prefix,
                prefix_max: Vec::new(),
                bits,
                cursor: None,
            }),
        })
    }

    /// Schwenk's H-sequence of a bound `f` (paper 000, section 2): `H1 = 1`,
    /// `H(k+1) = H(k) + H(j)` with `j` least such that `f(H_j) ≥ H_k`. Terms
    /// are built lazily; a bound with no such `j ≤ k` gives
    /// [`BaseError::NoTermFor`] naming `k` when that term is first needed.
    ///
    /// Law: `f(t) = 2t` gives the Fibonacci base, `f(t) = t` the binary base.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// use num_bigint::BigUint;
    /// let fib = Base::h_sequence(|t: &BigUint| Ok(t * 2u32));
    /// let terms: Vec<BigUint> = fib.terms(6).unwrap();
    /// assert_eq!(terms, [1u32, 2, 3, 5, 8, 13].map(BigUint::from));
    /// ```
    pub fn h_sequence<F>(f: F) -> Base
    where
        F: Fn(&BigUint) -> Result<BigUint, String> + Send + Sync + 'static,
    {
        Base {
            kind: Kind::HSequence(Arc::new(f)),
            table: Mutex::default(),
        }
    }

    /// The bound `f` of an H-sequence base (`None` for other bases).
    ///
    /// Law: `Some` iff the base was made by [`Base::h_sequence`].
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert!(Base::fibonacci().bound().is_none());
    /// ```
    pub fn bound(&self) -> Option<BoundFn> {
        match &self.kind {
            Kind::HSequence(f) => Some(Arc::clone(f)),
            _ => None,
        }
    }

    /// `l(k)` of paper 000 (2.3) where the base's recurrence gives it without
    /// arithmetic: Fibonacci `l(1) = 0`, `l(k) = 1` (`b(k+1) = b(k) + b(k−1)`),
    /// binary `l(k) = 0` (`b(k+1) = 2b(k)`); `None` otherwise (and for `k = 0`).
    pub(crate) fn known_l(&self, k: usize) -> Option<usize> {
        match (&self.kind, k) {
            (_, 0) => None,
            (Kind::Fibonacci, 1) | (Kind::Binary, _) => Some(0),
            (Kind::Fibonacci, _) => Some(1),
            _ => None,
        }
    }

    /// The number of terms known without further computation: `Some(len)` for
    /// an explicit prefix, `None` for endless bases.
    ///
    /// Law: `term(k)` succeeds for every `k ≤ len`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::binary().known_len(), None);
    /// ```
    pub fn known_len(&self) -> Option<usize> {
        match self.kind {
            Kind::Explicit => Some(self.lock().terms.len()),
            _ => None,
        }
    }

    /// Grows an H-sequence table to at least `len` terms.
    fn grow_to_len(&self, table: &mut Table, len: usize) -> Result<(), BaseError> {
        match &self.kind {
            Kind::Explicit => {
                if len > table.terms.len() {
                    return Err(BaseError::BeyondPrefix {
                        index: len,
                        len: table.terms.len(),
                    });
                }
                Ok(())
            }
            Kind::HSequence(f) => {
                while table.terms.len() < len {
                    self.grow_one(f, table)?;
                }
                Ok(())
            }
            Kind::Fibonacci | Kind::Binary => Ok(()),
        }
    }

    fn grow_one(&self, f: &BoundFn, table: &mut Table) -> Result<(), BaseError> {
        if table.bits > MAX_TABLE_BITS {
            return Err(BaseError::TableTooLarge {
                terms: table.terms.len(),
                limit_bits: MAX_TABLE_BITS,
            });
        }
        let next = match table.terms.last() {
            None => BigUint::one(),
            Some(h_k) => {
                // `f` is evaluated lazily: the next term needs the least `j`
                // with max(f(H_1..H_j)) ≥ H_k, and as H_k only grows, so
                // does `j`; once the running maximum reaches H_k no later
                // value of `f` can change it. (f = t^5000 needs f(H_1) and
                // f(H_2) only, where evaluating it on every term took
                // seconds each on a 100-digit pile.)
                let h_k = h_k.clone();
                while table.prefix_max.len() < table.terms.len()
                    && table.prefix_max.last().is_none_or(|m| *m < h_k)
                {
                    let i = table.prefix_max.len();
                    let value = f(&table.terms[i])
                        .map_err(|message| BaseError::Bound { k: i + 1, message })?;
                    let max = match table.prefix_max.last() {
                        Some(m) if *m > value => m.clone(),
                        _ => value,
                    };
                    // The running maximum can be far longer than the term
                    // (f = t^94: 94 times), with its header and allocation.
                    table.bits = table
                        .bits
                        .saturating_add(max.bits())
                        .saturating_add(TERM_OVERHEAD_BITS / 2);
                    table.prefix_max.push(max);
                }
                next_h_term(&table.terms, &table.prefix_max)?
            }
        };
        // The term's digits, header and allocation.
        table.bits = table
            .bits
            .saturating_add(next.bits())
            .saturating_add(TERM_OVERHEAD_BITS / 2);
        table.terms.push(next);
        Ok(())
    }

    /// Makes sure the table brackets `n`: last term `> n` (or, for an explicit
    /// prefix, `n ≤ last`).
    fn grow_above(&self, table: &mut Table, n: &BigUint) -> Result<(), BaseError> {
        match &self.kind {
            Kind::Explicit => match table.terms.last() {
                Some(last) if n > last => Err(BaseError::TooLarge {
                    n: n.clone(),
                    last: last.clone(),
                }),
                _ => Ok(()),
            },
            Kind::HSequence(f) => {
                while table.terms.last().is_none_or(|last| last <= n) {
                    self.grow_one(f, table)?;
                }
                Ok(())
            }
            Kind::Fibonacci | Kind::Binary => Ok(()),
        }
    }

    /// An upper bound on the bits of the term `b_k` when it follows from
    /// `k` alone (the Fibonacci base: `b_k = F(k+1) < φ^(k+1)`; binary:
    /// `k` bits); `None` for a table base, whose growth
    /// [`MAX_TABLE_BITS`] limits.
    pub(crate) fn term_bits(&self, k: u64) -> Option<u64> {
        match self.kind {
            Kind::Fibonacci => Some(k.saturating_add(1).saturating_mul(6943) / 10_000 + 1),
            Kind::Binary => Some(k),
            Kind::Explicit | Kind::HSequence(_) => None,
        }
    }

    /// The term `b_k` (1-based).
    ///
    /// Law: `term(1) == 1` and `term(k+1) − term(k)` is an earlier term.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::fibonacci().term(1).unwrap(), 1u32.into());
    /// assert!(Base::fibonacci().term(0).is_err());
    /// ```
    pub fn term(&self, k: usize) -> Result<BigUint, BaseError> {
        if k == 0 {
            return Err(BaseError::ZeroIndex);
        }
        match self.kind {
            Kind::Fibonacci => {
                // b_k = F(k+1); walk from the last term asked for when it is
                // just below (loops over k ask in order), else fast doubling.
                let mut table = self.lock();
                let (mut at, mut a, mut b) = match table.cursor.take() {
                    Some((c, a, b)) if c <= k && k - c <= TERMS_AT_WALK => (c, a, b),
                    _ => {
                        let (a, b) = fibonacci_pair(k + 1);
                        (k, a, b)
                    }
                };
                while at < k {
                    a += &b;
                    std::mem::swap(&mut a, &mut b);
                    at += 1;
                }
                table.cursor = Some((k, a.clone(), b));
                Ok(a)
            }
            Kind::Binary => Ok(pow2(k - 1)),
            Kind::Explicit | Kind::HSequence(_) => {
                let mut table = self.lock();
                self.grow_to_len(&mut table, k)?;
                table
                    .terms
                    .get(k - 1)
                    .cloned()
                    .ok_or(BaseError::BeyondPrefix {
                        index: k,
                        len: table.terms.len(),
                    })
            }
        }
    }

    /// The first `count` terms.
    ///
    /// Law: `terms(c)[k − 1] == term(k)`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// use num_bigint::BigUint;
    /// assert_eq!(Base::binary().terms(4).unwrap(), [1u32, 2, 4, 8].map(BigUint::from));
    /// ```
    pub fn terms(&self, count: usize) -> Result<Vec<BigUint>, BaseError> {
        match self.kind {
            Kind::Fibonacci => Ok(super::fibonacci::Fibonacci::new()
                .skip(2)
                .take(count)
                .collect()),
            Kind::Binary => Ok((0..count).map(pow2).collect()),
            Kind::Explicit | Kind::HSequence(_) => {
                let mut table = self.lock();
                self.grow_to_len(&mut table, count)?;
                Ok(table.terms.get(..count).unwrap_or(&[]).to_vec())
            }
        }
    }

    /// The terms `b_i` for the given indices (any order). For the Fibonacci
    /// base one walk up the terms, jumping by fast doubling across gaps of
    /// more than [`TERMS_AT_WALK`] indices (a walk to index `k` alone costs
    /// `O(k²)` bit operations: a second for a 100,000-digit term).
    ///
    /// Law: `terms_at(&[i, j]) == [term(i), term(j)]`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// use num_bigint::BigUint;
    /// assert_eq!(Base::fibonacci().terms_at(&[3, 5, 10]).unwrap(), [3u32, 8, 89].map(BigUint::from));
    /// ```
    pub fn terms_at(&self, indices: &[usize]) -> Result<Vec<BigUint>, BaseError> {
        if indices.contains(&0) {
            return Err(BaseError::ZeroIndex);
        }
        match self.kind {
            Kind::Fibonacci => {
                let mut order: Vec<usize> = (0..indices.len()).collect();
                order.sort_unstable_by_key(|&i| indices[i]);
                let mut out = vec![BigUint::zero(); indices.len()];
                // b_k = F(k+1); walk (F(m), F(m+1)) upward from m = 2.
                let (mut a, mut b) = (BigUint::one(), BigUint::from(2u32));
                let mut m = 1usize; // a = b_m
                for i in order {
                    if indices[i] > m + TERMS_AT_WALK {
                        // b_k = F(k+1), b_(k+1) = F(k+2)
                        (a, b) = fibonacci_pair(indices[i] + 1);
                        m = indices[i];
                    }
                    while m < indices[i] {
                        a += &b;
                        std::mem::swap(&mut a, &mut b);
                        m += 1;
                    }
                    if let Some(slot) = out.get_mut(i) {
                        slot.clone_from(&a);
                    }
                }
                Ok(out)
            }
            _ => indices.iter().map(|&i| self.term(i)).collect(),
        }
    }

    /// The index `k` with `b_k = x`, if `x` is a term.
    ///
    /// Law: `index_of(&term(k)) == Some(k)`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::fibonacci().index_of(&13u32.into()), Some(6));
    /// assert_eq!(Base::fibonacci().index_of(&4u32.into()), None);
    /// ```
    pub fn index_of(&self, x: &BigUint) -> Option<usize> {
        if x.is_zero() {
            return None;
        }
        match self.kind {
            Kind::Fibonacci => match Zeckendorf::canonical(x).positions() {
                [p] => Some(p - 1),
                _ => None,
            },
            Kind::Binary => {
                let tz = x.trailing_zeros()?;
                (x.count_ones() == 1).then(|| usize::try_from(tz).ok().map(|t| t + 1))?
            }
            Kind::Explicit | Kind::HSequence(_) => {
                let mut table = self.lock();
                self.grow_above(&mut table, x).ok()?;
                table.terms.binary_search(x).ok().map(|i| i + 1)
            }
        }
    }

    /// The index `h` with `b_h ≤ n < b_(h+1)` for `n ≥ 1` (for an explicit
    /// prefix, `n = last` gives the last index, since any next term is larger).
    ///
    /// Law: `term(h) ≤ n` and (when known) `n < term(h + 1)`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::fibonacci().bracket(&10u32.into()).unwrap(), 5);
    /// ```
    pub fn bracket(&self, n: &BigUint) -> Result<usize, BaseError> {
        if n.is_zero() {
            return Err(BaseError::ZeroIndex);
        }
        match self.kind {
            Kind::Fibonacci => Ok(largest_index_at_most(n).map_or(1, |(k, _, _)| k - 1)),
            Kind::Binary => usize::try_from(n.bits()).map_err(|_| BaseError::TableTooLarge {
                terms: 0,
                limit_bits: MAX_TABLE_BITS,
            }),
            Kind::Explicit | Kind::HSequence(_) => {
                let mut table = self.lock();
                self.grow_above(&mut table, n)?;
                Ok(table.terms.partition_point(|t| t <= n))
            }
        }
    }

    /// Algorithm 1 (paper 002): `n = b_(i1) + ... + b_(it)`, `i1 < ... < it`,
    /// taking the largest `b_k ≤ n` and repeating on `n − b_k`. Returns the
    /// ascending indices (empty for `0`).
    ///
    /// Law: the terms sum to `n` and the representation is stable (Lemma 1).
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// // 100 = 89 + 8 + 3 = F11 + F6 + F4 = b10 + b5 + b3.
    /// assert_eq!(Base::fibonacci().representation(&100u32.into()).unwrap(), [3, 5, 10]);
    /// ```
    pub fn representation(&self, n: &BigUint) -> Result<Vec<usize>, BaseError> {
        if n.is_zero() {
            return Ok(Vec::new());
        }
        match self.kind {
            Kind::Fibonacci => Ok(Zeckendorf::canonical(n)
                .positions()
                .iter()
                .map(|p| p - 1)
                .collect()),
            Kind::Binary => {
                let mut out = Vec::new();
                for i in 0..n.bits() {
                    if n.bit(i) {
                        let i = usize::try_from(i).map_err(|_| BaseError::TableTooLarge {
                            terms: 0,
                            limit_bits: MAX_TABLE_BITS,
                        })?;
                        out.push(i + 1);
                    }
                }
                Ok(out)
            }
            Kind::Explicit | Kind::HSequence(_) => {
                let mut table = self.lock();
                self.grow_above(&mut table, n)?;
                let terms = &table.terms;
                let mut limit = terms.len();
                let mut rest = n.clone();
                let mut out = Vec::new();
                while !rest.is_zero() {
                    let h = terms
                        .get(..limit)
                        .unwrap_or(&[])
                        .partition_point(|t| *t <= rest);
                    let Some(t) = h.checked_sub(1).and_then(|i| terms.get(i)) else {
                        break;
                    };
                    rest -= t;
                    out.push(h);
                    limit = h - 1;
                }
                out.reverse();
                Ok(out)
            }
        }
    }

    /// `ḡ(b_k) = b_(k+1) − b_k` (Definition 2).
    ///
    /// Law: `ḡ(b_k)` is a term `≤ b_k`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::fibonacci().g_bar_term(5).unwrap(), 5u32.into()); // 13 − 8
    /// ```
    pub fn g_bar_term(&self, k: usize) -> Result<BigUint, BaseError> {
        match self.kind {
            Kind::Fibonacci if k > 0 => Ok(fibonacci(k)),
            Kind::Binary if k > 0 => Ok(pow2(k - 1)),
            _ => {
                let next = self.term(k + 1)?;
                Ok(next - self.term(k)?)
            }
        }
    }

    /// `b_k` is binary (Definition 3): `ḡ(b_k) = b_k`.
    ///
    /// Law: `b1` is always binary.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert!(Base::fibonacci().is_binary_term(1).unwrap());
    /// assert!(!Base::fibonacci().is_binary_term(2).unwrap());
    /// ```
    pub fn is_binary_term(&self, k: usize) -> Result<bool, BaseError> {
        Ok(self.g_bar_term(k)? == self.term(k)?)
    }

    /// Definition 4: a representation (ascending indices) is stable if
    /// `b_(i(j−1)) < ḡ(b_(ij))` for every `j ≥ 2`.
    ///
    /// Law: `is_stable(&representation(n))` for every `n` (Lemma 1).
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// let fib = Base::fibonacci();
    /// assert!(fib.is_stable(&[1, 3]).unwrap());   // 1 + 3
    /// assert!(!fib.is_stable(&[1, 2]).unwrap());  // 1 + 2: 1 is not < ḡ(2) = 1
    /// ```
    pub fn is_stable(&self, indices: &[usize]) -> Result<bool, BaseError> {
        for pair in indices.windows(2) {
            if self.term(pair[0])? >= self.g_bar_term(pair[1])? {
                return Ok(false);
            }
        }
        if let Some(&i) = indices.first() {
            self.term(i)?;
        }
        Ok(true)
    }

    /// `g(n) = b_(i1)`, the smallest term of Algorithm 1's representation
    /// (Definition 6); `None` (∞) for `n = 0`.
    ///
    /// Law: `g(b_k) = b_k` and `g(n) ≤ n`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert_eq!(Base::fibonacci().g(&100u32.into()).unwrap(), Some(3u32.into()));
    /// ```
    pub fn g(&self, n: &BigUint) -> Result<Option<BigUint>, BaseError> {
        match self.representation(n)?.first() {
            Some(&i) => self.term(i).map(Some),
            None => Ok(None),
        }
    }

    /// `ḡ(n) = ḡ(g(n))` (Definition 6); `None` (∞) for `n = 0`.
    ///
    /// Law: `ḡ(n) ≤ g(n)`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// use num_bigint::BigUint;
    /// // Paper 002: in (1,2,3,6,7,10,17,34), ḡ(17) = 17 and ḡ(7) = 3.
    /// let base = Base::explicit([1u32, 2, 3, 6, 7, 10, 17, 34].map(BigUint::from).to_vec()).unwrap();
    /// assert_eq!(base.g_bar(&17u32.into()).unwrap(), Some(17u32.into()));
    /// assert_eq!(base.g_bar(&7u32.into()).unwrap(), Some(3u32.into()));
    /// ```
    pub fn g_bar(&self, n: &BigUint) -> Result<Option<BigUint>, BaseError> {
        match self.representation(n)?.first() {
            Some(&i) => self.g_bar_term(i).map(Some),
            None => Ok(None),
        }
    }

    /// Definition 7: `n ≥ 1` is binary if `g(n)` is binary, i.e. `ḡ(n) = g(n)`
    /// (`false` for `0`).
    ///
    /// Law: in the binary base every `n ≥ 1` is binary.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert!(Base::binary().is_binary(&12u32.into()).unwrap());
    /// assert!(!Base::fibonacci().is_binary(&7u32.into()).unwrap()); // 7 = 2 + 5, ḡ(2) = 1
    /// ```
    pub fn is_binary(&self, n: &BigUint) -> Result<bool, BaseError> {
        match self.representation(n)?.first() {
            Some(&i) => self.is_binary_term(i),
            None => Ok(false),
        }
    }

    /// Definition 5: `n` is semi-stable if its representation has `t ≥ 2` terms
    /// and `b_(i1+1) = ḡ(b_(i2))`.
    ///
    /// Law: `n` semi-stable iff `ḡ(n) + g(n) = ḡ(n − g(n))` with `t ≥ 2` (paper 002, after Def. 6).
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// let fib = Base::fibonacci();
    /// assert!(fib.is_semi_stable(&4u32.into()).unwrap());  // 1 + 3: b2 = 2 = ḡ(3)
    /// assert!(!fib.is_semi_stable(&6u32.into()).unwrap()); // 1 + 5: b2 = 2 ≠ ḡ(5) = 3
    /// ```
    pub fn is_semi_stable(&self, n: &BigUint) -> Result<bool, BaseError> {
        match self.representation(n)?[..] {
            [i1, i2, ..] => Ok(self.term(i1 + 1)? == self.g_bar_term(i2)?),
            _ => Ok(false),
        }
    }

    /// Definition 11: the binary degree `d_b(b_k) = j − k`, `j ≥ k` least with
    /// `b_j` binary; `None` for ∞. Exact for the Fibonacci and binary bases; for
    /// an explicit prefix only terms whose `ḡ` is known count (no binary term
    /// among them gives `None`); for an H-sequence [`BINARY_DEGREE_SEARCH`]
    /// terms are inspected before answering `None`.
    ///
    /// Law: `binary_degree(k) == Some(0)` iff `b_k` is binary.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// use num_bigint::BigUint;
    /// let base = Base::explicit([1u32, 2, 3, 6, 7, 10, 17, 34].map(BigUint::from).to_vec()).unwrap();
    /// assert_eq!(base.binary_degree(4), Some(3)); // 6, 7, 10 then 17 binary
    /// assert_eq!(Base::fibonacci().binary_degree(2), None);
    /// ```
    pub fn binary_degree(&self, k: usize) -> Option<usize> {
        if k == 0 {
            return None;
        }
        match self.kind {
            Kind::Fibonacci => (k == 1).then_some(0),
            Kind::Binary => Some(0),
            Kind::Explicit | Kind::HSequence(_) => (k..k.saturating_add(BINARY_DEGREE_SEARCH))
                .map_while(|j| self.is_binary_term(j).ok().map(|b| (j, b)))
                .find(|&(_, b)| b)
                .map(|(j, _)| j - k),
        }
    }

    /// Definition 12: the degree `d(b_k, b) = min(d_b(b_k), h − k)` where
    /// `b_h ≤ b < b_(h+1)`; needs `b_k ≤ b`. Always exact (only terms up to
    /// `b_h` are inspected).
    ///
    /// Law: `degree(k, &term(k)) == 0`.
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// let fib = Base::fibonacci();
    /// assert_eq!(fib.degree(2, &20u32.into()).unwrap(), 4); // b2 = 2, b6 = 13 ≤ 20 < 21
    /// ```
    pub fn degree(&self, k: usize, b: &BigUint) -> Result<usize, BaseError> {
        let b_k = self.term(k)?;
        if &b_k > b {
            return Err(BaseError::NotAPosition {
                k,
                b_k,
                b: b.clone(),
            });
        }
        let h = self.bracket(b)?;
        for j in k..h {
            if self.is_binary_term(j)? {
                return Ok(j - k);
            }
        }
        Ok(h - k)
    }

    /// The compatibility condition (paper 002, section 2) for `1 ≤ n ≤ up_to`:
    /// if `n` is non-binary and semi-stable then `g(n − ḡ(n)) < ḡ(ḡ(n) + n)`.
    ///
    /// Law: holds whenever `ḡ` restricted to the base is nondecreasing (paper's Note).
    ///
    /// ```
    /// use takeaway::numeration::base::Base;
    /// assert!(Base::fibonacci().compatibility(1000).is_ok());
    /// ```
    pub fn compatibility(&self, up_to: u64) -> Result<(), CompatibilityViolation> {
        for n in 1..=up_to {
            let big = BigUint::from(n);
            let repr = self.representation(&big)?;
            let [i1, i2, ..] = repr[..] else { continue };
            let g = self.term(i1)?;
            let g_bar = self.g_bar_term(i1)?;
            let non_binary = g_bar < g;
            let semi_stable = self.term(i1 + 1)? == self.g_bar_term(i2)?;
            if !(non_binary && semi_stable) {
                continue;
            }
            let left = self.g(&(&big - &g_bar))?.unwrap_or_default();
            let right = self.g_bar(&(&big + &g_bar))?.unwrap_or_default();
            if left >= right {
                return Err(CompatibilityViolation::Violated { n, left, right });
            }
        }
        Ok(())
    }
}
