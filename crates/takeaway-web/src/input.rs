//! Reading requests: JSON bodies into typed requests (serde), then games,
//! positions and moves, with caps on every size a client controls.
//!
//! A body is first read into one of the typed bodies below (malformed JSON,
//! a missing, mistyped or unknown field: 400 naming the field, so a typo
//! such as `"frist"` is refused rather than ignored); each number is kept
//! as its text until it is checked against [`MAX_DIGITS`] (413 when over)
//! and parsed (400 when it is not a natural number).

use crate::error::ApiError;
use axum::http::StatusCode;
use num_bigint::BigUint;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use takeaway::games::Game;
use takeaway::games::play::{PartPosition, PlayMove, Position};
use takeaway::natural::parse_natural;

/// Largest request body, in bytes (64 KiB).
pub const MAX_BODY: usize = 64 * 1024;
/// Most decimal digits of one number in a request.
pub const MAX_DIGITS: usize = 2000;
/// Most piles (rows) in a request.
pub const MAX_PILES: usize = 16;
/// Longest game spec in a request, in characters.
pub const MAX_SPEC: usize = 200;

/// A number as the client wrote it: a JSON number or a string of digits,
/// checked and parsed by [`Number::natural`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number(String);

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        // With `arbitrary_precision`, a JSON number keeps its exact text.
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::Number(n) => Ok(Number(n.to_string())),
            serde_json::Value::String(s) => Ok(Number(s)),
            other => Err(D::Error::custom(format!(
                "expected a natural number (a JSON number or a string of digits), found {other}"
            ))),
        }
    }
}

impl Number {
    /// The natural number, at most [`MAX_DIGITS`] digits (413 beyond), named
    /// `what` in errors.
    ///
    /// ```
    /// use takeaway_web::input::Number;
    /// let n: Number = serde_json::from_str("12").unwrap();
    /// assert_eq!(n.natural("pile").unwrap(), 12u32.into());
    /// let n: Number = serde_json::from_str("\"12\"").unwrap();
    /// assert_eq!(n.natural("pile").unwrap(), 12u32.into());
    /// let n: Number = serde_json::from_str("-1").unwrap();
    /// assert_eq!(n.natural("pile").unwrap_err().status.as_u16(), 400);
    /// let n: Number = serde_json::from_str("1.5").unwrap();
    /// assert!(n.natural("pile").is_err());
    /// ```
    pub fn natural(&self, what: &str) -> Result<BigUint, ApiError> {
        let digits = self.0.trim().trim_start_matches('+').len();
        if digits > MAX_DIGITS {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "{what}: a number of {digits} digits is over the limit of {MAX_DIGITS} digits"
                ),
            ));
        }
        parse_natural(&self.0).map_err(|e| ApiError::bad(format!("{what}: {e}")))
    }
}

fn opt(n: Option<&Number>, what: &str) -> Result<Option<BigUint>, ApiError> {
    n.map(|n| n.natural(what)).transpose()
}

