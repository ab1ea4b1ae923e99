//! Playing a game move by move: positions, moves, legality and the computer's reply.
//!
//! Each family states its rules once, as typed [`crate::engine::Rules`]
//! over [`crate::engine::Nat`], read from and written to the wire form by
//! [`super::wire::Wire`]. [`Play`] builds on those rules (on big integers, so
//! a pile of a thousand digits is played as exactly as a pile of ten), on
//! [`Family::analyze`] and on the engine ([`crate::engine::Solver`], on
//! machine integers) for every game:
//!
//! - the computer plays the winning move when the analysis has one (theory
//!   where it holds, the exhaustive engine otherwise), after checking it
//!   against the rules, so it never makes an illegal move;
//! - when the analysis has no move for it (losing, misère, a pending call)
//!   and the engine can solve the position within the limits, it plays the
//!   engine's best move: the quickest win, or when losing the move that keeps
//!   the game going longest (greatest remoteness);
//! - otherwise it plays its smallest legal move.
//!
//! Spite Nim has two halves per move: the caller names a number (`call`) and
//! the opponent picks the row (`pick`). A [`Position`] with `call` set waits
//! for the pick; after the pick the picker is the next caller, so a pick does
//! not pass the turn ([`PlayMove::passes_turn`]). The computer as picker
//! picks *spitefully*: a row after which it, as the next caller, wins (the
//! call was a mistake), else the row that makes the caller's win longest.
//!
//! Law: every move [`Play::computer_move`] returns is accepted by
//! [`Play::apply`] on the same position, and the player who cannot act loses
//! (normal play) or wins (misère play, [`Play::stuck_player_wins`]).

use super::wire::Wire;
pub use super::wire::{PartPosition, PlayMove, Position};
use super::{AnalyzeRequest, Family, Game, GameError, Limits, Visit, remoteness_limits};
use crate::analysis::{Analysis, Outcome};
use crate::engine::{Convention, Solver};
use crate::games::error::Illegal;
use crate::games::spite::error::SpiteIllegal;

use num_bigint::BigUint;
use serde::Serialize;

/// How many of the smallest legal moves the computer looks at when it stalls.
pub const STALL_CANDIDATES: usize = 32;

/// Why the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Intent {
    /// The move wins (from the analysis).
    Winning,
    /// The computer is losing and delays: the longest remoteness it found.
    Stalling,
    /// Spite Nim pick that punishes a losing call.
    Spite,
    /// No analysis was available: the smallest legal move.
    Fallback,
    /// Table 4.1's "??" cell (paper 000): the optimist's move, which wins
    /// exactly when `L(m, d) = H(n−1)`.
    Optimist,
}

/// The computer's move with its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reply {
    /// The move made.
    #[serde(rename = "move")]
    pub mv: PlayMove,
    /// The position after it.
    pub position: Position,
    /// Why this move.
    pub intent: Intent,
    /// One line a person can read.
    pub explanation: String,
}

/// Advice for the player to act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// Whether the player to act wins with best play.
    pub winning: bool,
    /// A winning move, when there is one.
    #[serde(rename = "move")]
    pub mv: Option<PlayMove>,
    /// The advice in words (the theorem or search that decides).
    pub explanation: String,
}

/// Playing a game against the computer.
pub trait Play {
    /// The starting position for `piles` and an optional first bound (the
    /// family's default when `None`: one-pile `n − 1`, two-pile unbounded);
    /// a bound for a game without one is an error.
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError>;
    /// The position after a (checked) move.
    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError>;
    /// Up to `limit` legal moves, smallest first (empty when the position is
    /// malformed for the game or the player to act cannot act).
    fn legal_moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove>;
    /// Whether the player to act cannot act (the game is over).
    fn is_over(&self, pos: &Position) -> bool;
    /// When the game is over: whether the player who would act next has won.
    fn stuck_player_wins(&self) -> bool;
    /// The analysis of a position (no pending call), under `limits`.
    fn analyze_position(&self, pos: &Position, limits: &Limits) -> Result<Analysis, GameError>;
    /// The computer's move (see the module documentation).
    fn computer_move(&self, pos: &Position, limits: &Limits) -> Result<Reply, GameError>;
    /// Advice for the player to act.
    fn hint(&self, pos: &Position, limits: &Limits) -> Result<Hint, GameError>;
}

