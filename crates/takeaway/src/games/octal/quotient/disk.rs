//! The misère quotients kept on disk, so that a command run cold answers
//! through a quotient computed by an earlier run (computing `Q_N` may take
//! seconds; reading it takes about a millisecond).
//!
//! The front-end chooses the directory and a stamp naming its build
//! ([`set_dir`]; the command line uses the user's cache directory and its
//! executable's size and modification time, the library alone no disk):
//! one JSON file per game and heap bound, `<game>.<N>.json` with the game's
//! name made safe for a file name, holding the quotient with the format
//! number, the library's version and the stamp of the build that computed
//! it.
//!
//! Invalidation rule: a file is used only when its format number, library
//! version and stamp equal this build's, its game and heap bound are the
//! ones asked for, and it has the shape of a quotient (a square table with
//! entries in range, element 0 the identity, commutative; P and Φ in range,
//! Φ(0) = 1). Any other file is ignored (and replaced by the next quotient
//! computed for that game and bound), so a new build recomputes every
//! quotient once. Deleting the directory forgets them all.
//!
//! Law: [`load`] answers only a quotient that [`save`] wrote for the same
//! game and bound under the same stamp (or a file of identical content);
//! [`load_covering`] the same for the least kept bound at least the one
//! asked for.
//!
//! ```
//! use takeaway::games::octal::code::OctalCode;
//! use takeaway::games::octal::quotient::{disk, engine::{misere_quotient, QuotientLimits},
//!     heap_game::OctalHeaps};
//! let dir = std::env::temp_dir().join(format!("takeaway-doc-disk-{}", std::process::id()));
//! let kayles = OctalHeaps(OctalCode::parse("0.77").unwrap());
//! let q = misere_quotient(&kayles, 5, &QuotientLimits::default()).unwrap();
//! disk::save_in(&dir, "build 1", &q).unwrap();
//! assert_eq!(disk::load_in(&dir, "build 1", "octal:0.77", 5), Some(q.clone()));
//! // Only that bound, and only by the same build.
//! assert_eq!(disk::load_in(&dir, "build 1", "octal:0.77", 4), None);
//! assert_eq!(disk::load_in(&dir, "build 2", "octal:0.77", 5), None);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::misere_quotient::MisereQuotient;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The file format's number: raised whenever the layout of a kept quotient
/// changes.
pub const FORMAT: u32 = 1;

/// The library's version, part of every file.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The directory and stamp set by the front-end (`None`: no disk).
static DIR: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

/// One file.
#[derive(Serialize, Deserialize)]
struct Kept {
    format: u32,
    version: String,
    stamp: String,
    quotient: MisereQuotient,
}

/// Keeps quotients in `dir` from now on, each marked with `stamp` (what
/// names the build: a quotient is read back only by the same stamp);
/// `None`: none on disk (the default).
pub fn set_dir(dir: Option<(PathBuf, String)>) {
    *DIR.lock().unwrap_or_else(PoisonError::into_inner) = dir;
}

