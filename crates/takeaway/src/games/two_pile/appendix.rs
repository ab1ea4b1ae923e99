//! The appendix games of Holshouser–Reiter (paper 002, Appendix): two-pile
//! games whose first `K` moves follow a different rule, then the plain
//! two-pile game (bound `f(x − y, t)`).
//!
//! The contract (spec keys `add=K`, `must-add=K`, `larger-first=K`):
//!
//! - moves are counted from the analysed position, both players' moves
//!   included: the position carries the number of moves left in the first
//!   phase ([`AppendixPosition::left`]), and every move lowers it by one;
//! - `add=K`: during the first phase a player may *add* `1..=w` counters to
//!   either pile instead of removing; `must-add=K`: a player *must* add;
//!   `larger-first=K`: a player may only remove, and only from the larger
//!   pile (either one when they are equal);
//! - adds and removals share one bound: after a move of size `t` the
//!   opponent's bound is `f(x − y, t)` with `x ≥ y` the piles before the move;
//! - counters come from an unlimited supply; an empty pile may receive
//!   counters, so `(0, 0)` is not terminal while adding is allowed (and the
//!   bound is at least 1);
//! - adding needs a bound (an unbounded add never ends): a position where
//!   adding is possible and the bound is absent is refused.
//!
//! Laws: after `K` moves the game is the plain two-pile game; the moves
//! under bound `w + 1` are those under `w` plus the moves of size `w + 1`,
//! and the position after a move does not depend on `w`, so a position is
//! won with bound `w` iff `w ≥` its least winning move size.

use crate::bound::Bound;
use crate::engine::nat::each_take;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::GameError;
use crate::games::error::Illegal;
use crate::games::two_pile::error::AppendixIllegal;
use std::ops::ControlFlow;

/// Which appendix rule governs the first phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `add=K`: add up to the bound to either pile, or remove as usual.
    Add,
    /// `must-add=K`: add up to the bound to either pile; no removals.
    MustAdd,
    /// `larger-first=K`: remove from the larger pile only (either when equal).
    LargerFirst,
}

impl Phase {
    /// The spec key of the rule.
    ///
    /// ```
    /// use takeaway::games::two_pile::appendix::Phase;
    /// assert_eq!(Phase::MustAdd.key(), "must-add");
    /// assert_eq!(Phase::from_key("larger-first"), Some(Phase::LargerFirst));
    /// ```
    pub fn key(self) -> &'static str {
        match self {
            Phase::Add => "add",
            Phase::MustAdd => "must-add",
            Phase::LargerFirst => "larger-first",
        }
    }

    /// The rule of a spec key (`add`, `must-add`, `larger-first`).
    pub fn from_key(key: &str) -> Option<Phase> {
        [Phase::Add, Phase::MustAdd, Phase::LargerFirst]
            .into_iter()
            .find(|p| p.key() == key)
    }

    /// Whether counters may be added during the first phase.
    pub fn adds(self) -> bool {
        self != Phase::LargerFirst
    }

    /// Whether counters may be removed during the first phase.
    pub fn removes(self) -> bool {
        self != Phase::MustAdd
    }
}

/// An appendix rule with its first-phase length `K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Appendix {
    /// The first-phase rule.
    pub phase: Phase,
    /// How many moves the first phase lasts, counted from the analysed position.
    pub k: u64,
}

impl Appendix {
    /// The spec text `KEY=K`.
    ///
    /// ```
    /// use takeaway::games::two_pile::appendix::{Appendix, Phase};
    /// assert_eq!(Appendix { phase: Phase::Add, k: 3 }.spec(), "add=3");
    /// ```
    pub fn spec(&self) -> String {
        format!("{}={}", self.phase.key(), self.k)
    }

    /// The rule in words, for explanations.
    pub fn describe(&self) -> String {
        let k = self.k;
        match self.phase {
            Phase::Add => format!(
                "for the first {k} move(s) a player may add up to the bound to either pile instead of removing"
            ),
            Phase::MustAdd => {
                format!(
                    "for the first {k} move(s) a player must add up to the bound to either pile"
                )
            }
            Phase::LargerFirst => format!(
                "for the first {k} move(s) a player may only remove from the larger pile (either when equal)"
            ),
        }
    }
}

