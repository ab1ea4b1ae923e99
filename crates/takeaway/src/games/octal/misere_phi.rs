//! Misère play of an octal game through its misère quotient: a position
//! whose heaps all lie in `0..=M` is answered by the quotient `Q_M`
//! ([`super::quotient`]) — outcome, winning moves and an explanation naming
//! the quotient's elements — instead of an exhaustive search.
//!
//! Law (Plambeck 2005; Plambeck–Siegel 2008): a sum of heaps `h₁ + … + h_k`
//! in `1..=M` is a misère P-position exactly when `Φ(h₁)⋯Φ(h_k) ∈ P`
//! (heaps of 0 are the identity). A move replaces one heap `h` by the heaps
//! `a, b` it leaves, so the product after it is `r_h · Φ(a) · Φ(b)` where
//! `r_h` is the product of the other heaps; the move wins exactly when that
//! lies in `P`. The moves are listed in the rules' order
//! ([`super::game::OctalRules`]: smallest removal first, heap by heap), the
//! order of the engine's exhaustive search, so both name the same first
//! winning move and the same list.
//!
//! The heap bound is chosen automatically: `M` is the largest heap of the
//! position, or a larger bound already computed for the code (kept in
//! [`super::quotient::cache`] for the life of the process, and on disk when
//! the front-end chose a directory). A kept quotient answers any position
//! within it; one not yet kept is computed only when the exhaustive
//! search's estimate of its positions passes the quotient's budget
//! ([`worth_computing`]: a small position is never slower than the search
//! alone), within [`auto_limits`] (at most about half a second) and stopped
//! by the request's cancel token. Past the budget, or past the engine's
//! largest bound, the engine's exhaustive search answers with a note that
//! says why.
//!
//! ```
//! use takeaway::analysis::{Method, Outcome};
//! use takeaway::games::{AnalyzeRequest, Family, Game, Limits};
//! let g = Game::parse("kayles:misere=true").unwrap();
//! // Misère Kayles: from heap 1 the mover must take the pin and the
//! // opponent, unable to move, wins: heap 1 is P. From 1 + 1, taking one
//! // pin leaves heap 1 to the opponent: N. A search of a few positions:
//! // the quotient is not computed for it…
//! let req = AnalyzeRequest::new(vec![1u8.into(), 1u8.into()]);
//! assert_eq!(g.analyze(&req).unwrap().method, Method::Exhaustive);
//! // …but once it is kept, it answers.
//! assert!(g.misere_quick_ready(&1u8.into(), &Limits::strict()));
//! let a = g.analyze(&req).unwrap();
//! assert_eq!((a.outcome, a.method), (Outcome::N, Method::Quotient));
//! assert!(a.explanation.contains("Φ(1)"), "{}", a.explanation);
//! ```

use super::code::OctalCode;
use super::game::{HeapGrowth, reachable_multisets};
use super::game::{OctalRules, OctalStep};
use super::quotient::cache;
use super::quotient::engine::{MAX_HEAPS, QuotientLimits};
use super::quotient::error::QuotientError;
use super::quotient::heap_game::{HeapGame, OctalHeaps};
use super::quotient::misere_quotient::MisereQuotient;
use super::spec::Octal;
use crate::analysis::{Analysis, Method, Move, Outcome, numbered};
use crate::engine::{Cancel, Limits, Rules};
use crate::games::error::GameError;
use crate::games::exhaustive::analysis_move;
use crate::games::model::MisereQuick;
use crate::games::request::AnalyzeRequest;
use crate::games::wire::Wire;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Most product states in all of an automatic quotient, and the
/// size of exhaustive search past which a quotient is worth an attempt
/// ([`worth_computing`]).
pub const AUTO_POSITIONS: usize = 200_000;

/// Most verification states in all of an automatic quotient (misère
/// Kayles: Q_130 within it, 0.8 s of CPU; Dawson's Kayles: Q_27, 0.2 s).
pub const AUTO_STATES: usize = 200_000;

/// Most elements of an automatic quotient.
pub const AUTO_ELEMENTS: usize = 1024;

