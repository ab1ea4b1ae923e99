//! Proved periodicity of a one-pile value sequence, with minimal period and pre-period.
//!
//! Law (the window argument): for a finite `S` with maximum `m`, the value at
//! `n ≥ m` depends only on the `m` values before it (every `s ∈ S` is then a
//! legal move), both for Grundy values and for misère outcomes. So the windows
//! `W_i = (v(i), …, v(i+m−1))` follow a deterministic map `W_i ↦ W_{i+1}`, and
//! `v(i) = v(i+p)` for all `i ∈ [q, q+m)` implies `v(i) = v(i+p)` for every `i ≥ q`.
//! The first repeated window `W_q = W_{q+p}` (Brent's cycle finding on the window
//! map) therefore gives the minimal pre-period `q` and the minimal period `p`.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// An eventually periodic sequence, proved: `values` holds at least `preperiod + period`
/// terms and `v(n) = v(preperiod + (n − preperiod) mod period)` for `n ≥ preperiod`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodic {
    /// The computed prefix of the sequence (at least `preperiod + period` terms).
    pub values: Vec<u16>,
    /// Minimal period `p ≥ 1`.
    pub period: usize,
    /// Minimal pre-period `q`.
    pub preperiod: usize,
}

/// Why no period was proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoPeriodYet {
    /// How many terms would have been needed next.
    pub needed: usize,
    /// Whether the search was stopped (cancelled) rather than out of room.
    pub stopped: bool,
}

impl Periodic {
    /// The term at any `n`, using the period past the computed prefix.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::games::subtraction::period::Periodic;
    /// let p = Periodic { values: vec![5, 0, 1, 2], period: 3, preperiod: 1 };
    /// assert_eq!(p.at(&BigUint::from(7u8)), 0); // 1 + (7 − 1) mod 3 = 1
    /// let big: BigUint = "1000000000000000000000000000001".parse().unwrap();
    /// assert_eq!(p.at(&big), 1); // 1 + 10^30 mod 3 = 2
    /// ```
    pub fn at(&self, n: &BigUint) -> u16 {
        if let Some(v) = n.to_usize().and_then(|i| self.values.get(i)) {
            return *v;
        }
        let q = BigUint::from(self.preperiod);
        if *n < q {
            return 0;
        }
        let r = ((n - &q) % BigUint::from(self.period))
            .to_usize()
            .unwrap_or(0);
        self.at_small(self.preperiod + r)
    }

    /// The term at a machine-sized `n`.
    ///
    /// ```
    /// use takeaway::games::subtraction::period::Periodic;
    /// let p = Periodic { values: vec![0, 1], period: 2, preperiod: 0 };
    /// assert_eq!(p.at_small(11), 1);
    /// ```
    pub fn at_small(&self, n: usize) -> u16 {
        let i = if n < self.values.len() {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period.max(1)
        };
        self.values.get(i).copied().unwrap_or(0)
    }

    /// Calls `f` on the terms `v(0), …, v(rows − 1)` in order, without storing them.
    ///
    /// ```
    /// use takeaway::games::subtraction::period::Periodic;
    /// let p = Periodic { values: vec![7, 0, 1], period: 2, preperiod: 1 };
    /// let mut out = vec![];
    /// p.for_each(6, |v| out.push(v));
    /// assert_eq!(out, vec![7, 0, 1, 0, 1, 0]);
    /// ```
    pub fn for_each(&self, rows: u64, mut f: impl FnMut(u16)) {
        let direct = (self.preperiod + self.period).min(self.values.len());
        let mut n = 0u64;
        for &v in self.values.iter().take(direct) {
            if n == rows {
                return;
            }
            f(v);
            n += 1;
        }
        let Some(cycle) = self.values.get(self.preperiod..direct) else {
            return;
        };
        if cycle.is_empty() {
            return;
        }
        let mut i = (direct - self.preperiod) % cycle.len();
        while n < rows {
            f(cycle[i]);
            i += 1;
            if i == cycle.len() {
                i = 0;
            }
            n += 1;
        }
    }
}

/// Finds the minimal pre-period and period of a sequence whose term `n ≥ m` is a
/// function of the `m` terms before it; `extend(values, to)` computes terms up to `to`.
/// Gives up (with the length it would need) past `cap` terms.
///
/// ```
/// use takeaway::games::subtraction::{mex::extend_grundy, period::find_period};
/// let set = [1usize, 3, 4];
/// let p = find_period(4, 1 << 20, |g, to| { extend_grundy(g, &set, to); true }).unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 7)); // 0 1 0 1 2 3 2 | 0 1 ...
/// ```
pub fn find_period(
    m: usize,
    cap: usize,
    extend: impl FnMut(&mut Vec<u16>, usize) -> bool,
) -> Result<Periodic, NoPeriodYet> {
    find_period_until(m, cap, extend, |_| true)
}

