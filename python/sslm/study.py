# SPDX-License-Identifier: MIT
"""Parameter studies on this machine (C++ threads) or on a Dask cluster.

A study is a base mechanism, parameters to vary, what to run and the metrics to keep per run
(docs/python.md has the whole format)::

    outcome = sslm.study({
        "mechanism": "examples/carpet_scraper.json",
        "run": {"kind": "inverse", "t_end": 1.3333, "sample": 0.001},
        "parameters": {
            "bodies.link1.points.J8.at.x": {"grid": {"from": 0.034, "to": 0.042, "count": 10}},
            "bodies.link3.points.J8.at.x": {"grid": {"from": -0.125, "to": -0.105, "count": 10}},
        },
        "metrics": ["max_abs(tau.theta1)", "rms(shaking.force.x)"],
    }, "scraper_study.csv")
    table = sslm.read_table("scraper_study.csv")

The table has one row per run: run, the parameters, the metrics, ok and error (a failed run is
a row with its error). Rows are appended as runs finish, so an interrupted study keeps them;
the same call again runs only what is missing. A finished table is sorted by run, so the same
study gives the same table however it was run.
"""

from __future__ import annotations

import csv
import functools
import json
import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Optional, Union

import numpy as np

from . import _sslm
from ._mechanism import Mechanism

Progress = Callable[[int, int, int, int], Optional[bool]]


@dataclass
class StudyOutcome:
    """What a call of study() did: the table's path, the runs in the study, those in the table
    now (``done``), those that failed among the ones computed now, those found in the table at
    the start (``skipped``), whether it was cancelled, its wall time and where it ran."""

    path: str
    total: int
    done: int
    failed: int
    skipped: int
    cancelled: bool
    wall_seconds: float
    where: str

    @property
    def complete(self) -> bool:
        return self.done == self.total

    def read(self) -> dict[str, Any]:
        """``read_table(self.path)``."""
        return read_table(self.path)


def _self_contained(spec: Union[str, "os.PathLike[str]", Mapping[str, Any]],
                    folder: Optional[str]) -> tuple[dict[str, Any], str]:
    """The study as a dictionary whose mechanism is inline (so that remote workers need no
    file), and the folder its relative paths are read from."""
    if isinstance(spec, Mapping):
        study = dict(spec)
        base = os.path.abspath(folder or os.getcwd())
    else:
        path = os.fspath(spec)
        with open(path, encoding="utf-8") as f:
            study = json.load(f)
        base = os.path.abspath(folder or os.path.dirname(path) or ".")
    mechanism = study.get("mechanism")
    if isinstance(mechanism, Mechanism):
        study["mechanism"] = mechanism.to_dict()
    elif isinstance(mechanism, (str, os.PathLike)):
        with open(os.path.join(base, os.fspath(mechanism)), encoding="utf-8") as f:
            study["mechanism"] = json.load(f)
    return study, base


@functools.lru_cache(maxsize=8)
def _study_of(text: str) -> "_sslm.Study":
    return _sslm.Study(text, ".")


def _run_batch(text: str, runs: list[int]) -> list[str]:
    """A Dask task: the rows of `runs` on one thread of a worker (the study parsed once per
    worker process)."""
    return _study_of(text).rows(runs, 1)


def _row_ok(row: str) -> bool:
    return row.endswith(",1,")


