#!/usr/bin/env bash
# Two builds of `takeaway` side by side on the commands of BENCHMARKS.md's
# command-line table (scripts/bench-cli.sh) and the engine's figures: each
# command runs REPEATS times per binary, alternating, and the medians of
# wall time and peak memory are printed with the ratio new/old, so "no
# slower" is measured in one run on one machine.
# Usage: bash scripts/bench-compare.sh OLD_BINARY NEW_BINARY [REPEATS=3]
set -euo pipefail
OLD=${1:?usage: bench-compare.sh OLD_BINARY NEW_BINARY [REPEATS]}
NEW=${2:?usage: bench-compare.sh OLD_BINARY NEW_BINARY [REPEATS]}
REPEATS=${3:-3}
if [ ! -x /usr/bin/time ]; then
  echo "needs GNU time (/usr/bin/time): apt-get install -y time" >&2
  exit 1
fi
D10K=$(printf '7%.0s' $(seq 1 10000))
D1K=$(printf '7%.0s' $(seq 1 1000))
D500=$(printf '7%.0s' $(seq 1 500))
# One run: "wall_seconds peak_kib".
once() {
  local tmp
  tmp=$(mktemp)
  /usr/bin/time -o "$tmp" -f '%e %M' "$@" >/dev/null 2>&1 || echo "(failed: $*)" >&2
  tail -1 "$tmp"
  rm -f "$tmp"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
cmp() {
  local label=$1
  shift
  local ow="" om="" nw="" nm="" r
  for _ in $(seq 1 "$REPEATS"); do
    r=$(once "$OLD" "$@"); ow+="${r% *}"$'\n'; om+="${r#* }"$'\n'
    r=$(once "$NEW" "$@"); nw+="${r% *}"$'\n'; nm+="${r#* }"$'\n'
  done
  ow=$(printf '%s' "$ow" | median); nw=$(printf '%s' "$nw" | median)
  om=$(printf '%s' "$om" | median); nm=$(printf '%s' "$nm" | median)
  awk -v l="$label" -v ow="$ow" -v nw="$nw" -v om="$om" -v nm="$nm" 'BEGIN {
    r = (ow > 0) ? sprintf("%.2f", nw / ow) : "–";
    printf "| %s | %.2f s | %.2f s | %s | %d MiB | %d MiB |\n", l, ow, nw, r, om / 1024, nm / 1024 }'
}
echo "| command | old wall | new wall | new/old | old memory | new memory |"
echo "|---|---|---|---|---|---|"
cmp "repr zeckendorf, 10,000 digits --json" repr zeckendorf "$D10K" --json
cmp "analyze fibonacci, 10,000-digit pile --json" analyze fibonacci "$D10K" --json
cmp "analyze fibonacci 1000 --json (engine remoteness)" analyze fibonacci 1000 --json
cmp "table one-pile:f=3*t --rows 10000000 --json" table 'one-pile:f=3*t' --rows 10000000 --json
cmp "table one-pile:f=3*t --rows 10000000 --format csv" table 'one-pile:f=3*t' --rows 10000000 --format csv
cmp "analyze wythoff, two 1,000-digit piles --json" analyze wythoff "$D1K" "3$D1K" --json
cmp "analyze wythoff, two 10,000-digit piles --json" analyze wythoff "$D10K" "3$D10K" --json
cmp "table spite --rows 4096 --json" table spite --rows 4096 --json
cmp "analyze spite, 500-digit rows --json" analyze spite "$D500" "$D500" --json
cmp "verify wythoff --up-to 2000" verify wythoff --up-to 2000
cmp "verify spite --up-to 1000" verify spite --up-to 1000
cmp "table subtraction:s=1,3,4 --rows 10000001 --summary" table 'subtraction:s=1,3,4' --rows 10000001 --summary
cmp "table two-pile:f=3*t --rows 2000 --cols 2000 --format csv" table 'two-pile:f=3*t' --rows 2000 --cols 2000 --format csv
cmp "table fibonacci --grundy --rows 20000 --cols 20000 --summary --json" table fibonacci --grundy --rows 20000 --cols 20000 --summary --json
cmp "analyze 'two-pile:f=2*t' 130 130 --json" analyze 'two-pile:f=2*t' 130 130 --json
cmp "analyze sum 'fibonacci 20' 'nim 3' 'wythoff 3 5' --json" analyze sum 'fibonacci 20' 'nim 3' 'wythoff 3 5' --json
