//! The checksum `ogsolve` prints for a nimber sequence, to compare runs exactly.
//!
//! Law: with wrapping `u16` sums `s0 += g`, `s1 += s0` over `g(0), …, g(N)` in order,
//! the checksum is `(s1 << 16) | s0`, printed in upper-case hexadecimal.
//!
//! Also the FNV-1a 64-bit hash of bytes ([`fnv1a`]), which files carry to
//! be refused when damaged: an octal checkpoint's values, a sweep's shards.

/// Running ogsolve-style checksum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Checksum {
    s0: u16,
    s1: u16,
}

impl Checksum {
    /// Adds the next value of the sequence.
    ///
    /// ```
    /// use takeaway::games::checksum::Checksum;
    /// let mut c = Checksum::default();
    /// // S = {1,3,4}, g(0..=20) = three periods of 0 1 0 1 2 3 2: ogsolve 0.3033 -n 20 prints 105001B
    /// for n in 0..21 { c.push([0, 1, 0, 1, 2, 3, 2][n % 7]); }
    /// assert_eq!(c.hex(), "105001B");
    /// ```
    pub fn push(&mut self, g: u16) {
        self.s0 = self.s0.wrapping_add(g);
        self.s1 = self.s1.wrapping_add(self.s0);
    }

    /// `(s1 << 16) | s0`.
    ///
    /// ```
    /// use takeaway::games::checksum::Checksum;
    /// let mut c = Checksum::default();
    /// c.push(2);
    /// assert_eq!(c.value(), (2 << 16) | 2);
    /// ```
    pub fn value(&self) -> u32 {
        (u32::from(self.s1) << 16) | u32::from(self.s0)
    }

    /// The value in upper-case hexadecimal without leading zeros, as ogsolve prints it.
    ///
    /// ```
    /// use takeaway::games::checksum::Checksum;
    /// assert_eq!(Checksum::default().hex(), "0");
    /// ```
    pub fn hex(&self) -> String {
        format!("{:X}", self.value())
    }
}

/// The FNV-1a 64-bit hash's starting value (its offset basis).
pub const FNV1A_START: u64 = 0xcbf2_9ce4_8422_2325;

/// Folds `bytes` into the FNV-1a 64-bit hash `h` (start from
/// [`FNV1A_START`]): what an octal checkpoint and a sweep's shard files
/// carry, so that a damaged or cut file is refused instead of read.
///
/// Law: hashing `a` then `b` equals hashing `a ++ b`.
///
/// ```
/// use takeaway::games::checksum::{FNV1A_START, fnv1a};
/// let mut h = FNV1A_START;
/// fnv1a(&mut h, b"a");
/// assert_eq!(h, 0xaf63_dc4c_8601_ec8c); // FNV-1a 64 of "a" (the published test vector)
/// let mut split = FNV1A_START;
/// fnv1a(&mut split, b"ab");
/// let mut whole = h;
/// fnv1a(&mut whole, b"b");
/// assert_eq!(split, whole);
/// ```
pub fn fnv1a(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x0100_0000_01b3);
    }
}
