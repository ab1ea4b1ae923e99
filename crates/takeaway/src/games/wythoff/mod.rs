//! Wythoff's Nim (issue 5, paper 001): two piles; take any positive number
//! from one pile, or the same number from both; the last mover wins.
//!
//! Three engines, cross-checked by [`Family::verify`]:
//! - [`theory`]: paper 001's move algorithm on Fibonacci (Zeckendorf)
//!   representations — A- and B-numbers, safe pairs `(a, a shifted left)`;
//! - [`beatty`]: the Beatty pairs `(⌊kφ⌋, ⌊kφ⌋ + k)` with exact integer square roots;
//! - [`exhaustive`]: P-positions and remoteness from the rules alone.
//!
//! `analyze` reports `value: null`: the game has no move bound, and the
//! contract's `value` (least winning move / Grundy value) is not defined for
//! it here. `table wythoff --rows N` lists the safe pairs `[a, b]`, `a ≤ b`,
//! with both piles below `N` (including `[0, 0]`).

pub mod beatty;
pub mod error;
pub mod exhaustive;
pub mod game;
pub mod grundy;
pub mod misere;
pub mod remoteness;
pub mod safe_pairs;
pub mod table;
pub mod theory;
pub mod verify;

use crate::analysis::{Analysis, Method, Outcome};
use crate::engine::Convention;
use crate::games::error::GameError;
use crate::games::error::{NoBound, PileCount};
use crate::games::model::Family;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::wythoff::error::WythoffHint;
use crate::games::wythoff::error::WythoffQuantity;
use crate::games::wythoff::error::WythoffWork;
use crate::spec::GameSpec;
use game::{Piles, WythoffMove};
use num_traits::ToPrimitive;

/// Largest number of cells for which `analyze` adds the remoteness (by an
/// exhaustive sweep of the rectangle below the position, [`mod@remoteness`]):
/// every position with both piles at most 1023.
pub const REMOTENESS_CELLS: u64 = 1 << 20;

/// Wythoff's Nim (spec `wythoff`, or `wythoff:misere=true`).
///
/// ```
/// use takeaway::games::{Family, Game};
/// let g = Game::parse("wythoff").unwrap();
/// assert_eq!(g.spec(), "wythoff");
/// assert!(Game::parse("wythoff:k=2").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wythoff {
    misere: bool,
}

impl Wythoff {
    /// Builds the game from a parsed spec; `wythoff` takes only `misere`.
    ///
    /// ```
    /// use takeaway::games::wythoff::Wythoff;
    /// use takeaway::spec::GameSpec;
    /// assert!(Wythoff::from_spec(&GameSpec::parse("wythoff").unwrap()).is_ok());
    /// ```
    pub fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        spec.only(&["misere"])?;
        Ok(Wythoff {
            misere: spec.misere()?,
        })
    }

    /// Normal or misère play (`misere=true`).
    pub fn convention(&self) -> Convention {
        Convention::from_misere(self.misere)
    }
}

/// Checks the request's shape: exactly two piles and no bound.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::two_piles;
/// use takeaway::games::AnalyzeRequest;
/// assert!(two_piles(&AnalyzeRequest::new(vec![BigUint::from(3u32)])).is_err());
/// assert!(two_piles(&AnalyzeRequest::new(vec![3u32.into(), 5u32.into()])).is_ok());
/// ```
pub fn two_piles(req: &AnalyzeRequest) -> Result<Piles, GameError> {
    if req.bound.is_some() {
        return Err(NoBound::Wythoff.into());
    }
    match req.piles.as_slice() {
        [a, b] => Ok([a.clone(), b.clone()]),
        other => Err(PileCount::WythoffExactly { got: other.len() }.into()),
    }
}

