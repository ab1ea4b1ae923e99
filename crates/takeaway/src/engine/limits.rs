//! Caps on the exhaustive work and memory of one request, and the estimates
//! checked against them *before* anything is allocated.
//!
//! Law: [`Limits::admit`] accepts an [`Estimate`] exactly when its states are
//! at most `max_states` and its bytes at most `max_bytes`; a refusal is an
//! [`Over`] that says what the request needs and the limit it passes.

use super::cancel::Cancel;
use super::error::{Amount, EngineError, Over, Solve, Unit};

/// Caps on the exhaustive work one request may cause.
///
/// [`Limits::default`] is the safe one ([`Limits::strict`]); the command line
/// asks for [`Limits::generous`] explicitly. The [`Cancel`] token travels with
/// the caps, so every solver that is given limits can also be stopped.
///
/// ```
/// use takeaway::engine::Limits;
/// assert_eq!(Limits::default(), Limits::strict());
/// assert!(Limits::generous().max_states > Limits::strict().max_states);
/// ```
#[derive(Debug, Clone)]
pub struct Limits {
    /// Most positions (or move checks) an exhaustive solver may visit for one request.
    pub max_states: u64,
    /// Most bytes of table memory one request may allocate.
    pub max_bytes: u64,
    /// Stops the work when cancelled (a deadline, a gone client, Ctrl-C).
    pub cancel: Cancel,
}

impl Limits {
    /// For one user's command (the command line, the Python package): up to
    /// 2^34 positions and 2 GiB of tables — with what the process needs
    /// besides, a command stays well within `ulimit -v 8 GiB`, and a request
    /// over it is refused before anything is allocated.
    ///
    /// ```
    /// use takeaway::engine::Limits;
    /// assert_eq!(Limits::generous().max_bytes, 2 << 30);
    /// ```
    pub fn generous() -> Self {
        Limits {
            max_states: 1 << 34,
            max_bytes: 2 << 30,
            cancel: Cancel::new(),
        }
    }

    /// For a server and the default: 2·10^7 positions and 256 MiB per request.
    pub fn strict() -> Self {
        Limits {
            max_states: 20_000_000,
            max_bytes: 256 << 20,
            cancel: Cancel::new(),
        }
    }

    /// These caps, stopped by `cancel`.
    ///
    /// ```
    /// use takeaway::engine::{Cancel, Limits};
    /// let token = Cancel::new();
    /// let limits = Limits::strict().with_cancel(token.clone());
    /// token.cancel();
    /// assert!(limits.check().is_err());
    /// ```
    #[must_use]
    pub fn with_cancel(mut self, cancel: Cancel) -> Self {
        self.cancel = cancel;
        self
    }

    /// `Err(EngineError::Cancelled)` once the work should stop.
    pub fn check(&self) -> Result<(), EngineError> {
        self.cancel.check()
    }

    /// Accepts `estimate`, or refuses it with what it needs against the
    /// limit it passes (positions first, then memory); the caller names the
    /// computation.
    ///
    /// ```
    /// use takeaway::engine::{Amount, Estimate, Limits, Unit};
    /// let small = Estimate { states: 10, bytes: 100 };
    /// assert!(Limits::strict().admit(small).is_ok());
    /// let big = Estimate { states: u64::MAX, bytes: 0 };
    /// let over = Limits::strict().admit(big).unwrap_err();
    /// assert_eq!(over.limit, Amount::of(20_000_000u64, Unit::Positions));
    /// assert_eq!(over.to_string(), "needs more than 18446744073709551615 positions, over the limit of 20000000 positions");
    /// ```
    pub fn admit(&self, estimate: Estimate) -> Result<(), Over> {
        if estimate.states > self.max_states {
            let needed = Amount::of(estimate.states, Unit::Positions);
            return Err(Over {
                // u64::MAX means "too many to count".
                needed: if estimate.states == u64::MAX {
                    needed.at_least()
                } else {
                    needed
                },
                limit: Amount::of(self.max_states, Unit::Positions),
            });
        }
        if estimate.bytes > self.max_bytes {
            return Err(Over {
                needed: Amount::of(estimate.bytes.div_ceil(1 << 20), Unit::MiB),
                limit: Amount::of(self.max_bytes >> 20, Unit::MiB),
            });
        }
        Ok(())
    }

