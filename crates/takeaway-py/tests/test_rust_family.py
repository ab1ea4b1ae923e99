"""A family written in Rust outside the library reaches the Python package.

`tests/squares-ext` is a crate of its own: the whole `takeaway._takeaway`
module (`takeaway_py::fill`) with subtract-a-square registered first, the
family being the CLI example's file
(crates/takeaway-cli/examples/subtract_a_square/squares.rs) included as it
is. The test builds it with cargo (the `ci` profile, into the tree's target
directory, so what `cargo test` compiled is reused), places its library as
`takeaway/_takeaway` beside a copy of the package's Python files, imports
that package in a fresh interpreter, and checks every call against a brute
force written here from the rules (mex over the square takes), which agrees
with OEIS A030193 (the P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34).
"""

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from math import isqrt
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "crates" / "takeaway-py" / "python" / "takeaway"
CRATE = "takeaway-py-squares"
N = 40


def _cargo_env():
    """The environment of the build: this one, plus the pyo3 configuration
    maturin wrote when it built the installed wheel in the same target
    directory (scripts/test-python.sh), if any. pyo3's build script reruns
    when `PYO3_CONFIG_FILE` changes, so the same value reuses the pyo3 that
    maturin compiled instead of compiling it again (about 20 s on 2 cores)."""
    env = dict(os.environ)
    target = Path(env.get("CARGO_TARGET_DIR") or ROOT / "target")
    v = sys.version_info
    configs = sorted((target / "maturin").glob(f"pyo3-config-*-{v.major}.{v.minor}-abi3.txt"))
    if len(configs) == 1 and "PYO3_CONFIG_FILE" not in env:
        env["PYO3_CONFIG_FILE"] = str(configs[0])
    return env


def _build():
    """Builds the extension; returns the path of its library file."""
    cmd = [
        "cargo", "build", "--profile", "ci", "--locked", "-p", CRATE, "--features", "module",
        "--message-format=json-render-diagnostics",
    ]
    try:
        r = subprocess.run(cmd, cwd=ROOT, env=_cargo_env(), capture_output=True, text=True)
    except FileNotFoundError:
        pytest.fail("cargo is needed to build tests/squares-ext: " + " ".join(cmd))
    assert r.returncode == 0, f"{' '.join(cmd)} failed:\n{r.stderr}"
    libs = [
        f
        for line in r.stdout.splitlines()
        if line.startswith("{")
        for msg in [json.loads(line)]
        if msg.get("reason") == "compiler-artifact"
        and msg["target"]["name"] == CRATE.replace("-", "_")
        for f in msg["filenames"]
        if f.endswith((".so", ".dylib", ".dll"))
    ]
    assert len(libs) == 1, (libs, r.stdout[-2000:])
    return Path(libs[0])


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """A directory holding the package `takeaway` with the extension built
    from tests/squares-ext."""
    lib = _build()
    where = tmp_path_factory.mktemp("rust-family")
    shutil.copytree(PACKAGE, where / "takeaway")
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    suffix = next((s for s in suffixes if "abi3" in s), suffixes[0])
    shutil.copyfile(lib, where / "takeaway" / f"_takeaway{suffix}")
    return where


