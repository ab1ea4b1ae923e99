#!/usr/bin/env python3
"""The server under attack: acceptance figures for `takeaway serve`, measured on loopback.

Usage: scripts/attack-serve.py [PATH-TO-TAKEAWAY [CASE...]]   (default target/release/takeaway;
       CASEs such as `bounds fair` run only those, on one server)

Prints one line per figure:
  batch     a batch of worst-case requests at once: their statuses, the
            server's CPU over the 2 s starting 1 s after the last answer,
            and its peak RSS (VmHWM) so far;
  latency   `fibonacci 20` every 90 ms for 9 s while 4 requests of >= 1 s
            of work each are kept in flight: p50, p99, max;
  flood     200 worst-case requests at once, then 1,000 stalled bodies of
            64,000 bytes: the peak RSS;
  slowloris 1,000 connections that never finish their head (500) or body
            (500): the time a new client waits for its answer, and the
            longest time from opening to the server closing one;
  signals   SIGINT with a half-sent request, SIGTERM with work in flight,
            and a second SIGINT with work in flight: time to exit.
Stalls (slow bounds, panics, huge piles, a huge part):
  bounds    requests whose bound is slow to evaluate (fib(t+300000): a new
            300,000-index Fibonacci number per evaluation; fib(9999999);
            the two-pile one on 2,000-digit piles), sent by clients that
            hang up after 1 s: their statuses, and every route's slowest
            answer meanwhile;
  panics    bounds of 2^32 - 1 and more through analyze/start/hint/grid:
            the statuses (no 500);
  grid      Nim with 2,000-digit piles: the heatmap's status and size;
  part      /api/sum/move with part 2^64 - 1: the status and message;
  fair      `fibonacci 20` every 90 ms while 200 heavy requests (the 4x4
            heatmap of six piles, >= 1 s of work each) are kept in flight:
            p50, p99, max;
  readers   1,540 connections that pipeline GETs and never read: the time a
            new client waits, and the kernel's TCP memory (/proc/net/sockstat)
            while they are connected;
  addr      `serve --addr 0.0.0.0:0` without --public: its warning.
"""

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/takeaway"


def start(addr="127.0.0.1:0"):
    p = subprocess.Popen(
        [BIN, "serve", "--addr", addr],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    line = p.stdout.readline()
    addr = line.split("http://")[1].split("/")[0]
    host, port = addr.rsplit(":", 1)
    return p, (host, int(port))


def request(addr, path, body, timeout=60):
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
    ).encode()
    s = socket.create_connection(addr, timeout=timeout)
    s.sendall(head + data)
    raw = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        raw += chunk
    s.close()
    status = int(raw.split(b" ", 2)[1]) if raw else 0
    return status, raw


