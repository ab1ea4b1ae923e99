//! Ctrl-C (SIGINT) and SIGTERM for long commands (`table octal:…`,
//! `sweep`): the first cancels the work, which then stops cleanly (saving
//! what it has), the second ends the process at once.

use takeaway::engine::Cancel;

/// Exit status of a run stopped by a signal with its state saved
/// (128 + SIGINT).
pub(crate) const STOPPED: u8 = 130;

/// Cancels `cancel` on the first Ctrl-C (SIGINT) or SIGTERM and exits
/// with [`STOPPED`] on the second. The handlers are installed before this
/// returns, so a signal sent after it is never lost.
pub(crate) fn cancel_on_signal(cancel: Cancel) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    #[cfg(unix)]
    let (mut int, mut term) = {
        use tokio::signal::unix::{SignalKind, signal};
        let _entered = rt.enter();
        (
            signal(SignalKind::interrupt())?,
            signal(SignalKind::terminate())?,
        )
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let mut next = || {
                rt.block_on(async {
                    #[cfg(unix)]
                    tokio::select! {
                        _ = int.recv() => {},
                        _ = term.recv() => {},
                    }
                    #[cfg(not(unix))]
                    let _ = tokio::signal::ctrl_c().await;
                });
            };
            next();
            cancel.cancel();
            next();
            std::process::exit(i32::from(STOPPED));
        })?;
    Ok(())
}
