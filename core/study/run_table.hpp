// SPDX-License-Identifier: MIT
#pragma once

// One run of a mechanism as a table: the rows that `sslm simulate`, `sslm inverse` or
// `sslm kinematics` would write as CSV, with the same column names and the same doubles, and
// the run's summary. The Python module and the studies call this; nothing is written to a file.

#include <functional>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "core/study/run_request.hpp"

namespace sslm {

enum class RunStatus {
    Ok,
    BadInput, ///< the file, cuts, options or initial pose: nothing ran
    Stopped,  ///< the run started and stopped early (singular pose, no assembly); rows so far
    Cancelled ///< shouldContinue returned false; rows so far
};

struct RunTable {
    RunStatus status = RunStatus::BadInput;
    std::string error; ///< why it is not Ok: the core's diagnostics and messages
    std::vector<std::string> columns;
    std::vector<double> values; ///< row-major, rows × columns.size()
    /// The run's summary as a JSON object (text): the keys of the CLI's --summary-json, and
    /// for kinematics samples, toggles and min_sigma.
    std::string summaryJson = "{}";

    bool ok() const { return status == RunStatus::Ok; }
    std::size_t rows() const { return columns.empty() ? 0 : values.size() / columns.size(); }
};

/// Called between samples with the time (or the sweep's input) reached; false cancels.
using RunContinue = std::function<bool(double)>;

/// Compiles `spec` with the request's cuts and runs it. Never throws for bad input: the status
/// and error say what went wrong.
RunTable runTable(const MechanismSpec& spec,
                  const RunRequest& request,
                  const RunContinue& shouldContinue = {});

/// Runs an already compiled model (its cuts); `request.cuts` is ignored.
RunTable
runTable(const Model& model, const RunRequest& request, const RunContinue& shouldContinue = {});

} // namespace sslm