/// Remoteness of `piles` by an exhaustive sweep, when the rectangle below it
/// has at most [`REMOTENESS_CELLS`] cells.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::remoteness;
/// assert_eq!(remoteness(&[BigUint::from(1u32), BigUint::from(2u32)]), Some(2));
/// ```
pub fn remoteness(piles: &Piles) -> Option<u64> {
    pace(piles).map(|(r, _)| r)
}

/// [`fn@remoteness`] and, for an N-position, a fastest winning move (to a
/// P-position of least remoteness), from the same sweep.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::pace;
/// let b = |n: u32| BigUint::from(n);
/// // (2, 2): take both piles at once.
/// let (r, fastest) = pace(&[b(2), b(2)]).unwrap();
/// assert_eq!((r, fastest.unwrap().to), (1, [b(0), b(0)]));
/// ```
pub fn pace(piles: &Piles) -> Option<(u64, Option<WythoffMove>)> {
    remoteness::pace(piles, Convention::Normal).ok()
}

fn analysis(
    piles: &Piles,
    winning_move: Option<&WythoffMove>,
    moves: Option<Vec<WythoffMove>>,
    method: Method,
    explanation: String,
) -> Analysis {
    // The remoteness and the fastest win from one sweep (the move shown
    // may be a slower win: paper 001's move is not chosen for speed).
    let (remoteness, fastest) = match pace(piles) {
        Some((r, fast)) => {
            let slower = |m: &WythoffMove, f: &WythoffMove| {
                m.to != f.to && remoteness(&m.to).is_none_or(|after| after.saturating_add(1) != r)
            };
            let fast = fast.filter(|f| winning_move.is_none_or(|m| slower(m, f)));
            (Some(r), fast.map(|f| f.to_contract()))
        }
        None => (None, None),
    };
    Analysis {
        game: "wythoff".into(),
        piles: piles.to_vec(),
        bound: None,
        outcome: Outcome::from_win(winning_move.is_some()),
        value: None,
        winning_move: winning_move.map(WythoffMove::to_contract),
        moves: moves.map(|v| v.iter().map(WythoffMove::to_contract).collect()),
        fastest,
        remoteness,
        grundy: None,
        method,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: Vec::new(),
    }
}

/// `analyze` by the exhaustive solver: sweeps the rectangle below the
/// position and lists the moves into its P-positions.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::analyze_exhaustive;
/// use takeaway::games::Limits;
/// let a = analyze_exhaustive(&[BigUint::from(10u32), BigUint::from(15u32)], true, &Limits::default()).unwrap();
/// // (10, 6) (paper 001's case 1), (8, 13) diagonally, (9, 15): brute force.
/// assert_eq!(a.moves.unwrap().len(), 3);
/// ```
pub fn analyze_exhaustive(
    piles: &Piles,
    all: bool,
    limits: &crate::engine::Limits,
) -> Result<Analysis, GameError> {
    let too_big = || {
        GameError::too_large(
            WythoffWork::Analysis,
            WythoffQuantity::Piles(piles[0].clone(), piles[1].clone()),
            WythoffQuantity::PilesBelow(64),
            WythoffHint::DropExhaustive,
        )
    };
    let a = piles[0].to_u64().ok_or_else(too_big)?;
    let b = piles[1].to_u64().ok_or_else(too_big)?;
    let s = exhaustive::sweep(
        a.checked_add(1).ok_or_else(too_big)?,
        b.checked_add(1).ok_or_else(too_big)?,
        limits,
        &crate::games::progress::NoProgress,
    )?;
    let mut moves: Vec<WythoffMove> = s
        .p_positions
        .iter()
        .filter_map(|&(x, y)| WythoffMove::between(piles, &[x.into(), y.into()]))
        .collect();
    moves.sort();
    let explanation = if moves.is_empty() {
        format!(
            "exhaustive sweep of the {} × {} positions below ({a}, {b}): every move leads to a position with a winning move, so ({a}, {b}) is a P-position",
            a + 1,
            b + 1
        )
    } else {
        format!(
            "exhaustive sweep of the {} × {} positions below ({a}, {b}): {} move(s) lead to P-positions, e.g. to ({}, {})",
            a + 1,
            b + 1,
            moves.len(),
            moves[0].to[0],
            moves[0].to[1]
        )
    };
    let first = moves.first().cloned();
    Ok(analysis(
        piles,
        first.as_ref(),
        all.then_some(moves),
        Method::Exhaustive,
        explanation,
    ))
}

