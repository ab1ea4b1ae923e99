#!/usr/bin/env bash
# Officers (0.6) against the published data of github.com/mvr/officers
# (Rose's CUDA program; the repository has no licence, so its files are read
# from a fetched copy, never copied into this repository):
#   officers_sparse.txt  — the 1,584 sparse values below heap 20,627, in its
#                          layout (`takeaway table … --sparse mvr`);
#   officers_initial.txt — G(0) … G(98,303), space-separated after a count.
# And the `octal` solver's frequency files (github.com/rogalski-wmii-uni-lodz-pl/octal,
# results/CODE/N, heaps 1 … N) for 0.167, 0.161 and 0.034 at 2^20 and 2^24
# against `takeaway table octal:CODE --rows N+1 --freq`, byte for byte.
#
# Usage: MVR=/path/to/officers OCTAL_SRC=/path/to/octal bash scripts/compare-officers.sh [TAKEAWAY]
#   (the two are checkouts: git clone https://github.com/mvr/officers, and
#   https://github.com/rogalski-wmii-uni-lodz-pl/octal)
set -euo pipefail
cd "$(dirname "$0")/.."
TK=${1:-target/release/takeaway}
MVR=${MVR:?set MVR to a checkout of github.com/mvr/officers}
OCTAL_SRC=${OCTAL_SRC:?set OCTAL_SRC to a checkout of github.com/rogalski-wmii-uni-lodz-pl/octal}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
"$TK" table octal:0.6 --rows 20628 --sparse mvr --quiet >"$tmp/sparse"
if cmp -s "$tmp/sparse" "$MVR/officers_sparse.txt"; then
  echo "officers_sparse.txt: identical ($(head -1 "$tmp/sparse"))"
else
  echo "officers_sparse.txt: DIFFERS"; fail=1
fi
count=$(head -1 "$MVR/officers_initial.txt" | awk '{print $1}')
"$TK" table octal:0.6 --rows "$count" --csv --quiet | tail -n +3 | cut -d, -f2 >"$tmp/ours"
tr ' ' '\n' <"$MVR/officers_initial.txt" | grep -v '^$' | tail -n +2 >"$tmp/theirs"
if cmp -s "$tmp/ours" "$tmp/theirs"; then
  echo "officers_initial.txt: G(0) … G($((count - 1))) identical"
else
  echo "officers_initial.txt: DIFFERS"; fail=1
fi
for code in 0.167 0.161 0.034; do
  for n in 1048576 16777216; do
    "$TK" table "octal:$code" --rows $((n + 1)) --freq --quiet >"$tmp/freq"
    if cmp -s "$tmp/freq" "$OCTAL_SRC/results/$code/$n"; then
      echo "results/$code/$n: identical"
    else
      echo "results/$code/$n: DIFFERS"; fail=1
    fi
  done
done
exit $fail
