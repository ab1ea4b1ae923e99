//! The JSON API under `/api/`: the handlers, each a thin layer over the
//! library. Bodies are typed ([`crate::input`]); the work runs on the
//! blocking pool under the server's limits with a cancel token that stops it
//! when the time limit passes, the client goes away or the server shuts down.

use crate::error::ApiError;
use crate::input::{
    self, AnalyzeBody, Computer, First, GridBody, HintBody, MoveRequest, StartBody, TableBody,
    TableBodyFormat,
};
use crate::{Config, grid};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use takeaway::engine::Cancel;
use takeaway::games::play::{Play, Position, Reply};
use takeaway::games::{AnalyzeRequest, Family, Game, Limits};
use takeaway::render::turn::Turn;

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
    /// Blocking threads running a job, including stopped ones that have
    /// not noticed their token yet (their slot is already free).
    pub(crate) running: Arc<std::sync::atomic::AtomicUsize>,
    /// Middling requests (shapes known to need more than
    /// [`Config::heavy`] but less than [`Config::quick`]) take one of these
    /// permits before a quick-lane slot: however many of them come, they
    /// hold at most this many quick slots, so cheap requests never queue
    /// behind a flood of them.
    pub(crate) medium: Arc<tokio::sync::Semaphore>,
    /// What is known of each request shape: needs more than
    /// [`Config::quick`] (their like go straight to the slow lane) or more
    /// than [`Config::heavy`] (middling); at most [`MAX_SHAPES`].
    heavy_shapes: std::sync::Mutex<std::collections::HashMap<u64, Cost>>,
    /// The answer of `/api/games` (see [`games_list`]).
    games: Bytes,
}

/// Most request shapes remembered as heavy (then the memory starts afresh).
const MAX_SHAPES: usize = 4096;

/// What a request shape is known to cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cost {
    /// More than [`Config::heavy`], less than [`Config::quick`].
    Middling,
    /// More than [`Config::quick`]: the slow lane.
    Heavy,
}

impl AppState {
    /// The state for `config`, its work stopped when `shutdown` is cancelled.
    pub(crate) fn new(config: Config, shutdown: Cancel) -> Self {
        AppState {
            quick: Arc::new(tokio::sync::Semaphore::new(config.quick_workers.max(1))),
            heavy: Arc::new(tokio::sync::Semaphore::new(config.workers.max(1))),
            medium: Arc::new(tokio::sync::Semaphore::new(
                config.quick_workers.saturating_sub(1).max(1),
            )),
            games: Bytes::from(
                json!({ "games": games_list(&config.limits.clone().with_cancel(Cancel::new())) })
                    .to_string(),
            ),
            config,
            shutdown,
            running: Arc::default(),
            heavy_shapes: std::sync::Mutex::default(),
        }
    }

    /// What requests of `shape` are known to cost (`None`: cheap or unknown).
    fn cost(&self, shape: u64) -> Option<Cost> {
        self.heavy_shapes
            .lock()
            .ok()
            .and_then(|shapes| shapes.get(&shape).copied())
    }

    /// Whether requests of `shape` are known to need the slow lane.
    fn is_heavy(&self, shape: u64) -> bool {
        self.cost(shape) == Some(Cost::Heavy)
    }

