//! A sum's parts written as text (`takeaway analyze sum 'fibonacci 20'
//! 'nim 6'`): each part as `analyze` takes it, `GAME PILES... [--bound W]`.
//! In JSON a part is numbered from 0 (`part`), in text and errors from 1.

use super::any_game::part_game;
use crate::games::error::{GameError, PartStep};
use crate::games::wire::{PartPosition, Position};
use crate::games::{Family, Game};
use num_bigint::BigUint;

/// One part of a sum: a game and its position.
#[derive(Debug, Clone)]
pub struct Part {
    /// The game.
    pub game: Game,
    /// The piles, as given.
    pub piles: Vec<BigUint>,
    /// The bound on the next move, as given (`None`: the game's default).
    pub bound: Option<BigUint>,
}

impl Part {
    /// The part's wire position.
    pub fn position(&self) -> Position {
        Position::new(self.piles.clone(), self.bound.clone())
    }
}

/// An error of part `k` (1-based) at `column` of its text.
fn at(k: usize, column: usize, message: impl std::fmt::Display) -> GameError {
    in_text(k, column, GameError::Invalid(message.to_string()))
}

/// `e`, as an error of part `k` (1-based) at `column` of its text.
fn in_text(k: usize, column: usize, e: GameError) -> GameError {
    e.in_part(k.saturating_sub(1), PartStep::Parse { column })
}

/// Parses part `k` (1-based, for messages) written as `GAME PILES... [--bound W]`.
///
/// Errors name `part k` and the 1-based column within `text`: a game spec
/// that does not parse, a pile that is not a natural number, an unknown
/// option, no piles, a bound on a game without one, Spite Nim (no Grundy
/// values), a misère part (write `sum:misere=true` instead).
///
/// ```
/// use takeaway::games::sum::parse_part;
/// let p = parse_part(2, "fibonacci 13 --bound 4").unwrap();
/// assert_eq!((p.piles.len(), p.bound.clone()), (1, Some(4u8.into())));
/// let e = parse_part(3, "wythoff 3 x5").unwrap_err().to_string();
/// assert_eq!(e, "sum: part 3, column 11: `x5` is not a pile size (a natural number)");
/// ```
pub fn parse_part(k: usize, text: &str) -> Result<Part, GameError> {
    // Tokens with their 1-based (character) columns.
    let mut tokens: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            if let Some(t) = current.take() {
                tokens.push(t);
            }
        } else {
            current
                .get_or_insert_with(|| (i + 1, String::new()))
                .1
                .push(ch);
        }
    }
    tokens.extend(current);
    let mut tokens = tokens.into_iter();
    let Some((col, spec)) = tokens.next() else {
        return Err(at(
            k,
            1,
            "empty part; write it as `analyze` takes it, e.g. 'nim 5' or 'fibonacci 20 --bound 6'",
        ));
    };
    let game = part_game(&spec).map_err(|e| match e {
        GameError::Spec(s) => at(k, col + s.column - 1, s.message),
        GameError::Invalid(message) => at(k, col, message),
        GameError::Sum(e) => at(k, col, e),
        other => in_text(k, col, other),
    })?;
    let has_bound = game.entry().is_some_and(|f| f.capabilities.bounded);
    let mut piles = Vec::new();
    let mut bound = None;
    let number = |col: usize, t: &str, what: &str| -> Result<BigUint, GameError> {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            Ok(t.parse::<BigUint>().unwrap_or_default())
        } else {
            Err(at(
                k,
                col,
                format!("`{t}` is not {what} (a natural number)"),
            ))
        }
    };
    while let Some((c, t)) = tokens.next() {
        if let Some(rest) = t.strip_prefix("--bound") {
            let (vc, v) = if let Some(v) = rest.strip_prefix('=') {
                (c + 8, v.to_string())
            } else if rest.is_empty() {
                tokens
                    .next()
                    .ok_or_else(|| at(k, c, "--bound needs a value, e.g. --bound 4"))?
            } else {
                return Err(at(
                    k,
                    c,
                    format!("unknown option `{t}`; a part takes only --bound"),
                ));
            };
            if !has_bound {
                return Err(at(
                    k,
                    c,
                    format!(
                        "{} has no bound on the next move; leave out --bound",
                        game.spec()
                    ),
                ));
            }
            if bound.is_some() {
                return Err(at(k, c, "--bound is given twice"));
            }
            bound = Some(number(vc, &v, "a bound")?);
        } else if t.starts_with('-') && t.len() > 1 && !t[1..].bytes().all(|b| b.is_ascii_digit()) {
            return Err(at(
                k,
                c,
                format!("unknown option `{t}`; a part takes only --bound"),
            ));
        } else {
            piles.push(number(c, &t, "a pile size")?);
        }
    }
    if piles.is_empty() {
        return Err(at(
            k,
            text.chars().count() + 1,
            format!("give the piles after the game, e.g. '{spec} 5'"),
        ));
    }
    Ok(Part { game, piles, bound })
}

/// Whether a sum's spec (`sum` or `sum:misere=true`) asks for misère play;
/// any other parameter, or a value other than `true`/`false`, is an error.
///
/// ```
/// use takeaway::games::sum::misere_of;
/// use takeaway::spec::GameSpec;
/// assert!(misere_of(&GameSpec::parse("sum:misere=true").unwrap()).unwrap());
/// assert!(!misere_of(&GameSpec::parse("sum").unwrap()).unwrap());
/// assert!(misere_of(&GameSpec::parse("sum:misere=yes").unwrap()).is_err());
/// assert!(misere_of(&GameSpec::parse("sum:f=2*t").unwrap()).is_err());
/// ```
pub fn misere_of(spec: &crate::spec::GameSpec) -> Result<bool, GameError> {
    spec.only(&["misere"])?;
    match spec.get("misere").map(|p| p.value.as_str()) {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(other) => Err(super::SumError::MisereValue {
            got: other.to_string(),
        }
        .into()),
    }
}

/// Parses every part (see [`parse_part`]); a sum of no parts is an error.
///
/// ```
/// use takeaway::games::sum::parse_parts;
/// assert!(parse_parts(&["nim 3".to_string(), "wythoff 1 2".to_string()]).is_ok());
/// assert!(parse_parts(&[]).unwrap_err().to_string().contains("no parts"));
/// ```
pub fn parse_parts(texts: &[String]) -> Result<Vec<Part>, GameError> {
    if texts.is_empty() {
        return Err(super::SumError::NoParts.into());
    }
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| parse_part(i + 1, t))
        .collect()
}

/// The position of a sum of `parts` (each part's game as its canonical spec).
///
/// ```
/// use takeaway::games::sum::{parse_parts, position_of};
/// let p = position_of(&parse_parts(&["nim 3".into(), "fibonacci 5".into()]).unwrap());
/// assert_eq!((p.parts.len(), p.parts[1].game.as_str()), (2, "fibonacci"));
/// ```
pub fn position_of(parts: &[Part]) -> Position {
    Position::of_parts(
        parts
            .iter()
            .map(|p| PartPosition {
                game: p.game.spec(),
                position: p.position(),
            })
            .collect(),
    )
}
