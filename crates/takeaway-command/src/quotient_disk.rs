//! Where the command keeps misère quotients between runs
//! (`takeaway::games::octal::quotient::disk`): the library's `default_dir`
//! (`$TAKEAWAY_CACHE_DIR` when it is set, empty: no disk; else the user's
//! cache directory), stamped with this executable's size and modification
//! time, so that another build of the command recomputes what it needs
//! instead of reading an older build's quotients.

use std::time::UNIX_EPOCH;

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
    use takeaway::games::octal::quotient::disk;
    if let (Some(dir), Some(stamp)) = (disk::default_dir(), stamp()) {
        disk::set_dir(Some((dir, stamp)));
    }
}
