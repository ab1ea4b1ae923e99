//! The files of a sweep: a shard directory beside the output while it runs
//! (`OUT.shards/`, one file per finished shard), and the final file merged
//! from it.
//!
//! Law (resume): a shard's file appears only complete (written under a
//! temporary name, then renamed), so after any interruption the directory
//! holds exactly the finished shards; a rerun of the same sweep computes
//! only the others, and the merge writes the header and the shards' rows in
//! index order (rows marked first before the others) — the same bytes as an
//! uninterrupted run. The directory's `plan` file holds the header: a
//! directory or a final file of another sweep is refused, never mixed in.
//!
//! Law (integrity): every shard's text ends with a seal line
//! ([`seal`]: the shard's index, the sweep's identity — the FNV-1a hash of
//! its header — the number of rows, and the FNV-1a hash of the rows and
//! of the seal's own fields; the hash of `games/checksum.rs`, the one an
//! octal checkpoint carries). A shard whose seal does not match — a
//! changed byte, a cut, another sweep's or another index's shard — is
//! never merged: a rerun discards it (and says so, naming it) and computes
//! it again; the merge refuses it with its name; storing it is refused.

use super::Sweep;
use super::error::SweepError;
use crate::games::checksum::{FNV1A_START, fnv1a};
use std::collections::BTreeSet;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The first word of a shard's seal line.
const SEAL: &str = "#\tshard ";

/// `body` (the rows of shard `i` of the sweep identified by `sweep_id`,
/// [`Sweep::id`]) followed by its seal line: `#`, a tab, `shard I`,
/// `sweep ID`, `rows R`, `fnv H`, tab-separated, where `H` is the FNV-1a
/// hash of the rows and of the seal up to `fnv `.
///
/// ```
/// use takeaway::sweep::file::{check, seal};
/// let text = seal(0xabc, 3, "0\t7,x\n".into());
/// assert!(text.ends_with('\n') && text.lines().count() == 2);
/// assert_eq!(check(&text, 0xabc, 3, 1), Ok(()));
/// // One digit changed, another index, another sweep, a cut: refused.
/// assert!(check(&text.replace("7,x", "8,x"), 0xabc, 3, 1).unwrap_err().contains("damaged"));
/// assert!(check(&text, 0xabc, 4, 1).unwrap_err().contains("shard 3"));
/// assert!(check(&text, 0xdef, 3, 1).unwrap_err().contains("another sweep"));
/// assert!(check(&text[..text.len() - 5], 0xabc, 3, 1).is_err());
/// ```
pub fn seal(sweep_id: u64, i: u64, mut body: String) -> String {
    let rows = body.lines().count();
    let fields = format!("{SEAL}{i}\tsweep {sweep_id:016x}\trows {rows}\tfnv ");
    let mut h = FNV1A_START;
    fnv1a(&mut h, body.as_bytes());
    fnv1a(&mut h, fields.as_bytes());
    body.push_str(&fields);
    body.push_str(&format!("{h:016x}\n"));
    body
}

/// Whether `text` is shard `i` of the sweep `sweep_id`, whole, with
/// `rows` rows and its seal ([`seal`]); else why not, in words.
pub fn check(text: &str, sweep_id: u64, i: u64, rows: u64) -> Result<(), String> {
    let damaged = |why: &str| Err(format!("damaged ({why})"));
    let Some(body_end) = text.rfind(SEAL) else {
        return damaged("no seal line: cut short, or not a shard file");
    };
    let (body, seal_line) = text.split_at(body_end);
    let Some(seal_line) = seal_line.strip_suffix('\n') else {
        return damaged("the seal line is cut short");
    };
    let Some((fields, hash)) = seal_line.rsplit_once("fnv ") else {
        return damaged("the seal line has no hash");
    };
    let mut h = FNV1A_START;
    fnv1a(&mut h, body.as_bytes());
    fnv1a(&mut h, fields.as_bytes());
    fnv1a(&mut h, b"fnv ");
    if u64::from_str_radix(hash, 16).ok() != Some(h) || hash.len() != 16 {
        return damaged("its rows do not match their checksum");
    }
    let field = |key: &str| {
        fields
            .split('\t')
            .find_map(|f| f.strip_prefix(key))
            .and_then(|v| v.strip_prefix(' '))
            .map(str::trim)
    };
    let found_sweep = field("sweep").and_then(|v| u64::from_str_radix(v, 16).ok());
    if found_sweep != Some(sweep_id) {
        return Err(format!(
            "a shard of another sweep (sweep {}, this one is {sweep_id:016x})",
            field("sweep").unwrap_or("?")
        ));
    }
    let found_shard = field("shard").and_then(|v| v.parse::<u64>().ok());
    if found_shard != Some(i) {
        return Err(format!(
            "holds shard {}'s rows, not shard {i}'s",
            field("shard").unwrap_or("?")
        ));
    }
    let lines = body.lines().count() as u64;
    if field("rows").and_then(|v| v.parse::<u64>().ok()) != Some(lines) || lines != rows {
        return damaged(&format!("{lines} rows where the shard has {rows}"));
    }
    Ok(())
}