# Run in a fresh interpreter: this one already imported the installed wheel.
PROBE = """
import json, sys
import takeaway

N = int(sys.argv[1])
out = {"file": takeaway._takeaway.__file__}
out["families"] = takeaway.families()
out["analyze"] = [takeaway.analyze("squares", n, all=True) for n in range(N + 1)]
out["misere"] = [takeaway.analyze("squares:misere=true", n)["outcome"] for n in range(N + 1)]
out["alias"] = takeaway.analyze("subtract-a-square", 20)["outcome"]
out["table"] = takeaway.table("squares", N + 1).tolist()
out["table_misere"] = takeaway.table_info("squares:misere=true", N + 1)["outcomes"]
out["sum"] = takeaway.analyze_sum(["squares 10", "nim 3"], all=True)
out["sum_misere"] = takeaway.analyze_sum(["squares 10", "nim 3"], misere=True)["outcome"]
out["game"] = takeaway.Game("squares").moves({"piles": [10]})
misere_game = takeaway.Game("squares:misere=true")
out["misere_game"] = [misere_game.misere, misere_game.is_over({"piles": [0]})]
try:
    takeaway.analyze("squares", 10, bound=3)
    out["bound_error"] = None
except takeaway.Error as e:
    out["bound_error"] = [type(e).__name__, str(e)]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def answers(package):
    env = dict(os.environ, PYTHONPATH=str(package))
    r = subprocess.run(
        [sys.executable, "-c", PROBE, str(N)], cwd=package, env=env, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def brute(n):
    """Grundy values and misère outcomes (True: the mover wins) of one pile
    of subtract-a-square, 0..=n, by the mex rule over the square takes."""
    g, mis = [0] * (n + 1), [True] * (n + 1)
    for m in range(1, n + 1):
        nxt = {g[m - k * k] for k in range(1, isqrt(m) + 1)}
        g[m] = next(v for v in range(m + 2) if v not in nxt)
        mis[m] = any(not mis[m - k * k] for k in range(1, isqrt(m) + 1))
    return g, mis


def brute_sum_misere(a, b):
    """Whether the mover wins squares `a` + nim `b` in misère play (the
    player who cannot move wins), by brute force over both piles."""
    win = {}
    for x in range(a + 1):
        for y in range(b + 1):
            nxt = [(x - k * k, y) for k in range(1, isqrt(x) + 1)]
            nxt += [(x, y - t) for t in range(1, y + 1)]
            win[(x, y)] = not nxt or any(not win[p] for p in nxt)
    return win[(a, b)]


G, MIS = brute(N)


def test_the_brute_force_is_oeis_a030193():
    assert [m for m in range(35) if G[m] == 0] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34]


def test_the_extension_is_the_one_imported(answers, package):
    assert Path(answers["file"]).parent == package / "takeaway"


def test_families_lists_the_rust_family(answers):
    fams = {f["id"]: f for f in answers["families"]}
    sq = fams["squares"]
    # The entry of squares.rs, as the CLI's help and /api/games show it.
    assert sq["names"] == ["squares"]
    assert sq["help"] == "subtract-a-square: take a square number from one pile"
    assert sq["example"] == "squares"
    # The built-in families are all still there, in the list's order.
    assert [f["id"] for f in answers["families"]][:4] == ["fibonacci", "one-pile", "memory", "two-pile"]
    assert answers["alias"] == ("N" if G[20] else "P")
    # No misère theory of its own: the engine decides misère play (the
    # misère answers below are checked against the brute force).
    assert sq["capabilities"]["misere_theory"] is False
    assert answers["misere_game"] == [True, True]


def test_analyze_normal_misere_and_all_moves(answers):
    for n in range(N + 1):
        a = answers["analyze"][n]
        assert a["outcome"] == ("N" if G[n] else "P"), n
        assert a["grundy"] == G[n], n
        # all=True: exactly the square takes to a P-position, smallest first.
        assert [m["take"] for m in a.get("moves") or []] == [
            k * k for k in range(1, isqrt(n) + 1) if G[n - k * k] == 0
        ], n
        assert answers["misere"][n] == ("N" if MIS[n] else "P"), n


def test_tables(answers):
    assert answers["table"] == G
    # Misère play: the outcome of each pile (as `table squares:misere=true`).
    assert answers["table_misere"] == ["N" if w else "P" for w in MIS]


def test_a_sum_with_nim(answers):
    s = answers["sum"]
    assert s["grundy"] == G[10] ^ 3  # Sprague–Grundy: the nim-sum
    assert [p["grundy"] for p in s["parts"]] == [G[10], 3]
    # all=True: the moves to nim-sum 0 (in nim, to G[10]; in squares, to 3).
    want = [{"part": 1, "pile": 0, "take": 3 - G[10], "to": [G[10]]}] if G[10] < 3 else []
    want = [
        {"part": 0, "pile": 0, "take": k * k, "to": [10 - k * k]}
        for k in range(1, isqrt(10) + 1)
        if G[10 - k * k] == 3
    ] + want
    assert s["moves"] == want
    assert answers["sum_misere"] == ("N" if brute_sum_misere(10, 3) else "P")


def test_play_and_errors(answers):
    # Game(spec).moves: the square takes up to the pile, smallest first.
    assert answers["game"] == [
        {"kind": "take", "pile": 0, "take": k * k} for k in range(1, isqrt(10) + 1)
    ]
    # The command line's error (crates/takeaway-cli/tests/suite/custom_family.rs).
    assert answers["bound_error"] == [
        "InvalidError",
        "Cannot analyze this position: subtract-a-square has no bound on the next move; leave the bound out",
    ]
