//! Sums of piles under normal play: the nim-sum decides, and a winning move
//! reduces one pile by a legal `s ∈ S` to a position of Grundy value `g ⊕ X`.
//!
//! Law (Sprague–Grundy): the position `(n_1, …, n_k)` is a P-position iff
//! `X = G(n_1) ⊕ … ⊕ G(n_k) = 0`; a move `n_i → n_i − s` wins iff
//! `G(n_i − s) = G(n_i) ⊕ X`.

use super::game::SubtractionSet;
use super::theory::{nim_sum, one_pile_grundy};
use super::{Subtraction, mex};
use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::engine::Limits;
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::{NoBound, PileCount, Quantity, Work};
use crate::games::model::Family;
use crate::games::request::AnalyzeRequest;
use crate::games::subtraction::error::SubtractionHint;
use crate::games::subtraction::error::SubtractionWork;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

/// How one pile's Grundy value is obtained.
enum Engine {
    /// Theory: `G(n) = n` (Nim), the One Pile closed form, or a proved period.
    Theory(Option<super::period::Periodic>),
    /// A table computed by the mex rule up to the largest pile.
    Table(Vec<u64>),
}

impl Engine {
    fn grundy(&self, set: &SubtractionSet, n: &BigUint) -> BigUint {
        match self {
            Engine::Table(t) => n
                .to_usize()
                .and_then(|i| t.get(i))
                .map_or_else(BigUint::zero, |&v| BigUint::from(v)),
            Engine::Theory(Some(p)) => BigUint::from(p.at(n)),
            Engine::Theory(None) => match set {
                SubtractionSet::Range { min, max } => BigUint::from(one_pile_grundy(n, *min, *max)),
                _ => n.clone(),
            },
        }
    }
}

fn too_large(what: impl Into<Work>, needed: u128, limit: u64) -> GameError {
    GameError::too_large(
        what,
        Amount::of(needed, Unit::Steps),
        Amount::of(limit, Unit::Steps),
        SubtractionHint::SmallerPilesOrDrop,
    )
}

/// Grundy values of piles `0..=n` by the mex rule, for any set (Nim by brute force).
fn exhaustive_table(game: &Subtraction, n: usize, limits: &Limits) -> Result<Vec<u64>, GameError> {
    let len = n as u128 + 1;
    let work = match &game.set {
        SubtractionSet::All => len * len / 2,
        s => len * u128::from(s.len().unwrap_or(1)),
    };
    if work > u128::from(limits.max_states) {
        return Err(too_large(
            SubtractionWork::GrundyTableUpTo { n: n as u64 },
            work,
            limits.max_states,
        ));
    }
    // One u64 per pile (and, for Nim, a scratch row of as many flags).
    let bytes = len.saturating_mul(9);
    if bytes > u128::from(limits.max_bytes) {
        return Err(GameError::too_large(
            SubtractionWork::GrundyTableUpTo { n: n as u64 },
            Amount::of(bytes.div_ceil(1 << 20), Unit::MiB),
            Amount::of(limits.max_bytes >> 20, Unit::MiB),
            SubtractionHint::SmallerPilesOrDrop,
        ));
    }
    match &game.set {
        SubtractionSet::All => {
            let mut g: Vec<u64> = Vec::with_capacity(n + 1);
            for i in 0..=n {
                if i & 0xFF == 0 {
                    limits.check()?;
                }
                let mut seen = vec![false; i + 1];
                for &v in &g {
                    if let Some(b) = seen.get_mut(v as usize) {
                        *b = true;
                    }
                }
                g.push(seen.iter().position(|&b| !b).unwrap_or(i) as u64);
            }
            Ok(g)
        }
        _ => {
            // In steps of 2^16 piles, so a cancelled request stops promptly.
            let set = game.elements()?;
            let mut g: Vec<u16> = Vec::new();
            while g.len() < n + 1 {
                limits.check()?;
                let to = (n + 1).min(g.len().saturating_add(1 << 16));
                mex::extend_grundy(&mut g, &set, to);
            }
            Ok(g.into_iter().map(u64::from).collect())
        }
    }
}

