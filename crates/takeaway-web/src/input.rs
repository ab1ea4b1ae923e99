//! Reading requests: JSON bodies into games, positions and moves, with caps on
//! every size a client controls.

use crate::error::ApiError;
use num_bigint::BigUint;
use serde_json::Value;
use takeaway::games::Game;
use takeaway::games::play::{PlayMove, Position};
use takeaway::natural::parse_natural;

/// Largest request body, in bytes (64 KiB).
pub const MAX_BODY: usize = 64 * 1024;
/// Most decimal digits of one number in a request.
pub const MAX_DIGITS: usize = 2000;
/// Most piles (rows) in a request.
pub const MAX_PILES: usize = 16;
/// Longest game spec in a request, in characters.
pub const MAX_SPEC: usize = 200;

/// Parses a body as a JSON object (400 when malformed).
///
/// ```
/// use takeaway_web::input::object;
/// assert!(object(br#"{"game": "wythoff"}"#).is_ok());
/// assert_eq!(object(b"{oops").unwrap_err().status.as_u16(), 400);
/// ```
pub fn object(body: &[u8]) -> Result<serde_json::Map<String, Value>, ApiError> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::bad("the body must be a JSON object")),
        Err(e) => Err(ApiError::bad(format!("malformed JSON: {e}"))),
    }
}

/// A natural number given as a JSON number or a string of digits, at most
/// [`MAX_DIGITS`] digits.
///
/// ```
/// use takeaway_web::input::natural;
/// assert_eq!(natural(&serde_json::json!(12), "pile").unwrap(), 12u32.into());
/// assert_eq!(natural(&serde_json::json!("12"), "pile").unwrap(), 12u32.into());
/// assert!(natural(&serde_json::json!(-1), "pile").is_err());
/// assert!(natural(&serde_json::json!(1.5), "pile").is_err());
/// ```
pub fn natural(v: &Value, what: &str) -> Result<BigUint, ApiError> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return Err(ApiError::bad(format!("{what}: expected a natural number"))),
    };
    let digits = text.trim().trim_start_matches('+').len();
    if digits > MAX_DIGITS {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            format!("{what}: a number of {digits} digits is over the limit of {MAX_DIGITS} digits"),
        ));
    }
    parse_natural(&text).map_err(|e| ApiError::bad(format!("{what}: {e}")))
}

/// An optional natural (`null` or absent means none).
pub fn opt_natural(v: Option<&Value>, what: &str) -> Result<Option<BigUint>, ApiError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => natural(v, what).map(Some),
    }
}

/// The game named by the `game` field.
///
/// ```
/// use takeaway_web::input::{game, object};
/// let body = object(br#"{"game": "wythoff"}"#).unwrap();
/// assert!(game(&body).is_ok());
/// ```
pub fn game(body: &serde_json::Map<String, Value>) -> Result<Game, ApiError> {
    let Some(Value::String(spec)) = body.get("game") else {
        return Err(ApiError::bad(
            "`game` is required: a spec such as \"fibonacci\" or \"two-pile:f=2*t\"",
        ));
    };
    if spec.chars().count() > MAX_SPEC {
        return Err(ApiError::bad(format!(
            "`game` is longer than {MAX_SPEC} characters"
        )));
    }
    Ok(Game::parse(spec)?)
}

/// The `piles` array (1 to [`MAX_PILES`] naturals).
pub fn piles(v: Option<&Value>) -> Result<Vec<BigUint>, ApiError> {
    let Some(Value::Array(items)) = v else {
        return Err(ApiError::bad(
            "`piles` is required: an array of natural numbers",
        ));
    };
    if items.is_empty() || items.len() > MAX_PILES {
        return Err(ApiError::bad(format!(
            "`piles` must have 1 to {MAX_PILES} numbers, got {}",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, p)| natural(p, &format!("pile {}", i + 1)))
        .collect()
}

/// A position object `{"piles": [...], "bound": W|null, "call": C?}`.
pub fn position(v: Option<&Value>) -> Result<Position, ApiError> {
    let Some(Value::Object(p)) = v else {
        return Err(ApiError::bad(
            "`position` is required: {\"piles\": [...], \"bound\": null}",
        ));
    };
    Ok(Position {
        piles: piles(p.get("piles"))?,
        bound: opt_natural(p.get("bound"), "bound")?,
        call: opt_natural(p.get("call"), "call")?,
    })
}

fn index(v: Option<&Value>) -> Result<usize, ApiError> {
    v.and_then(Value::as_u64)
        .and_then(|i| usize::try_from(i).ok())
        .ok_or_else(|| ApiError::bad("`pile` must be a pile index (0-based)"))
}

/// A move object: `{"kind": "take", "pile": 0, "take": 2}`, `{"kind": "both",
/// "take": 3}`, `{"kind": "call", "call": 5}` or `{"kind": "pick", "pile": 1}`.
///
/// ```
/// use takeaway_web::input::play_move;
/// let m = play_move(Some(&serde_json::json!({"kind": "both", "take": 3}))).unwrap();
/// assert_eq!(m.to_command(), "both 3");
/// ```
pub fn play_move(v: Option<&Value>) -> Result<PlayMove, ApiError> {
    let Some(Value::Object(m)) = v else {
        return Err(ApiError::bad(
            "`move` is required, e.g. {\"kind\": \"take\", \"pile\": 0, \"take\": 2}",
        ));
    };
    let kind = m.get("kind").and_then(Value::as_str).unwrap_or("take");
    let need = |key: &str| {
        m.get(key)
            .ok_or_else(|| ApiError::bad(format!("a `{kind}` move needs `{key}`")))
    };
    match kind {
        "take" => Ok(PlayMove::Take {
            pile: index(m.get("pile"))?,
            take: natural(need("take")?, "take")?,
        }),
        "both" => Ok(PlayMove::Both {
            take: natural(need("take")?, "take")?,
        }),
        "call" => Ok(PlayMove::Call {
            call: natural(need("call")?, "call")?,
        }),
        "pick" => Ok(PlayMove::Pick {
            pile: index(m.get("pile"))?,
        }),
        other => Err(ApiError::bad(format!(
            "unknown move kind `{other}`; expected take, both, call or pick"
        ))),
    }
}

/// The optional `first` field: true when the computer moves first.
pub fn computer_first(v: Option<&Value>) -> Result<bool, ApiError> {
    match v {
        None | Some(Value::Null) => Ok(false),
        Some(Value::String(s)) if s == "human" => Ok(false),
        Some(Value::String(s)) if s == "computer" => Ok(true),
        Some(_) => Err(ApiError::bad("`first` must be \"human\" or \"computer\"")),
    }
}
