//! # takeaway-web
//!
//! The web front-end of takeaway: one page to play take-away games against the
//! computer and see why positions are won or lost, and the JSON API it uses.
//! The page's files are embedded in the binary; nothing is fetched from the
//! network.
//!
//! API (bodies are JSON objects of at most 64 KiB; numbers are exact JSON
//! numbers or digit strings of at most 2000 digits; every error is a 4xx/5xx
//! status with `{"error": "..."}`):
//!
//! | route | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | the families, their parameters, whether built |
//! | `POST /api/analyze` | `{"game", "piles", "bound"?, "all"?, "exhaustive"?}` | the JSON of `takeaway analyze --json` |
//! | `POST /api/start` | `{"game", "piles", "bound"?, "first"?}` | the start, the computer's first actions when it begins |
//! | `POST /api/move` | `{"game", "position", "move"}` | the human's move checked, the computer's reply |
//! | `POST /api/hint` | `{"game", "position"}` | a winning move and why, or that every move loses |
//! | `POST /api/grid` | `{"game", "position", "size"?}` | outcomes around the position (heatmap) |
//! | `POST /api/options` | `{"game", "position"}` | the legal moves among the counters shown, and why the others are not |
//! | `POST /api/table` | `{"game", "rows", "cols"?, "grundy"?, "summary"?, "sequence"?, "format"?}` | the table of `takeaway table`: `format` `json` (default), `csv`, `text` or `bfile` (an OEIS b-file); `sequence`: `starts` or `maxima` with `"grundy": true`, `h-sequence` without |
//!
//! `/api/start` and `/api/move` take `"computer": "best" | "table-4.1"`
//! (two-pile games: paper 000's Table 4.1, refused outside its hypotheses).
//!
//! A position is `{"piles": [..], "bound": W|null, "call": C?}`; a move is
//! `{"kind": "take", "pile": I, "take": T}`, `{"kind": "both", "take": T}`,
//! `{"kind": "call", "call": C}` or `{"kind": "pick", "pile": I}` (piles 0-based).
//! A sum of games (`"game": "sum"`) is a game like the others: its position
//! is `{"parts": [{"game", "piles", "bound"?}, ..]}` (also the start's and
//! the analysis' `"parts"`), its move `{"kind": "part", "part": K, "move": M}`.
//!
//! Work per request is capped by [`takeaway::games::Limits::strict`], a share
//! of one server-wide memory budget and a time limit, and runs on the
//! blocking pool in two lanes (every request starts in a quick lane; one not
//! done within 50 ms moves to a slow lane), so cheap requests never wait
//! behind expensive ones. Connections must send a head within 5 s and a body
//! within 10 s; at most 1536 are open at once.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! takeaway_web::serve(listener, takeaway_web::Config::default(), std::future::pending()).await
//! # }
//! ```

mod api;
pub mod assets;
pub mod conn;
mod error;
pub mod grid;
pub mod input;

pub use error::{ApiError, FieldNames};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use takeaway::engine::Cancel;
use takeaway::games::Limits;

/// Server settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Work caps for every request (default [`Limits::strict`]); the memory
    /// cap is at most the request's share of [`Config::memory_budget`].
    pub limits: Limits,
    /// Longest time one request may compute in the slow lane, and longest
    /// time it may wait for a slot (default 10 s): past the first it is
    /// stopped and answered 422, past the second 503 "busy".
    pub timeout: Duration,
    /// Slots of the slow lane: most long requests computing at once
    /// (default: the cores but one, so that a core is left for the quick
    /// lane).
    pub workers: usize,
    /// Slots of the quick lane, where every request starts (default: the
    /// cores, at least 2).
    pub quick_workers: usize,
    /// Longest time a request computes in the quick lane before it is
    /// stopped and run again in the slow lane (default 50 ms).
    pub quick: Duration,
    /// A request whose run takes longer than this (default 5 ms, but less
    /// than [`Config::quick`]) marks its shape as middling: the next
    /// requests of that shape share a few slots of the quick lane (its
    /// slots but one), so 200 clients flooding the server with 6 ms
    /// heatmaps queue among themselves and a 0.1 ms request never waits
    /// behind them (with only the 50 ms cut-off they filled the quick lane:
    /// p99 711 ms).
    pub heavy: Duration,
    /// Bytes of work memory shared by every computing request (default
    /// 128 MiB): each slot of either lane may use its share. With the
    /// bodies being read (at most 64 KiB a connection) the server stays
    /// under 320 MiB whatever comes.
    pub memory_budget: u64,
    /// Longest time to receive a request's head, and longest idle time
    /// between two requests on a kept-alive connection (default 5 s).
    pub header_timeout: Duration,
    /// Longest time to receive a request's body once its head has come
    /// (default 10 s): a connection without a whole request is closed at
    /// most `header_timeout + body_timeout` after it opened.
    pub body_timeout: Duration,
    /// Most connections open at once (default 1536); more are closed at once.
    pub max_connections: usize,
    /// Most requests in progress at once, once their body has come (waiting
    /// or computing; default 256); more are answered 503 "busy" at once.
    pub max_pending: usize,
    /// Serve any `Host` (`serve --public`); by default only loopback names
    /// and the bound address are accepted (a guard against DNS rebinding).
    pub public: bool,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            limits: Limits::strict(),
            timeout: Duration::from_secs(10),
            workers: cores.saturating_sub(1).max(1),
            quick_workers: cores.max(2),
            quick: Duration::from_millis(50),
            heavy: Duration::from_millis(5),
            memory_budget: 128 << 20,
            header_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(10),
            max_connections: 1536,
            max_pending: 256,
            public: false,
        }
    }
}

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(
                    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'",
                ),
            ),
        ],
        body,
    )
}

