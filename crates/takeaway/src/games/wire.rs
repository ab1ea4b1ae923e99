//! The wire form of positions and moves — the JSON the API and the terminal
//! game use ([`Position`], [`PlayMove`]) — and each family's typed rules
//! read from and written to it (each family implements [`Wire`] beside its
//! rules, in its `game.rs`), with the helpers those implementations share.
//!
//! Laws: `to_wire(position(p)?)` is `p` with the family's defaults filled in
//! (a one-pile game's missing bound is `n − 1`); `step(play_move(m)) == m`;
//! a wire position of the wrong shape for the family (a pile count, a bound
//! the game does not have, a pending call outside Spite Nim) is refused with
//! a clear error, whatever front-end sent it.

use crate::analysis::{Move, numbered};
use crate::engine::{Nat, Rules};
use crate::games::error::{GameError, Illegal, MoveKind, NoBound};
use crate::games::shared::{Take, no_pile};
use crate::json::{serialize_big, serialize_big_vec, serialize_opt_big};
use num_bigint::BigUint;
use serde::Serialize;

/// A family's typed rules with their wire form.
pub trait Wire: Rules<Error = GameError> {
    /// The family's name in messages ("a one-pile game", "Wythoff's Nim").
    fn name(&self) -> &'static str;
    /// The typed position of a wire position, checked for the family's shape.
    fn position(&self, pos: &Position) -> Result<Self::Position, GameError>;
    /// The wire form of a typed position.
    fn to_wire(&self, pos: &Self::Position) -> Position;
    /// The typed move of a wire move.
    fn step(&self, mv: &PlayMove) -> Result<Self::Move, GameError>;
    /// The wire form of a typed move.
    fn play_move(&self, mv: &Self::Move) -> PlayMove;
    /// Whether positions of this game are made of parts (a sum of games):
    /// every other game refuses a wire position with `parts`.
    fn takes_parts(&self) -> bool {
        false
    }
    /// [`Wire::position`], after refusing parts where the game has none:
    /// what every caller outside the family uses.
    fn checked(&self, pos: &Position) -> Result<Self::Position, GameError> {
        if !pos.parts.is_empty() && !self.takes_parts() {
            return Err(crate::games::shape::ShapeError::NoParts {
                game: self.name().to_string(),
            }
            .into());
        }
        self.position(pos)
    }
}

/// `v` as the rules' number type; a number beyond it (a huge pile for the
/// machine-integer engine) is beyond exhaustive search.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wire::nat;
/// assert_eq!(nat::<u64>(&BigUint::from(7u8)).unwrap(), 7);
/// assert!(nat::<u64>(&(BigUint::from(1u8) << 70)).is_err());
/// ```
pub fn nat<N: Nat>(v: &BigUint) -> Result<N, GameError> {
    N::from_big(v).ok_or_else(|| {
        crate::games::unanswered::NotKnown::BeyondSearch {
            what: "number",
            digits: v.to_string().len(),
        }
        .into()
    })
}

/// [`nat`] of each number.
pub fn nats<N: Nat>(v: &[BigUint]) -> Result<Vec<N>, GameError> {
    v.iter().map(nat).collect()
}

/// Refuses a position with a bound, for a game `name` without one.
pub fn no_bound(name: &str, pos: &Position) -> Result<(), GameError> {
    match pos.bound {
        Some(_) => Err(NoBound::Position {
            game: name.to_string(),
        }
        .into()),
        None => Ok(()),
    }
}

/// Refuses a position with a pending call, for a game `name` without calls.
pub fn no_call(name: &str, pos: &Position) -> Result<(), GameError> {
    match pos.call {
        Some(_) => Err(crate::games::shape::ShapeError::NoCalls {
            game: name.to_string(),
        }
        .into()),
        None => Ok(()),
    }
}

/// The typed take of a wire move, refusing every other kind (`how` names
/// the kind of move the game offers).
pub fn take_only<N: Nat>(mv: &PlayMove, how: MoveKind) -> Result<Take<N>, GameError> {
    match mv {
        PlayMove::Take { pile, take } => Ok(Take {
            pile: *pile,
            take: nat(take)?,
        }),
        _ => Err(Illegal::Kind(how).into()),
    }
}

/// The wire form of a typed take.
pub fn wire_take<N: Nat>(mv: &Take<N>) -> PlayMove {
    PlayMove::Take {
        pile: mv.pile,
        take: mv.take.to_big(),
    }
}

