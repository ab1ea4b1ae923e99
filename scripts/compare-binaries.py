#!/usr/bin/env python3
"""Every answer of two `takeaway` binaries, compared (run through compare-binaries.sh).

Usage: compare-binaries.py OLD NEW OUTDIR [--known FILE] [--jobs J] [--timeout S]
                           [--only REGEX] [--list]

Generates a fixed list of commands (every family of docs/cli.md, analyze in
text and JSON, --all, misère, sums, table in every format, verify, repr,
scripted play, sweep, help texts and error cases), runs each one against OLD
and NEW (each in a fresh directory, with a timeout), compares stdout, stderr,
the exit status and every file the command wrote, and prints a summary:
totals, then the differing commands grouped by kind of difference with one
example diff per group. OUTDIR gets commands.tsv (every command), diffs/ID.diff
(the full diff of each differing command) and summary.txt.

--known FILE: lines `REGEX<TAB>LABEL` (`#` comments); a difference whose diff
lines or JSON field changes match REGEX is labelled LABEL in the summary (it
is still counted and shown, as "known: LABEL").

Python standard library only.
"""

import argparse
import concurrent.futures
import difflib
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading

# ---------------------------------------------------------------- commands


def gen_commands():
    """The commands, as dicts {kind, argv, stdin?, files?}; argv without the program."""
    cmds = []

    def add(kind, argv, stdin=None, files=None):
        cmds.append({"kind": kind, "argv": list(argv), "stdin": stdin, "files": files or {}})

    def analyze_all_forms(kind, spec, piles, extra=()):
        base = ["analyze", spec, *piles, *extra]
        add(kind + " text", base)
        add(kind + " json", base + ["--json"])

    # --- one pile: bounds f(t), f(n, t), bases
    one_pile_specs = [
        "fibonacci",
        "one-pile:f=2*t",
        "one-pile:f=3*t",
        "one-pile:f=t",
        "one-pile:f=t+1",
        "one-pile:f=(3*t+1)/2",
        "one-pile:f=min(t,3)",
        "one-pile:f=max(1,t-1)",
        "one-pile:f=t%3+1",
        "one-pile:f=t/2",
        "one-pile:f=n-t",
        "one-pile:f=min(2*t,n/2)",
        "one-pile:f=100/t",
        "one-pile:f=2*g(t):base=fibonacci",
        "one-pile:f=2*t:base=fibonacci",
        "one-pile:f=t:base=binary",
        "one-pile:f=2*t:base=1,2,3,6,7,10,17,34",
    ]
    one_pile_positions = [
        ["0"], ["1"], ["2"], ["5"], ["8"], ["13"], ["20"], ["21"], ["33"], ["100"],
        ["20", "--bound", "4"], ["20", "--bound", "1"], ["4", "--bound", "4"],
        ["1000"], ["123456789012345678901234567890"],
    ]
    for spec in one_pile_specs:
        for pos in one_pile_positions:
            big = pos[0].startswith("1234") or pos[0] == "1000"
            if big and ("n-t" in spec or "max(1" in spec or "%" in spec or "t/2" == spec[-3:]):
                # no theory: the engine's limit error (still compared, once per spec)
                if pos[0] != "1000":
                    continue
            analyze_all_forms("analyze one-pile", spec, pos)
        add("analyze one-pile --all", ["analyze", spec, "20", "--all"])
        add("analyze one-pile --all json", ["analyze", spec, "20", "--all", "--json"])
        add("analyze one-pile --exhaustive", ["analyze", spec, "20", "--exhaustive", "--json"])
        for pos in (["0"], ["1"], ["5"], ["20"], ["21"], ["20", "--bound", "3"]):
            analyze_all_forms("analyze one-pile misère", spec + ":misere=true", pos)
        add("analyze one-pile misère --all", ["analyze", spec + ":misere=true", "20", "--all", "--json"])
        add("analyze one-pile misère big", ["analyze", spec + ":misere=true", "1000"])

    # --- two piles, k piles, appendix games
    two_pile_specs = [
        "two-pile:f=2*t",
        "two-pile:f=t",
        "two-pile:f=t+1",
        "two-pile:f=3*t",
        "two-pile:f=(3*t+1)/2",
        "two-pile:f=n+t",
        "two-pile:f=2*t:base=fibonacci",
        "two-pile:f=t:base=binary",
    ]
    two_pile_positions = [
        ["0", "0"], ["3", "5"], ["7", "7"], ["10", "30"], ["20", "62"],
        ["20", "62", "--bound", "6"], ["15", "62", "--bound", "10"], ["4", "9", "--bound", "2"],
        ["1000", "2000", "--bound", "5"],
    ]
    for spec in two_pile_specs:
        for pos in two_pile_positions:
            analyze_all_forms("analyze two-pile", spec, pos)
        add("analyze two-pile --all", ["analyze", spec, "10", "30", "--all"])
        add("analyze two-pile --all json", ["analyze", spec, "10", "30", "--all", "--json"])
        for pos in (["3", "5"], ["4", "9", "--bound", "2"], ["0", "1"]):
            analyze_all_forms("analyze two-pile misère", spec + ":misere=true", pos)
        for strat_pos in (["20", "62", "--bound", "6"], ["10", "30", "--bound", "3"]):
            add("analyze two-pile table-4.1", ["analyze", spec, *strat_pos, "--strategy", "table-4.1"])
            add("analyze two-pile table-4.1 json",
                ["analyze", spec, *strat_pos, "--strategy", "table-4.1", "--json"])
    for spec, pos in [
        ("two-pile:f=2*t:piles=3", ["3", "4", "5"]),
        ("two-pile:f=2*t", ["3", "4", "5"]),
        ("two-pile:f=t", ["2", "6", "9"]),
        ("two-pile:f=2*t:piles=4", ["1", "2", "3", "4"]),
        ("two-pile:f=2*t:piles=3", ["10", "20", "25", "--bound", "4"]),
        ("two-pile:f=2*t:piles=3:misere=true", ["3", "4", "5"]),
        ("two-pile:f=2*t:piles=3", ["30", "30", "30"]),
    ]:
        analyze_all_forms("analyze k-pile", spec, pos)
        add("analyze k-pile --all", ["analyze", spec, *pos, "--all", "--json"])
    for spec in ["two-pile:f=2*t:add=1", "two-pile:f=2*t:must-add=1", "two-pile:f=2*t:larger-first=2",
                 "two-pile:f=t:add=2"]:
        for pos in (["0", "2", "--bound", "1"], ["3", "5", "--bound", "3"], ["3", "5"]):
            analyze_all_forms("analyze appendix", spec, pos)
        add("analyze appendix --all", ["analyze", spec, "3", "5", "--bound", "3", "--all", "--json"])

    # --- Wythoff, Spite, Nim, subtraction
    for pos in (["0", "0"], ["1", "2"], ["3", "5"], ["4", "7"], ["10", "15"], ["8", "13"], ["100", "200"],
                ["1000", "1618"], ["1023", "1023"], ["5000", "3"], ["123456789123456789", "987654321"]):
        analyze_all_forms("analyze wythoff", "wythoff", pos)
        analyze_all_forms("analyze wythoff misère", "wythoff:misere=true", pos)
    for pos in (["10", "15"], ["3", "5"], ["4", "6"]):
        add("analyze wythoff --all", ["analyze", "wythoff", *pos, "--all"])
        add("analyze wythoff --all json", ["analyze", "wythoff", *pos, "--all", "--json"])
        add("analyze wythoff misère --all", ["analyze", "wythoff:misere=true", *pos, "--all", "--json"])
    add("analyze wythoff --exhaustive", ["analyze", "wythoff", "10", "15", "--exhaustive", "--json"])
    for pos in (["10", "6"], ["3", "3"], ["5", "0"], ["7"], ["4", "4", "4"], ["20", "11"], ["1", "1"]):
        analyze_all_forms("analyze spite", "spite", pos)
        analyze_all_forms("analyze spite misère", "spite:misere=true", pos)
        add("analyze spite --all", ["analyze", "spite", *pos, "--all", "--json"])
    for pos in (["0"], ["5"], ["1", "2", "3"], ["3", "4", "5"], ["1", "1"], ["7", "7", "7", "7", "1"],
                ["1", "1", "1"], ["2", "2", "1"], ["123456789012345678901234567890", "5"]):
        analyze_all_forms("analyze nim", "nim", pos)
        analyze_all_forms("analyze nim misère", "nim:misere=true", pos)
        add("analyze nim --all", ["analyze", "nim", *pos, "--all", "--json"])
        add("analyze nim misère --all", ["analyze", "nim:misere=true", *pos, "--all"])
    for spec in ["subtraction:s=1,3,4", "subtraction:s=2,5", "subtraction:s=1,2", "subtraction:min=3:max=5",
                 "subtraction:s=3,5,7,11", "subtraction:min=1:max=4"]:
        for pos in (["0"], ["1"], ["7"], ["10"], ["10", "11", "12"], ["1000000000000000000000"], ["4", "4"]):
            analyze_all_forms("analyze subtraction", spec, pos)
            analyze_all_forms("analyze subtraction misère", spec + ":misere=true", pos)
        add("analyze subtraction --all", ["analyze", spec, "10", "11", "12", "--all", "--json"])
        add("analyze subtraction misère --all", ["analyze", spec + ":misere=true", "10", "11", "--all"])

    # --- octal codes
    octal_specs = ["kayles", "dawson", "dawsons-kayles", "octal:0.07", "octal:0.137", "octal:0.6",
                   "octal:0.77", "octal:.77", "octal:code=0.77", "octal:4.7", "octal:0.3033",
                   "octal:0.167", "octal:0.04"]
    for spec in octal_specs:
        for pos in (["0"], ["1"], ["8"], ["10", "7"], ["30"], ["5", "5"], ["1000"], ["2", "3", "4"]):
            analyze_all_forms("analyze octal", spec, pos)
        for pos in (["1"], ["5"], ["4", "3"], ["9"]):
            analyze_all_forms("analyze octal misère", spec + ":misere=true", pos)
        add("analyze octal --all", ["analyze", spec, "8", "--all"])
        add("analyze octal --all json", ["analyze", spec, "10", "7", "--all", "--json"])

    # --- sums
    sums = [
        ["nim 1", "nim 2"],
        ["nim 3", "nim 3"],
        ["fibonacci 20", "fibonacci 13 --bound 4", "wythoff 3 5", "nim 6"],
        ["fibonacci 5", "nim 3", "wythoff 1 2"],
        ["fibonacci 5", "nim 3"],
        ["kayles 10", "dawson 8"],
        ["subtraction:s=1,3,4 10 11", "nim 2"],
        ["two-pile:f=2*t 3 5", "nim 1"],
        ["two-pile:f=2*t 20 62 --bound 6", "nim 0"],
        ["one-pile:f=3*t 20 --bound 5", "wythoff 4 7"],
        ["nim 1 2 3", "nim 4"],
        ["wythoff 3 5", "wythoff 4 7"],
        ["octal:0.137 6", "octal:0.6 5 2"],
        ["fibonacci 0", "nim 0"],
        ["nim 5"],
        ["fibonacci 1000", "nim 1"],
        ["two-pile:f=2*t:piles=3 3 4 5", "nim 2"],
        ["subtraction:min=3:max=5 21", "kayles 4"],
    ]
    for parts in sums:
        add("analyze sum text", ["analyze", "sum", *parts])
        add("analyze sum json", ["analyze", "sum", *parts, "--json"])
        add("analyze sum --all", ["analyze", "sum", *parts, "--all"])
        add("analyze sum --all json", ["analyze", "sum", *parts, "--all", "--json"])
    for parts in (["nim 1", "nim 2"], ["nim 3", "nim 3"], ["fibonacci 5", "nim 3"], ["kayles 4", "nim 2"],
                  ["wythoff 1 2", "nim 1"], ["nim 0", "nim 0"]):
        add("analyze sum misère text", ["analyze", "sum:misere=true", *parts])
        add("analyze sum misère json", ["analyze", "sum:misere=true", *parts, "--json"])
        add("analyze sum misère --all", ["analyze", "sum:misere=true", *parts, "--all", "--json"])

    # --- errors: bad specs, bad piles, limits, usage
    errors = [
        ["analyze", "fibonaci", "20"],
        ["analyze", "one-pile:f=2*", "20"],
        ["analyze", "one-pile:f=2*q", "20"],
        ["analyze", "one-pile:f=g(t)", "20"],
        ["analyze", "one-pile:f=fib(9999999)", "20"],
        ["analyze", "one-pile:f=t-5", "10"],
        ["analyze", "fibonacci", "x20"],
        ["analyze", "fibonacci", "-3"],
        ["analyze", "fibonacci", "20", "--bound", "x"],
        ["analyze", "fibonacci"],
        ["analyze", "fibonacci", "1", "2"],
        ["analyze", "wythoff", "3"],
        ["analyze", "wythoff", "3", "5", "--bound", "2"],
        ["analyze", "nim", "3", "--bound", "2"],
        ["analyze", "subtraction:s=", "3"],
        ["analyze", "subtraction:s=0,1", "3"],
        ["analyze", "octal:0.8", "3"],
        ["analyze", "octal:0.7x", "3"],
        ["analyze", "octal:9.7", "3"],
        ["analyze", "fibonacci:misere=maybe", "3"],
        ["analyze", "fibonacci:foo=1", "3"],
        ["analyze", "two-pile:f=2*t:add=1", "3", "5"],
        ["analyze", "two-pile:f=2*t:add=1:must-add=1", "3", "5", "--bound", "2"],
        ["analyze", "two-pile:f=3*t", "20", "62", "--bound", "6", "--strategy", "table-4.1"],
        ["analyze", "fibonacci", "20", "--strategy", "table-4.1"],
        ["analyze", "two-pile:f=2*t", "300", "400", "500"],
        ["analyze", "one-pile:f=n-t", "100000"],
        ["analyze", "kayles:misere=true", "40"],
        ["analyze", "octal:0.77", "100000000"],
        ["analyze", "sum"],
        ["analyze", "sum", "spite 3 4", "nim 1"],
        ["analyze", "sum", "nim 3", "wythoff 3 x5"],
        ["analyze", "sum", "nim 3", "fibonaci 5"],
        ["analyze", "sum", "nim:misere=true 3", "nim 1"],
        ["analyze", "sum", "nim 3 --bound 2", "nim 1"],
        ["analyze", "sum", "one-pile:f=n-t 100000", "nim 1"],
        ["analyze", "sum:misere=true", "nim 30", "nim 30", "nim 30", "nim 30", "nim 30"],
        ["analyze", "sum", "nim 3", ""],
        ["analyze", "sum", "spite 3 4"],
        ["analyze", "fibonacci", "20", "--frobnicate"],
        ["table", "fibonacci"],
        ["table", "fibonacci", "--rows", "x"],
        ["table", "fibonacci", "--rows", "100000000"],
        ["table", "spite", "--rows", "5", "--summary"],
        ["table", "nim", "--rows", "5"],
        ["table", "two-pile:f=2*t:misere=true", "--rows", "5", "--cols", "5"],
        ["table", "spite:misere=true", "--rows", "5"],
        ["table", "fibonacci", "--rows", "5", "--slice", "3"],
        ["table", "fibonacci", "--rows", "5", "--freq"],
        ["table", "kayles", "--rows", "5", "--grundy"],
        ["table", "fibonacci", "--grundy", "--rows", "100000"],
        ["table", "two-pile:f=2*t:piles=3", "--rows", "400", "--cols", "400", "--slice", "400"],
        ["table", "sum", "--rows", "5"],
        ["verify", "fibonacci:misere=true", "--up-to", "10"],
        ["verify", "two-pile:f=2*t:add=1", "--up-to", "5"],
        ["verify", "kayles", "--up-to", "5"],
        ["verify", "sum", "--up-to", "5"],
        ["repr", "zeckendorf", "x"],
        ["repr", "base", "1,3", "5"],
        ["repr", "h-sequence", "h:f=2*t", "--check-unique", "3000000"],
        ["play", "sum"],
        ["play", "fibonacci"],
        ["serve", "--addr", "9000"],
        ["frobnicate"],
        [],
    ]
    for argv in errors:
        add("error", argv)
        if argv and argv[0] == "analyze" and len(argv) > 1 and argv[1] != "sum":
            add("error json", argv + ["--json"])

    # --- number arguments: @FILE and -
    add("numbers @FILE", ["analyze", "fibonacci", "@pile.txt", "--json"], files={"pile.txt": "  20\n"})
    add("numbers @FILE", ["analyze", "wythoff", "@x.txt", "@y.txt"], files={"x.txt": "3", "y.txt": "5\n"})
    add("numbers @FILE", ["analyze", "fibonacci", "@missing.txt"])
    add("numbers @FILE", ["analyze", "fibonacci", "@bad.txt"], files={"bad.txt": "12a"})
    add("numbers @FILE", ["analyze", "fibonacci", "@empty.txt"], files={"empty.txt": ""})
    add("numbers -", ["analyze", "fibonacci", "-", "--json"], stdin="7" * 200 + "\n")
    add("numbers -", ["repr", "zeckendorf", "-", "--json"], stdin="7" * 300)
    add("numbers -", ["analyze", "wythoff", "-", "-"], stdin="3\n")
    add("numbers +", ["analyze", "fibonacci", "+20"])
    add("numbers big", ["analyze", "fibonacci", "7" * 5000, "--json"])
    add("numbers big", ["analyze", "wythoff", "9" * 300, "8" * 300])

    # --- table
    for spec in ["fibonacci", "one-pile:f=3*t", "one-pile:f=t+1", "one-pile:f=min(t,3)", "one-pile:f=n-t",
                 "one-pile:f=2*g(t):base=fibonacci", "one-pile:f=t:base=binary"]:
        for fmt in ([], ["--format", "csv"], ["--csv"], ["--json"], ["--plot"]):
            add("table one-pile", ["table", spec, "--rows", "30", *fmt])
        add("table one-pile misère", ["table", spec + ":misere=true", "--rows", "30"])
        add("table one-pile misère", ["table", spec + ":misere=true", "--rows", "30", "--json"])
        for fmt in ([], ["--csv"], ["--json"]):
            add("table --grundy", ["table", spec, "--grundy", "--rows", "12", *fmt])
        add("table --grundy --cols", ["table", spec, "--grundy", "--rows", "12", "--cols", "5"])
        add("table --grundy --summary", ["table", spec, "--grundy", "--rows", "60", "--summary", "--json"])
        add("table --grundy --summary", ["table", spec, "--grundy", "--rows", "60", "--summary"])
        add("table --grundy --exhaustive", ["table", spec, "--grundy", "--rows", "15", "--exhaustive", "--json"])
        add("table --grundy --plot", ["table", spec, "--grundy", "--rows", "15", "--plot"])
        add("table --summary (error)", ["table", spec, "--rows", "10", "--summary"])
    for spec in ["two-pile:f=2*t", "two-pile:f=t", "two-pile:f=3*t", "two-pile:f=n+t", "two-pile:f=2*t:base=fibonacci",
                 "two-pile:f=2*t:add=1", "two-pile:f=2*t:must-add=2", "two-pile:f=2*t:larger-first=1"]:
        for fmt in ([], ["--csv"], ["--json"], ["--plot"]):
            add("table two-pile", ["table", spec, "--rows", "8", "--cols", "12", *fmt])
        # the appendix games are solved exhaustively: a smaller summary
        rows = "12" if re.search(r"add=|larger-first=", spec) else "40"
        for fmt in ([], ["--csv"], ["--json"]):
            add("table two-pile --summary", ["table", spec, "--rows", rows, "--cols", "6", "--summary", *fmt])
    for spec, sl in [("two-pile:f=2*t:piles=3", "3"), ("two-pile:f=t:piles=3", "0"), ("two-pile:f=2*t:piles=4", "2,3")]:
        for fmt in ([], ["--csv"], ["--json"], ["--summary"], ["--summary", "--json"], ["--plot"]):
            add("table k-pile", ["table", spec, "--rows", "6", "--cols", "6", "--slice", sl, *fmt])
    for spec in ["subtraction:s=1,3,4", "subtraction:s=2,5", "subtraction:min=3:max=5", "subtraction:s=3,5,7,11"]:
        for fmt in ([], ["--csv"], ["--json"], ["--plot"], ["--summary"], ["--summary", "--json"],
                    ["--summary", "--csv"]):
            add("table subtraction", ["table", spec, "--rows", "40", *fmt])
        add("table subtraction misère", ["table", spec + ":misere=true", "--rows", "40"])
        add("table subtraction misère", ["table", spec + ":misere=true", "--rows", "40", "--json"])
    for spec in ["nim:misere=true"]:
        add("table nim misère", ["table", spec, "--rows", "10"])
        add("table nim misère", ["table", spec, "--rows", "10", "--json"])
    for fmt in ([], ["--csv"], ["--json"], ["--plot"]):
        add("table wythoff", ["table", "wythoff", "--rows", "30", *fmt])
        add("table wythoff misère", ["table", "wythoff:misere=true", "--rows", "30", *fmt])
        add("table wythoff --grundy", ["table", "wythoff", "--grundy", "--rows", "10", *fmt])
        add("table spite", ["table", "spite", "--rows", "12", *fmt])
    add("table wythoff --grundy --summary", ["table", "wythoff", "--grundy", "--rows", "50", "--summary", "--json"])
    add("table wythoff --grundy --cols", ["table", "wythoff", "--grundy", "--rows", "6", "--cols", "9"])
    for spec in ["kayles", "dawson", "octal:0.07", "octal:0.137", "octal:0.6", "octal:4.7", "octal:0.167"]:
        for fmt in ([], ["--csv"], ["--json"], ["--summary"], ["--summary", "--json"], ["--summary", "--csv"],
                    ["--freq"], ["--summary", "--freq"], ["--plot"]):
            add("table octal", ["table", spec, "--rows", "300", *fmt])
        add("table octal misère", ["table", spec + ":misere=true", "--rows", "12"])
        add("table octal misère", ["table", spec + ":misere=true", "--rows", "12", "--json"])
    # pictures: the files are compared too
    for argv in (["table", "fibonacci", "--rows", "20", "--svg", "t.svg"],
                 ["table", "fibonacci", "--grundy", "--rows", "20", "--svg", "t.svg"],
                 ["table", "two-pile:f=2*t", "--rows", "10", "--cols", "10", "--svg", "t.svg", "--json"],
                 ["table", "wythoff", "--rows", "20", "--png", "t.png"],
                 ["table", "subtraction:s=1,3,4", "--rows", "30", "--svg", "t.svg"],
                 ["table", "kayles", "--rows", "100", "--svg", "t.svg"],
                 ["table", "spite", "--rows", "10", "--svg", "t.svg"],
                 ["table", "wythoff", "--grundy", "--rows", "20", "--png", "t.png"],
                 ["table", "two-pile:f=2*t:piles=3", "--rows", "6", "--cols", "6", "--slice", "3", "--svg", "t.svg"]):
        add("table picture", argv)
    add("table octal checkpoint", ["table", "octal:0.167", "--rows", "500", "--summary", "--checkpoint", "c.ckpt"])

    # --- verify
    for spec, n in [("fibonacci", "200"), ("one-pile:f=3*t", "100"), ("one-pile:f=t+1", "100"),
                    ("one-pile:f=min(t,3)", "60"), ("one-pile:f=t%3+1", "100"), ("one-pile:f=n-t", "40"),
                    ("one-pile:f=2*g(t):base=fibonacci", "60"), ("two-pile:f=2*t", "20"), ("two-pile:f=t", "20"),
                    ("two-pile:f=3*t", "20"), ("two-pile:f=2*t:base=fibonacci", "20"), ("two-pile:f=t:base=binary", "20"),
                    ("wythoff", "30"), ("spite", "8"), ("nim", "10"), ("subtraction:s=1,3,4", "60"),
                    ("subtraction:min=3:max=5", "60"), ("subtraction:s=1,3,4:misere=true", "60"),
                    ("two-pile:f=2*t:piles=3", "6"), ("two-pile:f=t:piles=3", "5")]:
        add("verify", ["verify", spec, "--up-to", n])
        add("verify json", ["verify", spec, "--up-to", n, "--json"])
    for spec in ["fibonacci", "one-pile:f=3*t", "one-pile:f=t+1"]:
        add("verify --grundy", ["verify", spec, "--grundy", "--up-to", "80"])
        add("verify --grundy json", ["verify", spec, "--grundy", "--up-to", "80", "--json"])

    # --- repr
    for n in ["0", "1", "8", "100", "12345678901234567890"]:
        add("repr zeckendorf", ["repr", "zeckendorf", n])
        add("repr zeckendorf json", ["repr", "zeckendorf", n, "--json"])
    for base in ["fibonacci", "binary", "h:f=3*t", "1,2,3,6,7,10,17,34"]:
        for n in ["5", "31", "100"]:
            add("repr base", ["repr", "base", base, n])
            add("repr base json", ["repr", "base", base, n, "--json"])
    for base in ["fibonacci", "h:f=3*t", "h:f=t+1", "h:f=min(t,3)", "h:f=2*t"]:
        add("repr h-sequence", ["repr", "h-sequence", base, "--terms", "12"])
        add("repr h-sequence json", ["repr", "h-sequence", base, "--terms", "12", "--json"])
    add("repr h-sequence", ["repr", "h-sequence", "h:f=2*t", "--check-unique", "2000", "--json"])
    add("repr h-sequence", ["repr", "h-sequence", "h:f=if(t==2,1,3*t)", "--check-unique", "1000"])
    add("repr base --h", ["repr", "base", "fibonacci", "5", "--h", "gbar"])
    add("repr base --h", ["repr", "base", "fibonacci", "40", "--h", "g", "--iterate", "2", "--json"])
    add("repr base --h", ["repr", "base", "binary", "12", "--h", "if(n%2,gbar(n),g(n))"])

    # --- play, scripted through stdin
    plays = [
        (["play", "fibonacci", "21"], "hint\ntake 1\nhistory\nlink\nquit\n"),
        (["play", "fibonacci", "20"], "take 1\nundo\ntake 2\nhistory\nquit\n"),
        (["play", "fibonacci", "20", "--first", "computer"], "history\nhint\nquit\n"),
        (["play", "fibonacci:misere=true", "20"], "take 1\nhistory\nlink\nquit\n"),
        (["play", "one-pile:f=3*t", "20", "--bound", "5"], "take 2\nhint\nquit\n"),
        (["play", "one-pile:f=n-t", "12"], "take 1\nhistory\nquit\n"),
        (["play", "two-pile:f=2*t", "20", "62", "--bound", "6"], "take 1 from 1\nhistory\nquit\n"),
        (["play", "two-pile:f=2*t", "20", "62", "--bound", "6", "--first", "computer", "--computer", "table-4.1"],
         "history\nquit\n"),
        (["play", "two-pile:f=2*t:add=1", "3", "5", "--bound", "3"], "add 1 to 1\nhistory\nquit\n"),
        (["play", "two-pile:f=2*t:piles=3", "3", "4", "5"], "take 1 from 3\nhistory\nquit\n"),
        (["play", "wythoff", "10", "15"], "both 3\nhistory\nlink\nquit\n"),
        (["play", "wythoff", "10", "15", "--first", "computer"], "hint\nquit\n"),
        (["play", "wythoff:misere=true", "3", "5"], "take 1 from 2\nhistory\nquit\n"),
        (["play", "spite", "10", "6"], "call 3\nhistory\nquit\n"),
        (["play", "spite", "10", "6", "--first", "computer"], "pick 1\nhistory\nquit\n"),
        (["play", "nim", "3", "4", "5"], "take 2 from 1\nhint\nhistory\nundo\nlink\nquit\n"),
        (["play", "nim:misere=true", "1", "1", "2"], "take 2 from 3\nhistory\nquit\n"),
        (["play", "kayles", "10", "7"], "take 1 from 1 leaving 4 and 5\nhistory\nquit\n"),
        (["play", "dawson", "8"], "take 2 from 1\nhint\nhistory\nquit\n"),
        (["play", "octal:0.137", "9"], "take 1\nhistory\nquit\n"),
        (["play", "subtraction:min=3:max=5", "21", "--first", "computer"], "take 3\nhistory\nquit\n"),
        (["play", "subtraction:s=1,3,4", "10"], "take 4\nhistory\nlink\nquit\n"),
        (["play", "fibonacci", "5"], "take 9\nfrobnicate\ntake 1\ntake 1\ntake 1\ntake 1\ntake 1\n"),
        (["play", "fibonacci", "3"], "take 1\ntake 1\ntake 1\n"),
        (["play", "nim", "1"], "take 1\n"),
        (["play", "fibonacci", "21"], "help\nquit\n"),
        (["play", "fibonacci", "21"], ""),
        (["play", "sum", "nim 1", "nim 2"], "take 1 from 2\nhistory\nlink\nquit\n"),
        (["play", "sum", "nim 1", "nim 2"], "take 1 in 2\nhistory\nquit\n"),
        (["play", "sum", "fibonacci 20", "fibonacci 13", "nim 5"], "hint\ntake 3 from 2\nhistory\nundo\nlink\nquit\n"),
        (["play", "sum", "fibonacci 5", "nim 3", "wythoff 1 2"], "both 1 in 3\nhistory\nquit\n"),
        (["play", "sum", "nim 1 2", "nim 3"], "take 1 from 1 pile 2\nhistory\nquit\n"),
        (["play", "sum", "nim 1 2", "nim 3"], "take 1 from 1\nquit\n"),
        (["play", "sum", "fibonacci 5", "nim 3", "wythoff 1 2", "--first", "computer"], "history\nquit\n"),
        (["play", "sum", "kayles 4", "nim 2"], "hint\nhelp\nquit\n"),
        (["play", "sum", "nim 1", "nim 1"], "take 1 from 1\ntake 1 from 2\n"),
        (["play", "sum:misere=true", "nim 1", "nim 2"], "take 1 from 2\nhistory\nlink\nquit\n"),
        (["play", "sum", "spite 3 4", "nim 1"], "quit\n"),
        (["play", "sum", "nim 3", "wythoff 3 x5"], "quit\n"),
        (["play", "sum", "two-pile:f=2*t 3 5", "nim 1"], "take 1 from 1 pile 1\nhistory\nquit\n"),
        (["play", "sum", "fibonacci 13 --bound 4", "nim 2"], "take 2 from 1\nhistory\nlink\nquit\n"),
    ]
    for argv, stdin in plays:
        add("play sum" if argv[1].startswith("sum") else "play", argv, stdin=stdin)

    # --- sweep (writes a file, compared too)
    for argv in (["sweep", "subtraction", "--max", "6", "--sizes", "1..2", "--out", "s.csv"],
                 ["sweep", "subtraction", "--max", "5", "--out", "s.jsonl"],
                 ["sweep", "two-pile", "--f", "t+1", "--f", "2*t", "--f", "3*t", "--up-to", "20", "--out", "s.csv"],
                 ["sweep", "one-pile", "--f", "t", "--f", "1", "--f", "0", "--up-to", "30", "--out", "s.csv"],
                 ["sweep", "octal", "--digits", "2", "--terms", "200", "--out", "s.csv"],
                 ["sweep", "holshouser-reiter", "--base", "fibonacci", "--f", "2*t", "--up-to", "10", "--out", "s.csv"],
                 ["sweep", "subtraction", "--max", "100", "--sizes", "1..1", "--out", "s.csv"]):
        add("sweep", argv + ["--threads", "1"])

    # --- help texts
    for argv in (["--help"], ["analyze", "--help"], ["table", "--help"], ["verify", "--help"], ["play", "--help"],
                 ["repr", "--help"], ["sweep", "--help"], ["--version"]):
        add("help", argv)
    return cmds


