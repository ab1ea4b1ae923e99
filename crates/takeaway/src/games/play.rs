//! Playing a game move by move: positions, moves, legality and the computer's reply.
//!
//! Each family states its rules in its own `games/<family>/play.rs` by
//! implementing [`Rules`] (start position, legality, the legal moves smallest
//! first). [`Play`] builds on that and on [`Family::analyze`] for every game:
//!
//! - the computer plays the winning move when the analysis has one (theory
//!   where it holds, the exhaustive solver otherwise), after checking it with
//!   [`Rules::apply`], so it never makes an illegal move;
//! - when it is losing it *stalls*: among its smallest legal moves it picks
//!   the one whose result has the longest remoteness when the analysis reports
//!   remoteness (an exhaustive table is at hand), else its smallest legal move.
//!
//! Spite Nim has two halves per move: the caller names a number (`call`) and
//! the opponent picks the row (`pick`). A [`Position`] with `call` set waits
//! for the pick; after the pick the picker is the next caller, so a pick does
//! not pass the turn ([`PlayMove::passes_turn`]). The computer as picker
//! picks *spitefully*: a row after which it, as the next caller, wins (the
//! call was a mistake), else the row that makes the caller's win longest.
//!
//! Law: every move [`Play::computer_move`] returns is accepted by [`Rules::apply`]
//! on the same position, and the player who cannot act loses (normal play;
//! misère games say otherwise through [`Rules::stuck_player_wins`]).

use super::{AnalyzeRequest, Family, Game, GameError, Limits};
use crate::analysis::{Analysis, Move, Outcome};
use crate::json::{serialize_big, serialize_big_vec, serialize_opt_big};
use num_bigint::BigUint;
use num_traits::Zero;
use serde::Serialize;

/// How many of the smallest legal moves the computer looks at when it stalls.
pub const STALL_CANDIDATES: usize = 32;

/// A position in play: the piles, the bound on the next take and, in Spite
/// Nim, a call waiting for its row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Position {
    /// The piles (rows), in the order the user gave them.
    #[serde(serialize_with = "serialize_big_vec")]
    pub piles: Vec<BigUint>,
    /// The bound on the next take; `None` when unbounded or not applicable.
    #[serde(serialize_with = "serialize_opt_big")]
    pub bound: Option<BigUint>,
    /// Spite Nim: the number just called, waiting for the opponent to pick a row.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_opt_big"
    )]
    pub call: Option<BigUint>,
}

impl Position {
    /// A position with these piles and bound and no pending call.
    ///
    /// ```
    /// use takeaway::games::play::Position;
    /// let p = Position::new(vec![5u32.into()], Some(4u32.into()));
    /// assert!(p.call.is_none());
    /// ```
    pub fn new(piles: Vec<BigUint>, bound: Option<BigUint>) -> Self {
        Position {
            piles,
            bound,
            call: None,
        }
    }

    /// The pile at `index` (0-based), or a clear error naming the 1-based pile.
    ///
    /// ```
    /// use takeaway::games::play::Position;
    /// let p = Position::new(vec![5u32.into()], None);
    /// assert!(p.pile(0).is_ok());
    /// assert!(p.pile(1).unwrap_err().to_string().contains("no pile 2"));
    /// ```
    pub fn pile(&self, index: usize) -> Result<&BigUint, GameError> {
        self.piles.get(index).ok_or_else(|| {
            GameError::Invalid(format!(
                "there is no pile {}; the piles are numbered 1 to {}",
                index.saturating_add(1),
                self.piles.len()
            ))
        })
    }
}

/// One action of a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PlayMove {
    /// Take `take` counters from pile `pile` (0-based).
    Take {
        /// Index of the pile, 0-based.
        pile: usize,
        /// Counters taken.
        #[serde(serialize_with = "serialize_big")]
        take: BigUint,
    },
    /// Wythoff's diagonal move: take `take` from both piles.
    Both {
        /// Counters taken from each pile.
        #[serde(serialize_with = "serialize_big")]
        take: BigUint,
    },
    /// Spite Nim: name a number; the opponent then picks the row.
    Call {
        /// The number called.
        #[serde(serialize_with = "serialize_big")]
        call: BigUint,
    },
    /// Spite Nim: pick the row (0-based) the pending call is taken from.
    Pick {
        /// Index of the row, 0-based.
        pile: usize,
    },
}

