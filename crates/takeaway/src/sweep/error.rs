//! What can stop a sweep: a rule set's own error (only a cancel, in
//! practice), a file that cannot be read or written, or an output that
//! belongs to another sweep.

use crate::games::error::GameError;
use std::path::PathBuf;

/// Why a sweep stopped.
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    /// The computation stopped (a cancel) or the sweep was refused (too large,
    /// a bad parameter).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The threads to run the shards on could not be started.
    #[error("no thread pool: {why}")]
    ThreadPool {
        /// The system's reason.
        why: String,
    },
    /// A file or directory could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The output file, or its shard directory, holds another sweep's results.
    #[error(
        "{path} holds the results of another sweep ({found}); this one is {expected}: remove it or write to another file"
    )]
    OtherSweep {
        /// The file found.
        path: PathBuf,
        /// Its first line.
        found: String,
        /// The first line this sweep writes.
        expected: String,
    },
    /// A shard's file is not that shard of this sweep, whole: changed,
    /// cut short, or another sweep's (its seal does not match); it is never
    /// merged.
    #[error("shard {path}: {why}; not merged: rerun the same command to compute it again")]
    DamagedShard {
        /// The shard's file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A shard directory misses shards at the end (another run is still
    /// writing them, or they were removed).
    #[error("{path} lacks shard {shard}: rerun the same command to compute it")]
    MissingShard {
        /// The shard directory.
        path: PathBuf,
        /// The first missing shard.
        shard: u64,
    },
}

impl SweepError {
    /// An I/O error at `path`.
    pub(crate) fn io(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> SweepError + '_ {
        move |source| SweepError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