/// `analyze` by the theory (paper 001's algorithm), for piles of any size.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::analysis::Outcome;
/// use takeaway::games::wythoff::analyze_theory;
/// let b = |n: u32| BigUint::from(n);
/// let a = analyze_theory(&[b(10), b(15)], false).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_move.unwrap().to, vec![b(10), b(6)]);
/// ```
pub fn analyze_theory(piles: &Piles, all: bool) -> Result<Analysis, GameError> {
    let answer = theory::decide(piles);
    let moves = if all {
        Some(safe_pairs::winning_moves(&theory::Fibonacci, piles)?)
    } else {
        None
    };
    let explanation = answer.explanation;
    let mut result = analysis(
        piles,
        answer.winning_move.as_ref(),
        moves,
        Method::Theory,
        explanation,
    );
    if matches!(answer.case, theory::Case::Zero | theory::Case::Equal) {
        result.notes.push(
            "paper 001's algorithm as printed does not cover this position (see the theory module's errata); the move follows the proof of Theorem 2".into(),
        );
    }
    Ok(result)
}

impl Family for Wythoff {
    fn family_name(&self) -> &'static str {
        "Wythoff's Nim"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    /// Its misère P-positions ([`misere`]).
    fn misere_theory(&self) -> bool {
        true
    }
    fn misere_by_theory(&self, _piles: usize) -> bool {
        true
    }
    fn misere_table(&self) -> bool {
        true
    }
    fn grundy_cells(&self) -> Option<crate::games::model::GrundyCells<'_>> {
        Some(crate::games::model::GrundyCells::WythoffPairs)
    }
    fn digits(&self, analysis: &Analysis) -> Vec<crate::games::digits::Digits> {
        crate::games::digits::wythoff(analysis)
    }
    fn spec(&self) -> String {
        if self.misere {
            "wythoff:misere=true".into()
        } else {
            "wythoff".into()
        }
    }

    /// The answer (paper 001's theory, the misère rule, or the exhaustive
    /// sweep with `--exhaustive`) with its optional figures from the
    /// family's own sweeps ([`extras`]): the engine is never needed for them
    /// within [`REMOTENESS_CELLS`].
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        let piles = two_piles(req)?;
        let mut a = if self.misere {
            if req.exhaustive {
                crate::games::exhaustive::analyze(
                    &game::WythoffRules::<u64>::default(),
                    crate::engine::Convention::Misere,
                    req,
                    self.spec(),
                )?
            } else {
                misere::analyze(&self.spec(), &piles, req.all)?
            }
        } else if req.exhaustive {
            analyze_exhaustive(&piles, req.all, &req.limits)?
        } else {
            analyze_theory(&piles, req.all)?
        };
        extras(&mut a, &piles, self.convention(), req)?;
        Ok(a)
    }

    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        if self.misere {
            return table::misere_table(&self.spec(), req);
        }
        table::table(req)
    }

    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        verify::verify(req)
    }
}

