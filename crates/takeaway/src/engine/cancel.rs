//! A cancellation token: one flag that a front-end sets (a request that timed
//! out, a client that went away, Ctrl-C) and that long computations poll in
//! their inner loops.
//!
//! Law: once [`Cancel::cancel`] has been called on a token or on any clone of
//! it (or its deadline has passed), [`Cancel::check`] fails on every clone,
//! forever after.

use super::error::EngineError;
use crate::bound::stop;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Shared "stop now" flag with an optional deadline. Cheap to clone and to poll.
///
/// ```
/// use takeaway::engine::Cancel;
/// let token = Cancel::new();
/// let seen_by_worker = token.clone();
/// assert!(seen_by_worker.check().is_ok());
/// token.cancel();
/// assert!(seen_by_worker.check().is_err());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    parent: Option<Arc<Cancel>>,
    deadline: Option<Instant>,
}

impl Cancel {
    /// A token that is not cancelled and has no deadline.
    pub fn new() -> Self {
        Cancel::default()
    }

    /// A clone of this token that also expires after `after` from now.
    ///
    /// ```
    /// use std::time::Duration;
    /// use takeaway::engine::Cancel;
    /// let t = Cancel::new().with_deadline(Duration::ZERO);
    /// assert!(t.is_cancelled());
    /// ```
    #[must_use]
    pub fn with_deadline(&self, after: Duration) -> Self {
        let at = Instant::now().checked_add(after);
        let deadline = match (self.deadline, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Cancel {
            flag: Arc::clone(&self.flag),
            parent: self.parent.clone(),
            deadline,
        }
    }

    /// A new token that is cancelled when this one is (a server's shutdown
    /// reaches every request) but can also be cancelled on its own (one
    /// request timing out leaves the others running).
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// let server = Cancel::new();
    /// let (a, b) = (server.child(), server.child());
    /// a.cancel();
    /// assert!(a.is_cancelled() && !b.is_cancelled() && !server.is_cancelled());
    /// server.cancel();
    /// assert!(b.is_cancelled());
    /// ```
    #[must_use]
    pub fn child(&self) -> Self {
        Cancel {
            flag: Arc::new(AtomicBool::new(false)),
            parent: Some(Arc::new(self.clone())),
            deadline: self.deadline,
        }
    }

    /// Asks every holder of this token (and its clones) to stop.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether the work should stop (cancelled, or past the deadline).
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.parent.as_ref().is_some_and(|p| p.is_cancelled())
    }

    /// `Err(EngineError::Cancelled)` once cancelled; poll it in inner loops.
    pub fn check(&self) -> Result<(), EngineError> {
        if self.is_cancelled() {
            Err(EngineError::Cancelled)
        } else {
            Ok(())
        }
    }
}

impl Cancel {
    /// Runs `work` with this token as the thread's *scope*: code that has no
    /// token of its own to poll (the move-bound language's evaluation, which
    /// theory code calls in loops) polls it (every exact evaluation, every 256th compiled one) and
    /// fails once it is cancelled. Scopes nest (the inner one is polled);
    /// the thread's previous scope is back when `work` returns or unwinds.
    /// The bound language polls a check passed down to it (`bound/stop.rs`),
    /// so it imports nothing of the engine.
    ///
    /// Law: if a poll inside `work` found the token cancelled, the answer is
    /// `Err(EngineError::Cancelled.into())` whatever `work` returned (an evaluation
    /// that failed may have been taken for "no theory applies").
    ///
    /// ```
    /// use takeaway::bound::{Bound, EvalError};
    /// use takeaway::engine::{Cancel, EngineError};
    /// // A caller's error type, as the families' `GameError` is.
    /// #[derive(Debug, PartialEq)]
    /// enum Error { Engine(EngineError), Bound(EvalError) }
    /// impl From<EngineError> for Error {
    ///     fn from(e: EngineError) -> Self { Error::Engine(e) }
    /// }
    /// let f = Bound::parse("2*t").unwrap();
    /// let token = Cancel::new();
    /// token.cancel();
    /// let out = token.scope(|| {
    ///     for t in 0..10_000u64 {
    ///         f.eval_u64(0, t).map_err(Error::Bound)?;
    ///     }
    ///     Ok(())
    /// });
    /// assert_eq!(out, Err(Error::Engine(EngineError::Cancelled)));
    /// ```
    pub fn scope<T, E: From<EngineError>>(
        &self,
        work: impl FnOnce() -> Result<T, E>,
    ) -> Result<T, E> {
        let token = self.clone();
        let (out, tripped) = stop::with_check(Rc::new(move || token.is_cancelled()), work);
        if tripped {
            return Err(EngineError::Cancelled.into());
        }
        out
    }
}

/// Polls a [`Cancel`] only every `2^k` calls, for loops whose body costs
/// nanoseconds (an `Instant::now()` per iteration would dominate).
///
/// ```
/// use takeaway::engine::{Cancel, Ticker};
/// let token = Cancel::new();
/// let mut tick = Ticker::new(&token, 10);
/// token.cancel();
/// let mut stopped_after = 0;
/// for i in 1..=5000u32 {
///     if tick.tick().is_err() { stopped_after = i; break; }
/// }
/// assert_eq!(stopped_after, 1024);
/// ```
#[derive(Debug)]
pub struct Ticker<'a> {
    cancel: &'a Cancel,
    mask: u32,
    count: u32,
}

impl<'a> Ticker<'a> {
    /// Checks `cancel` once every `2^shift` ticks (`shift` at most 31).
    pub fn new(cancel: &'a Cancel, shift: u32) -> Self {
        Ticker {
            cancel,
            mask: (1u32 << shift.min(31)) - 1,
            count: 0,
        }
    }

    /// One step of work; fails when the token is cancelled (checked every `2^shift` steps).
    #[inline]
    pub fn tick(&mut self) -> Result<(), EngineError> {
        self.count = self.count.wrapping_add(1);
        if self.count & self.mask == 0 {
            self.cancel.check()
        } else {
            Ok(())
        }
    }
}
