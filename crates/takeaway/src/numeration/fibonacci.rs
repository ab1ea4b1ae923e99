//! Fibonacci numbers in paper 001's convention: `F0 = 0`, `F1 = F2 = 1`,
//! `F(k+2) = F(k+1) + F(k)`.

use num_bigint::BigUint;
use num_traits::{One, Zero};

/// The Fibonacci number `F(k)` (`F0 = 0`, `F1 = F2 = 1`), exact, by fast doubling
/// (`F(2m) = F(m)(2F(m+1) − F(m))`, `F(2m+1) = F(m)² + F(m+1)²`).
///
/// Law: `fibonacci(k + 2) == fibonacci(k + 1) + fibonacci(k)`.
///
/// ```
/// use takeaway::numeration::fibonacci::fibonacci;
/// assert_eq!(fibonacci(0), 0u32.into());
/// assert_eq!(fibonacci(2), 1u32.into());
/// assert_eq!(fibonacci(12), 144u32.into());
/// ```
pub fn fibonacci(k: usize) -> BigUint {
    fibonacci_pair(k).0
}

/// The pair `(F(k), F(k+1))` by fast doubling.
///
/// Law: `fibonacci_pair(k) == (fibonacci(k), fibonacci(k + 1))`.
///
/// ```
/// use takeaway::numeration::fibonacci::fibonacci_pair;
/// assert_eq!(fibonacci_pair(10), (55u32.into(), 89u32.into()));
/// ```
pub fn fibonacci_pair(k: usize) -> (BigUint, BigUint) {
    let mut a = BigUint::zero(); // F(m)
    let mut b = BigUint::one(); // F(m+1)
    let bits = usize::BITS - k.leading_zeros();
    for i in (0..bits).rev() {
        // (F(2m), F(2m+1))
        let two_b = &b << 1u32;
        let c = &a * (two_b - &a);
        let d = &a * &a + &b * &b;
        if (k >> i) & 1 == 1 {
            b = &c + &d;
            a = d;
        } else {
            a = c;
            b = d;
        }
    }
    (a, b)
}

/// An endless iterator over `F0, F1, F2, ...` (two registers, no table).
///
/// Law: the `k`-th item (0-based) is [`fibonacci`]`(k)`.
///
/// ```
/// use takeaway::numeration::fibonacci::Fibonacci;
/// let first: Vec<u32> = Fibonacci::new().take(8).map(|f| u32::try_from(f).unwrap()).collect();
/// assert_eq!(first, [0, 1, 1, 2, 3, 5, 8, 13]);
/// ```
#[derive(Debug, Clone)]
pub struct Fibonacci {
    current: BigUint,
    next: BigUint,
}

impl Fibonacci {
    /// Starts at `F0 = 0`.
    ///
    /// ```
    /// use takeaway::numeration::fibonacci::Fibonacci;
    /// assert_eq!(Fibonacci::new().nth(10), Some(55u32.into()));
    /// ```
    pub fn new() -> Self {
        Fibonacci {
            current: BigUint::zero(),
            next: BigUint::one(),
        }
    }
}

impl Default for Fibonacci {
    fn default() -> Self {
        Self::new()
    }
}

impl Iterator for Fibonacci {
    type Item = BigUint;

    fn next(&mut self) -> Option<BigUint> {
        let sum = &self.current + &self.next;
        let out = std::mem::replace(&mut self.current, std::mem::replace(&mut self.next, sum));
        Some(out)
    }
}

/// The largest index `k ≥ 2` with `F(k) ≤ n`, together with `(F(k), F(k+1))`;
/// `None` for `n = 0`.
///
/// Law: `F(k) ≤ n < F(k+1)`.
///
/// ```
/// use takeaway::numeration::fibonacci::largest_index_at_most;
/// let (k, fk, _) = largest_index_at_most(&100u32.into()).unwrap();
/// assert_eq!((k, fk), (11, 89u32.into()));
/// ```
pub fn largest_index_at_most(n: &BigUint) -> Option<(usize, BigUint, BigUint)> {
    if n.is_zero() {
        return None;
    }
    // F(k) ≥ φ^(k−2) and log_φ 2 < 1.4405, so F(k) > n ≥ 2^(bits−1) is
    // guaranteed once k − 2 ≥ 1.4405·bits; start there and walk down.
    let bits = usize::try_from(n.bits()).unwrap_or(usize::MAX / 2);
    let start = bits.saturating_mul(14405) / 10000 + 3;
    let (mut a, mut b) = fibonacci_pair(start);
    let mut k = start;
    while &a > n {
        // (F(k−1), F(k)) = (F(k+1) − F(k), F(k))
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        k -= 1;
    }
    if k < 2 {
        // n ≥ 1 = F2: F1 = F2, prefer the paper's position 2.
        return Some((2, BigUint::one(), BigUint::from(2u32)));
    }
    Some((k, a, b))
}
