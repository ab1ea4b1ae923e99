//! The JSON API under `/api/`: the handlers, each a thin layer over the
//! library. Bodies are typed ([`crate::input`]); the work runs on the
//! blocking pool under the server's limits with a cancel token that stops it
//! when the time limit passes, the client goes away or the server shuts down.

use crate::error::ApiError;
use crate::input::{
    self, AnalyzeBody, Computer, First, GridBody, HintBody, MoveRequest, StartBody, SumHintBody,
    SumMoveBody, SumPartBody, SumStartBody,
};
use crate::{Config, grid};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use takeaway::engine::Cancel;
use takeaway::games::play::{Play, PlayMove, Position, Reply};
use takeaway::games::sum::{self, SumPlay};
use takeaway::games::{AnalyzeRequest, Family, Game, Limits};

/// Shared state: the configuration, the two lanes of CPU work and the
/// server's cancel token (cancelled at shutdown, reaching every request).
pub(crate) struct AppState {
    pub(crate) config: Config,
    /// The quick lane: every request starts here for at most
    /// [`Config::quick`] of work, so cheap requests never wait behind
    /// expensive ones.
    pub(crate) quick: Arc<tokio::sync::Semaphore>,
    /// The slow lane: the requests the quick lane could not finish.
    pub(crate) heavy: Arc<tokio::sync::Semaphore>,
    pub(crate) shutdown: Cancel,
}

impl AppState {
    /// The state for `config`, its work stopped when `shutdown` is cancelled.
    pub(crate) fn new(config: Config, shutdown: Cancel) -> Self {
        AppState {
            quick: Arc::new(tokio::sync::Semaphore::new(config.quick_workers.max(1))),
            heavy: Arc::new(tokio::sync::Semaphore::new(config.workers.max(1))),
            config,
            shutdown,
        }
    }

    /// The limits of one request: the configured caps, with the memory cap
    /// at most its share of the server-wide budget (every computing request,
    /// in either lane, has one share, so together they stay within
    /// [`Config::memory_budget`]).
    fn limits(&self, cancel: Cancel) -> Limits {
        let slots = (self.config.workers.max(1) + self.config.quick_workers.max(1)) as u64;
        let mut limits = self.config.limits.clone().with_cancel(cancel);
        limits.max_bytes = limits.max_bytes.min(self.config.memory_budget / slots);
        limits
    }
}

type Shared = State<Arc<AppState>>;

/// The body as the typed request `T`; an over-long body is 413, malformed JSON 400.
fn read<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|r| {
        let status = r.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "the request body is over the limit of {} bytes",
                input::MAX_BODY
            )
        } else {
            format!("cannot read the request body: {r}")
        };
        ApiError::new(status, message)
    })?;
    input::body(&bytes)
}

/// The position of a request checked against its game (pile count, bound,
/// pending call; a missing one-pile bound is the default `n − 1`): 400 when
/// it is not a position of the game.
fn position(game: &Game, body: &input::PositionBody) -> Result<Position, ApiError> {
    Ok(game.check_position(&body.position()?)?)
}

/// Cancels its token when dropped: when the handler's future is dropped
/// (the client went away) or finishes, the blocking work it started stops.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// 503 "busy", with Retry-After (added by [`ApiError`]'s response).
pub(crate) fn busy(what: &str) -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("the server is busy ({what}); try again in a few seconds"),
    )
}

/// A job of CPU work: run under the limits it is given, possibly twice
/// (the quick lane, then the slow one).
type Job<T> = Arc<dyn Fn(Limits) -> Result<T, ApiError> + Send + Sync>;

/// Runs `job` on the blocking pool holding `permit`, under limits whose
/// cancel token is `token`; `None` when the token was cancelled while it ran
/// (its answer may then be cut short and is not used).
async fn run_in_lane<T: Send + 'static>(
    state: &AppState,
    job: &Job<T>,
    permit: tokio::sync::OwnedSemaphorePermit,
    token: &Cancel,
) -> Result<Option<Result<T, ApiError>>, ApiError> {
    let limits = state.limits(token.clone());
    let job = Arc::clone(job);
    let watch = token.clone();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let out = job(limits);
        // Cancellation is for good: if the token is not cancelled now, no
        // check inside the job failed, so the answer is whole.
        (!watch.is_cancelled()).then_some(out)
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the computation failed: {e}"),
        )
    })
}

