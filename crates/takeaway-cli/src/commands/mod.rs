//! One module per subcommand: clap arguments and `run`.

pub(crate) mod analyze;
pub(crate) mod play;
pub(crate) mod repr;
pub(crate) mod serve;
pub(crate) mod table;
pub(crate) mod verify;