impl PlayMove {
    /// Whether the other player acts next (false only for a Spite Nim pick:
    /// the picker then calls).
    ///
    /// ```
    /// use takeaway::games::play::PlayMove;
    /// assert!(PlayMove::Call { call: 3u32.into() }.passes_turn());
    /// assert!(!PlayMove::Pick { pile: 0 }.passes_turn());
    /// ```
    pub fn passes_turn(&self) -> bool {
        !matches!(self, PlayMove::Pick { .. })
    }

    /// The move in the words the terminal game accepts (piles 1-based).
    ///
    /// ```
    /// use takeaway::games::play::PlayMove;
    /// let m = PlayMove::Take { pile: 1, take: 3u32.into() };
    /// assert_eq!(m.to_command(), "take 3 from 2");
    /// ```
    pub fn to_command(&self) -> String {
        match self {
            PlayMove::Take { pile, take } => format!("take {take} from {}", pile + 1),
            PlayMove::Both { take } => format!("both {take}"),
            PlayMove::Call { call } => format!("call {call}"),
            PlayMove::Pick { pile } => format!("pick {}", pile + 1),
        }
    }

    /// The play move for an analysis [`Move`]: a call, a diagonal take, or a
    /// take from one pile.
    ///
    /// ```
    /// use takeaway::analysis::Move;
    /// use takeaway::games::play::PlayMove;
    /// let m = Move { take: Some(2u32.into()), pile: Some(0), ..Move::default() };
    /// assert_eq!(PlayMove::from_analysis(&m), Some(PlayMove::Take { pile: 0, take: 2u32.into() }));
    /// ```
    pub fn from_analysis(m: &Move) -> Option<PlayMove> {
        if let Some(call) = &m.call {
            return Some(PlayMove::Call { call: call.clone() });
        }
        let take = m.take.clone()?;
        if m.diagonal {
            return Some(PlayMove::Both { take });
        }
        Some(PlayMove::Take {
            pile: m.pile?,
            take,
        })
    }
}

/// The rules of one family, as needed to play it.
pub trait Rules {
    /// The starting position for `piles` with an optional first bound
    /// (the family's default when `None`: one-pile `n − 1`, two-pile unbounded).
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError>;
    /// The position after `mv`, or a clear error why `mv` is illegal here.
    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError>;
    /// Up to `limit` legal moves, the smallest first (empty exactly when the
    /// player to act cannot act).
    fn moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove>;
    /// Whether the player who cannot act wins (misère play); false by default.
    fn stuck_player_wins(&self) -> bool {
        false
    }
    /// The remoteness after each of `moves` (same order, `None` where unknown),
    /// when the family can compute them all in one pass; `None` (the default)
    /// lets [`Play`] analyse each successor on its own.
    ///
    /// Law: when given, entry `i` equals the `remoteness` of the analysis of
    /// `apply(pos, moves[i])`.
    fn successor_remoteness(
        &self,
        _pos: &Position,
        _moves: &[PlayMove],
        _limits: Limits,
    ) -> Option<Vec<Option<u64>>> {
        None
    }
}

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
    /// The starting position (see [`Rules::start`]).
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError>;
    /// The position after a (checked) move.
    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError>;
    /// Up to `limit` legal moves, smallest first.
    fn legal_moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove>;
    /// Whether the player to act cannot act (the game is over).
    fn is_over(&self, pos: &Position) -> bool;
    /// When the game is over: whether the player who would act next has won.
    fn stuck_player_wins(&self) -> bool;
    /// The analysis of a position (no pending call), under `limits`.
    fn analyze_position(&self, pos: &Position, limits: Limits) -> Result<Analysis, GameError>;
    /// The computer's move (see the module documentation).
    fn computer_move(&self, pos: &Position, limits: Limits) -> Result<Reply, GameError>;
    /// Advice for the player to act.
    fn hint(&self, pos: &Position, limits: Limits) -> Result<Hint, GameError>;
}

impl Game {
    fn rules(&self) -> Result<&dyn Rules, GameError> {
        match self {
            Game::OnePile(g) => Ok(g),
            Game::Wythoff(g) => Ok(g),
            Game::Spite(g) => Ok(g),
            Game::Subtraction(g) => Ok(g),
            Game::TwoPile(g) => Ok(g),
        }
    }
}

fn request(pos: &Position, limits: Limits) -> AnalyzeRequest {
    let mut req = AnalyzeRequest::new(pos.piles.clone());
    req.bound = pos.bound.clone();
    req.limits = limits;
    req
}

