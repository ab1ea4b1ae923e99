//! The checksum `ogsolve` prints for a nimber sequence, to compare runs exactly.
//!
//! Law: with wrapping `u16` sums `s0 += g`, `s1 += s0` over `g(0), …, g(N)` in order,
//! the checksum is `(s1 << 16) | s0`, printed in upper-case hexadecimal.

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
