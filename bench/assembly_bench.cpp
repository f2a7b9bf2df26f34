// SPDX-License-Identifier: MIT
#include "bench/assembly_bench.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>

#include <Eigen/Core>

#include "core/kinematics/assembler.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/spec/spec_json.hpp"

namespace sslm::bench {

namespace {

/// An example's stroke: sets its inputs in q (positions) for solve i of n.
struct Stroke {
    const char* model;       ///< file name without .json, and the JSON model name
    const char* description; ///< for the table
    std::vector<std::string> inputs;
    void (*apply)(long i,
                  long n,
                  const Eigen::VectorXd& start,
                  const std::vector<int>& at,
                  Eigen::VectorXd& q);
};

const Stroke kStrokes[] = {
    {"wheel_suspension",
     "lin 0.05 → 0.35 → 0.05 m",
     {"lin"},
     [](long i, long n, const Eigen::VectorXd&, const std::vector<int>& at, Eigen::VectorXd& q) {
         // a triangle over the run
         const double phase = 2.0 * static_cast<double>(i) / static_cast<double>(n);
         q[at[0]] = 0.05 + 0.3 * (phase <= 1.0 ? phase : 2.0 - phase);
     }},
    {"elbow_manipulator",
     "tool centre point around a 0.1 m circle",
     {"x", "y"},
     [](long i,
        long n,
        const Eigen::VectorXd& start,
        const std::vector<int>& at,
        Eigen::VectorXd& q) {
         const double a = 2.0 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n);
         q[at[0]] = start[at[0]] + 0.1 * (std::cos(a) - 1.0);
         q[at[1]] = start[at[1]] + 0.1 * std::sin(a);
     }},
};

std::optional<AssemblyBenchmark>
benchmarkStroke(const std::string& examplesDir, const Stroke& stroke, long solves) {
    const std::string file = std::string(stroke.model) + ".json";
    const LoadResult loaded = loadMechanismFile(examplesDir + "/" + file);
    const CompileResult compiled =
        loaded.ok() ? compileModel(*loaded.spec) : CompileResult{nullptr, {}};
    if (!compiled.ok()) {
        std::fprintf(stderr, "sslm-bench: cannot load examples/%s\n", file.c_str());
        return std::nullopt;
    }
    const Model& model = *compiled.model;
    std::vector<int> at;
    for (const std::string& name : stroke.inputs) {
        at.push_back(positionIndex(model, model.coordinateIndex(name)));
    }
    const AssemblyMode mode(model.nLoops(), +1);
    Workspace ws(model);
    const Eigen::VectorXd start = assembleInitialState(model).q;

    AssemblyBenchmark out;
    out.model = stroke.model;
    out.stroke = stroke.description;
    out.nv = model.nv();
    out.loops = model.nLoops();
    using Clock = std::chrono::steady_clock;
    const auto run = [&](bool closedForm, AssemblyTiming& timing, Eigen::MatrixXd* poses) {
        AssemblyOptions options;
        options.closedForm = closedForm;
        options.measureConditioning = false;
        Eigen::VectorXd q = start;
        long iterations = 0;
        // planned once, as a stroke is solved (the plan's classes, or Newton for every loop)
        Assembler assembler(model, model.independent);
        const AssemblyMode asked = closedForm ? mode : AssemblyMode{};
        // a warm-up stroke of 1 % outside the clock: the first method timed should not pay
        // for cold caches and a clock still ramping up
        for (long i = 0; i < solves / 100; ++i) {
            stroke.apply(i, solves / 100, start, at, q);
            assembler.assemble(ws, q, asked, options);
        }
        q = start;
        const auto begin = Clock::now();
        for (long i = 0; i < solves; ++i) {
            stroke.apply(i, solves, start, at, q);
            const AssemblyReport& report = assembler.assemble(ws, q, asked, options);
            if (!report.converged) {
                return false;
            }
            iterations += report.iterations;
            if (poses && i % 1000 == 0) {
                poses->col(i / 1000) = q;
            }
        }
        timing.seconds = std::chrono::duration<double>(Clock::now() - begin).count();
        timing.solves = solves;
        timing.nsPerSolve = timing.seconds * 1e9 / static_cast<double>(solves);
        timing.newtonIterations = static_cast<double>(iterations) / static_cast<double>(solves);
        return true;
    };
    // the poses every 1000 solves, to compare the two (Newton starts in the same mode)
    Eigen::MatrixXd exact(model.nq(), (solves + 999) / 1000);
    Eigen::MatrixXd iterated(model.nq(), (solves + 999) / 1000);
    out.closedForm.method = "assembly-closed-form";
    out.newton.method = "assembly-newton";
    if (!run(true, out.closedForm, &exact) || !run(false, out.newton, &iterated)) {
        std::fprintf(stderr, "sslm-bench: a pose of %s did not close\n", stroke.model);
        return std::nullopt;
    }
    for (Eigen::Index c = 0; c < exact.cols(); ++c) {
        for (Eigen::Index k = 0; k < exact.rows(); ++k) {
            out.largestDifference = std::max(
                out.largestDifference,
                std::abs(std::remainder(exact(k, c) - iterated(k, c), 2 * std::numbers::pi)));
        }
    }
    return out;
}

} // namespace

std::vector<AssemblyBenchmark> benchmarkAssembly(const std::string& examplesDir, long solves) {
    std::vector<AssemblyBenchmark> results;
    for (const Stroke& stroke : kStrokes) {
        if (std::optional<AssemblyBenchmark> result =
                benchmarkStroke(examplesDir, stroke, solves)) {
            results.push_back(std::move(*result));
        }
    }
    return results;
}

void printAssemblyTable(const std::vector<AssemblyBenchmark>& results) {
    std::printf("\nPosition analysis (seed 004 Table 3): closed form against Newton from the "
                "previous pose\n");
    for (const AssemblyBenchmark& result : results) {
        std::printf("%s, %s\n", result.model.c_str(), result.stroke.c_str());
        std::printf("  %-22s %9s %9s %12s %12s\n", "method", "solves", "s", "ns/solve",
                    "Newton it.");
        for (const AssemblyTiming* t : {&result.closedForm, &result.newton}) {
            std::printf("  %-22s %9ld %9.3f %12.1f %12.2f\n", t->method.c_str(), t->solves,
                        t->seconds, t->nsPerSolve, t->newtonIterations);
        }
        std::printf("  Newton / closed form: %.2f (seed 004: iterative 47 s / MoLoop 13 s = 3.6); "
                    "largest difference of the poses %.1e\n",
                    result.newton.nsPerSolve / result.closedForm.nsPerSolve,
                    result.largestDifference);
    }
}

} // namespace sslm::bench