/// Runs CPU work off the async threads in two lanes. Every request first
/// gets a slot of the quick lane for at most [`Config::quick`]; one that is
/// not done by then is stopped and run again in the slow lane, for at most
/// [`Config::timeout`]. A request that waits longer than the timeout for a
/// slot is answered 503 "busy" with Retry-After; one that computes longer is
/// stopped (the engine's cancel token) and answered 422. The token also
/// fires when the client goes away and at shutdown, and a slot is kept until
/// its work has really stopped.
async fn work<T: Send + 'static>(
    state: &AppState,
    f: impl Fn(Limits) -> Result<T, ApiError> + Send + Sync + 'static,
) -> Result<T, ApiError> {
    let job: Job<T> = Arc::new(f);
    let timeout = state.config.timeout;
    let shutting_down = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        )
    };
    let acquire = |lane: &Arc<tokio::sync::Semaphore>| {
        tokio::time::timeout(timeout, Arc::clone(lane).acquire_owned())
    };
    // The quick lane.
    let permit = match acquire(&state.quick).await {
        Ok(Ok(p)) => p,
        Ok(Err(_)) => return Err(shutting_down()),
        Err(_) => return Err(busy("every worker is taken")),
    };
    let token = state
        .shutdown
        .child()
        .with_deadline(state.config.quick.min(timeout));
    let guard = CancelOnDrop(token.clone());
    if let Some(done) = run_in_lane(state, &job, permit, &token).await? {
        return done;
    }
    drop(guard);
    if state.shutdown.is_cancelled() {
        return Err(shutting_down());
    }
    // The slow lane.
    let permit = match acquire(&state.heavy).await {
        Ok(Ok(p)) => p,
        Ok(Err(_)) => return Err(shutting_down()),
        Err(_) => {
            return Err(busy(&format!(
                "no worker for long requests was free within {} ms",
                timeout.as_millis()
            )));
        }
    };
    let token = state.shutdown.child().with_deadline(timeout);
    let _guard = CancelOnDrop(token.clone());
    match tokio::time::timeout(timeout, run_in_lane(state, &job, permit, &token)).await {
        Ok(Ok(Some(done))) => done,
        Ok(Err(e)) => Err(e),
        _ if state.shutdown.is_cancelled() => Err(shutting_down()),
        _ => {
            token.cancel();
            Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "the request needs more than {} ms of work; try smaller numbers",
                    timeout.as_millis()
                ),
            ))
        }
    }
}

fn to_json<T: serde::Serialize>(v: &T) -> Result<Json<Value>, ApiError> {
    serde_json::to_value(v).map(Json).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot write the answer: {e}"),
        )
    })
}

/// `POST /api/analyze` `{"game", "piles", "bound"?, "all"?, "exhaustive"?}`:
/// the JSON of `takeaway analyze --json`.
pub(crate) async fn analyze(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: AnalyzeBody = read(body)?;
    let game = input::game(&body.game)?;
    let mut req = AnalyzeRequest::new(body.piles()?);
    req.bound = body.bound()?;
    req.all = body.all;
    req.exhaustive = body.exhaustive;
    let analysis = work(&state, move |limits| {
        let mut req = req.clone();
        req.limits = limits;
        Ok(game.analyze(&req)?)
    })
    .await?;
    to_json(&analysis)
}

/// Who acts in a position, and who has won when nobody can.
fn turn_json(game: &Game, pos: &Position, human_to_act: bool) -> Map<String, Value> {
    let mut m = Map::new();
    if game.is_over(pos) {
        let actor_wins = game.stuck_player_wins();
        let human_wins = human_to_act == actor_wins;
        m.insert("over".into(), json!(true));
        m.insert(
            "winner".into(),
            json!(if human_wins { "human" } else { "computer" }),
        );
        m.insert("to_act".into(), Value::Null);
    } else {
        m.insert("over".into(), json!(false));
        m.insert("winner".into(), Value::Null);
        m.insert(
            "to_act".into(),
            json!(if human_to_act { "human" } else { "computer" }),
        );
    }
    m
}