    /// Counts `added` units of work (a position and its move checks) on
    /// `work` while a solve runs: polls the cancel token whenever the count
    /// crosses a multiple of 4,096 (so positions with many moves cannot make
    /// the polls rare), and fails when the work passes `max_states` or the
    /// memo's `bytes` pass `max_bytes`, naming `what` was solved.
    ///
    /// ```
    /// use takeaway::engine::{EngineError, Limits, Solve};
    /// let limits = Limits::strict();
    /// let mut work = 0;
    /// assert!(limits.charge(&mut work, 10, 0, Solve::Outcome).is_ok());
    /// assert_eq!(work, 10);
    /// let e = limits.charge(&mut work, 20_000_000, 0, Solve::Outcome).unwrap_err();
    /// assert!(matches!(e, EngineError::TooLarge { what: Solve::Outcome, .. }));
    /// assert!(e.to_string().contains("more than 20000010 positions and move checks"));
    /// ```
    pub fn charge(
        &self,
        work: &mut u64,
        added: u64,
        bytes: u64,
        what: Solve,
    ) -> Result<(), EngineError> {
        let before = *work;
        *work = work.saturating_add(added);
        if before >> 12 != *work >> 12 {
            self.check()?;
        }
        if *work > self.max_states {
            return Err(EngineError::TooLarge {
                what,
                over: Over {
                    needed: Amount::more_than(*work, Unit::PositionsAndMoveChecks),
                    limit: Amount::of(self.max_states, Unit::Positions),
                },
            });
        }
        if bytes > self.max_bytes {
            return Err(EngineError::TooLarge {
                what,
                over: Over {
                    needed: Amount::more_than(bytes >> 20, Unit::MiB),
                    limit: Amount::of(self.max_bytes >> 20, Unit::MiB),
                },
            });
        }
        Ok(())
    }
}

impl PartialEq for Limits {
    /// Limits are equal when their caps are (the cancel token is not a cap).
    fn eq(&self, other: &Self) -> bool {
        self.max_states == other.max_states && self.max_bytes == other.max_bytes
    }
}

impl Eq for Limits {}

impl Default for Limits {
    fn default() -> Self {
        Limits::strict()
    }
}

/// An upper bound on what an exhaustive solve will touch, computed from the
/// position alone (saturating: `u64::MAX` means "too many to count").
///
/// ```
/// use takeaway::engine::Estimate;
/// let e = Estimate::positions(1_000, 16);
/// assert_eq!(e, Estimate { states: 1_000, bytes: 16_000 });
/// assert_eq!(Estimate::positions(u64::MAX, 2).bytes, u64::MAX);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Estimate {
    /// Positions (or move checks) visited.
    pub states: u64,
    /// Bytes of memory held at once.
    pub bytes: u64,
}

impl Estimate {
    /// An exhaustive search of `positions` positions with about `moves_each`
    /// move checks each, memoised under keys of `key_bytes` bytes (the
    /// engine's summary and the hash table's slack are added).
    ///
    /// ```
    /// use takeaway::engine::Estimate;
    /// let e = Estimate::search(1_000, 2, 16);
    /// assert_eq!(e.states, 3_000);
    /// assert_eq!(e.bytes, 1_000 * (16 + 24) * 2);
    /// ```
    pub fn search(positions: u64, moves_each: u64, key_bytes: u64) -> Self {
        Estimate {
            states: positions.saturating_mul(moves_each.saturating_add(1)),
            bytes: positions.saturating_mul(key_bytes.saturating_add(24).saturating_mul(2)),
        }
    }

    /// How many positions of piles `piles` can reach when the piles are
    /// interchangeable: at most `Π (p_i + 1)` vectors and at most
    /// `C(max + k, k)` multisets of `k` piles up to the largest, whichever is
    /// less (saturating).
    ///
    /// ```
    /// use takeaway::engine::Estimate;
    /// assert_eq!(Estimate::multisets(&[2, 3]), 10); // C(3 + 2, 2) = 10 < 3·4 = 12
    /// assert_eq!(Estimate::multisets(&[1, 9]), 20); // 2·10 = 20 < C(11, 2) = 55
    /// ```
    pub fn multisets(piles: &[u64]) -> u64 {
        let mut product: u64 = 1;
        for p in piles {
            product = product.saturating_mul(p.saturating_add(1));
        }
        let largest = u128::from(piles.iter().copied().max().unwrap_or(0));
        let mut c: u128 = 1;
        for i in 1..=piles.len() as u128 {
            c = c.saturating_mul(largest + i) / i;
            if c > u128::from(u64::MAX) {
                return product;
            }
        }
        product.min(u64::try_from(c).unwrap_or(u64::MAX))
    }

    /// `states` positions of `bytes_each` bytes.
    pub fn positions(states: u64, bytes_each: u64) -> Self {
        Estimate {
            states,
            bytes: states.saturating_mul(bytes_each),
        }
    }
}