    /// Remembers what a request of `shape` cost: `elapsed` of work.
    fn learn(&self, shape: u64, elapsed: std::time::Duration) {
        let cost = if elapsed >= self.config.quick {
            Some(Cost::Heavy)
        } else if elapsed >= self.config.heavy {
            Some(Cost::Middling)
        } else {
            None
        };
        if let Ok(mut shapes) = self.heavy_shapes.lock() {
            match cost {
                None => {
                    shapes.remove(&shape);
                }
                Some(cost) => {
                    if shapes.len() >= MAX_SHAPES {
                        shapes.clear();
                    }
                    shapes.insert(shape, cost);
                }
            }
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

/// Counts a job's blocking thread while it runs (see [`AppState::running`]).
struct Running(Arc<std::sync::atomic::AtomicUsize>);

impl Running {
    fn new(count: &Arc<std::sync::atomic::AtomicUsize>) -> Self {
        count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Running(Arc::clone(count))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// How long a job past its deadline may take to notice its cancel token
/// before its slot is given to the next request anyway.
const GRACE: Duration = Duration::from_millis(100);

/// Runs `job` on the blocking pool holding `permit`, under limits whose
/// cancel token is `token`, for at most `deadline` plus [`GRACE`]: `None`
/// when the token was cancelled while it ran (its answer may then be cut
/// short and is not used) or the time ran out. The slot (`permit`) is freed
/// when this returns, even if the job has not yet noticed its cancelled
/// token: it is counted in [`AppState::running`] until it has.
async fn run_in_lane<T: Send + 'static>(
    state: &AppState,
    job: &Job<T>,
    permit: tokio::sync::OwnedSemaphorePermit,
    token: &Cancel,
    deadline: Duration,
) -> Result<Option<Result<T, ApiError>>, ApiError> {
    let limits = state.limits(token.clone());
    let job = Arc::clone(job);
    let watch = token.clone();
    let running = Running::new(&state.running);
    let handle = tokio::task::spawn_blocking(move || {
        let _running = running;
        // The bound language polls the token through the scope (theory
        // code evaluates f in loops that have no token of their own).
        let token = limits.cancel.clone();
        let out = token.scope(|| job(limits));
        // Cancellation is for good: if the token is not cancelled now, no
        // check inside the job failed, so the answer is whole.
        (!watch.is_cancelled()).then_some(out)
    });
    let out = match tokio::time::timeout(deadline.saturating_add(GRACE), handle).await {
        Ok(joined) => joined.map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the computation failed: {e}"),
            )
        }),
        Err(_) => {
            token.cancel();
            Ok(None)
        }
    };
    drop(permit);
    out
}

/// Runs CPU work off the async threads in two lanes. A request whose shape
/// (`shape`: its route, game and the sizes of its numbers) is known to need
/// more than [`Config::quick`] goes straight to the slow lane; every other
/// request first gets a slot of the quick lane for at most [`Config::quick`],
/// and one that is not done by then is stopped and run again in the slow
/// lane, for at most [`Config::timeout`]; whether it needed more than
/// [`Config::quick`] there is remembered for its shape. So cheap
/// requests never queue behind heavy ones. A request that waits longer than
/// the timeout for a slot is answered 503 "busy" with Retry-After, and so is
/// every request while more stopped jobs than slots are still winding down;
/// one that computes longer is stopped (the engine's cancel token) and
/// answered 422. The token also fires when the client goes away and at
/// shutdown; a lane's slot is freed at the deadline (plus 100 ms to notice
/// the token) whatever the job does.
async fn work<T: Send + 'static>(
    state: &AppState,
    shape: u64,
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
    // Stopped jobs that have not noticed yet still use a core each.
    let slots = state.config.workers.max(1) + state.config.quick_workers.max(1);
    if state.running.load(std::sync::atomic::Ordering::Relaxed) > 2 * slots {
        return Err(busy("stopped requests are still winding down"));
    }
    let acquire = |lane: &Arc<tokio::sync::Semaphore>| {
        tokio::time::timeout(timeout, Arc::clone(lane).acquire_owned())
    };
    if !state.is_heavy(shape) {
        // Middling requests first take one of the few permits they share.
        let _gate = if state.cost(shape) == Some(Cost::Middling) {
            match acquire(&state.medium).await {
                Ok(Ok(p)) => Some(p),
                Ok(Err(_)) => return Err(shutting_down()),
                Err(_) => return Err(busy("every worker is taken")),
            }
        } else {
            None
        };
        // The quick lane.
        let permit = match acquire(&state.quick).await {
            Ok(Ok(p)) => p,
            Ok(Err(_)) => return Err(shutting_down()),
            Err(_) => return Err(busy("every worker is taken")),
        };
        let quick = state.config.quick.min(timeout);
        if state.is_heavy(shape) {
            // Learned heavy while this one waited (a burst of one shape).
            drop(permit);
            return slow_lane(state, shape, &job).await;
        }
        let token = state.shutdown.child().with_deadline(quick);
        let guard = CancelOnDrop(token.clone());
        let started = std::time::Instant::now();
        if let Some(done) = run_in_lane(state, &job, permit, &token, quick).await? {
            // Finished: cheap, or middling (the next of its shape then
            // share a few quick slots, leaving the others to cheap ones).
            state.learn(
                shape,
                started
                    .elapsed()
                    .min(quick.saturating_sub(Duration::from_nanos(1))),
            );
            return done;
        }
        drop(guard);
        if state.shutdown.is_cancelled() {
            return Err(shutting_down());
        }
        // Others of its shape go to the slow lane at once; its own run
        // there says whether they keep doing so.
        state.learn(shape, state.config.quick);
    }
    slow_lane(state, shape, &job).await
}

