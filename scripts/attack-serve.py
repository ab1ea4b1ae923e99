#!/usr/bin/env python3
"""Issue 17's acceptance figures for `takeaway serve`, measured on loopback.

Usage: scripts/attack-serve.py [PATH-TO-TAKEAWAY]   (default target/release/takeaway)

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
"""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/takeaway"


def start():
    p = subprocess.Popen(
        [BIN, "serve", "--addr", "127.0.0.1:0"],
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


def main():
    p, addr = start()
    try:
        batch(p, addr)
        latency(p, addr)
        flood(p, addr)
        slowloris(p, addr)
        print(f"final: VmHWM {status_of(p)['VmHWM']}", flush=True)
    finally:
        p.kill()
        p.wait()
    signals()


if __name__ == "__main__":
    main()