/// The remoteness of `pos` for the player to act, when the analysis gives it.
fn remoteness(game: &Game, pos: &Position, limits: Limits) -> Option<(Outcome, Option<u64>)> {
    let a = game.analyze(&request(pos, limits)).ok()?;
    Some((a.outcome, a.remoteness))
}

impl Play for Game {
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError> {
        self.rules()?.start(piles, bound)
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        self.rules()?.apply(pos, mv)
    }

    fn legal_moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove> {
        self.rules()
            .map(|r| r.moves(pos, limit))
            .unwrap_or_default()
    }

    fn is_over(&self, pos: &Position) -> bool {
        self.legal_moves(pos, 1).is_empty()
    }

    fn stuck_player_wins(&self) -> bool {
        self.rules().is_ok_and(|r| r.stuck_player_wins())
    }

    fn analyze_position(&self, pos: &Position, limits: Limits) -> Result<Analysis, GameError> {
        if pos.call.is_some() {
            return Err(GameError::Invalid(
                "a call is pending: pick a row first".into(),
            ));
        }
        self.analyze(&request(pos, limits))
    }

    fn computer_move(&self, pos: &Position, limits: Limits) -> Result<Reply, GameError> {
        let rules = self.rules()?;
        let candidates = rules.moves(pos, STALL_CANDIDATES);
        let Some(first) = candidates.first().cloned() else {
            return Err(GameError::Invalid("the game is over: no legal move".into()));
        };
        if let Some(call) = &pos.call {
            return spiteful_pick(self, rules, pos, call, candidates, limits);
        }
        let analysis = self.analyze(&request(pos, limits));
        if let Ok(a) = &analysis
            && let Some(mv) = a.winning_move.as_ref().and_then(PlayMove::from_analysis)
            && let Ok(next) = rules.apply(pos, &mv)
        {
            return Ok(Reply {
                explanation: format!("{} wins: {}", mv.to_command(), a.explanation),
                mv,
                position: next,
                intent: Intent::Winning,
            });
        }
        // Losing (or no answer): stall.
        let with_remoteness = analysis.as_ref().is_ok_and(|a| a.remoteness.is_some());
        // The list may have been cut at STALL_CANDIDATES: say so rather than claim "longest".
        let among = if candidates.len() >= STALL_CANDIDATES {
            format!(" of the {STALL_CANDIDATES} smallest moves")
        } else {
            String::new()
        };
        if with_remoteness {
            let mut best: Option<(u64, PlayMove, Position)> = None;
            let known = rules.successor_remoteness(pos, &candidates, limits);
            for (i, mv) in candidates.into_iter().enumerate() {
                let Ok(next) = rules.apply(pos, &mv) else {
                    continue;
                };
                let r = match &known {
                    Some(all) => all.get(i).copied().flatten(),
                    None => remoteness(self, &next, limits).and_then(|(_, r)| r),
                };
                if let Some(r) = r
                    && best.as_ref().is_none_or(|(b, _, _)| r > *b)
                {
                    best = Some((r, mv, next));
                }
            }
            if let Some((r, mv, next)) = best {
                return Ok(Reply {
                    explanation: format!(
                        "{}: every move loses; this one{among} keeps the game going longest (the opponent needs {r} more moves)",
                        mv.to_command()
                    ),
                    mv,
                    position: next,
                    intent: Intent::Stalling,
                });
            }
        }
        let next = rules.apply(pos, &first)?;
        let (intent, explanation) = match &analysis {
            Ok(_) => (
                Intent::Stalling,
                format!("{}: every move loses; a small move", first.to_command()),
            ),
            Err(e) => (
                Intent::Fallback,
                format!(
                    "{}: no analysis ({e}); a small legal move",
                    first.to_command()
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

    fn hint(&self, pos: &Position, limits: Limits) -> Result<Hint, GameError> {
        let rules = self.rules()?;
        if let Some(call) = &pos.call {
            let candidates = rules.moves(pos, usize::MAX);
            for mv in candidates {
                let next = rules.apply(pos, &mv)?;
                let a = self.analyze(&request(&next, limits))?;
                if a.outcome == Outcome::N {
                    return Ok(Hint {
                        winning: true,
                        explanation: format!(
                            "{}: after it you call first and win. {}",
                            mv.to_command(),
                            a.explanation
                        ),
                        mv: Some(mv),
                    });
                }
            }
            return Ok(Hint {
                winning: false,
                mv: None,
                explanation: format!(
                    "you are losing: the call {call} was good, every row you pick loses"
                ),
            });
        }
        if rules.moves(pos, 1).is_empty() {
            return Ok(Hint {
                winning: rules.stuck_player_wins(),
                mv: None,
                explanation: "the game is over".into(),
            });
        }
        let a = self.analyze(&request(pos, limits))?;
        match a.winning_move.as_ref().and_then(PlayMove::from_analysis) {
            Some(mv) if a.outcome == Outcome::N => Ok(Hint {
                winning: true,
                explanation: format!("{} wins. {}", mv.to_command(), a.explanation),
                mv: Some(mv),
            }),
            _ => Ok(Hint {
                winning: false,
                mv: None,
                explanation: format!("you are losing: every move loses. {}", a.explanation),
            }),
        }
    }
}

/// The computer picks the row after the human's call: a row after which the
/// computer (the next caller) wins; else the longest remoteness; else the first.
fn spiteful_pick(
    game: &Game,
    rules: &dyn Rules,
    pos: &Position,
    call: &BigUint,
    candidates: Vec<PlayMove>,
    limits: Limits,
) -> Result<Reply, GameError> {
    let mut stall: Option<(u64, PlayMove, Position)> = None;
    let mut first: Option<(PlayMove, Position)> = None;
    for mv in candidates {
        let next = rules.apply(pos, &mv)?;
        match remoteness(game, &next, limits) {
            Some((Outcome::N, _)) => {
                return Ok(Reply {
                    explanation: format!(
                        "{}: the call {call} was a mistake; from this row the computer wins",
                        mv.to_command()
                    ),
                    mv,
                    position: next,
                    intent: Intent::Spite,
                });
            }
            Some((Outcome::P, Some(r))) if stall.as_ref().is_none_or(|(b, _, _)| r > *b) => {
                stall = Some((r, mv.clone(), next.clone()));
            }
            _ => {}
        }
        if first.is_none() {
            first = Some((mv, next));
        }
    }
    let (mv, next, intent) = match (stall, first) {
        (Some((_, mv, next)), _) => (mv, next, Intent::Stalling),
        (None, Some((mv, next))) => (mv, next, Intent::Stalling),
        (None, None) => {
            return Err(GameError::Invalid(format!(
                "no row has {call} counters to pick"
            )));
        }
    };
    Ok(Reply {
        explanation: format!(
            "{}: the call {call} was good; every row loses for the computer",
            mv.to_command()
        ),
        mv,
        position: next,
        intent,
    })
}

/// Checks `1 ≤ take ≤ min(bound, pile)` with clear messages; shared by the
/// take-away families.
///
/// ```
/// use takeaway::games::play::check_take;
/// let four = 4u32.into();
/// let err = check_take(&5u32.into(), &9u32.into(), Some(&four)).unwrap_err();
/// assert_eq!(err.to_string(), "you may take at most 4");
/// assert!(check_take(&3u32.into(), &9u32.into(), Some(&four)).is_ok());
/// ```
pub fn check_take(
    take: &BigUint,
    pile: &BigUint,
    bound: Option<&BigUint>,
) -> Result<(), GameError> {
    if take.is_zero() {
        return Err(GameError::Invalid("take at least 1".into()));
    }
    let most = match bound {
        Some(b) if b < pile => b,
        _ => pile,
    };
    if take > most {
        return Err(GameError::Invalid(if most.is_zero() {
            "you cannot take from here".into()
        } else {
            format!("you may take at most {most}")
        }));
    }
    Ok(())
}

/// The takes `1..=min(bound, pile)` from `pile`, at most `limit` of them,
/// smallest first (shared by the take-away families).
///
/// ```
/// use takeaway::games::play::small_takes;
/// let b = 2u32.into();
/// assert_eq!(small_takes(&5u32.into(), Some(&b), 10).len(), 2);
/// ```
pub fn small_takes(pile: &BigUint, bound: Option<&BigUint>, limit: usize) -> Vec<BigUint> {
    let most = match bound {
        Some(b) if b < pile => b.clone(),
        _ => pile.clone(),
    };
    let mut out = Vec::new();
    let mut t = BigUint::from(1u32);
    while t <= most && out.len() < limit {
        out.push(t.clone());
        t += 1u32;
    }
    out
}
