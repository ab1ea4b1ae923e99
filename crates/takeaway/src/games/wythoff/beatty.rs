//! The Beatty theory of Wythoff's Nim: the safe pairs are
//! `(a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k)` for `k = 0, 1, 2, …`
//! (Wythoff 1907; the "generating formulas … with irrational quantities" of
//! paper 001's introduction), computed here with exact integer square roots:
//! `⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ = (k + isqrt(5k²)) / 2`.
//!
//! This is independent of the Fibonacci (Zeckendorf) theory of paper 001 and
//! of the exhaustive solver; the three are cross-checked by `verify` and the
//! tests.
//!
//! Law: every positive integer is exactly one of `a_k` (an *A-number*, a lower
//! Wythoff number) or `b_k` (a *B-number*, an upper Wythoff number) for exactly
//! one `k ≥ 1` (Beatty's theorem, since `1/φ + 1/φ² = 1`), and
//! [`classify`] finds that `k` by inverting the map exactly.

use super::game::{Kind, Piles};
use super::safe_pairs::{Play, SafePairs, winning_moves};
use crate::games::error::GameError;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// `a_k = ⌊kφ⌋`, exactly: `(k + isqrt(5k²)) / 2`.
///
/// `√(5k²)` is irrational for `k > 0`, so `⌊(k + √(5k²))/2⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋`.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::beatty::lower;
/// // OEIS A000201: 0, 1, 3, 4, 6, 8, 9, 11, 12
/// let v: Vec<BigUint> = (0u32..9).map(|k| lower(&k.into())).collect();
/// assert_eq!(v, [0u32, 1, 3, 4, 6, 8, 9, 11, 12].map(BigUint::from));
/// ```
pub fn lower(k: &BigUint) -> BigUint {
    let five_k2 = k * k * 5u32;
    (k + five_k2.sqrt()) >> 1u32
}

/// `b_k = ⌊kφ²⌋ = ⌊kφ⌋ + k`.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::beatty::upper;
/// // OEIS A001950: 0, 2, 5, 7, 10, 13, 15, 18, 20
/// let v: Vec<BigUint> = (0u32..9).map(|k| upper(&k.into())).collect();
/// assert_eq!(v, [0u32, 2, 5, 7, 10, 13, 15, 18, 20].map(BigUint::from));
/// ```
pub fn upper(k: &BigUint) -> BigUint {
    lower(k) + k
}

/// Where a number sits among the Beatty pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BeattyClass {
    /// The number 0 (the safe pair `(0, 0)`, `k = 0`).
    Zero,
    /// `n = a_k = ⌊kφ⌋` (an A-number), `k ≥ 1`.
    Lower(BigUint),
    /// `n = b_k = ⌊kφ²⌋` (a B-number), `k ≥ 1`.
    Upper(BigUint),
}

/// Finds the `k` with `n = ⌊kφ⌋` or `n = ⌊kφ²⌋`, by exact inversion.
///
/// For `n > 0`, `n/φ` is irrational, so `n = ⌊kφ⌋` forces
/// `k = ⌈n/φ⌉ = ⌊n/φ⌋ + 1` with `⌊n/φ⌋ = (isqrt(5n²) − n) / 2`; and
/// `n = ⌊kφ²⌋` forces `k = ⌈n/φ²⌉ = n − ⌊n/φ⌋` (as `n/φ + n/φ² = n`).
/// Both candidates are checked with [`lower`] / [`upper`]; `None` would mean
/// Beatty's theorem failed (it never does: tests check all `n ≤ 10⁶`).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::beatty::{classify, BeattyClass};
/// let b = |n: u32| BigUint::from(n);
/// assert_eq!(classify(&b(12)), Some(BeattyClass::Lower(b(8))));  // (12, 20) = (a_8, b_8)
/// assert_eq!(classify(&b(20)), Some(BeattyClass::Upper(b(8))));
/// assert_eq!(classify(&b(0)), Some(BeattyClass::Zero));
/// ```
pub fn classify(n: &BigUint) -> Option<BeattyClass> {
    if n.is_zero() {
        return Some(BeattyClass::Zero);
    }
    let five_n2 = n * n * 5u32;
    // ⌊n/φ⌋ = ⌊(√(5n²) − n)/2⌋; isqrt(5n²) ≥ 2n > n for n ≥ 1.
    let floor_n_over_phi = (five_n2.sqrt() - n) >> 1u32;
    let k = &floor_n_over_phi + BigUint::one();
    if lower(&k) == *n {
        return Some(BeattyClass::Lower(k));
    }
    let k = n - &floor_n_over_phi;
    if upper(&k) == *n {
        return Some(BeattyClass::Upper(k));
    }
    None
}

