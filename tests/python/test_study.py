# SPDX-License-Identifier: MIT
"""Studies on this machine: the table, failed runs as rows, interruption and resumption."""

import pytest

import sslm
from conftest import EXAMPLES, scraper_study


def table_lines(path):
    return path.read_text().splitlines()


def test_grid_study_table(tmp_path):
    outcome = sslm.study(scraper_study(), tmp_path / "study.csv")
    assert (outcome.total, outcome.done, outcome.failed, outcome.skipped) == (100, 100, 0, 0)
    table = outcome.read()
    assert list(table["run"]) == list(range(100))
    assert table["bodies.link1.points.J8.at.x"][0] == 0.034
    assert table["bodies.link1.points.J8.at.x"][99] == 0.042
    assert table["bodies.link3.points.J8.at.x"][9] == -0.110  # the second varies fastest
    assert table["ok"].all()
    # the nominal scraper is not on the grid, but its neighbours bracket its peak torque
    nominal = sslm.load(EXAMPLES / "carpet_scraper.json").inverse(
        speed={"theta1": 4.7124}, t_end=1.3333, sample=0.01)
    peak = abs(nominal["tau.theta1"]).max()
    assert table["max_abs(tau.theta1)"].min() < peak < table["max_abs(tau.theta1)"].max()


def test_a_failed_run_is_a_row_with_its_error(tmp_path):
    spec = scraper_study()
    spec["parameters"] = {"bodies.link1.mass": {"values": [1.5, -1.0, 2.0]}}
    outcome = sslm.study(spec, tmp_path / "failed.csv")
    assert outcome.complete and outcome.failed == 1
    table = outcome.read()
    assert list(table["ok"]) == [True, False, True]
    assert "mass" in table["error"][1]


def test_random_draws_depend_on_the_seed_only(tmp_path):
    spec = scraper_study()
    spec["parameters"] = {"bodies.link6.mass": {"random": {"from": 9, "to": 12}}}
    spec["samples"], spec["seed"] = 20, 7
    first = sslm.study(spec, tmp_path / "a.csv").read()
    second = sslm.study(spec, tmp_path / "b.csv", threads=1).read()
    assert (first["bodies.link6.mass"] == second["bodies.link6.mass"]).all()
    assert 9 <= first["bodies.link6.mass"].min() and first["bodies.link6.mass"].max() <= 12
    spec["seed"] = 8
    third = sslm.study(spec, tmp_path / "c.csv").read()
    assert (first["bodies.link6.mass"] != third["bodies.link6.mass"]).all()


def test_interrupted_study_resumes_without_repeating_runs(tmp_path):
    spec = scraper_study()
    full = tmp_path / "full.csv"
    sslm.study(spec, full)

    path = tmp_path / "resumed.csv"
    stopped = sslm.study(spec, path, progress=lambda done, total, failed, skipped: done < 30)
    assert stopped.cancelled and not stopped.complete
    kept = table_lines(path)[1:]
    assert 30 <= len(kept) < 100

    # a row cut short by the interruption is dropped and runs again
    with open(path, "a") as f:
        f.write(kept[0].split(",")[0].replace(kept[0].split(",")[0], "99") + ",0.04")
    resumed = sslm.study(spec, path)
    assert resumed.skipped == len(kept)  # the finished runs are not run again ...
    assert resumed.done - resumed.skipped == 100 - len(kept)  # ... only the others
    assert resumed.complete
    lines = table_lines(path)
    assert all(line in lines for line in kept)
    assert path.read_text() == full.read_text()
    # nothing left to do
    again = sslm.study(spec, path)
    assert (again.skipped, again.done) == (100, 100)


def test_another_studys_table_is_refused(tmp_path):
    path = tmp_path / "table.csv"
    sslm.study(scraper_study(2), path)
    spec = scraper_study(2)
    spec["metrics"] = ["summary.max_position_violation"]
    with pytest.raises(RuntimeError, match="another table"):
        sslm.study(spec, path)


def test_bad_parameter_name_in_a_study(tmp_path):
    spec = scraper_study()
    spec["parameters"]["bodies.link1.points.J8.x"] = {"values": [0.03]}
    with pytest.raises(sslm.ParameterError, match="bodies.link1.points.J8.at.x"):
        sslm.study(spec, tmp_path / "bad.csv")


def test_progress_may_return_none_or_raise(tmp_path):
    calls = []
    outcome = sslm.study(scraper_study(3), tmp_path / "none.csv",
                         progress=lambda *counts: calls.append(counts))
    assert outcome.complete and len(calls) == 9 and calls[-1][:2] == (9, 9)

    def fails(*counts):
        raise ValueError("stop here")

    with pytest.raises(ValueError, match="stop here"):
        sslm.study(scraper_study(3), tmp_path / "raises.csv", progress=fails)
    assert sslm.study(scraper_study(3), tmp_path / "raises.csv").complete
