//! The one exhaustive engine: outcome, remoteness, winning moves and misère
//! play for any [`Rules`], under [`Limits`] and a [`Cancel`](super::Cancel) token.
//!
//! Laws (Smith's remoteness, for the player to act):
//! - no legal move: normal play P, misère play N; remoteness 0;
//! - a move *wins* when it leaves the opponent a P-position (or, for a move
//!   that does not pass the turn, leaves the mover an N-position);
//! - with a winning move: N, remoteness 1 + the least remoteness of a winning
//!   move (the winner hurries);
//! - without: P, remoteness 1 + the largest remoteness of any move (the
//!   loser stalls);
//! - remoteness counts turns: a move that keeps the turn (Spite Nim's pick,
//!   after which the picker calls) adds no 1 of its own.
//!
//! The search is an iterative depth-first walk with a memo (no recursion, so
//! no stack overflow on long games); the estimate of [`Rules::estimate`] is
//! checked against the limits before the walk allocates, the work and memory
//! actually used are checked as it goes, and the cancel token is polled every
//! 1,024 move checks.

use super::cancel::Ticker;
use super::error::{EngineError, Solve};
use super::limits::Limits;
use super::outcome::Outcome;
use super::rules::{Convention, Rules};
use rustc_hash::FxHashMap as HashMap;
use std::ops::ControlFlow;

/// The value of a position for the player to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved {
    /// Who wins.
    pub outcome: Outcome,
    /// Moves to the end of the game under best play.
    pub remoteness: u64,
}

/// One legal move with the position after it and that position's value.
#[derive(Debug, Clone)]
pub struct Successor<M, P> {
    /// The move.
    pub mv: M,
    /// The position after it.
    pub position: P,
    /// The value of that position for the player who acts there.
    pub value: Solved,
    /// Whether the move wins for the player who makes it.
    pub wins: bool,
}

/// The [`Successor`] of a move under rules `R`.
pub(crate) type Step<R> = Successor<<R as Rules>::Move, <R as Rules>::Position>;

const NONE: u32 = u32::MAX;
const PENDING: u32 = u32::MAX - 1;

/// Summary of a position's moves: the least remoteness of a winning move and
/// the largest remoteness of any move (`NONE` when there is none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    best_win: u32,
    worst: u32,
}

impl Node {
    const EMPTY: Node = Node {
        best_win: NONE,
        worst: NONE,
    };
    const PENDING: Node = Node {
        best_win: PENDING,
        worst: PENDING,
    };
    const ABSENT: Node = Node {
        best_win: PENDING - 1,
        worst: PENDING - 1,
    };

    /// The dense cell of a node (0 only for `ABSENT`).
    fn to_cell(self) -> u64 {
        ((u64::from(self.best_win) << 32) | u64::from(self.worst)) ^ Node::ABSENT.bits()
    }

    fn from_cell(cell: u64) -> Node {
        let bits = cell ^ Node::ABSENT.bits();
        Node {
            best_win: (bits >> 32) as u32,
            worst: bits as u32,
        }
    }

    fn bits(self) -> u64 {
        (u64::from(self.best_win) << 32) | u64::from(self.worst)
    }

    fn fold_child(&mut self, child: Solved, passes: bool) {
        // Remoteness counts turns: a move that keeps the turn (a Spite Nim
        // pick) is part of the turn it completes.
        let r = u32::try_from(child.remoteness.saturating_add(u64::from(passes)))
            .unwrap_or(PENDING - 1)
            .min(PENDING - 1);
        let wins = (child.outcome == Outcome::P) == passes;
        if wins {
            self.best_win = if self.best_win == NONE {
                r
            } else {
                self.best_win.min(r)
            };
        }
        self.worst = if self.worst == NONE {
            r
        } else {
            self.worst.max(r)
        };
    }

    fn fold_node(&mut self, other: Node) {
        if other.best_win != NONE {
            self.best_win = if self.best_win == NONE {
                other.best_win
            } else {
                self.best_win.min(other.best_win)
            };
        }
        if other.worst != NONE {
            self.worst = if self.worst == NONE {
                other.worst
            } else {
                self.worst.max(other.worst)
            };
        }
    }

