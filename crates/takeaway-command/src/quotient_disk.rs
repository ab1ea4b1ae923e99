//! Where the command keeps misère quotients between runs
//! (`takeaway::games::octal::quotient::disk`): `$TAKEAWAY_CACHE_DIR` when it
//! is set (empty: no disk), else `$XDG_CACHE_HOME/takeaway/misere-quotients`,
//! else `$HOME/.cache/takeaway/misere-quotients`; stamped with this
//! executable's size and modification time, so that another build of the
//! command recomputes what it needs instead of reading an older build's
//! quotients.

use std::path::PathBuf;
use std::time::UNIX_EPOCH;

/// The directory, or `None` (no disk) when the environment names none.
fn directory() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TAKEAWAY_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|d| !d.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })?;
    Some(base.join("takeaway").join("misere-quotients"))
}

/// This executable's size and modification time (`None` when unknown: then
/// nothing is kept on disk, as no stamp could tell builds apart).
fn stamp() -> Option<String> {
    let meta = std::fs::metadata(std::env::current_exe().ok()?).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(format!(
        "{} bytes, modified {} ns",
        meta.len(),
        modified.as_nanos()
    ))
}

/// Sets the library's disk cache of misère quotients for this process.
pub(crate) fn install() {
    if let (Some(dir), Some(stamp)) = (directory(), stamp()) {
        takeaway::games::octal::quotient::disk::set_dir(Some((dir, stamp)));
    }
}
