//! Grundy values (Sprague–Grundy, normal play) for any [`Rules`], by the
//! mex rule over the successors' values, under [`Limits`] and a
//! [`Cancel`](super::Cancel) token — written once for every family.
//!
//! Laws:
//! - `G(p) = mex { G(q) : q a position after a legal move of p }` (the least
//!   natural number not among the options' values); `G(p) = 0` with no move;
//! - `G(p) = 0` exactly at the normal-play P-positions;
//! - a sum of games is a P-position iff the nim-sum (XOR) of its parts'
//!   Grundy values is 0 (Sprague–Grundy theorem).
//!
//! Grundy values are defined for games whose every move passes the turn;
//! rules with a half-move ([`Rules::passes_turn`] false, Spite Nim's pick)
//! are refused. Misère play has no Grundy theory of sums: callers ask this
//! engine for normal play only.
//!
//! The walk is iterative (no recursion), memoised under [`Rules::key`]; the
//! estimate is checked before anything is allocated, the work (positions
//! plus move checks) and the memo's memory as it goes, and the cancel token
//! every 4,096 units of work.

use super::error::{EngineError, Solve};
use super::limits::Limits;
use super::rules::Rules;
use rustc_hash::FxHashMap as HashMap;
use std::ops::ControlFlow;

/// Marks a position on the walk's stack (a repeat is a cycle).
const PENDING: u32 = u32::MAX;

/// One legal move with the position after it and that position's Grundy value.
#[derive(Debug, Clone)]
pub struct GrundyOption<M, P> {
    /// The move.
    pub mv: M,
    /// The position after it.
    pub position: P,
    /// Its Grundy value.
    pub grundy: u64,
}

/// The [`GrundyOption`] of a move under rules `R`.
pub(crate) type GrundyStep<R> = GrundyOption<<R as Rules>::Move, <R as Rules>::Position>;

struct Frame<P> {
    key: P,
    start: usize,
    next: usize,
    end: usize,
}

/// The Grundy engine for one game; its memo is kept between calls, so the
/// values of many positions of one game cost one walk.
///
/// ```
/// use std::ops::ControlFlow;
/// use takeaway::engine::{EngineError, Estimate, GrundySolver, Limits, Rules};
///
/// // Take 1 or 2: G(n) = n mod 3 (by hand: 0, 1, 2, then mex{2, 1} = 0, …).
/// struct OneOrTwo;
/// impl Rules for OneOrTwo {
///     type Position = u64;
///     type Move = u64;
///     type Error = EngineError;
///     fn moves(&self, p: &u64, out: &mut dyn FnMut(u64) -> ControlFlow<()>) -> Result<(), EngineError> {
///         for t in 1..=(*p).min(2) { if out(t).is_break() { break; } }
///         Ok(())
///     }
///     fn apply(&self, p: &u64, t: &u64) -> Result<u64, EngineError> { Ok(p - t) }
///     fn estimate(&self, p: &u64) -> Estimate { Estimate::positions(p + 1, 64) }
/// }
/// let mut g = GrundySolver::new(&OneOrTwo, Limits::strict());
/// assert_eq!((0..7).map(|n| g.grundy(&n).unwrap()).collect::<Vec<_>>(), [0, 1, 2, 0, 1, 2, 0]);
/// ```
pub struct GrundySolver<'r, R: Rules> {
    rules: &'r R,
    limits: Limits,
    memo: HashMap<R::Position, u32>,
    edges: Vec<R::Position>,
    work: u64,
}

impl<'r, R: Rules> GrundySolver<'r, R> {
    /// An engine for `rules` with an empty memo.
    pub fn new(rules: &'r R, limits: Limits) -> Self {
        GrundySolver {
            rules,
            limits,
            memo: HashMap::default(),
            edges: Vec::new(),
            work: 0,
        }
    }

    /// Positions whose value is in the memo.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Bytes one memo entry costs (the key, the value, the table's slack).
    fn entry_bytes() -> u64 {
        (2 * (std::mem::size_of::<R::Position>() + 8)) as u64
    }

    /// `Ok` when the estimate of solving `pos` fits the limits (checked before
    /// anything is allocated).
    pub fn admits(&self, pos: &R::Position) -> Result<(), R::Error> {
        self.limits.admit(self.rules.estimate(pos)).map_err(|over| {
            EngineError::TooLarge {
                what: Solve::Grundy,
                over,
            }
            .into()
        })
    }

