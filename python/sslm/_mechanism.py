# SPDX-License-Identifier: MIT
"""Mechanisms (files and their parameters by name) and compiled models."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union

from . import _sslm
from ._result import Result

PathLike = Union[str, "os.PathLike[str]"]
Cut = Union[Sequence[str], str, None]


class RunStopped(_sslm.Error):
    """A run that started and stopped early (a singular pose, a pose that does not assemble).

    ``result`` holds the samples up to the stop; the message is the core's.
    """

    def __init__(self, message: str, result: Result):
        super().__init__(message)
        self.result = result


def _cut_list(cut: Cut) -> Optional[list[str]]:
    if cut is None:
        return None
    if isinstance(cut, str):
        return [] if cut == "auto" else [c.strip() for c in cut.split(",")]
    return list(cut)


def _request(kind: str, options: Mapping[str, Any]) -> str:
    request: dict[str, Any] = {"kind": kind}
    for key, value in options.items():
        if value is None:
            continue
        if key == "cut":
            cuts = _cut_list(value)
            value = "auto" if cuts == [] else cuts
        request[key] = value
    return json.dumps(request)


def _table(model: "_sslm.Model", kind: str, options: Mapping[str, Any]) -> Result:
    status, error, columns, values, summary = model.run(_request(kind, options))
    if status == "bad_input":
        raise _sslm.InputError(error)
    result = Result(kind, columns, values, json.loads(summary))
    if status != "ok":
        raise RunStopped(error, result)
    return result


class _Runs:
    """simulate, inverse and kinematics with the CLI's options; ``_model(cut)`` compiles."""

    def _model(self, cut: Cut) -> "_sslm.Model":
        raise NotImplementedError

    def simulate(self, *, solver: Optional[str] = None, integrator: Optional[str] = None,
                 t_end: Optional[float] = None, dt: Optional[float] = None,
                 rtol: Optional[float] = None, atol: Optional[float] = None,
                 sample: Optional[float] = None, stabilise: Optional[str] = None,
                 alpha: Optional[float] = None, beta: Optional[float] = None,
                 singularity_tolerance: Optional[float] = None, cut: Cut = None) -> Result:
        """Forward dynamics from the assembled initial state, as ``sslm simulate``.

        Options left out take the file's ``solver`` block. Columns: t, q.<coord>, qd.<coord>,
        qdd.<coord>, lambda.<cut>.x/.y, tau.<coord>, energy.*, work.*, violation.*, cpu.*,
        point.<name>.x/.y, and where the file has them work.loads, work.friction, work.stops,
        contact.<joint> and element.<name>.length/.rate/.force. Raises InputError (bad options, no assembly) or RunStopped.
        """
        return _table(self._model(cut), "simulate", dict(
            solver=solver, integrator=integrator, t_end=t_end, dt=dt, rtol=rtol, atol=atol,
            sample=sample, stabilise=stabilise, alpha=alpha, beta=beta,
            singularity_tolerance=singularity_tolerance))

    def inverse(self, *, speed: Optional[Mapping[str, float]] = None,
                motion: Optional[Mapping[str, str]] = None, method: Optional[str] = None,
                t_end: Optional[float] = None, sample: Optional[float] = None,
                cut: Cut = None) -> Result:
        """Inverse dynamics of a prescribed motion, as ``sslm inverse``.

        ``speed={"theta1": 4.7124}`` turns a coordinate at a constant speed, ``motion=
        {"theta1": "cycloidal:1.0:0.5"}`` follows a law (the CLI's --motion syntax); without
        either, the file's actuated coordinates turn at their initial rates. ``method``:
        subsystem (default), system or traditional.
        """
        return _table(self._model(cut), "inverse", dict(
            speed=dict(speed) if speed else None, motion=dict(motion) if motion else None,
            method=method, t_end=t_end, sample=sample))

    def kinematics(self, input: str, start: float, stop: float, steps: int, *,
                   degrees: bool = False, branch: Optional[Sequence[int]] = None,
                   cut: Cut = None) -> Result:
        """Sweeps coordinate ``input`` over steps + 1 values from ``start`` to ``stop``, as
        ``sslm kinematics --input --from --to --steps``: columns input, the coordinates,
        point.<name>.x/.y, sigma_min and toggle. RunStopped when a pose does not assemble."""
        return _table(self._model(cut), "kinematics", {
            "input": input, "from": float(start), "to": float(stop), "steps": int(steps),
            "degrees": bool(degrees), "branch": list(branch) if branch is not None else None})


    def equilibrium(self, *, hold: Optional[Mapping[str, float]] = None, time: float = 0.0,
                    all: bool = False, cut: Cut = None) -> dict[str, Any]:
        """Where the mechanism rests, as ``sslm equilibrium --json``: from the assembled initial
        pose, under gravity, springs, loads and the actuators' forces at ``time`` (s), with the
        coordinates of ``hold={"theta1": 0.5}`` locked. Keys: coordinates, independent, held,
        holding_effort, residual, stable, stiffness_eigenvalues, stiffness_asymmetry,
        iterations, reactions. ``all=True`` returns {"equilibria": [...]} from a spread of
        starting poses. Raises InputError when there is none near the start, a hold cannot be
        held or the pose is singular."""
        return json.loads(_sslm.equilibrium(self._model(cut), dict(hold or {}), float(time),
                                            bool(all)))

    def modes(self, *, hold: Optional[Mapping[str, float]] = None, time: float = 0.0,
              cut: Cut = None) -> dict[str, Any]:
        """Vibration modes about the rest pose nearest the file's, as ``sslm modes --json``:
        rest, coordinates, method, mass, stiffness, damping, their accuracy, modes (mode,
        frequency_hz, omega_squared, damping_ratio, stable, shape, coordinate_shape) and the
        damped eigenvalues (re, im)."""
        return json.loads(_sslm.modes(self._model(cut), dict(hold or {}), float(time)))

    def holding_curve(self, coordinate: str, start: float, stop: float, count: int, *,
                      hold: Optional[Mapping[str, float]] = None, time: float = 0.0,
                      cut: Cut = None) -> Result:
        """The effort that holds ``coordinate`` at ``count`` values from ``start`` to ``stop``
        (the others settling), as ``sslm equilibrium --sweep COORD=START:STOP:COUNT``: columns
        hold.<coord>, effort.<coord>, residual, stable, ok, q.<name> and the joints'
        reaction.* columns; NaN where a pose could not be held (ok = 0)."""
        if count < 2:
            raise _sslm.InputError("holding_curve: count must be at least 2")
        values = [start + (stop - start) * i / (count - 1) for i in range(count)]
        columns, table = _sslm.holding_curve(self._model(cut), coordinate, values,
                                             dict(hold or {}), float(time))
        return Result("holding", columns, table, {})


