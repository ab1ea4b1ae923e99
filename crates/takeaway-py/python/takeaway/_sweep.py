"""Sweeps over rule sets: ``takeaway.sweep(...)``, locally or on a Dask cluster.

The same sweep as ``takeaway sweep FAMILY ... --out FILE``: one row per
rule set of a family of the library's list (``sweep_families()``), computed shard by shard by the Rust library,
resumable (finished shards stay in ``FILE.shards/``), merged into one CSV or
JSON-lines file headed by the version and the command. With a
``dask.distributed`` client, each shard is one Dask task on the cluster's
workers (each calling the same Rust code, the GIL released); the caller
stores the shards as they arrive and merges them into the same file the
command line writes. A worker lost mid-run costs only its shards: Dask
runs them again elsewhere.
"""

import csv as _csv
import json as _json
import os as _os

from . import _takeaway


def _shard_task(plan, i):
    """One Dask task: the text of shard ``i`` of ``plan`` (run on a worker)."""
    return i, _takeaway.sweep_shard(plan, i)


def _setting(value):
    """A keyword's value as the Rust library takes it: a dict of template
    parameters as ``NAME=LO..HI`` texts, a ``range`` as ``(LO, HI)``."""
    if isinstance(value, dict):
        return [
            "%s=%d..%d" % (name, r[0], r[-1]) if not isinstance(r, int) else "%s=%d" % (name, r)
            for name, r in value.items()
        ]
    if isinstance(value, range):
        return (value.start, value.stop - 1)
    return value


def _plan(family, out, shard, format, settings):
    if format is None:
        format = "jsonl" if str(out).endswith(".jsonl") else "csv"
    return _takeaway.sweep_plan(
        family,
        shard=shard,
        format=format,
        **{name: _setting(value) for name, value in settings.items()},
    )


def sweep_families():
    """The sweep families, as the command line lists them: for each a dict
    of ``name``, ``help`` and ``settings`` (each setting a dict of ``name``,
    the keyword of ``sweep``; ``default``; ``help``).

    >>> [f["name"] for f in takeaway.sweep_families()][0]
    'subtraction'
    """
    return _takeaway.sweep_families()


def sweep(family, out, *, shard=None, format=None, threads=0, client=None, **settings):
    """Runs a sweep into the file ``out`` and returns what was done.

    ``family`` and the keyword ``settings`` are the arguments of ``takeaway
    sweep`` (``sweep_families()`` lists each family's settings, with their
    defaults and help): a number, a range as ``(LO, HI)`` (or one number, or
    a ``range``), texts as a list (or one text), template parameters as a
    dict (``f="a*t+b", params={"a": (1, 4), "b": (0, 3)}``). ``format`` is
    ``"csv"`` or ``"jsonl"`` (default: from the file name).

    ``client=None`` runs on this machine's cores (``threads``, 0 for all);
    a ``dask.distributed.Client`` runs each shard as a task on its workers;
    ``"local"`` starts a ``LocalCluster`` for the call; any other string is
    a scheduler address (``"tcp://host:8786"``). Rerunning the same call
    resumes: finished shards are not computed again.

    Returns a dict: ``rule_sets``, ``shards``, ``resumed`` (shards found
    finished), ``computed`` (rule sets computed by this call),
    ``already_complete``, ``discarded`` (one line per shard file an earlier
    run left changed, cut short or from another sweep: its checksum did not
    match, so it was removed and computed again, never merged), ``command``
    (the file's command line), ``path``.

    >>> import os, tempfile
    >>> out = os.path.join(tempfile.mkdtemp(), "census.csv")
    >>> takeaway.sweep("subtraction", out, max=6, sizes=(1, 2))["rule_sets"]
    21
    """
    plan = _plan(family, out, shard, format, settings)
    command, shards, rule_sets = _takeaway.sweep_info(plan)
    out = _os.fspath(out)
    if client is None:
        report = dict(_takeaway.sweep_run(plan, out, threads))
    else:
        report = _on_dask(plan, out, client, shards, rule_sets)
    report["command"] = command
    report["path"] = out
    return report


def _on_dask(plan, out, client, shards, rule_sets):
    """The shards as Dask tasks, stored as they arrive, then merged."""
    from dask.distributed import Client, LocalCluster, as_completed

    owned = []
    if isinstance(client, str):
        if client == "local":
            cluster = LocalCluster()
            owned.append(cluster)
            client = Client(cluster)
        else:
            client = Client(client)
        owned.insert(0, client)
    try:
        found = _takeaway.sweep_pending(plan, out)
        if found is None:
            return {
                "rule_sets": rule_sets,
                "shards": shards,
                "resumed": shards,
                "computed": 0,
                "already_complete": True,
                "discarded": [],
            }
        pending, discarded = found
        futures = client.map(
            _shard_task,
            [plan] * len(pending),
            pending,
            pure=False,
            retries=3,
        )
        computed = 0
        for future in as_completed(futures):
            i, text = future.result()
            computed += _takeaway.sweep_store(plan, out, i, text)
        _takeaway.sweep_merge(plan, out)
        return {
            "rule_sets": rule_sets,
            "shards": shards,
            "resumed": shards - len(pending),
            "computed": computed,
            "already_complete": False,
            "discarded": discarded,
        }
    finally:
        for thing in owned:
            thing.close()


def read_sweep(path):
    """The header and rows of a sweep's file: ``(header, rows)``, the header
    a dict (``takeaway``, ``command``, ``columns``), each row a dict keyed by
    column (CSV cells as ``int`` where they are integers, ``None`` where
    empty). ``pandas.DataFrame(rows)`` makes a table of them.

    >>> import os, tempfile
    >>> out = os.path.join(tempfile.mkdtemp(), "census.csv")
    >>> _ = takeaway.sweep("subtraction", out, max=6, sizes=(1, 2))
    >>> header, rows = takeaway.read_sweep(out)
    >>> rows[0]["spec"], rows[0]["period"]
    ('subtraction:s=1', 2)
    """
    with open(path, newline="", encoding="utf-8") as fh:
        first = fh.readline()
        if first.startswith("{"):
            header = _json.loads(first)
            return header, [_json.loads(line) for line in fh if line.strip()]
        if not first.startswith("# takeaway "):
            raise ValueError("%s is not a takeaway sweep file" % path)
        version, _, command = first[len("# takeaway ") :].rstrip("\n").partition(": ")
        reader = _csv.reader(fh)
        columns = next(reader)
        rows = [{k: _cell(v) for k, v in zip(columns, r)} for r in reader]
        return {"takeaway": version, "command": command, "columns": columns}, rows


def _cell(v):
    if v == "":
        return None
    if v in ("true", "false"):
        return v == "true"
    if v.isdigit():
        return int(v)
    return v