# ---------------------------------------------------------------- running

def run_one(binary, cmd, workdir, timeout):
    os.makedirs(workdir, exist_ok=True)
    for name, text in cmd["files"].items():
        with open(os.path.join(workdir, name), "w", encoding="utf-8") as f:
            f.write(text)
    before = set(os.listdir(workdir))
    env = dict(os.environ, NO_COLOR="1", TERM="dumb")
    try:
        p = subprocess.run([binary, *cmd["argv"]], cwd=workdir, env=env, timeout=timeout,
                           input=(cmd["stdin"] or "").encode(), capture_output=True)
        out, err, code = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out, err, code = e.stdout or b"", e.stderr or b"", "timeout"
    files = {}
    for name in sorted(set(os.listdir(workdir)) - before):
        path = os.path.join(workdir, name)
        if os.path.isfile(path):
            data = open(path, "rb").read()
            try:
                files[name] = data.decode("utf-8")
            except UnicodeDecodeError:
                files[name] = "binary, %d bytes, sha256 %s" % (len(data), hashlib.sha256(data).hexdigest())
        elif os.path.isdir(path):
            files[name + "/"] = "directory of %d entries" % len(os.listdir(path))
    shutil.rmtree(workdir, ignore_errors=True)
    dec = lambda b: b.decode("utf-8", errors="replace").replace(workdir, "$CWD")
    return {"stdout": dec(out), "stderr": dec(err), "code": code, "files": files}