/// A shard file found damaged, cut or foreign, and removed (to be computed
/// again).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discarded {
    /// The shard's index.
    pub shard: u64,
    /// Its file.
    pub path: PathBuf,
    /// Why it was discarded (see [`check`]).
    pub why: String,
}

impl std::fmt::Display for Discarded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "shard {}: {}", self.path.display(), self.why)
    }
}

/// The output file of a sweep and its shard directory.
#[derive(Debug, Clone)]
pub struct Output {
    path: PathBuf,
    dir: PathBuf,
}

/// Where a sweep's output stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Progress {
    /// The final file is there, written by this same sweep: nothing to do.
    Complete,
    /// These shards are finished (none on a fresh start); the discarded
    /// ones were found damaged, cut or foreign and removed.
    Shards {
        /// The finished shards, each checked against its seal.
        done: BTreeSet<u64>,
        /// The shard files removed, to be computed again.
        discarded: Vec<Discarded>,
    },
}

impl Output {
    /// The output at `path`; its shards go to `path` + `.shards/`.
    ///
    /// ```
    /// use takeaway::sweep::Output;
    /// let o = Output::new("out/census.csv");
    /// assert_eq!(o.shard_dir(), std::path::Path::new("out/census.csv.shards"));
    /// ```
    pub fn new(path: impl AsRef<Path>) -> Output {
        let path = path.as_ref().to_path_buf();
        let mut dir = path.clone().into_os_string();
        dir.push(".shards");
        Output {
            path,
            dir: PathBuf::from(dir),
        }
    }

    /// The final file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The shard directory.
    pub fn shard_dir(&self) -> &Path {
        &self.dir
    }

    fn plan(&self) -> PathBuf {
        self.dir.join("plan")
    }

    fn part(&self, i: u64) -> PathBuf {
        self.dir.join(format!("{i:010}.part"))
    }

    /// What is already done for `sweep`; creates the shard directory (with
    /// its plan) on a fresh start. Refuses a final file or a directory of
    /// another sweep.
    pub fn prepare(&self, sweep: &Sweep) -> Result<Progress, SweepError> {
        let header = sweep.header();
        let first_line = |text: &str| text.lines().next().unwrap_or_default().to_string();
        if self.path.exists() {
            let found = read_head(&self.path, header.len())?;
            if found != header {
                return Err(SweepError::OtherSweep {
                    path: self.path.clone(),
                    found: first_line(&found),
                    expected: first_line(&header),
                });
            }
            if self.dir.exists() {
                // The merge finished but the directory was not removed.
                std::fs::remove_dir_all(&self.dir).map_err(SweepError::io(&self.dir))?;
            }
            return Ok(Progress::Complete);
        }
        if self.plan().exists() {
            let found =
                std::fs::read_to_string(self.plan()).map_err(SweepError::io(&self.plan()))?;
            if found != header {
                return Err(SweepError::OtherSweep {
                    path: self.dir.clone(),
                    found: first_line(&found),
                    expected: first_line(&header),
                });
            }
        } else {
            std::fs::create_dir_all(&self.dir).map_err(SweepError::io(&self.dir))?;
            write_atomically(&self.plan(), header.as_bytes())?;
        }
        let mut done = BTreeSet::new();
        let mut discarded = Vec::new();
        let shards = sweep.shards();
        for entry in std::fs::read_dir(&self.dir).map_err(SweepError::io(&self.dir))? {
            let entry = entry.map_err(SweepError::io(&self.dir))?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let Some(i) = name
                .strip_suffix(".part")
                .and_then(|s| s.parse::<u64>().ok())
            else {
                continue;
            };
            let path = entry.path();
            let verdict = if i < shards.len() {
                let text = read_text(&path)?;
                check(&text, sweep.id(), i, shards.range(i).count() as u64)
            } else {
                Err(format!("no such shard: the sweep has {}", shards.len()))
            };
            match verdict {
                Ok(()) => {
                    done.insert(i);
                }
                Err(why) => {
                    std::fs::remove_file(&path).map_err(SweepError::io(&path))?;
                    discarded.push(Discarded {
                        shard: i,
                        path,
                        why,
                    });
                }
            }
        }
        discarded.sort_by_key(|d| d.shard);
        Ok(Progress::Shards { done, discarded })
    }

