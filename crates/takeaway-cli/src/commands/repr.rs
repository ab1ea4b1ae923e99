//! `takeaway repr zeckendorf N` and friends (built with the numeration module).

use std::process::ExitCode;

/// Arguments of `repr`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// What to write: `zeckendorf`.
    system: String,
    /// The number.
    number: String,
}

pub(crate) fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("repr is not built yet")
}