/// `text` with its first letter in upper case (explanations begin with a capital).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The move in words, capitalised, for a sentence of its own.
fn said(mv: &PlayMove, pos: &Position) -> String {
    capitalised(&mv.words_at(pos))
}

/// How many piles the position a move `m` is made in has (a part's, in a sum).
fn piles_of(m: &crate::analysis::Move, pos: &Position) -> usize {
    match m.part {
        Some(i) => pos.parts.get(i).map_or(0, |p| p.position.piles.len()),
        None => pos.piles.len(),
    }
}

fn request(pos: &Position, limits: &Limits) -> AnalyzeRequest {
    let mut req = AnalyzeRequest::at(pos);
    req.limits = limits.clone();
    // Play shows outcome, value and remoteness, never the Grundy value.
    req.grundy = false;
    req
}

/// Checks and normalises a wire position for its game (big integers).
struct Check<'a>(&'a Position);
impl Visit for Check<'_> {
    type Out = Result<Position, GameError>;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        Ok(rules.to_wire(&rules.checked(self.0)?))
    }
}

struct Apply<'a>(&'a Position, &'a PlayMove);
impl Visit for Apply<'_> {
    type Out = Result<Position, GameError>;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        let pos = rules.checked(self.0)?;
        let mv = rules.step(self.1)?;
        Ok(rules.to_wire(&rules.apply(&pos, &mv)?))
    }
}

struct Moves<'a>(&'a Position, usize);
impl Visit for Moves<'_> {
    type Out = Result<Vec<PlayMove>, GameError>;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        let pos = rules.checked(self.0)?;
        Ok(rules
            .first_moves(&pos, self.1)?
            .iter()
            .map(|m| rules.play_move(m))
            .collect())
    }
}

/// The engine's best move (machine integers): the move, the position after
/// it, whether it wins, and the remoteness of the position after it.
struct Best<'a>(&'a Position, &'a Limits);
impl Visit for Best<'_> {
    type Out = Result<Option<(PlayMove, Position, bool, u64)>, GameError>;
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out {
        let pos = rules.checked(self.0)?;
        let mut solver = Solver::new(rules, convention, self.1.clone());
        Ok(solver.best_move(&pos)?.map(|s| {
            (
                rules.play_move(&s.mv),
                rules.to_wire(&s.position),
                s.wins,
                s.value.remoteness,
            )
        }))
    }
}

/// Whether the game's positions are made of parts.
struct TakesParts;
impl Visit for TakesParts {
    type Out = bool;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        rules.takes_parts()
    }
}

/// The convention of a game (normal or misère play).
struct Rule;
impl Visit for Rule {
    type Out = Convention;
    fn visit<R: Wire>(self, _: &R, convention: Convention) -> Self::Out {
        convention
    }
}

impl Game {
    /// Up to `limit` legal moves of `pos`, smallest first, or why `pos` is
    /// not a position of this game ([`Play::legal_moves`] without the error).
    ///
    /// ```
    /// use takeaway::games::Game;
    /// use takeaway::games::play::{PlayMove, Position};
    /// let g = Game::parse("fibonacci").unwrap();
    /// let moves = g.first_legal_moves(&Position::new(vec![5u8.into()], Some(2u8.into())), 10).unwrap();
    /// assert_eq!(moves.len(), 2); // take 1 or take 2
    /// assert!(matches!(moves[0], PlayMove::Take { pile: 0, .. }));
    /// ```
    pub fn first_legal_moves(
        &self,
        pos: &Position,
        limit: usize,
    ) -> Result<Vec<PlayMove>, GameError> {
        self.visit::<BigUint, _>(Moves(pos, limit))
    }