/// The piles (1 to [`MAX_PILES`] naturals), named `pile 1`, `pile 2`, … in errors.
fn piles(items: &[Number]) -> Result<Vec<BigUint>, ApiError> {
    if items.is_empty() || items.len() > MAX_PILES {
        return Err(ApiError::bad(format!(
            "`piles` must have 1 to {MAX_PILES} numbers, got {}",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, p)| p.natural(&format!("pile {}", i + 1)))
        .collect()
}

/// Reads a body into the typed request `T` (400 when malformed, naming what is wrong).
///
/// ```
/// use takeaway_web::input::{body, AnalyzeBody};
/// let b: AnalyzeBody = body(br#"{"game": "wythoff", "piles": [3, 5]}"#).unwrap();
/// assert_eq!(b.position().unwrap().piles.len(), 2);
/// assert_eq!(body::<AnalyzeBody>(b"{oops").unwrap_err().status.as_u16(), 400);
/// // No piles (and no parts): refused when the position is read.
/// let none: AnalyzeBody = body(br#"{"game": "wythoff"}"#).unwrap();
/// assert!(none.position().unwrap_err().message.contains("piles"));
/// // An unknown field is refused, named: a typo is not ignored.
/// let typo = body::<AnalyzeBody>(br#"{"game": "fibonacci", "piles": [20], "bond": 3}"#);
/// assert!(typo.unwrap_err().message.contains("unknown field `bond`"));
/// ```
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    match serde_json::from_slice::<T>(bytes) {
        Ok(t) => Ok(t),
        Err(e) if e.is_data() => Err(ApiError::bad(format!("the request body: {e}"))),
        Err(e) => Err(ApiError::bad(format!("malformed JSON: {e}"))),
    }
}

/// The game named by a spec (at most [`MAX_SPEC`] characters).
///
/// ```
/// use takeaway_web::input::game;
/// assert!(game("wythoff").is_ok());
/// assert_eq!(game("chess").unwrap_err().status.as_u16(), 400);
/// ```
pub fn game(spec: &str) -> Result<Game, ApiError> {
    if spec.chars().count() > MAX_SPEC {
        return Err(ApiError::bad(format!(
            "`game` is longer than {MAX_SPEC} characters"
        )));
    }
    Ok(Game::parse(spec)?)
}

/// `POST /api/analyze`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeBody {
    /// The game spec.
    pub game: String,
    /// The piles (none for a sum of games).
    #[serde(default)]
    pub piles: Vec<Number>,
    /// A sum of games: its parts, `[{"game", "piles", "bound"?}]`.
    #[serde(default)]
    pub parts: Vec<PartBody>,
    /// The bound on the next move.
    #[serde(default)]
    pub bound: Option<Number>,
    /// List every winning move.
    #[serde(default)]
    pub all: bool,
    /// Force the exhaustive engine.
    #[serde(default)]
    pub exhaustive: bool,
}

impl AnalyzeBody {
    /// The checked position: piles and bound, or a sum's parts.
    pub fn position(&self) -> Result<Position, ApiError> {
        start_position(&self.piles, self.bound.as_ref(), &self.parts)
    }
}

/// The position of piles and a bound, or of a sum's parts (1 to [`MAX_PARTS`]).
fn start_position(
    items: &[Number],
    bound: Option<&Number>,
    parts: &[PartBody],
) -> Result<Position, ApiError> {
    if parts.is_empty() {
        return Ok(Position::new(piles(items)?, opt(bound, "bound")?));
    }
    parts_count(parts.len())?;
    if !items.is_empty() || bound.is_some() {
        return Err(ApiError::bad(
            "a sum's position is its `parts`, each with its own `piles` and `bound`; give no `piles` or `bound` beside them",
        ));
    }
    let mut pos = Position::of_parts(
        parts
            .iter()
            .enumerate()
            .map(|(i, p)| p.part(i))
            .collect::<Result<_, _>>()?,
    );
    pos.bound = opt(bound, "bound")?;
    Ok(pos)
}

/// How the computer chooses its moves (`"computer"` in `/api/start` and
/// `/api/move`; the CLI's `play --computer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
pub enum Computer {
    /// The best move (the analysis' winning move, else the longest delay).
    #[default]
    #[serde(rename = "best")]
    Best,
    /// Paper 000's Table 4.1 (two-pile games with l(k) ∈ {0, 1}): the move
    /// the table prescribes, the optimist's move in the "??" cell.
    #[serde(rename = "table-4.1")]
    Table41,
}

/// Who moves first in a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum First {
    /// The person.
    #[default]
    Human,
    /// The computer.
    Computer,
}

/// `POST /api/start`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartBody {
    /// The game spec.
    pub game: String,
    /// The piles (none for a sum of games).
    #[serde(default)]
    pub piles: Vec<Number>,
    /// A sum of games: its parts, `[{"game", "piles", "bound"?}]`.
    #[serde(default)]
    pub parts: Vec<PartBody>,
    /// The first bound (the game's default when absent).
    #[serde(default)]
    pub bound: Option<Number>,
    /// Who moves first.
    #[serde(default)]
    pub first: Option<First>,
    /// How the computer plays (default `best`).
    #[serde(default)]
    pub computer: Computer,
}

impl StartBody {
    /// The checked start: piles and bound, or a sum's parts.
    pub fn position(&self) -> Result<Position, ApiError> {
        start_position(&self.piles, self.bound.as_ref(), &self.parts)
    }
}

