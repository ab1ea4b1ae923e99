//! Requests per second of `POST /api/analyze` on loopback: starts the server
//! in-process and sends REQUESTS requests from CONCURRENCY keep-alive-free
//! connections at a time.
//!
//! `cargo bench -p takeaway-bench --bench load -- [GAME] [PILE] [REQUESTS] [CONCURRENCY]`
//! (defaults: fibonacci 1000000 20000 64).

#![allow(clippy::print_stdout)]

use std::time::Instant;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::main]
async fn main() -> std::io::Result<()> {
    // `cargo bench` adds `--bench` to the arguments of a harness-free bench.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let game = args.first().cloned().unwrap_or_else(|| "fibonacci".into());
    let pile = args.get(1).cloned().unwrap_or_else(|| "1000000".into());
    let requests: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let concurrency: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(64);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(takeaway_web::serve(
        listener,
        takeaway_web::Config::default(),
        async {
            let _ = rx.await;
        },
    ));
    let body = format!("{{\"game\": \"{game}\", \"piles\": [{pile}]}}");
    let request = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let request = std::sync::Arc::new(request);
    let start = Instant::now();
    let per_task = requests / concurrency;
    let mut tasks = Vec::new();
    for _ in 0..concurrency {
        let request = request.clone();
        tasks.push(tokio::spawn(async move {
            let mut ok = 0usize;
            for _ in 0..per_task {
                let Ok(mut s) = tokio::net::TcpStream::connect(addr).await else {
                    continue;
                };
                if s.write_all(request.as_bytes()).await.is_err() {
                    continue;
                }
                let mut raw = Vec::new();
                if s.read_to_end(&mut raw).await.is_ok() && raw.starts_with(b"HTTP/1.1 200") {
                    ok += 1;
                }
            }
            ok
        }));
    }
    let mut ok = 0;
    for t in tasks {
        ok += t.await.unwrap_or(0);
    }
    let secs = start.elapsed().as_secs_f64();
    let sent = per_task * concurrency;
    println!(
        "{game} {pile}: {sent} requests ({ok} answered 200) in {secs:.2} s with {concurrency} connections at a time: {:.0} requests/s",
        sent as f64 / secs
    );
    let _ = tx.send(());
    let _ = server.await;
    Ok(())
}