    fn solved(self, convention: Convention) -> Solved {
        if self.worst == NONE {
            return Solved {
                outcome: if convention.stuck_player_wins() {
                    Outcome::N
                } else {
                    Outcome::P
                },
                remoteness: 0,
            };
        }
        if self.best_win != NONE {
            Solved {
                outcome: Outcome::N,
                remoteness: u64::from(self.best_win),
            }
        } else {
            Solved {
                outcome: Outcome::P,
                remoteness: u64::from(self.worst),
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    Passes,
    Stays,
    Prefix,
}

/// The memo: a dense vector for positions the rules can index
/// ([`Rules::index`]), a hash map for the others. Dense cells hold a node's
/// bits XOR those of `Node::ABSENT`, so an absent cell is 0 and a fresh
/// vector comes zeroed from the allocator, untouched until used (a table of
/// hundreds of megabytes costs nothing until the search reaches it).
struct Memo<P> {
    dense: Vec<u64>,
    hashed: HashMap<P, Node>,
    count: usize,
}

impl<P: std::hash::Hash + Eq> Memo<P> {
    fn new() -> Self {
        Memo {
            dense: Vec::new(),
            hashed: HashMap::default(),
            count: 0,
        }
    }

    fn get(&self, key: &P, index: Option<usize>) -> Option<Node> {
        match index {
            Some(i) => self
                .dense
                .get(i)
                .copied()
                .filter(|&bits| bits != 0)
                .map(Node::from_cell),
            None => self.hashed.get(key).copied(),
        }
    }

    fn insert(&mut self, key: P, index: Option<usize>, node: Node) {
        match index {
            Some(i) => {
                if i >= self.dense.len() {
                    // Zeroed by the allocator: the pages stay untouched until used.
                    let mut grown = vec![0u64; i.saturating_add(1)];
                    grown[..self.dense.len()].copy_from_slice(&self.dense);
                    self.dense = grown;
                }
                if self.dense[i] == 0 {
                    self.count += 1;
                }
                self.dense[i] = node.to_cell();
            }
            None => {
                if self.hashed.insert(key, node).is_none() {
                    self.count += 1;
                }
            }
        }
    }

    /// Drops the entry of `key` (a half-built one, after an error).
    fn remove(&mut self, key: &P, index: Option<usize>) {
        let gone = match index {
            Some(i) => self.dense.get_mut(i).is_some_and(|bits| {
                let was = *bits != 0;
                *bits = 0;
                was
            }),
            None => self.hashed.remove(key).is_some(),
        };
        if gone {
            self.count -= 1;
        }
    }

    fn bytes(&self, entry: u64) -> u64 {
        (self.dense.len() as u64)
            .saturating_mul(8)
            .saturating_add((self.hashed.len() as u64).saturating_mul(entry))
    }
}

/// A position being solved: its children are `edges[next..end]` of the
/// solver's shared edge stack (no allocation per position).
struct Frame<P> {
    key: P,
    start: usize,
    next: usize,
    end: usize,
    node: Node,
}

/// The exhaustive engine for one game and one convention; its memo is kept
/// between calls, so solving a position and then each of its successors
/// costs one search.
///
/// ```
/// use std::ops::ControlFlow;
/// use takeaway::engine::{Convention, EngineError, Estimate, Limits, Outcome, Rules, Solver};
///
/// // Fibonacci Nim: a pile `n` and a bound `w`; take `t ≤ w`, the opponent may take up to 2t.
/// struct Fibonacci;
/// impl Rules for Fibonacci {
///     type Position = (u64, u64);
///     type Move = u64;
///     type Error = EngineError;
///     fn moves(&self, &(n, w): &(u64, u64), out: &mut dyn FnMut(u64) -> ControlFlow<()>) -> Result<(), EngineError> {
///         for t in 1..=n.min(w) { if out(t).is_break() { break; } }
///         Ok(())
///     }
///     fn apply(&self, &(n, _): &(u64, u64), t: &u64) -> Result<(u64, u64), EngineError> {
///         Ok((n - t, 2 * t))
///     }
///     fn estimate(&self, &(n, _): &(u64, u64)) -> Estimate { Estimate::search((n + 1) * (n + 1), n, 16) }
/// }
/// let mut s = Solver::new(&Fibonacci, Convention::Normal, Limits::strict());
/// // 21 with bound 20 is lost (21 is a Fibonacci number; Whinihan).
/// assert_eq!(s.solve(&(21, 20)).unwrap().outcome, Outcome::P);
/// assert_eq!(s.solve(&(20, 19)).unwrap().outcome, Outcome::N);
/// ```
pub struct Solver<'r, R: Rules + ?Sized> {
    rules: &'r R,
    convention: Convention,
    limits: Limits,
    memo: Memo<R::Position>,
    edges: Vec<(R::Position, Edge)>,
    work: u64,
}

impl<'r, R: Rules + ?Sized> Solver<'r, R> {
    /// An engine for `rules` under `convention`, bounded by `limits` and
    /// stopped by their cancel token.
    pub fn new(rules: &'r R, convention: Convention, limits: Limits) -> Self {
        Solver {
            rules,
            convention,
            limits,
            memo: Memo::new(),
            edges: Vec::new(),
            work: 0,
        }
    }

    /// The rules solved.
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// The convention in force.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Positions solved so far (the memo's size).
    pub fn positions(&self) -> usize {
        self.memo.count
    }

    /// Work done so far (positions plus move checks), the figure checked
    /// against [`Limits::max_states`].
    pub fn work(&self) -> u64 {
        self.work
    }

    fn entry_bytes() -> u64 {
        // Key, summary and the hash table's slack (load factor ≤ 7/8, doubling).
        (2 * (std::mem::size_of::<R::Position>() + std::mem::size_of::<Node>() + 8)) as u64
    }

    /// Whether `pos` can be solved within the limits, judged from the
    /// estimate alone (nothing is allocated).
    pub fn admits(&self, pos: &R::Position) -> Result<(), R::Error> {
        let key = self.rules.key(pos);
        if self.memo.get(&key, self.rules.index(&key)).is_some() {
            return Ok(());
        }
        let estimate = self.rules.estimate(&key);
        self.limits.admit(estimate).map_err(|over| {
            EngineError::TooLarge {
                what: Solve::Outcome,
                over,
            }
            .into()
        })
    }

    /// The value of `pos`: refused up front when its estimate is over the
    /// limits, stopped when the work or memory used passes them, and
    /// [`EngineError::Cancelled`] once the token is cancelled (each converted
    /// into the rules' error).
    pub fn solve(&mut self, pos: &R::Position) -> Result<Solved, R::Error> {
        let key = self.rules.key(pos);
        if let Some(node) = self.memo.get(&key, self.rules.index(&key))
            && node.worst != PENDING
        {
            return Ok(node.solved(self.convention));
        }
        self.admits(&key)?;
        let mut stack = Vec::new();
        match self.walk(key, &mut stack) {
            Ok(node) => Ok(node.solved(self.convention)),
            Err(e) => {
                // Drop the half-built entries (the positions on the stack) so
                // a later call starts clean; nothing else was touched.
                for frame in stack {
                    let index = self.rules.index(&frame.key);
                    self.memo.remove(&frame.key, index);
                }
                Err(e)
            }
        }
    }

    fn frame(&mut self, key: R::Position) -> Result<Frame<R::Position>, R::Error> {
        let start = self.edges.len();
        let children = &mut self.edges;
        let rules = self.rules;
        let mut failed = None;
        // One child: the key of the position after `mv`, and how it counts.
        let mut push = |mv: R::Move| match rules.apply(&key, &mv) {
            Ok(next) => {
                let edge = if rules.passes_turn(&mv) {
                    Edge::Passes
                } else {
                    Edge::Stays
                };
                children.push((rules.key(&next), edge));
                true
            }
            Err(e) => {
                failed.get_or_insert(e);
                false
            }
        };
        // The extra moves, then the prefix's summary (the fold is commutative).
        let prefix = rules.prefix(&key, &mut |mv| {
            push(mv);
        });
        match prefix {
            Some(q) => self.edges.push((rules.key(&q), Edge::Prefix)),
            None => rules.moves(&key, &mut |mv| {
                if push(mv) {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })?,
        }
        if let Some(e) = failed {
            return Err(e);
        }
        self.limits.charge(
            &mut self.work,
            1 + (self.edges.len() - start) as u64,
            self.memo.bytes(Self::entry_bytes()),
            Solve::Outcome,
        )?;
        let index = self.rules.index(&key);
        self.memo.insert(key.clone(), index, Node::PENDING);
        Ok(Frame {
            key,
            start,
            next: start,
            end: self.edges.len(),
            node: Node::EMPTY,
        })
    }

    fn walk(
        &mut self,
        root: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
    ) -> Result<Node, R::Error> {
        let cancel = self.limits.cancel.clone();
        let mut ticker = Ticker::new(&cancel, 10);
        cancel.check()?;
        self.edges.clear();
        let first = self.frame(root)?;
        stack.push(first);
        loop {
            ticker.tick()?;
            let Some(top) = stack.last_mut() else {
                unreachable!("the root frame is popped only by the return below")
            };
            if top.next < top.end {
                let (child, edge) = &self.edges[top.next];
                match self.memo.get(child, self.rules.index(child)) {
                    Some(n) if n.worst == PENDING => {
                        return Err(EngineError::Cycle {
                            position: format!("{child:?}"),
                        }
                        .into());
                    }
                    Some(n) => {
                        match edge {
                            Edge::Prefix => top.node.fold_node(n),
                            Edge::Passes => top.node.fold_child(n.solved(self.convention), true),
                            Edge::Stays => top.node.fold_child(n.solved(self.convention), false),
                        }
                        top.next += 1;
                    }
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
                self.edges.truncate(done.start);
                let index = self.rules.index(&done.key);
                self.memo.insert(done.key, index, done.node);
                if stack.is_empty() {
                    return Ok(done.node);
                }
            }
        }
    }

    /// Every legal move of `pos` with the position after it and its value,
    /// in the family's order.
    pub fn successors(&mut self, pos: &R::Position) -> Result<Vec<Step<R>>, R::Error> {
        self.solve(pos)?;
        let mut moves = Vec::new();
        self.rules.moves(pos, &mut |m| {
            moves.push(m);
            ControlFlow::Continue(())
        })?;
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            let position = self.rules.apply(pos, &mv)?;
            let value = self.solve(&position)?;
            let passes = self.rules.passes_turn(&mv);
            let wins = (value.outcome == Outcome::P) == passes;
            out.push(Successor {
                mv,
                position,
                value,
                wins,
            });
        }
        Ok(out)
    }

    /// The winning moves of `pos`, in the family's order (empty when lost).
    pub fn winning_moves(&mut self, pos: &R::Position) -> Result<Vec<R::Move>, R::Error> {
        Ok(self
            .successors(pos)?
            .into_iter()
            .filter(|s| s.wins)
            .map(|s| s.mv)
            .collect())
    }

    /// The move best play makes from `pos`: when winning, the first winning
    /// move of least remoteness (the winner hurries); when losing, the first
    /// move of largest remoteness (the loser stalls); `None` with no move.
    ///
    /// Law: the value of the result is consistent with [`Solver::solve`]:
    /// `1 + remoteness(after) == remoteness(pos)` for a move that passes the turn.
    pub fn best_move(&mut self, pos: &R::Position) -> Result<Option<Step<R>>, R::Error> {
        let mut best: Option<Step<R>> = None;
        for s in self.successors(pos)? {
            let better = match &best {
                None => true,
                Some(b) => match (s.wins, b.wins) {
                    (true, false) => true,
                    (false, true) => false,
                    (true, true) => s.value.remoteness < b.value.remoteness,
                    (false, false) => s.value.remoteness > b.value.remoteness,
                },
            };
            if better {
                best = Some(s);
            }
        }
        Ok(best)
    }
}
