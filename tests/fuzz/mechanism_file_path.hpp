// SPDX-License-Identifier: MIT
#pragma once

// The whole path a mechanism file takes, run on a byte buffer for the fuzzer and the corpus
// replay test: parse → validate → compile → assemble → a short, bounded simulation → the live
// check. Bad input ends in a diagnostic; anything else that goes wrong is a finding.

#include <string>
#include <string_view>

namespace sslm::fuzz {

/// Simulated time of the short run (s): the file's t_end when shorter.
inline constexpr double kShortRunSeconds = 5e-3;
/// Accepted integrator steps after which the short run is cancelled, so that no file can make
/// it last long (a tiny fixed step, a stiff system).
inline constexpr long kMaxSteps = 500;

/// Where a file's path ended.
enum class PathEnd {
    Refused,   ///< a stage refused the file with a diagnostic (message set)
    Simulated, ///< the short run reached its end with finite results
    Capped,    ///< the short run was cancelled after kMaxSteps steps (finite so far)
};

struct PathResult {
    PathEnd end = PathEnd::Refused;
    std::string stage;   ///< "parse", "validate", "compile", "assemble", "settings", "simulate"
    std::string message; ///< the diagnostic of a refusal
    /// Empty unless the path found a bug: an exception escaped, a refusal without a message,
    /// a NaN or infinity in a result reported as successful, an internal error of the check.
    std::string finding;
};

/// Runs the whole path on `bytes` (the text of a mechanism file). Never throws.
PathResult runMechanismFile(std::string_view bytes);

/// One line for logs: "refused at compile: …", "simulated", "FINDING: …".
std::string describe(const PathResult& result);

} // namespace sslm::fuzz
