// SPDX-License-Identifier: MIT
#pragma once

// Where a driven run starts (sslm inverse, sslm balance): the file's assembled initial pose and
// the motions of the --speed and --motion options from it.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/inverse/inverse_run.hpp"
#include "core/model/model.hpp"

namespace sslm::cli {

/// The assembled initial pose (nq()) and the driven motions from it.
struct DrivenStart {
    Eigen::VectorXd q0;
    std::vector<DrivenMotion> motions;
};

/// Assembles the file's initial state (assembleOrExplain: its reason on `err` prefixed with
/// `path`), then reads `speeds` and `laws` into motions from that pose (drivenMotions; a malformed
/// table file is "--motion: …"). Empty when either fails; a motion's reason goes to `err` as
/// "sslm VERB: error: REASON".
std::optional<DrivenStart> drivenStartOrExplain(const Model& model,
                                                const std::string& path,
                                                const std::vector<std::string>& speeds,
                                                const std::vector<std::string>& laws,
                                                const char* verb,
                                                std::ostream& err);

} // namespace sslm::cli
