"""The Python package against the command line and against brute force.

Expected values come from two places only: the `takeaway` binary built from
the same tree (its `--json` documents are the contract the module must
reproduce; path in $TAKEAWAY_CLI, else target/ci or target/release), and
brute-force game trees written below from the rules alone.
"""

import doctest
import functools
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np

import pytest

import takeaway

ROOT = Path(__file__).resolve().parents[3]


def _cli_path():
    env = os.environ.get("TAKEAWAY_CLI")
    if env:
        return env
    for profile in ("ci", "release", "debug"):
        p = ROOT / "target" / profile / "takeaway"
        if p.exists():
            return str(p)
    raise RuntimeError(
        "no takeaway binary: build it (cargo build --profile ci -p takeaway-cli) "
        "or set TAKEAWAY_CLI"
    )


CLI = _cli_path()


def cli(*args, ok=True):
    """Runs the command line; returns (stdout, stderr, exit status)."""
    r = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    if ok and r.returncode != 0:
        raise AssertionError(f"takeaway {args} failed: {r.stderr}")
    return r.stdout, r.stderr, r.returncode


def cli_json(*args):
    return json.loads(cli(*args)[0])


def cli_error(*args):
    """The command line's error line without `error: `."""
    _, err, code = cli(*args, ok=False)
    assert code == 1, (args, code, err)
    line = err.strip().splitlines()[-1]
    assert line.startswith("error: ")
    return line[len("error: ") :]


def big(digits, seed):
    """A natural number of exactly `digits` decimal digits (deterministic)."""
    rng = random.Random(seed)
    return int(str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(digits - 1)))


B1, B2, B3 = big(500, 1), big(500, 2), big(500, 3)

# (spec, piles, options) for every family; options as keyword arguments.
ANALYZE_CASES = [
    ("fibonacci", [20], {}),
    ("fibonacci", [20], {"bound": 6}),
    ("fibonacci", [1], {}),
    ("fibonacci", [0], {}),
    ("fibonacci", [30], {"exhaustive": True}),
    ("fibonacci", [100], {"all": True}),
    ("fibonacci", [B1], {}),
    ("fibonacci", [B1], {"bound": B2}),
    ("one-pile:f=3*t", [100], {"all": True}),
    ("one-pile:f=3*t", [B2], {}),
    ("one-pile:f=if(n==0, 2*t, t)+t", [77], {}),
    ("fibonacci:misere=true", [12], {}),
    ("two-pile:f=2*t", [20, 62], {"bound": 6}),
    ("two-pile:f=2*t", [20, 62], {"all": True}),
    ("two-pile:f=3*t", [300, 1000], {}),
    ("two-pile:f=2*t", [B1, B2], {}),
    ("two-pile:f=2*t", [B1, B3], {"bound": 1000}),
    ("wythoff", [24, 32], {"all": True}),
    ("wythoff", [B1, B2], {}),
    ("wythoff:misere=true", [3, 4], {}),
    ("spite", [10, 6], {}),
    ("spite", [10, 7], {"all": True}),
    ("spite", [B1, B2], {}),
    ("nim", [3, 5, 6], {"all": True}),
    ("nim", [B1, B2, B3], {}),
    ("subtraction:s=1,3,4", [10, 11, 12], {}),
    ("subtraction:s=1,3,4", [B1], {}),
    ("subtraction:min=3:max=5", [21], {"all": True}),
    ("subtraction:s=1,3,4:misere=true", [9], {}),
    ("octal:0.77", [10, 7], {}),
    ("kayles", [5, 9], {"all": True}),
    ("octal:0.07", [300, 41], {}),
    ("octal:0.137:misere=true", [5, 4], {"all": True}),
    # Take-and-break codes beyond octal: three-heap moves, and `!` (Grundy's game).
    ("octal:0.3F", [9, 14], {"all": True}),
    ("octal:4!.0", [20, 33], {"all": True}),
]


def cli_analyze_args(spec, piles, opts):
    args = ["analyze", spec, *piles, "--json"]
    if opts.get("bound") is not None:
        args += ["--bound", opts["bound"]]
    if opts.get("all"):
        args.append("--all")
    if opts.get("exhaustive"):
        args.append("--exhaustive")
    return args


@pytest.mark.parametrize("spec,piles,opts", ANALYZE_CASES, ids=lambda x: str(x)[:30])
def test_analyze_equals_cli(spec, piles, opts):
    got = takeaway.analyze(spec, *piles, **opts)
    assert got == cli_json(*cli_analyze_args(spec, piles, opts))
    # Exact ints, lists not tuples, whatever the size.
    assert got["piles"] == piles and type(got["piles"]) is list
    assert all(type(p) is int for p in got["piles"])


def test_big_piles_as_strings_and_beyond_python_str_limit():
    # Piles of about 5000 digits (past Python's 4300-digit int/str limit) go
    # in and come back exact, as ints. Expected values: Bouton's theorem
    # (Grundy value of Nim = nim-sum of the piles), computed here with ^.
    n = 3**10500
    a = takeaway.analyze("nim", n, n + 1, 5)
    assert a["piles"] == [n, n + 1, 5]
    assert a["value"] == n ^ (n + 1) ^ 5 and a["outcome"] == "N"
    assert takeaway.analyze("nim", n, n)["outcome"] == "P"
    assert takeaway.analyze("wythoff", n, n + 1)["piles"] == [n, n + 1]
    assert takeaway.analyze("fibonacci", "20") == takeaway.analyze("fibonacci", 20)
    # numpy integers (cells of a table) are piles too.
    assert takeaway.analyze("fibonacci", np.uint32(20), bound=np.int64(6)) == takeaway.analyze("fibonacci", 20, bound=6)
    with pytest.raises(TypeError):
        takeaway.analyze("fibonacci", True)


TABLE_CASES = [
    ("fibonacci", 101, None),
    ("one-pile:f=3*t", 200, None),
    ("one-pile:f=t+n", 60, None),
    ("two-pile:f=2*t", 60, 40),
    ("two-pile:f=3*t", 50, None),
    ("subtraction:s=1,3,4", 1000, None),
    ("subtraction:min=3:max=5", 21, None),
    ("nim", 50, None),
    # Misère one-pile tables (the misère L(n); L(0) = 0).
    ("fibonacci:misere=true", 101, None),
    ("one-pile:f=n-t:misere=true", 40, None),
]


def cli_table_args(spec, rows, cols, *extra):
    args = ["table", spec, "--rows", rows, "--json", *extra]
    if cols is not None:
        args += ["--cols", cols]
    return args