def status_of(p):
    fields = {}
    with open(f"/proc/{p.pid}/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            fields[k] = v.strip()
    return fields


def cpu_seconds(p):
    with open(f"/proc/{p.pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


F94 = "*".join(["t"] * 94)
WORST = [
    ("/api/analyze", {"game": "one-pile:f=n", "piles": [65535]}),
    ("/api/analyze", {"game": f"one-pile:f={F94}", "piles": ["1234567890123456789012345678901"]}),
    ("/api/start", {"game": f"one-pile:f={F94}", "piles": ["1234567890123456789012345678901"], "first": "computer"}),
    ("/api/analyze", {"game": "two-pile:f=2*t", "piles": [10] * 16}),
    ("/api/move", {"game": "two-pile:f=2*t", "position": {"piles": list(range(2, 18))},
                   "move": {"kind": "take", "pile": 0, "take": 1}}),
    ("/api/grid", {"game": "two-pile:f=2*t", "position": {"piles": [9] * 6}, "size": 32}),
    ("/api/analyze", {"game": "one-pile:f=(n+t)/3", "piles": [100000000]}),
    ("/api/analyze", {"game": "wythoff", "piles": [10**12, 10**12 + 1], "exhaustive": True}),
    ("/api/analyze", {"game": "spite", "piles": [100000, 60000, 5]}),
    ("/api/start", {"game": "one-pile:f=(n+t)/3", "piles": [100000000], "first": "computer"}),
]
EXPENSIVE = ("/api/grid", {"game": "two-pile:f=2*t", "position": {"piles": [9] * 6}, "size": 4})
CHEAP = ("/api/analyze", {"game": "fibonacci", "piles": [20]})


def batch(p, addr):
    results = [None] * (2 * len(WORST))
    def one(i):
        t0 = time.time()
        st, _ = request(addr, *WORST[i % len(WORST)])
        results[i] = (st, time.time() - t0)
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(results))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    time.sleep(1)
    c0 = cpu_seconds(p)
    time.sleep(2)
    c1 = cpu_seconds(p)
    statuses = sorted(set(r[0] for r in results))
    print(f"batch: {len(results)} worst-case requests, statuses {statuses}, "
          f"slowest answer {max(r[1] for r in results):.1f} s; "
          f"CPU over the 2 s from 1 s after the last answer: {100 * (c1 - c0) / 2:.1f} %; "
          f"VmHWM {status_of(p)['VmHWM']}, threads {status_of(p)['Threads']}", flush=True)


def flood(p, addr, n=200):
    """`n` worst-case requests at once, then 1,000 connections that each
    send all but the last byte of a 64,000-byte body and stall."""
    results = []
    def one(i):
        st, _ = request(addr, *WORST[i % len(WORST)])
        results.append(st)
    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts = {st: results.count(st) for st in sorted(set(results))}
    socks = []
    body = b"[" + b"1," * 31999
    for _ in range(1000):
        s = socket.create_connection(addr)
        s.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 64000\r\n\r\n" + body)
        socks.append(s)
    time.sleep(2)
    for s in socks:
        s.close()
    print(f"flood: {n} worst-case requests at once: {counts}; then 1000 stalled bodies of "
          f"64,000 bytes; VmHWM {status_of(p)['VmHWM']}", flush=True)


def latency(p, addr):
    stop = threading.Event()
    def busy():
        while not stop.is_set():
            request(addr, *EXPENSIVE)
    hogs = [threading.Thread(target=busy) for _ in range(4)]
    for t in hogs:
        t.start()
    time.sleep(1)
    times, statuses = [], []
    start = time.time()
    while time.time() - start < 9:
        t0 = time.time()
        st, _ = request(addr, *CHEAP)
        times.append(time.time() - t0)
        statuses.append(st)
        time.sleep(max(0, 0.09 - (time.time() - t0)))
    stop.set()
    for t in hogs:
        t.join()
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"latency: {len(times)} x fibonacci 20 with 4 expensive in flight: "
          f"p50 {1000 * times[len(times) // 2]:.0f} ms, p99 {1000 * p99:.0f} ms, "
          f"max {1000 * times[-1]:.0f} ms, statuses {sorted(set(statuses))}; "
          f"VmHWM {status_of(p)['VmHWM']}", flush=True)


def slowloris(p, addr):
    socks = []
    opened = time.time()
    for i in range(1000):
        s = socket.create_connection(addr)
        if i % 2 == 0:
            s.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        else:
            s.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100\r\n\r\n{\"game\":")
        s.setblocking(False)
        socks.append([s, time.time(), None])
    t0 = time.time()
    st, _ = request(addr, *CHEAP, timeout=30)
    served = time.time() - t0
    # Trickle one byte a second on the half-sent heads; note when each closes.
    deadline = time.time() + 30
    while time.time() < deadline and any(c[2] is None for c in socks):
        for c in socks:
            if c[2] is not None:
                continue
            try:
                data = c[0].recv(4096)
                if data == b"" or b"HTTP/1.1 408" in data:
                    c[2] = time.time()
            except BlockingIOError:
                try:
                    c[0].send(b"X")
                except OSError:
                    c[2] = time.time()
            except OSError:
                c[2] = time.time()
        time.sleep(1)
    longest = max((c[2] or time.time()) - c[1] for c in socks)
    still = sum(1 for c in socks if c[2] is None)
    for c in socks:
        c[0].close()
    print(f"slowloris: 1000 connections opened in {t0 - opened:.1f} s; a new client served in "
          f"{1000 * served:.0f} ms (status {st}); every one closed by the server at most "
          f"{longest:.1f} s after it opened ({still} still open after 30 s); "
          f"VmHWM {status_of(p)['VmHWM']}", flush=True)


