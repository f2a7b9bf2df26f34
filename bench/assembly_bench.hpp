// SPDX-License-Identifier: MIT
#pragma once

// Seed 004 Table 3: position analysis along a stroke, 300,000 solves by the closed form and by
// Newton from the previous pose, in one run: the wheel suspension (planar_triad.hpp; the seed
// reports MoLoop 13 s against 47 s for an iterative solver, 3.6 ×) and the elbow manipulator
// (revolute_chain_closed_form.hpp), its tool centre point around a circle.

#include <string>
#include <vector>

namespace sslm::bench {

struct AssemblyTiming {
    std::string method; ///< "assembly-closed-form" or "assembly-newton"
    double nsPerSolve = 0;
    double seconds = 0; ///< for all the solves
    long solves = 0;
    double newtonIterations = 0; ///< per solve
};

struct AssemblyBenchmark {
    std::string model;  ///< the example's name in the JSON: "wheel_suspension", …
    std::string stroke; ///< what moves, for the table
    int nv = 0;
    int loops = 0;
    AssemblyTiming closedForm;
    AssemblyTiming newton;
    /// Largest difference of the two methods' coordinates over the stroke (rad, m).
    double largestDifference = 0;
};

/// Runs both over `solves` poses of each example's stroke (in `examplesDir`, its mode +1): the
/// wheel suspension's lin from 0.05 to 0.35 m and back, the elbow manipulator's tool centre
/// point once around a 0.1 m circle. An example that does not load or close is left out, with
/// a message.
std::vector<AssemblyBenchmark> benchmarkAssembly(const std::string& examplesDir, long solves);

/// The table, with the seed's numbers beside.
void printAssemblyTable(const std::vector<AssemblyBenchmark>& results);

} // namespace sslm::bench