/// The limits of a quotient computed for an answer: at most
/// [`AUTO_POSITIONS`] sums, [`AUTO_STATES`] check states and
/// [`AUTO_ELEMENTS`] elements, and never past the request's own work and
/// memory limits (about 100 bytes a state).
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::octal::misere_phi::auto_limits;
/// let l = auto_limits(&Limits::strict());
/// assert_eq!((l.max_positions, l.max_states, l.max_elements), (200_000, 200_000, 1024));
/// ```
pub fn auto_limits(limits: &Limits) -> QuotientLimits {
    let cap = usize::try_from(limits.max_states.min(limits.max_bytes / 100)).unwrap_or(usize::MAX);
    QuotientLimits {
        max_elements: AUTO_ELEMENTS,
        max_positions: AUTO_POSITIONS.min(cap),
        max_states: AUTO_STATES.min(cap),
    }
}

/// Whether a quotient not yet computed is worth computing for a position
/// whose exhaustive search reaches at most `positions` positions (the
/// search's own estimate, an upper bound): only when that is more than the
/// quotient's budget ([`AUTO_POSITIONS`]). Below it the search is small and
/// answers alone (a fixed rule, so answers do not depend on timing); above
/// it an attempt is made within the budget, refused or not.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::octal::misere_phi::{auto_limits, worth_computing};
/// let budget = auto_limits(&Limits::strict());
/// // Misère Kayles 14 13 12: at most 53,152 reachable multisets of heaps.
/// assert!(!worth_computing(53_152, &budget));
/// assert!(worth_computing(u64::MAX, &budget));
/// ```
pub fn worth_computing(positions: u64, budget: &QuotientLimits) -> bool {
    positions > budget.max_positions as u64
}

/// The exhaustive search's estimate of the positions of a sum of `groups`
/// of octal heaps (the product of each group's reachable multisets,
/// saturating).
fn search_positions(groups: &[(&OctalCode, &[usize])]) -> u64 {
    groups
        .iter()
        .map(|(code, h)| {
            let total = h.iter().fold(0u64, |a, &x| a.saturating_add(x as u64));
            let heaps = h.iter().filter(|&&x| x > 0).count() as u64;
            reachable_multisets(total, heaps, HeapGrowth::of(code))
        })
        .fold(1u64, u64::saturating_mul)
}

/// The heaps as sizes when every one is at most [`MAX_HEAPS`].
fn sizes(piles: &[BigUint]) -> Option<Vec<usize>> {
    piles
        .iter()
        .map(|p| p.to_usize().filter(|&h| h <= MAX_HEAPS))
        .collect()
}

/// The quotient of `game` covering heaps up to `need`: kept in the process
/// (whatever the position), else, when `worth` says so, read from disk or
/// computed within `budget` and stopped by `cancel`; `Ok(Err(note))` when
/// it is not used, the note saying why.
fn covering(
    game: &dyn HeapGame,
    need: usize,
    worth: Option<u64>,
    budget: &QuotientLimits,
    cancel: &Cancel,
) -> Result<Result<Arc<MisereQuotient>, String>, GameError> {
    if let Some(q) = cache::kept(&game.name(), need.max(1)) {
        return Ok(Ok(q));
    }
    if let Some(positions) = worth
        && !worth_computing(positions, budget)
    {
        return Ok(Err(format!(
            "the misère quotient was not tried: the exhaustive search needs at most {positions} positions, no more than the {} sums a quotient may take; exhaustive search instead",
            budget.max_positions
        )));
    }
    match cache::quotient_covering_until(game, need, budget, cancel) {
        Ok(q) => Ok(Ok(q)),
        Err(QuotientError::Cancelled) => Err(GameError::Cancelled),
        Err(e) => Ok(Err(format!(
            "the misère quotient was not used ({e}, within the budget of an answer; a quotient computed beforehand and kept is used); exhaustive search instead"
        ))),
    }
}

/// Makes the quotient of `code` covering heaps up to `largest` ready
/// (kept, read from disk or computed within [`auto_limits`]); whether it is.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::octal::{code::OctalCode, misere_phi::ready};
/// assert!(ready(&OctalCode::parse("0.07").unwrap(), &10u8.into(), &Limits::strict()));
/// assert!(!ready(&OctalCode::parse("0.07").unwrap(), &1000u32.into(), &Limits::strict()));
/// ```
pub fn ready(code: &OctalCode, largest: &BigUint, limits: &Limits) -> bool {
    largest
        .to_usize()
        .filter(|&h| h <= MAX_HEAPS)
        .is_some_and(|h| {
            matches!(
                covering(
                    &OctalHeaps(code.clone()),
                    h,
                    None,
                    &auto_limits(limits),
                    &limits.cancel
                ),
                Ok(Ok(_))
            )
        })
}