/// A position in play: the piles, the bound on the next take and, in Spite
/// Nim, a call waiting for its row.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
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
    /// Appendix games (`add=K`, `must-add=K`, `larger-first=K`): the moves
    /// left in the first phase; `None` means the spec's `K` (a fresh start).
    #[serde(rename = "first_phase_left", skip_serializing_if = "Option::is_none")]
    pub phase: Option<u64>,
    /// A sum of games: each part's game and position (the sum's own
    /// `piles` are then empty and it has no bound); empty for every other game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<PartPosition>,
}

/// One part of a sum's position: the part's game (a canonical spec) and
/// its position, written `{"game": "nim", "piles": [3], "bound": null}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PartPosition {
    /// The part's game, as a spec.
    pub game: String,
    /// The part's position.
    #[serde(flatten)]
    pub position: Position,
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
            phase: None,
            parts: Vec::new(),
        }
    }

    /// The position of a sum of games: these parts, no piles of its own.
    ///
    /// ```
    /// use takeaway::games::play::{PartPosition, Position};
    /// let nim = |n: u8| PartPosition { game: "nim".into(), position: Position::new(vec![n.into()], None) };
    /// let p = Position::of_parts(vec![nim(3), nim(5)]);
    /// assert!(p.piles.is_empty() && p.parts.len() == 2);
    /// ```
    pub fn of_parts(parts: Vec<PartPosition>) -> Self {
        Position {
            parts,
            ..Position::new(Vec::new(), None)
        }
    }

    /// The pile at `index` (0-based), or a clear error naming the 1-based pile.
    ///
    /// ```
    /// use takeaway::games::play::Position;
    /// let p = Position::new(vec![5u32.into()], None);
    /// assert!(p.pile(0).is_ok());
    /// assert_eq!(p.pile(1).unwrap_err().to_string(), "There is no pile 2: the game has one pile");
    /// ```
    pub fn pile(&self, index: usize) -> Result<&BigUint, GameError> {
        self.piles
            .get(index)
            .ok_or_else(|| no_pile(index, self.piles.len()))
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
    /// Take-and-break games: remove `take` tokens from heap `pile`
    /// (0-based) and leave two or three heaps, `split[0]` in its place and
    /// the others after it.
    Split {
        /// Index of the heap, 0-based.
        pile: usize,
        /// Tokens removed.
        #[serde(serialize_with = "serialize_big")]
        take: BigUint,
        /// The heaps left (two, or three in a hexadecimal game), in order.
        #[serde(serialize_with = "serialize_big_vec")]
        split: Vec<BigUint>,
    },
    /// Appendix games: add `add` counters to pile `pile` (0-based).
    Add {
        /// Index of the pile, 0-based.
        pile: usize,
        /// Counters added.
        #[serde(serialize_with = "serialize_big")]
        add: BigUint,
    },
    /// A sum of games: the move `mv` in part `part` (0-based), written
    /// `{"kind": "part", "part": 1, "move": {"kind": "take", …}}`.
    Part {
        /// Index of the part, 0-based.
        part: usize,
        /// The move in that part.
        #[serde(rename = "move")]
        mv: Box<PlayMove>,
    },
}