def as_array(cells):
    return np.array(
        [takeaway.NO_MOVE if v is None else v for v in cells]
        if not cells or not isinstance(cells[0], list)
        else [[takeaway.NO_MOVE if v is None else v for v in row] for row in cells],
        dtype=np.uint32,
    )


@pytest.mark.parametrize("spec,rows,cols", TABLE_CASES)
def test_table_equals_cli(spec, rows, cols):
    got = takeaway.table(spec, rows, cols)
    doc = cli_json(*cli_table_args(spec, rows, cols))
    key = "rows" if spec.startswith("two-pile") else "values"
    want = as_array(doc[key])
    assert got.dtype == np.uint32
    assert got.shape == want.shape
    assert (got == want).all()
    assert got.shape == ((rows, cols if cols is not None else rows) if key == "rows" else (rows,))
    if spec.startswith("subtraction") or spec == "nim":
        assert (takeaway.table(spec, rows, cols, grundy=True) == got).all()


@pytest.mark.parametrize(
    "spec,rows,cols,summary",
    [
        ("subtraction:s=1,3,4", 5000, None, True),
        ("subtraction:min=3:max=5", 100, None, True),
        ("two-pile:f=3*t", 300, 200, True),
        ("two-pile:f=2*t", 40, None, True),
        ("fibonacci", 30, None, False),
        ("wythoff", 40, None, False),
        ("spite", 30, None, False),
        ("wythoff:misere=true", 40, None, False),
    ],
)
def test_table_info_equals_cli(spec, rows, cols, summary):
    got = takeaway.table_info(spec, rows, cols)
    want = cli_json(*cli_table_args(spec, rows, cols, *(["--summary"] if summary else [])))
    # The command line's record of itself (program, version, spec, command).
    assert want.pop("generator")["spec"] == takeaway.Game(spec).spec
    if spec == "fibonacci":
        del want["values"]  # it is what table() returns
    assert got == want


def test_no_move_is_the_json_null():
    assert takeaway.NO_MOVE == 2**32 - 1
    # L(0) = ∞ (no move from an empty pile): null in the JSON.
    assert takeaway.table("fibonacci", 3)[0] == takeaway.NO_MOVE
    # Misère play, by hand: pile 0 is won with no move (L = 0), pile 1 is
    # lost at any bound (taking the last counter lets the opponent win),
    # pile 2: take 1; pile 3: take 2 (leaving 1 with bound 4).
    assert takeaway.table("fibonacci:misere=true", 4).tolist() == [0, takeaway.NO_MOVE, 1, 2]


def test_verify_and_repr_equal_cli():
    assert takeaway.verify("fibonacci", 300) == cli_json("verify", "fibonacci", "--up-to", 300, "--json")
    assert takeaway.verify("wythoff", 60) == cli_json("verify", "wythoff", "--up-to", 60, "--json")
    for n in [0, 1, 8, 12, 1000, B1]:
        assert takeaway.repr_zeckendorf(n) == cli_json("repr", "zeckendorf", n, "--json")
    for base, n in [("fibonacci", 100), ("binary", 77), ("1,2,3,6,7,10,17,34", 31), ("h:f=3*t", B2)]:
        assert takeaway.repr_base(base, n) == cli_json("repr", "base", base, n, "--json")


# Each error: the Python call, the command line that fails the same way, the class.
ERROR_CASES = [
    (lambda: takeaway.analyze("chess", 3), ["analyze", "chess", 3], takeaway.SpecError),
    (lambda: takeaway.analyze("one-pile:f=3*", 3), ["analyze", "one-pile:f=3*", 3], takeaway.SpecError),
    (lambda: takeaway.analyze("fibonacci", -1), ["analyze", "fibonacci", -1], takeaway.NumberError),
    (lambda: takeaway.analyze("fibonacci", "1x"), ["analyze", "fibonacci", "1x"], takeaway.NumberError),
    (lambda: takeaway.analyze("wythoff", 3), ["analyze", "wythoff", 3], takeaway.InvalidError),
    (
        lambda: takeaway.table("two-pile:f=2*t", 100000, 100000),
        ["table", "two-pile:f=2*t", "--rows", 100000, "--cols", 100000, "--json"],
        takeaway.LimitError,
    ),
    (
        lambda: takeaway.analyze("two-pile:f=t+n", 10**14, 3, exhaustive=True),
        ["analyze", "two-pile:f=t+n", 10**14, 3, "--exhaustive"],
        takeaway.LimitError,
    ),
    (
        lambda: takeaway.table("subtraction:s=1,3,4", 10**8),
        ["table", "subtraction:s=1,3,4", "--rows", 10**8, "--json"],
        takeaway.LimitError,
    ),
    (lambda: takeaway.repr_zeckendorf("x"), ["repr", "zeckendorf", "x"], takeaway.NumberError),
    (lambda: takeaway.repr_base("1,3", 20), ["repr", "base", "1,3", 20], takeaway.SpecError),
    (lambda: takeaway.repr_base("h:f=3*", 20), ["repr", "base", "h:f=3*", 20], takeaway.SpecError),
]


# The command line's flags as Python's keyword arguments: advice in an
# error names the option as the front-end takes it.
KEYWORDS = {
    "--summary": "summary=True",
    "--exhaustive": "exhaustive=True",
    "--all": "all=True",
    "--rows": "rows=",
    "--cols": "cols=",
    "--up-to": "up_to=",
    "--bound": "bound=",
}


def in_keywords(line):
    for flag, keyword in KEYWORDS.items():
        line = re.sub(re.escape(flag) + r"\b", keyword, line)
    return line


@pytest.mark.parametrize("call,args,cls", ERROR_CASES)
def test_errors_raise_the_named_exception_with_the_cli_line(call, args, cls):
    with pytest.raises(cls) as info:
        call()
    assert isinstance(info.value, takeaway.Error)
    assert str(info.value) == in_keywords(cli_error(*args))


def test_advice_names_keyword_arguments_not_flags():
    # A table too long to list: the command line says `--summary`, Python
    # the keyword argument.
    with pytest.raises(takeaway.LimitError) as info:
        takeaway.table("subtraction:s=1,3,4", 10**8)
    assert "use summary=True for the period" in str(info.value)
    assert "--" not in str(info.value)
    assert "use --summary for the period" in cli_error("table", "subtraction:s=1,3,4", "--rows", 10**8)
    # Wythoff's Nim takes no bound: drop the keyword argument.
    with pytest.raises(takeaway.InvalidError) as info:
        takeaway.analyze("wythoff", 3, 5, bound=2)
    assert str(info.value).endswith("drop bound=")
    assert cli_error("analyze", "wythoff", 3, 5, "--bound", 2).endswith("drop --bound")


