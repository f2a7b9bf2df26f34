// SPDX-License-Identifier: MIT
#pragma once

// What one run computes, with the options of the CLI verb of the same name, read from a JSON
// object (the Python module's keyword arguments and a study's "run" block):
//   {"kind": "simulate", "solver", "integrator", "t_end", "dt", "rtol", "atol", "sample",
//    "stabilise", "alpha", "beta", "singularity_tolerance", "cut"}
//   {"kind": "inverse", "speed": {COORD: OMEGA}, "motion": {COORD: LAW}, "method", "t_end",
//    "sample", "cut"}
//   {"kind": "kinematics", "input", "from", "to", "steps", "degrees", "branch", "cut"}
// "cut" is a list of joint names or "auto"; "branch" a list of +1, -1 or 0 per loop. An option
// left out takes the file's value (or the CLI's default).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/kinematics/position_analysis.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

enum class RunKind { Simulate, Inverse, Kinematics };

/// A simulation's options in place of the file's (`sslm simulate`'s and a "simulate" request's).
struct SimulateRequest {
    std::optional<std::string> solver;
    std::optional<std::string> integrator;
    std::optional<std::string> stabilisation;
    std::optional<double> tEnd;
    std::optional<double> step;
    std::optional<double> rtol;
    std::optional<double> atol;
    std::optional<double> sampleInterval;
    std::optional<double> alpha;
    std::optional<double> beta;
    std::optional<double> singularityTolerance;
};

struct InverseRequest {
    std::vector<std::string> speeds; ///< "COORD=OMEGA", as --speed
    std::vector<std::string> laws;   ///< "COORD=LAW", as --motion
    std::string method = "subsystem";
    std::optional<double> tEnd;
    std::optional<double> sampleInterval;
};

struct KinematicsRequest {
    std::string input;
    double from = 0;
    double to = 0;
    int steps = 0;
    bool degrees = false;
    std::optional<AssemblyMode> branch;
};

struct RunRequest {
    RunKind kind = RunKind::Simulate;
    /// Cut joints overriding the file's; an empty list asks for the automatic choice.
    std::optional<std::vector<std::string>> cuts;
    SimulateRequest simulate;
    InverseRequest inverse;
    KinematicsRequest kinematics;
};

/// The file's solver settings `file` with each option `request` gives in its place (solver,
/// integrator, stabilisation, times, tolerances, Baumgarte gains; the singularity tolerance is a
/// run setting, not the file's).
SolverSettingsSpec withOverrides(SolverSettingsSpec file, const SimulateRequest& request);

/// The request of a JSON object (text); throws std::invalid_argument naming an unknown key
/// (with the keys of its kind), a value of the wrong type, or a missing required option.
RunRequest parseRunRequest(std::string_view json);

} // namespace sslm
