#!/usr/bin/env bash
# Octal games: G(0) … G(N) (N = 10^7 by default) of 0.167, 0.161 and 0.034
# by takeaway, by ogsolve -m rc2 (crates.io ogsolve 0.0.7) and by the
# sparse-space solver `octal` (github.com/rogalski-wmii-uni-lodz-pl/octal,
# built from source), run side by side and interleaved (takeaway, ogsolve,
# octal, takeaway, … for REPEATS rounds), best wall / user time of each, and
# the peak memory (VmHWM, GNU time's maximum resident set size). Checks that
# takeaway's checksum equals ogsolve's. Prints a Markdown table and the load.
#
# Usage: OGSOLVE=/tmp/ogsolve/bin/ogsolve OCTAL=/tmp/octal-src/target/release/octal \
#        bash scripts/bench-octal.sh [N] [REPEATS]
# Peers: cargo install ogsolve --version 0.0.7 --root /tmp/ogsolve
#        git clone https://github.com/rogalski-wmii-uni-lodz-pl/octal /tmp/octal-src
#        (cd /tmp/octal-src && cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}
REPEATS=${2:-3}
OGSOLVE=${OGSOLVE:-/tmp/ogsolve/bin/ogsolve}
OCTAL=${OCTAL:-/tmp/octal-src/target/release/octal}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release -p takeaway-cli --quiet --locked
TK="$CARGO_TARGET_DIR/release/takeaway"
for b in /usr/bin/time "$OGSOLVE" "$OCTAL"; do
  [ -x "$b" ] || { echo "missing $b (see the usage at the top)" >&2; exit 1; }
done
ROWS=$((N + 1))
declare -A WALL USER MEM SUM
# run KEY CMD...: one timed run; keeps the best wall and user time, the peak memory.
run() {
  local key=$1
  shift
  local tmp out
  tmp=$(mktemp)
  out=$(/usr/bin/time -o "$tmp" -f '%e %U %M' "$@" 2>/dev/null)
  read -r wall user mem < <(tail -1 "$tmp")
  rm -f "$tmp"
  if [ -z "${WALL[$key]:-}" ] || awk "BEGIN{exit !($wall < ${WALL[$key]})}"; then WALL[$key]=$wall; fi
  if [ -z "${USER[$key]:-}" ] || awk "BEGIN{exit !($user < ${USER[$key]})}"; then USER[$key]=$user; fi
  MEM[$key]=$mem
  case $key in
    takeaway*) SUM[$key]=$(grep -o 'checksum: [0-9A-F]*' <<<"$out" | cut -d' ' -f2) ;;
    ogsolve*) SUM[$key]=$(grep -o 'checksum: [0-9A-F]*' <<<"$out" | cut -d' ' -f2) ;;
  esac
}
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for round in $(seq 1 "$REPEATS"); do
  for g in 0.167 0.161 0.034; do
    run "takeaway $g" "$TK" table "octal:$g" --rows "$ROWS" --summary --quiet
    run "ogsolve $g" "$OGSOLVE" -m rc2 -n "$N" "$g"
    # octal's second argument is the number of heaps it computes (0 … N).
    run "octal $g" "$OCTAL" "$g" "$ROWS"
  done
  echo "round $round done (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
echo "G(0) … G($N), best of $REPEATS interleaved runs; load average before: $LOAD_BEFORE, after: $LOAD_AFTER ($(nproc) cores)"
echo
echo "| game | takeaway wall / user | ogsolve -m rc2 wall / user | octal wall / user | takeaway's speed-up (user) over the faster | peak memory takeaway / ogsolve / octal | checksum (takeaway = ogsolve) |"
echo "|---|---|---|---|---|---|---|"
for g in 0.167 0.161 0.034; do
  best=$(awk "BEGIN{a=${USER[ogsolve $g]}; b=${USER[octal $g]}; print (a<b)?a:b}")
  ratio=$(awk "BEGIN{printf \"%.2f\", $best / ${USER[takeaway $g]}}")
  same=$([ "${SUM[takeaway $g]}" = "${SUM[ogsolve $g]}" ] && echo "${SUM[takeaway $g]} =" || echo "DIFFER: ${SUM[takeaway $g]} vs ${SUM[ogsolve $g]}")
  printf '| %s | %s s / %s s | %s s / %s s | %s s / %s s | %s× | %s / %s / %s MiB | %s |\n' "$g" \
    "${WALL[takeaway $g]}" "${USER[takeaway $g]}" "${WALL[ogsolve $g]}" "${USER[ogsolve $g]}" \
    "${WALL[octal $g]}" "${USER[octal $g]}" "$ratio" \
    "$(( ${MEM[takeaway $g]} / 1024 ))" "$(( ${MEM[ogsolve $g]} / 1024 ))" "$(( ${MEM[octal $g]} / 1024 ))" "$same"
done