def test_errors_of_the_python_side():
    for cls in [
        takeaway.SpecError,
        takeaway.NumberError,
        takeaway.InvalidError,
        takeaway.LimitError,
        takeaway.NotKnownError,
        takeaway.CancelledError,
        takeaway.UnsupportedError,
    ]:
        assert issubclass(cls, takeaway.Error) and issubclass(cls, Exception)
    with pytest.raises(takeaway.InvalidError, match="Grundy tables are for one-pile games"):
        takeaway.table("two-pile:f=2*t", 10, grundy=True)
    with pytest.raises(takeaway.UnsupportedError, match="table_info"):
        takeaway.table("wythoff", 10)
    with pytest.raises(takeaway.UnsupportedError, match="outcomes"):
        takeaway.table("subtraction:s=1,3,4:misere=true", 10)
    with pytest.raises(TypeError):
        takeaway.analyze("fibonacci", 2.5)
    with pytest.raises(takeaway.InvalidError):
        takeaway.Game("fibonacci").apply({"piles": [5], "bound": 2}, {"kind": "take", "pile": 0, "take": 3})
    with pytest.raises(takeaway.LimitError, match="limit="):
        takeaway.Game("nim").moves({"piles": [10**7]})


def test_every_exception_is_a_takeaway_error():
    # Issue 26: TypeError, OverflowError, ValueError and RuntimeError came
    # out of the module as Python's own; now each is a takeaway.Error that
    # keeps the Python class as a base (`except TypeError` still works).
    for call, python in [
        (lambda: takeaway.analyze("fibonacci", 2.5), TypeError),
        (lambda: takeaway.analyze(5, 20), TypeError),
        (lambda: takeaway.analyze("fibonacci"), TypeError),
        (lambda: takeaway.verify("fibonacci", -1), OverflowError),
        (lambda: takeaway.table("fibonacci", 2**70), OverflowError),
        (lambda: takeaway.Game(5), TypeError),
        (lambda: takeaway.Game("fibonacci").moves(5), TypeError),
    ]:
        with pytest.raises(takeaway.Error) as info:
            call()
        assert isinstance(info.value, python), info.value
    assert issubclass(takeaway.RangeError, takeaway.NumberError)
    # Issue 26, (2): a bound of 2^32 − 1 and more is an answer or an error, never a panic.
    assert takeaway.table("one-pile:f=4294967295", 10)[5] == 5  # f ≥ every pile: L(n) = n
    # A bound too large to evaluate is a limit, not a mistake in the spec.
    with pytest.raises(takeaway.LimitError, match="over the limit of 1048576 bits"):
        takeaway.analyze("one-pile:f=fib(9999999)", 20)


def test_concurrent_big_calls_share_one_budget():
    # Issue 26, (4): eight threads each asking for table("fibonacci",
    # 140_000_000) (~1.1 GB each) used to abort the interpreter (2 GiB a
    # call); now the calls share 2 GiB: each either runs with what is free,
    # waits, or raises LimitError (the full-size run is in BENCHMARKS.md;
    # here 20,000,000 rows keep the test short: the first call takes the
    # whole budget, so the others wait their turn).
    outcomes = []

    def big():
        try:
            takeaway.table("fibonacci", 20_000_000)
            outcomes.append("done")
        except takeaway.LimitError as e:
            outcomes.append("limit: " + str(e))

    threads = [threading.Thread(target=big) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)  # a hang guard, not a timing
    assert len(outcomes) == 8, outcomes


# ---- Game objects against brute force written from the rules alone ----


@functools.lru_cache(maxsize=None)
def fib_nim_wins(n, w):
    """One pile n, bound w, f = 2t: the winning takes (brute force)."""
    return tuple(t for t in range(1, min(w, n) + 1) if not fib_nim_wins(n - t, 2 * t))


@functools.lru_cache(maxsize=None)
def wythoff_wins(a, b):
    """Wythoff's Nim: the winning moves as ("take", pile, t) / ("both", t)."""
    moves = [("take", 0, t) for t in range(1, a + 1)] + [("take", 1, t) for t in range(1, b + 1)]
    moves += [("both", t) for t in range(1, min(a, b) + 1)]

    def after(m):
        if m[0] == "both":
            return a - m[1], b - m[1]
        return (a - m[2], b) if m[1] == 0 else (a, b - m[2])

    return tuple(m for m in moves if not wythoff_wins(*after(m)))


def test_game_fibonacci_against_brute_force():
    g = takeaway.Game("fibonacci")
    assert g.spec == "fibonacci" and not g.misere
    for n in range(0, 40):
        for w in range(1, n + 2):
            pos = {"piles": [n], "bound": w}
            moves = g.moves(pos)
            assert moves == [{"kind": "take", "pile": 0, "take": t} for t in range(1, min(w, n) + 1)]
            for m in moves:
                assert g.apply(pos, m) == {"piles": [n - m["take"]], "bound": 2 * m["take"]}
            assert [m["take"] for m in g.winning_moves(pos)] == list(fib_nim_wins(n, w))
            assert g.is_over(pos) == (n == 0)
    # The default bound n − 1 is filled in.
    assert g.start(10) == {"piles": [10], "bound": 9}


def test_game_memory_game_mem_against_brute_force():
    # CGSuite's Mem is `one-pile:min=t` (docs/cli.md, Memory games): from
    # pile n with memory k (the previous take, the position's bound) a move
    # takes a with k <= a <= n and leaves pile n - a with memory a. Brute
    # force from that rule, normal play (who cannot move loses) and misère
    # (who cannot move wins).
    @functools.lru_cache(maxsize=None)
    def wins(n, k, misere):
        takes = range(max(1, k), n + 1)
        if not takes:
            return misere
        return any(not wins(n - a, a, misere) for a in takes)

    for misere in (False, True):
        g = takeaway.Game("one-pile:min=t:misere=true" if misere else "one-pile:min=t")
        for n in range(0, 22):
            for k in range(1, 22):
                pos = {"piles": [n], "bound": k}
                takes = sorted(m["take"] for m in g.moves(pos))
                assert takes == list(range(k, n + 1)), (n, k)
                for a in takes:
                    m = {"kind": "take", "pile": 0, "take": a}
                    assert g.apply(pos, m) == {"piles": [n - a], "bound": a}
                want = sorted(a for a in takes if not wins(n - a, a, misere))
                got = sorted(m["take"] for m in g.winning_moves(pos))
                assert got == want, (misere, n, k)
                outcome = g.analyze(pos)["outcome"]
                assert outcome == ("N" if wins(n, k, misere) else "P"), (misere, n, k)


