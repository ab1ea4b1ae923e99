#!/usr/bin/env bash
# Throughput of `takeaway sweep` on every core against its own single-core
# run (the target: ≥ 1.7× on 2 cores), in rule sets per second. Each run
# writes a fresh file (the two of a pair are compared); the runs alternate
# (1 thread, every core, …) so a change in the machine's load hits both.
# The machine is shared: the load (uptime) is printed with the figures.
# With sched_autogroup (the kernel shares CPU per session), a loaded
# machine gives a session the same share for 1 thread as for 2; measure in
# a session of its own at a higher priority (root):
#   bash scripts/bench-sweep.sh [RUNS]
#   setsid bash -c 'echo -20 > /proc/self/autogroup; bash scripts/bench-sweep.sh 3'
# TK=target/ci/takeaway bash scripts/bench-sweep.sh uses that binary instead
# of building the release one.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
if [ -z "${TK:-}" ]; then
  cargo build --release -p takeaway-cli --quiet
  TK="$CARGO_TARGET_DIR/release/takeaway"
fi
RUNS=${1:-3}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# 31,930 sets; the checksum of 10^5 terms each keeps a set busy ~0.1 ms.
ARGS=(subtraction --max 30 --sizes 1..4 --terms 100000)
SETS=31930
echo "cores: $(nproc); $(uptime)"
TIMEFORMAT='%R %U %S'
for run in $(seq "$RUNS"); do
  for threads in 1 0; do
    out="$work/s-$run-$threads.csv"
    t=$( { time "$TK" sweep "${ARGS[@]}" --threads "$threads" --out "$out" -q >/dev/null; } 2>&1 )
    read -r wall user sys <<<"$t"
    rate=$(python3 -c "print(round($SETS / $wall))")
    echo "threads=${threads/#0/all} run=$run: ${wall} s wall, ${user} s user, ${sys} s sys: $rate rule sets/s"
  done
  cmp "$work/s-$run-1.csv" "$work/s-$run-0.csv"
done
echo "load after: $(uptime)"