/// `x^k` in the quotient's monoid (by squaring).
fn power(q: &MisereQuotient, x: u32, mut k: usize) -> u32 {
    let (mut acc, mut base) = (0u32, x);
    while k > 0 {
        if k & 1 == 1 {
            acc = q.monoid.mul(acc, base);
        }
        base = q.monoid.mul(base, base);
        k >>= 1;
    }
    acc
}

/// The elements of P in words, at most 16 of them.
fn p_text(q: &MisereQuotient) -> String {
    let names: Vec<&str> =
        q.p.iter()
            .take(16)
            .map(|&x| q.elements[x as usize].as_str())
            .collect();
    let more = if q.p.len() > 16 { ", …" } else { "" };
    format!("P = {{{}{more}}}", names.join(", "))
}

/// The answer of the misère octal position `req` through its quotient:
/// [`MisereQuick::Answered`], or [`MisereQuick::Fallback`] naming why not
/// (a heap past the engine's bound, a quotient past [`auto_limits`]);
/// [`MisereQuick::NotOffered`] for normal play, `--exhaustive`, a bound.
pub fn answer(game: &Octal, req: &AnalyzeRequest) -> Result<MisereQuick, GameError> {
    if !game.misere || req.exhaustive || req.bound.is_some() || req.piles.is_empty() {
        return Ok(MisereQuick::NotOffered);
    }
    let found = match through_groups(&[(&game.code, &req.piles)], req.all, &req.limits)? {
        Ok(found) => found,
        Err(note) => return Ok(MisereQuick::Fallback(note)),
    };
    let heaps: Vec<usize> = sizes(&req.piles).unwrap_or_default();
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let moves: Vec<Move> = found.moves.into_iter().map(|(_, m)| m).collect();
    Ok(MisereQuick::Answered(Box::new(Analysis {
        game: game.spec(),
        piles: req.piles.clone(),
        bound: None,
        outcome: found.outcome,
        value: None,
        winning_move: moves.first().cloned(),
        moves: req.all.then_some(moves),
        fastest: None,
        remoteness: None,
        grundy: None,
        method: Method::Quotient,
        explanation: found.explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: vec![format!(
            "misère quotient: {}, the heap bound chosen as the largest heap ({largest}) or a larger bound already computed",
            found.quotient
        )],
    })))
}

/// The heaps of several octal games as one heap game, for a misère sum
/// whose parts are octal games of different codes: component `i`'s heaps
/// `1..=bound_i` are the heaps `offset_i + 1 ..= offset_i + bound_i`
/// (`offset_i` the bounds before it), each keeping its options within its
/// component (so every option is smaller, as heap games need).
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, misere_phi::OctalUnion};
/// use takeaway::games::octal::quotient::heap_game::HeapGame;
/// let u = OctalUnion(vec![(OctalCode::parse("0.77").unwrap(), 3),
///                         (OctalCode::parse("0.07").unwrap(), 4)]);
/// // Dawson's heap 4 (heap 3 + 4 = 7 here): take 2 leaving 2, or 1 + 1.
/// assert_eq!(u.options(7), vec![vec![4, 4], vec![5]]);
/// assert_eq!(u.name(), "octal:0.77 (heaps 1..3) + octal:0.07 (heaps 1..4)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalUnion(pub Vec<(OctalCode, usize)>);

impl HeapGame for OctalUnion {
    fn name(&self) -> String {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(c, b)| format!("octal:{c} (heaps 1..{b})"))
            .collect();
        parts.join(" + ")
    }

    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut offset = 0;
        for (code, bound) in &self.0 {
            if n <= offset + bound {
                return OctalHeaps(code.clone())
                    .options(n - offset)
                    .into_iter()
                    .map(|o| o.into_iter().map(|h| h + offset).collect())
                    .collect();
            }
            offset += bound;
        }
        Vec::new()
    }
}

/// What the quotient says of a sum of groups of heaps.
pub struct Through {
    /// P or N.
    pub outcome: Outcome,
    /// The winning moves (every one with `all`, else the first): the
    /// group moved in and the move within it (its `pile` and `to` are the
    /// group's), in the rules' order, group by group.
    pub moves: Vec<(usize, Move)>,
    /// Why, naming the quotient's elements.
    pub explanation: String,
    /// The quotient in words (`Q_12 of octal:0.77 (|Q| = 24, |P| = 8)`).
    pub quotient: String,
}

