//! Progress reporting for long computations, without knowing about terminals.

/// Receives progress from a long computation. Front-ends draw bars with it.
pub trait Progress: Sync {
    /// A phase starts with `total` units of work.
    fn start(&self, what: &str, total: u64);
    /// `done` more units have finished.
    fn advance(&self, done: u64);
    /// The phase has finished.
    fn finish(&self);
}

/// Ignores all progress.
///
/// ```
/// use takeaway::games::{NoProgress, Progress};
/// NoProgress.start("x", 10);
/// NoProgress.advance(10);
/// NoProgress.finish();
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _what: &str, _total: u64) {}
    fn advance(&self, _done: u64) {}
    fn finish(&self) {}
}