/// A position: two piles, the bound on the next move and the moves left in
/// the first phase.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AppendixPosition<N> {
    /// The two piles, in the order given.
    pub piles: [N; 2],
    /// Most counters the next move may add or remove; `None`: unbounded.
    pub bound: Option<N>,
    /// Moves left in the first phase (0: the plain game).
    pub left: u64,
}

/// One move: add or remove `amount` counters at pile `pile` (0-based).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Step<N> {
    /// Index of the pile, 0-based.
    pub pile: usize,
    /// Counters added or removed (the move size `t`).
    pub amount: N,
    /// True for an add, false for a removal.
    pub add: bool,
}

/// The rules of an appendix game with bound `f(n, t)`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::Rules;
/// use takeaway::games::two_pile::appendix::{Appendix, AppendixPosition, AppendixRules, Phase, Step};
/// let f = Bound::parse("2*t").unwrap();
/// let rules = AppendixRules::<u64>::new(&f, Appendix { phase: Phase::Add, k: 1 });
/// let p = AppendixPosition { piles: [0, 0], bound: Some(2), left: 1 };
/// // (0, 0) is not terminal while adding is allowed: add 2 to pile 1.
/// let q = rules.apply(&p, &Step { pile: 0, amount: 2, add: true }).unwrap();
/// assert_eq!(q, AppendixPosition { piles: [2, 0], bound: Some(4), left: 0 });
/// ```
#[derive(Debug, Clone)]
pub struct AppendixRules<'f, N> {
    f: &'f Bound,
    rule: Appendix,
    _n: std::marker::PhantomData<N>,
}

/// The error for an add with no bound.
pub fn needs_bound(rule: &Appendix) -> GameError {
    crate::games::advice::Misused::AddNeedsBound { rule: rule.spec() }.into()
}

impl<'f, N: Nat> AppendixRules<'f, N> {
    /// The rules of `rule` with move bound `f`.
    pub fn new(f: &'f Bound, rule: Appendix) -> Self {
        AppendixRules {
            f,
            rule,
            _n: std::marker::PhantomData,
        }
    }

    /// The appendix rule.
    pub fn rule(&self) -> Appendix {
        self.rule
    }

    /// Whether a move at `pos` may add counters.
    pub fn adds_now(&self, pos: &AppendixPosition<N>) -> bool {
        pos.left > 0 && self.rule.phase.adds()
    }

    /// Whether a move at `pos` may remove from pile `i`.
    fn removes_from(&self, pos: &AppendixPosition<N>, i: usize) -> bool {
        if pos.left == 0 {
            return true;
        }
        match self.rule.phase {
            Phase::Add => true,
            Phase::MustAdd => false,
            Phase::LargerFirst => pos.piles[i] >= pos.piles[1 - i],
        }
    }
}

fn spread<N: Nat>(piles: &[N; 2]) -> N {
    let (hi, lo) = if piles[0] >= piles[1] {
        (&piles[0], &piles[1])
    } else {
        (&piles[1], &piles[0])
    };
    hi.sub(lo).unwrap_or_else(N::zero)
}