/// `a and b`, `a, b and c`: the heaps a split leaves, in words.
fn and_list(heaps: &[BigUint]) -> String {
    match heaps {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            format!("{} and {last}", rest.join(", "))
        }
    }
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
        match self {
            PlayMove::Pick { .. } => false,
            PlayMove::Part { mv, .. } => mv.passes_turn(),
            _ => true,
        }
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
            PlayMove::Add { pile, add } => format!("add {add} to {}", pile + 1),
            PlayMove::Split { pile, take, split } => {
                format!("take {take} from {} leaving {}", pile + 1, and_list(split))
            }
            PlayMove::Part { part, mv } => format!("{} in {}", mv.to_command(), part + 1),
        }
    }

    /// The move in words, piles counted from 1 (rows in Spite Nim), for a
    /// game of `piles` piles: `take 2` in a one-pile game, `take 2 from pile 1`
    /// otherwise, `take 3 from both piles`, `call 5`, `pick row 2`.
    ///
    /// ```
    /// use takeaway::games::play::PlayMove;
    /// let m = PlayMove::Take { pile: 1, take: 3u32.into() };
    /// assert_eq!(m.in_words(2), "take 3 from pile 2");
    /// assert_eq!(PlayMove::Take { pile: 0, take: 3u32.into() }.in_words(1), "take 3");
    /// ```
    pub fn in_words(&self, piles: usize) -> String {
        match self {
            PlayMove::Take { take, .. } if piles == 1 => format!("take {take}"),
            PlayMove::Take { pile, take } => {
                format!("take {take} from {}", numbered("pile", *pile))
            }
            PlayMove::Both { take } => format!("take {take} from both piles"),
            PlayMove::Call { call } => format!("call {call}"),
            PlayMove::Pick { pile } => format!("pick {}", numbered("row", *pile)),
            PlayMove::Add { pile, add } => format!("add {add} to {}", numbered("pile", *pile)),
            PlayMove::Split { take, split, .. } if piles == 1 => {
                format!("take {take} leaving {}", and_list(split))
            }
            PlayMove::Split { pile, take, split } => format!(
                "take {take} from {} leaving {}",
                numbered("pile", *pile),
                and_list(split)
            ),
            PlayMove::Part { part, mv } => {
                format!("{} in {}", mv.in_words(0), numbered("part", *part))
            }
        }
    }

    /// [`PlayMove::in_words`] for a move of `pos`: a move in a part of a
    /// sum is worded for that part's piles (`take 2 in part 3` when the part
    /// has one pile).
    ///
    /// ```
    /// use takeaway::games::play::{PartPosition, PlayMove, Position};
    /// let part = PartPosition { game: "nim".into(), position: Position::new(vec![4u8.into()], None) };
    /// let pos = Position::of_parts(vec![part.clone(), part]);
    /// let m = PlayMove::Part { part: 1, mv: Box::new(PlayMove::Take { pile: 0, take: 2u8.into() }) };
    /// assert_eq!(m.words_at(&pos), "take 2 in part 2");
    /// ```
    pub fn words_at(&self, pos: &Position) -> String {
        match self {
            PlayMove::Part { part, mv } => {
                let piles = pos.parts.get(*part).map_or(0, |p| p.position.piles.len());
                format!("{} in {}", mv.in_words(piles), numbered("part", *part))
            }
            other => other.in_words(pos.piles.len()),
        }
    }

    /// [`PlayMove::to_command`] for a game of `piles` piles: in a one-pile
    /// game a take is just `take 2`.
    ///
    /// ```
    /// use takeaway::games::play::PlayMove;
    /// let m = PlayMove::Take { pile: 0, take: 2u32.into() };
    /// assert_eq!(m.command_for(1), "take 2");
    /// assert_eq!(m.command_for(2), "take 2 from 1");
    /// ```
    pub fn command_for(&self, piles: usize) -> String {
        match self {
            PlayMove::Take { take, .. } if piles == 1 => format!("take {take}"),
            PlayMove::Split { take, split, .. } if piles == 1 => {
                format!("take {take} leaving {}", and_list(split))
            }
            other => other.to_command(),
        }
    }

    /// [`PlayMove::command_for`] for a move of `pos` (a move in a part of a
    /// sum is written for that part's piles, then `in K`).
    ///
    /// ```
    /// use takeaway::games::play::{PartPosition, PlayMove, Position};
    /// let part = PartPosition { game: "nim".into(), position: Position::new(vec![4u8.into()], None) };
    /// let pos = Position::of_parts(vec![part.clone(), part]);
    /// let m = PlayMove::Part { part: 1, mv: Box::new(PlayMove::Take { pile: 0, take: 2u8.into() }) };
    /// assert_eq!(m.command_at(&pos), "take 2 in 2");
    /// ```
    pub fn command_at(&self, pos: &Position) -> String {
        match self {
            PlayMove::Part { part, mv } => {
                let piles = pos.parts.get(*part).map_or(0, |p| p.position.piles.len());
                format!("{} in {}", mv.command_for(piles), part + 1)
            }
            other => other.command_for(pos.piles.len()),
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
        if let Some(part) = m.part {
            let inner = Move {
                part: None,
                ..m.clone()
            };
            return Some(PlayMove::Part {
                part,
                mv: Box::new(PlayMove::from_analysis(&inner)?),
            });
        }
        if let Some(call) = &m.call {
            return Some(PlayMove::Call { call: call.clone() });
        }
        if let Some(add) = &m.add {
            return Some(PlayMove::Add {
                pile: m.pile?,
                add: add.clone(),
            });
        }
        let take = m.take.clone()?;
        if m.split.len() >= 2 {
            return Some(PlayMove::Split {
                pile: m.pile?,
                take,
                split: m.split.clone(),
            });
        }
        if m.diagonal {
            return Some(PlayMove::Both { take });
        }
        Some(PlayMove::Take {
            pile: m.pile?,
            take,
        })
    }
}
