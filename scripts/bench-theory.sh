#!/usr/bin/env bash
# Answers with their extras: `analyze --json` of positions the theory decides, one row per
# family, with every optional figure (remoteness, fastest, grundy) included:
# CPU time (user + system, best of 5, ms) and peak memory (GNU time) of the
# binary: CPU time, because the machine is shared and wall time follows its load.
# Usage: bash scripts/bench-theory.sh [BINARY]   (prints a Markdown table;
# default binary: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
TK=${1:-}
if [ -z "$TK" ]; then
  export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
  cargo build --release -p takeaway-cli --quiet --locked
  TK="$CARGO_TARGET_DIR/release/takeaway"
fi
BIG=13877537788375502045
run() {
  local family=$1
  shift
  local best=999999 mem=0 tmp out ms kb
  tmp=$(mktemp)
  for _ in 1 2 3 4 5; do
    /usr/bin/time -o "$tmp" -f '%U %S %M' "$TK" analyze "$@" --json >/dev/null 2>&1 || echo "(failed: $*)" >&2
    out=$(tail -1 "$tmp")
    ms=$(echo "$out" | awk '{ printf "%d", ($1 + $2) * 1000 }')
    kb=$(echo "$out" | awk '{ print $3 }')
    [ "$ms" -lt "$best" ] && best=$ms
    [ "$kb" -gt "$mem" ] && mem=$kb
  done
  rm -f "$tmp"
  printf '| %s | `takeaway analyze %s --json` | %s ms | %s MiB |\n' "$family" "$*" "$best" "$(( mem / 1024 ))"
}
echo "| family | command | CPU (best of 5) | peak memory |"
echo "|---|---|---|---|"
run "one pile (Schwenk), remoteness by the sweep" fibonacci 1700
run "one pile (Schwenk), over the budget" fibonacci 2000
run "one pile (Schwenk), 20 digits" fibonacci $BIG
run "one pile (Epp–Ferguson, stopped)" 'one-pile:f=min(t,3)' 1000000
run "one pile (H–R Game 1, base)" 'one-pile:f=2*t:base=fibonacci' $BIG
run "one pile (H–R Game 1, binary)" 'one-pile:f=t:base=binary' $BIG
run "two piles (Flanigan), remoteness searched" 'two-pile:f=2*t' 40 47
run "two piles (Flanigan), over the budget" 'two-pile:f=2*t' 130 130
run "two piles (Flanigan), 20 digits" 'two-pile:f=2*t' $BIG 99999999999999999999
run "two piles (H–R Game 2)" 'two-pile:f=2*t:base=fibonacci' 130 200
run "Wythoff" wythoff 1000 1000
run "Wythoff, 20 digits" wythoff $BIG 99999999999999999999
run "Spite Nim (two rows)" spite 10000 6000
run "Nim, 3 piles" nim 30 40 50
run "Nim, 2 piles, 20 digits" nim $BIG 99999999999999999999
run "Nim misère (Bouton)" nim:misere=true 30 40 50
run "subtraction S = {1, 3, 4}" subtraction:s=1,3,4 1000000
run "subtraction S = {1, 3, 4}, 20 digits" subtraction:s=1,3,4 $BIG
run "subtraction, 3 piles" subtraction:s=1,3,4 10 11 12
run "One Pile Min..Max misère" subtraction:min=3:max=5:misere=true 1000001