/// Lets the computer act until it is the human's turn or the game is over;
/// returns the position, the computer's actions and whether the human is to act.
fn computer_turns(
    game: &Game,
    mut pos: Position,
    limits: &Limits,
    computer: Computer,
) -> Result<(Position, Vec<Reply>, bool), ApiError> {
    let mut replies = Vec::new();
    // A computer turn is one action, or a Spite Nim pick followed by a call.
    for _ in 0..4 {
        if game.is_over(&pos) {
            return Ok((pos, replies, false));
        }
        let reply = match computer {
            Computer::Best => game.computer_move(&pos, limits)?,
            Computer::Table41 => game.table_4_1_move(&pos, limits)?,
        };
        let passes = reply.mv.passes_turn();
        pos = reply.position.clone();
        replies.push(reply);
        if passes {
            return Ok((pos, replies, true));
        }
    }
    Err(ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the computer did not finish its turn",
    ))
}

/// The answer after the human's action (or the start): the computer plays its
/// turn when `computer_to_move`, then the position, the computer's actions,
/// the state of the game and the analysis of the position the human faces.
fn answer_turn(
    game: &Game,
    human_position: Option<&Position>,
    pos: Position,
    computer_to_move: bool,
    limits: &Limits,
    computer: Computer,
) -> Result<Value, ApiError> {
    let (pos, replies, human_to_act) = if computer_to_move {
        computer_turns(game, pos, limits, computer)?
    } else {
        (pos, Vec::new(), true)
    };
    let mut out = turn_json(game, &pos, human_to_act);
    let analysis = if game.is_over(&pos) || pos.call.is_some() {
        Value::Null
    } else {
        match game.analyze_position(&pos, limits) {
            Ok(a) => serde_json::to_value(&a).unwrap_or(Value::Null),
            Err(e) => json!({ "error": e.to_string() }),
        }
    };
    out.insert("game".into(), json!(game.spec()));
    out.insert(
        "position".into(),
        serde_json::to_value(&pos).unwrap_or(Value::Null),
    );
    out.insert(
        "human_position".into(),
        human_position
            .and_then(|p| serde_json::to_value(p).ok())
            .unwrap_or(Value::Null),
    );
    out.insert(
        "replies".into(),
        serde_json::to_value(&replies).unwrap_or(Value::Null),
    );
    out.insert("analysis".into(), analysis);
    Ok(Value::Object(out))
}

/// `POST /api/start` `{"game", "piles", "bound"?, "first"?: "human"|"computer"}`.
pub(crate) async fn start(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: StartBody = read(body)?;
    let game = input::game(&body.game)?;
    let piles = body.piles()?;
    let bound = body.bound()?;
    let computer_first = body.first.unwrap_or_default() == First::Computer;
    let computer = body.computer;
    let answer = work(&state, move |limits| {
        let pos = game.start(piles.clone(), bound.clone())?;
        if computer == Computer::Table41 {
            table_hypotheses(&game, &pos)?;
        }
        answer_turn(&game, None, pos, computer_first, &limits, computer)
    })
    .await?;
    Ok(Json(answer))
}

/// `POST /api/move` `{"game", "position", "move"}`: the human's move checked
/// against the game's rules (the position too: its shape, its bound) and
/// applied, then the computer's reply.
pub(crate) async fn play_move(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: MoveRequest = read(body)?;
    let game = input::game(&body.game)?;
    let pos = position(&game, &body.position)?;
    let mv = body.mv.play_move()?;
    let computer = body.computer;
    if computer == Computer::Table41 && !matches!(game, Game::TwoPile(_)) {
        return Err(ApiError::bad(format!(
            "cannot play by Table 4.1: it is a strategy for two-pile games (two-pile:f=EXPR), not {}",
            game.spec()
        )));
    }
    let answer = work(&state, move |limits| {
        let after = game.apply(&pos, &mv)?;
        answer_turn(
            &game,
            Some(&after),
            after.clone(),
            mv.passes_turn(),
            &limits,
            computer,
        )
    })
    .await?;
    Ok(Json(answer))
}

/// `POST /api/hint` `{"game", "position"}`: the winning move and why.
pub(crate) async fn hint(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: HintBody = read(body)?;
    let game = input::game(&body.game)?;
    let pos = position(&game, &body.position)?;
    let hint = work(&state, move |limits| Ok(game.hint(&pos, &limits)?)).await?;
    to_json(&hint)
}

/// `POST /api/grid` `{"game", "position", "size"?}`: the heatmap around the position.
pub(crate) async fn grid(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: GridBody = read(body)?;
    let game = input::game(&body.game)?;
    let pos = position(&game, &body.position)?;
    let side = body.size.unwrap_or(16);
    let value = work(&state, move |limits| grid::grid(&game, &pos, side, &limits)).await?;
    Ok(Json(value))
}

