//! Subquadratic Zeckendorf conversions by divide and conquer (issue 16).
//!
//! The greedy walk ([`Zeckendorf::canonical_greedy`](super::zeckendorf::Zeckendorf::canonical_greedy))
//! subtracts one Fibonacci number per position, `O(k)` subtractions of `O(k)`
//! bits for a number with `k` Fibonacci positions: quadratic. Here the
//! representation is split at a position `m` near the middle and both halves
//! are converted recursively, so the cost is that of a few multiplications and
//! one division per level, `O(M(k) log k)`, as for decimal conversion.
//!
//! # The split
//!
//! Write the canonical representation of `n` as a high part (positions `> m`)
//! and a low part (positions `≤ m`). Shift the high part down by `m − 1`, so
//! its lowest possible position is 2: it is the canonical representation of
//! a number `h`, and `F(p + m − 1) = F(m−1)·F(p+1) + F(m−2)·F(p)` gives
//!
//! ```text
//! n = G(h) + ℓ,   G(h) = F(m−1)·h← + F(m−2)·h,   0 ≤ ℓ < F(m+1),
//! ```
//!
//! where `h←` is the left shift of `h` (every one up one position). Because
//! canonical representations are ordered lexicographically, `h` is the
//! largest number with `G(h) ≤ n`, and `ℓ` is the value of the low part.
//! `G(h) ≈ h·φ^(m−1)` and the Lucas number `L(m−1) = F(m) + F(m−2)` is
//! `φ^(m−1)` to within `1`, so `⌊n / L(m−1)⌋` is `h` or a neighbour; the
//! recursion on the estimate returns its representation *and* its left shift,
//! and a Zeckendorf increment or decrement (which changes the left shift by 1
//! or 2, read off the lowest position) corrects it until `G(h) ≤ n < G(h + 1)`.
//! Then `ℓ = n − G(h)` is converted recursively, and the left shift of `n`
//! (needed by the caller one level up) is `F(m)·h← + F(m−1)·h + ℓ←`.
//!
//! Evaluation (positions to number) splits the same way, with no correction.

use super::fibonacci::fibonacci_pair;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

/// Below this many Fibonacci positions (about `0.209 ×` that many decimal
/// digits) the conversions use the greedy walk; above it they split. Chosen by
/// measurement (`cargo bench -p takeaway-bench --bench numeration`, see
/// BENCHMARKS.md): the greedy walk and one split level cost the same near
/// here.
pub const GREEDY_POSITIONS: usize = 4096;

/// Fibonacci numbers by index, kept between conversions on the same thread
/// (the splits of numbers of similar size use the same indices; explanations
/// convert several such numbers). Cleared past [`FIB_CACHE_BITS`].
#[derive(Default)]
struct FibCache {
    map: HashMap<usize, BigUint>,
    bits: u64,
    /// `F(0), F(1), …` up to the largest leaf seen (at most
    /// [`SMALL_TABLE_MAX`] + 2 entries): the leaves of every split look their
    /// Fibonacci numbers up here instead of walking to them.
    small: Vec<BigUint>,
}

/// Largest index kept in the table of small Fibonacci numbers (a table up
/// to `k` holds ~`0.35·k²` bits: 730 KB at the default cutoff, 12 MB here);
/// leaves above it (only with a larger cutoff given) walk instead.
const SMALL_TABLE_MAX: usize = 16_400;

/// Most bits the Fibonacci cache holds before it starts again (32 MiB).
const FIB_CACHE_BITS: u64 = 1 << 28;

thread_local! {
    static FIB_CACHE: RefCell<FibCache> = RefCell::new(FibCache::default());
}

/// Runs `f` with this thread's Fibonacci cache.
fn with_cache<T>(f: impl FnOnce(&mut FibCache) -> T) -> T {
    FIB_CACHE.with(|cache| f(&mut cache.borrow_mut()))
}

