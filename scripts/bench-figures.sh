#!/usr/bin/env bash
# Python at parity and the figures' provenance: their cost. (1) Pictures with the colour bar and the
# provenance: CPU time (user + system, best of 5) and file size of the SVG
# and PNG of `table wythoff --grundy --rows 400` (the largest picture) and
# of a subtraction strip, for this binary and optionally an older one for
# comparison. (2) Python at parity: the new calls (Grundy tables, sums,
# Table 4.1, Section 3) against the same command line, wall time best of 5
# (Python has no JSON to print; the command line prints it).
# Usage: bash scripts/bench-figures.sh [BINARY [OLD_BINARY]]
# (Python part: run inside a virtual environment with the package installed,
# e.g. after `pip install ./crates/takeaway-py`; skipped otherwise.)
set -euo pipefail
cd "$(dirname "$0")/.."
TK=${1:-}
OLD=${2:-}
if [ -z "$TK" ]; then
  export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
  cargo build --release -p takeaway-cli --quiet --locked
  TK="$CARGO_TARGET_DIR/release/takeaway"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# CPU ms (best of 5) of a command.
cpu() {
  local best=999999 tmp ms
  tmp=$(mktemp)
  for _ in 1 2 3 4 5; do
    /usr/bin/time -o "$tmp" -f '%U %S' "$@" >/dev/null 2>&1 || echo "(failed: $*)" >&2
    ms=$(tail -1 "$tmp" | awk '{ printf "%d", ($1 + $2) * 1000 }')
    [ "$ms" -lt "$best" ] && best=$ms
  done
  rm -f "$tmp"
  echo "$best"
}

picture() {
  local bin=$1 label=$2
  shift 2
  local ms svg png
  ms=$(cpu "$bin" table "$@" --svg "$work/p.svg" --png "$work/p.png")
  svg=$(stat -c %s "$work/p.svg")
  png=$(stat -c %s "$work/p.png")
  printf '| %s | `table %s --svg --png` | %s ms | %s KiB | %s KiB |\n' \
    "$label" "$*" "$ms" "$(( svg / 1024 ))" "$(( png / 1024 ))"
}

echo "| binary | picture | CPU (best of 5) | SVG | PNG |"
echo "|---|---|---|---|---|"
for spec in "wythoff --grundy --rows 400" "fibonacci --grundy --rows 400" "subtraction:s=1,3,4 --rows 400"; do
  # shellcheck disable=SC2086
  picture "$TK" "this" $spec
  if [ -n "$OLD" ]; then
    # shellcheck disable=SC2086
    picture "$OLD" "old" $spec
  fi
done

if python -c "import takeaway" 2>/dev/null; then
  echo
  echo "| call | Python (best of 5) | command line (best of 5) |"
  echo "|---|---|---|"
  TK="$TK" python - <<'EOF'
import os, subprocess, time
import takeaway

tk = os.environ["TK"]


def best(f):
    out = []
    for _ in range(5):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return min(out)


cases = [
    ('table("fibonacci", 2000, 2000, grundy=True)',
     lambda: takeaway.table("fibonacci", 2000, 2000, grundy=True),
     ["table", "fibonacci", "--grundy", "--rows", "2000", "--cols", "2000", "--json"]),
    ('table("wythoff", 300, grundy=True)',
     lambda: takeaway.table("wythoff", 300, grundy=True),
     ["table", "wythoff", "--grundy", "--rows", "300", "--json"]),
    ('analyze_sum(["fibonacci 10000", "wythoff 300 500", "nim 7"])',
     lambda: takeaway.analyze_sum(["fibonacci 10000", "wythoff 300 500", "nim 7"]),
     ["analyze", "sum", "fibonacci 10000", "wythoff 300 500", "nim 7", "--json"]),
    ('analyze("two-pile:f=2*t", 20, 62, bound=6, strategy="table-4.1")',
     lambda: takeaway.analyze("two-pile:f=2*t", 20, 62, bound=6, strategy="table-4.1"),
     ["analyze", "two-pile:f=2*t", "20", "62", "--bound", "6", "--strategy", "table-4.1", "--json"]),
    ('repr_base("h:f=3*t", 500, h="gbar", iterate=3)',
     lambda: takeaway.repr_base("h:f=3*t", 500, h="gbar", iterate=3),
     ["repr", "base", "h:f=3*t", "500", "--h", "gbar", "--iterate", "3", "--json"]),
]
for name, call, args in cases:
    py = best(call)
    cl = best(lambda: subprocess.run([tk, *args], check=True, stdout=subprocess.DEVNULL))
    print(f"| `{name}` | {py * 1000:.1f} ms | {cl * 1000:.1f} ms |")
EOF
fi
