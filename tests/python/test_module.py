# SPDX-License-Identifier: MIT
"""The module's runs equal the CLI's CSV to the last bit; parameters by name; errors."""

import csv
import json
import subprocess

import numpy as np
import pytest

import sslm
from conftest import EXAMPLES

# timings differ from run to run
TIMING_COLUMNS = {"cpu.lambda_ns", "cpu.rhs_ns"}


def read_cli_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], np.array([[float(x) for x in row] for row in rows[1:]])


def assert_bit_equal(result, header, values):
    assert result.columns == header
    assert result.values.shape == values.shape
    for i, name in enumerate(header):
        if name in TIMING_COLUMNS:
            continue
        # float() reads the CLI's shortest round-trip text back to the same double
        mine = result[name].view(np.uint64)
        theirs = np.ascontiguousarray(values[:, i]).view(np.uint64)
        assert np.array_equal(mine, theirs), name


def test_simulate_equals_cli_bit_for_bit(tmp_path, scraper_path, cli):
    out = tmp_path / "scraper.csv"
    subprocess.run([cli, "simulate", str(scraper_path), "--t-end", "1", "--rtol", "1e-10",
                    "--atol", "1e-10", "--out", str(out), "--quiet"], check=True)
    header, values = read_cli_csv(out)
    result = sslm.load(scraper_path).simulate(t_end=1, rtol=1e-10, atol=1e-10)
    assert_bit_equal(result, header, values)
    assert result.summary["ok"] and result.summary["solver"] == "sslm"


def test_inverse_equals_cli_bit_for_bit(tmp_path, scraper_path, cli):
    out = tmp_path / "inverse.csv"
    subprocess.run([cli, "inverse", str(scraper_path), "--speed", "theta1=4.7124", "--t-end",
                    "1.3333", "--sample", "0.001", "--out", str(out), "--quiet"], check=True)
    header, values = read_cli_csv(out)
    result = sslm.load(scraper_path).inverse(speed={"theta1": 4.7124}, t_end=1.3333,
                                            sample=0.001)
    assert_bit_equal(result, header, values)
    assert "tau.theta1" in result and "shaking.force.x" in result