impl FibCache {
    /// `F(k)`, from the cache, from two cached neighbours (`F(k−1) + F(k−2)` or
    /// `F(k+2) − F(k+1)`), or by fast doubling.
    fn get(&mut self, k: usize) -> BigUint {
        if let Some(f) = self.map.get(&k) {
            return f.clone();
        }
        let from_neighbours = match (k.checked_sub(1), k.checked_sub(2)) {
            (Some(a), Some(b)) => match (self.map.get(&a), self.map.get(&b)) {
                (Some(x), Some(y)) => Some(x + y),
                _ => None,
            },
            _ => None,
        };
        let from_neighbours =
            from_neighbours.or_else(|| match (self.map.get(&(k + 2)), self.map.get(&(k + 1))) {
                (Some(x), Some(y)) => Some(x - y),
                _ => None,
            });
        let f = match from_neighbours {
            Some(f) => f,
            None => {
                let (a, b) = fibonacci_pair(k);
                self.insert(k + 1, b);
                a
            }
        };
        self.insert(k, f.clone());
        f
    }

    /// The table of small Fibonacci numbers, grown to index `k + 1`, or
    /// `None` past [`SMALL_TABLE_MAX`].
    fn small_up_to(&mut self, k: usize) -> Option<&[BigUint]> {
        if k + 1 > SMALL_TABLE_MAX {
            return None;
        }
        if self.small.is_empty() {
            self.small = vec![BigUint::zero(), BigUint::from(1u32)];
        }
        while self.small.len() <= k + 1 {
            let len = self.small.len();
            let next = &self.small[len - 1] + &self.small[len - 2];
            self.small.push(next);
        }
        Some(&self.small)
    }

    fn insert(&mut self, k: usize, f: BigUint) {
        if self.bits > FIB_CACHE_BITS {
            self.map.clear();
            self.bits = 0;
        }
        self.bits += f.bits();
        self.map.insert(k, f);
    }
}

/// An upper bound on the top position of `n`'s representation: `F(k) > n`
/// once `k − 2 ≥ 1.4405 · bits(n)` (`F(k) ≥ φ^(k−2)`, `log_φ 2 < 1.4405`).
fn position_bound(n: &BigUint) -> usize {
    let bits = usize::try_from(n.bits()).unwrap_or(usize::MAX / 4);
    bits.saturating_mul(14405) / 10000 + 3
}

/// The canonical Zeckendorf positions of `n` (ascending, each `≥ 2`, no two
/// adjacent), by divide and conquer above [`GREEDY_POSITIONS`] positions and
/// the greedy walk below.
///
/// The last few results above the cutoff are remembered per thread (theory
/// paths convert the same big number more than once).
///
/// Law: equals the positions of the greedy walk
/// ([`Zeckendorf::canonical_greedy`](super::zeckendorf::Zeckendorf::canonical_greedy)) for every `n`.
///
/// ```
/// use takeaway::numeration::split::canonical_positions;
/// // 100 = 89 + 8 + 3 = F11 + F6 + F4.
/// assert_eq!(canonical_positions(&100u32.into()), [4, 6, 11]);
/// assert!(canonical_positions(&0u32.into()).is_empty());
/// ```
pub fn canonical_positions(n: &BigUint) -> Vec<usize> {
    if position_bound(n) <= GREEDY_POSITIONS {
        return canonical_positions_with_cutoff(n, GREEDY_POSITIONS);
    }
    // A theory path often writes the same big number twice (Spite Nim's e(n)
    // in the decision and in the explanation): remember the last few.
    if let Some(hit) = MEMO.with(|m| m.borrow().canonical_of(n)) {
        return hit;
    }
    let positions = canonical_positions_with_cutoff(n, GREEDY_POSITIONS);
    MEMO.with(|m| m.borrow_mut().remember_canonical(n, &positions));
    positions
}

/// How many big conversions of each kind [`Memo`] remembers per thread.
const MEMO_ENTRIES: usize = 4;

/// The last few conversions of numbers above the greedy cutoff, per thread
/// (a million-digit entry is ~10 MB of positions; four of each kind at most).
#[derive(Default)]
struct Memo {
    canonical: VecDeque<(BigUint, Vec<usize>)>,
    values: VecDeque<(Vec<usize>, BigUint)>,
}