/// The misère sum of `groups` (each an octal code and its heaps) through
/// the misère quotient covering them — one code's quotient (kept or
/// computed), or the quotient of their union ([`OctalUnion`]) when the
/// codes differ — within [`auto_limits`] of `limits`; `Ok(Err(note))`
/// when the quotient is not used (a heap past the engine's bound, a
/// quotient past the budget), the note saying why.
///
/// ```
/// use takeaway::analysis::Outcome;
/// use takeaway::games::Limits;
/// use takeaway::games::octal::{code::OctalCode, misere_phi::{through_groups, through_named}};
/// let kayles = OctalCode::parse("0.77").unwrap();
/// let dawson = OctalCode::parse("0.07").unwrap();
/// let one = [num_bigint::BigUint::from(1u8)];
/// let groups = [(&kayles, &one[..]), (&dawson, &one[..])];
/// // A search of two positions: no quotient is computed for it…
/// assert!(through_groups(&groups, false, &Limits::strict()).unwrap().is_err());
/// // …unless the caller counts a large search. Kayles heap 1 alone is P
/// // (the mover takes the pin and the opponent, stuck, wins); Dawson's
/// // heap 1 has no move: 1 + 1 is still P.
/// let t = through_named(&groups, None, Some(u64::MAX), false, &Limits::strict())
///     .unwrap().unwrap();
/// assert_eq!(t.outcome, Outcome::P);
/// ```
pub fn through_groups(
    groups: &[(&OctalCode, &[BigUint])],
    all: bool,
    limits: &Limits,
) -> Result<Result<Through, String>, GameError> {
    through_named(groups, None, None, all, limits)
}

/// [`through_groups`] with each group's game named in the explanation by
/// `names[i]` (a Nim or subtraction part played as the octal code with the
/// same moves on its heaps, [`OctalCode::subtraction`], is named as the
/// part) instead of its code, and with `size` the exhaustive search's own
/// count of its positions when the caller has it (a sum's product of its
/// parts' positions; else the estimate of the heaps' reachable multisets).
pub fn through_named(
    groups: &[(&OctalCode, &[BigUint])],
    names: Option<&[String]>,
    size: Option<u64>,
    all: bool,
    limits: &Limits,
) -> Result<Result<Through, String>, GameError> {
    limits.check()?;
    let mut heaps: Vec<Vec<usize>> = Vec::with_capacity(groups.len());
    for (_, piles) in groups {
        let Some(h) = sizes(piles) else {
            return Ok(Err(format!(
                "the misère quotient was not used: a heap is past {MAX_HEAPS}, the largest heap bound of the quotient engine; exhaustive search instead"
            )));
        };
        heaps.push(h);
    }
    // The distinct codes, in order, with the largest heap of each.
    let mut codes: Vec<(OctalCode, usize)> = Vec::new();
    let mut component: Vec<usize> = Vec::with_capacity(groups.len());
    for ((code, _), h) in groups.iter().zip(&heaps) {
        let largest = h.iter().copied().max().unwrap_or(0).max(1);
        match codes.iter().position(|(c, _)| c == *code) {
            Some(i) => {
                codes[i].1 = codes[i].1.max(largest);
                component.push(i);
            }
            None => {
                component.push(codes.len());
                codes.push(((*code).clone(), largest));
            }
        }
    }
    let budget = auto_limits(limits);
    let sized: Vec<(&OctalCode, &[usize])> = groups
        .iter()
        .zip(&heaps)
        .map(|((code, _), h)| (*code, h.as_slice()))
        .collect();
    let worth = Some(size.unwrap_or_else(|| search_positions(&sized)));
    let (q, offsets) = if let [(code, largest)] = codes.as_slice() {
        let game = OctalHeaps(code.clone());
        match covering(&game, *largest, worth, &budget, &limits.cancel)? {
            Ok(q) => (q, vec![0]),
            Err(note) => return Ok(Err(note)),
        }
    } else {
        let total: usize = codes.iter().map(|(_, b)| b).sum();
        if total > MAX_HEAPS {
            return Ok(Err(format!(
                "the misère quotient was not used: the parts' heap bounds add up to {total}, past {MAX_HEAPS}, the largest heap bound of the quotient engine; exhaustive search instead"
            )));
        }
        let union = OctalUnion(codes.clone());
        match covering(&union, total, worth, &budget, &limits.cancel)? {
            Ok(q) => {
                let offsets = codes
                    .iter()
                    .scan(0, |o, (_, b)| {
                        let here = *o;
                        *o += b;
                        Some(here)
                    })
                    .collect();
                (q, offsets)
            }
            Err(note) => return Ok(Err(note)),
        }
    };
    limits.check()?;
    let ids: Vec<Vec<usize>> = heaps
        .iter()
        .zip(&component)
        .map(|(h, &c)| h.iter().map(|&x| global(offsets[c], x)).collect())
        .collect();
    let labels: Vec<String> = codes
        .iter()
        .enumerate()
        .map(|(i, (c, _))| {
            let first = component.iter().position(|&k| k == i);
            match (names, first) {
                (Some(n), Some(g)) if g < n.len() => n[g].clone(),
                _ => c.to_string(),
            }
        })
        .collect();
    let label = |id: usize| -> String {
        if codes.len() == 1 {
            return format!("Φ({id})");
        }
        let c = offsets.iter().rposition(|&o| o < id).unwrap_or(0);
        format!("Φ({} heap {})", labels[c], id - offsets[c])
    };
    let found = decide(q.as_ref(), groups, &heaps, &ids, &component, &offsets, all)?;
    let Some(found) = found else {
        return Ok(Err(
            "the misère quotient found no winning move from a position it says is won (an internal inconsistency); exhaustive search instead".into(),
        ));
    };
    let quotient = format!(
        "Q_{} of {} (|Q| = {}, |P| = {})",
        q.heaps, q.game, q.order, q.p_count
    );
    let explanation = explain(q.as_ref(), &found, &label, groups.len() > 1);
    Ok(Ok(Through {
        outcome: Outcome::from_win(!found.in_p),
        moves: found.moves.into_iter().map(|(g, m, _)| (g, m)).collect(),
        explanation,
        quotient,
    }))
}

