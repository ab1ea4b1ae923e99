//! Long calls off the GIL, stoppable with Ctrl-C.
//!
//! The work runs on a worker thread with a [`Cancel`] token in its
//! [`Limits`]; the calling thread releases the GIL and wakes every
//! [`POLL`] to take it back for a moment and run Python's signal handlers
//! (`Python::check_signals`). When a handler raises (Ctrl-C's
//! `KeyboardInterrupt`), the token is cancelled, the worker is waited for
//! (the engine polls the token in its inner loops, so it stops at once) and
//! the exception is raised in Python.
//!
//! Laws: other Python threads run while the work runs (the GIL is held only
//! for the signal checks); a `KeyboardInterrupt` is raised at most [`POLL`]
//! plus the engine's polling interval after SIGINT, and no work continues
//! after the call returns.

use pyo3::prelude::*;
use std::sync::{Condvar, Mutex, mpsc};
use std::time::Duration;
use takeaway::engine::{Cancel, Limits};
use takeaway::games::GameError;

/// How often the calling thread checks for signals while the work runs.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// Stack of the worker thread: the command line runs the same work on a
/// main thread's 8 MiB.
const WORKER_STACK: usize = 8 << 20;

/// Bytes of table memory shared by every call of the process at once
/// (2 GiB: one call may have it all, as on the command line).
pub(crate) const PROCESS_BUDGET: u64 = 2 << 30;

/// Least share of [`PROCESS_BUDGET`] a call starts with: a call that finds
/// less free waits (Ctrl-C still works) until enough is given back.
const LEAST_SHARE: u64 = 64 << 20;

/// The bytes of [`PROCESS_BUDGET`] not lent to a running call.
static FREE: Mutex<u64> = Mutex::new(PROCESS_BUDGET);
static GIVEN_BACK: Condvar = Condvar::new();

/// A call's share of [`PROCESS_BUDGET`], given back when dropped.
struct Share(u64);

impl Drop for Share {
    fn drop(&mut self) {
        if let Ok(mut free) = FREE.lock() {
            *free = free.saturating_add(self.0);
        }
        GIVEN_BACK.notify_all();
    }
}

/// Takes the share of a call that may use up to `wanted` bytes: all of it
/// if it is free, else what is free if that is at least [`LEAST_SHARE`]
/// (a call that needs more then raises `LimitError`, naming the limit),
/// else waits for other calls to give some back, checking for signals.
fn take_share(py: Python<'_>, wanted: u64) -> PyResult<Share> {
    loop {
        let got = py.detach(|| {
            let Ok(mut free) = FREE.lock() else {
                return None;
            };
            if *free < LEAST_SHARE.min(wanted) {
                free = GIVEN_BACK.wait_timeout(free, POLL).ok()?.0;
            }
            if *free >= LEAST_SHARE.min(wanted) {
                let share = wanted.min(*free);
                *free -= share;
                return Some(share);
            }
            None
        });
        if let Some(share) = got {
            return Ok(Share(share));
        }
        py.check_signals()?;
    }
}

/// Runs `work` with `limits` (given a fresh cancel token, and a memory cap
/// that is this call's share of [`PROCESS_BUDGET`]) on a worker thread, the
/// GIL released, and returns its result; a Python exception raised by a
/// signal handler meanwhile (KeyboardInterrupt) cancels the work and is
/// returned as `Err(Err(exception))`. The bound language polls the token too
/// (through [`Cancel::scope`]), so theory code that evaluates `f` in loops
/// stops as quickly as the engine.
pub(crate) fn run<T, F>(py: Python<'_>, limits: Limits, work: F) -> PyResult<Result<T, GameError>>
where
    T: Send,
    F: FnOnce(Limits) -> Result<T, GameError> + Send,
{
    let share = take_share(py, limits.max_bytes)?;
    let token = Cancel::new();
    let mut limits = limits.with_cancel(token.clone());
    limits.max_bytes = share.0;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .name("takeaway-worker".into())
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, move || {
                // The receiver may be gone (the call was interrupted): nothing to tell.
                let scope = limits.cancel.clone();
                let _ = tx.send(scope.scope(|| work(limits)));
            })
            .map_err(|e| {
                pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "cannot start a worker thread: {e}"
                ))
            })?;
        let mut rx = rx;
        loop {
            // The receiver travels into the GIL-free closure and back.
            let (back, received) = py.detach(move || {
                let r = rx.recv_timeout(POLL);
                (rx, r)
            });
            rx = back;
            match received {
                Ok(result) => {
                    py.detach(|| worker.join()).map_err(|_| worker_panicked())?;
                    drop(share);
                    return Ok(result);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The worker ended without an answer: it panicked.
                    let _ = py.detach(|| worker.join());
                    return Err(worker_panicked());
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        token.cancel();
                        let _ = py.detach(|| worker.join());
                        return Err(interrupt);
                    }
                }
            }
        }
    })
}

fn worker_panicked() -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(
        "the computation failed (a panic in takeaway; please report it)",
    )
}
