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
//!
//! A position is `{"piles": [..], "bound": W|null, "call": C?}`; a move is
//! `{"kind": "take", "pile": I, "take": T}`, `{"kind": "both", "take": T}`,
//! `{"kind": "call", "call": C}` or `{"kind": "pick", "pile": I}` (piles 0-based).
//!
//! Work per request is capped by [`takeaway::games::Limits::strict`] and a time
//! limit, and runs on the blocking pool, a few requests at a time.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! takeaway_web::serve(listener, takeaway_web::Config::default(), std::future::pending()).await
//! # }
//! ```

mod api;
pub mod assets;
mod error;
pub mod grid;
pub mod input;

pub use error::ApiError;

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
    /// Work caps for every request (default [`Limits::strict`]).
    pub limits: Limits,
    /// Longest time one request may compute (default 10 s).
    pub timeout: Duration,
    /// Most requests computing at once (default: twice the cores).
    pub workers: usize,
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
            workers: cores.saturating_mul(2).max(2),
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

/// Refuses a request whose `Host` is not loopback (unless the server is
/// public) with 421, and a POST whose body is not JSON with 415.
async fn guard(
    axum::extract::State((public, bound)): axum::extract::State<(bool, Option<String>)>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::{Method, StatusCode};
    if !public {
        let host = req
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .or_else(|| req.uri().authority().map(|a| a.as_str()))
            .unwrap_or("");
        if !loopback_host(host) && bound.as_deref() != Some(host) {
            return ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                format!(
                    "this server answers only on loopback (Host `{host}` refused); start it with `serve --public` to serve other names"
                ),
            )
            .into_response();
        }
    }
    if req.method() == Method::POST {
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
    }
    next.run(req).await
}

/// The application, its requests' work stopped when `shutdown` is cancelled.
fn router_with(config: Config, shutdown: Cancel, bound: Option<SocketAddr>) -> Router {
    let workers = config.workers.max(1);
    let hosts = (config.public, bound.map(|a| a.to_string()));
    let state = Arc::new(api::AppState {
        config,
        permits: Arc::new(tokio::sync::Semaphore::new(workers)),
        shutdown,
    });
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
        .fallback(|| async {
            ApiError::new(
                axum::http::StatusCode::NOT_FOUND,
                "no such page or API route",
            )
        })
        .layer(DefaultBodyLimit::max(input::MAX_BODY))
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(hosts, guard))
}

/// Serves on `listener` until `shutdown` completes, then cancels the work in
/// flight (it stops within a fraction of a second), lets the requests answer
/// and returns.
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
    let stop = cancel.clone();
    let bound = listener.local_addr().ok();
    axum::serve(listener, router_with(config, cancel, bound))
        .with_graceful_shutdown(async move {
            shutdown.await;
            stop.cancel();
        })
        .await
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
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, config, shutdown_signal()).await
    })
}
