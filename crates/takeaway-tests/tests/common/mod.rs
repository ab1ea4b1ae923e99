//! A minimal HTTP/1.1 client for the tests (one request per connection), so the
//! tests need no HTTP client crate. Loopback only.

#![allow(dead_code, unreachable_pub)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A response: status code and body text.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub body: String,
}

impl Response {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

fn request_bytes(addr: SocketAddr, method: &str, path: &str, body: Option<&[u8]>) -> Vec<u8> {
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAccept: application/json\r\n"
    )
    .into_bytes();
    if let Some(b) = body {
        req.extend_from_slice(
            format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                b.len()
            )
            .as_bytes(),
        );
    }
    req.extend_from_slice(b"\r\n");
    if let Some(b) = body {
        req.extend_from_slice(b);
    }
    req
}

/// Parses a raw HTTP/1.x response (Content-Length, chunked or until close).
pub fn parse_response(raw: &[u8]) -> Response {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("no end of headers");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut body = raw[split + 4..].to_vec();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("no status");
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase().starts_with("transfer-encoding:")
            && l.to_ascii_lowercase().contains("chunked")
    });
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..eol]).trim(), 16)
                .unwrap_or(0);
            if size == 0 {
                break;
            }
            let start = eol + 2;
            out.extend_from_slice(&rest[start..start + size]);
            rest = &rest[start + size + 2..];
        }
        body = out;
    } else if let Some(len) = head.lines().find_map(|l| {
        let l = l.to_ascii_lowercase();
        l.strip_prefix("content-length:")
            .and_then(|v| v.trim().parse::<usize>().ok())
    }) {
        body.truncate(len);
    }
    Response {
        status,
        body: String::from_utf8_lossy(&body).to_string(),
    }
}

/// Whether `raw` holds a whole response (by Content-Length or the last chunk).
fn complete(raw: &[u8]) -> bool {
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let body = &raw[split + 4..];
    if let Some(len) = head.lines().find_map(|l| {
        l.strip_prefix("content-length:")
            .and_then(|v| v.trim().parse::<usize>().ok())
    }) {
        return body.len() >= len;
    }
    if head.contains("chunked") {
        return body.ends_with(b"0\r\n\r\n");
    }
    false
}

/// One blocking request.
pub fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&[u8]>) -> Response {
    // The server may answer (413) before reading a large body: `raw` ignores write errors.
    raw(addr, &request_bytes(addr, method, path, body))
}

/// Sends raw request bytes (headers written by the test) and reads the answer.
pub fn raw(addr: SocketAddr, request: &[u8]) -> Response {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).ok();
    let _ = s.write_all(request);
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
        if complete(&raw) {
            break;
        }
    }
    parse_response(&raw)
}

/// POST a JSON value.
pub fn post(addr: SocketAddr, path: &str, body: &serde_json::Value) -> Response {
    http(addr, "POST", path, Some(body.to_string().as_bytes()))
}

/// One request over tokio.
pub async fn http_async(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
) -> Response {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let _ = s.write_all(&request_bytes(addr, method, path, body)).await;
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
        if complete(&raw) {
            break;
        }
    }
    parse_response(&raw)
}

/// The server on a port of its own, on a runtime of its own; stopped and
/// joined on drop.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Stops the server and fails the test if its thread panicked.
    pub fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            t.join().expect("server thread");
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Starts [`Server`] on 127.0.0.1 with the default configuration.
pub fn server() -> Server {
    server_with(takeaway_web::Config::default())
}

/// Starts [`Server`] on 127.0.0.1 with `config`.
pub fn server_with(config: takeaway_web::Config) -> Server {
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            addr_tx
                .send(listener.local_addr().expect("addr"))
                .expect("send");
            takeaway_web::serve(listener, config, async {
                let _ = rx.await;
            })
            .await
            .expect("serve");
        });
    });
    let addr = addr_rx
        .recv_timeout(Duration::from_secs(10))
        .expect("address");
    Server {
        addr,
        stop: Some(tx),
        thread: Some(thread),
    }
}

/// Longest wait of a hang guard: generous, so that only a hang fails it (how
/// fast things are is measured in BENCHMARKS.md, never asserted in a test).
pub const HANG_GUARD: Duration = Duration::from_secs(120);

/// Runs `work` on a thread of its own and returns its result, failing the
/// test if it has not finished within [`HANG_GUARD`] (a hang, not a speed
/// check) or if it panicked.
pub fn hang_guard<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    match rx.recv_timeout(HANG_GUARD) {
        Ok(value) => value,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("hang guard: {what} did not finish within {HANG_GUARD:?}")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}
