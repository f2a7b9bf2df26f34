# SPDX-License-Identifier: MIT
"""The table of one run: NumPy columns keyed by the CLI's CSV column names, and the summary."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np


class Result(Mapping[str, np.ndarray]):
    """One run's samples, as ``sslm simulate``/``inverse``/``kinematics`` would write them.

    ``result["q.theta1"]`` is a column (a read-only NumPy view of ``values``), ``columns`` the
    names in CSV order, ``values`` the rows × columns array, ``summary`` the run's summary (the
    keys of the CLI's ``--summary-json``), ``kind`` "simulate", "inverse" or "kinematics".
    """

    def __init__(self, kind: str, columns: list[str], values: np.ndarray, summary: dict[str, Any]):
        self.kind = kind
        self.columns = list(columns)
        self.values = values
        self.values.flags.writeable = False
        self.summary = summary
        self._index = {name: i for i, name in enumerate(self.columns)}

    def __getitem__(self, name: str) -> np.ndarray:
        try:
            return self.values[:, self._index[name]]
        except KeyError:
            near = difflib.get_close_matches(name, self.columns, n=5, cutoff=0.0)
            raise KeyError(f"no column {name!r}; nearest: {', '.join(near)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.columns)

    def __len__(self) -> int:
        return len(self.columns)

    @property
    def rows(self) -> int:
        """The number of samples."""
        return int(self.values.shape[0])

    def to_csv(self, path: str) -> None:
        """Writes the table as the CLI's CSV (numbers that read back to the same doubles)."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(",".join(self.columns) + "\n")
            for row in self.values:
                out.write(",".join(repr(float(x)) for x in row) + "\n")

    def __repr__(self) -> str:
        return (f"<sslm.Result {self.kind}: {self.rows} samples × {len(self.columns)} columns, "
                f"summary {json.dumps(self.summary)[:80]}…>")