/// The slow lane of [`work`].
async fn slow_lane<T: Send + 'static>(
    state: &AppState,
    shape: u64,
    job: &Job<T>,
) -> Result<T, ApiError> {
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
    let started = std::time::Instant::now();
    let out = run_in_lane(state, job, permit, &token, timeout).await;
    // The estimate learns: a shape is heavy while its requests need more
    // than the quick lane's time here, where nothing else cuts them short
    // (a cheap request that overran the quick lane once on a busy machine
    // is not sent here again).
    state.learn(shape, started.elapsed());
    match out {
        Ok(Some(done)) => done,
        Err(e) => Err(e),
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

/// The shape of a request for [`work`]'s estimate: its route, its game's
/// spec and the number of digits of each number in it (two requests of one
/// shape cost about the same), hashed.
fn shape(route: &str, game: &str, numbers: &[&num_bigint::BigUint], extra: &[u64]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    route.hash(&mut h);
    game.hash(&mut h);
    for n in numbers {
        n.bits().hash(&mut h);
    }
    extra.hash(&mut h);
    h.finish()
}

/// [`shape`] of a request about one position.
fn pos_shape(route: &str, game: &Game, pos: &Position, extra: &[u64]) -> u64 {
    let mut numbers: Vec<&num_bigint::BigUint> = pos.piles.iter().collect();
    numbers.extend(pos.bound.as_ref());
    let mut spec = game.spec();
    for part in &pos.parts {
        numbers.extend(part.position.piles.iter());
        numbers.extend(part.position.bound.as_ref());
        spec.push('\n');
        spec.push_str(&part.game);
    }
    shape(route, &spec, &numbers, extra)
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
    let pos = body.position()?;
    let mut req = AnalyzeRequest::at(&pos);
    req.all = body.all;
    req.exhaustive = body.exhaustive;
    let shape = pos_shape(
        "analyze",
        &game,
        &pos,
        &[u64::from(req.all), u64::from(req.exhaustive)],
    );
    let analysis = work(&state, shape, move |limits| {
        let mut req = req.clone();
        req.limits = limits;
        Ok(game.analyze(&req)?)
    })
    .await?;
    to_json(&analysis)
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
    // The memory (memory games), read before the position moves into the turn.
    let memory = memory_json(game, &pos);
    let turn = Turn::after(
        game,
        human_position.cloned(),
        pos,
        replies,
        human_to_act,
        limits,
        BOARD_COUNTERS,
    )?;
    let mut out = to_json(&turn)?.0;
    if let Value::Object(m) = &mut out {
        m.insert("memory".into(), memory);
    }
    Ok(out)
}

/// The memory of `pos` (memory games: the previous take and the takes it
/// allows, [`takeaway::games::custom::Memory`], with `text`, its words) as
/// JSON; for a sum, an
/// array with each part's (null for a part without memory); null for a
/// game without memory or when it cannot be read.
fn memory_json(game: &Game, pos: &Position) -> Value {
    if !pos.parts.is_empty() {
        let parts: Vec<Value> = pos
            .parts
            .iter()
            .map(|p| {
                Game::parse(&p.game)
                    .ok()
                    .map_or(Value::Null, |g| memory_json(&g, &p.position))
            })
            .collect();
        return if parts.iter().all(Value::is_null) {
            Value::Null
        } else {
            Value::Array(parts)
        };
    }
    let Ok(Some(memory)) = game.memory(pos) else {
        return Value::Null;
    };
    serde_json::to_value(&memory).unwrap_or(Value::Null)
}

/// `POST /api/start` `{"game", "piles", "bound"?, "first"?: "human"|"computer"}`.
pub(crate) async fn start(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: StartBody = read(body)?;
    let game = input::game(&body.game)?;
    let start = body.position()?;
    let computer_first = body.first.unwrap_or_default() == First::Computer;
    let computer = body.computer;
    let shape = pos_shape(
        "start",
        &game,
        &start,
        &[
            u64::from(computer_first),
            u64::from(computer == Computer::Table41),
        ],
    );
    let answer = work(&state, shape, move |limits| {
        let pos = game.check_position(&start)?;
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
    let has_table = game
        .entry()
        .is_some_and(|f| f.capabilities.strategies.contains(&"table-4.1"));
    if computer == Computer::Table41 && !has_table {
        return Err(ApiError::bad(format!(
            "cannot play by Table 4.1: it is a strategy for two-pile games (two-pile:f=EXPR), not {}",
            game.spec()
        )));
    }
    let shape = pos_shape("move", &game, &pos, &[]);
    let answer = work(&state, shape, move |limits| {
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
    let shape = pos_shape("hint", &game, &pos, &[]);
    let hint = work(&state, shape, move |limits| Ok(game.hint(&pos, &limits)?)).await?;
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
    grid::check_size(&pos, side)?;
    let shape = pos_shape("grid", &game, &pos, &[side as u64]);
    let value = work(&state, shape, move |limits| {
        grid::grid(&game, &pos, side, &limits)
    })
    .await?;
    Ok(Json(value))
}

/// `POST /api/table` `{"game", "rows", "cols"?, "grundy"?, "summary"?,
/// "sequence"?, "format"?}`: the table of `takeaway table` in one of its
/// shapes, `json` (the `--json` document), `csv`, `text` or `bfile` (an
/// OEIS b-file of a one-dimensional table; with `"grundy": true,
/// "sequence": "starts"|"maxima"` one of the Grundy rows' sequences; with
/// `"sequence": "h-sequence"` Schwenk's H-sequence of a one-pile game's
/// bound), the
/// same bytes as the command line's but for its provenance (`generator`,
/// the `#` line).
pub(crate) async fn table(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    use takeaway::games::grundy_table::{self, RowSequence};
    use takeaway::games::h_sequence_table;
    use takeaway::games::{NoProgress, TableFormat, TableRequest};
    let body: TableBody = read(body)?;
    let game = input::game(&body.game)?;
    let h_sequence = body.sequence.as_deref() == Some(h_sequence_table::NAME);
    if h_sequence && body.grundy {
        return Err(ApiError::bad(
            "sequence: h-sequence is the bound's H-sequence, not a sequence of Grundy rows: drop \"grundy\"",
        ));
    }
    let sequence = match body.sequence.as_deref() {
        None => None,
        Some(_) if h_sequence => None,
        Some(name) if body.grundy => Some(RowSequence::parse(name).ok_or_else(|| {
            ApiError::bad(format!(
                "sequence: `{name}` is not a sequence of Grundy rows; expected one of: starts, maxima"
            ))
        })?),
        Some(_) => {
            return Err(ApiError::bad(
                "sequence: starts and maxima need \"grundy\": true; without it the one sequence is h-sequence",
            ));
        }
    };
    if body.format == TableBodyFormat::Bfile && body.grundy && sequence.is_none() {
        return Err(ApiError::bad(format!(
            "a Grundy table of {} is two-dimensional, so it has no b-file: pick one of its sequences with \"sequence\": \"starts\" or \"maxima\"",
            game.spec()
        )));
    }
    let format = match body.format {
        TableBodyFormat::Json => TableFormat::Json,
        TableBodyFormat::Csv => TableFormat::Csv,
        TableBodyFormat::Text => TableFormat::Text,
        TableBodyFormat::Bfile => TableFormat::Bfile,
    };
    let (rows, cols, grundy, summary) = (body.rows, body.cols, body.grundy, body.summary);
    let extra = [
        rows,
        cols.unwrap_or(u64::MAX),
        u64::from(grundy),
        u64::from(summary),
        // 0: no sequence; 1, 2: a Grundy rows' sequence; 3: the H-sequence.
        if h_sequence {
            3
        } else {
            sequence.map_or(0, |s| 1 + s as u64)
        },
    ];
    let route_shape = shape("table", &game.spec(), &[], &extra);
    let table = work(&state, route_shape, move |limits| {
        let req = TableRequest {
            rows,
            cols,
            limits,
            progress: &NoProgress,
            summary,
            format,
            slice: Vec::new(),
        };
        Ok(match sequence {
            _ if h_sequence => h_sequence_table::table(&game, &req)?,
            Some(which) => grundy_table::row_sequence(&game, which, &req)?,
            None if grundy => grundy_table::table(&game, &req)?,
            None => game.table(&req)?,
        })
    })
    .await?;
    let text = |body: String, kind: &'static str| {
        (
            [(
                axum::http::header::CONTENT_TYPE,
                axum::http::HeaderValue::from_static(kind),
            )],
            body,
        )
            .into_response()
    };
    Ok(match body.format {
        TableBodyFormat::Json => to_json(&table.document())?.into_response(),
        TableBodyFormat::Csv => text(table.csv, "text/csv; charset=utf-8"),
        TableBodyFormat::Text => text(table.text, "text/plain; charset=utf-8"),
        TableBodyFormat::Bfile => text(
            table
                .bfile()
                .map_err(|e| ApiError::bad(format!("this table has no b-file: {e}")))?,
            "text/plain; charset=utf-8",
        ),
    })
}

/// The counters a board shows per pile (the page draws a bar beyond): the
/// moves of piles of at most this many come with
/// [`takeaway::games::options::MoveOptions`].
pub(crate) const BOARD_COUNTERS: usize = 60;

/// Every entry of the library's one list ([`takeaway::family::FAMILIES`])
/// as JSON ([`takeaway::family::Family::catalogue_json`]: its catalogue
/// fields, its capabilities with misère theory computed from its example
/// spec, `example`), with `piles` and `bound` (the start) at the top.
fn catalogue() -> Vec<(&'static takeaway::family::Family, Value)> {
    takeaway::family::all()
        .into_iter()
        .map(|f| {
            let mut v = f.catalogue_json();
            if let Value::Object(m) = &mut v {
                m.insert("piles".into(), json!(f.start.piles));
                if let Some(b) = f.start.bound {
                    m.insert("bound".into(), json!(b));
                }
                // The example start as a wire position (a sum's: its parts).
                m.insert(
                    "position".into(),
                    serde_json::to_value(f.example_position()).unwrap_or(Value::Null),
                );
            }
            (f, v)
        })
        .collect()
}

/// `GET /api/games`: every family of the one list with its parameters,
/// capabilities and whether it is available in this build.
pub(crate) async fn games(State(state): Shared) -> impl axum::response::IntoResponse {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            axum::http::HeaderValue::from_static("application/json"),
        )],
        state.games.clone(),
    )
}

/// The catalogue with each family's `available` (a family answers
/// `analyze` on its example start; a sum on its example parts): computed
/// once when the server starts (it does not change while it runs), so
/// `/api/games` takes no lane and answers at once whatever the load.
fn games_list(limits: &Limits) -> Vec<Value> {
    catalogue()
        .into_iter()
        .map(|(f, mut g)| {
            let start = f.example_position();
            let available = Game::parse(&f.example_spec()).is_ok_and(|game| {
                let mut req = AnalyzeRequest::at(&start);
                req.limits = limits.clone();
                game.analyze(&req).is_ok()
                    && game
                        .check_position(&start)
                        .is_ok_and(|p| game.legal_moves(&p, 1).len() == 1)
            });
            if let Value::Object(m) = &mut g {
                m.insert("available".into(), json!(available));
            }
            g
        })
        .collect()
}

/// `POST /api/options` `{"game", "position"}`: which moves are legal among
/// the counters the board shows and why the others are not
/// ([`takeaway::games::options::MoveOptions`]).
pub(crate) async fn options(
    State(state): Shared,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let body: HintBody = read(body)?;
    let game = input::game(&body.game)?;
    let pos = position(&game, &body.position)?;
    let shape = pos_shape("options", &game, &pos, &[]);
    let options = work(&state, shape, move |_| {
        Ok(game.move_options(&pos, BOARD_COUNTERS)?)
    })
    .await?;
    to_json(&options)
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
