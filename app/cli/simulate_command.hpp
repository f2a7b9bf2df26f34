// SPDX-License-Identifier: MIT
#pragma once

// `sslm simulate FILE [--solver sslm|slm|augmented|rcr [--independent theta1,…]]
// [--integrator rk4|dopri5|rkf78|rosenbrock4]
// [--t-end T] [--dt H] [--rtol R] [--atol A] [--sample S] [--stabilise none|baumgarte|projection]
// [--alpha A] [--beta B] [--cut J8,J9,J10] [--forced-from inverse.csv [--pd KP,KD]]
// [--out results.csv] [--summary-json FILE] [--quiet]`: forward dynamics from the file's
// assembled initial state with the file's solver settings, each overridable. Writes the samples
// as CSV (core/sim/sample_csv.hpp) to --out or stdout, progress on stderr for runs longer than a
// second, and a summary at the end (on stdout when the CSV goes to a file, else on stderr).
//
// --forced-from: a forced run (core/inverse/forced_drive.hpp) driven by the τ columns of a CSV
// that `sslm inverse` wrote, from its first sample's state, for its duration unless --t-end is
// shorter; --pd adds PD tracking of the desired motion. The CSV gains deviation.<coord> columns
// (q − q_desired) and the summary the largest deviation.

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli/run_output_options.hpp"
#include "core/study/run_request.hpp"

namespace sslm::cli {

/// The file's solver settings overridden (SimulateRequest) and where the results go.
struct SimulateOptions : RunOutputOptions, SimulateRequest {
    std::string file;
    std::optional<std::string> cuts;
    std::optional<std::string> independent; ///< rcr: "theta1,theta4"
    std::string forcedFrom;                 ///< empty: a free run with the file's actuators
    std::string pd;                         ///< "KP,KD" for --forced-from; empty: open loop
};

/// Adds the `simulate` subcommand to `app`, writing into `options`.
CLI::App* addSimulateCommand(CLI::App& app, SimulateOptions& options);

/// Runs it; returns the process exit code (kExitOk, or kExitBadInput for a bad file or option
/// and for a run stopped by a singular pose).
int runSimulate(const SimulateOptions& options);

} // namespace sslm::cli
