#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Study throughput (not a test): runs per second of one scraper study on 1 C++ thread, on
every core, and on a local Dask cluster (one single-threaded worker process per core), and the
Dask scheduling overhead per run, with the default batches and with one run per task.

    PYTHONPATH=build/python /usr/bin/python3 bench/study_throughput.py [--runs 400] [--kind inverse]

The study: the carpet scraper's crank and coupler lengths on a grid; each run is one crank
revolution of inverse dynamics at 10 ms samples (--kind inverse) or 0.5 s of forward dynamics
(--kind simulate). Overhead per run = (wall × worker threads − runs × run time) / runs, the run
time measured on one thread.
"""

import argparse
import math
import os
import pathlib
import sys
import tempfile
import time

import sslm

ROOT = pathlib.Path(__file__).resolve().parents[1]


def scraper_study(runs: int, kind: str) -> dict:
    side = max(1, int(math.ceil(math.sqrt(runs))))
    run = ({"kind": "inverse", "speed": {"theta1": 4.7124}, "t_end": 1.3333, "sample": 0.01}
           if kind == "inverse" else {"kind": "simulate", "t_end": 0.5})
    return {
        "mechanism": str(ROOT / "examples" / "carpet_scraper.json"),
        "run": run,
        "parameters": {
            "bodies.link1.points.J8.at.x": {"grid": {"from": 0.034, "to": 0.042, "count": side}},
            "bodies.link3.points.J8.at.x": {"grid": {"from": -0.120, "to": -0.110,
                                                     "count": side}},
        },
        "metrics": ["max_abs(tau.theta1)"] if kind == "inverse"
        else ["summary.max_energy_error"],
    }


def timed(label: str, spec: dict, folder: str, **options) -> float:
    path = os.path.join(folder, label.replace(" ", "_") + ".csv")
    start = time.perf_counter()
    outcome = sslm.study(spec, path, **options)
    wall = time.perf_counter() - start
    assert outcome.complete and outcome.failed == 0, outcome
    print(f"  {label:<34} {outcome.total:6d} runs {wall:8.3f} s {outcome.total / wall:10.1f} "
          f"runs/s   ({outcome.where})")
    return wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--kind", choices=["inverse", "simulate"], default="inverse")
    args = parser.parse_args()
    spec = scraper_study(args.runs, args.kind)
    cores = os.cpu_count() or 1
    print(f"sslm {sslm.__version__} ({sslm.commit}); {cores} cores; scraper {args.kind} runs")
    with tempfile.TemporaryDirectory() as folder:
        one = timed("1 thread", spec, folder, threads=1)
        runs = sslm._sslm.Study(__import__("json").dumps(spec), ".").run_count
        per_run = one / runs
        print(f"  run time on one thread: {per_run * 1e3:.3f} ms")
        timed(f"{cores} threads", spec, folder, threads=0)

        from dask.distributed import Client, LocalCluster
        with LocalCluster(n_workers=cores, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            client.run(lambda: __import__("sslm"))  # import once per worker, outside the timing
            for label, batch in (("dask, default batches", None), ("dask, 1 run per task", 1)):
                wall = timed(label, spec, folder, client=client, batch_size=batch)
                overhead = (wall * cores - runs * per_run) / runs
                print(f"  {'':<34} scheduling overhead {overhead * 1e3:.3f} ms per run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
