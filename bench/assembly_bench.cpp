// SPDX-License-Identifier: MIT
#include "bench/assembly_bench.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>

#include <Eigen/Core>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/spec/spec_json.hpp"

namespace sslm::bench {

namespace {

/// lin at solve i of n: 0.05 m → 0.35 m → 0.05 m, a triangle over the run.
double strokeAt(long i, long n) {
    const double phase = 2.0 * static_cast<double>(i) / static_cast<double>(n);
    const double up = phase <= 1.0 ? phase : 2.0 - phase;
    return 0.05 + 0.3 * up;
}

} // namespace

std::optional<AssemblyBenchmark> benchmarkAssembly(const std::string& examplesDir, long solves) {
    const LoadResult loaded = loadMechanismFile(examplesDir + "/wheel_suspension.json");
    if (!loaded.ok()) {
        std::fprintf(stderr, "sslm-bench: cannot load examples/wheel_suspension.json\n");
        return std::nullopt;
    }
    const CompileResult compiled = compileModel(*loaded.spec);
    if (!compiled.ok()) {
        return std::nullopt;
    }
    const Model& model = *compiled.model;
    const int lin = model.coordinateIndex("lin");
    const std::vector<int> input = {lin};
    const AssemblyMode branch = {+1};
    Workspace ws(model);
    const Eigen::VectorXd start = assembleInitialState(model).q;

    AssemblyBenchmark out;
    using Clock = std::chrono::steady_clock;
    const auto run = [&](bool closedForm, AssemblyTiming& timing, Eigen::MatrixXd* poses) {
        AssemblyOptions options;
        options.closedForm = closedForm;
        options.measureConditioning = false;
        Eigen::VectorXd q = start;
        long iterations = 0;
        const auto begin = Clock::now();
        for (long i = 0; i < solves; ++i) {
            q[lin] = strokeAt(i, solves);
            const AssemblyReport report =
                assemble(model, ws, q, input, closedForm ? branch : AssemblyMode{}, options);
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
    // the poses every 1000 solves, to compare the two (Newton starts on the same branch)
    Eigen::MatrixXd exact(model.nq(), (solves + 999) / 1000);
    Eigen::MatrixXd iterated(model.nq(), (solves + 999) / 1000);
    out.closedForm.method = "assembly-closed-form";
    out.newton.method = "assembly-newton";
    if (!run(true, out.closedForm, &exact) || !run(false, out.newton, &iterated)) {
        std::fprintf(stderr, "sslm-bench: a wheel-suspension pose did not close\n");
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

void printAssemblyTable(const AssemblyBenchmark& result) {
    std::printf("\nPosition analysis (seed 004 Table 3): the wheel suspension along its stroke, "
                "lin 0.05 → 0.35 → 0.05 m\n");
    std::printf("%-22s %9s %9s %12s %12s\n", "method", "solves", "s", "ns/solve", "Newton it.");
    for (const AssemblyTiming* t : {&result.closedForm, &result.newton}) {
        std::printf("%-22s %9ld %9.3f %12.1f %12.2f\n", t->method.c_str(), t->solves, t->seconds,
                    t->nsPerSolve, t->newtonIterations);
    }
    std::printf("  Newton / closed form: %.2f (seed 004: iterative 47 s / MoLoop 13 s = 3.6); "
                "largest difference of the poses %.1e\n",
                result.newton.nsPerSolve / result.closedForm.nsPerSolve, result.largestDifference);
}

} // namespace sslm::bench
