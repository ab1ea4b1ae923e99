#!/usr/bin/env bash
# Runs table/verify/analyze/sweep commands of every family against two
# binaries and diffs their outputs (stdout, stderr, exit code).
# Usage: scripts/compare-reports.sh OLD_BINARY NEW_BINARY
set -u
old=$1 new=$2
work=$(mktemp -d)
mkdir "$work/o" "$work/n"
fail=0 count=0
run() {
    count=$((count + 1))
    # Each binary in its own directory: files it writes (sweeps, pictures) are compared too.
    (cd "$work/o" && "$old" "$@" >../o.out 2>../o.err; echo "rc $?" >>../o.err)
    (cd "$work/n" && "$new" "$@" >../n.out 2>../n.err; echo "rc $?" >>../n.err)
    if ! cmp -s "$work/o.out" "$work/n.out" || ! cmp -s "$work/o.err" "$work/n.err" ||
        ! diff -r "$work/o" "$work/n" >/dev/null; then
        fail=$((fail + 1))
        echo "DIFFERS: $*"
        diff "$work/o.out" "$work/n.out" | head -5
        diff "$work/o.err" "$work/n.err" | head -5
    fi
}
games=(fibonacci fibonacci:misere=true nim nim:misere=true 'one-pile:f=3*t' 'one-pile:f=2*t:misere=true'
       'one-pile:f=t+1' 'two-pile:f=2*t' 'two-pile:f=t+1' 'two-pile:f=2*t:misere=true'
       wythoff wythoff:misere=true spite 'subtraction:s=1,3,4' 'subtraction:s=1,3,4:misere=true'
       'subtraction:s=2,5,7' kayles 'octal:0.07' 'octal:4.07' 'octal:0.137' dawson
       'octal:0.07:misere=true' 'kayles:misere=true')
for g in "${games[@]}"; do
    for rows in 0 1 7 20; do
        for fmt in "" --csv --json "--format text"; do
            # shellcheck disable=SC2086
            run table "$g" --rows "$rows" $fmt
            run table "$g" --rows "$rows" --summary $fmt
            run table "$g" --rows "$rows" --cols 5 $fmt
            run table "$g" --rows "$rows" --grundy $fmt
            run table "$g" --rows "$rows" --cols 4 --grundy $fmt
            run table "$g" --rows "$rows" --summary --freq $fmt
        done
        run table "$g" --rows "$rows" --svg t.svg --csv
        run table "$g" --rows "$rows" --png t.png
    done
    for up in 1 10 30; do
        run verify "$g" --up-to "$up"
        run verify "$g" --up-to "$up" --json
        run verify "$g" --up-to "$up" --grundy
    done
done
for k in 3; do
    for fmt in "" --csv --json; do
        # shellcheck disable=SC2086
        run table "two-pile:f=2*t:piles=$k" --rows 6 --cols 5 --slice 2 $fmt
        run table "two-pile:f=2*t:piles=$k" --rows 6 --cols 5 --slice 2 --summary $fmt
        run table "spite:rows=3" --rows 4 $fmt
        run table "two-pile:f=2*t:first=2" --rows 6 --cols 5 $fmt
        run table "two-pile:f=2*t:first=2" --rows 6 --cols 5 --summary $fmt
    done
done
run analyze two-pile:f=2*t 15 47 --bound 10 --strategy table-4.1
run analyze two-pile:f=2*t 15 47 --bound 10 --strategy table-4.1 --json
run analyze two-pile:f=2*t 5 8 --bound 3 --strategy table-4.1
for out in s.csv s.jsonl; do
    rm -rf "$work"/[on]/s.*
    run sweep subtraction --max 6 --sizes 1..2 --terms 100 --out "$out"
    rm -rf "$work"/[on]/s.*
    run sweep one-pile --f 'a*t+b' --param a=1..2 --param b=0..1 --up-to 30 --out "$out"
    rm -rf "$work"/[on]/s.*
    run sweep holshouser-reiter --base fibonacci --prefixes 3 --f 'a*t+b' --param a=1..2 --param b=0..1 --up-to 12 --out "$out"
    rm -rf "$work"/[on]/s.*
    run sweep two-pile --f 't+1' --f '2*t' --up-to 20 --out "$out"
    rm -rf "$work"/[on]/s.*
    run sweep octal --digits 2 --terms 200 --out "$out"
done
echo "$count commands, $fail differ"
rm -rf "$work"
[ "$fail" -eq 0 ]
