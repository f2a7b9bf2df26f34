# SPDX-License-Identifier: MIT
"""SSLM Studio's kernel from Python: mechanisms with parameters by name, forward and inverse
dynamics and kinematic sweeps returning NumPy columns with the CLI's names, and parameter
studies on every core or on a Dask cluster.

    import sslm
    m = sslm.load("examples/carpet_scraper.json")
    m["bodies.link1.mass"] = 2.0
    r = m.simulate(t_end=1.0)
    r["q.theta2"], r.summary["max_energy_error"]

docs/python.md has the whole guide.
"""

from ._sslm import Error, InputError, ParameterError, __version__, commit
from ._mechanism import Mechanism, Model, RunStopped, load
from ._result import Result
from .study import StudyOutcome, read_table, study

__all__ = [
    "Error", "InputError", "ParameterError", "RunStopped", "Mechanism", "Model", "Result",
    "StudyOutcome", "load", "read_table", "study", "__version__", "commit",
]
