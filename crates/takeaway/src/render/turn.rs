//! The answer of a turn of play on the page (`/api/start`, `/api/move`):
//! one typed report, [`Turn`], built by [`Turn::after`] and rendered as
//! JSON by its `Serialize` (the server sends it through a
//! `serde_json::Value`, so every object's keys are in alphabetical order;
//! the fields are declared in that order too).
//!
//! Law: `over` exactly when nobody can move; then `winner` names who won
//! and `to_act` is `null`; otherwise `winner` is `null` and `to_act` names
//! who acts. `analysis` is that of the position the human faces: `null`
//! when the game is over or a call is pending.
//!
//! ```
//! use takeaway::games::Game;
//! use takeaway::games::play::Play;
//! use takeaway::games::Limits;
//! use takeaway::render::turn::{Side, Turn};
//! let game = Game::parse("nim").unwrap();
//! let pos = game.start(vec![3u8.into(), 5u8.into()], None).unwrap();
//! let turn = Turn::after(&game, None, pos, Vec::new(), true, &Limits::strict(), 60).unwrap();
//! assert_eq!((turn.over, turn.to_act), (false, Some(Side::Human)));
//! let json = serde_json::to_value(&turn).unwrap();
//! assert_eq!(json["analysis"]["outcome"], "N");
//! ```

use crate::analysis::Analysis;
use crate::games::options::MoveOptions;
use crate::games::play::{Play, Position, Reply};
use crate::games::{ErrorKind, Family, Game, GameError, Limits};
use serde::Serialize;

/// A player of the page's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The person at the page.
    Human,
    /// The program.
    Computer,
}

/// The analysis a turn carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TurnAnalysis {
    /// The analysis of the position the human faces.
    Done(Box<Analysis>),
    /// The position is too large to analyse: the game goes on without it
    /// (`{"error": …}`).
    Refused {
        /// Why, in the error's words.
        error: String,
    },
}

/// One turn's answer: the position after the computer's actions, those
/// actions, who acts or who won, the analysis and the legal moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The analysis of `position` (`null`: over, or a call pending).
    pub analysis: Option<TurnAnalysis>,
    /// The game, as a canonical spec.
    pub game: String,
    /// The position right after the human's move (before the computer's
    /// replies), when the human moved.
    pub human_position: Option<Position>,
    /// The legal moves among the board's counters (`null` when they cannot
    /// be listed).
    pub options: Option<MoveOptions>,
    /// Whether nobody can move.
    pub over: bool,
    /// The position now.
    pub position: Position,
    /// The computer's actions, in order.
    pub replies: Vec<Reply>,
    /// Who acts (`null` when over).
    pub to_act: Option<Side>,
    /// Who won (`null` unless over).
    pub winner: Option<Side>,
}

impl Turn {
    /// The turn at `pos`, reached by `replies` (the computer's actions)
    /// from `human_position`, with the human to act when `human_to_act`;
    /// the analysis under `limits`, the options among `counters` counters a
    /// pile.
    ///
    /// A position the game cannot be played from (its spec is refused: a
    /// bound `f` that is negative, …) is an error, as `analyze` refuses it;
    /// a position too large to analyse carries the refusal instead.
    pub fn after(
        game: &Game,
        human_position: Option<Position>,
        pos: Position,
        replies: Vec<Reply>,
        human_to_act: bool,
        limits: &Limits,
        counters: usize,
    ) -> Result<Turn, GameError> {
        let over = game.is_over(&pos);
        let side = |human: bool| if human { Side::Human } else { Side::Computer };
        let (winner, to_act) = if over {
            (Some(side(human_to_act == game.stuck_player_wins())), None)
        } else {
            (None, Some(side(human_to_act)))
        };
        let analysis = if over || pos.call.is_some() {
            None
        } else {
            match game.analyze_position(&pos, limits) {
                Ok(a) => Some(TurnAnalysis::Done(Box::new(a))),
                Err(e) if e.kind() == ErrorKind::Spec => return Err(e),
                Err(e) => Some(TurnAnalysis::Refused {
                    error: e.to_string(),
                }),
            }
        };
        Ok(Turn {
            analysis,
            game: game.spec(),
            human_position,
            options: game.move_options(&pos, counters).ok(),
            over,
            position: pos,
            replies,
            to_act,
            winner,
        })
    }
}