/// The Beatty theory as a [`SafePairs`] oracle.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::beatty::Beatty;
/// use takeaway::games::wythoff::safe_pairs::SafePairs;
/// let b = |n: u32| BigUint::from(n);
/// assert_eq!(Beatty.partner(&b(9)).unwrap(), b(15));
/// assert_eq!(Beatty.pair_with_difference(&b(8)).unwrap(), (b(12), b(20)));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Beatty;

fn broken(n: &BigUint) -> GameError {
    crate::games::unanswered::NotKnown::BeattyInversion { n: n.clone() }.into()
}

impl SafePairs for Beatty {
    fn name(&self) -> &'static str {
        "beatty"
    }

    fn partner(&self, n: &BigUint) -> Result<BigUint, GameError> {
        match classify(n).ok_or_else(|| broken(n))? {
            BeattyClass::Zero => Ok(BigUint::zero()),
            BeattyClass::Lower(k) => Ok(n + k),
            BeattyClass::Upper(k) => Ok(n - k),
        }
    }

    fn pair_with_difference(&self, d: &BigUint) -> Result<(BigUint, BigUint), GameError> {
        let a = lower(d);
        let b = &a + d;
        Ok((a, b))
    }
}

/// Why `(a, b)` is or is not a Beatty pair, in words.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::beatty::describe;
/// assert!(describe(&BigUint::from(12u32)).contains("⌊8φ⌋"));
/// ```
pub fn describe(n: &BigUint) -> String {
    match classify(n) {
        Some(BeattyClass::Zero) => "0 = a_0 = b_0".to_string(),
        Some(BeattyClass::Lower(k)) => format!("{n} = ⌊{k}φ⌋ = a_{k} (partner b_{k} = {})", n + &k),
        Some(BeattyClass::Upper(k)) => {
            format!("{n} = ⌊{k}φ²⌋ = b_{k} (partner a_{k} = {})", n - &k)
        }
        None => format!("{n}: no Beatty index found"),
    }
}

/// Paper 001's choice of move (larger pile to the partner of the smaller when
/// that is smaller, otherwise the diagonal move), justified with Beatty pairs.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::beatty::play;
/// let b = |n: u32| BigUint::from(n);
/// let p = play(&[b(24), b(32)]).unwrap();
/// assert_eq!(p.winning_move.unwrap().to, [b(12), b(20)]);
/// ```
pub fn play(piles: &Piles) -> Result<Play, GameError> {
    let moves = winning_moves(&Beatty, piles)?;
    let (s, l) = if piles[0] <= piles[1] {
        (&piles[0], &piles[1])
    } else {
        (&piles[1], &piles[0])
    };
    let mut explanation = format!("Beatty pairs (⌊kφ⌋, ⌊kφ⌋ + k): {}", describe(s));
    if s != l {
        explanation.push_str(&format!("; {}", describe(l)));
    }
    let winning_move = moves.into_iter().next();
    match &winning_move {
        None => explanation.push_str(&format!(": ({s}, {l}) is a safe pair")),
        Some(m) => {
            let d = l - s;
            match m.kind {
                Kind::Diagonal => explanation.push_str(&format!(
                    "; the difference {d} gives the safe pair (⌊{d}φ⌋, ⌊{d}φ⌋ + {d}) = ({}, {}): take {} from both piles",
                    m.to.iter().min().map(ToString::to_string).unwrap_or_default(),
                    m.to.iter().max().map(ToString::to_string).unwrap_or_default(),
                    m.take
                )),
                Kind::Pile(i) => explanation.push_str(&format!(
                    "; reduce {} by {} to its partner: ({}, {}) is safe",
                    crate::analysis::numbered("pile", i),
                    m.take,
                    m.to[0],
                    m.to[1]
                )),
            }
        }
    }
    Ok(Play {
        winning_move,
        explanation,
    })
}