def json_paths(v, path=""):
    """Flattened JSON: {path: leaf}, array indices written []."""
    res = {}
    if isinstance(v, dict):
        if not v:
            res[path or "."] = "{}"
        for k, x in v.items():
            res.update(json_paths(x, path + "." + k))
    elif isinstance(v, list):
        if not v:
            res[(path or ".") + "[]"] = "[]"
        for i, x in enumerate(v):
            for p, leaf in json_paths(x, path + "[]").items():
                res.setdefault(p, leaf)
    else:
        res[path or "."] = v
    return res


def json_field_changes(a, b):
    """A short description of how JSON b differs from JSON a: added, removed, changed paths."""
    try:
        ja, jb = json.loads(a), json.loads(b)
    except ValueError:
        return None
    pa, pb = json_paths(ja), json_paths(jb)
    added = sorted(set(pb) - set(pa))
    removed = sorted(set(pa) - set(pb))
    changed = sorted(p for p in set(pa) & set(pb) if pa[p] != pb[p])
    parts = []
    if added:
        parts.append("+ " + " ".join(added))
    if removed:
        parts.append("- " + " ".join(removed))
    if changed:
        parts.append("~ " + " ".join(changed))
    return "; ".join(parts) if parts else "same fields (order or layout)"


def normalise_line(line):
    line = re.sub(r"\d+", "#", line)
    return line[:160]