/// The heap id of heap `h` of a component at `offset` (0 stays 0, the
/// identity).
fn global(offset: usize, h: usize) -> usize {
    if h == 0 { 0 } else { offset + h }
}

struct Decision {
    counts: Vec<usize>,
    total: u32,
    in_p: bool,
    /// (group, move, product after it).
    moves: Vec<(usize, Move, u32)>,
    /// The group, its heaps, and the winning move's heaps left (first move).
    first: Option<(usize, usize, Vec<usize>)>,
}

/// The product, its verdict and the winning moves, group by group in the
/// rules' order; `None` when the product is outside P, a move exists, and
/// none reaches P (impossible for a proved quotient).
fn decide(
    q: &MisereQuotient,
    groups: &[(&OctalCode, &[BigUint])],
    heaps: &[Vec<usize>],
    ids: &[Vec<usize>],
    component: &[usize],
    offsets: &[usize],
    all: bool,
) -> Result<Option<Decision>, GameError> {
    let mut counts = vec![0usize; q.heaps + 1];
    for &id in ids.iter().flatten() {
        counts[id] += 1;
    }
    let phi = |id: usize| q.phi[id];
    let powers: Vec<u32> = (0..=q.heaps).map(|h| power(q, phi(h), counts[h])).collect();
    let total = powers.iter().fold(0u32, |acc, &x| q.monoid.mul(acc, x));
    // r_id: the product without one heap `id` (for the ids present).
    let rest: Vec<Option<u32>> = (0..=q.heaps)
        .map(|h| {
            (counts[h] > 0).then(|| {
                (0..=q.heaps).fold(0u32, |acc, k| {
                    let x = if k == h {
                        power(q, phi(k), counts[k] - 1)
                    } else {
                        powers[k]
                    };
                    q.monoid.mul(acc, x)
                })
            })
        })
        .collect();
    let in_p = q.monoid.p[total as usize];
    let mut moves: Vec<(usize, Move, u32)> = Vec::new();
    let mut first = None;
    let mut any_move = false;
    if !in_p {
        'groups: for (g, (code, _)) in groups.iter().enumerate() {
            let rules = OctalRules::<u64>::new(code);
            let pos: Vec<u64> = heaps[g].iter().map(|&h| h as u64).collect();
            let off = offsets[component[g]];
            let mut failed = None;
            let mut done = false;
            rules.moves(&pos, &mut |mv| {
                any_move = true;
                let (pile, left_heaps): (usize, Vec<usize>) = match &mv {
                    OctalStep::Take { pile, take } => {
                        (*pile, vec![heaps[g][*pile] - *take as usize])
                    }
                    OctalStep::Split {
                        pile, left, right, ..
                    } => (*pile, vec![*left as usize, *right as usize]),
                    OctalStep::Split3 { pile, heaps: h, .. } => {
                        (*pile, h.iter().map(|&x| x as usize).collect())
                    }
                };
                let Some(r) = rest[ids[g][pile]] else {
                    return ControlFlow::Continue(());
                };
                let after = left_heaps
                    .iter()
                    .fold(r, |acc, &h| q.monoid.mul(acc, phi(global(off, h))));
                if !q.monoid.p[after as usize] {
                    return ControlFlow::Continue(());
                }
                match rules.apply(&pos, &mv) {
                    Ok(next) => {
                        if first.is_none() {
                            first = Some((g, pile, left_heaps.clone()));
                        }
                        moves.push((
                            g,
                            analysis_move(&rules.play_move(&mv), &rules.to_wire(&next)),
                            after,
                        ));
                        if all {
                            ControlFlow::Continue(())
                        } else {
                            done = true;
                            ControlFlow::Break(())
                        }
                    }
                    Err(e) => {
                        failed = Some(e);
                        ControlFlow::Break(())
                    }
                }
            })?;
            if let Some(e) = failed {
                return Err(e);
            }
            if done {
                break 'groups;
            }
        }
    }
    if !in_p && any_move && moves.is_empty() {
        return Ok(None);
    }
    Ok(Some(Decision {
        counts,
        total,
        in_p,
        moves,
        first,
    }))
}