def test_game_wythoff_against_brute_force():
    g = takeaway.Game("wythoff")
    for a in range(0, 14):
        for b in range(0, 14):
            got = g.winning_moves({"piles": [a, b]})
            want = [
                {"kind": "both", "take": m[1]} if m[0] == "both" else {"kind": "take", "pile": m[1], "take": m[2]}
                for m in wythoff_wins(a, b)
            ]
            key = lambda m: json.dumps(m, sort_keys=True)  # noqa: E731
            assert sorted(got, key=key) == sorted(want, key=key), (a, b)


def test_game_spite_pending_call():
    # Spite Nim (paper 003): the caller names c, the opponent picks a row with
    # at least c and takes c from it; the picker calls next. Brute force:
    @functools.lru_cache(maxsize=None)
    def caller_wins(rows):
        if max(rows, default=0) == 0:
            return False
        return any(not picker_has_win(rows, c) for c in range(1, max(rows) + 1))

    @functools.lru_cache(maxsize=None)
    def picker_has_win(rows, c):
        return any(caller_wins(tuple(sorted(r - c if i == j else r for j, r in enumerate(rows)))) for i, r in enumerate(rows) if r >= c)

    g = takeaway.Game("spite")
    for a in range(1, 9):
        for b in range(0, 9):
            for c in range(1, max(a, b) + 1):
                pos = {"piles": [a, b], "call": c}
                picks = g.winning_moves(pos)
                want = [
                    {"kind": "pick", "pile": i}
                    for i, r in enumerate([a, b])
                    if r >= c and caller_wins(tuple(sorted(r2 - c if j == i else r2 for j, r2 in enumerate([a, b]))))
                ]
                assert picks == want, (a, b, c)


def _octal_options(digits, rows):
    """The positions (sorted rows, empty ones dropped) one move away in the
    octal game whose digits are `digits` (d0, d1, …): remove j adjacent
    pins after the first s of a row, leaving rows of s and n − j − s; dj
    has bit 1 / 2 / 4 when leaving 0 / 1 / 2 rows is allowed."""
    out = set()
    for i, n in enumerate(rows):
        for j, d in enumerate(digits):
            for s in range(0, n - j + 1):
                left, right = s, n - j - s
                kept = [h for h in (left, right) if h > 0]
                if (j == 0 and len(kept) < 2) or not d & (1 << len(kept)):
                    continue
                out.add(tuple(sorted(h for h in rows[:i] + rows[i + 1:] + tuple(kept) if h > 0)))
    return out


def test_game_kayles_and_dawson_against_brute_force():
    for spec, digits in [("kayles", (0, 7, 7)), ("dawson", (0, 0, 7))]:
        @functools.lru_cache(maxsize=None)
        def grundy(rows):
            seen = {grundy(o) for o in _octal_options(digits, rows)}
            return next(v for v in range(len(seen) + 1) if v not in seen)

        g = takeaway.Game(spec)
        for a in range(0, 9):
            for b in range(a, 9):
                pos = {"piles": [a, b]}
                got = {tuple(sorted(h for h in g.apply(pos, m)["piles"] if h > 0)) for m in g.winning_moves(pos)}
                want = {o for o in _octal_options(digits, (a, b)) if grundy(o) == 0}
                assert got == want, (spec, a, b)
                assert takeaway.analyze(spec, a, b)["grundy"] == grundy(tuple(sorted(h for h in (a, b) if h > 0)))
    # A split move as a dict, and the code's refusal.
    g = takeaway.Game("dawson")
    assert g.apply({"piles": [9]}, {"kind": "split", "pile": 0, "take": 2, "split": [3, 4]})["piles"] == [3, 4]
    with pytest.raises(takeaway.InvalidError, match="In 0.07 removing 1 may not leave one heap"):
        g.apply({"piles": [9]}, {"kind": "take", "pile": 0, "take": 1})
    # A three-heap split (0.3F: remove 2, leave 3 heaps; CGSuite lists 1,2,4 at heap 9).
    h = takeaway.Game("octal:0.3F")
    assert h.apply({"piles": [9]}, {"kind": "split", "pile": 0, "take": 2, "split": [1, 2, 4]})["piles"] == [1, 2, 4]


def test_docstring_examples_run():
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    # Every function of the package, the package itself, Game and each of
    # its methods and properties: at least one example each, and they run.
    objs = [takeaway] + [
        getattr(takeaway, name)
        for name in takeaway.__all__
        if callable(getattr(takeaway, name))
        and not (isinstance(getattr(takeaway, name), type) and issubclass(getattr(takeaway, name), Exception))
    ]
    objs += [getattr(takeaway.Game, name) for name in
             ["spec", "misere", "start", "moves", "apply", "is_over", "winning_moves", "analyze"]]
    assert takeaway.analyze_sum in objs
    assert takeaway.sweep in objs and takeaway.read_sweep in objs
    for obj in objs:
        name = getattr(obj, "__name__", None) or getattr(getattr(obj, "fget", None), "__name__", repr(obj))
        test = parser.get_doctest(obj.__doc__ or "", {"takeaway": takeaway}, name, None, 0)
        assert test.examples, f"{name} has no example in its docstring"
        # Globals kept: a family registered by an example still finds them.
        runner.run(test, clear_globs=False)
    assert runner.failures == 0


# ---- the GIL and Ctrl-C ----

LONG = ("two-pile:f=3*t", 6000, 6000)  # about 5 s of work on this machine


def test_long_table_stops_on_sigint_and_lets_threads_run():
    counter = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            counter[0] += 1

    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    spinner = threading.Thread(target=spin)
    spinner.start()
    timer = threading.Timer(1.0, interrupt)
    before = counter[0]
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            takeaway.table(*LONG)
        raised = time.perf_counter()
    finally:
        stop.set()
        spinner.join()
        timer.join()
    latency = raised - sent[0]
    print(f"\nKeyboardInterrupt {latency * 1000:.0f} ms after SIGINT; call lasted {raised - start:.2f} s")
    assert latency < 0.5
    # Another Python thread ran during the call (it counted while we waited).
    assert counter[0] - before > 10_000
    # Nothing computes any more: the process uses no CPU once the call returned.
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.05


def test_slow_bound_stops_on_sigint():
    # Issue 26, (1): f = fib(t + 300000) costs milliseconds per evaluation
    # (a new 300,000-index Fibonacci number each time) in theory code that
    # evaluates it thousands of times without a token of its own: Ctrl-C
    # came 8.9 s late. The bound language now polls the call's token.
    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            takeaway.analyze("two-pile:f=2*t+fib(t+300000)*0", "8" * 2000, "9" * 2000)
        raised = time.perf_counter()
    finally:
        timer.join()
    latency = raised - sent[0]
    print(f"\nslow bound: KeyboardInterrupt {latency * 1000:.0f} ms after SIGINT")
    assert latency < 0.5


