"""``takeaway.sweep``: the same file as ``takeaway sweep`` — run locally, and
on a Dask ``LocalCluster`` of 2 worker processes, also when one worker
process is killed mid-run (Dask runs its shards again).

Expected files come from the ``takeaway`` binary built from the same tree
(path in $TAKEAWAY_CLI, else target/ci or target/release).
"""

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

import takeaway

ROOT = Path(__file__).resolve().parents[3]


def _cli():
    env = os.environ.get("TAKEAWAY_CLI")
    if env:
        return env
    for profile in ("ci", "release", "debug"):
        p = ROOT / "target" / profile / "takeaway"
        if p.exists():
            return str(p)
    raise RuntimeError("no takeaway binary: build it or set TAKEAWAY_CLI")


def _cli_sweep(args, out):
    subprocess.run(
        [_cli(), "sweep", *args, "--out", str(out), "-q"], check=True, capture_output=True
    )
    return Path(out).read_bytes()


def _dask():
    """dask.distributed, or a skip — a failure when the suite is told Dask
    is installed (scripts/test-python.sh sets TAKEAWAY_TEST_DASK=1)."""
    if os.environ.get("TAKEAWAY_TEST_DASK") == "1":
        import dask.distributed

        return dask.distributed
    return pytest.importorskip("dask.distributed")


def test_a_local_sweep_writes_the_command_lines_file(tmp_path):
    want = _cli_sweep(
        ["subtraction", "--max", "10", "--sizes", "1..3", "--shard", "50"], tmp_path / "cli.csv"
    )
    r = takeaway.sweep(
        "subtraction", tmp_path / "py.csv", max=10, sizes=(1, 3), shard=50, threads=2
    )
    assert (tmp_path / "py.csv").read_bytes() == want
    assert r["rule_sets"] == 10 + 45 + 120
    assert r["command"] == (
        "takeaway sweep subtraction --max 10 --sizes 1..3 --terms 1000 --cap 1000000"
        " --shard 50 --format csv"
    )
    assert not r["already_complete"]
    again = takeaway.sweep("subtraction", tmp_path / "py.csv", max=10, sizes=(1, 3), shard=50)
    assert again["already_complete"]
    header, rows = takeaway.read_sweep(tmp_path / "py.csv")
    assert header["command"] == r["command"]
    assert [row["index"] for row in rows] == list(range(175))
    # S = {1}: G = 0 1 0 1 …, period 2 from 0 (the mex rule by hand).
    assert (rows[0]["spec"], rows[0]["period"], rows[0]["preperiod"]) == ("subtraction:s=1", 2, 0)


def test_an_octal_sweep_writes_the_command_lines_file(tmp_path):
    want = _cli_sweep(["octal", "--digits", "2", "--terms", "300"], tmp_path / "cli.csv")
    r = takeaway.sweep("octal", tmp_path / "py.csv", digits=2, terms=300)
    assert (tmp_path / "py.csv").read_bytes() == want
    assert r["rule_sets"] == 2 * 8 * 7
    _, rows = takeaway.read_sweep(tmp_path / "py.csv")
    kayles = next(row for row in rows if row["spec"] == "octal:0.77")
    # Kayles: period 12 after the last exception at 70 (Winning Ways, ch. 4).
    assert (kayles["period"], kayles["preperiod"]) == (12, 71)


def test_a_template_sweep_in_json_lines(tmp_path):
    args = ["one-pile", "--f", "a*t+b", "--param", "a=1..2", "--param", "b=0..1", "--up-to", "30"]
    want = _cli_sweep(args, tmp_path / "cli.jsonl")
    takeaway.sweep(
        "one-pile", tmp_path / "py.jsonl", f="a*t+b", params={"a": (1, 2), "b": (0, 1)}, up_to=30
    )
    assert (tmp_path / "py.jsonl").read_bytes() == want
    header, rows = takeaway.read_sweep(tmp_path / "py.jsonl")
    assert header["columns"][0] == "index" and len(rows) == 4
    # f = 2t is Fibonacci Nim: Schwenk's theorem holds and agrees (paper 000).
    assert rows[2]["spec"] == "one-pile:f=2*t+0" and rows[2]["verdict"] == "agree"


def test_one_pile_columns_one_claim_each(tmp_path):
    _, rows = takeaway.read_sweep(
        _write(tmp_path / "one.csv", "one-pile", f=["1", "0"], up_to=30)
    )
    # f = 1: Epp–Ferguson's hypotheses (f(1) ≥ 1, nondecreasing) but not
    # Schwenk's (f(2) = 1 < 2); L = 1, 2, 1, 2, … (period 2). f = 0: neither,
    # and L = 1 on every pile (period 1) all the same.
    one, zero = rows
    assert (one["schwenk"], one["epp_ferguson"]) == ("fails: f(2) = 1 < 2", "holds")
    assert (one["l_period"], one["l_preperiod"], one["theorem"]) == (2, 0, "epp-ferguson-stopped")
    assert (zero["l_period"], zero["theorem"], zero["verdict"]) == (1, None, "hypothesis-fails")


