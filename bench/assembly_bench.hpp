// SPDX-License-Identifier: MIT
#pragma once

// Seed 004 Table 3: position analysis of the wheel suspension along its stroke, 300,000 solves
// by the closed form (planar_triad.hpp) and by Newton from the previous pose, in one run; the
// seed reports MoLoop 13 s against 47 s for an iterative solver (3.6 ×).

#include <optional>
#include <string>

namespace sslm::bench {

struct AssemblyTiming {
    std::string method; ///< "assembly-closed-form" or "assembly-newton"
    double nsPerSolve = 0;
    double seconds = 0; ///< for all the solves
    long solves = 0;
    double newtonIterations = 0; ///< per solve
};

struct AssemblyBenchmark {
    AssemblyTiming closedForm;
    AssemblyTiming newton;
    /// Largest difference of the two methods' coordinates over the stroke (rad, m).
    double largestDifference = 0;
};

/// Runs both over `solves` poses of lin from 0.05 to 0.35 m and back (examples/
/// wheel_suspension.json in `examplesDir`, its first branch); empty when the example does not
/// load or a pose does not close.
std::optional<AssemblyBenchmark> benchmarkAssembly(const std::string& examplesDir, long solves);

/// The table, with the seed's numbers beside.
void printAssemblyTable(const AssemblyBenchmark& result);

} // namespace sslm::bench
