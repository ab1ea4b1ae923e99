//! One module per subcommand: clap arguments and `run`.

pub(crate) mod analyze;
pub(crate) mod misere;
pub(crate) mod play;
pub(crate) mod repr;
pub(crate) mod serve;
pub(crate) mod sweep;
pub(crate) mod table;
pub(crate) mod table_octal;
pub(crate) mod verify;

use takeaway::games::Limits;

/// The limits of every CLI command: [`Limits::generous`] (2^34 positions,
/// 2 GiB of work memory: within `ulimit -v 8 GiB`), the same as the Python
/// package's, so both refuse the same requests with the same line.
pub(crate) fn limits() -> Limits {
    Limits::generous()
}