/// [`find_period`] that also tells `keep_going` its work so far (terms read
/// while comparing windows: one per step of the rolling hash, `m` per window
/// hashed or compared term by term), about every 2^20, and stops with
/// `NoPeriodYet { stopped: true, .. }` when it answers false.
///
/// ```
/// use takeaway::games::subtraction::{mex::extend_grundy, period::find_period_until};
/// let set = [1usize, 3, 4];
/// let stopped = find_period_until(4, 1 << 20, |g, to| { extend_grundy(g, &set, to); true }, |_| false);
/// assert!(stopped.unwrap_err().stopped);
/// ```
pub fn find_period_until(
    m: usize,
    cap: usize,
    mut extend: impl FnMut(&mut Vec<u16>, usize) -> bool,
    mut keep_going: impl FnMut(u64) -> bool,
) -> Result<Periodic, NoPeriodYet> {
    let m = m.max(1);
    // Terms read, in all and since `keep_going` was last asked.
    let (mut compared, mut since_poll) = (0u64, u64::MAX); // the first comparison polls
    let mut poll = |work: u64, needed: usize| -> Result<(), NoPeriodYet> {
        compared = compared.saturating_add(work);
        since_poll = since_poll.saturating_add(work);
        if since_poll >= 1 << 20 {
            since_poll = 0;
            if !keep_going(compared) {
                return Err(NoPeriodYet {
                    needed,
                    stopped: true,
                });
            }
        }
        Ok(())
    };
    let mut values = Vec::new();
    let mut ensure = |values: &mut Vec<u16>, len: usize| -> Result<(), NoPeriodYet> {
        if len <= values.len() {
            return Ok(());
        }
        let target = len.max(values.len().saturating_mul(2)).max(1024);
        let target = if target > cap { len } else { target };
        if target > cap {
            return Err(NoPeriodYet {
                needed: target,
                stopped: false,
            });
        }
        if !extend(values, target) || values.len() < target {
            return Err(NoPeriodYet {
                needed: target,
                stopped: true,
            });
        }
        Ok(())
    };
    // Windows are compared by a rolling polynomial hash (O(1) a step, so a
    // large `m` costs no more per step than a small one) and, when the
    // hashes agree, term by term: a collision costs time, never a wrong
    // period. `work` counts the terms read.
    let hash_of = |v: &[u16], a: usize| -> u64 {
        v[a..a + m]
            .iter()
            .fold(0, |acc, &x| add_mod(mul_mod(acc, HASH_BASE), u64::from(x)))
    };
    let top = pow_mod(HASH_BASE, m as u64 - 1);
    // The hash of the window at `a + 1` from the one at `a`.
    let roll = |v: &[u16], hash: u64, a: usize| -> u64 {
        let out = mul_mod(u64::from(v[a]), top);
        add_mod(
            mul_mod(add_mod(hash, MODULUS - out), HASH_BASE),
            u64::from(v[a + m]),
        )
    };
    let equal = |v: &[u16], a: usize, b: usize| v[a..a + m] == v[b..b + m];
    // Brent: the cycle length λ of the window map.
    let (mut power, mut lam, mut t, mut h) = (1usize, 1usize, 0usize, 1usize);
    ensure(&mut values, h + m)?;
    let mut hash_t = hash_of(&values, t);
    let mut hash_h = roll(&values, hash_t, t);
    poll(2 * m as u64, h + m)?;
    loop {
        if hash_t == hash_h {
            poll(m as u64, h + m)?;
            if equal(&values, t, h) {
                break;
            }
        }
        if power == lam {
            t = h;
            hash_t = hash_h;
            power = power.saturating_mul(2);
            lam = 0;
        }
        h += 1;
        lam += 1;
        ensure(&mut values, h + m)?;
        hash_h = roll(&values, hash_h, h - 1);
        poll(1, h + m)?;
    }
    // The tail length μ: first i with W_i = W_{i+λ}.
    let (mut t, mut h) = (0usize, lam);
    let mut hash_t = hash_of(&values, t);
    let mut hash_h = hash_of(&values, h);
    poll(2 * m as u64, h + m)?;
    loop {
        if hash_t == hash_h {
            poll(m as u64, h + m)?;
            if equal(&values, t, h) {
                break;
            }
        }
        t += 1;
        h += 1;
        ensure(&mut values, h + m)?;
        hash_t = roll(&values, hash_t, t - 1);
        hash_h = roll(&values, hash_h, h - 1);
        poll(1, h + m)?;
    }
    Ok(Periodic {
        values,
        period: lam,
        preperiod: t,
    })
}

/// The Mersenne prime 2^61 − 1, the modulus of the window hash.
const MODULUS: u64 = (1 << 61) - 1;
/// The base of the window hash (any number below the modulus; a fixed odd
/// constant, so runs repeat).
const HASH_BASE: u64 = 0x1F3D_5B79_A2C4_E681 % MODULUS;

/// `(a + b) mod 2^61 − 1` for `a, b` below the modulus.
fn add_mod(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= MODULUS { s - MODULUS } else { s }
}

/// `(a · b) mod 2^61 − 1` for `a, b` below the modulus.
fn mul_mod(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    // 2^61 ≡ 1: fold the high bits onto the low ones.
    let folded = (p & u128::from(MODULUS)) + (p >> 61);
    let r = u64::try_from(folded).unwrap_or(u64::MAX);
    if r >= MODULUS { r - MODULUS } else { r }
}

/// `b^e mod 2^61 − 1`.
fn pow_mod(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b);
        }
        b = mul_mod(b, b);
        e >>= 1;
    }
    r
}
