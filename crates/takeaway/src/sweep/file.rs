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

use super::Sweep;
use super::error::SweepError;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

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
    /// These shards are finished (none on a fresh start).
    Shards(BTreeSet<u64>),
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
        for entry in std::fs::read_dir(&self.dir).map_err(SweepError::io(&self.dir))? {
            let entry = entry.map_err(SweepError::io(&self.dir))?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if let Some(i) = name
                .strip_suffix(".part")
                .and_then(|s| s.parse::<u64>().ok())
            {
                done.insert(i);
            }
        }
        Ok(Progress::Shards(done))
    }

    /// Stores the text of shard `i` ([`Sweep::shard_text`]) — atomically:
    /// the file is complete or absent.
    pub fn write_shard(&self, i: u64, text: &str) -> Result<(), SweepError> {
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
        // The rows marked first (flag 1), then the others (flag 0).
        for flag in ['1', '0'] {
            for i in 0..shards {
                let part = self.part(i);
                let reader =
                    BufReader::new(std::fs::File::open(&part).map_err(SweepError::io(&part))?);
                for line in reader.lines() {
                    let line = line.map_err(SweepError::io(&part))?;
                    if let Some(row) = line.strip_prefix(flag).and_then(|r| r.strip_prefix('\t')) {
                        out.write_all(row.as_bytes())
                            .and_then(|()| out.write_all(b"\n"))
                            .map_err(SweepError::io(&tmp))?;
                    }
                }
            }
        }
        out.flush().map_err(SweepError::io(&tmp))?;
        drop(out);
        std::fs::rename(&tmp, &self.path).map_err(SweepError::io(&self.path))?;
        std::fs::remove_dir_all(&self.dir).map_err(SweepError::io(&self.dir))?;
        Ok(())
    }
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
