#!/usr/bin/env bash
# End-to-end timings of the command line for the figures in BENCHMARKS.md:
# wall time and peak memory (GNU time) of one release run each, output to /dev/null.
# Usage: bash scripts/bench-cli.sh   (prints a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release -p takeaway-cli --quiet --locked
TK="$CARGO_TARGET_DIR/release/takeaway"
if [ ! -x /usr/bin/time ]; then
  echo "needs GNU time (/usr/bin/time): apt-get install -y time" >&2
  exit 1
fi
D10K=$(printf '7%.0s' $(seq 1 10000))
D1K=$(printf '7%.0s' $(seq 1 1000))
D500=$(printf '7%.0s' $(seq 1 500))
run() {
  local label=$1
  shift
  local out tmp
  tmp=$(mktemp)
  /usr/bin/time -o "$tmp" -f '%e %M' "$@" >/dev/null 2>&1 || echo "(failed: $*)" >&2
  out=$(tail -1 "$tmp")
  rm -f "$tmp"
  printf '| %s | %s s | %s MiB |\n' "$label" "${out% *}" "$(( ${out#* } / 1024 ))"
}
echo "| command | wall | peak memory |"
echo "|---|---|---|"
run "repr zeckendorf, 10,000 digits --json" "$TK" repr zeckendorf "$D10K" --json
run "analyze fibonacci, 10,000-digit pile --json" "$TK" analyze fibonacci "$D10K" --json
run "table one-pile:f=3*t --rows 10000000 --json" "$TK" table 'one-pile:f=3*t' --rows 10000000 --json
run "table one-pile:f=3*t --rows 10000000 --format csv" "$TK" table 'one-pile:f=3*t' --rows 10000000 --format csv
run "analyze wythoff, two 1,000-digit piles --json" "$TK" analyze wythoff "$D1K" "3$D1K" --json
run "analyze wythoff, two 10,000-digit piles --json" "$TK" analyze wythoff "$D10K" "3$D10K" --json
run "table spite --rows 4096 --json" "$TK" table spite --rows 4096 --json
run "analyze spite, 500-digit rows --json" "$TK" analyze spite "$D500" "$D500" --json
run "verify wythoff --up-to 2000" "$TK" verify wythoff --up-to 2000
run "verify spite --up-to 1000" "$TK" verify spite --up-to 1000
run "table subtraction:s=1,3,4 --rows 10000001 --summary" "$TK" table 'subtraction:s=1,3,4' --rows 10000001 --summary
if "$TK" table 'two-pile:f=3*t' --rows 2 --cols 2 --json >/dev/null 2>&1; then
  run "table two-pile:f=3*t --rows 2000 --cols 2000 --format csv" "$TK" table 'two-pile:f=3*t' --rows 2000 --cols 2000 --format csv
fi
