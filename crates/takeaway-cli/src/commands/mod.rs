//! One module per subcommand: clap arguments and `run`.

pub(crate) mod analyze;
pub(crate) mod play;
pub(crate) mod repr;
pub(crate) mod serve;
pub(crate) mod table;
pub(crate) mod verify;

use takeaway::games::Limits;

/// Work memory the CLI allows one command (2 GiB): with what the process
/// needs besides, a command stays well within `ulimit -v 8 GiB`, and a
/// request over it is refused before anything is allocated.
pub(crate) const CLI_MAX_BYTES: u64 = 2 << 30;

/// The limits of every CLI command: [`Limits::generous`] with the memory cap
/// at [`CLI_MAX_BYTES`].
pub(crate) fn limits() -> Limits {
    let mut limits = Limits::generous();
    limits.max_bytes = limits.max_bytes.min(CLI_MAX_BYTES);
    limits
}