/// The explanation: the law, the quotient used, each heap's Φ, the product
/// and the verdict, and the first winning move with the product after it.
fn explain(
    q: &MisereQuotient,
    d: &Decision,
    label: &dyn Fn(usize) -> String,
    parts: bool,
) -> String {
    let name = |x: u32| q.elements[x as usize].as_str();
    let mut present: Vec<String> = Vec::new();
    for (id, &c) in d.counts.iter().enumerate().skip(1) {
        if c == 0 {
            continue;
        }
        let times = if c > 1 {
            format!(" (×{c})")
        } else {
            String::new()
        };
        present.push(format!("{} = {}{times}", label(id), name(q.phi[id])));
    }
    if present.is_empty() {
        present.push("no heap but 0 (Φ(0) = 1)".into());
    }
    let shown = if present.len() > 24 {
        format!("{}, …", present[..24].join(", "))
    } else {
        present.join(", ")
    };
    let mut explanation = format!(
        "Misère quotient (Plambeck–Siegel): a sum of heaps is a misère P-position exactly when the product of the heaps' pretending values Φ(h) lies in the P-portion P. The quotient Q_{} of {} (all sums of heaps 1..{}: |Q| = {}, |P| = {}, {}) gives {shown}; the product is {}, {} {}. ",
        q.heaps,
        q.game,
        q.heaps,
        q.order,
        q.p_count,
        q.tameness.text(),
        name(d.total),
        if d.in_p { "in" } else { "not in" },
        p_text(q)
    );
    match (d.moves.first(), &d.first) {
        (Some((_, m, after)), Some((g, pile, left))) => {
            let place = if parts {
                format!("{} of {}", numbered("heap", *pile), numbered("part", *g))
            } else {
                numbered("heap", *pile)
            };
            explanation.push_str(&format!(
                "Take {} from {place} leaving {}: the product becomes {}, in P.",
                m.take.clone().unwrap_or_default(),
                match left.as_slice() {
                    [a, b, c] => format!("heaps {a}, {b} and {c}"),
                    [a, b] => format!("heaps {a} and {b}"),
                    [0] => "nothing".to_string(),
                    [a] => format!("a heap of {a}"),
                    _ => String::new(),
                },
                name(*after)
            ));
        }
        _ if d.in_p => {
            explanation.push_str("A P-position: every move leaves a product outside P.");
        }
        _ => {
            explanation.push_str("No heap has a move: the player to move cannot move, and so wins.")
        }
    }
    explanation
}
