//! Slow readers: a connection whose client does not read its answers.
//!
//! Every accepted stream is wrapped in a watched stream that notes since
//! when its answer has been waiting for the client to read (a write that
//! could not go out at once) and fails the connection once one answer has
//! waited longer than [`RESPONSE_DEADLINE`] — a client that reads a byte a
//! second gets no more time than one that reads nothing. The kernel's send
//! buffer of each connection is kept small ([`SEND_BUFFER`]) so that
//! thousands of non-reading clients cannot pin much kernel memory, and when
//! every connection slot is taken, the connection that has waited longest
//! for its reader (at least [`EVICT_AFTER`]) is closed to make room for a
//! new client.
//!
//! At most [`MAX_STALLED`] stalled connections are kept: past that, the
//! oldest are closed (checked every 100 ms).
//!
//! Law: a connection is closed at most [`RESPONSE_DEADLINE`] (plus the
//! timer's tick) after its answer first stalled, and a new client finds a
//! slot whenever some connection's answer has stalled for [`EVICT_AFTER`].

use std::collections::HashMap;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Notify;

/// Longest time one answer may wait for its client to read it.
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(10);

/// A connection whose answer has waited this long may be closed to make
/// room for a new client when every slot is taken.
pub const EVICT_AFTER: Duration = Duration::from_millis(200);

/// Bytes of the kernel's send buffer of each connection (16 KiB; the kernel
/// doubles it for its bookkeeping). Without it the kernel grows a stalled
/// connection's buffer up to 4 MiB: 1,000 non-reading clients pinned
/// 860 MiB.
pub const SEND_BUFFER: usize = 16 << 10;

/// Most connections whose answer waits for its reader at once: past this,
/// those that have waited longest (at least [`EVICT_AFTER`]) are closed,
/// so that non-reading clients pin little kernel memory whatever their
/// number.
pub const MAX_STALLED: usize = 256;

/// Most requests answered one after another from what a client sent ahead
/// (HTTP/1.1 pipelining) before the connection closes: the answer to the
/// next one says `Connection: close`. A client that never reads cannot make
/// the server fill its receive buffer: 1,540 such clients pipelining 200
/// requests each pinned ~210 MiB of (their own) kernel receive buffers;
/// browsers and HTTP libraries do not pipeline, so they never meet the cap.
pub const MAX_PIPELINED: u32 = 4;

/// What the server knows of one open connection.
#[derive(Debug, Default)]
pub(crate) struct ConnState {
    /// Milliseconds since [`Registry`]'s start at which the answer being
    /// written first stalled, plus one; 0 when nothing waits for the reader.
    stalled_since: AtomicU64,
    /// Reads that brought new bytes from the client.
    data_reads: AtomicU64,
    /// `data_reads` when the last request was taken up.
    reads_at_last_request: AtomicU64,
    /// Requests taken up one after another with no new bytes read between
    /// them (sent ahead by the client).
    pipelined: std::sync::atomic::AtomicU32,
    /// Closes the connection when notified.
    pub(crate) evict: Notify,
}

impl ConnState {
    /// Notes that a request is taken up; whether its answer must close the
    /// connection (more than [`MAX_PIPELINED`] requests in a row came with
    /// no new bytes read between them: the client sends ahead and may not be
    /// reading).
    pub(crate) fn request_closes(&self) -> bool {
        let reads = self.data_reads.load(Ordering::Relaxed);
        let before = self.reads_at_last_request.swap(reads, Ordering::Relaxed);
        if reads == before {
            self.pipelined.fetch_add(1, Ordering::Relaxed) + 1 >= MAX_PIPELINED
        } else {
            self.pipelined.store(0, Ordering::Relaxed);
            false
        }
    }
}

/// The open connections, for eviction.
#[derive(Debug)]
pub(crate) struct Registry {
    start: Instant,
    next: AtomicU64,
    open: Mutex<HashMap<u64, Arc<ConnState>>>,
    /// Connections whose answer waits for its reader now.
    stalled: std::sync::atomic::AtomicUsize,
}