def _write(out, family, **kwargs):
    takeaway.sweep(family, out, **kwargs)
    return out


def test_a_damaged_shard_is_computed_again(tmp_path):
    from takeaway import _takeaway

    args = ["subtraction", "--max", "8", "--sizes", "1..3", "--shard", "16"]
    want = _cli_sweep(args, tmp_path / "cli.csv")
    out = str(tmp_path / "py.csv")
    plan = _takeaway.sweep_plan("subtraction", max=8, sizes=(1, 3), shard=16)
    pending, discarded = _takeaway.sweep_pending(plan, out)
    assert discarded == [] and len(pending) == 6
    for i in pending:
        assert _takeaway.sweep_store(plan, out, i, _takeaway.sweep_shard(plan, i)) <= 16
    # Storing another shard's text under this index is refused.
    with pytest.raises(takeaway.InvalidError, match="holds shard 1's rows"):
        _takeaway.sweep_store(plan, out, 2, _takeaway.sweep_shard(plan, 1))
    part = Path(out + ".shards") / "0000000002.part"
    part.write_text(part.read_text().replace("proved", "proven", 1))
    r = takeaway.sweep("subtraction", out, max=8, sizes=(1, 3), shard=16)
    assert len(r["discarded"]) == 1 and "0000000002.part: damaged" in r["discarded"][0]
    assert r["resumed"] == 5
    assert Path(out).read_bytes() == want


def test_bad_arguments_raise_takeaway_errors(tmp_path):
    with pytest.raises(takeaway.InvalidError, match="sizes 3..2"):
        takeaway.sweep("subtraction", tmp_path / "x.csv", max=5, sizes=(3, 2))
    with pytest.raises(takeaway.InvalidError, match="no sweep family"):
        takeaway.sweep("octel", tmp_path / "x.csv")
    with pytest.raises(takeaway.LimitError, match="65536"):
        takeaway.sweep("subtraction", tmp_path / "x.csv", max=65537)


@pytest.fixture(scope="module")
def cluster():
    distributed = _dask()
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_dask_sweep_writes_the_command_lines_file(tmp_path, cluster):
    want = _cli_sweep(
        ["subtraction", "--max", "12", "--sizes", "1..3", "--shard", "16"], tmp_path / "cli.csv"
    )
    r = takeaway.sweep(
        "subtraction", tmp_path / "dask.csv", max=12, sizes=(1, 3), shard=16, client=cluster
    )
    assert (tmp_path / "dask.csv").read_bytes() == want
    assert r["computed"] == 12 + 66 + 220 and r["shards"] == 19


def test_a_dask_hexadecimal_sweep_writes_the_command_lines_file(tmp_path, cluster):
    args = ["hexadecimal", "--digits", "1", "--terms", "200", "--unequal", "1", "--shard", "8"]
    want = _cli_sweep(args, tmp_path / "cli.csv")
    r = takeaway.sweep(
        "hexadecimal", tmp_path / "dask.csv", digits=1, terms=200, unequal=1, shard=8,
        client=cluster,
    )
    assert (tmp_path / "dask.csv").read_bytes() == want
    assert r["computed"] == 7 * 27 and r["shards"] == 24
    _, rows = takeaway.read_sweep(tmp_path / "dask.csv")
    by_spec = {row["spec"]: row for row in rows}
    # 0.4 (remove one, leaving two heaps) is octal: its period is proved;
    # 0.4! is not octal and shows no regularity; 0.8 (remove one, leaving
    # three heaps) has G(n + 3) = G(n) + 1 from n = 1, proved for every heap
    # by the arithmetic certificate (its automata).
    assert by_spec["octal:0.4"]["status"] == "proved"
    assert by_spec["octal:0.4!"]["method"] == "sparse-space"
    assert by_spec["octal:0.8"]["status"] == "proved arithmetic-periodic"
    assert by_spec["octal:0.8"]["method"] == "definition"


def test_a_worker_killed_mid_run_still_gives_the_whole_file(tmp_path, cluster):
    # About 3 ms a set (the checksum of 2·10^6 terms): 469 sets in 118 shards.
    args = ["subtraction", "--max", "14", "--sizes", "1..3", "--terms", "2000000", "--shard", "4"]
    out = tmp_path / "dask.csv"
    shard_dir = tmp_path / "dask.csv.shards"
    result = {}

    def run():
        result["report"] = takeaway.sweep(
            "subtraction", out, max=14, sizes=(1, 3), terms=2_000_000, shard=4, client=cluster
        )

    t = threading.Thread(target=run)
    t.start()
    deadline = time.monotonic() + 120
    while len(list(shard_dir.glob("*.part"))) < 3:
        assert t.is_alive(), "the sweep ended before a worker was killed"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    pids = cluster.run(os.getpid)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    t.join(timeout=300)
    assert not t.is_alive()
    assert "report" in result, "the sweep raised"
    assert len(result["report"]) > 0
    want = _cli_sweep(args, tmp_path / "cli.csv")
    assert out.read_bytes() == want
    # The killed worker is gone for good: its process no longer exists.
    with pytest.raises(ProcessLookupError):
        os.kill(victim, 0)