class Model(_Runs):
    """A compiled mechanism: its cut joints are fixed (``Mechanism.compile``)."""

    def __init__(self, compiled: "_sslm.Model"):
        self._compiled = compiled

    @property
    def name(self) -> str:
        return self._compiled.name

    @property
    def coordinates(self) -> list[str]:
        """The joint coordinates of the spanning tree, in q's order."""
        return self._compiled.coordinates

    @property
    def cuts(self) -> list[str]:
        return self._compiled.cuts

    def info(self) -> dict[str, Any]:
        """What ``sslm info --json`` prints: dof, dof_grubler, loops, cuts, subsystems,
        jacobian_pattern, gicm_pattern, closure_residual, min_singular_value, initial_q,
        assembly."""
        return json.loads(self._compiled.info())

    def _model(self, cut: Cut) -> "_sslm.Model":
        if cut is not None:
            raise _sslm.InputError("a compiled Model has its cuts; compile the Mechanism with "
                                   "other cuts instead")
        return self._compiled

    def __repr__(self) -> str:
        return f"<sslm.Model {self.name!r}: cuts {', '.join(self.cuts)}>"


class Mechanism(_Runs):
    """A mechanism file, its numbers changeable by name.

    A parameter's name is the path of a number in the file, keys joined by dots; list entries
    are named by their "id", "name" or "joint", number pairs and triples by x, y, z::

        m = sslm.Mechanism.load("examples/carpet_scraper.json")
        m["bodies.link1.points.J8.at.x"] = 0.040   # the crank's length
        m["bodies.link3.mass"] *= 1.1
        r = m.simulate(t_end=1.0)
        r["q.theta2"]

    An unknown name raises ParameterError listing the nearest names.
    """

    def __init__(self, document: "_sslm.Document"):
        self._document = document

    @classmethod
    def load(cls, path: PathLike) -> "Mechanism":
        """Reads a mechanism file (validated: InputError with the diagnostics)."""
        with open(path, encoding="utf-8") as f:
            mechanism = cls(_sslm.Document.from_text(f.read()))
        mechanism.check()
        return mechanism

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Mechanism":
        """A mechanism from the dictionaries of its file form (docs/file-format.md)."""
        mechanism = cls(_sslm.Document.from_text(json.dumps(data)))
        mechanism.check()
        return mechanism

    @classmethod
    def from_json(cls, text: str) -> "Mechanism":
        mechanism = cls(_sslm.Document.from_text(text))
        mechanism.check()
        return mechanism

    def to_dict(self) -> dict[str, Any]:
        """The file form as dictionaries (the numbers as changed)."""
        return json.loads(self._document.text())

    def to_json(self, indent: int = 2) -> str:
        return self._document.text(indent)

    def save(self, path: PathLike) -> None:
        """Validates and writes the file (atomically), in SSLM's own layout."""
        self._document.save(os.fspath(path))

    def copy(self) -> "Mechanism":
        return Mechanism(self._document.copy())

    def check(self) -> str:
        """Validates the mechanism as a file; InputError when invalid, else the warnings."""
        return self._document.check()

    def parameters(self) -> list[str]:
        """Every parameter's name, in file order."""
        return self._document.parameter_names()

    def __getitem__(self, name: str) -> float:
        return self._document.get(name)

    def __setitem__(self, name: str, value: float) -> None:
        self._document.set(name, float(value))

    def set(self, values: Mapping[str, float]) -> "Mechanism":
        """Sets several parameters; returns self. Nothing changes when a name is unknown."""
        for name in values:
            self._document.get(name)
        for name, value in values.items():
            self._document.set(name, float(value))
        return self

    def with_parameters(self, values: Mapping[str, float]) -> "Mechanism":
        """A copy with these parameters changed."""
        return self.copy().set(values)

    def compile(self, cut: Cut = None) -> Model:
        """Compiles with the cut joints ``cut`` (a list or "J8,J9,J10"; "auto": the automatic
        choice; None: the file's)."""
        return Model(_sslm.compile(self._document, _cut_list(cut)))

    def info(self, cut: Cut = None) -> dict[str, Any]:
        """``compile(cut).info()``."""
        return self.compile(cut).info()

    def _model(self, cut: Cut) -> "_sslm.Model":
        return _sslm.compile(self._document, _cut_list(cut))

    def __repr__(self) -> str:
        return f"<sslm.Mechanism {self.to_dict().get('name', '')!r}>"


def load(path: PathLike) -> Mechanism:
    """``Mechanism.load(path)``."""
    return Mechanism.load(path)
