#!/usr/bin/env bash
# Octal games as a family: octal games through the command line — normal play
# (the heap values by the mex rule up to the largest heap, then the nim-sum),
# misère play (the engine's exhaustive search over multisets of heaps), a sum
# with Nim, and the computer's reply in `play`. CPU time (user + system, best
# of 3, ms) and peak memory (GNU time) of the binary: CPU time, because the
# machine is shared and wall time follows its load.
# Usage: bash scripts/bench-octal-family.sh [BINARY]   (prints a Markdown
# table; default binary: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
TK=${1:-}
if [ -z "$TK" ]; then
  export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
  cargo build --release -p takeaway-cli --quiet --locked
  TK="$CARGO_TARGET_DIR/release/takeaway"
fi
row() {
  local what=$1 input=$2
  shift 2
  local best=999999 mem=0 tmp out ms kb
  tmp=$(mktemp)
  for _ in 1 2 3; do
    printf '%b' "$input" | /usr/bin/time -o "$tmp" -f '%U %S %M' "$TK" "$@" >/dev/null 2>&1 || echo "(failed: $*)" >&2
    out=$(tail -1 "$tmp")
    ms=$(echo "$out" | awk '{ printf "%d", ($1 + $2) * 1000 }')
    kb=$(echo "$out" | awk '{ print $3 }')
    [ "$ms" -lt "$best" ] && best=$ms
    [ "$kb" -gt "$mem" ] && mem=$kb
  done
  rm -f "$tmp"
  echo "| $what | \`takeaway $*\` | $best | $((mem / 1024)) |"
}
echo "| what | command | CPU ms | MiB |"
echo "|---|---|---|---|"
row "Kayles, heap 20,000 (normal: 2·10^8 move checks of the mex rule)" "" analyze kayles 20000 --json
row "Kayles, heap 6,000 (normal; the strict server limit is about 6,300)" "" analyze kayles 6000 --json
row "0.137, heaps 3,000 and 2,000 (normal, every winning move)" "" analyze octal:0.137 3000 2000 --all --json
row "Kayles 10 + 7 + Nim 3 (a sum)" "" analyze sum 'octal:0.77 10 7' 'nim 3' --json
row "misère Kayles 14 13 12 (exhaustive, 39,927 positions)" "" analyze kayles:misere=true 14 13 12 --json
row "misère Dawson's Kayles 25 20 (exhaustive, 23,451 positions)" "" analyze dawson:misere=true 25 20 --json
row "play Kayles 10 7: a split, the computer's reply" "take 1 from 1 leaving 4 and 5\nquit\n" play kayles 10 7