/// The application: the page, its assets and the API.
///
/// ```
/// let _app = takeaway_web::router(takeaway_web::Config::default());
/// ```
pub fn router(config: Config) -> Router {
    router_with(config, Cancel::new(), None)
}

/// Whether a `Host` header names this machine's loopback (any port).
///
/// ```
/// use takeaway_web::loopback_host;
/// assert!(loopback_host("127.0.0.1:8080") && loopback_host("localhost") && loopback_host("[::1]:9000"));
/// assert!(!loopback_host("evil.example:8080") && !loopback_host("127.0.0.1.evil.example"));
/// ```
pub fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(h, _)| h),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// What the guard in front of every route needs.
#[derive(Clone)]
struct Guard {
    public: bool,
    bound: Option<String>,
    body_timeout: Duration,
    pending: Arc<tokio::sync::Semaphore>,
}

/// Refuses a request whose `Host` is not loopback (unless the server is
/// public) with 421, a POST whose body is not JSON with 415, a request over
/// the cap of requests in progress with 503, and a body that does not come
/// within the body timeout with 408 (and closes the connection).
async fn guard(
    axum::extract::State(g): axum::extract::State<Guard>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::{Method, StatusCode};
    if !g.public {
        let host = req
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .or_else(|| req.uri().authority().map(|a| a.as_str()))
            .unwrap_or("");
        if !loopback_host(host) && g.bound.as_deref() != Some(host) {
            return ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                format!(
                    "this server answers only on loopback (Host `{host}` refused); start it with `serve --public` to serve other names"
                ),
            )
            .into_response();
        }
    }
    let admit = || Arc::clone(&g.pending).try_acquire_owned().ok();
    if req.method() != Method::POST {
        let Some(_slot) = admit() else {
            return api::busy("too many requests in progress").into_response();
        };
        return next.run(req).await;
    }
    let json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
    if !json {
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the request body must be JSON: send `Content-Type: application/json`",
        )
        .into_response();
    }
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request body is over the limit of {} bytes",
                input::MAX_BODY
            ),
        )
        .into_response()
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > input::MAX_BODY as u64) {
        return too_large();
    }
    let (parts, body) = req.into_parts();
    match tokio::time::timeout(g.body_timeout, axum::body::to_bytes(body, input::MAX_BODY)).await {
        Ok(Ok(bytes)) => {
            let Some(_slot) = admit() else {
                return api::busy("too many requests in progress").into_response();
            };
            next.run(axum::extract::Request::from_parts(parts, bytes.into()))
                .await
        }
        Ok(Err(e)) if format!("{e:?}").contains("LengthLimit") => too_large(),
        Ok(Err(e)) => ApiError::bad(format!("cannot read the request body: {e}")).into_response(),
        Err(_) => {
            let mut r = ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not come within {} ms",
                    g.body_timeout.as_millis()
                ),
            )
            .into_response();
            r.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            r
        }
    }
}

/// The application, its requests' work stopped when `shutdown` is cancelled.
fn router_with(config: Config, shutdown: Cancel, bound: Option<SocketAddr>) -> Router {
    let guard_state = Guard {
        public: config.public,
        bound: bound.map(|a| a.to_string()),
        body_timeout: config.body_timeout,
        pending: Arc::new(tokio::sync::Semaphore::new(config.max_pending.max(1))),
    };
    let state = Arc::new(api::AppState::new(config, shutdown));
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", assets::INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", assets::APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", assets::STYLE_CSS) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", assets::FAVICON_SVG) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { asset("image/svg+xml", assets::FAVICON_SVG) }),
        )
        .route("/api/games", get(api::games))
        .route("/api/analyze", post(api::analyze))
        .route("/api/start", post(api::start))
        .route("/api/move", post(api::play_move))
        .route("/api/hint", post(api::hint))
        .route("/api/grid", post(api::grid))
        .route("/api/options", post(api::options))
        .route("/api/table", post(api::table))
        .fallback(|| async {
            ApiError::new(
                axum::http::StatusCode::NOT_FOUND,
                "no such page or API route",
            )
        })
        .method_not_allowed_fallback(|method: axum::http::Method| async move {
            ApiError::new(
                axum::http::StatusCode::METHOD_NOT_ALLOWED,
                format!("{method} is not allowed here (the API's routes take POST, the pages GET)"),
            )
        })
        .layer(DefaultBodyLimit::max(input::MAX_BODY))
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(guard_state, guard))
}