/// Adds to an analysis of `piles` what it lacks of its optional figures
/// (none when the request turns them off, as a heatmap's cells do): the
/// remoteness and a fastest winning move by [`remoteness::pace`] (normal
/// and misère play), the Grundy value (normal play only) by the row /
/// column / diagonal mex of [`grundy::value`], each within
/// [`REMOTENESS_CELLS`] cells below the position; beyond, a note says which
/// positions are answered. Only a cancelled request fails.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::engine::Convention;
/// use takeaway::games::AnalyzeRequest;
/// use takeaway::games::wythoff::{analyze_theory, extras};
/// let piles = [BigUint::from(50u32), BigUint::from(50u32)];
/// let mut a = analyze_theory(&piles, false).unwrap();
/// extras(&mut a, &piles, Convention::Normal, &AnalyzeRequest::new(piles.to_vec())).unwrap();
/// // G(50, 50) = 40 (the mex table; OEIS A004481's diagonal); taking both
/// // piles wins at once.
/// assert_eq!((a.grundy, a.remoteness), (Some(40u32.into()), Some(1)));
/// ```
pub fn extras(
    a: &mut Analysis,
    piles: &Piles,
    convention: Convention,
    req: &AnalyzeRequest,
) -> Result<(), GameError> {
    if !req.remoteness {
        return Ok(());
    }
    req.limits.check()?;
    let mut over = false;
    if a.remoteness.is_none() {
        match remoteness::pace(piles, convention) {
            Ok((r, fast)) => {
                // The move shown may be a slower win (paper 001's move, or
                // the misère rule's, is not chosen for speed).
                let slower = |m: &crate::analysis::Move, f: &WythoffMove| match m.to.as_slice() {
                    [x, y] if m.to.as_slice() != f.to.as_slice() => {
                        remoteness::pace(&[x.clone(), y.clone()], convention)
                            .map_or(true, |(after, _)| after.saturating_add(1) != r)
                    }
                    _ => false,
                };
                let fast = fast.filter(|f| a.winning_move.as_ref().is_none_or(|m| slower(m, f)));
                a.remoteness = Some(r);
                a.fastest = fast.map(|f| f.to_contract());
            }
            Err(_) => over = true,
        }
    }
    if convention == Convention::Normal && req.grundy && a.grundy.is_none() {
        let mut limits = req.limits.clone();
        limits.max_states = limits.max_states.min(grundy::ANALYSIS_CELLS);
        let value = match (piles[0].to_u64(), piles[1].to_u64()) {
            (Some(x), Some(y)) => Some(grundy::value(x, y, &limits)),
            _ => None,
        };
        match value {
            Some(Ok(g)) => a.grundy = Some(g.into()),
            Some(Err(GameError::Cancelled)) => return Err(GameError::Cancelled),
            Some(Err(_)) | None => over = true,
        }
    }
    if over {
        a.notes.push(format!(
            "Wythoff's Nim: remoteness and Grundy values come from sweeps of the positions below ({}, {}); {}",
            piles[0],
            piles[1],
            remoteness::answered(piles)
        ));
    }
    Ok(())
}

/// The independent theories of the safe pairs, in the order `verify` reports them.
///
/// ```
/// let names: Vec<&str> = takeaway::games::wythoff::theories().iter().map(|t| t.name()).collect();
/// assert_eq!(names, ["zeckendorf", "beatty"]);
/// ```
pub fn theories() -> Vec<Box<dyn safe_pairs::SafePairs>> {
    vec![Box::new(theory::Fibonacci), Box::new(beatty::Beatty)]
}

/// The canonical Fibonacci representations of a safe pair, for tables.
fn representation_pair(a: u64, b: u64) -> String {
    use crate::numeration::zeckendorf::Zeckendorf;
    format!(
        "{}, {}",
        Zeckendorf::canonical(&a.into()),
        Zeckendorf::canonical(&b.into())
    )
}

/// Paper 001's choice of winning move (or none on a safe pair) with its
/// explanation: the function `analyze` uses.
///
/// ```
/// use num_bigint::BigUint;
/// let b = |n: u32| BigUint::from(n);
/// let p = takeaway::games::wythoff::play(&[b(9), b(20)]).unwrap();
/// assert_eq!(p.winning_move.unwrap().to, [b(9), b(15)]);
/// ```
pub fn play(piles: &Piles) -> Result<safe_pairs::Play, GameError> {
    Ok(theory::play(piles))
}

pub(crate) mod entry;
pub use entry::FAMILY;
