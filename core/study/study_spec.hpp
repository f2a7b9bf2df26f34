// SPDX-License-Identifier: MIT
#pragma once

// A parameter study: a base mechanism, the parameters to vary, what to run and the metrics to
// keep per run. Its JSON form (docs/python.md):
//   {"mechanism": "carpet_scraper.json" (a path, relative to the study file) or {…a file…},
//    "run": {"kind": "simulate", "t_end": 1, …}                     (run_request.hpp),
//    "parameters": {NAME: {"grid": {"from": A, "to": B, "count": N}}
//                         | {"values": [v1, v2, …]}
//                         | {"random": {"from": A, "to": B}}, …},   (parameter_document.hpp)
//    "samples": N, "seed": S,      random draws per grid point, and their seed
//    "metrics": ["max_abs(tau.theta1)", "summary.max_energy_error", …],
//    "output": "study.csv"}
// The runs are the Cartesian product of the grids and lists (the first parameter varies
// slowest), each with `samples` random draws when a parameter is random. Run i's values
// depend on i and the seed only, so any subset of runs can be computed anywhere, in any order.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/study/parameter_document.hpp"
#include "core/study/run_request.hpp"
#include "core/study/study_metrics.hpp"

namespace sslm {

struct StudyParameter {
    enum class Kind { Grid, List, Random };
    std::string name;
    Kind kind = Kind::List;
    std::vector<double> values; ///< Grid and List: every value; Random: {from, to}
};

struct Study {
    ParameterDocument base;
    RunRequest run;
    std::vector<StudyParameter> parameters;
    long samples = 1; ///< random draws per grid point (1 without random parameters)
    std::uint64_t seed = 0;
    std::vector<StudyMetric> metrics;
    std::string output; ///< table path from the file (resolved against its folder); may be empty

    /// How many runs there are.
    long runCount() const;
    /// The parameter values of run `index` (0 ≤ index < runCount()), in parameters' order.
    std::vector<double> valuesOf(long index) const;
};

/// Reads a study from JSON text; relative paths are resolved against `folder`. Throws
/// std::invalid_argument naming what is wrong (a bad parameter name is a ParameterError).
Study parseStudy(std::string_view json, const std::filesystem::path& folder);

/// Reads a study file.
Study loadStudy(const std::filesystem::path& path);

} // namespace sslm
