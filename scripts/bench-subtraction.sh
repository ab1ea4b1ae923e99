#!/usr/bin/env bash
# Side-by-side timing: takeaway vs ogsolve 0.0.7 (GPL; only run, never copied) on the
# Grundy sequence g(0..=10^7) of three subtraction games, with matching checksums.
# Subtraction set S is the octal game with digit 3 at each s ∈ S: {1,2,3} = 0.333,
# {1,3,4} = 0.3033, {1,3,5,7,9} = 0.303030303.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${OGSOLVE_ROOT:-/work/tools/ogsolve}
OG="$ROOT/bin/ogsolve"
if [ ! -x "$OG" ]; then
  cargo install ogsolve --version 0.0.7 --root "$ROOT" --locked
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release -p takeaway-cli --quiet
TK="$CARGO_TARGET_DIR/release/takeaway"
N=10000000
ROWS=$((N + 1))   # ogsolve -n N computes g(0..=N)
for pair in "1,2,3 0.333" "1,3,4 0.3033" "1,3,5,7,9 0.303030303"; do
  set -- $pair
  echo "== S = {$1} (octal $2), N = $N"
  echo "-- ogsolve checksum: $("$OG" "$2" -n $N | grep -o 'checksum: [0-9A-F]*')"
  echo "-- takeaway checksum: $("$TK" table "subtraction:s=$1" --rows $ROWS --summary | grep -o 'checksum: [0-9A-F]*')"
  if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 1 --runs 5 \
      "$OG $2 -n $N" \
      "$TK table subtraction:s=$1 --rows $ROWS --summary"
  else
    for cmd in "$OG $2 -n $N" "$TK table subtraction:s=$1 --rows $ROWS --summary"; do
      best=""
      for _ in 1 2 3 4 5; do
        s=$(date +%s%N); $cmd >/dev/null; e=$(date +%s%N)
        t=$(( (e - s) / 1000000 ))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
      done
      echo "   best of 5: ${best} ms  $cmd"
    done
  fi
done