/// The families the page offers: spec template, parameters and a start.
fn catalogue() -> Vec<Value> {
    vec![
        json!({"id": "fibonacci", "name": "Fibonacci Nim", "template": "fibonacci", "params": [],
               "piles": [20], "rows": "one",
               "about": "One pile; the first move takes anything but the whole pile; afterwards at most twice the last move (Whinihan)."}),
        json!({"id": "one-pile", "name": "One pile, bound f(n, t)", "template": "one-pile:f={f}",
               "params": [{"key": "f", "label": "f(n, t) =", "default": "3*t"}], "piles": [20], "rows": "one",
               "about": "One pile; after a move of t from a pile of n, the opponent may take up to f(n, t) (Schwenk, Epp–Ferguson, Holshouser–Reiter)."}),
        json!({"id": "two-pile", "name": "Two piles, bound f(n, t)", "template": "two-pile:f={f}",
               "params": [{"key": "f", "label": "f(n, t) =", "default": "2*t"}], "piles": [20, 62], "bound": 6, "rows": "two",
               "about": "Two piles; take up to the bound from one pile; the opponent's bound is f(x − y, t) (Flanigan, Holshouser–Reiter)."}),
        json!({"id": "wythoff", "name": "Wythoff's Nim", "template": "wythoff", "params": [], "piles": [10, 15], "rows": "two",
               "about": "Two piles; take any number from one pile, or the same number from both."}),
        json!({"id": "spite", "name": "Spite Nim", "template": "spite", "params": [], "piles": [10, 6], "rows": "many",
               "about": "Call a number up to the longest row; the opponent chooses the row it is taken from (Hale)."}),
        json!({"id": "nim", "name": "Nim", "template": "nim", "params": [], "piles": [3, 4, 5], "rows": "many",
               "about": "Take any number from one pile (Bouton)."}),
        json!({"id": "subtraction", "name": "Subtraction game", "template": "subtraction:s={s}",
               "params": [{"key": "s", "label": "subtraction set S =", "default": "1,3,4"}], "piles": [10], "rows": "many",
               "about": "Take a number in S from one pile; Grundy values decide."}),
        json!({"id": "misere", "name": "Subtraction game, misère", "template": "subtraction:s={s}:misere=true",
               "params": [{"key": "s", "label": "subtraction set S =", "default": "1,3,4"}], "piles": [10], "rows": "many",
               "about": "Take a number in S from one pile; whoever cannot move wins."}),
        json!({"id": "sum", "name": "Sum of games", "template": "sum", "params": [], "piles": [], "rows": "sum",
               "parts": [{"family": "fibonacci", "piles": [5]}, {"family": "nim", "piles": [3]}, {"family": "wythoff", "piles": [1, 2]}],
               "about": "Several games side by side: each turn you move in one part; whoever cannot move in any part loses. The nim-sum of the parts' Grundy values decides (Sprague–Grundy)."}),
        json!({"id": "minmax", "name": "One Pile (Min..Max)", "template": "subtraction:min={min}:max={max}",
               "params": [{"key": "min", "label": "Min =", "default": "3"}, {"key": "max", "label": "Max =", "default": "5"}],
               "piles": [21], "rows": "many",
               "about": "Take between Min and Max counters (Cut The Knot)."}),
    ]
}