    /// Normal or misère play.
    ///
    /// ```
    /// use takeaway::engine::Convention;
    /// use takeaway::games::Game;
    /// assert_eq!(Game::parse("wythoff:misere=true").unwrap().convention(), Convention::Misere);
    /// ```
    pub fn convention(&self) -> Convention {
        self.visit::<u64, _>(Rule)
    }

    /// The position checked against the game's rules and normalised: the
    /// pile count, the bound (a missing one-pile bound is the default
    /// `n − 1`; a bound for a game without one is refused) and a pending
    /// call (Spite Nim only, 1 to the longest row).
    ///
    /// Law: every front-end checks a position it did not make itself with
    /// this before using it, so `/api/move`, `/api/hint` and `/api/grid`
    /// accept exactly the positions [`Play::start`] would make.
    ///
    /// ```
    /// use takeaway::games::Game;
    /// use takeaway::games::play::Position;
    /// let fib = Game::parse("fibonacci").unwrap();
    /// let p = fib.check_position(&Position::new(vec![20u32.into()], None)).unwrap();
    /// assert_eq!(p.bound, Some(19u32.into()));
    /// assert!(fib.check_position(&Position::new(vec![3u32.into(), 4u32.into()], None)).is_err());
    /// let spite = Game::parse("spite").unwrap();
    /// let mut p = Position::new(vec![3u32.into(), 4u32.into()], None);
    /// p.call = Some(0u32.into());
    /// assert!(spite.check_position(&p).is_err());
    /// ```
    pub fn check_position(&self, pos: &Position) -> Result<Position, GameError> {
        self.visit::<BigUint, _>(Check(pos))
    }

    /// Whether a position of this game is made of parts, each a game with
    /// its piles ([`Position::parts`]: a sum of games), rather than piles.
    ///
    /// ```
    /// use takeaway::games::Game;
    /// assert!(Game::parse("sum").unwrap().takes_parts());
    /// assert!(!Game::parse("nim").unwrap().takes_parts());
    /// ```
    pub fn takes_parts(&self) -> bool {
        self.visit::<u64, _>(TakesParts)
    }

    fn best(
        &self,
        pos: &Position,
        limits: &Limits,
    ) -> Result<Option<(PlayMove, Position, bool, u64)>, GameError> {
        self.visit::<u64, _>(Best(pos, limits))
    }
}

impl Game {
    /// The computer's move by Table 4.1 of paper 000 (`play --computer
    /// table-4.1`): the move the table prescribes in an N cell
    /// ([`Intent::Winning`]) or in the "??" cell ([`Intent::Optimist`], the
    /// explanation names the optimist); in a P cell, or where the table does
    /// not apply (equal piles), the usual [`Play::computer_move`].
    ///
    /// Law: the table is read from `l(k)`, `H_k` and the position only; a
    /// prescribed move is always legal.
    ///
    /// ```
    /// use takeaway::games::Game;
    /// use takeaway::games::play::{Intent, Position};
    /// use takeaway::games::Limits;
    /// let g = Game::parse("two-pile:f=2*t").unwrap();
    /// let pos = Position::new(vec![20u32.into(), 62u32.into()], Some(6u32.into()));
    /// let r = g.table_4_1_move(&pos, &Limits::strict()).unwrap();
    /// assert_eq!(r.intent, Intent::Optimist); // paper 000 §4
    /// assert!(r.explanation.contains("optimist"));
    /// ```
    pub fn table_4_1_move(&self, pos: &Position, limits: &Limits) -> Result<Reply, GameError> {
        let pos = &self.visit::<BigUint, _>(Check(pos))?;
        let equal = pos.piles.len() == 2 && pos.piles[0] == pos.piles[1];
        if equal || pos.call.is_some() {
            return self.computer_move(pos, limits);
        }
        let s = self.strategy_table_4_1(&pos.piles, pos.bound.as_ref())?;
        let Some(mv) = s.mv.as_ref().and_then(PlayMove::from_analysis) else {
            return self.computer_move(pos, limits);
        };
        let next = self.apply(pos, &mv)?;
        let (intent, explanation) = match s.status {
            super::two_pile::table_4_1::Status::Unknown => (
                Intent::Optimist,
                format!(
                    "{}: the optimist's move of Table 4.1 — {}",
                    said(&mv, pos),
                    s.explanation
                ),
            ),
            _ => (
                Intent::Winning,
                format!("{} wins by Table 4.1: {}", said(&mv, pos), s.explanation),
            ),
        };
        Ok(Reply {
            mv,
            position: next,
            intent,
            explanation,
        })
    }
}