def diff_text(name, a, b):
    return list(difflib.unified_diff(a.splitlines(), b.splitlines(), "old " + name, "new " + name, lineterm="", n=1))


def compare(cmd, old, new):
    """(differs, full diff text, signature lines for grouping)."""
    full, sig = [], []
    if old["code"] != new["code"]:
        full.append("exit status: old %s, new %s" % (old["code"], new["code"]))
        sig.append("exit %s -> %s" % (old["code"], new["code"]))
    for stream in ("stdout", "stderr"):
        a, b = old[stream], new[stream]
        if a == b:
            continue
        d = diff_text(stream, a, b)
        full.extend(d)
        fields = json_field_changes(a, b) if "--json" in cmd["argv"] or a.lstrip().startswith("{") else None
        if fields is not None:
            sig.append("%s JSON: %s" % (stream, fields))
        else:
            changed = [normalise_line(x) for x in d if x[:1] in "+-" and not x.startswith(("+++", "---"))]
            # dedupe while keeping order, at most 4 lines
            seen = []
            for x in changed:
                if x not in seen:
                    seen.append(x)
            sig.append("%s: %s" % (stream, " | ".join(seen[:4])))
    for name in sorted(set(old["files"]) | set(new["files"])):
        a, b = old["files"].get(name), new["files"].get(name)
        if a == b:
            continue
        if a is None or b is None:
            full.append("file %s: only in %s" % (name, "new" if a is None else "old"))
            sig.append("file %s only in %s" % (name, "new" if a is None else "old"))
            continue
        d = diff_text("file " + name, a, b)
        full.extend(d)
        changed = [normalise_line(x) for x in d if x[:1] in "+-" and not x.startswith(("+++", "---"))]
        sig.append("file %s: %s" % (os.path.splitext(name)[1] or name, " | ".join(changed[:2])))
    return bool(full), "\n".join(full), sig


