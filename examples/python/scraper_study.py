#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A 10 × 10 study of the carpet scraper's crank and coupler lengths: peak crank torque and
shaking force over one revolution, on every core, or on a Dask cluster with --dask
(a LocalCluster) or --scheduler tcp://HOST:8786. Interrupt it and run it again: it resumes.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/scraper_study.py [--dask]
"""

import argparse
import pathlib

import numpy as np

import sslm

here = pathlib.Path(__file__).resolve().parent
parser = argparse.ArgumentParser()
parser.add_argument("--dask", action="store_true", help="run on a local Dask cluster")
parser.add_argument("--scheduler", help="run on the Dask scheduler at this address")
parser.add_argument("--out", default="scraper_study.csv")
args = parser.parse_args()

study = {
    "mechanism": str(here.parent / "carpet_scraper.json"),
    "run": {"kind": "inverse", "speed": {"theta1": 4.7124}, "t_end": 1.3333, "sample": 0.01},
    "parameters": {
        # the crank's length: its point J8 on link1 (J1 at the origin of the link)
        "bodies.link1.points.J8.at.x": {"grid": {"from": 0.034, "to": 0.042, "count": 10}},
        # the coupler's J3–J8 length: its point J8 on link3 (J3 at the origin)
        "bodies.link3.points.J8.at.x": {"grid": {"from": -0.120, "to": -0.110, "count": 10}},
    },
    "metrics": ["max_abs(tau.theta1)", "rms(shaking.force.x)", "rms(shaking.force.y)"],
}


def progress(done: int, total: int, failed: int, skipped: int) -> bool:
    print(f"\r{done} of {total} runs ({failed} failed)", end="", flush=True)
    return True


outcome = sslm.study(study, args.out, dask=args.dask, scheduler=args.scheduler,
                     progress=progress)
print(f"\n{outcome.done - outcome.skipped} runs in {outcome.wall_seconds:.2f} s on "
      f"{outcome.where}; table {outcome.path}")
table = outcome.read()
best = int(np.nanargmin(table["max_abs(tau.theta1)"]))
print(f"least peak torque {table['max_abs(tau.theta1)'][best]:.3f} N·m at crank "
      f"{table['bodies.link1.points.J8.at.x'][best]:.4f} m, coupler "
      f"{-table['bodies.link3.points.J8.at.x'][best]:.4f} m")
