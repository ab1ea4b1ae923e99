//! Grundy values of the take-and-break codes beyond Guy and Smith's octal
//! codes ([`super::hexadecimal`]: digits `8`–`F`, `!`). The solver
//! ([`super::solve::solve`]) gives the codes whose moves leave at most two heaps (those
//! with `!`, e.g. Grundy's game `4!.0`) to the octal sparse-space kernel
//! ([`super::sparse`], which leaves out the pair `(m/2, m/2)` under `!`),
//! and the others to [`definition`]; [`values`] and [`counted`] (the
//! sweep's work counts) keep the methods below.
//!
//! Law: `G(n) = mex { G(h_1) ⊕ … ⊕ G(h_i) : (j, h) an option of heap n }`
//! ([`OctalCode::options`]; no heap counts 0), computed two ways with the
//! same result:
//! - [`definition`]: every option, one after another (`O(n²)` options a heap
//!   when a move leaves three heaps): the reference, and the method for codes
//!   with three-heap moves.
//! - [`pairs`], for codes whose moves leave at most two heaps (any `!`, e.g.
//!   Grundy's game `4!.0`): the sparse-space method (Gangolli and Plambeck,
//!   1989). With `R = { v : parity(v & mask) = 0 }` a linear subspace of the
//!   values and `C` its complement, `C ⊕ C ⊆ R`, so a common option of heap
//!   `n` is `G(r) ⊕ G(m − r)` with `r` a *rare* heap (`G(r) ∈ R`): marking
//!   those pairs for the few rare heaps (both orders, and leaving out `r =
//!   m − r` under `!`) and the moves that leave one heap or none marks every
//!   common option. The least unmarked common value `c` bounds `G(n)`; the
//!   pairs are scanned only while some rare value below `c` is unmarked, and
//!   `G(n)` is the least value then not found. The `!` constraint removes
//!   only the pair `(m/2, m/2)`, whose value `0` is rare, so the argument is
//!   unchanged. The mask (chosen from the frequencies at powers of two) decides
//!   only the speed.
//!
//! Three-heap moves break the argument (`C ⊕ C ⊕ C ⊆ C`), so codes with
//! digits `8`–`F` use the definition.

use super::code::OctalCode;
use crate::games::error::GameError;

/// Heaps computed between two looks at the stop test.
const POLL: usize = 1 << 12;

/// Marks `v` in the stamped table `hit` (grown as needed).
fn mark(hit: &mut Vec<u32>, stamp: u32, v: usize) {
    if v >= hit.len() {
        hit.resize((v + 1).next_power_of_two(), 0);
    }
    hit[v] = stamp;
}

/// The least `v` not marked with `stamp`.
fn mex(hit: &[u32], stamp: u32) -> usize {
    hit.iter().position(|&h| h != stamp).unwrap_or(hit.len())
}

/// `G(0) … G(to − 1)` by the definition, every option of every heap; `stop`
/// is asked now and then and ends the run with [`GameError::Cancelled`].
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, take_break::definition};
/// // Grundy's game 4!.0: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 (OEIS A002188;
/// // CGSuite's GameHeapTest lists the same 21 values).
/// let g = definition(&OctalCode::parse("4!.0").unwrap(), 21, &|| false).unwrap();
/// assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
/// ```
pub fn definition(
    code: &OctalCode,
    to: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<u32>, GameError> {
    definition_counted(code, to, stop, &mut 0)
}

/// [`definition`], adding to `work` one for every option examined.
fn definition_counted(
    code: &OctalCode,
    to: usize,
    stop: &dyn Fn() -> bool,
    work: &mut u64,
) -> Result<Vec<u32>, GameError> {
    let mut g: Vec<u32> = Vec::with_capacity(to);
    let mut hit: Vec<u32> = vec![0; 64];
    for n in 0..to {
        if n % POLL == POLL - 1 && stop() {
            return Err(GameError::Cancelled);
        }
        let stamp = n as u32 + 1;
        let mut options = 0u64;
        code.options(n as u64, |_, heaps| {
            let v = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]) as usize;
            mark(&mut hit, stamp, v);
            options += 1;
        });
        *work += options;
        g.push(mex(&hit, stamp) as u32);
    }
    Ok(g)
}

fn parity(v: usize) -> bool {
    v.count_ones() & 1 == 1
}

