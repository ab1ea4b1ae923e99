#!/usr/bin/env bash
# The page's misère switch: what it costs. For every family of
# /api/games (but the sum), `/api/start` of its example start under misère
# play with the computer moving first (the computer's first move from the
# engine, then the analysis of the position the human faces), and the same
# under normal play; wall time of each request by curl, the best of 3.
# Usage: bash scripts/bench-page.sh [path/to/takeaway]   (default: a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/takeaway}
if [ ! -x "$BIN" ]; then cargo build --release -p takeaway-cli; fi
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BIN" serve --addr "127.0.0.1:$PORT" >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s "http://127.0.0.1:$PORT/api/games" >/dev/null && break; sleep 0.1; done
echo "load: $(uptime | sed 's/.*load average: //')"
printf '%-12s %-32s %-10s %12s %12s\n' family spec piles normal_s misere_s
curl -s "http://127.0.0.1:$PORT/api/games" | python3 -c '
import json, sys
for g in json.load(sys.stdin)["games"]:
    if g["rows"] == "parts" or not g["available"]:
        continue
    spec = g["example"]
    plain = spec[: -len(":misere=true")] if spec.endswith(":misere=true") else spec
    print(g["id"], plain, ",".join(str(p) for p in g["piles"]))
' | while read -r id spec piles; do
  best() {
    local game=$1 t best=999
    for _ in 1 2 3; do
      t=$(curl -s -o /dev/null -w '%{time_total}' -H 'Content-Type: application/json' \
        -d "{\"game\": \"$game\", \"piles\": [$piles], \"first\": \"computer\"}" \
        "http://127.0.0.1:$PORT/api/start")
      best=$(python3 -c "print(min($best, $t))")
    done
    echo "$best"
  }
  printf '%-12s %-32s %-10s %12s %12s\n' "$id" "$spec" "$piles" "$(best "$spec")" "$(best "$spec:misere=true")"
done
