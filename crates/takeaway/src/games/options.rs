//! Which moves of a position are legal and why the others are not, for a
//! board that shows its counters: the page greys out the counters a player
//! may not take and says why, from this report alone (it keeps no rules).

use super::play::{Play, PlayMove, Position};
use super::{Game, GameError};
use crate::family::MoveKind;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;

/// The legal moves of a position among the first `most` counters of each
/// pile, each illegal one with the reason the rules give.
///
/// Law: `take[i][t − 1]` is `None` exactly when taking `t` from pile `i` is
/// legal ([`Play::apply`] accepts it), else `Some(why)` with the rules' own
/// reason; likewise `both` (the diagonal), `call` (a call of `c`) and `pick`
/// (a pick of row `i` when a call is pending). A kind of move the family
/// does not have is empty.
///
/// ```
/// use takeaway::games::Game;
/// use takeaway::games::play::Position;
/// let g = Game::parse("fibonacci").unwrap();
/// let o = g.move_options(&Position::new(vec![5u8.into()], Some(2u8.into())), 60).unwrap();
/// assert_eq!(o.take[0].len(), 5);
/// assert!(o.take[0][1].is_none()); // take 2: legal
/// assert_eq!(o.take[0][2].as_deref(), Some("You may take at most 2"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveOptions {
    /// Per pile, per take `1..=pile`: why not, or `None` when legal; empty
    /// for a pile of more than `most` counters (the board draws it as a
    /// bar, and a typed take is answered by the move itself).
    pub take: Vec<Vec<Option<String>>>,
    /// Per diagonal take `1..=smaller pile` (Wythoff's Nim), when the
    /// smaller pile has at most `most` counters.
    pub both: Vec<Option<String>>,
    /// Per call `1..=longest row` (Spite Nim, no call pending), when the
    /// longest row has at most `most` counters.
    pub call: Vec<Option<String>>,
    /// Per row (Spite Nim, a call pending): why it cannot be picked.
    pub pick: Vec<Option<String>>,
    /// Per pile, per add `1..=most` (the appendix games `add=K`,
    /// `must-add=K` while adding is allowed; empty otherwise).
    pub add: Vec<Vec<Option<String>>>,
    /// Per pile of at most `most` counters (octal games), every legal move
    /// that leaves two heaps, as `[take, a]`: remove `take` leaving `a` and
    /// `n − take − a` with `a ≤ n − take − a` (the mirror image is the same
    /// move). Absent from the JSON for the families without splits.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub split: Vec<Vec<[u64; 2]>>,
    /// A sum of games: each part's options, as that part's game gives them
    /// (a move in part `k` is that part's move); absent for other games.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<MoveOptions>,
}

/// `1..=n` as big numbers when `n ≤ most` (counters the board shows), else
/// nothing: a huge position costs no work per counter it does not draw.
fn upto(n: &BigUint, most: usize) -> impl Iterator<Item = BigUint> {
    let top = n.to_usize().filter(|&n| n <= most).unwrap_or(0);
    (1..=top).map(BigUint::from)
}

