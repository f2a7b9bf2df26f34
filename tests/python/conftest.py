# SPDX-License-Identifier: MIT
"""Paths the tests of the Python module share: the built CLI and the examples (set by ctest,
tests/python/CMakeLists.txt), and the scraper study of the Done-means tests."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = pathlib.Path(os.environ.get("SSLM_EXAMPLES_DIR", ROOT / "examples"))
CLI = os.environ.get("SSLM_CLI", str(ROOT / "build" / "app" / "cli" / "sslm"))


@pytest.fixture
def scraper_path() -> pathlib.Path:
    return EXAMPLES / "carpet_scraper.json"


@pytest.fixture
def cli() -> str:
    return CLI


def scraper_study(count: int = 10) -> dict:
    """The scraper's crank length (J1–J8 on link1) and coupler length (J3–J8 on link3) on a
    count × count grid; inverse dynamics over one crank revolution at 10 ms."""
    return {
        "mechanism": str(EXAMPLES / "carpet_scraper.json"),
        "run": {"kind": "inverse", "speed": {"theta1": 4.7124}, "t_end": 1.3333,
                "sample": 0.01},
        "parameters": {
            "bodies.link1.points.J8.at.x": {"grid": {"from": 0.034, "to": 0.042,
                                                     "count": count}},
            "bodies.link3.points.J8.at.x": {"grid": {"from": -0.120, "to": -0.110,
                                                     "count": count}},
        },
        "metrics": ["max_abs(tau.theta1)", "rms(shaking.force.x)", "max(reaction.J1.y)",
                    "summary.max_position_violation"],
    }
