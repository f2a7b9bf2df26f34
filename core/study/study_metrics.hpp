// SPDX-License-Identifier: MIT
#pragma once

// What a study keeps of each run: a reduction of one column of the run's table,
// FUNCTION(COLUMN) with FUNCTION one of max, min, max_abs, mean, rms, final, initial, range
// (max − min), e.g. "max_abs(tau.theta1)", "rms(shaking.force.x)", "final(energy.total)"; or a
// number of the run's summary, "summary.KEY", e.g. "summary.max_energy_error",
// "summary.wall_seconds" (the run's CPU time), "summary.steps".

#include <string>

#include "core/study/run_table.hpp"

namespace sslm {

struct StudyMetric {
    enum class Function { Max, Min, MaxAbs, Mean, Rms, Final, Initial, Range, Summary };
    std::string text; ///< as written: the table's column name
    Function function = Function::Max;
    std::string column; ///< the column, or the summary's key
};

/// The metric of `text`; throws std::invalid_argument naming the functions when malformed.
StudyMetric parseMetric(const std::string& text);

/// The metric's value for a run's table; throws std::invalid_argument when the table has no
/// such column or the summary no such number (naming what there is), or has no rows.
double evaluateMetric(const StudyMetric& metric, const RunTable& table);

} // namespace sslm
