#!/usr/bin/env bash
# Every answer of two `takeaway` binaries compared: a refactoring that must
# not change any output is checked by running the same commands against the
# binary before and the binary after.
#
# Usage: bash scripts/compare-binaries.sh OLD NEW [OUTDIR] [--known FILE]
#                                          [--jobs J] [--timeout S] [--only REGEX] [--list]
#
#   OLD, NEW  two takeaway binaries, e.g. a release build of an older commit
#             (git worktree add /tmp/base COMMIT &&
#              CARGO_TARGET_DIR=/tmp/base-target cargo build --release -p takeaway-cli)
#             and target/release/takeaway
#   OUTDIR    where to write commands.tsv, diffs/ID.diff and summary.txt
#             (default: a new directory under /tmp)
#   --known FILE  lines `REGEX<TAB>LABEL`: differences matching REGEX are
#             grouped under LABEL (scripts/compare-binaries-known.tsv: the
#             differences expected since sums became games); still counted and shown
#   --jobs J  commands run in parallel (default 2); --timeout S per binary
#             and command (default 20)
#   --only REGEX  only the commands whose kind or command line matches
#   --list    print the commands and exit
#
# About 2,400 commands: every family of docs/cli.md (one-pile bounds f(t),
# f(n, t) and bases, two-pile, k-pile and the appendix games, Wythoff, Spite,
# Nim, subtraction sets, octal codes, sums), analyze in text and JSON with
# --all, misère play, table in text/CSV/JSON/plot/pictures with --grundy and
# --summary, verify, repr, play scripted through stdin (sums included),
# sweep, the help texts and error cases. For each it compares stdout, stderr,
# the exit status and the files written, then prints the totals and the
# differing commands grouped by kind of difference, with one example diff a
# group. Exit status 0 when every answer is identical, 1 otherwise.
# Not part of CI: it needs the older binary. Python 3 standard library only.
set -euo pipefail
if [[ $# -lt 2 || $1 == -h || $1 == --help ]]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 2
fi
old=$1 new=$2
shift 2
outdir=
if [[ $# -gt 0 && $1 != --* ]]; then
    outdir=$1
    shift
fi
[[ -n $outdir ]] || outdir=$(mktemp -d /tmp/compare-binaries.XXXXXX)
for b in "$old" "$new"; do
    [[ -x $b ]] || { echo "error: $b is not an executable" >&2; exit 2; }
done
exec python3 "$(dirname "$0")/compare-binaries.py" "$old" "$new" "$outdir" "$@"