def test_cancelled_work_leaves_the_module_usable():
    signal_timer = threading.Timer(0.3, lambda: signal.pthread_kill(threading.main_thread().ident, signal.SIGINT))
    signal_timer.start()
    with pytest.raises(KeyboardInterrupt):
        takeaway.table(*LONG)
    signal_timer.join()
    assert takeaway.analyze("fibonacci", 20)["value"] == 2


# ---- speed: the 2000 × 2000 tableau of f = 3t ----


def test_tableau_2000_within_one_and_a_half_cli_times(tmp_path):
    out = tmp_path / "t.json"
    args = [CLI, "table", "two-pile:f=3*t", "--rows", "2000", "--cols", "2000", "--json"]

    def cli_time():
        with open(out, "w") as f:
            t = time.perf_counter()
            subprocess.run(args, stdout=f, check=True)
            return time.perf_counter() - t

    def py_time():
        t = time.perf_counter()
        a = takeaway.table("two-pile:f=3*t", 2000, 2000)
        elapsed = time.perf_counter() - t
        assert a.shape == (2000, 2000) and a.dtype == np.uint32
        return elapsed

    # The best of five each, interleaved: the machine is shared, and the
    # fastest run is the one least disturbed by other work.
    runs = [(cli_time(), py_time()) for _ in range(5)]
    c = min(r[0] for r in runs)
    p = min(r[1] for r in runs)
    print(f"\n2000 x 2000 tableau of two-pile:f=3*t: CLI --json > FILE {c:.3f} s, Python table() {p:.3f} s ({p / c:.2f}x)")
    assert p <= 1.5 * c


def test_families_are_the_one_list_the_cli_help_prints():
    # The library's one list: every entry with a help line is a line of
    # `takeaway --help`, and every example spec analyses.
    fams = takeaway.families()
    ids = [f["id"] for f in fams]
    assert len(ids) == len(set(ids))
    # Whitespace normalised: clap may wrap a long line when there is no terminal.
    help_text = " ".join(cli("--help")[0].split())
    for f in fams:
        # Families registered from Python in this process (the docstring
        # examples' `doc-squares`) are not the command line's.
        if f["help"] and not f["help"].endswith("a heap game defined in Python"):
            assert f"{f['usage']} {f['help']}" in help_text, f["id"]
        if f["start"]["piles"]:
            a = takeaway.analyze(f["example"], *f["start"]["piles"])
            assert a["outcome"] in ("N", "P")
    wythoff = next(f for f in fams if f["id"] == "wythoff")
    assert wythoff["capabilities"]["moves"] == ["take", "both"]
    # Misère theory per spec (that of each entry's example under misère
    # play): misère Fibonacci Nim is normal play on one counter less (every
    # bound is at least 1), so a theory answers; no misère theory of Kayles
    # is known, so the engine's exhaustive search does.
    by_id = {f["id"]: f for f in fams}
    assert by_id["fibonacci"]["capabilities"]["misere_theory"] is True
    assert by_id["kayles"]["capabilities"]["misere_theory"] is False
    assert takeaway.analyze("fibonacci:misere=true", 20)["method"] == "theory"
    assert takeaway.analyze("kayles:misere=true", 7)["method"] != "theory"


def _squares_brute(n):
    """Grundy values and misère outcomes (True: the mover wins) of one pile
    of subtract-a-square, by brute force from the rules."""
    from math import isqrt
    g, mis = [0] * (n + 1), [True] * (n + 1)
    for m in range(1, n + 1):
        nxt = {g[m - k * k] for k in range(1, isqrt(m) + 1)}
        g[m] = next(v for v in range(m + 2) if v not in nxt)
        mis[m] = any(not mis[m - k * k] for k in range(1, isqrt(m) + 1))
    return g, mis


def test_a_family_defined_in_python_joins_the_one_list():
    from math import isqrt
    takeaway.register_family(
        "py-squares",
        lambda n: [k * k for k in range(1, isqrt(n) + 1)],
        name="Subtract a square (Python)",
        start=[10],
    )
    fams = {f["id"]: f for f in takeaway.families()}
    assert fams["py-squares"]["name"] == "Subtract a square (Python)"
    g, mis = _squares_brute(30)
    # OEIS A030193: the P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22.
    assert [m for m in range(23) if g[m] == 0] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22]
    for n in range(31):
        a = takeaway.analyze("py-squares", n, all=True)
        assert a["outcome"] == ("N" if g[n] else "P"), n
        assert a["grundy"] == g[n], n
        assert sorted(m["take"] for m in a.get("moves") or []) == [
            k * k for k in range(1, isqrt(n) + 1) if g[n - k * k] == 0
        ], n
        m = takeaway.analyze("py-squares:misere=true", n)
        assert m["outcome"] == ("N" if mis[n] else "P"), n
    # Two piles: the nim-sum decides (Sprague–Grundy).
    assert takeaway.analyze("py-squares", 10, 3)["grundy"] == g[10] ^ g[3]
    with pytest.raises(takeaway.InvalidError, match="already"):
        takeaway.register_family("py-squares", lambda n: [1])
    with pytest.raises(ValueError):
        takeaway.register_family("Bad Id", lambda n: [1])
    takeaway.register_family("py-broken", lambda n: [n + 1])
    with pytest.raises(takeaway.InvalidError, match="py-broken"):
        takeaway.analyze("py-broken", 3)


# ---- issue 23: Python at parity with the command line ----


def brute_wythoff_grundy(n):
    """G(x, y) of Wythoff's Nim for x, y < n by the mex rule, from the rules:
    take any k ≥ 1 from one pile, or the same k from both."""
    g = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            seen = {g[x - k][y] for k in range(1, x + 1)}
            seen |= {g[x][y - k] for k in range(1, y + 1)}
            seen |= {g[x - k][y - k] for k in range(1, min(x, y) + 1)}
            v = 0
            while v in seen:
                v += 1
            g[x][y] = v
    return g


def brute_one_pile_grundy(f, rows, cols):
    """G(n, w) of the one-pile game with bound f (take 1..min(w, n); the
    opponent's bound is then f(take)) by the mex rule, from the rules; a
    column w > n holds G(n, n) (the table's convention)."""
    g = {}
    for n in range(rows):
        for w in range(n + 1):
            seen = {g[(n - t, min(f(t), n - t))] for t in range(1, min(w, n) + 1)}
            v = 0
            while v in seen:
                v += 1
            g[(n, w)] = v
    return [[g[(n, min(w, n))] for w in range(cols)] for n in range(rows)]


