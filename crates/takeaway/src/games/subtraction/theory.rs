//! Closed forms: One Pile with Min..Max (paper 004) and Bouton's Nim.
//!
//! Law (One Pile, paper 004 and brute force): for `S = {Min, …, Max}`,
//! `G(n) = ⌊(n mod (Min + Max)) / Min⌋`, so the sequence is periodic from 0 with
//! minimal period `Min + Max` (zeros are exactly the `n mod (Min+Max) < Min`).
//! Law (Bouton): in Nim `G(n) = n`, and a sum is a P-position iff the nim-sum
//! (XOR) of the piles is 0.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// `G(n) = ⌊(n mod (min + max)) / min⌋` for One Pile with `S = {min, …, max}`.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::subtraction::theory::one_pile_grundy;
/// // paper 004, Min 3, Max 5: pile 14 has Grundy number 2
/// assert_eq!(one_pile_grundy(&BigUint::from(14u8), 3, 5), 2);
/// ```
pub fn one_pile_grundy(n: &BigUint, min: u64, max: u64) -> u64 {
    let period = u128::from(min) + u128::from(max);
    let r = (n % BigUint::from(period)).to_u128().unwrap_or(0);
    (r / u128::from(min.max(1))) as u64
}

/// The same closed form on a machine-sized pile.
///
/// ```
/// use takeaway::games::subtraction::theory::one_pile_grundy_small;
/// assert_eq!(one_pile_grundy_small(19, 3, 5), 1); // paper 004 table
/// ```
pub fn one_pile_grundy_small(n: u64, min: u64, max: u64) -> u64 {
    let period = u128::from(min) + u128::from(max);
    ((u128::from(n) % period) / u128::from(min.max(1))) as u64
}

/// The nim-sum (XOR) of Grundy values.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::subtraction::theory::nim_sum;
/// let v: Vec<BigUint> = [3u8, 5, 6].iter().map(|&x| BigUint::from(x)).collect();
/// assert_eq!(nim_sum(&v), BigUint::from(0u8)); // Bouton: 3 ⊕ 5 ⊕ 6 = 0
/// ```
pub fn nim_sum(values: &[BigUint]) -> BigUint {
    values.iter().fold(BigUint::default(), |acc, v| acc ^ v)
}