impl<N: Nat> Rules for AppendixRules<'_, N> {
    type Position = AppendixPosition<N>;
    type Move = Step<N>;
    type Error = GameError;

    /// Smallest move size first; for each size the removals (by pile), then
    /// the adds (by pile).
    fn moves(
        &self,
        pos: &Self::Position,
        out: &mut dyn FnMut(Step<N>) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let adds = self.adds_now(pos);
        if adds && pos.bound.is_none() {
            return Err(needs_bound(&self.rule));
        }
        let largest = if pos.piles[0] >= pos.piles[1] {
            &pos.piles[0]
        } else {
            &pos.piles[1]
        };
        let most = match (&pos.bound, adds) {
            (Some(w), true) => w.clone(),
            (Some(w), false) if w < largest => w.clone(),
            _ => largest.clone(),
        };
        let _ = each_take(&most, &mut |t| {
            for i in 0..2 {
                if t <= pos.piles[i] && self.removes_from(pos, i) {
                    out(Step {
                        pile: i,
                        amount: t.clone(),
                        add: false,
                    })?;
                }
            }
            if adds {
                for i in 0..2 {
                    out(Step {
                        pile: i,
                        amount: t.clone(),
                        add: true,
                    })?;
                }
            }
            ControlFlow::Continue(())
        });
        Ok(())
    }

    fn apply(&self, pos: &Self::Position, mv: &Step<N>) -> Result<Self::Position, GameError> {
        let Some(p) = pos.piles.get(mv.pile) else {
            return Err(super::game::no_pile(mv.pile, 2));
        };
        if mv.amount.is_zero() {
            return Err(AppendixIllegal::AmountNothing { add: mv.add }.into());
        }
        if let Some(w) = &pos.bound
            && &mv.amount > w
        {
            return Err(AppendixIllegal::OverBound {
                bound: w.to_big(),
                add: mv.add,
            }
            .into());
        }
        let pile = if mv.add {
            if !self.adds_now(pos) {
                return Err(if pos.left == 0 {
                    AppendixIllegal::AddsOver { k: self.rule.k }
                } else {
                    AppendixIllegal::NoAdd {
                        spec: self.rule.spec(),
                        rule: self.rule.describe(),
                    }
                }
                .into());
            }
            if pos.bound.is_none() {
                return Err(needs_bound(&self.rule));
            }
            p.add(&mv.amount)
        } else {
            if !self.removes_from(pos, mv.pile) {
                return Err(AppendixIllegal::NotNow {
                    left: pos.left,
                    rule: self.rule.describe(),
                }
                .into());
            }
            p.sub(&mv.amount).ok_or_else(|| {
                GameError::from(Illegal::HoldsOnly {
                    pile: mv.pile,
                    has: p.to_big(),
                    take: mv.amount.to_big(),
                })
            })?
        };
        let bound = N::bound(self.f, &spread(&pos.piles), &mv.amount)?;
        let mut piles = pos.piles.clone();
        piles[mv.pile] = pile;
        Ok(AppendixPosition {
            piles,
            bound: Some(bound),
            left: pos.left.saturating_sub(1),
        })
    }

    fn estimate(&self, pos: &Self::Position) -> Estimate {
        let big = u64::MAX;
        let piles = [
            pos.piles[0].to_u64().unwrap_or(big),
            pos.piles[1].to_u64().unwrap_or(big),
        ];
        let mut top = piles[0].max(piles[1]);
        let mut w = pos
            .bound
            .as_ref()
            .map_or(top, |b| b.to_u64().unwrap_or(big));
        let mut wmax = w.min(top);
        if self.rule.phase.adds() {
            for _ in 0..pos.left.min(64) {
                top = top.saturating_add(w);
                // The next bound, from f at the largest move size (sampled n).
                let mut next = 0u64;
                for n in 0..=top.min(1_000) {
                    next = next.max(self.f.eval_u64(n, w).unwrap_or(big));
                }
                w = next;
                wmax = wmax.max(w);
                if top == big || w == big {
                    break;
                }
            }
        }
        // Every pair of piles up to `top`, each bound up to the largest,
        // each count of first-phase moves left.
        let cells = (top / 2 + 1).saturating_mul(top.saturating_add(1));
        let states = cells
            .saturating_mul(wmax.min(top.saturating_mul(2)).saturating_add(2))
            .saturating_mul(pos.left.saturating_add(1));
        Estimate::search(states, 4, 64)
    }

    fn key(&self, pos: &Self::Position) -> Self::Position {
        // The rules are symmetric in the two piles; in the plain phase a
        // bound at or above the larger pile acts as no bound.
        let mut piles = pos.piles.clone();
        piles.sort_unstable();
        let bound = match &pos.bound {
            Some(b) if pos.left == 0 && b >= &piles[1] => None,
            other => other.clone(),
        };
        AppendixPosition {
            piles,
            bound,
            left: pos.left,
        }
    }
}