/// `GET /api/games`: every family with its parameters and whether it is
/// available in this build (a family answers `analyze` on its example start).
pub(crate) async fn games(State(state): Shared) -> Result<Json<Value>, ApiError> {
    let list = work(&state, move |limits| {
        Ok(catalogue()
            .into_iter()
            .map(|mut g| {
                let spec = fill_defaults(&g);
                if g["id"] == "sum" {
                    // The sum's example parts, analysed as the sum routes do.
                    let available = sum::parse_parts(&[
                        "fibonacci 5".into(),
                        "nim 3".into(),
                        "wythoff 1 2".into(),
                    ])
                    .and_then(|parts| sum::analyze(&parts, false, false, &limits))
                    .is_ok();
                    if let Value::Object(m) = &mut g {
                        m.insert("available".into(), json!(available));
                        m.insert("example".into(), json!(spec));
                    }
                    return g;
                }
                let piles: Vec<num_bigint::BigUint> = g["piles"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(Value::as_u64)
                            .map(num_bigint::BigUint::from)
                            .collect()
                    })
                    .unwrap_or_default();
                let available = Game::parse(&spec).is_ok_and(|game| {
                    let mut req = AnalyzeRequest::new(piles.clone());
                    req.limits = limits.clone();
                    game.analyze(&req).is_ok()
                        && game
                            .start(piles, None)
                            .is_ok_and(|p| game.legal_moves(&p, 1).len() == 1)
                });
                if let Value::Object(m) = &mut g {
                    m.insert("available".into(), json!(available));
                    m.insert("example".into(), json!(spec));
                }
                g
            })
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(Json(json!({ "games": list })))
}

/// The template with every parameter at its default.
fn fill_defaults(g: &Value) -> String {
    let mut spec = g["template"].as_str().unwrap_or_default().to_string();
    for p in g["params"].as_array().into_iter().flatten() {
        let key = p["key"].as_str().unwrap_or_default();
        let default = p["default"].as_str().unwrap_or_default();
        spec = spec.replace(&format!("{{{key}}}"), default);
    }
    spec
}

/// Refuses Table 4.1 for a game or start outside its hypotheses (a game
/// that is not two-pile, f with some l(k) ∉ {0, 1}, misère play), as
/// `play --computer table-4.1` does: every later position has fewer
/// counters, so the start decides. Equal piles are outside the table's
/// cells; the hypotheses are checked one counter further.
fn table_hypotheses(game: &Game, pos: &Position) -> Result<(), ApiError> {
    let mut probe = pos.piles.clone();
    if let [a, b] = probe.as_mut_slice()
        && a == b
    {
        *b += 1u32;
    }
    game.strategy_table_4_1(&probe, pos.bound.as_ref())
        .map(|_| ())
        .map_err(|e| ApiError::bad(format!("cannot play by Table 4.1: {e}")))
}

/// The game of part `k` (1-based): any family but Spite Nim, normal play.
fn part_game(k: usize, spec: &str) -> Result<Game, ApiError> {
    let in_part = |e: ApiError| ApiError::new(e.status, format!("part {k}: {}", e.message));
    let game = input::game(spec).map_err(in_part)?;
    if matches!(game, Game::Spite(_)) {
        return Err(ApiError::bad(format!(
            "part {k}: Spite Nim cannot be part of a sum: a turn is two half-moves (a call, then the pick), so it has no Grundy value"
        )));
    }
    if game.convention() == takeaway::engine::Convention::Misere {
        return Err(ApiError::bad(format!(
            "part {k}: a part of a sum cannot be misère (the page plays sums under normal play)"
        )));
    }
    Ok(game)
}

/// The sum of a request's parts, each position checked against its game
/// (as `/api/move` checks one): 400 naming the part when one is not.
fn sum_of(parts: &[SumPartBody]) -> Result<SumPlay, ApiError> {
    input::parts_count(parts.len())?;
    let mut games = Vec::with_capacity(parts.len());
    let mut positions = Vec::with_capacity(parts.len());
    for (i, p) in parts.iter().enumerate() {
        let k = i + 1;
        let game = part_game(k, &p.game)?;
        let pos = p
            .position
            .position()
            .and_then(|pos| Ok(game.check_position(&pos)?))
            .map_err(|e| ApiError::new(e.status, format!("part {k}: {}", e.message)))?;
        if pos.call.is_some() {
            return Err(ApiError::bad(format!(
                "part {k}: a sum has no pending call"
            )));
        }
        games.push(game);
        positions.push(pos);
    }
    Ok(SumPlay { games, positions })
}

/// The parts as JSON: `[{game, position}]`.
fn parts_json(sum: &SumPlay) -> Value {
    Value::Array(
        sum.games
            .iter()
            .zip(&sum.positions)
            .map(|(g, p)| json!({ "game": g.spec(), "position": p }))
            .collect(),
    )
}

/// After the human's move (or the start): the computer's turn when
/// `computer_to_move`, then `{over, winner, to_act, parts, human_parts,
/// replies: [{part, move, position, winning, explanation}], analysis}` where
/// `analysis` is the sum's analysis (as `analyze sum --json`) of the position
/// the human faces.
fn answer_sum_turn(
    mut sum: SumPlay,
    human_parts: Option<Value>,
    computer_to_move: bool,
    limits: &Limits,
) -> Result<Value, ApiError> {
    let mut replies = Vec::new();
    if computer_to_move && !sum.is_over() {
        let (part, mv, winning) = sum.computer_move(limits)?;
        sum.apply(part, &mv)?;
        replies.push(json!({
            "part": part,
            "move": mv,
            "position": sum.positions[part],
            "winning": winning,
            "explanation": if winning {
                format!(
                    "a winning move in {}: the nim-sum is 0 after it",
                    takeaway::analysis::numbered("part", part)
                )
            } else {
                format!(
                    "every move leaves a non-zero nim-sum; the computer plays on in {}",
                    takeaway::analysis::numbered("part", part)
                )
            },
        }));
    }
    let over = sum.is_over();
    // Normal play: whoever cannot move loses. The computer is stuck when it
    // was to move and could not; else the human is to act (or stuck).
    let human_wins = over && computer_to_move && replies.is_empty();
    let analysis = if over {
        Value::Null
    } else {
        match sum::analyze(&sum.parts(), false, false, limits) {
            Ok(a) => serde_json::to_value(&a).unwrap_or(Value::Null),
            Err(e) => json!({ "error": e.to_string() }),
        }
    };
    Ok(json!({
        "over": over,
        "winner": match (over, human_wins) {
            (false, _) => Value::Null,
            (true, true) => json!("human"),
            (true, false) => json!("computer"),
        },
        "to_act": if over { Value::Null } else { json!("human") },
        "game": "sum",
        "parts": parts_json(&sum),
        "human_parts": human_parts.unwrap_or(Value::Null),
        "replies": replies,
        "analysis": analysis,
    }))
}

/// `POST /api/sum/start` `{"parts": [{"game", "piles", "bound"?}], "first"?}`.
pub(crate) async fn sum_start(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: SumStartBody = read(body)?;
    input::parts_count(body.parts.len())?;
    let mut parts = Vec::with_capacity(body.parts.len());
    for (i, p) in body.parts.iter().enumerate() {
        let k = i + 1;
        parts.push(sum::Part {
            game: part_game(k, &p.game)?,
            piles: p.piles(k)?,
            bound: p.bound(k)?,
        });
    }
    let computer_first = body.first.unwrap_or_default() == First::Computer;
    let answer = work(&state, move |limits| {
        let sum = SumPlay::new(&parts)?;
        answer_sum_turn(sum, None, computer_first, &limits)
    })
    .await?;
    Ok(Json(answer))
}

/// `POST /api/sum/move` `{"parts": [{"game", "position"}], "part", "move"}`:
/// the human's move in one part checked and applied, then the computer's reply.
pub(crate) async fn sum_move(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: SumMoveBody = read(body)?;
    let sum = sum_of(&body.parts)?;
    let mv = body.mv.play_move()?;
    if !matches!(mv, PlayMove::Take { .. } | PlayMove::Both { .. }) {
        return Err(ApiError::bad(
            "a move in a sum takes from one pile (`take`) or from both piles of a Wythoff part (`both`)",
        ));
    }
    let part = body.part;
    let answer = work(&state, move |limits| {
        let mut sum = sum.clone();
        sum.apply(part, &mv)?;
        let human = parts_json(&sum);
        answer_sum_turn(sum, Some(human), true, &limits)
    })
    .await?;
    Ok(Json(answer))
}

/// `POST /api/sum/hint` `{"parts": [{"game", "position"}]}`: the winning
/// move (`part`, `move`) and why, or that every move loses; `outcome`,
/// `grundy` (the nim-sum), `parts` (each with its `grundy`, as `analyze sum`
/// gives them) and `values` (the parts' Grundy values).
pub(crate) async fn sum_hint(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: SumHintBody = read(body)?;
    let sum = sum_of(&body.parts)?;
    let answer = work(&state, move |limits| {
        let a = sum::analyze(&sum.parts(), false, false, &limits)?;
        let (part, mv) = match &a.winning_move {
            Some(m) => (json!(m.part), json!(PlayMove::from_analysis(&m.mv))),
            None => (Value::Null, Value::Null),
        };
        Ok(json!({
            "game": "sum",
            "outcome": a.outcome,
            "parts": a.parts,
            "winning": a.outcome == takeaway::analysis::Outcome::N,
            "part": part,
            "move": mv,
            "grundy": a.grundy.as_ref().map(takeaway::json::number),
            "values": a.parts.iter().map(|p| p.grundy.as_ref().map(takeaway::json::number)).collect::<Vec<_>>(),
            "explanation": a.explanation,
        }))
    })
    .await?;
    Ok(Json(answer))
}