/// Serves on `listener` until `shutdown` completes: each connection must
/// send a request's head within [`Config::header_timeout`] (also the idle
/// keep-alive time) and its body within [`Config::body_timeout`], at most
/// [`Config::max_connections`] are open at once. At shutdown it stops
/// accepting, cancels the work in flight (it stops within a fraction of a
/// second), gives the connections up to a second to answer, and returns.
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
/// let (tx, rx) = tokio::sync::oneshot::channel::<()>();
/// let server = tokio::spawn(takeaway_web::serve(listener, Default::default(), async { let _ = rx.await; }));
/// let _ = tx.send(());
/// server.await.unwrap()
/// # }
/// ```
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let cancel = Cancel::new();
    let bound = listener.local_addr().ok();
    let header_timeout = config.header_timeout;
    let connections = Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1)));
    let all = config.max_connections.max(1);
    let app = router_with(config, cancel.clone(), bound);
    let registry = Arc::new(conn::Registry::new());
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    // Past conn::MAX_STALLED connections waiting for their readers, the
    // oldest are closed.
    let sweeper = {
        let registry = Arc::clone(&registry);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(100)).await;
                while registry.stalled() > conn::MAX_STALLED && registry.evict_one() {}
            }
        })
    };
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, _) = tokio::select! {
            // The shutdown future first: its first poll installs the signal
            // handlers, which must be in place before the first request is
            // answered (`/api/games` answers at once: a Ctrl-C right after
            // it found the default handler and killed the process).
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // Out of file descriptors and the like: wait a little, go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        // Every slot taken: close the connection that has waited longest
        // for its client to read and give its slot to this one (waited for
        // off the accept loop); if none has waited, close this one at once.
        let slot = match Arc::clone(&connections).try_acquire_owned() {
            Ok(slot) => Some(slot),
            Err(_) if registry.evict_one() => None,
            Err(_) => {
                drop(stream);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let router = hyper_util::service::TowerToHyperService::new(app.clone());
        let mut stop = stop_rx.clone();
        let registry = Arc::clone(&registry);
        let connections = Arc::clone(&connections);
        tokio::spawn(async move {
            let _slot = match slot {
                Some(slot) => slot,
                None => {
                    let freed = tokio::time::timeout(
                        Duration::from_millis(500),
                        connections.acquire_owned(),
                    );
                    match freed.await {
                        Ok(Ok(slot)) => slot,
                        _ => return,
                    }
                }
            };
            let (state, _registered) = registry.register();
            let stream = conn::Watched::new(stream, Arc::clone(&state), Arc::clone(&registry));
            // Requests sent ahead without reading: the answer past
            // `conn::MAX_PIPELINED` closes the connection.
            let ahead = Arc::clone(&state);
            let service = hyper::service::service_fn(move |req| {
                let close = ahead.request_closes();
                let answer = hyper::service::Service::call(&router, req);
                async move {
                    let mut answer = answer.await?;
                    if close {
                        answer
                            .headers_mut()
                            .insert(header::CONNECTION, HeaderValue::from_static("close"));
                    }
                    Ok::<_, std::convert::Infallible>(answer)
                }
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(true);
            let conn = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                // Evicted (its client reads nothing): closed at once.
                () = state.evict.notified() => return,
                _ = stop.wait_for(|s| *s) => {}
            }
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(1), conn).await;
        });
    }
    drop(listener);
    sweeper.abort();
    cancel.cancel();
    let _ = stop_tx.send(true);
    // Wait for the connections to close (at most a little over a second).
    let _ = tokio::time::timeout(
        Duration::from_millis(1500),
        connections.acquire_many(u32::try_from(all).unwrap_or(u32::MAX)),
    )
    .await;
    Ok(())
}

/// Completes on the first Ctrl-C (SIGINT) or SIGTERM; a second one exits the
/// process at once (status 130), whatever is still running.
pub async fn shutdown_signal() {
    one_signal().await;
    tokio::spawn(async {
        one_signal().await;
        std::process::exit(130);
    });
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM.
async fn one_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// Binds `addr`, calls `ready` with the address bound (useful with port 0),
/// and serves until Ctrl-C or SIGTERM.
///
/// ```no_run
/// takeaway_web::serve_blocking("127.0.0.1:8080".parse().unwrap(), |addr| {
///     let _ = addr;
/// }).unwrap();
/// ```
pub fn serve_blocking(addr: SocketAddr, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    serve_blocking_with(addr, Config::default(), ready)
}

/// [`serve_blocking`] with a configuration (e.g. `public` for `serve --public`).
pub fn serve_blocking_with(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, config, shutdown_signal()).await
    });
    // Work still running was cancelled: do not wait for it.
    runtime.shutdown_timeout(Duration::from_millis(300));
    result
}
