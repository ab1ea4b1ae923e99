#!/usr/bin/env bash
# Octal games: G(0) … G(N) (N = 10^7 by default) of 0.167, 0.161 and 0.034
# by takeaway (one thread), by ogsolve -m rc2 (crates.io ogsolve 0.0.7) and by the
# sparse-space solver `octal` (github.com/rogalski-wmii-uni-lodz-pl/octal,
# built from source), run side by side and interleaved (takeaway, ogsolve,
# octal, takeaway, … for REPEATS rounds), the median wall and CPU (user +
# system) time of each, and the peak memory (VmHWM, GNU time's maximum
# resident set size). Checks that takeaway's checksum equals ogsolve's.
# Prints a Markdown table and the load.
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
declare -A WALL CPU MEM SUM
# run KEY CMD...: one timed run; appends its wall and CPU (user + system)
# time to the key's lists, keeps the peak memory.
run() {
  local key=$1
  shift
  local tmp out
  tmp=$(mktemp)
  out=$(/usr/bin/time -o "$tmp" -f '%e %U %S %M' "$@" 2>/dev/null)
  read -r wall user sys mem < <(tail -1 "$tmp")
  rm -f "$tmp"
  WALL[$key]="${WALL[$key]:-} $wall"
  CPU[$key]="${CPU[$key]:-} $(awk "BEGIN{print $user + $sys}")"
  MEM[$key]=$mem
  case $key in
    takeaway*) SUM[$key]=$(grep -o 'checksum: [0-9A-F]*' <<<"$out" | cut -d' ' -f2) ;;
    ogsolve*) SUM[$key]=$(grep -o 'checksum: [0-9A-F]*' <<<"$out" | cut -d' ' -f2) ;;
  esac
}
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for round in $(seq 1 "$REPEATS"); do
  for g in 0.167 0.161 0.034; do
    run "takeaway $g" "$TK" table "octal:$g" --rows "$ROWS" --summary --quiet --threads 1
    run "ogsolve $g" "$OGSOLVE" -m rc2 -n "$N" "$g"
    # octal's second argument is the number of heaps it computes (0 … N).
    run "octal $g" "$OCTAL" "$g" "$ROWS"
  done
  echo "round $round done (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
# median WORDS...: the median of the numbers (the mean of the middle two if even).
median() {
  printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {m = int((NR + 1) / 2); printf "%.2f", (NR % 2) ? a[m] : (a[m] + a[m + 1]) / 2}'
}
echo "G(0) … G($N), medians of $REPEATS interleaved runs; load average before: $LOAD_BEFORE, after: $LOAD_AFTER ($(nproc) cores)"
echo
echo "| game | takeaway wall / CPU | ogsolve -m rc2 wall / CPU | octal wall / CPU | takeaway's speed-up (CPU) over the faster | peak memory takeaway / ogsolve / octal | checksum (takeaway = ogsolve) |"
echo "|---|---|---|---|---|---|---|"
for g in 0.167 0.161 0.034; do
  declare -A W C
  for p in takeaway ogsolve octal; do
    # shellcheck disable=SC2086 # the lists are space-separated numbers
    W[$p]=$(median ${WALL[$p $g]})
    # shellcheck disable=SC2086
    C[$p]=$(median ${CPU[$p $g]})
  done
  best=$(awk "BEGIN{a=${C[ogsolve]}; b=${C[octal]}; print (a<b)?a:b}")
  ratio=$(awk "BEGIN{printf \"%.2f\", $best / ${C[takeaway]}}")
  same=$([ "${SUM[takeaway $g]}" = "${SUM[ogsolve $g]}" ] && echo "${SUM[takeaway $g]} =" || echo "DIFFER: ${SUM[takeaway $g]} vs ${SUM[ogsolve $g]}")
  printf '| %s | %s s / %s s | %s s / %s s | %s s / %s s | %s× | %s / %s / %s MiB | %s |\n' "$g" \
    "${W[takeaway]}" "${C[takeaway]}" "${W[ogsolve]}" "${C[ogsolve]}" \
    "${W[octal]}" "${C[octal]}" "$ratio" \
    "$(( ${MEM[takeaway $g]} / 1024 ))" "$(( ${MEM[ogsolve $g]} / 1024 ))" "$(( ${MEM[octal $g]} / 1024 ))" "$same"
done