    /// The Grundy value of `pos`.
    ///
    /// Errors (converted into the rules' error): [`EngineError::TooLarge`]
    /// when the estimate, the work or the memory passes the limits;
    /// [`EngineError::HalfMoves`] for a move that does not pass the turn (no
    /// Grundy value); [`EngineError::Cycle`]; [`EngineError::Cancelled`]; and
    /// the rules' own errors.
    pub fn grundy(&mut self, pos: &R::Position) -> Result<u64, R::Error> {
        let key = self.rules.key(pos);
        if let Some(&v) = self.memo.get(&key)
            && v != PENDING
        {
            return Ok(u64::from(v));
        }
        self.admits(&key)?;
        let mut stack = Vec::new();
        match self.walk(key, &mut stack) {
            Ok(v) => Ok(u64::from(v)),
            Err(e) => {
                for frame in stack {
                    self.memo.remove(&frame.key);
                }
                Err(e)
            }
        }
    }

    /// Every legal move of `pos` with the position after it and its Grundy
    /// value, in the family's order.
    ///
    /// Law: `grundy(pos)` is the mex of the options' values.
    pub fn options(&mut self, pos: &R::Position) -> Result<Vec<GrundyStep<R>>, R::Error> {
        self.grundy(pos)?;
        let mut moves = Vec::new();
        self.rules.moves(pos, &mut |m| {
            moves.push(m);
            ControlFlow::Continue(())
        })?;
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            let position = self.rules.apply(pos, &mv)?;
            let grundy = self.grundy(&position)?;
            out.push(GrundyOption {
                mv,
                position,
                grundy,
            });
        }
        Ok(out)
    }

    fn frame(&mut self, key: R::Position) -> Result<Frame<R::Position>, R::Error> {
        let start = self.edges.len();
        let rules = self.rules;
        let edges = &mut self.edges;
        let mut failed = None;
        rules.moves(&key, &mut |mv| {
            if !rules.passes_turn(&mv) {
                failed.get_or_insert(EngineError::HalfMoves.into());
                return ControlFlow::Break(());
            }
            match rules.apply(&key, &mv) {
                Ok(next) => {
                    edges.push(rules.key(&next));
                    ControlFlow::Continue(())
                }
                Err(e) => {
                    failed.get_or_insert(e);
                    ControlFlow::Break(())
                }
            }
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        self.limits.charge(
            &mut self.work,
            1 + (self.edges.len() - start) as u64,
            (self.memo.len() as u64).saturating_mul(Self::entry_bytes()),
            Solve::Grundy,
        )?;
        self.memo.insert(key.clone(), PENDING);
        Ok(Frame {
            key,
            start,
            next: start,
            end: self.edges.len(),
        })
    }

    fn walk(
        &mut self,
        root: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
    ) -> Result<u32, R::Error> {
        self.limits.check()?;
        self.edges.clear();
        let first = self.frame(root)?;
        stack.push(first);
        let mut seen: Vec<bool> = Vec::new();
        loop {
            let Some(top) = stack.last_mut() else {
                unreachable!("the root frame is popped only by the return below")
            };
            if top.next < top.end {
                let child = &self.edges[top.next];
                match self.memo.get(child) {
                    Some(&PENDING) => {
                        return Err(EngineError::Cycle {
                            position: format!("{child:?}"),
                        }
                        .into());
                    }
                    Some(_) => top.next += 1,
                    None => {
                        let child = child.clone();
                        let frame = self.frame(child)?;
                        stack.push(frame);
                    }
                }
            } else {
                let Some(done) = stack.pop() else {
                    unreachable!("the stack is not empty here")
                };
                // mex of the children's values: at most `end − start` of them
                // are below the mex.
                let count = done.end - done.start;
                seen.clear();
                seen.resize(count + 1, false);
                for child in &self.edges[done.start..done.end] {
                    if let Some(&v) = self.memo.get(child)
                        && (v as usize) <= count
                    {
                        seen[v as usize] = true;
                    }
                }
                let mex = seen.iter().position(|&b| !b).unwrap_or(count) as u32;
                self.edges.truncate(done.start);
                self.memo.insert(done.key, mex);
                if stack.is_empty() {
                    return Ok(mex);
                }
            }
        }
    }
}