use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::engine::Limits;
use crate::engine::{Convention, Solver};

use crate::games::exhaustive::analysis_move;
use crate::games::request::AnalyzeRequest;

use crate::games::error::{MoveKind, PileCount};
use crate::games::wire::{PlayMove, Position, Wire, nat, no_call};

/// The exhaustive analysis of an appendix game (the engine on [`AppendixRules`]).
///
/// `value` is the least size of a winning move within the bound (an add or
/// a removal), null when the position is lost (or under misère play); the
/// winning move is the first in the rules' order, so of that size.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::Convention;
/// use takeaway::games::AnalyzeRequest;
/// use takeaway::games::two_pile::appendix::{analyze, Appendix, Phase};
/// let f = Bound::parse("t").unwrap();
/// let rule = Appendix { phase: Phase::MustAdd, k: 1 };
/// let mut req = AnalyzeRequest::new(vec![0u8.into(), 0u8.into()]);
/// req.bound = Some(1u8.into());
/// // Brute force by hand: from (0, 0) the only moves add 1; then (1, 0) with
/// // bound f(0, 1) = 1 and the plain game: the opponent takes the last counter.
/// let a = analyze(&f, rule, "two-pile:f=t:must-add=1", &req, Convention::Normal).unwrap();
/// assert_eq!(a.outcome, takeaway::analysis::Outcome::P);
/// assert_eq!(a.value, None);
/// ```
pub fn analyze(
    f: &Bound,
    rule: Appendix,
    spec: &str,
    req: &AnalyzeRequest,
    convention: Convention,
) -> Result<Analysis, GameError> {
    let rules = AppendixRules::<u64>::new(f, rule);
    let mut given = Position::new(req.piles.clone(), req.bound.clone());
    given.phase = req.phase;
    let pos = rules.position(&given)?;
    let mut solver = Solver::new(&rules, convention, req.limits.clone());
    let solved = solver.solve(&pos)?;
    let successors = solver.successors(&pos)?;
    let winning: Vec<Move> = successors
        .iter()
        .filter(|s| s.wins)
        .map(|s| analysis_move(&rules.play_move(&s.mv), &rules.to_wire(&s.position)))
        .collect();
    let first = winning.first().cloned();
    // The game's length after the move shown (the first winning move, of
    // the least size), and a fastest win when that one is slower.
    let first_turns = successors
        .iter()
        .find(|s| s.wins)
        .map(|s| s.value.remoteness.saturating_add(1));
    let fastest = match first_turns {
        Some(t) if t != solved.remoteness => successors
            .iter()
            .find(|s| s.wins && s.value.remoteness.saturating_add(1) == solved.remoteness)
            .map(|s| analysis_move(&rules.play_move(&s.mv), &rules.to_wire(&s.position))),
        _ => None,
    };
    let value = match convention {
        Convention::Normal => first
            .as_ref()
            .and_then(|m| m.add.clone().or(m.take.clone())),
        Convention::Misere => None,
    };
    let phase = if pos.left == 0 {
        format!(
            "the first {} moves are over, so this is the plain two-pile game",
            rule.k
        )
    } else {
        format!(
            "{} of the first phase left ({})",
            if pos.left == 1 {
                "1 move".to_string()
            } else {
                format!("{} moves", pos.left)
            },
            rule.describe()
        )
    };
    let searched = solver.positions();
    let explanation = match (&first, successors.is_empty()) {
        (_, true) => format!(
            "No move is possible ({phase}), so the player to move {}.",
            if convention.stuck_player_wins() {
                "wins"
            } else {
                "loses"
            }
        ),
        (Some(m), false) => format!(
            "Exhaustive search ({searched} positions, from the rules alone; {phase}): {} wins; the game ends within {} more moves{}.",
            words(m),
            first_turns.unwrap_or(solved.remoteness),
            match &fastest {
                Some(f) => format!(" ({} wins fastest, within {})", words(f), solved.remoteness),
                None => String::new(),
            }
        ),
        (None, false) => format!(
            "Exhaustive search ({searched} positions, from the rules alone; {phase}): every move loses; the opponent wins within {} moves.",
            solved.remoteness
        ),
    };
    let mut notes = Vec::new();
    if convention == Convention::Misere {
        notes.push("misère play: value is null".to_string());
    }
    Ok(Analysis {
        game: spec.to_string(),
        piles: req.piles.clone(),
        bound: req.bound.clone(),
        outcome: solved.outcome,
        value,
        winning_move: first,
        moves: req.all.then_some(winning),
        fastest,
        remoteness: Some(solved.remoteness),
        method: Method::Exhaustive,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        grundy: None,
        notes,
    })
}