impl Registry {
    pub(crate) fn new() -> Self {
        Registry {
            start: Instant::now(),
            next: AtomicU64::new(0),
            open: Mutex::new(HashMap::new()),
            stalled: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// Connections whose answer waits for its reader now.
    pub(crate) fn stalled(&self) -> usize {
        self.stalled.load(Ordering::Relaxed)
    }

    /// Marks `state` as no longer waiting for its reader.
    fn unstall(&self, state: &ConnState) {
        if state.stalled_since.swap(0, Ordering::Relaxed) != 0 {
            self.stalled.fetch_sub(1, Ordering::Relaxed);
        }
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX - 1)
    }

    /// Registers a new connection; it is forgotten when the guard drops.
    pub(crate) fn register(self: &Arc<Self>) -> (Arc<ConnState>, Registered) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let state = Arc::new(ConnState::default());
        if let Ok(mut open) = self.open.lock() {
            open.insert(id, Arc::clone(&state));
        }
        (
            state,
            Registered {
                registry: Arc::clone(self),
                id,
            },
        )
    }

    /// Closes the connection whose answer has waited longest for its
    /// reader, if one has waited at least [`EVICT_AFTER`]; whether one was.
    pub(crate) fn evict_one(&self) -> bool {
        let now = self.now_ms();
        let limit = u64::try_from(EVICT_AFTER.as_millis()).unwrap_or(u64::MAX);
        let Ok(open) = self.open.lock() else {
            return false;
        };
        let victim = open
            .values()
            .filter_map(|c| {
                let since = c.stalled_since.load(Ordering::Relaxed);
                (since != 0 && now.saturating_sub(since - 1) >= limit).then_some((since, c))
            })
            .min_by_key(|(since, _)| *since);
        match victim {
            Some((_, c)) => {
                self.unstall(c);
                c.evict.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Removes a connection from the [`Registry`] when dropped.
#[derive(Debug)]
pub(crate) struct Registered {
    registry: Arc<Registry>,
    id: u64,
}

impl Drop for Registered {
    fn drop(&mut self) {
        let removed = self
            .registry
            .open
            .lock()
            .ok()
            .and_then(|mut open| open.remove(&self.id));
        if let Some(state) = removed {
            self.registry.unstall(&state);
        }
    }
}

/// A TCP stream that fails once an answer has waited longer than
/// [`RESPONSE_DEADLINE`] for its reader.
pub(crate) struct Watched {
    inner: TcpStream,
    state: Arc<ConnState>,
    registry: Arc<Registry>,
    /// Fires at the deadline of the answer that is waiting.
    timer: Option<Pin<Box<tokio::time::Sleep>>>,
    /// The last write could not go out.
    write_pending: bool,
}

impl Watched {
    /// Wraps `stream` (its send buffer made small).
    pub(crate) fn new(stream: TcpStream, state: Arc<ConnState>, registry: Arc<Registry>) -> Self {
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER);
        Watched {
            inner: stream,
            state,
            registry,
            timer: None,
            write_pending: false,
        }
    }

    /// A write could not go out: start (or check) the answer's deadline.
    fn stalled(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        self.write_pending = true;
        if self.timer.is_none() {
            let since = self.registry.now_ms().saturating_add(1);
            if self
                .state
                .stalled_since
                .compare_exchange(0, since, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                self.registry.stalled.fetch_add(1, Ordering::Relaxed);
            }
            self.timer = Some(Box::pin(tokio::time::sleep(RESPONSE_DEADLINE)));
        }
        match self.timer.as_mut().map(|t| t.as_mut().poll(cx)) {
            Some(Poll::Ready(())) => Poll::Ready(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not read the answer in time",
            )),
            _ => Poll::Pending,
        }
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        // Closed with an answer still waiting for its reader (evicted, or
        // past its deadline): reset the connection rather than keep the
        // unsent bytes in an orphaned socket until the kernel gives up.
        if self.write_pending {
            let _ = socket2::SockRef::from(&self.inner).set_linger(Some(Duration::ZERO));
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let out = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(out, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.state.data_reads.fetch_add(1, Ordering::Relaxed);
        }
        // A new request read while no answer waits: its answer gets a new
        // deadline. (Bytes read while an answer waits — pipelined requests —
        // do not reset the clock.)
        if matches!(out, Poll::Ready(Ok(()))) && buf.filled().len() > before && !self.write_pending
        {
            self.timer = None;
            self.registry.unstall(&self.state);
        }
        out
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Pending => self.stalled(cx).map(Err),
            ready => {
                self.write_pending = false;
                ready
            }
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write_vectored(cx, bufs) {
            Poll::Pending => self.stalled(cx).map(Err),
            ready => {
                self.write_pending = false;
                ready
            }
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
