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
use std::sync::mpsc;
use std::time::Duration;
use takeaway::engine::{Cancel, Limits};
use takeaway::games::GameError;

/// How often the calling thread checks for signals while the work runs.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// Stack of the worker thread: the command line runs the same work on a
/// main thread's 8 MiB.
const WORKER_STACK: usize = 8 << 20;

/// Runs `work` with `limits` (given a fresh cancel token) on a worker
/// thread, the GIL released, and returns its result; a Python exception
/// raised by a signal handler meanwhile (KeyboardInterrupt) cancels the work
/// and is returned as `Err(Err(exception))`.
pub(crate) fn run<T, F>(py: Python<'_>, limits: Limits, work: F) -> PyResult<Result<T, GameError>>
where
    T: Send,
    F: FnOnce(Limits) -> Result<T, GameError> + Send,
{
    let token = Cancel::new();
    let limits = limits.with_cancel(token.clone());
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .name("takeaway-worker".into())
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, move || {
                // The receiver may be gone (the call was interrupted): nothing to tell.
                let _ = tx.send(work(limits));
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