@pytest.mark.parametrize(
    "spec,rows,cols",
    [("fibonacci", 12, 9), ("one-pile:f=3*t", 15, None), ("wythoff", 20, None), ("wythoff", 7, 11)],
)
def test_grundy_table_equals_cli(spec, rows, cols):
    got = takeaway.table(spec, rows, cols, grundy=True)
    args = ["table", spec, "--grundy", "--rows", rows, "--json"] + (["--cols", cols] if cols else [])
    want = as_array(cli_json(*args)["rows"])
    assert got.dtype == np.uint32 and got.shape == (rows, cols or rows)
    assert (got == want).all()
    # The summary: that of `table --grundy --summary --json`.
    info = takeaway.table_info(spec, rows, cols, grundy=True)
    doc = cli_json(*args, "--summary")
    doc.pop("generator")
    assert info == doc
    assert info["max"] == int(got.max())


def test_grundy_tables_against_brute_force():
    # Expected values: the mex rule on the game tree, written above from the rules.
    assert takeaway.table("wythoff", 25, grundy=True).tolist() == brute_wythoff_grundy(25)
    assert takeaway.table("fibonacci", 30, 20, grundy=True).tolist() == brute_one_pile_grundy(
        lambda t: 2 * t, 30, 20
    )
    assert takeaway.table("one-pile:f=3*t", 25, grundy=True).tolist() == brute_one_pile_grundy(
        lambda t: 3 * t, 25, 25
    )


@pytest.mark.parametrize("spec", ["fibonacci", "one-pile:f=3*t", "one-pile:f=2*t+n%3", "fibonacci:misere=true"])
def test_grundy_steps_equal_cli_and_the_dense_table(spec):
    n, w, v = takeaway.grundy_steps(spec, 40)
    assert n.dtype == w.dtype == v.dtype == np.uint32 and len(n) == len(w) == len(v)
    doc = cli_json("table", spec, "--grundy", "--steps", "--rows", 40, "--json")
    assert [list(s) for s in zip(n.tolist(), w.tolist(), v.tolist())] == doc["steps"]
    if "misere" in spec:
        return
    # Expanded cell by cell, the steps are the dense table of `table(..., grundy=True)`.
    dense = takeaway.table(spec, 40, grundy=True)
    for row in range(40):
        at = np.flatnonzero(n == row)
        cells = np.repeat(v[at], np.diff(np.append(w[at], 40)))
        assert (cells == dense[row]).all(), row


def test_grundy_steps_refuse_other_families():
    with pytest.raises(takeaway.InvalidError):
        takeaway.grundy_steps("wythoff", 5)


@pytest.mark.parametrize(
    "spec,rows,sequence",
    [
        ("fibonacci", 30, None),
        ("octal:0.77", 40, None),
        ("subtraction:s=1,3,4", 25, None),
        ("fibonacci", 40, "starts"),
        ("one-pile:f=3*t", 40, "maxima"),
        ("fibonacci:misere=true", 30, "starts"),
        ("one-pile:f=3*t", 40, "h-sequence"),
    ],
)
def test_bfile_equals_cli(spec, rows, sequence):
    args = ["table", spec, "--rows", rows, "--format", "bfile"]
    if sequence == "h-sequence":
        args += ["--sequence", sequence]
    elif sequence:
        args += ["--grundy", "--sequence", sequence]
    out = cli(*args)[0]
    # The command line adds its provenance line first.
    assert out.startswith("# takeaway ")
    assert takeaway.bfile(spec, rows, sequence=sequence) == out.split("\n", 1)[1]


@pytest.mark.parametrize("spec,f", [("fibonacci", lambda t: 2 * t), ("one-pile:f=t+1", lambda t: t + 1)])
def test_bfile_of_grundy_rows_is_the_brute_force(spec, f):
    # G(n, w) by the mex rule from the rules (brute_one_pile_grundy).
    g = brute_one_pile_grundy(f, 50, 50)
    lines = takeaway.bfile(spec, 50, sequence="starts").splitlines()
    assert lines[1] == "# offset 1"
    assert lines[2:] == [f"{n} {g[n][n - 1]}" for n in range(1, 50)]
    lines = takeaway.bfile(spec, 50, sequence="maxima").splitlines()
    assert lines[1] == "# offset 0"
    assert lines[2:] == [f"{n} {max(g[n])}" for n in range(50)]


def test_bfile_of_the_h_sequence_is_its_definition():
    # Schwenk's H-sequence by its definition (paper 000, section 2), here:
    # H1 = 1, H(k+1) = H(k) + H(j), j least with f(H_j) >= H_k; f = t + 1.
    h = [1]
    while len(h) < 30:
        h.append(h[-1] + next(x for x in h if x + 1 >= h[-1]))
    lines = takeaway.bfile("one-pile:f=t+1", 30, sequence="h-sequence").splitlines()
    assert lines[1] == "# offset 1"
    assert lines[2:] == [f"{k} {v}" for k, v in enumerate(h, start=1)]


def test_bfile_refuses_what_is_not_one_sequence():
    for spec, kw in [("two-pile:f=2*t", {}), ("wythoff", {"sequence": "starts"}), ("fibonacci", {"sequence": "rows"})]:
        with pytest.raises(takeaway.InvalidError):
            takeaway.bfile(spec, 5, **kw)


SUMS = [
    (["fibonacci 10", "nim 3", "wythoff 3 5"], False, False),
    (["fibonacci 20", "fibonacci 13 --bound 4", "wythoff 3 5", "nim 6"], False, True),
    (["nim 3", "nim 5", "nim 6"], False, False),
    (["subtraction:s=1,3,4 10", "two-pile:f=2*t 4 9"], False, False),
    (["nim 3", "wythoff 1 2"], True, False),
]


@pytest.mark.parametrize("parts,misere,all_", SUMS)
def test_sum_equals_cli(parts, misere, all_):
    spec = "sum:misere=true" if misere else "sum"
    want = cli_json("analyze", spec, *parts, "--json", *(["--all"] if all_ else []))
    assert takeaway.analyze_sum(parts, misere=misere, all=all_) == want
    assert takeaway.analyze(spec, *parts, all=all_) == want


def test_sum_against_bouton_and_brute_force():
    # Bouton: a sum of Nim heaps is lost exactly when the nim-sum (^) is 0.
    for heaps in [(1, 2, 3), (3, 5, 7), (4, 4), (6, 9, 12, 2)]:
        x = 0
        for h in heaps:
            x ^= h
        s = takeaway.analyze_sum([f"nim {h}" for h in heaps])
        assert s["grundy"] == x and s["outcome"] == ("P" if x == 0 else "N")
    # Sprague–Grundy: a Wythoff part counts as its G(x, y) by the mex rule above.
    g = brute_wythoff_grundy(8)
    for x, y, n in [(1, 2, 0), (2, 3, 4), (5, 7, 1), (6, 6, 3)]:
        s = takeaway.analyze_sum([f"wythoff {x} {y}", f"nim {n}"])
        assert s["grundy"] == g[x][y] ^ n