impl Play for Game {
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError> {
        self.visit::<BigUint, _>(Check(&Position::new(piles, bound)))
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        self.visit::<BigUint, _>(Apply(pos, mv))
    }

    fn legal_moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove> {
        self.first_legal_moves(pos, limit).unwrap_or_default()
    }

    fn is_over(&self, pos: &Position) -> bool {
        self.legal_moves(pos, 1).is_empty()
    }

    fn stuck_player_wins(&self) -> bool {
        self.convention().stuck_player_wins()
    }

    fn analyze_position(&self, pos: &Position, limits: &Limits) -> Result<Analysis, GameError> {
        if pos.call.is_some() {
            return Err(SpiteIllegal::PickFirst.into());
        }
        self.analyze(&request(pos, limits))
    }

    fn computer_move(&self, pos: &Position, limits: &Limits) -> Result<Reply, GameError> {
        let candidates = self.visit::<BigUint, _>(Moves(pos, STALL_CANDIDATES))?;
        let Some(first) = candidates.first().cloned() else {
            return Err(Illegal::GameOver.into());
        };
        // 1. The analysis' winning move (theory where it holds).
        let analysis = if pos.call.is_none() {
            // Only the winning move is needed here: the engine below gives
            // the remoteness of every move when it is needed.
            let mut req = request(pos, limits);
            req.remoteness = false;
            Some(self.analyze(&req))
        } else {
            None
        };
        let theory_move = match &analysis {
            Some(Ok(a)) => a
                .winning_move
                .as_ref()
                .and_then(PlayMove::from_analysis)
                .and_then(|mv| Some((self.apply(pos, &mv).ok()?, mv, a))),
            _ => None,
        };
        if let Some((next, mv, a)) = theory_move {
            // Best play realises the remoteness: the winner hurries. The
            // engine, within the budget a theory's answer gets, names the
            // fastest win; the theory's move (the least winning move) may
            // be a slower one, and is played only when the engine cannot say.
            let budget = remoteness_limits(limits);
            if let Ok(Some((fast, after, true, r))) = self.best(pos, &budget)
                && self.apply(pos, &fast).as_ref() == Ok(&after)
            {
                let ends = format!("the game ends within {} more moves", r.saturating_add(1));
                let explanation = if fast == mv {
                    format!("{} wins ({ends}): {}", said(&mv, pos), a.explanation)
                } else {
                    format!(
                        "{} wins, the fastest win ({ends}; exhaustive search)",
                        said(&fast, pos)
                    )
                };
                return Ok(Reply {
                    explanation,
                    mv: fast,
                    position: after,
                    intent: Intent::Winning,
                });
            }
            return Ok(Reply {
                explanation: format!("{} wins: {}", said(&mv, pos), a.explanation),
                mv,
                position: next,
                intent: Intent::Winning,
            });
        }
        // 2. The engine: the quickest win, or the longest stall (within the
        //    strict limits at most: a move should come within a second).
        let search = Limits {
            max_states: limits.max_states.min(Limits::strict().max_states),
            max_bytes: limits.max_bytes.min(Limits::strict().max_bytes),
            cancel: limits.cancel.clone(),
        };
        if let Ok(Some((mv, next, wins, r))) = self.best(pos, &search)
            && self.apply(pos, &mv).as_ref() == Ok(&next)
        {
            let (intent, explanation) = match (wins, &pos.call) {
                (true, Some(call)) => (
                    Intent::Spite,
                    format!(
                        "{}: the call {call} was a mistake; from this row the computer wins",
                        said(&mv, pos)
                    ),
                ),
                (true, None) => (
                    Intent::Winning,
                    format!(
                        "{} wins (exhaustive search: the game ends within {} more moves)",
                        said(&mv, pos),
                        r.saturating_add(1)
                    ),
                ),
                (false, Some(call)) => (
                    Intent::Stalling,
                    format!(
                        "{}: the call {call} was good; every row loses for the computer, this one keeps the game going longest",
                        said(&mv, pos)
                    ),
                ),
                (false, None) => (
                    Intent::Stalling,
                    format!(
                        "{}: every move loses; this one keeps the game going longest (the opponent needs {r} more moves)",
                        said(&mv, pos)
                    ),
                ),
            };
            return Ok(Reply {
                mv,
                position: next,
                intent,
                explanation,
            });
        }
        // 3. No answer within the limits: a small legal move.
        let next = self.apply(pos, &first)?;
        let (intent, explanation) = match &analysis {
            Some(Ok(_)) => (
                Intent::Stalling,
                format!("{}: every move loses; a small move", said(&first, pos)),
            ),
            Some(Err(e)) => (
                Intent::Fallback,
                format!(
                    "{}: no analysis ({e}); a small legal move",
                    said(&first, pos)
                ),
            ),
            None => (
                Intent::Fallback,
                format!(
                    "{}: no search within the limits; a small legal move",
                    said(&first, pos)
                ),
            ),
        };
        Ok(Reply {
            mv: first,
            position: next,
            intent,
            explanation,
        })
    }