/// A position: `{"piles": [...], "bound": W|null, "call": C?}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionBody {
    /// The piles (rows; none for a sum of games).
    #[serde(default)]
    pub piles: Vec<Number>,
    /// The bound on the next take (`null`: the game's default).
    #[serde(default)]
    pub bound: Option<Number>,
    /// Spite Nim: the pending call.
    #[serde(default)]
    pub call: Option<Number>,
    /// Appendix games: the moves left in the first phase (absent: the spec's K).
    #[serde(default)]
    pub first_phase_left: Option<u64>,
    /// A sum of games: its parts, `[{"game", "piles", "bound"?}]`.
    #[serde(default)]
    pub parts: Vec<PartBody>,
}

/// A part of a sum: `{"game", "piles", "bound"?, "call"?, "first_phase_left"?}`
/// (a part's game and its position).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartBody {
    /// The part's game spec.
    pub game: String,
    /// Its piles.
    pub piles: Vec<Number>,
    /// Its bound (the game's default when absent).
    #[serde(default)]
    pub bound: Option<Number>,
    /// A pending call (refused: a sum has none).
    #[serde(default)]
    pub call: Option<Number>,
    /// Appendix games: the moves left in the first phase.
    #[serde(default)]
    pub first_phase_left: Option<u64>,
}

impl PartBody {
    /// The checked part `i` (0-based; errors name it from 1).
    fn part(&self, i: usize) -> Result<PartPosition, ApiError> {
        let in_part =
            |e: ApiError| ApiError::new(e.status, format!("part {}: {}", i + 1, e.message));
        if self.game.chars().count() > MAX_SPEC {
            return Err(in_part(ApiError::bad(format!(
                "`game` is longer than {MAX_SPEC} characters"
            ))));
        }
        let mut position = Position::new(
            piles(&self.piles).map_err(in_part)?,
            opt(self.bound.as_ref(), "bound").map_err(in_part)?,
        );
        position.call = opt(self.call.as_ref(), "call").map_err(in_part)?;
        position.phase = self.first_phase_left;
        Ok(PartPosition {
            game: self.game.clone(),
            position,
        })
    }
}

impl PositionBody {
    /// The checked position (its shape is checked by the game's rules).
    ///
    /// ```
    /// use takeaway_web::input::PositionBody;
    /// let p: PositionBody = serde_json::from_str(r#"{"piles": [20], "bound": 4}"#).unwrap();
    /// assert_eq!(p.position().unwrap().bound, Some(4u32.into()));
    /// ```
    pub fn position(&self) -> Result<Position, ApiError> {
        let mut pos = start_position(&self.piles, self.bound.as_ref(), &self.parts)?;
        pos.call = opt(self.call.as_ref(), "call")?;
        pos.phase = self.first_phase_left;
        Ok(pos)
    }
}

/// A move: `{"kind": "take", "pile": 0, "take": 2}`, `{"kind": "both",
/// "take": 3}`, `{"kind": "call", "call": 5}`, `{"kind": "pick", "pile": 1}`
/// or `{"kind": "split", "pile": 0, "take": 1, "split": [3, 4]}` (piles 0-based).
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum MoveBody {
    /// Take from one pile.
    Take {
        /// Index of the pile, 0-based.
        pile: usize,
        /// Counters taken.
        take: Number,
    },
    /// Take from both piles (Wythoff).
    Both {
        /// Counters taken from each pile.
        take: Number,
    },
    /// Call a number (Spite Nim).
    Call {
        /// The number called.
        call: Number,
    },
    /// Pick the row of a pending call (Spite Nim).
    Pick {
        /// Index of the row, 0-based.
        pile: usize,
    },
    /// Take from one heap and leave two heaps (octal games):
    /// `{"kind": "split", "pile": 0, "take": 1, "split": [3, 4]}`.
    Split {
        /// Index of the heap, 0-based.
        pile: usize,
        /// Tokens removed.
        take: Number,
        /// The two heaps left, in order (one may be 0: the take that leaves
        /// one heap), or three (a hexadecimal code).
        split: Vec<Number>,
    },
    /// Add counters to one pile (appendix games `add=K`, `must-add=K`).
    Add {
        /// Index of the pile, 0-based.
        pile: usize,
        /// Counters added.
        add: Number,
    },
    /// A move in one part of a sum of games:
    /// `{"kind": "part", "part": 1, "move": {"kind": "take", …}}`.
    Part {
        /// Index of the part, 0-based.
        part: usize,
        /// The move in that part.
        #[serde(rename = "move")]
        mv: Box<MoveBody>,
    },
}