def test_sum_errors_equal_cli():
    for parts in [["nim 3", "wythoff 3 x5"], ["spite 10 6", "nim 2"]]:
        with pytest.raises(takeaway.Error) as info:
            takeaway.analyze_sum(parts)
        assert str(info.value) == cli_error("analyze", "sum", *parts)
    # The command line refuses no parts as a usage error (exit 2); Python
    # says the same sentence.
    with pytest.raises(takeaway.InvalidError, match="a sum of no parts|A sum of no parts"):
        takeaway.analyze_sum([])
    with pytest.raises(takeaway.InvalidError) as info:
        takeaway.analyze("sum:misere=maybe", "nim 3")
    assert str(info.value) == cli_error("analyze", "sum:misere=maybe", "nim 3")
    with pytest.raises(takeaway.ArgumentError):
        takeaway.analyze("sum", 3)
    with pytest.raises(takeaway.ArgumentError):
        takeaway.analyze("sum", "nim 3", bound=4)


@pytest.mark.parametrize(
    "spec,piles,bound",
    [("two-pile:f=2*t", [20, 62], 6), ("two-pile:f=2*t", [5, 9], None), ("two-pile:f=2*t", [15, 47], 10)],
)
def test_strategy_equals_cli(spec, piles, bound):
    opts = {"bound": bound} if bound is not None else {}
    got = takeaway.analyze(spec, *piles, strategy="table-4.1", **opts)
    want = cli_json(*cli_analyze_args(spec, piles, opts), "--strategy", "table-4.1")
    assert got == want and "strategy" in got


def test_strategy_errors():
    with pytest.raises(takeaway.InvalidError) as info:
        takeaway.analyze("fibonacci", 20, strategy="table-4.1")
    assert str(info.value) == cli_error("analyze", "fibonacci", 20, "--strategy", "table-4.1")
    with pytest.raises(takeaway.ArgumentValueError, match="table-4.1"):
        takeaway.analyze("two-pile:f=2*t", 5, 9, strategy="table-41")


@pytest.mark.parametrize(
    "base,n,h,iterate,f",
    [
        ("fibonacci", 100, ["h=if(n%2,gbar(n),g(n))"], None, None),
        ("fibonacci", 100, ["h=if(n%2,gbar(n),g(n))"], 3, None),
        ("h:f=3*t", 500, ["gbar"], 3, None),
        ("fibonacci", 40, ["g", "gbar"], None, None),
        ("fibonacci", 60, ["g"], 2, "2*t"),
    ],
)
def test_repr_base_section3_equals_cli(base, n, h, iterate, f):
    args = ["repr", "base", base, n, "--json"]
    for rule in h:
        args += ["--h", rule]
    if iterate is not None:
        args += ["--iterate", iterate]
    if f is not None:
        args += ["--f", f]
    got = takeaway.repr_base(base, n, h=h if len(h) > 1 else h[0], iterate=iterate, f=f)
    assert got == cli_json(*args)
    assert ("iterates" in got) == (iterate is not None)


def test_repr_base_section3_errors_equal_cli():
    for kwargs, args, cls in [
        ({"h": "g", "iterate": 0}, ["--h", "g", "--iterate", 0], takeaway.InvalidError),
        ({"h": "g("}, ["--h", "g("], takeaway.SpecError),
        ({"h": "g", "f": "t"}, ["--h", "g", "--f", "t"], takeaway.InvalidError),
        ({"h": "g", "iterate": 20}, ["--h", "g", "--iterate", 20], takeaway.InvalidError),
    ]:
        with pytest.raises(cls) as info:
            takeaway.repr_base("fibonacci", 100, **kwargs)
        # The same line as the command's, its options in Python's words.
        expected = cli_error("repr", "base", "fibonacci", 100, *args)
        expected = re.sub(r"--([a-z][a-z-]*) (?=[A-Z]\b|`)", r"\1=", expected)
        expected = re.sub(r"--([a-z][a-z-]*)", r"\1=", expected)
        assert str(info.value) == expected
    with pytest.raises(takeaway.ArgumentError):
        takeaway.repr_base("fibonacci", 100, iterate=2)


def test_count_arguments_raise_a_takeaway_range_error():
    # Issue 23: table("fibonacci", -3) raised a bare OverflowError.
    for call, word in [
        (lambda: takeaway.table("fibonacci", -3), "rows: -3 is negative"),
        (lambda: takeaway.table("fibonacci", 3, -1, grundy=True), "cols: -1 is negative"),
        (lambda: takeaway.table_info("fibonacci", 2**70), "rows: 1180591620717411303424 is over"),
        (lambda: takeaway.verify("fibonacci", -1), "up_to: -1 is negative"),
    ]:
        with pytest.raises(takeaway.RangeError) as info:
            call()
        assert isinstance(info.value, takeaway.NumberError) and isinstance(info.value, OverflowError)
        assert str(info.value).startswith(word), str(info.value)
    with pytest.raises(takeaway.ArgumentError):
        takeaway.table("fibonacci", "3")
    # numpy integers are counts too.
    assert takeaway.table("fibonacci", np.int64(5)).shape == (5,)


def _python_blocks(path):
    text = path.read_text(encoding="utf-8")
    blocks = []
    for chunk in text.split("```python\n")[1:]:
        blocks.append(chunk.split("```", 1)[0])
    return blocks


def test_readme_examples_are_this_file(capsys, tmp_path, monkeypatch):
    examples = Path(__file__).with_name("readme_examples.py")
    text = examples.read_text(encoding="utf-8")
    found = 0
    for readme in [ROOT / "README.md", ROOT / "crates" / "takeaway-py" / "README.md"]:
        for block in _python_blocks(readme):
            assert block in text, f"a Python block of {readme.name} is not in readme_examples.py:\n{block}"
            found += 1
    assert found >= 3
    # And every block of the file is in a README (none left behind).
    markers = [line for line in text.splitlines() if line.startswith("# --- ")]
    assert len(markers) == found
    import runpy

    # The sweep example writes census.csv where it runs: in a fresh directory.
    monkeypatch.chdir(tmp_path)
    runpy.run_path(str(examples), run_name="readme_examples")
    assert "rows: -3 is negative" in capsys.readouterr().out


