#!/usr/bin/env bash
# Numbers of a million digits: the acceptance figures, side by side in one run: the command line on
# numbers of 20,000 to 1,000,000 digits (release build, numbers passed as
# @FILE since one argument is limited to 128 KiB). Each command runs 3 times;
# the table gives the median wall time, the median CPU time (user + system)
# and the peak memory (GNU time).
# Usage: bash scripts/bench-digits.sh [OUT]   (Markdown table to stdout and to
#        OUT, default target/bench-digits.md)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
OUT=${1:-$CARGO_TARGET_DIR/bench-digits.md}
cargo build --release -p takeaway-cli --quiet --locked
TK="$CARGO_TARGET_DIR/release/takeaway"
for tool in /usr/bin/time python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "needs $tool (apt-get install -y time python3)" >&2
    exit 1
  fi
done
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

# Deterministic inputs: random digits (seeded), n/2 and e(n) for Spite Nim
# (e(n) = ⌊(n + 1)/φ⌋ = (isqrt(5(n+1)²) − (n+1)) / 2, the Fibonacci right
# shift; the run checks that (n, e(n)) comes out safe, as Hale's Theorem 1 says).
python3 - "$DIR" <<'EOF'
import math, random, sys
sys.set_int_max_str_digits(0)
d = sys.argv[1]
rng = random.Random(16)
def digits(k):
    return str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(k - 1))
for k in (20_000, 100_000, 200_000, 1_000_000):
    open(f"{d}/n{k}", "w").write(digits(k) + "\n")
n = int(open(f"{d}/n100000").read())
open(f"{d}/m100000", "w").write(digits(100_000))
open(f"{d}/half100000", "w").write(str(n // 2))
open(f"{d}/e100000", "w").write(str((math.isqrt(5 * (n + 1) ** 2) - (n + 1)) // 2))
EOF

median_run() {
  # prints "median_wall median_cpu max_kb" over 3 runs: wall from bash's
  # microsecond clock (GNU time's %e has 10 ms steps), CPU time (user + system,
  # what the process itself used: less sensitive to other load on the
  # machine) and peak memory from GNU time
  local i tmp t0 t1 walls=() cpus=() kb=0 m
  tmp=$(mktemp)
  for i in 1 2 3; do
    t0=$EPOCHREALTIME
    /usr/bin/time -o "$tmp" -f '%U %S %M' "$@" >/dev/null 2>&1 || echo "(failed: $*)" >&2
    t1=$EPOCHREALTIME
    walls+=("$(python3 -c "print(f'{$t1 - $t0:.3f}')")")
    read -r u sy m < <(tail -1 "$tmp")
    cpus+=("$(python3 -c "print(f'{$u + $sy:.2f}')")")
    if [ "$m" -gt "$kb" ]; then kb=$m; fi
  done
  rm -f "$tmp"
  printf '%s %s %s\n' "$(printf '%s\n' "${walls[@]}" | sort -n | sed -n 2p)" \
    "$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n 2p)" "$kb"
}
declare -A WALL
run() {
  local key=$1 label=$2 target=$3
  shift 3
  local wall cpu kb
  read -r wall cpu kb < <(median_run "$@")
  WALL[$key]=$wall
  printf '| %s | %s s | %s s | %s | %s MiB |\n' "$label" "$wall" "$cpu" "$target" "$(( kb / 1024 ))"
}

{
  echo "Command: \`bash scripts/bench-digits.sh\` ($(date -u +%Y-%m-%d), $(nproc) cores, load average before the run: $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo "| command (numbers as @FILE) | wall (median of 3) | CPU user+sys (median) | target | peak memory |"
  echo "|---|---|---|---|---|"
  run z20k "repr zeckendorf, 20,000 digits --json" "" "$TK" repr zeckendorf "@$DIR/n20000" --json
  run z100k "repr zeckendorf, 100,000 digits --json" "< 0.2 s" "$TK" repr zeckendorf "@$DIR/n100000" --json
  run z200k "repr zeckendorf, 200,000 digits --json" "< 30 × t(20,000)" "$TK" repr zeckendorf "@$DIR/n200000" --json
  run z1m "repr zeckendorf, 1,000,000 digits --json" "< 5 s" "$TK" repr zeckendorf "@$DIR/n1000000" --json
  run fib "analyze fibonacci, 100,000-digit pile --json" "< 0.5 s" "$TK" analyze fibonacci "@$DIR/n100000" --json
  run wyt "analyze wythoff, two 100,000-digit piles --json" "< 0.5 s" "$TK" analyze wythoff "@$DIR/n100000" "@$DIR/m100000" --json
  run sph "analyze spite n n/2, n of 100,000 digits --json" "< 0.5 s" "$TK" analyze spite "@$DIR/n100000" "@$DIR/half100000" --json
  run spe "analyze spite n e(n), n of 100,000 digits --json" "< 0.5 s" "$TK" analyze spite "@$DIR/n100000" "@$DIR/e100000" --json
  run fib1m "analyze fibonacci, 1,000,000-digit pile --json" "" "$TK" analyze fibonacci "@$DIR/n1000000" --json
  run wyt1m "analyze wythoff, 1,000,000 and 100,000 digits --json" "" "$TK" analyze wythoff "@$DIR/n1000000" "@$DIR/m100000" --json
  echo
  python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f't(200,000 digits) / t(20,000 digits) = {b:.3f} / {a:.3f} = {b / a:.1f} (target < 30)')" "${WALL[z20k]}" "${WALL[z200k]}"
  outcome=$("$TK" analyze spite "@$DIR/n100000" "@$DIR/e100000" --json | grep -o '"outcome": "[NP]"' | cut -d'"' -f4)
  echo
  echo "Check: spite (n, e(n)) is $outcome (Hale's Theorem 1: safe, P)."
} | tee "$OUT"
