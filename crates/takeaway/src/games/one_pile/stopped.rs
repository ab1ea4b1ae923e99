//! Epp–Ferguson's stopped H-sequences: `f(1) ≥ 1` but `f(t) < t` somewhere.
//!
//! The H-sequence (`H1 = 1`, `H(k+1) = H(k) + H(j)`, `j` least with
//! `f(H(j)) ≥ H(k)`) then stops at a last term `P = H(k)`: no `j ≤ k` has
//! `f(H(j)) ≥ P`, so a player who takes `P` or a multiple's worth is never
//! answered by a whole `P`. The papers print the theorem only for sequences
//! that never stop (paper 000 §2 reports Epp–Ferguson's hypothesis `f(1) ≥ 1`;
//! paper 004 the unbounded case). What holds here, established by brute force
//! from the rules (f = 1, min(t, 3), (t + 1)/2, if(t < 5, t, 5), min(2t, 7),
//! min(t + 2, 9), max(1, t − 2): no exception up to n = 3,000):
//!
//! > `L(n)` is periodic with period `P`: write `n = q·P + r` with `0 ≤ r < P`;
//! > `L(n) = P` when `r = 0`, else the smallest term of `r` written greedily
//! > in `H1, …, H(k−1)`.
//!
//! Each game's claim is *proved*, not assumed, by a window: the least
//! winning move obeys `L(m) = min{t : t = m or f(t) < L(m − t)}` (for any f
//! that ignores the pile size). If the rule matches that recurrence for every
//! `m ≤ 3P`, then `L(m) ≤ P` on `(P, 3P]` and `L(m) = L(m − P)` on
//! `(2P, 3P]`; for `m > 3P` every candidate `t ≤ P` looks at `m − t > 2P`,
//! where (by induction) `L(m − t) = L(m − P − t)`, so the minimum over
//! `t ≤ P` is the one for `m − P`, which exists and is `≤ P`: the rule holds
//! for every pile. Only `f` on `1 ≤ t ≤ 3P` matters, so `f` need not be
//! monotone.

use crate::bound::Bound;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::ToPrimitive;

/// Largest last term `P` tried: the proof window costs up to `3P · P` steps
/// (about 5 · 10^7 at this size, tens of milliseconds).
pub const MOST_PERIOD: u64 = 4096;

/// A stopped H-sequence whose periodic rule is proved for its `f`.
///
/// Law: [`least_winning_move`](Self::least_winning_move)`(n)` is the least
/// winning move of pile `n`, for every `n ≥ 1`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::one_pile::stopped::Stopped;
/// // f = min(t, 3): H = 1, 2, 4 and L = 1, 2, 1, 4, 1, 2, 1, 4, … (brute force).
/// let s = Stopped::new(&Bound::parse("min(t, 3)").unwrap()).unwrap();
/// assert_eq!(s.terms, [1, 2, 4]);
/// let l: Vec<u64> = (1..=8u32).map(|n| s.least_winning_move(&n.into()).try_into().unwrap()).collect();
/// assert_eq!(l, [1, 2, 1, 4, 1, 2, 1, 4]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stopped {
    /// `H1, …, H(k)`; the last is the period `P`.
    pub terms: Vec<u64>,
}

impl Stopped {
    /// The stopped H-sequence of `f` with its rule proved by the window
    /// `n ≤ 3P`, or `None`: `f` depends on `n`, `f(1) = 0`, the sequence
    /// does not stop below [`MOST_PERIOD`], `f` cannot be evaluated there, or
    /// the window disproves the rule.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::one_pile::stopped::Stopped;
    /// assert!(Stopped::new(&Bound::parse("2*t").unwrap()).is_none()); // never stops
    /// assert_eq!(Stopped::new(&Bound::parse("1").unwrap()).unwrap().period(), 2);
    /// ```
    pub fn new(f: &Bound) -> Option<Stopped> {
        if f.uses_n() {
            return None;
        }
        let eval = |t: u64| f.eval_u64(0, t).ok();
        if eval(1)? < 1 {
            return None;
        }
        let mut terms = vec![1u64];
        loop {
            let h_k = *terms.last()?;
            let mut next = None;
            for &h_j in &terms {
                if eval(h_j)? >= h_k {
                    next = Some(h_j);
                    break;
                }
            }
            match next {
                Some(h_j) => {
                    let h = h_k.checked_add(h_j)?;
                    if h > MOST_PERIOD {
                        return None;
                    }
                    terms.push(h);
                }
                None => break,
            }
        }
        let s = Stopped { terms };
        s.proved(f).then_some(s)
    }

    /// The period `P`, the last term.
    pub fn period(&self) -> u64 {
        self.terms.last().copied().unwrap_or(1)
    }

    /// The rule: `P` when `P` divides `n`, else the smallest term of
    /// `n mod P` written greedily in the terms below `P` (`P` for `n = 0`,
    /// which has no move; callers ask for `n ≥ 1`).
    pub fn least_winning_move(&self, n: &BigUint) -> BigUint {
        let p = self.period();
        let r = (n % p).to_u64().unwrap_or(0);
        BigUint::from(self.smallest_term(r).unwrap_or(p))
    }

    /// The terms of `r < P` written greedily in `H1, …, H(k−1)`, ascending.
    pub fn representation(&self, r: u64) -> Vec<u64> {
        let mut rest = r;
        let mut used = Vec::new();
        for &h in self.terms[..self.terms.len().saturating_sub(1)]
            .iter()
            .rev()
        {
            if h <= rest {
                rest -= h;
                used.push(h);
            }
        }
        used.reverse();
        used
    }

    fn smallest_term(&self, r: u64) -> Option<u64> {
        self.representation(r).first().copied()
    }

    /// Checks the rule against the recurrence on `1 ≤ m ≤ 3P` (see the
    /// module's proof).
    fn proved(&self, f: &Bound) -> bool {
        let p = self.period();
        let Some(top) = p.checked_mul(3) else {
            return false;
        };
        let Some(ft) = (0..=top)
            .map(|t| f.eval_u64(0, t).ok())
            .collect::<Option<Vec<u64>>>()
        else {
            return false;
        };
        let mut l = vec![u64::MAX; top as usize + 1];
        for m in 1..=top as usize {
            let best = (1..=m).find(|&t| t == m || ft[t] < l[m - t]).unwrap_or(m);
            l[m] = best as u64;
            let by_rule = self.smallest_term(m as u64 % p).unwrap_or(p);
            if best as u64 != by_rule {
                return false;
            }
        }
        true
    }

    /// `n = q·P + r`: `(q, r)`.
    pub fn split(&self, n: &BigUint) -> (BigUint, u64) {
        let (q, r) = n.div_rem(&BigUint::from(self.period()));
        (q, r.to_u64().unwrap_or(0))
    }
}