def command_line(cmd):
    line = "takeaway " + " ".join(shlex.quote(a) for a in cmd["argv"])
    if cmd["stdin"] is not None:
        line = "printf %s | %s" % (shlex.quote(cmd["stdin"].replace("\n", "\\n")), line)
    if cmd["files"]:
        line = "(files: %s) %s" % (", ".join(cmd["files"]), line)
    return line


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("outdir")
    ap.add_argument("--known", help="file of `REGEX<TAB>LABEL` lines classifying known differences")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--only", help="run only the commands whose kind or command line matches this regex")
    ap.add_argument("--list", action="store_true", help="print the commands and exit")
    args = ap.parse_args()

    cmds = gen_commands()
    for i, c in enumerate(cmds):
        c["id"] = "%04d" % i
    if args.only:
        rx = re.compile(args.only)
        cmds = [c for c in cmds if rx.search(c["kind"]) or rx.search(command_line(c))]
    if args.list:
        for c in cmds:
            print("%s\t%s\t%s" % (c["id"], c["kind"], command_line(c)))
        return 0
    known = []
    if args.known:
        with open(args.known, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                rx, _, label = line.partition("\t")
                known.append((re.compile(rx), label.strip() or rx))

    os.makedirs(os.path.join(args.outdir, "diffs"), exist_ok=True)
    with open(os.path.join(args.outdir, "commands.tsv"), "w", encoding="utf-8") as f:
        for c in cmds:
            f.write("%s\t%s\t%s\n" % (c["id"], c["kind"], command_line(c)))
    scratch = tempfile.mkdtemp(prefix="compare-binaries-")
    old_bin, new_bin = os.path.abspath(args.old), os.path.abspath(args.new)
    # each binary run as `takeaway` (clap prints the program's name in usage lines)
    old_run, new_run = (os.path.join(scratch, side, "takeaway") for side in ("old-bin", "new-bin"))
    for link, target in ((old_run, old_bin), (new_run, new_bin)):
        os.makedirs(os.path.dirname(link))
        os.symlink(target, link)
    done = [0]
    lock = threading.Lock()

    def job(c):
        # the same directory name for both binaries, so paths in messages agree
        wd = os.path.join(scratch, c["id"])
        old = run_one(old_run, c, wd, args.timeout)
        new = run_one(new_run, c, wd, args.timeout)
        with lock:
            done[0] += 1
            if done[0] % 100 == 0:
                print("... %d/%d commands" % (done[0], len(cmds)), file=sys.stderr, flush=True)
        return c, old, new

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for r in ex.map(job, cmds):
            results.append(r)
    shutil.rmtree(scratch, ignore_errors=True)

    groups = {}
    identical = 0
    timeouts = []
    both_error = 0
    for c, old, new in results:
        if "timeout" in (old["code"], new["code"]):
            timeouts.append((c, old["code"], new["code"]))
        if old["code"] not in (0, "timeout") and new["code"] not in (0, "timeout"):
            both_error += 1
        differs, full, sig = compare(c, old, new)
        if not differs:
            identical += 1
            continue
        with open(os.path.join(args.outdir, "diffs", c["id"] + ".diff"), "w", encoding="utf-8") as f:
            f.write("# %s\n# kind: %s\n%s\n" % (command_line(c), c["kind"], full))
        label = None
        for rx, lab in known:
            if any(rx.search(s) for s in sig) or rx.search(full):
                label = "known: " + lab
                break
        key = (label or "unclassified", c["kind"].split(" ")[0], tuple(sig))
        if label:
            key = (label, "", ())
        groups.setdefault(key, []).append((c, full))

    lines = []
    out = lines.append
    out("compare-binaries: OLD %s" % old_bin)
    out("                  NEW %s" % new_bin)
    out("commands: %d (both binaries exit non-zero on %d); identical: %d; differing: %d; timeouts: %d"
        % (len(results), both_error, identical, len(results) - identical, len(timeouts)))
    for c, a, b in timeouts:
        out("  timeout: %s (old %s, new %s)" % (command_line(c), a, b))
    out("")
    ordered = sorted(groups.items(), key=lambda kv: (kv[0][0] != "unclassified", -len(kv[1])))
    for n, (key, members) in enumerate(ordered, 1):
        label, kind, sig = key
        title = label if label != "unclassified" else "unclassified (%s)" % kind
        out("== group %d: %s: %d command(s)" % (n, title, len(members)))
        for s in sig:
            out("   %s" % s[:300])
        kinds = sorted({m[0]["kind"] for m in members})
        out("   kinds: %s" % ", ".join(kinds))
        out("   ids: %s" % " ".join(m[0]["id"] for m in members[:40]) + (" …" if len(members) > 40 else ""))
        c, full = members[0]
        out("   example: %s" % command_line(c))
        ex = full.splitlines()
        for line in ex[:30]:
            out("     " + line)
        if len(ex) > 30:
            out("     … (%d more lines: %s)" % (len(ex) - 30, os.path.join(args.outdir, "diffs", c["id"] + ".diff")))
        out("")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.outdir, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    sys.stdout.write(text)
    return 0 if identical == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