def test_kinematics_equals_cli_bit_for_bit(tmp_path, scraper_path, cli):
    out = tmp_path / "stroke.csv"
    subprocess.run([cli, "kinematics", str(scraper_path), "--input", "theta1", "--from", "-90",
                    "--to", "90", "--degrees", "--steps", "180", "--out", str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    header, values = read_cli_csv(out)
    result = sslm.load(scraper_path).kinematics("theta1", -90, 90, 180, degrees=True)
    assert_bit_equal(result, header, values)


def test_other_cuts_and_solver(tmp_path, scraper_path, cli):
    out = tmp_path / "cut.csv"
    subprocess.run([cli, "simulate", str(scraper_path), "--cut", "J3,J5,J7", "--solver", "slm",
                    "--integrator", "rk4", "--dt", "0.001", "--t-end", "0.2", "--out", str(out),
                    "--quiet"], check=True)
    header, values = read_cli_csv(out)
    model = sslm.load(scraper_path).compile(cut="J3,J5,J7")
    assert model.cuts == ["J3", "J5", "J7"]
    assert_bit_equal(model.simulate(solver="slm", integrator="rk4", dt=0.001, t_end=0.2),
                     header, values)


def test_info_is_the_cli_json(scraper_path, cli):
    printed = json.loads(subprocess.run([cli, "info", str(scraper_path), "--json"], check=True,
                                        capture_output=True, text=True).stdout)
    assert sslm.load(scraper_path).info() == printed
    assert printed["dof"] == 1 and printed["cuts"] == ["J8", "J9", "J10"]


def test_parameters_by_name_change_the_run(scraper_path):
    m = sslm.load(scraper_path)
    assert m["bodies.link1.points.J8.at.x"] == 0.038
    assert "bodies.link3.mass" in m.parameters() and "solver.t_end" in m.parameters()
    base = m.inverse(t_end=0.5)["tau.theta1"]
    heavier = m.with_parameters({"bodies.link6.mass": 12.0})
    assert heavier["bodies.link6.mass"] == 12.0 and m["bodies.link6.mass"] == 10.5
    assert not np.array_equal(heavier.inverse(t_end=0.5)["tau.theta1"], base)


def test_loads_springs_and_stops_by_name():
    """Issue 36's elements are parameters by name, and their columns follow them."""
    gas = sslm.load(EXAMPLES / "four_bar_gas_spring.json")
    assert gas["two_point_elements.gas spring.stiffness"] == 400.0
    assert gas["two_point_elements.gas spring.rest_length"] == 0.1
    stiffer = gas.with_parameters({"two_point_elements.gas spring.stiffness": 800.0})
    force = gas.simulate(t_end=0.1)["element.gas spring.force"]
    # no preload and no damping: f = −k·(L − L0), so twice k is twice the force at t = 0
    assert force[0] < 0
    assert stiffer.simulate(t_end=0.1)["element.gas spring.force"][0] == 2 * force[0]

    loaded = sslm.load(EXAMPLES / "four_bar_loaded.json")
    assert loaded["joints.J1.spring_damper.stiffness"] == 5.0
    assert "work.loads" in loaded.simulate(t_end=0.1).columns

    hood = sslm.load(EXAMPLES / "lid_gas_spring.json")
    assert hood["joints.hinge.limits.upper"] == 1.4
    # released past a lowered upper stop: at t = 0 it pushes back with k·δ
    pinched = hood.with_parameters({"joints.hinge.limits.upper": 1.1})
    contact = pinched.simulate(t_end=0.05)["contact.hinge"]
    assert contact[0] == pytest.approx(-1e5 * (1.2 - 1.1), rel=1e-12)
    assert hood.simulate(t_end=0.05)["contact.hinge"][0] == 0.0


def test_round_trip_through_dicts_and_files(tmp_path, scraper_path):
    m = sslm.load(scraper_path)
    again = sslm.Mechanism.from_dict(m.to_dict())
    assert np.array_equal(again.simulate(t_end=0.1)["q.theta3"], m.simulate(t_end=0.1)["q.theta3"])
    m["bodies.link1.mass"] = 1.75
    m.save(tmp_path / "changed.json")
    assert sslm.load(tmp_path / "changed.json")["bodies.link1.mass"] == 1.75


def test_bad_parameter_name_is_a_clear_exception(scraper_path):
    m = sslm.load(scraper_path)
    with pytest.raises(sslm.ParameterError) as error:
        m["bodies.link1.mas"] = 2.0
    message = str(error.value)
    assert "'bodies.link1.mas'" in message and "bodies.link1.mass" in message
    with pytest.raises(LookupError, match="there: link1, link2"):
        m["bodies.crank.mass"]
    with pytest.raises(sslm.ParameterError):
        m.set({"bodies.link1.mass": 2.0, "bodies.nope": 1.0})
    assert m["bodies.link1.mass"] == 1.5  # nothing changed


def test_errors_carry_the_core_diagnostics(scraper_path):
    m = sslm.load(scraper_path)
    with pytest.raises(sslm.InputError, match="J99"):
        m.compile(cut=["J99", "J9", "J10"])
    with pytest.raises(sslm.InputError, match="unknown option 'tend'"):
        m._model(None).run(json.dumps({"kind": "simulate", "tend": 1}))
    with pytest.raises(ValueError, match="t_end must be a positive number"):
        m.simulate(t_end=-1)
    with pytest.raises(sslm.InputError, match="unknown coordinate 'theta9'"):
        m.inverse(speed={"theta9": 1.0})
    m["bodies.link1.mass"] = -1.0
    with pytest.raises(sslm.InputError, match="mass"):
        m.simulate(t_end=0.1)


def test_stopped_sweep_keeps_its_samples(scraper_path):
    m = sslm.load(scraper_path)
    m["bodies.link1.points.J8.at.x"] = 0.3  # a crank too long to turn
    with pytest.raises((sslm.RunStopped, sslm.InputError)):
        m.kinematics("theta1", 0, 360, 36, degrees=True)


def test_equilibrium_and_modes_are_the_cli_json(cli):
    path = EXAMPLES / "four_bar_gas_spring.json"
    mechanism = sslm.load(path)
    for verb, mine in (("equilibrium", mechanism.equilibrium()), ("modes", mechanism.modes())):
        theirs = json.loads(subprocess.run([cli, verb, str(path), "--json"], check=True,
                                           capture_output=True, text=True).stdout)
        assert mine == theirs, verb
    rest = mechanism.equilibrium()
    assert rest["residual"] <= 1e-10 and rest["stable"]
    assert set(rest["coordinates"]) >= {"theta1"}
    modes = mechanism.modes()
    assert len(modes["modes"]) == 1 and modes["modes"][0]["frequency_hz"] > 0


def test_holding_curve_equals_the_cli_sweep_bit_for_bit(tmp_path, cli):
    path = EXAMPLES / "four_bar_loaded.json"
    out = tmp_path / "holding.csv"
    subprocess.run([cli, "equilibrium", str(path), "--sweep", "theta1=0:3:7", "--out", str(out)],
                   check=True)
    header, values = read_cli_csv(out)
    result = sslm.load(path).holding_curve("theta1", 0.0, 3.0, 7)
    assert_bit_equal(result, header, values)
    assert result["ok"].tolist() == [1.0] * 7
    assert "effort.theta1" in result and "reaction.J1.x" in result


def test_statics_errors_are_input_errors():
    mechanism = sslm.load(EXAMPLES / "four_bar.json")
    with pytest.raises(sslm.InputError, match="no coordinate is named 'nope'"):
        mechanism.equilibrium(hold={"nope": 1.0})
    with pytest.raises(sslm.InputError, match="degree of freedom"):
        mechanism.modes(hold={"theta1": 0.5, "theta2": 0.5})
