//! The misère quotients computed so far, kept per game and heap bound for
//! the life of the process (the server's, Python's, one command's), and the
//! refusals, so that a quotient is computed once and a refused one is not
//! tried again under the same budget; and on disk when the front-end has
//! chosen a directory ([`super::disk`]), so that a later process reads it
//! instead of computing it.
//!
//! Law: [`quotient_covering`] answers `Q_M` with `M ≥ need` (the largest
//! bound kept for the game), computed by
//! [`super::engine::misere_quotient`]; `Q_M` answers every sum of heaps in
//! `1..=M`, so any kept `M ≥ need` serves a position whose largest heap is
//! `need`. A refusal of `Q_n` under limits `L` (too large or too much work
//! at heap `k ≤ n`) is kept and given again, without computing, for any
//! `need ≥ k` under limits no larger than `L` — unless a larger bound kept
//! on disk covers `need`, which then answers.
//!
//! ```
//! use takeaway::games::octal::code::OctalCode;
//! use takeaway::games::octal::quotient::{cache, engine::QuotientLimits,
//!     heap_game::OctalHeaps};
//! let kayles = OctalHeaps(OctalCode::parse("0.77").unwrap());
//! let q = cache::quotient_covering(&kayles, 6, &QuotientLimits::default()).unwrap();
//! assert!(q.heaps >= 6);
//! // Kept: the same quotient again (the same allocation).
//! let again = cache::quotient_covering(&kayles, 5, &QuotientLimits::default()).unwrap();
//! assert!(std::sync::Arc::ptr_eq(&q, &again) || again.heaps >= 5);
//! ```

use super::disk;
use super::engine::{QuotientLimits, misere_quotient, misere_quotient_until};
use super::error::QuotientError;
use super::heap_game::HeapGame;
use super::misere_quotient::MisereQuotient;
use crate::engine::Cancel;
use std::sync::{Arc, Mutex, PoisonError};

/// A refusal kept: the game, the heap at which it was refused, the limits.
struct Refusal {
    game: String,
    from_heap: usize,
    limits: QuotientLimits,
    error: QuotientError,
}

#[derive(Default)]
struct Store {
    known: Vec<Arc<MisereQuotient>>,
    refused: Vec<Refusal>,
}

static STORE: Mutex<Store> = Mutex::new(Store {
    known: Vec::new(),
    refused: Vec::new(),
});

fn store() -> std::sync::MutexGuard<'static, Store> {
    STORE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The kept quotient of `game` (by name) with the largest bound `≥ need`.
pub fn kept(game: &str, need: usize) -> Option<Arc<MisereQuotient>> {
    store()
        .known
        .iter()
        .filter(|q| q.game == game && q.heaps >= need)
        .max_by_key(|q| q.heaps)
        .cloned()
}

/// The kept quotient of `game` with exactly the bound `heaps`.
pub fn kept_exactly(game: &str, heaps: usize) -> Option<Arc<MisereQuotient>> {
    store()
        .known
        .iter()
        .find(|q| q.game == game && q.heaps == heaps)
        .cloned()
}

/// Keeps `q` (replacing a kept quotient of the same game and bound).
pub fn keep(q: MisereQuotient) -> Arc<MisereQuotient> {
    let q = Arc::new(q);
    let mut s = store();
    s.known
        .retain(|k| !(k.game == q.game && k.heaps == q.heaps));
    s.known.push(Arc::clone(&q));
    q
}

/// Forgets every kept quotient and refusal.
pub fn clear() {
    let mut s = store();
    s.known.clear();
    s.refused.clear();
}

fn within(a: &QuotientLimits, b: &QuotientLimits) -> bool {
    a.max_elements <= b.max_elements
        && a.max_positions <= b.max_positions
        && a.max_states <= b.max_states
}

/// The heap at which an error refuses every larger bound (`None`: not a
/// refusal for size or work).
fn refused_from(e: &QuotientError) -> Option<usize> {
    match e {
        QuotientError::TooLarge { heap, .. } | QuotientError::Work { heap, .. } => Some(*heap),
        _ => None,
    }
}

/// `Q_M` of `game` for some `M ≥ need`: a kept one (in the process, else
/// `Q_need` on disk), else `Q_need` computed under `limits` and kept (on
/// disk too), else, when that is refused for size or work, the least bound
/// `M > need` kept on disk;
/// a kept refusal that covers `need` under limits at least `limits` is
/// given again without computing.
pub fn quotient_covering(
    game: &dyn HeapGame,
    need: usize,
    limits: &QuotientLimits,
) -> Result<Arc<MisereQuotient>, QuotientError> {
    quotient_covering_until(game, need, limits, &Cancel::new())
}

/// [`quotient_covering`] stopped by `cancel` ([`QuotientError::Cancelled`],
/// which is not kept as a refusal: the next call computes again).
///
/// ```
/// use takeaway::engine::Cancel;
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::quotient::{cache, engine::QuotientLimits,
///     error::QuotientError, heap_game::OctalHeaps};
/// let game = OctalHeaps(OctalCode::parse("0.77").unwrap());
/// let token = Cancel::new();
/// token.cancel();
/// let e = cache::quotient_covering_until(&game, 9, &QuotientLimits::default(), &token);
/// assert_eq!(e.unwrap_err(), QuotientError::Cancelled);
/// assert!(cache::quotient_covering(&game, 9, &QuotientLimits::default()).is_ok());
/// ```
pub fn quotient_covering_until(
    game: &dyn HeapGame,
    need: usize,
    limits: &QuotientLimits,
    cancel: &Cancel,
) -> Result<Arc<MisereQuotient>, QuotientError> {
    let name = game.name();
    let need = need.max(1);
    if let Some(q) = kept(&name, need) {
        return Ok(q);
    }
    if let Some(q) = disk::load(&name, need) {
        return Ok(keep(q));
    }
    // Past the limits, a larger bound kept on disk (computed beforehand
    // with larger limits) still answers; within them the answer is the one
    // of `Q_need`, whatever the disk holds.
    let larger = || disk::load_covering(&name, need).map(keep);
    if let Some(r) = store()
        .refused
        .iter()
        .find(|r| r.game == name && need >= r.from_heap && within(limits, &r.limits))
    {
        let error = r.error.clone();
        return larger().ok_or(error);
    }
    match misere_quotient_until(game, need, limits, cancel) {
        Ok(q) => {
            disk::save(&q);
            Ok(keep(q))
        }
        Err(e) => {
            if refused_from(&e).is_some()
                && let Some(q) = larger()
            {
                return Ok(q);
            }
            if let Some(from_heap) = refused_from(&e) {
                store().refused.push(Refusal {
                    game: name,
                    from_heap,
                    limits: *limits,
                    error: e.clone(),
                });
            }
            Err(e)
        }
    }
}

/// `Q_heaps` of `game` exactly: kept (in the process, else on disk), else
/// computed and kept (on disk too).
pub fn quotient_exactly(
    game: &dyn HeapGame,
    heaps: usize,
    limits: &QuotientLimits,
) -> Result<Arc<MisereQuotient>, QuotientError> {
    let name = game.name();
    if let Some(q) = kept_exactly(&name, heaps) {
        return Ok(q);
    }
    if let Some(q) = disk::load(&name, heaps) {
        return Ok(keep(q));
    }
    let q = misere_quotient(game, heaps, limits)?;
    disk::save(&q);
    Ok(keep(q))
}
