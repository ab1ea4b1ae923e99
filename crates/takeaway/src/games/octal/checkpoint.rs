//! Checkpoints of a long Grundy run: the code and the values computed so
//! far, in one file, so that a stopped run continues where it stopped.
//!
//! Law: [`load`]`(path)` after [`save`]`(path, code, values)` gives back
//! `code` and `values` exactly; a file that is not a whole checkpoint (cut
//! short, altered, another format) is refused with the reason, never read
//! as values. The file is written beside the target and renamed over it, so
//! an interruption while saving leaves the previous checkpoint intact.
//!
//! Format: the text header `takeaway octal checkpoint 1`, lines
//! `code D0.D1…`, `width W` (bytes a value), `values N`, `fnv H` (FNV-1a
//! 64 of the value bytes, hexadecimal), an empty line, then `N · W` bytes:
//! the values, little-endian.

use super::code::OctalCode;
use super::nimber::Values;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

const MAGIC: &str = "takeaway octal checkpoint 1";

/// Why a checkpoint cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file system refused.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file is not a checkpoint this version wrote, or is damaged.
    #[error("not a takeaway octal checkpoint: {0}")]
    Format(String),
}

// The hash is the one shared with the sweeps' shard files.
use crate::games::checksum::{FNV1A_START as FNV_START, fnv1a as fnv};

struct Hashing<'a, W: Write>(&'a mut W, u64);

impl<W: Write> Write for Hashing<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.0.write(buf)?;
        fnv(&mut self.1, &buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Writes `code` and `values` to `path` (atomically: a temporary file
/// renamed over it).
///
/// ```
/// use takeaway::games::octal::{checkpoint, code::OctalCode, nimber::Values};
/// let path = std::env::temp_dir().join(format!("doc-ckpt-{}", std::process::id()));
/// let code = OctalCode::parse("0.77").unwrap();
/// let mut v = Values::with_capacity(4);
/// for g in [0, 1, 2, 300] { v.push(g); }
/// checkpoint::save(&path, &code, &v).unwrap();
/// assert_eq!(checkpoint::load(&path).unwrap(), (code, v));
/// std::fs::write(&path, b"takeaway octal checkpoint 1\ncode 0.77\n").unwrap();
/// assert!(checkpoint::load(&path).is_err());
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn save(path: &Path, code: &OctalCode, values: &Values) -> Result<(), CheckpointError> {
    let mut sink = std::io::sink();
    let mut hashing = Hashing(&mut sink, FNV_START);
    values.write_le(&mut hashing)?;
    let h = hashing.1;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = std::path::PathBuf::from(tmp);
    {
        let file = std::fs::File::create(&tmp)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        write!(
            out,
            "{MAGIC}\ncode {code}\nwidth {}\nvalues {}\nfnv {h:016x}\n\n",
            values.file_width(),
            values.len()
        )?;
        values.write_le(&mut out)?;
        out.flush()?;
        out.get_ref().sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    Ok(())
}

fn bad(what: impl Into<String>) -> CheckpointError {
    CheckpointError::Format(what.into())
}

/// Reads a checkpoint written by [`save`].
pub fn load(path: &Path) -> Result<(OctalCode, Values), CheckpointError> {
    let mut file = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path)?);
    let mut header = Vec::new();
    // The header is short: read it byte by byte up to the empty line.
    let mut byte = [0u8; 1];
    while !header.ends_with(b"\n\n") {
        if header.len() > 4096 || file.read(&mut byte)? == 0 {
            return Err(bad("no header"));
        }
        header.push(byte[0]);
    }
    let header = String::from_utf8(header).map_err(|_| bad("the header is not text"))?;
    let mut lines = header.lines();
    if lines.next() != Some(MAGIC) {
        return Err(bad(format!("the first line is not `{MAGIC}`")));
    }
    let mut field = |key: &str| -> Result<String, CheckpointError> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(key))
            .and_then(|l| l.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| bad(format!("no `{key}` line")))
    };
    let code = OctalCode::parse(&field("code")?).map_err(|e| bad(e.to_string()))?;
    let width: usize = field("width")?
        .parse()
        .map_err(|_| bad("the width is not a number"))?;
    let count: usize = field("values")?
        .parse()
        .map_err(|_| bad("the count is not a number"))?;
    let hash = u64::from_str_radix(&field("fnv")?, 16).map_err(|_| bad("bad fnv line"))?;
    if ![1, 2, 4].contains(&width) {
        return Err(bad(format!("width {width}")));
    }
    let mut values = Values::with_capacity(count);
    values.widen(width);
    let mut h = FNV_START;
    let mut buf = vec![0u8; 1 << 20];
    let mut left = count
        .checked_mul(width)
        .ok_or_else(|| bad("too many values"))?;
    while left > 0 {
        let want = left.min(buf.len());
        file.read_exact(&mut buf[..want])
            .map_err(|_| bad(format!("cut short: {left} bytes of values missing")))?;
        fnv(&mut h, &buf[..want]);
        for c in buf[..want].chunks_exact(width) {
            let v = match width {
                1 => u32::from(c[0]),
                2 => u32::from(u16::from_le_bytes([c[0], c[1]])),
                _ => u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
            };
            values.push(v);
        }
        left -= want;
    }
    if file.read(&mut byte)? != 0 {
        return Err(bad("bytes after the values"));
    }
    if h != hash {
        return Err(bad("the values do not match their fnv hash (damaged file)"));
    }
    Ok((code, values))
}