def exit_time(p, signals):
    t0 = time.time()
    for sig in signals:
        p.send_signal(sig)
        time.sleep(0.05)
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        return float("inf")
    return time.time() - t0


def hogs(addr, n=4):
    for _ in range(n):
        threading.Thread(target=lambda: request(addr, *WORST[5], timeout=30), daemon=True).start()
    time.sleep(0.5)


def signals():
    p, addr = start()
    half = socket.create_connection(addr)
    half.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50\r\n\r\n{")
    time.sleep(0.3)
    a = exit_time(p, [signal.SIGINT])
    p, addr = start()
    hogs(addr)
    b = exit_time(p, [signal.SIGTERM])
    p, addr = start()
    hogs(addr)
    half = socket.create_connection(addr)
    half.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    c = exit_time(p, [signal.SIGINT, signal.SIGINT])
    print(f"signals: SIGINT with a half-sent request exits in {a:.2f} s; SIGTERM with work in "
          f"flight {b:.2f} s; two SIGINTs with work in flight and a half-sent request {c:.2f} s",
          flush=True)


def probe_routes(addr, seconds):
    """Every route in turn for `seconds`: the slowest answer and the statuses."""
    routes = [
        ("GET", "/api/games", None),
        ("POST", "/api/analyze", {"game": "fibonacci", "piles": [20]}),
        ("POST", "/api/start", {"game": "fibonacci", "piles": [20]}),
        ("POST", "/api/move", {"game": "fibonacci", "position": {"piles": [20], "bound": 19},
                               "move": {"kind": "take", "pile": 0, "take": 1}}),
        ("POST", "/api/hint", {"game": "fibonacci", "position": {"piles": [20], "bound": 19}}),
        ("POST", "/api/grid", {"game": "fibonacci", "position": {"piles": [20], "bound": 19}, "size": 4}),
        ("POST", "/api/sum/start", {"parts": [{"game": "nim", "piles": [3]}, {"game": "fibonacci", "piles": [5]}]}),
        ("POST", "/api/sum/hint", {"parts": [{"game": "nim", "position": {"piles": [3]}},
                                             {"game": "fibonacci", "position": {"piles": [5], "bound": 4}}]}),
    ]
    worst, statuses, count = (0.0, ""), set(), 0
    end = time.time() + seconds
    while time.time() < end:
        for method, path, body in routes:
            t0 = time.time()
            if method == "GET":
                st, _ = get(addr, path)
            else:
                st, _ = request(addr, path, body)
            worst = max(worst, (time.time() - t0, path))
            statuses.add(st)
            count += 1
    return worst, sorted(statuses), count


def get(addr, path, timeout=60):
    s = socket.create_connection(addr, timeout=timeout)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nConnection: close\r\n\r\n".encode())
    raw = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        raw += chunk
    s.close()
    return (int(raw.split(b" ", 2)[1]) if raw else 0), raw


def hang_up_after(addr, path, body, seconds):
    """Sends a request and closes the connection after `seconds` (or the answer)."""
    data = json.dumps(body).encode()
    s = socket.create_connection(addr)
    s.sendall((f"POST {path} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nConnection: close\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n").encode() + data)
    s.settimeout(seconds)
    t0 = time.time()
    try:
        raw = s.recv(65536)
        st = int(raw.split(b" ", 2)[1]) if raw else 0
    except socket.timeout:
        st = "hung up"
    s.close()
    return st, time.time() - t0


TWO_THOUSAND = "8" * 2000
SLOW_BOUNDS = [
    ("/api/analyze", {"game": "one-pile:f=fib(t+300000)", "piles": [20]}),
    ("/api/analyze", {"game": "one-pile:f=fib(t+300000)", "piles": [20]}),
    ("/api/analyze", {"game": "one-pile:f=fib(300000)", "piles": [20]}),
    ("/api/analyze", {"game": "one-pile:f=fib(9999999)", "piles": [20]}),
    ("/api/analyze", {"game": "two-pile:f=2*t+fib(t+300000)*0", "piles": [TWO_THOUSAND, "9" * 2000]}),
    ("/api/analyze", {"game": "two-pile:f=2*t+fib(9999999)*0", "piles": [TWO_THOUSAND, "9" * 2000]}),
]


def bounds(p, addr):
    results = [None] * len(SLOW_BOUNDS)
    def one(i):
        results[i] = hang_up_after(addr, *SLOW_BOUNDS[i], 1.0)
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(SLOW_BOUNDS))]
    for t in threads:
        t.start()
    time.sleep(0.1)
    worst, statuses, count = probe_routes(addr, 5)
    for t in threads:
        t.join()
    c0 = cpu_seconds(p)
    time.sleep(1)
    c1 = cpu_seconds(p)
    print(f"bounds: {len(SLOW_BOUNDS)} slow bounds (clients hang up after 1 s): "
          f"{[(r[0], round(r[1], 2)) for r in results]}; meanwhile {count} answers from every route, "
          f"statuses {statuses}, slowest {1000 * worst[0]:.0f} ms ({worst[1]}); CPU over the next 1 s "
          f"{100 * (c1 - c0):.0f} %", flush=True)