fn words(m: &Move) -> String {
    match (&m.add, &m.take, m.pile) {
        (Some(a), _, Some(p)) => format!("adding {a} to {}", crate::analysis::numbered("pile", p)),
        (None, Some(t), Some(p)) => {
            format!("taking {t} from {}", crate::analysis::numbered("pile", p))
        }
        _ => "a move".into(),
    }
}

/// The least winning move size of `(m, d)` (small pile `m`, difference `d`)
/// with `K` moves of the first phase left, among sizes up to the larger
/// pile `m + d`; `None` when no move of such a size wins.
///
/// Law: `(m, d)` with bound `w ≤ m + d` is won iff `w ≥` this value (the
/// moves under `w` are those under `w − 1` plus those of size `w`, and the
/// position after a move does not depend on `w`).
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::{Convention, Solver};
/// use takeaway::games::Limits;
/// use takeaway::games::two_pile::appendix::{least_winning_move, Appendix, AppendixRules, Phase};
/// let f = Bound::parse("2*t").unwrap();
/// let rules = AppendixRules::<u64>::new(&f, Appendix { phase: Phase::LargerFirst, k: 0 });
/// let mut s = Solver::new(&rules, Convention::Normal, Limits::strict());
/// // K = 0 is the plain game: paper 000 §4, L(20, 42) = 8.
/// assert_eq!(least_winning_move(&mut s, 20, 42, 0).unwrap(), Some(8));
/// ```
pub fn least_winning_move(
    solver: &mut Solver<'_, AppendixRules<'_, u64>>,
    m: u64,
    d: u64,
    left: u64,
) -> Result<Option<u64>, GameError> {
    let x = m.saturating_add(d);
    if x == 0 {
        return Ok(None);
    }
    let pos = AppendixPosition {
        piles: [m, x],
        bound: Some(x),
        left,
    };
    Ok(solver.winning_moves(&pos)?.iter().map(|s| s.amount).min())
}

/// The variant's tableau `L_K(m, d)` for `m < rows`, `d < cols` (row-major,
/// `None` where no move of size at most the larger pile wins), through one
/// engine solver shared by every cell.
pub fn tableau(
    f: &Bound,
    rule: Appendix,
    rows: u64,
    cols: u64,
    limits: &Limits,
) -> Result<Vec<Vec<Option<u64>>>, GameError> {
    let rules = AppendixRules::<u64>::new(f, rule);
    let corner = AppendixPosition {
        piles: [
            rows.saturating_sub(1),
            rows.saturating_add(cols).saturating_sub(2),
        ],
        bound: Some(rows.saturating_add(cols).saturating_sub(2)),
        left: rule.k,
    };
    let mut solver = Solver::new(&rules, Convention::Normal, limits.clone());
    solver.admits(&corner)?;
    let mut out = Vec::new();
    for m in 0..rows {
        let mut row = Vec::new();
        for d in 0..cols {
            limits.check()?;
            row.push(least_winning_move(&mut solver, m, d, rule.k)?);
        }
        out.push(row);
    }
    Ok(out)
}

/// How the variant's outcomes compare with the plain game's on a range.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Comparison {
    /// Positions `(m, d, w)` compared: `m < rows`, `d < cols`, `1 ≤ w ≤ m + d`.
    pub positions: u64,
    /// Of those, how many have a different outcome in the variant.
    pub differ: u64,
    /// Cells `(m, d)` whose least winning move differs.
    pub cells_differ: u64,
    /// The first differing position (by `m`, then `d`, then `w`).
    pub first_difference: Option<Difference>,
}