/// The directory and stamp in use, if any.
pub fn dir() -> Option<(PathBuf, String)> {
    DIR.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

/// The directory a front-end keeps quotients in unless told otherwise, from
/// the environment: `$TAKEAWAY_CACHE_DIR` when it is set (empty: `None`, no
/// disk), else `$XDG_CACHE_HOME/takeaway/misere-quotients`, else
/// `$HOME/.cache/takeaway/misere-quotients`; `None` when none of them is
/// set. Reading it changes nothing: the front-end passes it to [`set_dir`]
/// with its own stamp (the command line and the Python package use it).
///
/// Law: a non-empty `$TAKEAWAY_CACHE_DIR` is the answer, as written.
///
/// ```
/// use takeaway::games::octal::quotient::disk::default_dir;
/// if let Some(dir) = std::env::var_os("TAKEAWAY_CACHE_DIR").filter(|d| !d.is_empty()) {
///     assert_eq!(default_dir(), Some(std::path::PathBuf::from(dir)));
/// }
/// ```
pub fn default_dir() -> Option<PathBuf> {
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

/// The game's name as a file name: letters, digits, `.` and `-` kept, any
/// other character written as `_` and its code point in hex.
fn file_stem(game: &str) -> String {
    let mut out = String::with_capacity(game.len());
    for c in game.chars() {
        if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
            out.push(c);
        } else {
            out.push_str(&format!("_{:x}_", c as u32));
        }
    }
    out
}

fn file(dir: &Path, game: &str, heaps: usize) -> PathBuf {
    dir.join(format!("{}.{heaps}.json", file_stem(game)))
}

/// Whether `q` has the shape of a quotient of `game` on heaps `1..=heaps`
/// (see the invalidation rule in the module docs).
fn sound(q: &MisereQuotient, game: &str, heaps: usize) -> bool {
    let n = q.monoid.table.len();
    let in_range = |x: u32| (x as usize) < n;
    n > 0
        && q.game == game
        && q.heaps == heaps
        && q.order == n
        && q.elements.len() == n
        && q.monoid.p.len() == n
        && q.monoid
            .table
            .iter()
            .all(|row| row.len() == n && row.iter().all(|&x| in_range(x)))
        && (0..n).all(|x| q.monoid.table[0][x] as usize == x)
        && (0..n).all(|x| (0..x).all(|y| q.monoid.table[x][y] == q.monoid.table[y][x]))
        && q.p.iter().all(|&x| in_range(x) && q.monoid.p[x as usize])
        && q.p.len() == q.monoid.p.iter().filter(|&&b| b).count()
        && q.p_count == q.p.len()
        && q.phi.len() == heaps + 1
        && q.phi[0] == 0
        && q.phi.iter().all(|&x| in_range(x))
}

/// The quotient of `game` on disk in `dir` for `heaps`, if its file passes
/// the invalidation rule.
fn read(dir: &Path, stamp: &str, game: &str, heaps: usize) -> Option<MisereQuotient> {
    let text = std::fs::read_to_string(file(dir, game, heaps)).ok()?;
    let kept: Kept = serde_json::from_str(&text).ok()?;
    (kept.format == FORMAT
        && kept.version == VERSION
        && kept.stamp == stamp
        && sound(&kept.quotient, game, heaps))
    .then_some(kept.quotient)
}

/// The quotient `Q_heaps` of `game` kept in `dir` under `stamp` (exactly
/// that bound: the answer is then the one a computation would give, element
/// names included).
pub fn load_in(dir: &Path, stamp: &str, game: &str, heaps: usize) -> Option<MisereQuotient> {
    read(dir, stamp, game, heaps)
}

/// [`load_in`] the directory set by [`set_dir`] (`None` without one).
pub fn load(game: &str, heaps: usize) -> Option<MisereQuotient> {
    let (dir, stamp) = dir()?;
    load_in(&dir, &stamp, game, heaps)
}

/// The kept quotient of `game` in `dir` under `stamp` with the least bound
/// `M ≥ need` whose file passes the invalidation rule: `Q_M` answers every
/// sum of heaps in `1..=M`, so it serves a position whose largest heap is
/// `need` (exactly `Q_need` when that is kept, as [`load_in`]).
///
/// ```
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::quotient::{disk, engine::{misere_quotient, QuotientLimits},
///     heap_game::OctalHeaps};
/// let dir = std::env::temp_dir().join(format!("takeaway-doc-cover-{}", std::process::id()));
/// let kayles = OctalHeaps(OctalCode::parse("0.77").unwrap());
/// for n in [5, 9] {
///     disk::save_in(&dir, "b", &misere_quotient(&kayles, n, &QuotientLimits::default()).unwrap()).unwrap();
/// }
/// let heaps = |need| disk::load_covering_in(&dir, "b", "octal:0.77", need).map(|q| q.heaps);
/// assert_eq!((heaps(3), heaps(5), heaps(6), heaps(10)), (Some(5), Some(5), Some(9), None));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn load_covering_in(
    dir: &Path,
    stamp: &str,
    game: &str,
    need: usize,
) -> Option<MisereQuotient> {
    let prefix = format!("{}.", file_stem(game));
    let mut bounds: Vec<usize> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let bound = name.strip_prefix(&prefix)?.strip_suffix(".json")?;
            bound.parse::<usize>().ok().filter(|&m| m >= need)
        })
        .collect();
    bounds.sort_unstable();
    bounds.into_iter().find_map(|m| read(dir, stamp, game, m))
}

/// [`load_covering_in`] the directory set by [`set_dir`] (`None` without one).
pub fn load_covering(game: &str, need: usize) -> Option<MisereQuotient> {
    let (dir, stamp) = dir()?;
    load_covering_in(&dir, &stamp, game, need)
}

/// Writes `q` into `dir` (created if missing), through a temporary file
/// renamed into place, so that a reader never sees half a file.
pub fn save_in(dir: &Path, stamp: &str, q: &MisereQuotient) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let kept = Kept {
        format: FORMAT,
        version: VERSION.to_string(),
        stamp: stamp.to_string(),
        quotient: q.clone(),
    };
    let text = serde_json::to_string(&kept).map_err(std::io::Error::other)?;
    let target = file(dir, &q.game, q.heaps);
    let temporary = target.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, &target)
}

/// [`save_in`] the directory set by [`set_dir`]; a failure to write is
/// ignored (the disk is a cache: the answer does not depend on it).
pub fn save(q: &MisereQuotient) {
    if let Some((dir, stamp)) = dir() {
        let _ = save_in(&dir, &stamp, q);
    }
}
