//! The stop check the evaluator polls: code above the bound language (the
//! engine's `Cancel::scope`) installs a check for the thread, and an
//! evaluation polls it (every exact evaluation, every 256th compiled one),
//! failing with [`EvalError::Cancelled`](super::EvalError::Cancelled) once it
//! answers "stop". The bound language knows nothing of who asks: the check
//! is passed in from above, so this layer imports nothing above it.
//!
//! Law: inside [`with_check`], once a poll has found the check true, every
//! later poll on the thread answers true, and `with_check` reports it; the
//! thread's previous check is back when `work` returns or unwinds.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A thread's stop check: `true` when the work should stop.
pub(crate) type Check = Rc<dyn Fn() -> bool>;

thread_local! {
    /// The check of the innermost [`with_check`] on this thread.
    static CHECK: RefCell<Option<Check>> = const { RefCell::new(None) };
    /// Calls of [`stop_requested`] left before the next real poll.
    static COUNTDOWN: Cell<u32> = const { Cell::new(0) };
    /// Whether a poll on this thread has found the check true.
    static TRIPPED: Cell<bool> = const { Cell::new(false) };
}

/// Polls of the check are this many calls of [`stop_requested`] apart (an
/// evaluation of the compiled bound costs nanoseconds).
const EVERY: u32 = 256;

/// Runs `work` with `check` as the thread's stop check (checks nest: the
/// inner one is polled) and says whether a poll found it true.
pub(crate) fn with_check<T>(check: Check, work: impl FnOnce() -> T) -> (T, bool) {
    struct Restore(Option<Check>, bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            CHECK.with(|s| *s.borrow_mut() = self.0.take());
            TRIPPED.with(|t| t.set(self.1));
            COUNTDOWN.with(|c| c.set(0));
        }
    }
    let previous = CHECK.with(|s| s.borrow_mut().replace(check));
    let _restore = Restore(previous, TRIPPED.with(|t| t.replace(false)));
    COUNTDOWN.with(|c| c.set(0));
    let out = work();
    (out, TRIPPED.with(Cell::get))
}

/// Whether the thread's check says stop, polled for real once every 256
/// calls (and on every call once it has said so); `false` without a check.
/// For cheap steps (the compiled bound).
pub(crate) fn stop_requested() -> bool {
    if TRIPPED.with(Cell::get) {
        return true;
    }
    let left = COUNTDOWN.with(Cell::get);
    if left > 0 {
        COUNTDOWN.with(|c| c.set(left - 1));
        return false;
    }
    COUNTDOWN.with(|c| c.set(EVERY));
    stop_requested_now()
}

/// [`stop_requested`] polled on every call, for steps that may cost
/// milliseconds (an exact evaluation, a Fibonacci number of 300,000 index).
pub(crate) fn stop_requested_now() -> bool {
    if TRIPPED.with(Cell::get) {
        return true;
    }
    // The check is cloned out so that it may itself evaluate a bound.
    let check = CHECK.with(|s| s.borrow().clone());
    let stop = check.is_some_and(|c| c());
    if stop {
        TRIPPED.with(|t| t.set(true));
    }
    stop
}
