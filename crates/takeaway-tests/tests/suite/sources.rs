//! What the guard tests share when they read the project's own sources: the
//! Rust files under a folder, and an allow-list of per-file counts checked
//! against what a scanner finds.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, depth first, in name order.
pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The files whose count of `scan`'s findings differs from `list` (a file
/// not listed is allowed none), one line each naming the file (relative to
/// `root`, with `/`), the lines found and the count listed; panics when
/// `list` names a file that does not exist (`list_name` says which list), so
/// a list can only shrink with the code.
pub(crate) fn allow_list_misfits(
    root: &Path,
    files: &[PathBuf],
    list: &[(&str, usize)],
    list_name: &str,
    scan: fn(&str) -> Vec<usize>,
    what: &str,
) -> Vec<String> {
    for (name, _) in list {
        assert!(
            root.join(name).exists(),
            "{name} is listed in {list_name} but does not exist"
        );
    }
    files
        .iter()
        .filter_map(|f| {
            let name = f
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let found = scan(&std::fs::read_to_string(f).unwrap());
            let allowed = list.iter().find(|(n, _)| *n == name).map_or(0, |&(_, c)| c);
            (found.len() != allowed).then(|| {
                format!(
                    "{name}: {} {what} at lines {found:?}, {allowed} listed in {list_name}",
                    found.len()
                )
            })
        })
        .collect()
}