def study(spec: Union[str, "os.PathLike[str]", Mapping[str, Any]],
          output: Optional[Union[str, "os.PathLike[str]"]] = None, *,
          folder: Optional[str] = None, threads: int = 0, client: Any = None,
          scheduler: Optional[str] = None, dask: bool = False,
          batch_size: Optional[int] = None, progress: Optional[Progress] = None,
          parquet: Optional[bool] = None) -> StudyOutcome:
    """Runs a study and writes its table (CSV; Parquet too when pyarrow is installed).

    spec: a study file's path or its dictionary ("mechanism" may be a path, a dictionary or a
    Mechanism). output: the table's path (default: the study's "output"). folder: where
    relative paths are read from (default: the study file's folder, or the current one).

    On this machine (the default) the runs go to C++ threads (``threads``, 0: every core). With
    ``client`` (a dask.distributed Client), ``scheduler`` (an address such as
    "tcp://host:8786") or ``dask=True`` (a LocalCluster with one single-threaded worker process
    per core) they go to the cluster in batches of ``batch_size`` runs (default: about four
    batches per worker thread, at most 2000 runs), so that scheduling costs little next to
    millisecond runs; rows are written as batches come back.

    progress(done, total, failed, skipped) is called as runs finish; returning False cancels
    (as does Ctrl+C): the table keeps what finished and the same call resumes it.
    """
    study_dict, base = _self_contained(spec, folder)
    path = os.fspath(output) if output is not None else None
    if path is None:
        if not study_dict.get("output"):
            raise _sslm.InputError("the study has no \"output\"; pass output=\"table.csv\"")
        path = os.path.join(base, study_dict["output"])
    path = os.path.abspath(path)
    study_dict.pop("output", None)
    text = json.dumps(study_dict)
    parsed = _sslm.Study(text, base)

    if client is None and scheduler is None and not dask:
        raised: list[BaseException] = []

        def guarded(done: int, total: int, failed: int, skipped: int) -> bool:
            # called from the C++ workers: an exception must not cross into them
            try:
                return progress is None or progress(done, total, failed, skipped) is not False
            except BaseException as error:  # noqa: B036 - re-raised below
                raised.append(error)
                return False

        result = parsed.run(path, threads, guarded)
        if raised:
            raise raised[0]
        outcome = StudyOutcome(path, where=f"{threads or os.cpu_count()} threads", **result)
    else:
        outcome = _run_on_dask(parsed, text, path, client, scheduler, batch_size, progress)
    if outcome.complete and parquet is not False:
        _write_parquet(path, required=bool(parquet))
    return outcome


def _run_on_dask(parsed: "_sslm.Study", text: str, path: str, client: Any,
                 scheduler: Optional[str], batch_size: Optional[int],
                 progress: Optional[Progress]) -> StudyOutcome:
    from dask.distributed import Client, LocalCluster, as_completed

    start = time.perf_counter()
    finished = set(parsed.finished_runs(path))
    pending = [run for run in range(parsed.run_count) if run not in finished]
    parsed.append_rows(path, [])  # the header of a new table
    own_cluster = None
    own_client = None
    if client is None:
        if scheduler is not None:
            client = own_client = Client(scheduler)
        else:
            own_cluster = LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1,
                                       processes=True, dashboard_address=None)
            client = own_client = Client(own_cluster)
    total, skipped, failed, done = parsed.run_count, len(finished), 0, len(finished)
    cancelled = False
    try:
        slots = max(1, sum(client.nthreads().values()))
        size = batch_size or max(1, min(2000, math.ceil(len(pending) / (4 * slots))))
        batches = [pending[i:i + size] for i in range(0, len(pending), size)]
        futures = [client.submit(_run_batch, text, batch, pure=False) for batch in batches]
        try:
            for future in as_completed(futures):
                rows = future.result()
                parsed.append_rows(path, rows)
                done += len(rows)
                failed += sum(0 if _row_ok(row) else 1 for row in rows)
                if progress is not None and progress(done, total, failed, skipped) is False:
                    cancelled = True
                    break
        except KeyboardInterrupt:
            cancelled = True
        if cancelled:
            client.cancel(futures)
        where = f"Dask ({slots} worker threads, batches of {size})"
    finally:
        if own_client is not None:
            own_client.close()
        if own_cluster is not None:
            own_cluster.close()
    if not cancelled:
        _sslm.sort_study_table(path)
    return StudyOutcome(path, total, done, failed, skipped, cancelled,
                        time.perf_counter() - start, where)


def _write_parquet(path: str, required: bool) -> None:
    """The table as Parquet beside the CSV (same name, .parquet), when pyarrow exists."""
    try:
        import pyarrow.csv as pacsv
        import pyarrow.parquet as pq
    except ImportError:
        if required:
            raise _sslm.InputError("parquet=True needs pyarrow (not in Debian 12; pip install "
                                   "pyarrow), the CSV table is written") from None
        return
    pq.write_table(pacsv.read_csv(path), os.path.splitext(path)[0] + ".parquet")


def read_table(path: Union[str, "os.PathLike[str]"]) -> dict[str, Any]:
    """A study's table as columns: run (int array), parameters and metrics (float arrays, NaN
    for a failed run's metrics), ok (bool array) and error (list of str)."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    columns: dict[str, Any] = {}
    for i, name in enumerate(header):
        cells = [row[i] for row in body]
        if name == "run":
            columns[name] = np.array([int(c) for c in cells], dtype=np.int64)
        elif name == "ok":
            columns[name] = np.array([c == "1" for c in cells], dtype=bool)
        elif name == "error":
            columns[name] = cells
        else:
            columns[name] = np.array([float(c) if c else math.nan for c in cells])
    return columns