def panics(p, addr):
    cases = [
        ("/api/analyze", {"game": "one-pile:f=4294967295", "piles": [20], "exhaustive": True}),
        ("/api/analyze", {"game": "one-pile:f=fib(48)", "piles": [20], "exhaustive": True}),
        ("/api/analyze", {"game": "one-pile:f=" + "*".join(["t"] * 31), "piles": [20], "exhaustive": True}),
        ("/api/analyze", {"game": "one-pile:f=h(10000000):base=binary", "piles": [20]}),
        ("/api/start", {"game": "one-pile:f=4294967295", "piles": [20], "first": "computer"}),
        ("/api/hint", {"game": "one-pile:f=18446744073709551616", "position": {"piles": [20], "bound": 19}}),
        ("/api/grid", {"game": "one-pile:f=4294967296", "position": {"piles": [20], "bound": 19}, "size": 32}),
        ("/api/grid", {"game": "two-pile:f=fib(94)", "position": {"piles": [9, 20], "bound": 5}, "size": 8}),
    ]
    statuses = [request(addr, *c)[0] for c in cases]
    print(f"panics: bounds of 2^32 - 1 and more through analyze/start/hint/grid: statuses {statuses}",
          flush=True)


def grid_size(p, addr):
    out = []
    for size in (32, 16):
        st, raw = request(addr, "/api/grid", {"game": "nim", "position": {"piles": [TWO_THOUSAND, TWO_THOUSAND]},
                                              "size": size})
        out.append(f"size {size}: {st}, {len(raw)} bytes")
    print(f"grid: Nim with two 2,000-digit piles: {'; '.join(out)}", flush=True)


def part(p, addr):
    st, raw = request(addr, "/api/sum/move", {
        "parts": [{"game": "nim", "position": {"piles": [3]}}], "part": 18446744073709551615,
        "move": {"kind": "take", "pile": 0, "take": 1}})
    message = json.loads(raw.split(b"\r\n\r\n", 1)[1]).get("error")
    print(f"part: /api/sum/move with part 2^64 - 1: {st} {message!r}", flush=True)