/// The mask whose rare class `{ v : parity(v & mask) = 0 }` holds the
/// fewest heaps, from `freq[v]` (heaps of value `v`); `0` (every value
/// rare: the method becomes the definition) when the values are too wide
/// to try every mask.
fn best_mask(freq: &[u64]) -> usize {
    let size = freq.len().next_power_of_two();
    if size > 1 << 12 {
        return 0;
    }
    let mut best = (u64::MAX, 0);
    for mask in 1..size {
        let rare: u64 = freq
            .iter()
            .enumerate()
            .filter(|&(v, _)| !parity(v & mask))
            .map(|(_, &f)| f)
            .sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    best.1
}

/// `G(0) … G(to − 1)` of a code whose moves leave at most two heaps, by the
/// sparse-space method (see the module law), with the final mask; refused
/// (`None`) for a code with three-heap moves.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, take_break::{definition, pairs}};
/// let grundy = OctalCode::parse("4!.0").unwrap();
/// let (g, mask) = pairs(&grundy, 3000, &|| false).unwrap().unwrap();
/// assert_eq!(g, definition(&grundy, 3000, &|| false).unwrap());
/// assert!(mask != 0);
/// assert!(pairs(&OctalCode::parse("0.3F").unwrap(), 10, &|| false).unwrap().is_none());
/// ```
pub fn pairs(
    code: &OctalCode,
    to: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Option<(Vec<u32>, usize)>, GameError> {
    pairs_counted(code, to, stop, &mut 0)
}

/// [`pairs`], adding to `work` one for every option examined (a move that
/// leaves one heap or none, a rare pair, a scanned pair).
fn pairs_counted(
    code: &OctalCode,
    to: usize,
    stop: &dyn Fn() -> bool,
    work: &mut u64,
) -> Result<Option<(Vec<u32>, usize)>, GameError> {
    if code.leaves_three() {
        return Ok(None);
    }
    let k = code.max_take();
    let whole: Vec<usize> = (1..=k).filter(|&j| code.allows(j, 0)).collect();
    let take: Vec<usize> = (1..=k).filter(|&j| code.allows(j, 1)).collect();
    let split: Vec<(usize, bool)> = (0..=k)
        .filter(|&j| code.allows(j, 2))
        .map(|j| (j, code.unequal(j)))
        .collect();
    let mut g: Vec<u32> = Vec::with_capacity(to);
    let mut freq: Vec<u64> = vec![0; 2];
    let mut mask = 0usize;
    // Rare heaps r ≥ 1 with their values, ascending.
    let mut rare: Vec<(usize, usize)> = Vec::new();
    let mut hit: Vec<u32> = vec![0; 64];
    let mut missing: Vec<usize> = Vec::new();
    let mut next_mask = 64usize;
    for n in 0..to {
        if n % POLL == POLL - 1 && stop() {
            return Err(GameError::Cancelled);
        }
        if n == next_mask {
            next_mask *= 2;
            let m = best_mask(&freq);
            if m != mask {
                mask = m;
                rare = (1..n)
                    .filter(|&r| !parity(g[r] as usize & mask))
                    .map(|r| (r, g[r] as usize))
                    .collect();
            }
        }
        let stamp = n as u32 + 1;
        let mut options = 0u64;
        for &j in &whole {
            if n == j {
                mark(&mut hit, stamp, 0);
                options += 1;
            }
        }
        for &j in &take {
            if n > j {
                mark(&mut hit, stamp, g[n - j] as usize);
                options += 1;
            }
        }
        for &(j, unequal) in &split {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            for &(r, x) in &rare {
                if r >= m {
                    break;
                }
                if unequal && 2 * r == m {
                    continue;
                }
                mark(&mut hit, stamp, x ^ g[m - r] as usize);
                options += 1;
            }
        }
        // The least common value not marked (every common option is marked).
        let mut c = 0;
        while c < hit.len() && (hit[c] == stamp || !parity(c & mask)) {
            c += 1;
        }
        missing.clear();
        missing.extend((0..c.min(hit.len())).filter(|&v| hit[v] != stamp && !parity(v & mask)));
        if !missing.is_empty() {
            'scan: for &(j, unequal) in &split {
                if n < j + 2 {
                    continue;
                }
                let m = n - j;
                let top = if unequal { (m - 1) / 2 } else { m / 2 };
                for a in 1..=top {
                    options += 1;
                    let v = (g[a] ^ g[m - a]) as usize;
                    if v < c && hit[v] != stamp {
                        hit[v] = stamp;
                        missing.retain(|&w| w != v);
                        if missing.is_empty() {
                            break 'scan;
                        }
                    }
                }
            }
        }
        *work += options;
        let value = missing.first().copied().unwrap_or(c);
        g.push(value as u32);
        if value >= freq.len() {
            freq.resize((value + 1).next_power_of_two(), 0);
        }
        if n > 0 {
            freq[value] += 1;
            if !parity(value & mask) {
                rare.push((n, value));
            }
        }
    }
    Ok(Some((g, mask)))
}

/// `G(0) … G(to − 1)` of any code: [`pairs`] when its moves leave at most
/// two heaps, else [`definition`]; with the mask of the rare class (`0`
/// when none is used).
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, take_break::{definition, values}};
/// let code = OctalCode::parse("0.3F").unwrap();
/// let (g, _) = values(&code, 60, &|| false).unwrap();
/// assert_eq!(g, definition(&code, 60, &|| false).unwrap());
/// ```
pub fn values(
    code: &OctalCode,
    to: usize,
    stop: &dyn Fn() -> bool,
) -> Result<(Vec<u32>, usize), GameError> {
    let c = counted(code, to, stop)?;
    Ok((c.values, c.mask))
}