impl Memo {
    fn canonical_of(&self, n: &BigUint) -> Option<Vec<usize>> {
        self.canonical
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, p)| p.clone())
    }

    fn remember_canonical(&mut self, n: &BigUint, positions: &[usize]) {
        if self.canonical.len() == MEMO_ENTRIES {
            self.canonical.pop_front();
        }
        self.canonical.push_back((n.clone(), positions.to_vec()));
    }

    fn value_of(&self, positions: &[usize]) -> Option<BigUint> {
        self.values
            .iter()
            .find(|(k, _)| k == positions)
            .map(|(_, v)| v.clone())
    }

    fn remember_value(&mut self, positions: &[usize], v: &BigUint) {
        if self.values.len() == MEMO_ENTRIES {
            self.values.pop_front();
        }
        self.values.push_back((positions.to_vec(), v.clone()));
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// [`canonical_positions`] with the greedy cutoff given (for tests and the
/// crossover measurement; a cutoff below 16 is raised to 16).
///
/// Law: the result does not depend on `cutoff`.
///
/// ```
/// use takeaway::numeration::split::canonical_positions_with_cutoff;
/// let n = 10u32.pow(9).into();
/// assert_eq!(canonical_positions_with_cutoff(&n, 16), canonical_positions_with_cutoff(&n, 1 << 20));
/// ```
pub fn canonical_positions_with_cutoff(n: &BigUint, cutoff: usize) -> Vec<usize> {
    with_cache(|cache| canonical(n.clone(), false, cutoff.max(16), cache).0)
}

/// The greedy algorithm for a leaf: ascending positions and the left shift
/// `Σ F(p + 1)`, looking the Fibonacci numbers up in the small table (one
/// comparison per position, one subtraction per one) or, past the table,
/// walking down them with two registers.
fn greedy(n: &BigUint, cache: &mut FibCache) -> (Vec<usize>, BigUint) {
    if n.is_zero() {
        return (Vec::new(), BigUint::zero());
    }
    let top = position_bound(n);
    let Some(fib) = cache.small_up_to(top) else {
        return greedy_walk(n);
    };
    let mut rest = n.clone();
    let mut shifted = BigUint::zero();
    let mut positions = Vec::new();
    let mut k = top;
    while k >= 2 && !rest.is_zero() {
        if rest >= fib[k] {
            rest -= &fib[k];
            shifted += &fib[k + 1];
            positions.push(k);
            // rest < F(k−1) now: the next one is at most at k − 2.
            k = k.saturating_sub(2);
        } else {
            k -= 1;
        }
    }
    positions.reverse();
    (positions, shifted)
}

/// [`greedy`] by walking down the Fibonacci numbers with two registers.
fn greedy_walk(n: &BigUint) -> (Vec<usize>, BigUint) {
    let Some((mut k, mut a, mut b)) = super::fibonacci::largest_index_at_most(n) else {
        return (Vec::new(), BigUint::zero());
    };
    let mut rest = n.clone();
    let mut shifted = BigUint::zero();
    let mut positions = Vec::new();
    loop {
        if rest >= a {
            rest -= &a;
            shifted += &b;
            positions.push(k);
            if rest.is_zero() {
                break;
            }
        }
        if k <= 2 {
            break;
        }
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        k -= 1;
    }
    positions.reverse();
    (positions, shifted)
}

/// `[F(m)·x + F(m−1)·h, F(m−1)·x + F(m−2)·h]` (the shift by `m − 1` of a pair
/// `(x, h) = (h←, h)`) in three multiplications instead of four:
/// with `s = F(m−1)·(x + h)`, the first is `s + F(m−2)·x` and the second
/// `s − F(m−3)·h`. The first is skipped (zero) unless `both`.
fn shift_pair(
    x: &BigUint,
    h: &BigUint,
    m: usize,
    both: bool,
    cache: &mut FibCache,
) -> (BigUint, BigUint) {
    let f_m3 = cache.get(m - 3);
    if !both {
        // F(m−1)·x + F(m−2)·h = F(m−1)·(x + h) − F(m−3)·h
        let f_m1 = cache.get(m - 1);
        return (BigUint::zero(), f_m1 * (x + h) - f_m3 * h);
    }
    let f_m2 = cache.get(m - 2);
    let f_m1 = cache.get(m - 1);
    let s = f_m1 * (x + h);
    let second = &s - f_m3 * h;
    (s + f_m2 * x, second)
}

/// `(positions of n, left shift of n)`; the left shift only if `need_shift`
/// (else zero).
fn canonical(
    n: BigUint,
    need_shift: bool,
    cutoff: usize,
    cache: &mut FibCache,
) -> (Vec<usize>, BigUint) {
    let k = position_bound(&n);
    if k <= cutoff || n.is_zero() {
        return greedy(&n, cache);
    }
    let m = k / 2;
    let f_m2 = cache.get(m - 2);
    let f_m1 = cache.get(m - 1);
    let f_m = cache.get(m);
    let lucas = &f_m + &f_m2;
    let h = n.div_floor(&lucas);
    let (mut high, h_shift) = canonical(h.clone(), true, cutoff, cache);
    // g = G(h) = F(m−1)·h← + F(m−2)·h; shift = F(m)·h← + F(m−1)·h (the high
    // part's share of n←, needed only by the caller).
    let (mut shift, mut g) = shift_pair(&h_shift, &h, m, need_shift, cache);
    let f_m1_f_m = &f_m1 + &f_m; // F(m+1)
    // Too big: step down (rare; the estimate is h or h + 1).
    while g > n {
        // h← − (h − 1)← is 1 when h's lowest position is odd, 2 when even:
        // G drops by F(m) or F(m+1), the shift by F(m+1) or F(m+2).
        let odd = high.first().is_some_and(|p| p % 2 == 1);
        g -= if odd { &f_m } else { &f_m1_f_m };
        if need_shift {
            shift -= if odd {
                f_m1_f_m.clone()
            } else {
                &f_m1_f_m + &f_m
            };
        }
        decrement(&mut high);
    }
    let mut low = n - g;
    // Too small: step up while G(h + 1) ≤ n, i.e. ℓ ≥ G(h + 1) − G(h).
    loop {
        // (h + 1)← − h← is 1 when h's lowest position is 2, else 2.
        let one = high.first() == Some(&2);
        let step = if one { &f_m } else { &f_m1_f_m };
        if &low < step {
            break;
        }
        low -= step;
        if need_shift {
            shift += if one {
                f_m1_f_m.clone()
            } else {
                &f_m1_f_m + &f_m
            };
        }
        increment(&mut high);
    }
    let (mut positions, low_shift) = canonical(low, need_shift, cutoff, cache);
    if need_shift {
        shift += low_shift;
    }
    positions.extend(high.into_iter().map(|p| p + m - 1));
    (positions, shift)
}

/// Adds one to a canonical representation (ascending positions, each `≥ 2`).
///
/// Law: the positions of `n` become those of `n + 1`.
///
/// ```
/// use takeaway::numeration::split::increment;
/// let mut p = vec![2, 5]; // F2 + F5 = 1 + 5 = 6
/// increment(&mut p);
/// assert_eq!(p, vec![3, 5]); // F3 + F5 = 2 + 5 = 7
/// ```
pub fn increment(positions: &mut Vec<usize>) {
    // 1 = F2; 1 + F2 = F3; 1 + F3 = F4; otherwise a new one at position 2.
    let mut carry = match positions.first() {
        Some(2) => 3,
        Some(3) => 4,
        _ => {
            positions.insert(0, 2);
            return;
        }
    };
    let mut i = 1; // index of the first position above the replaced one
    while positions.get(i) == Some(&(carry + 1)) {
        carry += 2;
        i += 1;
    }
    positions.splice(..i, [carry]);
}

/// Subtracts one from a non-empty canonical representation:
/// `F(p) − 1 = F(p−1) + F(p−3) + …` down to `F3` or `F2`.
///
/// Law: the positions of `n > 0` become those of `n − 1`.
///
/// ```
/// use takeaway::numeration::split::decrement;
/// let mut p = vec![6]; // F6 = 8
/// decrement(&mut p);
/// assert_eq!(p, vec![3, 5]); // F3 + F5 = 2 + 5 = 7
/// ```
pub fn decrement(positions: &mut Vec<usize>) {
    if positions.is_empty() {
        return;
    }
    let p = positions[0];
    let lowest = 2 + (p - 1) % 2;
    positions.splice(..1, (lowest..p).step_by(2));
}

/// `Σ F(p)` over `positions` (ascending, any positions `≥ 1`, adjacent ones
/// allowed), by divide and conquer above [`GREEDY_POSITIONS`] and a two-register
/// walk below.
///
/// Law: `value(&canonical_positions(n)) == n`.
///
/// ```
/// use takeaway::numeration::split::value;
/// assert_eq!(value(&[4, 6, 11]), 100u32.into());
/// assert_eq!(value(&[1, 3, 5]), 8u32.into()); // second canonical 8 = 10101
/// ```
pub fn value(positions: &[usize]) -> BigUint {
    if positions.last().is_none_or(|&top| top <= GREEDY_POSITIONS) {
        return value_with_cutoff(positions, GREEDY_POSITIONS);
    }
    if let Some(hit) = MEMO.with(|m| m.borrow().value_of(positions)) {
        return hit;
    }
    let v = value_with_cutoff(positions, GREEDY_POSITIONS);
    MEMO.with(|m| m.borrow_mut().remember_value(positions, &v));
    v
}

/// [`value`] with the walk's cutoff given (a cutoff below 16 is raised to 16).
///
/// Law: the result does not depend on `cutoff`.
///
/// ```
/// use takeaway::numeration::split::value_with_cutoff;
/// assert_eq!(value_with_cutoff(&[2, 40, 90], 16), value_with_cutoff(&[2, 40, 90], 1000));
/// ```
pub fn value_with_cutoff(positions: &[usize], cutoff: usize) -> BigUint {
    with_cache(|cache| value_pair(positions, 0, false, cutoff.max(16), cache).0)
}

/// `(Σ F(p − offset), Σ F(p − offset + 1))` over `positions` (ascending, every
/// `p − offset ≥ 1`); the second only if `need_shift` (else zero or any value).
fn value_pair(
    positions: &[usize],
    offset: usize,
    need_shift: bool,
    cutoff: usize,
    cache: &mut FibCache,
) -> (BigUint, BigUint) {
    let Some(&top) = positions.last() else {
        return (BigUint::zero(), BigUint::zero());
    };
    let top = top - offset;
    if top <= cutoff {
        if let Some(fib) = cache.small_up_to(top) {
            let (mut sum, mut shifted) = (BigUint::zero(), BigUint::zero());
            for &p in positions {
                sum += &fib[p - offset];
                shifted += &fib[p - offset + 1];
            }
            return (sum, shifted);
        }
        let (mut sum, mut shifted) = (BigUint::zero(), BigUint::zero());
        let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32)); // F(k), F(k+1)
        let mut k = 1usize;
        for &p in positions {
            while k < p - offset {
                a += &b;
                std::mem::swap(&mut a, &mut b);
                k += 1;
            }
            sum += &a;
            shifted += &b;
        }
        return (sum, shifted);
    }
    let m = top / 2;
    let split = positions.partition_point(|&p| p - offset <= m);
    let (low_v, low_s) = value_pair(&positions[..split], offset, need_shift, cutoff, cache);
    // High positions P = p + m − 1 with p ≥ 2.
    let (high_v, high_s) = value_pair(&positions[split..], offset + m - 1, true, cutoff, cache);
    let (s, v) = shift_pair(&high_s, &high_v, m, need_shift, cache);
    (v + low_v, if need_shift { s + low_s } else { s })
}