impl Game {
    /// The legal moves of `pos` among the first `most` counters of each
    /// pile, and why the others are not (see [`MoveOptions`]); `pos` is
    /// checked first ([`Game::check_position`]).
    pub fn move_options(&self, pos: &Position, most: usize) -> Result<MoveOptions, GameError> {
        let pos = self.check_position(pos)?;
        let kinds = self
            .entry()
            .map_or(&[MoveKind::Take][..], |f| f.capabilities.moves);
        let why = |mv: PlayMove| self.apply(&pos, &mv).err().map(|e| e.to_string());
        let mut out = MoveOptions {
            take: Vec::new(),
            both: Vec::new(),
            call: Vec::new(),
            pick: Vec::new(),
            add: Vec::new(),
            split: Vec::new(),
            parts: Vec::new(),
        };
        for part in &pos.parts {
            out.parts
                .push(Game::parse(&part.game)?.move_options(&part.position, most)?);
        }
        if kinds.contains(&MoveKind::Split) {
            out.split = pos
                .piles
                .iter()
                .enumerate()
                .map(|(pile, n)| {
                    let n = n.to_u64().filter(|&n| n <= most as u64).unwrap_or(0);
                    let mut legal = Vec::new();
                    for take in 0..n.saturating_sub(1) {
                        for a in 1..=(n - take) / 2 {
                            let mv = PlayMove::Split {
                                pile,
                                take: take.into(),
                                split: vec![a.into(), (n - take - a).into()],
                            };
                            if why(mv).is_none() {
                                legal.push([take, a]);
                            }
                        }
                    }
                    legal
                })
                .collect();
        }
        if kinds.contains(&MoveKind::Take) {
            out.take = pos
                .piles
                .iter()
                .enumerate()
                .map(|(pile, n)| {
                    upto(n, most)
                        .map(|take| why(PlayMove::Take { pile, take }))
                        .collect()
                })
                .collect();
        }
        if kinds.contains(&MoveKind::Both)
            && let Some(small) = pos.piles.iter().min()
        {
            out.both = upto(small, most)
                .map(|take| why(PlayMove::Both { take }))
                .collect();
        }
        if kinds.contains(&MoveKind::Call) {
            match &pos.call {
                None => {
                    let longest = pos.piles.iter().max().cloned().unwrap_or_default();
                    out.call = upto(&longest, most)
                        .map(|call| why(PlayMove::Call { call }))
                        .collect();
                }
                Some(_) => {
                    out.pick = (0..pos.piles.len())
                        .map(|pile| why(PlayMove::Pick { pile }))
                        .collect();
                }
            }
        }
        // Adding counters (appendix games, first phase): offered when adding
        // one counter to the first pile is legal.
        let one = BigUint::from(1u8);
        if !pos.piles.is_empty()
            && why(PlayMove::Add {
                pile: 0,
                add: one.clone(),
            })
            .is_none()
        {
            let most = BigUint::from(most);
            out.add = (0..pos.piles.len())
                .map(|pile| {
                    upto(&most, usize::MAX)
                        .map(|add| why(PlayMove::Add { pile, add }))
                        .collect()
                })
                .collect();
        }
        Ok(out)
    }

    /// The memory of `pos` in a memory game (`one-pile:min=EXPR`, see
    /// [`crate::games::custom::Memory`]): the previous take and the takes
    /// it allows, as `play` and the page show them; `None` for a game
    /// without memory. `pos` is checked first.
    ///
    /// ```
    /// use takeaway::games::Game;
    /// use takeaway::games::play::Position;
    /// let mem = Game::parse("one-pile:min=t").unwrap();
    /// let m = mem.memory(&Position::new(vec![9u8.into()], Some(3u8.into()))).unwrap().unwrap();
    /// assert_eq!((m.least, m.most), (Some(3), Some(9)));
    /// let fib = Game::parse("fibonacci").unwrap();
    /// assert!(fib.memory(&Position::new(vec![9u8.into()], Some(3u8.into()))).unwrap().is_none());
    /// ```
    pub fn memory(
        &self,
        pos: &Position,
    ) -> Result<Option<crate::games::custom::Memory>, GameError> {
        match self.family_as::<crate::games::custom::Custom>() {
            Some(custom) => custom.rules().memory(&self.check_position(pos)?),
            None => Ok(None),
        }
    }

    /// This game's entry in the one list ([`crate::family::FAMILIES`]).
    ///
    /// ```
    /// use takeaway::games::Game;
    /// assert_eq!(Game::parse("k-pile:f=2*t").unwrap().entry().unwrap().id, "two-pile");
    /// ```
    pub fn entry(&self) -> Option<&'static crate::family::Family> {
        use super::Family as _;
        let spec = crate::spec::GameSpec::parse(&self.spec()).ok()?;
        crate::family::by_name(&spec.name)
    }
}