/// How the values of a code were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// [`pairs`]: the sparse-space method (moves leave at most two heaps).
    SparseSpace,
    /// [`definition`]: every option (some move leaves three heaps).
    Definition,
}

impl Method {
    /// Its name in reports: `sparse-space` or `definition`.
    pub fn name(self) -> &'static str {
        match self {
            Method::SparseSpace => "sparse-space",
            Method::Definition => "definition",
        }
    }
}

/// The values of a code with how they were computed and the work it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// `G(0) … G(to − 1)`.
    pub values: Vec<u32>,
    /// The mask of the rare class (`0` when none is used).
    pub mask: usize,
    /// The method.
    pub method: Method,
    /// Options examined: every option of every heap by the definition; by
    /// the sparse-space method the moves leaving one heap or none, the rare
    /// pairs marked and the pairs scanned. A measure of the time taken that
    /// does not depend on the machine.
    pub work: u64,
}

/// [`values`] with the method and the options examined.
///
/// Law: `values` equal [`definition`]'s; by the definition `work` is the
/// number of options of heaps `0 … to − 1` (by the sparse-space method the
/// marks and scans it made, often far fewer).
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, take_break::{counted, Method}};
/// // 0.8: remove one token leaving three nonempty heaps. Heap n has one
/// // option per partition of n − 1 into three parts: 0, 0, 0, 0, 1, 1, 2 for
/// // n = 0..6, so 5 options in all.
/// let c = counted(&OctalCode::parse("0.8").unwrap(), 7, &|| false).unwrap();
/// assert_eq!((c.method, c.work), (Method::Definition, 4));
/// let grundy = counted(&OctalCode::parse("4!.0").unwrap(), 50, &|| false).unwrap();
/// assert_eq!(grundy.method, Method::SparseSpace);
/// ```
pub fn counted(code: &OctalCode, to: usize, stop: &dyn Fn() -> bool) -> Result<Counted, GameError> {
    let mut work = 0;
    Ok(match pairs_counted(code, to, stop, &mut work)? {
        Some((values, mask)) => Counted {
            values,
            mask,
            method: Method::SparseSpace,
            work,
        },
        None => Counted {
            values: definition_counted(code, to, stop, &mut work)?,
            mask: 0,
            method: Method::Definition,
            work,
        },
    })
}

/// [`super::solve::solve`] for a code that is not octal
/// ([`OctalCode::is_octal`]). A code whose moves leave at most two heaps
/// (digits below 8, some `!`; Grundy's game `4!.0`) runs on the octal
/// sparse-space kernel ([`super::solve::sparse_space`]: chunks, progress,
/// checkpoints, one byte a value while the values fit); the others
/// (checkpoints refused) take every value by
/// [`values`], after the same memory check (four bytes a value here), with
/// progress at the start and the end. No period is proved (the octal
/// periodicity theorem is for octal codes; see [`super::arithmetic_period`]).
pub(crate) fn solve(
    code: &OctalCode,
    run: super::solve::Run<'_>,
) -> Result<super::solve::Outcome, GameError> {
    use super::nimber::Values;
    use super::solve::{Outcome, Solved};
    if !code.leaves_three() {
        return super::solve::sparse_space(code, run);
    }
    if run.checkpoint.is_some() || run.resume.is_some() {
        return Err(crate::games::unanswered::Unsupported::Checkpoints {
            code: code.to_string(),
        }
        .into());
    }
    let rows = run.rows;
    let limit = run.limits.max_bytes;
    let needed = super::solve::bytes_needed(rows, 4);
    let to = usize::try_from(rows)
        .ok()
        .filter(|_| needed <= u128::from(limit));
    let Some(to) = to else {
        return Err(super::solve::too_large(code, rows, needed, limit));
    };
    run.progress.start("values", rows);
    let cancel = &run.limits.cancel;
    let (g, mask) = values(code, to, &|| cancel.is_cancelled())?;
    run.progress.advance(rows);
    run.progress.finish();
    let mut stored = Values::with_capacity(to);
    for v in g {
        stored.push(v);
    }
    Ok(Outcome::Done(Solved {
        code: code.clone(),
        rows,
        values: stored,
        period: None,
        mask,
    }))
}