    fn hint(&self, pos: &Position, limits: &Limits) -> Result<Hint, GameError> {
        let pos = &self.visit::<BigUint, _>(Check(pos))?;
        if self.is_over(pos) {
            return Ok(Hint {
                winning: self.stuck_player_wins(),
                mv: None,
                explanation: "The game is over".into(),
            });
        }
        if let Some(call) = &pos.call {
            return Ok(match self.best(pos, limits)? {
                Some((mv, _, true, _)) => Hint {
                    winning: true,
                    explanation: format!(
                        "{} (`{}`): after it you call first and win (exhaustive search)",
                        said(&mv, pos),
                        mv.command_at(pos)
                    ),
                    mv: Some(mv),
                },
                _ => Hint {
                    winning: false,
                    mv: None,
                    explanation: format!(
                        "You are losing: the call {call} was good, every row you pick loses"
                    ),
                },
            });
        }
        let a = self.analyze(&request(pos, limits))?;
        match a.winning_move.as_ref().and_then(PlayMove::from_analysis) {
            Some(mv) if a.outcome == Outcome::N => Ok(Hint {
                winning: true,
                explanation: format!(
                    "{} wins (`{}`). {}{}",
                    said(&mv, pos),
                    mv.command_at(pos),
                    a.explanation,
                    match (&a.fastest, a.remoteness) {
                        (Some(f), Some(r)) => format!(
                            " The fastest win is {} (the game ends within {r} {}).",
                            crate::analysis::move_words(f, piles_of(f, pos)),
                            if r == 1 { "move" } else { "moves" }
                        ),
                        _ => String::new(),
                    }
                ),
                mv: Some(mv),
            }),
            _ => Ok(Hint {
                winning: false,
                mv: None,
                explanation: format!("You are losing: every move loses. {}", a.explanation),
            }),
        }
    }
}