/// A position whose outcome differs between the plain game and the variant.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Difference {
    /// Small pile.
    pub m: u64,
    /// Difference of the piles.
    pub d: u64,
    /// Bound on the first move.
    pub w: u64,
    /// Outcome in the plain game.
    pub plain: Outcome,
    /// Outcome in the variant.
    pub variant: Outcome,
}

/// Compares two tableaux (`None`: no winning move of size ≤ the larger
/// pile): position `(m, d, w)` is won iff `w ≥ L(m, d)`.
///
/// ```
/// use takeaway::games::two_pile::appendix::compare;
/// let plain = vec![vec![None, Some(1)]];
/// let variant = vec![vec![None, None]];
/// let c = compare(&plain, &variant);
/// assert_eq!((c.positions, c.differ, c.cells_differ), (1, 1, 1));
/// ```
pub fn compare(plain: &[Vec<Option<u64>>], variant: &[Vec<Option<u64>>]) -> Comparison {
    let mut c = Comparison {
        positions: 0,
        differ: 0,
        cells_differ: 0,
        first_difference: None,
    };
    for (m, (p_row, v_row)) in plain.iter().zip(variant).enumerate() {
        for (d, (p, v)) in p_row.iter().zip(v_row).enumerate() {
            let x = (m + d) as u64;
            c.positions += x;
            if p == v {
                continue;
            }
            c.cells_differ += 1;
            let (lp, lv) = (p.unwrap_or(x + 1), v.unwrap_or(x + 1));
            let (lo, hi) = (lp.min(lv).max(1), lp.max(lv).min(x + 1));
            c.differ += hi.saturating_sub(lo);
            if c.first_difference.is_none() && hi > lo {
                let outcome = |l: u64| Outcome::from_win(lo >= l);
                c.first_difference = Some(Difference {
                    m: m as u64,
                    d: d as u64,
                    w: lo,
                    plain: outcome(lp),
                    variant: outcome(lv),
                });
            }
        }
    }
    c
}

impl<N: Nat> Wire for AppendixRules<'_, N> {
    fn name(&self) -> &'static str {
        "an appendix two-pile game"
    }

    fn position(&self, pos: &Position) -> Result<AppendixPosition<N>, GameError> {
        no_call(self.name(), pos)?;
        let [a, b] = pos.piles.as_slice() else {
            return Err(PileCount::Appendix {
                spec: self.rule().spec(),
                got: pos.piles.len(),
            }
            .into());
        };
        let p = AppendixPosition {
            piles: [nat(a)?, nat(b)?],
            bound: pos.bound.as_ref().map(nat).transpose()?,
            left: pos.phase.unwrap_or(self.rule().k),
        };
        if p.bound.is_none() && self.adds_now(&p) {
            return Err(needs_bound(&self.rule()));
        }
        Ok(p)
    }

    fn to_wire(&self, pos: &AppendixPosition<N>) -> Position {
        let mut p = Position::new(
            pos.piles.iter().map(Nat::to_big).collect(),
            pos.bound.as_ref().map(Nat::to_big),
        );
        p.phase = Some(pos.left);
        p
    }

    fn step(&self, mv: &PlayMove) -> Result<Step<N>, GameError> {
        match mv {
            PlayMove::Take { pile, take } => Ok(Step {
                pile: *pile,
                amount: nat(take)?,
                add: false,
            }),
            PlayMove::Add { pile, add } => Ok(Step {
                pile: *pile,
                amount: nat(add)?,
                add: true,
            }),
            _ => Err(Illegal::Kind(MoveKind::Appendix).into()),
        }
    }

    fn play_move(&self, mv: &Step<N>) -> PlayMove {
        if mv.add {
            PlayMove::Add {
                pile: mv.pile,
                add: mv.amount.to_big(),
            }
        } else {
            PlayMove::Take {
                pile: mv.pile,
                take: mv.amount.to_big(),
            }
        }
    }
}