    /// Stores the text of shard `i` ([`Sweep::shard_text`], sealed) —
    /// atomically: the file is complete or absent. A text that is not shard
    /// `i` of `sweep`, whole ([`check`]), is refused.
    pub fn write_shard(&self, sweep: &Sweep, i: u64, text: &str) -> Result<(), SweepError> {
        let rows = sweep.shards().range(i).count() as u64;
        check(text, sweep.id(), i, rows).map_err(|why| SweepError::DamagedShard {
            path: self.part(i),
            why,
        })?;
        write_atomically(&self.part(i), text.as_bytes())
    }

    /// Merges every shard into the final file (see the module law) and
    /// removes the shard directory. Streams: memory does not grow with the
    /// sweep.
    pub fn merge(&self, sweep: &Sweep) -> Result<(), SweepError> {
        let shards = sweep.shards().len();
        if let Some(missing) = (0..shards).find(|&i| !self.part(i).exists()) {
            return Err(SweepError::MissingShard {
                path: self.dir.clone(),
                shard: missing,
            });
        }
        let tmp = temporary(&self.path);
        let file = std::fs::File::create(&tmp).map_err(SweepError::io(&tmp))?;
        let mut out = BufWriter::new(file);
        out.write_all(sweep.header().as_bytes())
            .map_err(SweepError::io(&tmp))?;
        // The rows marked first (flag 1), then the others (flag 0); each
        // shard checked against its seal before any of its rows is written.
        let cut = sweep.shards();
        let written = (|| -> Result<(), SweepError> {
            for flag in ['1', '0'] {
                for i in 0..shards {
                    let part = self.part(i);
                    let text = read_text(&part)?;
                    check(&text, sweep.id(), i, cut.range(i).count() as u64).map_err(|why| {
                        SweepError::DamagedShard {
                            path: part.clone(),
                            why,
                        }
                    })?;
                    for line in text.lines() {
                        if let Some(row) =
                            line.strip_prefix(flag).and_then(|r| r.strip_prefix('\t'))
                        {
                            out.write_all(row.as_bytes())
                                .and_then(|()| out.write_all(b"\n"))
                                .map_err(SweepError::io(&tmp))?;
                        }
                    }
                }
            }
            out.flush().map_err(SweepError::io(&tmp))
        })();
        drop(out);
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        std::fs::rename(&tmp, &self.path).map_err(SweepError::io(&self.path))?;
        std::fs::remove_dir_all(&self.dir).map_err(SweepError::io(&self.dir))?;
        Ok(())
    }
}

/// A shard file's text (a file that is not UTF-8 reads as damaged: its
/// seal cannot match).
fn read_text(path: &Path) -> Result<String, SweepError> {
    let bytes = std::fs::read(path).map_err(SweepError::io(path))?;
    Ok(String::from_utf8(bytes).unwrap_or_default())
}

/// The first `len` bytes of a file (fewer if it is shorter), as text.
fn read_head(path: &Path, len: usize) -> Result<String, SweepError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(SweepError::io(path))?;
    let mut buf = Vec::with_capacity(len);
    file.take(len as u64)
        .read_to_end(&mut buf)
        .map_err(SweepError::io(path))?;
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// A temporary name beside `path`, unique to this process and thread.
fn temporary(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(
        ".tmp-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    PathBuf::from(name)
}

/// Writes `bytes` to `path` under a temporary name, then renames it.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SweepError> {
    let tmp = temporary(path);
    std::fs::write(&tmp, bytes).map_err(SweepError::io(&tmp))?;
    std::fs::rename(&tmp, path).map_err(SweepError::io(path))
}