impl MoveBody {
    /// The checked move.
    ///
    /// ```
    /// use takeaway_web::input::MoveBody;
    /// let m: MoveBody = serde_json::from_str(r#"{"kind": "both", "take": 3}"#).unwrap();
    /// assert_eq!(m.play_move().unwrap().to_command(), "both 3");
    /// assert!(serde_json::from_str::<MoveBody>(r#"{"kind": "jump"}"#).is_err());
    /// ```
    pub fn play_move(&self) -> Result<PlayMove, ApiError> {
        Ok(match self {
            MoveBody::Take { pile, take } => PlayMove::Take {
                pile: *pile,
                take: take.natural("take")?,
            },
            MoveBody::Both { take } => PlayMove::Both {
                take: take.natural("take")?,
            },
            MoveBody::Call { call } => PlayMove::Call {
                call: call.natural("call")?,
            },
            MoveBody::Pick { pile } => PlayMove::Pick { pile: *pile },
            MoveBody::Split { split, .. } if !(2..=3).contains(&split.len()) => {
                return Err(ApiError::bad(format!(
                    "split: a split leaves two or three heaps, not {}",
                    split.len()
                )));
            }
            MoveBody::Split { pile, take, split } => PlayMove::Split {
                pile: *pile,
                take: take.natural("take")?,
                split: split
                    .iter()
                    .map(|h| h.natural("split"))
                    .collect::<Result<_, _>>()?,
            },
            MoveBody::Add { pile, add } => PlayMove::Add {
                pile: *pile,
                add: add.natural("add")?,
            },
            MoveBody::Part { part, mv } => PlayMove::Part {
                part: *part,
                mv: Box::new(mv.play_move()?),
            },
        })
    }
}

/// `POST /api/move`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The game spec.
    pub game: String,
    /// The position before the move.
    pub position: PositionBody,
    /// The human's move.
    #[serde(rename = "move")]
    pub mv: MoveBody,
    /// How the computer plays (default `best`).
    #[serde(default)]
    pub computer: Computer,
}

/// `POST /api/hint`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintBody {
    /// The game spec.
    pub game: String,
    /// The position.
    pub position: PositionBody,
}

/// `POST /api/grid`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridBody {
    /// The game spec.
    pub game: String,
    /// The position at the centre.
    pub position: PositionBody,
    /// Cells along one side (default 16, at most [`crate::grid::MAX_SIDE`]).
    #[serde(default)]
    pub size: Option<usize>,
}

/// The shapes `POST /api/table` answers in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableBodyFormat {
    /// The document of `takeaway table … --json` (the default).
    #[default]
    Json,
    /// The CSV of `takeaway table … --csv`, as `text/csv`.
    Csv,
    /// The text of `takeaway table …`, as `text/plain`.
    Text,
    /// The OEIS b-file of `takeaway table … --format bfile` (without the
    /// command line's provenance line), as `text/plain`.
    Bfile,
}

/// `POST /api/table`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableBody {
    /// The game spec.
    pub game: String,
    /// Rows: indices `0..rows`.
    pub rows: u64,
    /// Columns of a two-dimensional table (default: as many as rows).
    #[serde(default)]
    pub cols: Option<u64>,
    /// The Grundy table (`--grundy`).
    #[serde(default)]
    pub grundy: bool,
    /// The summary (`--summary`).
    #[serde(default)]
    pub summary: bool,
    /// One sequence of the Grundy rows, `starts` or `maxima` (`--grundy
    /// --sequence S`), or `h-sequence` (without `grundy`: the bound's
    /// H-sequence, `--sequence h-sequence`).
    #[serde(default)]
    pub sequence: Option<String>,
    /// The answer's shape (default `json`).
    #[serde(default)]
    pub format: TableBodyFormat,
}

/// Most parts of a sum in a request.
pub const MAX_PARTS: usize = 8;

/// Checks the number of parts of a sum (1 to [`MAX_PARTS`]).
///
/// ```
/// use takeaway_web::input::parts_count;
/// assert!(parts_count(2).is_ok());
/// assert_eq!(parts_count(0).unwrap_err().status.as_u16(), 400);
/// assert_eq!(parts_count(9).unwrap_err().status.as_u16(), 400);
/// ```
pub fn parts_count(n: usize) -> Result<(), ApiError> {
    if n == 0 || n > MAX_PARTS {
        return Err(ApiError::bad(format!(
            "`parts` must have 1 to {MAX_PARTS} parts, got {n}"
        )));
    }
    Ok(())
}