/// The amounts `s` (legal from `pile`) whose move reaches Grundy value `target`.
fn moves_to_value(
    game: &Subtraction,
    engine: &Engine,
    pile: &BigUint,
    target: &BigUint,
    all: bool,
    limits: &Limits,
) -> Result<Vec<BigUint>, GameError> {
    let mut out = Vec::new();
    let hits = |s: &BigUint| engine.grundy(&game.set, &(pile - s)) == *target;
    match (&game.set, engine) {
        (SubtractionSet::All, Engine::Theory(_)) => {
            if target < pile {
                out.push(pile - target);
            }
        }
        (SubtractionSet::Range { min, max }, Engine::Theory(None)) => {
            // Residues r = (pile − s) mod M with ⌊r / min⌋ = target; each r gives at most
            // one s in [min, max] because max − min + 1 < M = min + max.
            let m = u128::from(*min) + u128::from(*max);
            let Some(t) = target.to_u128() else {
                return Ok(out);
            };
            let lo = t.saturating_mul(u128::from(*min));
            let hi = lo.saturating_add(u128::from(*min)).min(m);
            if hi.saturating_sub(lo) > u128::from(limits.max_states) {
                return Err(too_large(
                    SubtractionWork::Residues,
                    hi - lo,
                    limits.max_states,
                ));
            }
            let pm = (pile % BigUint::from(m)).to_u128().unwrap_or(0);
            let minr = u128::from(*min) % m;
            for r in lo..hi {
                let s = u128::from(*min) + (pm + 2 * m - r - minr) % m;
                let sb = BigUint::from(s);
                if s <= u128::from(*max) && sb <= *pile {
                    out.push(sb);
                    if !all {
                        break;
                    }
                }
            }
            out.sort();
        }
        (SubtractionSet::Finite(v), _) => {
            for &s in v {
                let sb = BigUint::from(s);
                if sb > *pile {
                    break;
                }
                if hits(&sb) {
                    out.push(sb);
                    if !all {
                        break;
                    }
                }
            }
        }
        (set, _) => {
            // Nim or a range, from a computed table: every legal s up to the pile.
            let lo = set.min();
            let hi = set
                .max()
                .map_or(pile.clone(), |m| pile.clone().min(BigUint::from(m)));
            let hi = hi.to_u64().unwrap_or(u64::MAX);
            if u128::from(hi.saturating_sub(lo)) > u128::from(limits.max_states) {
                return Err(too_large(
                    SubtractionWork::Moves,
                    u128::from(hi - lo),
                    limits.max_states,
                ));
            }
            for s in lo..=hi {
                let sb = BigUint::from(s);
                if sb <= *pile && hits(&sb) {
                    out.push(sb);
                    if !all {
                        break;
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Analyses a sum of piles under normal play.
///
/// ```
/// use takeaway::games::{AnalyzeRequest, Family, Game};
/// let g = Game::parse("subtraction:s=1,3,4").unwrap();
/// let a = g.analyze(&AnalyzeRequest::new(vec![10u8.into(), 11u8.into(), 12u8.into()])).unwrap();
/// // G = 0 1 0 1 2 3 2 (period 7): G(10) = 1, G(11) = 2, G(12) = 3, nim-sum 0
/// assert_eq!(a.value, Some(0u8.into()));
/// assert!(a.winning_move.is_none());
/// ```
pub fn analyze(game: &Subtraction, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
    if req.piles.is_empty() {
        return Err(PileCount::NoPile.into());
    }
    if req.bound.is_some() {
        return Err(NoBound::Subtraction.into());
    }
    let (engine, method, why) = evaluate(game, req)?;
    let (values, x, moves) = moves_for(game, &engine, req, &BigUint::zero())?;
    let list: Vec<String> = req
        .piles
        .iter()
        .zip(&values)
        .map(|(n, g)| format!("G({n}) = {g}"))
        .collect();
    let mut explanation = format!(
        "{}. {}; nim-sum {} = {x}. ",
        why,
        list.join(", "),
        values
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ⊕ ")
    );
    match moves.first() {
        None => explanation
            .push_str("The nim-sum is 0: a P-position, every move leaves a non-zero nim-sum."),
        Some(m) => {
            let i = m.pile.unwrap_or(0);
            let g = &values[i];
            explanation.push_str(&format!(
                "The nim-sum is not 0: reduce {} from {} to {} (take {}), since G({}) = {} = G({}) ⊕ {x}, leaving nim-sum 0.",
                crate::analysis::numbered("pile", i),
                req.piles[i],
                m.to[i],
                m.take.clone().unwrap_or_default(),
                m.to[i],
                g ^ &x,
                req.piles[i],
            ));
        }
    }
    Ok(Analysis {
        game: game.spec(),
        piles: req.piles.clone(),
        bound: None,
        outcome: Outcome::from_win(!x.is_zero()),
        value: Some(x),
        winning_move: moves.first().cloned(),
        moves: req.all.then_some(moves),
        fastest: None,
        remoteness: None,
        grundy: None,
        method,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: Vec::new(),
    })
}

/// How the piles' Grundy values are obtained, the method, and why.
fn evaluate(
    game: &Subtraction,
    req: &AnalyzeRequest,
) -> Result<(Engine, Method, String), GameError> {
    // Proving the period costs about max(S)² steps; for a set with a large
    // element and small piles the mex rule up to the largest pile is far
    // cheaper (`subtraction:s=1000000` on pile 10: 11 values, not 10^12 steps).
    let largest = req.piles.iter().max().and_then(|n| n.to_u64());
    let direct = match (&game.set, largest) {
        (SubtractionSet::Finite(v), Some(n)) => {
            let m = v.last().copied().unwrap_or(1);
            let len = v.len() as u64;
            let table = n.saturating_add(1).saturating_mul(len);
            m > 1024 && table < m.saturating_mul(m) / 4 && table <= req.limits.max_states
        }
        _ => false,
    };
    let (engine, method, why) = if req.exhaustive || direct {
        let largest = req.piles.iter().max().cloned().unwrap_or_default();
        let n = largest.to_usize().ok_or_else(|| {
            GameError::too_large(
                SubtractionWork::GrundyTable,
                Quantity::Big(largest.clone(), Unit::Entries),
                Amount::of(req.limits.max_states, Unit::Entries),
                SubtractionHint::DropExhaustivePeriod,
            )
        })?;
        let t = exhaustive_table(game, n, &req.limits)?;
        let why = if direct && !req.exhaustive {
            format!(
                "Grundy values by the mex rule for piles 0..={n} (cheaper here than proving the period of a set whose largest element is {})",
                game.set.max().unwrap_or(0)
            )
        } else {
            format!("Grundy values by the mex rule for piles 0..={n}")
        };
        (Engine::Table(t), Method::Exhaustive, why)
    } else {
        match &game.set {
            SubtractionSet::All => (
                Engine::Theory(None),
                Method::Theory,
                "Nim: G(n) = n (Bouton)".to_string(),
            ),
            SubtractionSet::Range { min, max } => (
                Engine::Theory(None),
                Method::Theory,
                format!(
                    "One Pile closed form G(n) = ⌊(n mod {})/{min}⌋ (period {}, pre-period 0)",
                    u128::from(*min) + u128::from(*max),
                    u128::from(*min) + u128::from(*max)
                ),
            ),
            SubtractionSet::Finite(v) => {
                let p = game.periodic(&req.limits)?;
                let why = format!(
                    "G is periodic with period {} from pre-period {} (proved: G(i) = G(i+{}) for all i in [{}, {}), a window of max(S) = {} values)",
                    p.period,
                    p.preperiod,
                    p.period,
                    p.preperiod,
                    p.preperiod + v.last().copied().unwrap_or(1) as usize,
                    v.last().copied().unwrap_or(1)
                );
                (Engine::Theory(Some(p)), Method::Theory, why)
            }
        }
    };
    Ok((engine, method, why))
}

/// The piles' Grundy values, their nim-sum `x`, and the moves (one pile
/// changed) that leave nim-sum `target` (every one with `req.all`, else the first).
fn moves_for(
    game: &Subtraction,
    engine: &Engine,
    req: &AnalyzeRequest,
    target: &BigUint,
) -> Result<(Vec<BigUint>, BigUint, Vec<Move>), GameError> {
    let values: Vec<BigUint> = req
        .piles
        .iter()
        .map(|n| engine.grundy(&game.set, n))
        .collect();
    let x = nim_sum(&values);
    let mut moves = Vec::new();
    if x != *target {
        for (i, (pile, g)) in req.piles.iter().zip(&values).enumerate() {
            let target = g ^ &x ^ target;
            for take in moves_to_value(game, engine, pile, &target, req.all, &req.limits)? {
                let mut to = req.piles.clone();
                to[i] = pile - &take;
                moves.push(Move {
                    take: Some(take),
                    pile: Some(i),
                    to,
                    ..Move::default()
                });
                if !req.all {
                    break;
                }
            }
            if !req.all && !moves.is_empty() {
                break;
            }
        }
    }
    Ok((values, x, moves))
}

/// The Grundy value (nim-sum) of `req`'s piles and the moves to a position
/// of value `target` (every one with `req.all`, else the first); no moves
/// without a target.
///
/// ```
/// use takeaway::games::{AnalyzeRequest, Game};
/// use takeaway::games::subtraction::sums::grundy_and_moves;
/// let Game::Subtraction(g) = Game::parse("subtraction:s=1,3,4").unwrap() else { unreachable!() };
/// // G = 0 1 0 1 2 3 2 (period 7): G(5) = 3, and 5 − 1 = 4 has G = 2.
/// let (v, moves) = grundy_and_moves(&g, &AnalyzeRequest::new(vec![5u8.into()]), Some(&2u8.into())).unwrap();
/// assert_eq!(v, 3u8.into());
/// assert_eq!(moves[0].to, vec![4u8.into()]);
/// ```
pub fn grundy_and_moves(
    game: &Subtraction,
    req: &AnalyzeRequest,
    target: Option<&BigUint>,
) -> Result<(BigUint, Vec<Move>), GameError> {
    if req.piles.is_empty() {
        return Err(PileCount::NoPile.into());
    }
    let (engine, _, _) = evaluate(game, req)?;
    match target {
        Some(t) => {
            let (_, x, moves) = moves_for(game, &engine, req, t)?;
            Ok((x, moves))
        }
        None => {
            let values: Vec<BigUint> = req
                .piles
                .iter()
                .map(|n| engine.grundy(&game.set, n))
                .collect();
            Ok((nim_sum(&values), Vec::new()))
        }
    }
}