def test_the_package_is_typed():
    import importlib.resources as resources

    files = resources.files("takeaway")
    assert files.joinpath("py.typed").is_file()
    stubs = files.joinpath("__init__.pyi").read_text(encoding="utf-8")
    # Every public name has a stub.
    for name in takeaway.__all__:
        assert name in stubs, name


def _kayles_misere_p(heaps, memo={}):
    """Misère Kayles by brute force from the rules (Winning Ways, ch. 4):
    remove one pin or two adjacent pins from a row, which may split it in
    two; the player who cannot move wins."""
    key = tuple(sorted(h for h in heaps if h > 0))
    if key in memo:
        return memo[key]
    options = []
    for i, h in enumerate(key):
        rest = key[:i] + key[i + 1 :]
        for take in (1, 2):
            for left in range(0, h - take + 1):
                right = h - take - left
                if left <= right:
                    options.append(rest + (left, right))
    p = bool(options) and all(not _kayles_misere_p(o) for o in options)
    memo[key] = p
    return p


def test_misere_quotient_arrays_equal_cli_and_decide_outcomes():
    q = takeaway.misere_quotient("0.77", heaps=10)
    doc = cli_json("misere", "octal:0.77", "--heaps", 10, "--json")
    table, phi = q["table"], q["phi"]
    assert table.dtype == np.uint32 and table.shape == (q["order"], q["order"])
    assert phi.dtype == np.uint32 and phi.shape == (11,)
    assert table.tolist() == doc["monoid"]["table"]
    assert phi.tolist() == doc["phi"]
    for k in ("order", "p_count", "p", "elements", "generators", "relations", "tameness"):
        assert q[k] == doc[k], k
    # A commutative monoid with identity 0 (Plambeck–Siegel), of even order.
    assert (table == table.T).all()
    assert table[0].tolist() == list(range(q["order"]))
    assert q["order"] % 2 == 0
    in_p = set(q["p"])
    rng = random.Random(33)
    for _ in range(200):
        heaps = [rng.randint(0, 10) for _ in range(rng.randint(1, 4))]
        x = 0
        for h in heaps:
            x = int(table[x, phi[h]])
        assert (x in in_p) == _kayles_misere_p(heaps), heaps
        a = takeaway.analyze("kayles:misere=true", *heaps)
        assert a["method"] == "quotient", a
        assert a["outcome"] == ("P" if _kayles_misere_p(heaps) else "N"), heaps
        if a["outcome"] == "N" and a["move"] is not None:
            assert _kayles_misere_p(a["move"]["to"]), (heaps, a["move"])


def test_misere_quotients_are_kept_on_disk_between_processes(tmp_path):
    # Each process below is a fresh interpreter: the second reads the
    # quotient the first computed from $TAKEAWAY_CACHE_DIR (the same answer,
    # nothing recomputed: its work counts are the file's), a damaged file is
    # ignored (recomputed, same answer), and an empty $TAKEAWAY_CACHE_DIR
    # keeps nothing.
    script = (
        "import json, takeaway\n"
        "q = takeaway.misere_quotient('0.77', heaps=9)\n"
        "print(json.dumps({k: q[k] for k in ('order', 'p_count', 'p', 'relations', 'work')}))\n"
        "print(json.dumps(q['phi'].tolist()))\n"
    )

    def run(cache):
        env = dict(os.environ, TAKEAWAY_CACHE_DIR=str(cache))
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        return out.stdout

    cache = tmp_path / "quotients"
    first = run(cache)
    kept = sorted(cache.glob("*.json"))
    assert len(kept) == 1, kept
    assert "0.77" in kept[0].name and kept[0].name.endswith(".9.json"), kept
    assert run(cache) == first
    kept[0].write_text('{"format": 1}')
    assert run(cache) == first
    assert json.loads(kept[0].read_text())["quotient"], "the damaged file is replaced"
    assert run("") == first


def test_misere_quotient_of_nim_and_a_thousand_heaps():
    # Misère Nim heaps < 2^k: order 2^k + 2 (Plambeck–Siegel 2008).
    assert takeaway.misere_quotient("nim", heaps=7)["order"] == 10
    assert takeaway.misere_quotient("nim", heaps=3)["tameness"] == "t2"

    # 0.3333333 is Nim on heaps of at most 7: Bouton's misère rule decides
    # 1,000 heaps (P iff all heaps ≤ 1 with an odd number of 1s, or some
    # heap ≥ 2 and nim-sum 0).
    def bouton_p(heaps):
        if all(h <= 1 for h in heaps):
            return sum(heaps) % 2 == 1
        x = 0
        for h in heaps:
            x ^= h
        return x == 0

    rng = random.Random(1000)
    for round in range(4):
        heaps = [rng.randint(0, 7) for _ in range(1000)]
        if round % 2:
            x = 0
            for h in heaps[1:]:
                x ^= h
            heaps[0] = x
        a = takeaway.analyze("octal:0.3333333:misere=true", *heaps)
        assert a["method"] == "quotient"
        assert a["outcome"] == ("P" if bouton_p(heaps) else "N")
        if a["outcome"] == "N":
            assert bouton_p(a["move"]["to"])


def test_misere_quotient_refusals():
    with pytest.raises(takeaway.InvalidError):
        takeaway.misere_quotient("wythoff", heaps=3)
    with pytest.raises(takeaway.LimitError, match=r"max_elements=4096.* or ask for heaps="):
        takeaway.misere_quotient("0.6", heaps=12, max_elements=8)
    # The work limits are keywords too, and the advice names the one hit.
    with pytest.raises(takeaway.LimitError, match=r"verifier states.*max_states=3000000"):
        takeaway.misere_quotient("0.07", heaps=12, max_states=10)


def test_misere_quotient_only_where_the_search_is_larger():
    # 0.26 (take 1 leaving one heap; take 2 leaving one or two heaps) is
    # used by no other test here, so its quotient is not kept yet. Two
    # heaps are a small exhaustive search: the quotient is not computed for
    # them (a note says so).
    small = takeaway.analyze("octal:0.26:misere=true", 7, 6)
    assert small["method"] == "exhaustive", small
    assert any("misère quotient was not tried" in n for n in small["notes"]), small
    # 80 heaps of at most 7 are a large one: Q_7 is computed for them.
    rng = random.Random(26)
    heaps = [7] + [rng.randint(0, 7) for _ in range(79)]
    large = takeaway.analyze("octal:0.26:misere=true", *heaps)
    assert large["method"] == "quotient", large
    # Kept now: the small position goes through it, with the search's
    # outcome.
    again = takeaway.analyze("octal:0.26:misere=true", 7, 6)
    assert again["method"] == "quotient", again
    assert again["outcome"] == small["outcome"]
