//! Errors of the API: a status code and one sentence, sent as `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use takeaway::games::{ErrorKind, GameError, Opt, Words};

/// An API error: every failure is answered with a 4xx/5xx status and a JSON body
/// `{"error": MESSAGE}`; the server never panics on user input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// A 400 Bad Request with `message`.
    ///
    /// ```
    /// use takeaway_web::ApiError;
    /// assert_eq!(ApiError::bad("no").status.as_u16(), 400);
    /// ```
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// An error with a chosen status.
    ///
    /// ```
    /// use takeaway_web::ApiError;
    /// use axum::http::StatusCode;
    /// assert_eq!(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "big").status.as_u16(), 413);
    /// ```
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl From<takeaway::engine::EngineError> for ApiError {
    /// As the game error it becomes (a cancel is 422, a limit 422).
    fn from(e: takeaway::engine::EngineError) -> Self {
        ApiError::from(GameError::from(e))
    }
}

impl From<GameError> for ApiError {
    /// The status follows the error's kind ([`GameError::kind`], which looks
    /// through a sum's part to the part's own error): input errors are 400;
    /// work over the limits, undecidable positions and cancelled work are
    /// 422; families not built yet are 501.
    ///
    /// ```
    /// use takeaway::games::{GameError, PartStep};
    /// use takeaway_web::ApiError;
    /// let part = GameError::Cancelled.in_part(1, PartStep::Solve);
    /// assert_eq!(ApiError::from(part).status.as_u16(), 422);
    /// ```
    fn from(e: GameError) -> Self {
        let status = match e.kind() {
            ErrorKind::Spec | ErrorKind::Invalid => StatusCode::BAD_REQUEST,
            ErrorKind::TooLarge | ErrorKind::Cancelled => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Unsupported => StatusCode::NOT_IMPLEMENTED,
        };
        ApiError::new(status, e.worded(&FieldNames))
    }
}

/// The API's words for the options an error's advice names: the fields of
/// its JSON requests (`` `rows` ``, `` `"rows": N` ``), and its routes.
///
/// ```
/// use takeaway::engine::{Amount, Unit};
/// use takeaway::games::{GameError, Hint, Work};
/// use takeaway_web::ApiError;
/// let e = GameError::too_large(Work::Table { rows: 9 }, Amount::of(9u8, Unit::Rows), Amount::of(5u8, Unit::Rows), Hint::FewerRowsFlag);
/// assert!(ApiError::from(e).message.ends_with("ask for fewer rows (field `rows`)"));
/// ```
pub struct FieldNames;

impl Words for FieldNames {
    fn option(&self, o: Opt) -> String {
        if o.is_switch() {
            format!("`\"{}\": true`", o.name())
        } else {
            format!("field `{}`", o.name())
        }
    }

    fn option_value(&self, o: Opt, value: &str) -> String {
        format!("`\"{}\": {value}`", o.name())
    }

    fn call(&self, command: &str, game: Option<&str>, options: &[(Opt, &str)]) -> String {
        let mut fields: Vec<String> = game
            .map(|g| format!("\"game\": {g:?}"))
            .into_iter()
            .collect();
        for &(o, v) in options {
            fields.push(match v {
                "" if o.is_switch() => format!("\"{}\": true", o.name()),
                "" => format!("\"{}\"", o.name()),
                v => format!("\"{}\": {v}", o.name()),
            });
        }
        format!("a `{command}` request with `{{{}}}`", fields.join(", "))
    }
}

impl IntoResponse for ApiError {
    /// `{"error": …}` with the status; a 503 also says when to retry.
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("2"),
            );
        }
        response
    }
}