def fair(p, addr, n=200):
    stop = threading.Event()
    answered = []
    def busy(i):
        while not stop.is_set():
            st, _ = request(addr, *EXPENSIVE)
            answered.append(st)
    hogs = [threading.Thread(target=busy, args=(i,)) for i in range(n)]
    for t in hogs:
        t.start()
    time.sleep(2)
    times, statuses = [], []
    start = time.time()
    while time.time() - start < 9:
        t0 = time.time()
        st, _ = request(addr, *CHEAP)
        times.append(time.time() - t0)
        statuses.append(st)
        time.sleep(max(0, 0.09 - (time.time() - t0)))
    stop.set()
    for t in hogs:
        t.join()
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    heavy = {st: answered.count(st) for st in sorted(set(answered))}
    print(f"fair: {len(times)} x fibonacci 20 with {n} heavy requests in flight: "
          f"p50 {1000 * times[len(times) // 2]:.0f} ms, p99 {1000 * p99:.0f} ms, "
          f"max {1000 * times[-1]:.0f} ms, statuses {sorted(set(statuses))}; heavy answers {heavy}; "
          f"VmHWM {status_of(p)['VmHWM']}", flush=True)


def tcp_mem_mib():
    with open("/proc/net/sockstat") as f:
        for line in f:
            if line.startswith("TCP:"):
                fields = line.split()
                return int(fields[fields.index("mem") + 1]) * 4096 / (1 << 20)
    return 0.0


def server_side_mib(port):
    """Kernel memory of the server's end of its connections (ss -tm: the
    receive, send, forward-allocated and queued bytes of each socket)."""
    out = subprocess.run(["ss", "-tmnH", "state", "established", f"( sport = :{port} )"],
                         capture_output=True, text=True).stdout
    total = 0
    for part in out.split("skmem:(")[1:]:
        fields = part.split(")", 1)[0].split(",")
        for f in fields:
            key = f.rstrip("0123456789")
            if key in ("r", "t", "f", "w"):
                total += int(f[len(key):])
    return total / (1 << 20)


def readers(p, addr, n=1540):
    base = tcp_mem_mib()
    socks = []
    pipelined = (f"GET /api/games HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n\r\n" * 200).encode()
    for _ in range(n):
        try:
            s = socket.create_connection(addr, timeout=5)
            s.setblocking(False)
            try:
                s.send(pipelined)
            except BlockingIOError:
                pass
            socks.append(s)
        except OSError:
            break
    time.sleep(1)
    peak = tcp_mem_mib()
    server_peak = server_side_mib(addr[1])
    t0 = time.time()
    st, _ = request(addr, *CHEAP, timeout=30)
    served = time.time() - t0
    for _ in range(4):
        time.sleep(0.5)
        peak = max(peak, tcp_mem_mib())
        server_peak = max(server_peak, server_side_mib(addr[1]))
    out = subprocess.run(["ss", "-tnH", "state", "established", f"( sport = :{addr[1]} )"],
                         capture_output=True, text=True).stdout
    open_now = len(out.splitlines())
    for s in socks:
        s.close()
    print(f"readers: {len(socks)} connections pipelining 200 GETs each and never reading: a new client "
          f"served in {1000 * served:.0f} ms (status {st}); kernel TCP memory {peak - base:.0f} MiB above "
          f"the {base:.0f} MiB before (both ends on loopback, peak over 3 s), the server's ends "
          f"{server_peak:.0f} MiB; {open_now} connections still open at the server 3 s later", flush=True)


def addr_warning():
    p = subprocess.Popen([BIN, "serve", "--addr", "0.0.0.0:0"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline().strip()
    p.kill()
    p.wait()
    print(f"addr: serve --addr 0.0.0.0:0 says: {line!r}", flush=True)


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    only = sys.argv[2:]  # e.g. `bounds fair`: run only these
    if only:
        p, addr = start()
        try:
            for name in only:
                globals()[name](p, addr)
        finally:
            p.kill()
            p.wait()
        return
    p, addr = start()
    try:
        bounds(p, addr)
        panics(p, addr)
        grid_size(p, addr)
        part(p, addr)
        batch(p, addr)
        latency(p, addr)
        flood(p, addr)
        slowloris(p, addr)
        fair(p, addr)
        readers(p, addr)
        print(f"final: VmHWM {status_of(p)['VmHWM']}", flush=True)
    finally:
        p.kill()
        p.wait()
    signals()
    addr_warning()


if __name__ == "__main__":
    main()
