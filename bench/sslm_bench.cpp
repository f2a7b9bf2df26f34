// SPDX-License-Identifier: MIT
// sslm-bench: how fast is SSLM forward dynamics, against SLM and the augmented (KKT) system on
// the same model, and against Simbody and MuJoCo on the same mechanisms?
//
//   sslm-bench [--json FILE] [--runs-json FILE] [--quick] [--assembly]
//
// Per call: one full forward-dynamics evaluation at the assembled initial state (kinematics,
// inertia, forces, J, J̇q̇, multipliers and accelerations; DynamicsRhs::evaluate for our
// solvers, realize(Acceleration) for Simbody, mj_forward for MuJoCo). λ phase: the constrained
// solve alone (solveForwardDynamics), on inputs computed once. Allocations: malloc calls per
// evaluation, counted over a batch. Runs: whole simulations as in seed 000 Table 3 (15 s at
// tolerance 1e-3, 5 s at 1e-8, outputs every 0.01 s). Medians over repetitions; never a test.
//
// Inverse dynamics (seed 002 Sect. 5): one evaluation of inverseDynamics() per call, with each
// of the three methods, on the carpet scraper (crank θ1 driven at 4.7124 rad/s from the file's
// pose) and the 3-RRR (its actuated joints θ1, θ6, θ7 driven at 1 rad/s and 1 rad/s² from the
// file's pose): kinematics, tree dynamics, τ, λ and the reaction at every joint. "τ, λ only"
// skips the reactions (the body-level recursion), which the traditional method cannot.
// Reported beside the CPU times of seed 002 Table 2 as ratios.
//
// Scaling (seed 003 Sect. 4.3, Fig. 11): on the chains of k four-bars and the spatial ladders
// of L cells, the per-call cost of the unconstrained tree (kinematics, M, φ and q̈ = M⁻¹φ by
// the subsystems' Cholesky factors, the loops ignored), SLM and the augmented system (the
// "traditional O(n)" with constraints), RCR and SSLM, each with its log–log slope over the
// family; and RCR's solve alone with the reduced equations folded recursively (the default)
// and assembled (Rᵀ M R), the before and after of the recursion.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/dynamics/dense_kernels.hpp"
#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/subsystem_plan.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/dynamics_rhs.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/four_bar_chain.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "bench/allocation_counter.hpp"
#include "bench/assembly_bench.hpp"
#include "bench/timing.hpp"
#ifdef SSLM_HAVE_PEERS
#include "bench/peers/mujoco_peer.hpp"
#include "bench/peers/simbody_peer.hpp"
#endif

using namespace sslm;

namespace {

struct Case {
    std::string name;
    std::shared_ptr<const Model> model;
    InitialState initial;
    int chainLoops = 0;   ///< k for the generated chains, 0 otherwise
    int ladderCells = 0;  ///< L for the spatial ladders, 0 otherwise
    int fiveBarLoops = 0; ///< k for the chains of five-bars (k + 1 DOF), 0 otherwise
    /// Loads or two-point elements, which the peers' models do not carry: ours only.
    bool loaded = false;
};

struct CallRecord {
    std::string model;
    std::string method;
    double nsPerCall = 0;
    double minNsPerCall = 0;
    std::optional<double> lambdaNs;
    double allocationsPerCall = 0;
    int nv = 0;
    int loops = 0;
    /// Peers: ‖q̈ − q̈_SSLM‖∞ / max(‖q̈_SSLM‖∞, 1) at the timed state.
    std::optional<double> qddDifference;
    /// RCR: the solve alone with the reduced equations assembled (lambdaNs: folded).
    std::optional<double> assembledLambdaNs;
};

struct RunRecord {
    std::string model;
    std::string method;
    std::string label;
    double tEnd = 0;
    double tolerance = 0;
    double wallMs = 0;
    long rhsCalls = 0;
    long steps = 0;
    double realTimeFactor = 0;
    double lambdaMs = 0; ///< λ-phase time summed over the run's RHS calls (estimate)
};

std::optional<Case> loadCase(const std::string& name, const MechanismSpec& spec, int k = 0) {
    const CompileResult compiled = compileModel(spec);
    if (!compiled.ok()) {
        std::fprintf(stderr, "sslm-bench: %s does not compile\n", name.c_str());
        return std::nullopt;
    }
    Case c{name, compiled.model, assembleInitialState(*compiled.model), k};
    if (!c.initial.report.converged) {
        std::fprintf(stderr, "sslm-bench: %s does not assemble: %s\n", name.c_str(),
                     c.initial.report.message.c_str());
        return std::nullopt;
    }
    return c;
}

double allocationsPerCall(const std::function<void()>& call, int calls = 1000) {
    call();
    bench::startCountingAllocations();
    for (int i = 0; i < calls; ++i) {
        call();
    }
    return static_cast<double>(bench::stopCountingAllocations()) / calls;
}

/// One inverse-dynamics evaluation problem: a model, its driven coordinates and a consistent
/// state (q, q̇, q̈) at which every method is timed.
struct InverseCase {
    std::string name;
    std::string drivenText; ///< e.g. "theta1 at 4.7124 rad/s"
    std::shared_ptr<const Model> model;
    std::vector<int> driven;
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
    Eigen::VectorXd qdd;
};

struct InverseRecord {
    std::string model;
    InverseMethod method = InverseMethod::Subsystem;
    double nsPerCall = 0;    ///< with the reaction at every joint
    double minNsPerCall = 0; ///< with the reaction at every joint
    double tauLambdaNs = 0;  ///< τ and λ only (JointReactions::Skip)
    double allocationsPerCall = 0;
    int nv = 0;
    int loops = 0;
    std::vector<std::pair<int, int>> matrices; ///< the factored matrices, rows × columns
    std::string plan; ///< how the method solves (describePlan() for the subsystem method)
    std::vector<std::string> driven; ///< driven coordinate names
};

constexpr double kScraperCrankSpeed = 4.7124; // rad/s: 45 rpm, seed 002 Sect. 6.1.1
constexpr InverseMethod kInverseMethods[] = {InverseMethod::Traditional, InverseMethod::System,
                                             InverseMethod::Subsystem};

std::string inverseRecordMethod(InverseMethod method) {
    return std::string("inverse-") + inverseMethodName(method);
}

/// The example `name` with its actuated coordinates driven at `rate` (rad/s or m/s) and
/// `acceleration` from the file's assembled pose; dependent rates and accelerations solved.
std::optional<InverseCase>
loadInverseCase(const std::string& name, double rate, double acceleration) {
    const LoadResult loaded =
        loadMechanismFile(std::string(SSLM_EXAMPLES_DIR) + "/" + name + ".json");
    if (!loaded.ok()) {
        std::fprintf(stderr, "sslm-bench: cannot load examples/%s.json\n", name.c_str());
        return std::nullopt;
    }
    const CompileResult compiled = compileModel(*loaded.spec);
    if (!compiled.ok()) {
        std::fprintf(stderr, "sslm-bench: %s does not compile\n", name.c_str());
        return std::nullopt;
    }
    InverseCase c;
    c.name = name;
    c.model = compiled.model;
    const Model& model = *c.model;
    std::string error;
    c.driven = actuatedCoordinates(model, &error);
    if (!error.empty() || !drivenCoordinatesError(model, c.driven).empty()) {
        std::fprintf(stderr, "sslm-bench: %s: the actuated coordinates cannot drive it: %s%s\n",
                     name.c_str(), error.c_str(), drivenCoordinatesError(model, c.driven).c_str());
        return std::nullopt;
    }
    const InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        std::fprintf(stderr, "sslm-bench: %s does not assemble: %s\n", name.c_str(),
                     initial.report.message.c_str());
        return std::nullopt;
    }
    c.q = initial.q;
    c.qd = Eigen::VectorXd::Zero(model.nv());
    c.qdd = Eigen::VectorXd::Zero(model.nv());
    for (int k : c.driven) {
        c.qd[k] = rate;
        c.qdd[k] = acceleration;
        c.drivenText += (c.drivenText.empty() ? "" : ", ") + model.coordinates[k].name;
    }
    char law[96];
    if (acceleration == 0.0) {
        std::snprintf(law, sizeof law, " at a constant %g rad/s", rate);
    } else {
        std::snprintf(law, sizeof law, " at %g rad/s, %g rad/s²", rate, acceleration);
    }
    c.drivenText += law;
    Workspace ws(model);
    solveVelocities(model, ws, c.q, c.qd, c.driven);
    solveAccelerations(model, ws, c.q, c.qd, c.qdd, c.driven);
    return c;
}

/// Largest difference of τ and λ between the three methods, relative to the largest entry.
double inverseAgreement(const InverseCase& c) {
    const Model& model = *c.model;
    InverseDynamicsWorkspace iws(model, c.driven);
    Eigen::VectorXd reference;
    double worst = 0;
    for (InverseMethod method : kInverseMethods) {
        if (!inverseDynamics(model, iws, method, 0.0, c.q, c.qd, c.qdd)) {
            std::fprintf(stderr, "sslm-bench: %s: %s\n", c.name.c_str(), iws.failure.c_str());
            return 1.0;
        }
        Eigen::VectorXd x(iws.tau.size() + iws.lambda.size());
        x << iws.tau, iws.lambda;
        if (reference.size() == 0) {
            reference = x;
        }
        worst = std::max(worst, (x - reference).cwiseAbs().maxCoeff() /
                                    std::max(1.0, reference.cwiseAbs().maxCoeff()));
    }
    return worst;
}

std::string matrixText(const InverseRecord& r) {
    std::string text;
    for (const auto& [rows, cols] : r.matrices) {
        text += (text.empty() ? "" : ", ") + std::to_string(rows) + "×" + std::to_string(cols);
    }
    return text;
}

std::vector<InverseRecord>
benchmarkInverse(const InverseCase& c, double batchSeconds, int repetitions) {
    const Model& model = *c.model;
    std::vector<InverseRecord> records;
    for (InverseMethod method : kInverseMethods) {
        InverseDynamicsWorkspace iws(model, c.driven);
        const auto call = [&] {
            inverseDynamics(model, iws, method, 0.0, c.q, c.qd, c.qdd);
        };
        const auto tauLambda = [&] {
            inverseDynamics(model, iws, method, 0.0, c.q, c.qd, c.qdd, JointReactions::Skip);
        };
        const bench::PerCallTime time = bench::timePerCall(call, batchSeconds, repetitions);
        InverseRecord r;
        r.model = c.name;
        r.method = method;
        r.nsPerCall = time.medianNs;
        r.minNsPerCall = time.minNs;
        r.tauLambdaNs = bench::timePerCall(tauLambda, batchSeconds, repetitions).medianNs;
        r.allocationsPerCall = allocationsPerCall(call);
        r.nv = model.nv();
        r.loops = model.nLoops();
        switch (method) {
        case InverseMethod::Traditional:
            r.matrices.emplace_back(static_cast<int>(iws.bodyMatrix.rows()),
                                    static_cast<int>(iws.bodyMatrix.cols()));
            break;
        case InverseMethod::System:
            r.matrices.emplace_back(static_cast<int>(iws.systemMatrix.rows()),
                                    static_cast<int>(iws.systemMatrix.cols()));
            break;
        case InverseMethod::Subsystem:
            for (int size : blockSizes(iws.plan)) {
                r.matrices.emplace_back(size, size);
            }
            break;
        }
        switch (method) {
        case InverseMethod::Traditional:
            r.plan = "Newton–Euler: 3 rows per moving body against 2 reactions per joint and the "
                     "driving forces, one " +
                     matrixText(r) + " LU";
            break;
        case InverseMethod::System:
            r.plan = "system approach: the tree equations [Jᵀ B], one " + matrixText(r) +
                     " LU, then the body-level recursion";
            break;
        case InverseMethod::Subsystem:
            r.plan = describePlan(model, iws) + ", then the body-level recursion";
            break;
        }
        for (int k : c.driven) {
            r.driven.push_back(model.coordinates[k].name);
        }
        records.push_back(std::move(r));
    }
    return records;
}

/// `text` as a JSON string literal (quotes, backslashes and control characters escaped).
std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (const char ch : text) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(ch));
            out += escaped;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

/// Seed 002 Table 2 (carpet scraper, Pentium IV 2.6 GHz, 134 positions over one crank
/// revolution): CPU time of the dynamic algorithm (s) and the theoretical operation counts.
struct PaperInverseTime {
    double seconds;
    double operations;
};
const std::map<InverseMethod, PaperInverseTime> kSeed002Table2 = {
    {InverseMethod::Traditional, {0.219, 3087.0}},
    {InverseMethod::System, {0.156, 128.3}},
    {InverseMethod::Subsystem, {0.156, 45.3}}};
constexpr int kSeed002Positions = 134;

/// The constrained solve alone, on M, φ, J, Ψ computed once at the case's initial state.
double timeLambdaPhase(const Case& c,
                       SolverKind kind,
                       double batchSeconds,
                       int repetitions,
                       RcrKinetics kinetics = RcrKinetics::Recursive) {
    const Model& model = *c.model;
    Workspace ws(model);
    DynamicsWorkspace dws(model);
    ForwardDynamicsWorkspace fws(model);
    fws.rcr.kinetics = kinetics;
    updatePositions(model, ws, c.initial.q);
    updateVelocities(model, ws, c.initial.qd);
    generalizedInertia(model, ws, dws);
    gravityAndVelocityForces(model, ws, dws);
    constraintJacobian(model, ws);
    const Eigen::VectorXd psi = -constraintBias(model, ws);
    return bench::timePerCall(
               [&] {
                   solveForwardDynamics(kind, model, {dws.M, dws.phi, ws.J, psi}, fws);
               },
               batchSeconds, repetitions)
        .medianNs;
}

/// The unconstrained tree (seed 003 Fig. 11's "constraints not considered"): kinematics, M and
/// φ of the cut-open mechanism and q̈ = M⁻¹φ by a Cholesky factor of each subsystem's block.
class TreeOnly {
public:
    explicit TreeOnly(const Model& model)
        : m_model(model), m_ws(model), m_dws(model), m_qdd(Eigen::VectorXd::Zero(model.nv())) {
        std::size_t size = 0;
        for (const Subsystem& sub : model.subsystems) {
            size += static_cast<std::size_t>(sub.nv) * sub.nv;
        }
        m_factors.resize(size);
    }

    bool evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
        updatePositions(m_model, m_ws, q);
        updateVelocities(m_model, m_ws, qd);
        treeDynamics(m_model, m_ws, m_dws);
        double* l = m_factors.data();
        bool ok = true;
        for (const Subsystem& sub : m_model.subsystems) {
            const int n = sub.nv;
            for (int col = 0; col < n; ++col) {
                for (int row = col; row < n; ++row) {
                    l[col * n + row] = m_dws.M(sub.qBegin + row, sub.qBegin + col);
                }
                m_qdd[sub.qBegin + col] = m_dws.phi[sub.qBegin + col];
            }
            ok = dense::cholesky(l, n, n) && ok;
            dense::solveLower(l, n, n, m_qdd.data() + sub.qBegin, 1, n);
            dense::solveLowerTransposed(l, n, n, m_qdd.data() + sub.qBegin);
            l += static_cast<std::ptrdiff_t>(n) * n;
        }
        return ok;
    }

private:
    const Model& m_model;
    Workspace m_ws;
    DynamicsWorkspace m_dws;
    Eigen::VectorXd m_qdd;
    std::vector<double> m_factors;
};

/// Per call on the chains and ladders only: the unconstrained tree and RCR (seed 003 Fig. 11).
void benchmarkScaling(const Case& c,
                      double batchSeconds,
                      int repetitions,
                      std::vector<CallRecord>& records) {
    const Model& model = *c.model;
    TreeOnly tree(model);
    const auto treeCall = [&] {
        tree.evaluate(c.initial.q, c.initial.qd);
    };
    const bench::PerCallTime treeTime = bench::timePerCall(treeCall, batchSeconds, repetitions);
    records.push_back({c.name, "tree", treeTime.medianNs, treeTime.minNs, std::nullopt,
                       allocationsPerCall(treeCall), model.nv(), model.nLoops(), std::nullopt,
                       std::nullopt});
    SimulationSettings settings;
    settings.solver = SolverKind::Rcr;
    settings.stabilisation = Stabilisation::None;
    DynamicsRhs rhs(model, settings);
    const auto call = [&] {
        rhs.evaluate(0.0, c.initial.q, c.initial.qd);
    };
    if (!rhs.evaluate(0.0, c.initial.q, c.initial.qd)) {
        std::fprintf(stderr, "sslm-bench: RCR fails on %s: %s\n", c.name.c_str(),
                     rhs.failure().c_str());
        return;
    }
    const bench::PerCallTime time = bench::timePerCall(call, batchSeconds, repetitions);
    records.push_back(
        {c.name, "rcr", time.medianNs, time.minNs,
         timeLambdaPhase(c, SolverKind::Rcr, batchSeconds, repetitions, RcrKinetics::Recursive),
         allocationsPerCall(call), model.nv(), model.nLoops(), std::nullopt,
         timeLambdaPhase(c, SolverKind::Rcr, batchSeconds, repetitions, RcrKinetics::Assembled)});
}

/// Least-squares slope of log(y) against log(x) over the points with x ≥ from.
double logLogSlope(const std::vector<std::pair<double, double>>& points, double from = 0) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int n = 0;
    for (const auto& [x, y] : points) {
        if (x < from || !(y > 0)) {
            continue;
        }
        const double lx = std::log(x);
        const double ly = std::log(y);
        sx += lx;
        sy += ly;
        sxx += lx * lx;
        sxy += lx * ly;
        ++n;
    }
    const double denominator = n * sxx - sx * sx;
    return n >= 2 && denominator > 0 ? (n * sxy - sx * sy) / denominator : std::nan("");
}

std::vector<CallRecord> benchmarkCalls(const Case& c, double batchSeconds, int repetitions) {
    std::vector<CallRecord> records;
    const Model& model = *c.model;
    const auto record = [&](const std::string& method, const bench::PerCallTime& time,
                            std::optional<double> lambda, double allocations) {
        records.push_back({c.name, method, time.medianNs, time.minNs, lambda, allocations,
                           model.nv(), model.nLoops(), std::nullopt, std::nullopt});
    };
    for (SolverKind kind : {SolverKind::Sslm, SolverKind::Slm, SolverKind::Augmented}) {
        SimulationSettings settings;
        settings.solver = kind;
        settings.stabilisation = Stabilisation::None;
        DynamicsRhs rhs(model, settings);
        const auto call = [&] {
            rhs.evaluate(0.0, c.initial.q, c.initial.qd);
        };
        const bench::PerCallTime time = bench::timePerCall(call, batchSeconds, repetitions);
        record(solverName(kind), time, timeLambdaPhase(c, kind, batchSeconds, repetitions),
               allocationsPerCall(call));
    }
#ifdef SSLM_HAVE_PEERS
    if (c.loaded) {
        return records; // the peers' models have no loads
    }
    DynamicsRhs reference(model, SimulationSettings{});
    reference.evaluate(0.0, c.initial.q, c.initial.qd);
    const auto difference = [&](const Eigen::VectorXd& qdd) {
        return (qdd - reference.qdd()).lpNorm<Eigen::Infinity>() /
               std::max(reference.qdd().lpNorm<Eigen::Infinity>(), 1.0);
    };
    try {
        bench::SimbodyPeer simbody(model);
        simbody.setState(c.initial.q, c.initial.qd);
        const auto call = [&] {
            simbody.computeAccelerations();
        };
        record("simbody", bench::timePerCall(call, batchSeconds, repetitions), std::nullopt,
               allocationsPerCall(call, 200));
        records.back().qddDifference = difference(simbody.qdd());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sslm-bench: Simbody cannot build %s: %s\n", c.name.c_str(), e.what());
    }
    try {
        bench::MujocoPeer mujoco(model);
        mujoco.setState(c.initial.q, c.initial.qd);
        const auto call = [&] {
            mujoco.computeAccelerations();
        };
        record("mujoco", bench::timePerCall(call, batchSeconds, repetitions), std::nullopt,
               allocationsPerCall(call, 200));
        records.back().qddDifference = difference(mujoco.qdd());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sslm-bench: MuJoCo cannot build %s: %s\n", c.name.c_str(), e.what());
    }
#endif
    if (c.chainLoops > 0 || c.ladderCells > 0 || c.fiveBarLoops > 0) {
        benchmarkScaling(c, batchSeconds, repetitions, records);
    }
    return records;
}

/// A whole simulation from the initial state, free motion, no stabilisation, outputs every
/// 0.01 s, dopri5 at rtol = atol = tolerance; the median wall time of `repetitions` runs.
RunRecord
benchmarkRun(const Case& c, SolverKind kind, double tEnd, double tolerance, int repetitions) {
    SimulationSettings settings;
    settings.solver = kind;
    settings.integrator = IntegratorKind::Dopri5;
    settings.stabilisation = Stabilisation::None;
    settings.tEnd = tEnd;
    settings.rtol = settings.atol = tolerance;
    settings.sampleInterval = 0.01;
    // time the whole run as the paper did, even where the loose-tolerance trajectory drifts
    // into a near-singular pose (its summary still warns)
    settings.singularityTolerance = 0.0;
    std::vector<double> walls;
    SimulationSummary summary;
    for (int r = 0; r < repetitions; ++r) {
        summary = simulate(*c.model, settings, c.initial.q, c.initial.qd);
        walls.push_back(summary.wallSeconds);
    }
    std::sort(walls.begin(), walls.end());
    const double wall = walls[walls.size() / 2];
    char label[64];
    std::snprintf(label, sizeof label, "%g s at %g", tEnd, tolerance);
    return {c.name,
            solverName(kind),
            label,
            tEnd,
            tolerance,
            wall * 1e3,
            summary.rhsCalls,
            summary.steps,
            summary.ok ? tEnd / wall : 0.0,
            0.0};
}

const CallRecord*
find(const std::vector<CallRecord>& records, const std::string& model, const std::string& method) {
    for (const CallRecord& r : records) {
        if (r.model == model && r.method == method) {
            return &r;
        }
    }
    return nullptr;
}

std::string cell(const CallRecord* r) {
    char buffer[32];
    if (r == nullptr) {
        return "      -";
    }
    std::snprintf(buffer, sizeof buffer, "%7.0f", r->nsPerCall);
    return buffer;
}

void writeCallJson(const std::string& path,
                   const std::vector<CallRecord>& records,
                   const std::vector<InverseRecord>& inverse) {
    std::ofstream out(path);
    out << "[\n";
    for (std::size_t i = 0; i < records.size(); ++i) {
        const CallRecord& r = records[i];
        char line[512];
        char lambda[32] = "null";
        if (r.lambdaNs) {
            std::snprintf(lambda, sizeof lambda, "%.1f", *r.lambdaNs);
        }
        char assembled[64] = "";
        if (r.assembledLambdaNs) {
            std::snprintf(assembled, sizeof assembled, ", \"assembled_lambda_ns\": %.1f",
                          *r.assembledLambdaNs);
        }
        std::snprintf(line, sizeof line,
                      "  {\"model\": \"%s\", \"method\": \"%s\", \"ns_per_call\": %.1f, "
                      "\"min_ns_per_call\": %.1f, \"lambda_ns\": %s, \"allocations_per_call\": "
                      "%.3f, \"nq\": %d, \"loops\": %d%s}%s\n",
                      r.model.c_str(), r.method.c_str(), r.nsPerCall, r.minNsPerCall, lambda,
                      r.allocationsPerCall, r.nv, r.loops, assembled,
                      i + 1 < records.size() || !inverse.empty() ? "," : "");
        out << line;
    }
    // inverse dynamics, the same keys (method "inverse-traditional", ...) and a few more;
    // ns_per_call includes the reaction at every joint, tau_lambda_ns skips them
    for (std::size_t i = 0; i < inverse.size(); ++i) {
        const InverseRecord& r = inverse[i];
        std::string matrices;
        for (const auto& [rows, cols] : r.matrices) {
            matrices += (matrices.empty() ? "[" : ", [") + std::to_string(rows) + ", " +
                        std::to_string(cols) + "]";
        }
        std::string driven;
        for (const std::string& name : r.driven) {
            driven += (driven.empty() ? "" : ", ") + jsonString(name);
        }
        char numbers[512];
        std::snprintf(numbers, sizeof numbers,
                      "\"ns_per_call\": %.1f, \"min_ns_per_call\": %.1f, \"lambda_ns\": null, "
                      "\"tau_lambda_ns\": %.1f, \"allocations_per_call\": %.3f, \"nq\": %d, "
                      "\"loops\": %d",
                      r.nsPerCall, r.minNsPerCall, r.tauLambdaNs, r.allocationsPerCall, r.nv,
                      r.loops);
        out << "  {\"model\": " << jsonString(r.model)
            << ", \"method\": " << jsonString(inverseRecordMethod(r.method)) << ", " << numbers
            << ", \"matrices\": [" << matrices << "], \"plan\": " << jsonString(r.plan)
            << ", \"driven\": [" << driven << "]}" << (i + 1 < inverse.size() ? "," : "") << "\n";
    }
    out << "]\n";
}

void writeRunJson(const std::string& path, const std::vector<RunRecord>& runs) {
    std::ofstream out(path);
    out << "[\n";
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const RunRecord& r = runs[i];
        char line[512];
        std::snprintf(line, sizeof line,
                      "  {\"model\": \"%s\", \"method\": \"%s\", \"t_end\": %g, \"tolerance\": "
                      "%g, \"wall_ms\": %.3f, \"rhs_calls\": %ld, \"steps\": %ld, "
                      "\"real_time_factor\": %.1f}%s\n",
                      r.model.c_str(), r.method.c_str(), r.tEnd, r.tolerance, r.wallMs, r.rhsCalls,
                      r.steps, r.realTimeFactor, i + 1 < runs.size() ? "," : "");
        out << line;
    }
    out << "]\n";
}

/// Seed 003 Fig. 11: per-call cost against the size of the chains and ladders, with the
/// log–log slope of each method over each family.
void printScalingTable(const std::vector<Case>& cases, const std::vector<CallRecord>& records) {
    const char* methods[] = {"tree", "slm", "augmented", "rcr", "sslm"};
    std::printf("\nScaling with the number of loops (seed 003 Sect. 4.3, Fig. 11), ns per call: "
                "tree = unconstrained tree\n(loops ignored: kinematics, M, φ, q̈ = M⁻¹φ), the "
                "others one DynamicsRhs::evaluate; RCR's solve alone\n(on fixed M, φ, J, Ψ) "
                "with the reduced equations folded loop by loop (eqs. 60–71) and assembled (Rᵀ M "
                "R)\nchain: k four-bars (1 DOF); fivebar: k five-bars (k + 1 DOF); ladder: L "
                "spatial cells (2 DOF)\n");
    std::printf("%-7s %4s %4s %5s %8s %8s %8s %8s %8s   %9s %9s %7s\n", "family", "size", "nq",
                "loops", "tree", "slm", "augm.", "rcr", "sslm", "rcr:fold", "assembled", "allocs");
    for (const char* family : {"chain", "fivebar", "ladder"}) {
        std::vector<std::vector<std::pair<double, double>>> points(std::size(methods) + 2);
        for (const Case& c : cases) {
            const std::string name = family;
            const int size = name == "chain"     ? c.chainLoops
                             : name == "fivebar" ? c.fiveBarLoops
                                                 : c.ladderCells;
            if (size <= 0) {
                continue;
            }
            double allocations = 0;
            std::printf("%-7s %4d %4d %5d", family, size, c.model->nv(), c.model->nLoops());
            for (std::size_t m = 0; m < std::size(methods); ++m) {
                const CallRecord* r = find(records, c.name, methods[m]);
                const double ns = r != nullptr ? r->nsPerCall : std::nan("");
                allocations = std::max(allocations, r != nullptr ? r->allocationsPerCall : 0.0);
                points[m].emplace_back(size, ns);
                std::printf(" %8.0f", ns);
            }
            const CallRecord* rcr = find(records, c.name, "rcr");
            const double folded = rcr != nullptr && rcr->lambdaNs ? *rcr->lambdaNs : std::nan("");
            const double assembled =
                rcr != nullptr && rcr->assembledLambdaNs ? *rcr->assembledLambdaNs : std::nan("");
            points[std::size(methods)].emplace_back(size, folded);
            points[std::size(methods) + 1].emplace_back(size, assembled);
            std::printf("   %9.0f %9.0f %7.2f\n", folded, assembled, allocations);
        }
        for (const double from : {0.0, 4.0}) {
            // "≥" is 3 bytes and one column: pad by hand
            std::printf("%s", from > 0 ? "slope, size ≥ 4        " : "slope, all sizes       ");
            for (std::size_t m = 0; m < std::size(methods); ++m) {
                std::printf(" %8.2f", logLogSlope(points[m], from));
            }
            std::printf("   %9.2f %9.2f\n", logLogSlope(points[std::size(methods)], from),
                        logLogSlope(points[std::size(methods) + 1], from));
        }
    }
}

/// The command line.
struct Arguments {
    std::string jsonPath;
    std::string runsJsonPath;
    bool quick = false;
    bool assemblyOnly = false; ///< only seed 004's position analysis
};

/// Reads the command line; an exit code (usage printed) for --help or an unknown word.
std::optional<int> parseArguments(int argc, char** argv, Arguments& args) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--json" && i + 1 < argc) {
            args.jsonPath = argv[++i];
        } else if (arg == "--runs-json" && i + 1 < argc) {
            args.runsJsonPath = argv[++i];
        } else if (arg == "--quick") {
            args.quick = true;
        } else if (arg == "--assembly") {
            args.assemblyOnly = true;
        } else {
            std::fprintf(stderr,
                         "usage: sslm-bench [--json FILE] [--runs-json FILE] [--quick] "
                         "[--assembly]\n"
                         "  --json FILE       per-call records {model, method, ns_per_call, "
                         "lambda_ns, allocations_per_call, ...}, inverse dynamics as "
                         "method\n"
                         "                    inverse-traditional/-system/-subsystem\n"
                         "  --runs-json FILE  whole-run records (wall time, real-time factor)\n"
                         "  --quick           fewer repetitions (a smoke run)\n"
                         "  --assembly        only the position analysis (seed 004 Table 3)\n");
            return arg == "--help" || arg == "-h" ? 0 : 2;
        }
    }
    return std::nullopt;
}

/// The papers' mechanisms, chains and ladders; empty when an example cannot be loaded.
std::optional<std::vector<Case>> loadCases() {
    std::vector<Case> cases;
    for (const char* name : {"four_bar", "carpet_scraper", "three_rrr"}) {
        const LoadResult loaded =
            loadMechanismFile(std::string(SSLM_EXAMPLES_DIR) + "/" + name + ".json");
        if (!loaded.ok()) {
            std::fprintf(stderr, "sslm-bench: cannot load examples/%s.json\n", name);
            return std::nullopt;
        }
        MechanismSpec spec = *loaded.spec;
        spec.actuators.clear(); // free motion, as the peers model it
        if (auto c = loadCase(name, spec)) {
            cases.push_back(std::move(*c));
        }
    }
    // the scraper with its cutting load (issue 36): what the loads cost per call
    const LoadResult loaded =
        loadMechanismFile(std::string(SSLM_EXAMPLES_DIR) + "/carpet_scraper_loaded.json");
    if (!loaded.ok()) {
        std::fprintf(stderr, "sslm-bench: cannot load examples/carpet_scraper_loaded.json\n");
        return std::nullopt;
    }
    MechanismSpec cutting = *loaded.spec;
    cutting.actuators.clear();
    if (auto c = loadCase("scraper_loaded", cutting)) {
        c->loaded = true;
        cases.push_back(std::move(*c));
    }
    for (int k : {1, 2, 4, 8, 16, 32}) {
        if (auto c = loadCase("chain_" + std::to_string(k), fourBarChain({.loops = k}), k)) {
            cases.push_back(std::move(*c));
        }
    }
    // the chains of five-bars, whose mobility grows with the loops (k + 1): RCR's reduced
    // equations grow with them
    for (int k : {1, 2, 4, 8, 16, 32}) {
        if (auto c = loadCase("fivebar_" + std::to_string(k), fiveBarChain({.loops = k}))) {
            c->fiveBarLoops = k;
            cases.push_back(std::move(*c));
        }
    }
    // the spatial mechanisms of seeds 002 and 003 (shared/spec/spatial.md)
    if (auto c = loadCase("rssr", rssrSpec("J3"))) {
        cases.push_back(std::move(*c));
    }
    for (int cells : {1, 2, 4, 8, 16, 32, 64}) {
        if (auto c = loadCase("ladder_" + std::to_string(cells), spatialLadderSpec(cells))) {
            c->ladderCells = cells;
            cases.push_back(std::move(*c));
        }
    }
    return cases;
}

/// The inverse-dynamics cases: the carpet scraper and the 3-RRR, driven.
std::vector<InverseCase> loadInverseCases() {
    std::vector<InverseCase> inverseCases;
    if (auto c = loadInverseCase("carpet_scraper", kScraperCrankSpeed, 0.0)) {
        inverseCases.push_back(std::move(*c));
    }
    // the 3-RRR's file starts at rest: any consistent motion times the same; this one makes
    // the velocity terms non-zero
    if (auto c = loadInverseCase("three_rrr", 1.0, 1.0)) {
        inverseCases.push_back(std::move(*c));
    }
    return inverseCases;
}

/// Each record's median pass by ns per call, over `rounds` passes of `measure` on the items.
template <class Record, class Item, class Measure, class Refine>
std::vector<Record> measureCalls(
    const std::vector<Item>& items, int rounds, const char* what, Measure measure, Refine refine) {
    // passes spread over time: a burst of load from elsewhere on a shared machine spoils one
    // pass, not the result; `refine` may then set other columns from the sorted passes
    std::vector<std::vector<Record>> passes(static_cast<std::size_t>(rounds));
    for (int round = 0; round < rounds; ++round) {
        for (const Item& item : items) {
            std::fprintf(stderr, "sslm-bench: %s%s (pass %d of %d)...\n", what, item.name.c_str(),
                         round + 1, rounds);
            for (Record& r : measure(item)) {
                passes[static_cast<std::size_t>(round)].push_back(std::move(r));
            }
        }
    }
    std::vector<Record> records = passes.front();
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::vector<const Record*> same;
        for (const auto& pass : passes) {
            same.push_back(&pass[i]); // every pass measures the same (model, method) list
        }
        std::sort(same.begin(), same.end(),
                  [](const Record* a, const Record* b) { return a->nsPerCall < b->nsPerCall; });
        Record median = *same[same.size() / 2];
        refine(median, same);
        records[i] = median;
    }
    return records;
}

/// Forward dynamics per call of our solvers and the peers, with the ratios to SSLM.
void printForwardTable(const std::vector<Case>& cases,
                       const std::vector<CallRecord>& records,
                       int repetitions,
                       int rounds) {
    std::printf("Forward dynamics per call, ns (median of %d batches, median of %d passes)\n",
                repetitions, rounds);
    std::printf("%-15s %3s %5s %7s %7s %7s %7s %7s   %8s %8s %8s\n", "model", "nq", "loops", "sslm",
                "slm", "augm.", "simbody", "mujoco", "slm/sslm", "sim/sslm", "mjc/sslm");
    for (const Case& c : cases) {
        const CallRecord* sslm = find(records, c.name, "sslm");
        const auto ratio = [&](const char* method) {
            const CallRecord* r = find(records, c.name, method);
            return r && sslm ? r->nsPerCall / sslm->nsPerCall : 0.0;
        };
        std::printf("%-15s %3d %5d %s %s %s %s %s   %8.2f %8.2f %8.2f\n", c.name.c_str(),
                    c.model->nv(), c.model->nLoops(), cell(sslm).c_str(),
                    cell(find(records, c.name, "slm")).c_str(),
                    cell(find(records, c.name, "augmented")).c_str(),
                    cell(find(records, c.name, "simbody")).c_str(),
                    cell(find(records, c.name, "mujoco")).c_str(), ratio("slm"), ratio("simbody"),
                    ratio("mujoco"));
    }
}

/// The multiplier phase (the constrained solve alone) of our three solvers.
void printMultiplierTable(const std::vector<Case>& cases, const std::vector<CallRecord>& records) {
    std::printf("\nMultiplier phase (constrained solve only), ns\n");
    std::printf("%-15s %7s %7s %7s   %9s\n", "model", "sslm", "slm", "augm.", "sslm/slm");
    for (const Case& c : cases) {
        const CallRecord* sslm = find(records, c.name, "sslm");
        const CallRecord* slm = find(records, c.name, "slm");
        const CallRecord* aug = find(records, c.name, "augmented");
        std::printf("%-15s %7.0f %7.0f %7.0f   %9.2f\n", c.name.c_str(), *sslm->lambdaNs,
                    *slm->lambdaNs, *aug->lambdaNs, *sslm->lambdaNs / *slm->lambdaNs);
    }
}

/// SSLM's cost per loop on the generated chains of four-bars.
void printChainGrowthTable(const std::vector<Case>& cases, const std::vector<CallRecord>& records) {
    std::printf("\nGrowth with the number of loops k (generated chains), SSLM\n");
    std::printf("%-6s %9s %11s %11s\n", "k", "ns/call", "ns per loop", "λ ns/loop");
    for (const Case& c : cases) {
        if (c.chainLoops > 0) {
            const CallRecord* r = find(records, c.name, "sslm");
            std::printf("%-6d %9.0f %11.1f %11.1f\n", c.chainLoops, r->nsPerCall,
                        r->nsPerCall / c.chainLoops, *r->lambdaNs / c.chainLoops);
        }
    }
}

/// Every method's cost per call and per cell on the spatial ladders.
void printLadderTable(const std::vector<Case>& cases, const std::vector<CallRecord>& records) {
    std::printf("\nGrowth with the number of cells L (spatial ladder, 4 rows per cut), ns/call "
                "and per cell\n");
    std::printf("%-6s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n", "L", "sslm", "slm", "augm.",
                "simbody", "mujoco", "sslm/L", "slm/L", "augm./L", "simbody/L", "mujoco/L");
    for (const Case& c : cases) {
        if (c.ladderCells > 0) {
            const double l = c.ladderCells;
            const auto ns = [&](const char* method) {
                const CallRecord* r = find(records, c.name, method);
                return r ? r->nsPerCall : std::nan("");
            };
            std::printf("%-6d %9.0f %9.0f %9.0f %9.0f %9.0f %9.1f %9.1f %9.1f %9.1f %9.1f\n",
                        c.ladderCells, ns("sslm"), ns("slm"), ns("augmented"), ns("simbody"),
                        ns("mujoco"), ns("sslm") / l, ns("slm") / l, ns("augmented") / l,
                        ns("simbody") / l, ns("mujoco") / l);
        }
    }
}

/// The peers' q̈ against SSLM's on the spatial models, and their speed on the ladder of 16.
void printPeerTable(const std::vector<Case>& cases, const std::vector<CallRecord>& records) {
    std::printf("\nPeers on the spatial models: q̈ against SSLM's at the timed state "
                "(‖Δq̈‖∞ / max(‖q̈‖∞, 1))\n"
                "  Simbody: exact (Pin/Slider/Cylinder/Universal/Ball mobilizers; cuts as "
                "Constraint::Ball + ConstantAngle)\n"
                "  MuJoCo:  sslm export's MJCF: same constraint manifold, not the same "
                "equations: a revolute cut as two\n"
                "           <connect>s on its axis, a universal cut as a <connect> and a "
                "spatial-tendon length (sites L along\n"
                "           the two axes, held at √2·L);\n"
                "           MuJoCo's constraints are soft and leave J̇q̇ out of J q̈ = aref, so "
                "its q̈ differs in a moving state\n");
    std::printf("%-15s %12s %12s\n", "model", "simbody", "mujoco");
    for (const Case& c : cases) {
        if (!c.model->isSpatial()) {
            continue;
        }
        const auto diff = [&](const char* method) {
            const CallRecord* r = find(records, c.name, method);
            return r && r->qddDifference ? *r->qddDifference : std::nan("");
        };
        std::printf("%-15s %12.1e %12.1e\n", c.name.c_str(), diff("simbody"), diff("mujoco"));
    }
    if (const CallRecord* sslm = find(records, "ladder_16", "sslm")) {
        const CallRecord* simbody = find(records, "ladder_16", "simbody");
        const CallRecord* mujoco = find(records, "ladder_16", "mujoco");
        if (simbody && mujoco) {
            std::printf("ladder L = 16, SSLM per call: %.2f of MuJoCo's (closest model: sslm "
                        "export's MJCF, connect pairs), 1/%.1f of Simbody's\n",
                        sslm->nsPerCall / mujoco->nsPerCall, simbody->nsPerCall / sslm->nsPerCall);
        }
    }
}

/// The records that allocate, and SSLM's always.
void printAllocationTable(const std::vector<CallRecord>& records) {
    std::printf("\nAllocations per call\n");
    for (const CallRecord& r : records) {
        if (r.allocationsPerCall != 0.0 || r.method == "sslm") {
            std::printf("  %-15s %-9s %.2f\n", r.model.c_str(), r.method.c_str(),
                        r.allocationsPerCall);
        }
    }
}

/// Our ratios on the carpet scraper beside seed 002 Table 2's CPU times and operation counts.
void printSeed002Comparison(const InverseRecord& trad,
                            const InverseRecord& sys,
                            const InverseRecord& sub) {
    const PaperInverseTime& pt = kSeed002Table2.at(InverseMethod::Traditional);
    const PaperInverseTime& ps = kSeed002Table2.at(InverseMethod::System);
    const PaperInverseTime& pb = kSeed002Table2.at(InverseMethod::Subsystem);
    std::printf("  seed 002 Table 2 (Pentium IV 2.6 GHz, %d positions of one crank "
                "revolution; 21×21, 7×7, 4×4/2×2/1×1 as its\n"
                "    Sect. 6.1 says, 4×4/3×3/1×1 as the table's caption and operation "
                "count say):\n"
                "    CPU %.3f / %.3f / %.3f s (%.0f / %.0f / %.0f µs per position): "
                "traditional/subsystem %.2f, system/subsystem %.2f\n"
                "    theoretical operations %.0f / %.1f / %.1f: traditional/subsystem "
                "%.1f, system/subsystem %.2f\n"
                "    ours: %.2f and %.2f (our per-evaluation time is %.0f× below the "
                "paper's subsystem time per position)\n",
                kSeed002Positions, pt.seconds, ps.seconds, pb.seconds,
                pt.seconds / kSeed002Positions * 1e6, ps.seconds / kSeed002Positions * 1e6,
                pb.seconds / kSeed002Positions * 1e6, pt.seconds / pb.seconds,
                ps.seconds / pb.seconds, pt.operations, ps.operations, pb.operations,
                pt.operations / pb.operations, ps.operations / pb.operations,
                trad.nsPerCall / sub.nsPerCall, sys.nsPerCall / sub.nsPerCall,
                pb.seconds / kSeed002Positions * 1e9 / sub.nsPerCall);
}

/// One inverse case's table: the methods' matrices and times, the plan and the ratios.
void printInverseCase(const InverseCase& c, const std::vector<InverseRecord>& inverse) {
    std::printf("\n%s (nv %d, %d loops); driven: %s; τ and λ of the three methods agree "
                "to %.1e\n",
                c.name.c_str(), c.model->nv(), c.model->nLoops(), c.drivenText.c_str(),
                inverseAgreement(c));
    std::printf("  method       matrices          ns/eval      min   τ,λ only  allocs\n");
    const InverseRecord* sub = nullptr;
    std::map<InverseMethod, const InverseRecord*> byMethod;
    for (const InverseRecord& r : inverse) {
        if (r.model != c.name) {
            continue;
        }
        byMethod[r.method] = &r;
        sub = r.method == InverseMethod::Subsystem ? &r : sub;
        // "×" is 2 bytes and one column: pad by hand
        std::string matrices = matrixText(r);
        std::size_t width = 0;
        for (const char ch : matrices) {
            width += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
        }
        matrices += std::string(width < 16 ? 16 - width : 0, ' ');
        std::printf("  %-12s %s %8.0f %8.0f %10.0f %7.2f\n", inverseMethodName(r.method),
                    matrices.c_str(), r.nsPerCall, r.minNsPerCall, r.tauLambdaNs,
                    r.allocationsPerCall);
    }
    if (sub == nullptr || byMethod.size() != 3) {
        return;
    }
    const InverseRecord* trad = byMethod[InverseMethod::Traditional];
    const InverseRecord* sys = byMethod[InverseMethod::System];
    std::printf("  subsystem plan: %s\n", sub->plan.c_str());
    std::printf("  ratios (median): traditional/subsystem %.2f, system/subsystem %.2f; "
                "τ,λ only: %.2f, %.2f\n",
                trad->nsPerCall / sub->nsPerCall, sys->nsPerCall / sub->nsPerCall,
                trad->tauLambdaNs / sub->tauLambdaNs, sys->tauLambdaNs / sub->tauLambdaNs);
    if (c.name == "carpet_scraper") {
        printSeed002Comparison(*trad, *sys, *sub);
    } else {
        std::printf("  seed 002 gives no 3-RRR timing (its Table 3 is the spatial RSSR: "
                    "0.656 / 0.609 / 0.596 s,\n    traditional/subsystem 1.10, "
                    "system/subsystem 1.02)\n");
    }
}

/// Inverse dynamics per evaluation, one table per case.
void printInverseTables(const std::vector<InverseCase>& inverseCases,
                        const std::vector<InverseRecord>& inverse,
                        int repetitions,
                        int rounds) {
    std::printf("\nInverse dynamics per evaluation (seed 002 Sect. 5), ns: kinematics, tree "
                "dynamics, τ, λ and\nthe reaction at every joint (median of %d batches, median "
                "of %d passes; min: fastest batch)\n",
                repetitions, rounds);
    for (const InverseCase& c : inverseCases) {
        printInverseCase(c, inverse);
    }
}

/// Whole runs as in seed 000 Table 3, each printed as it is timed; returns their records.
std::vector<RunRecord> benchmarkRuns(const std::vector<Case>& cases, int runRepetitions) {
    std::vector<RunRecord> runs;
    const std::map<std::string, std::pair<double, double>> paperSeconds15 = {
        {"carpet_scraper", {2.8, 2.72}}, {"three_rrr", {3.07, 2.96}}};
    const std::map<std::string, std::pair<double, double>> paperSeconds5 = {
        {"carpet_scraper", {6.51, 6.41}}, {"three_rrr", {10.25, 10.12}}};
    std::printf("\nWhole runs: dopri5, free motion, outputs every 0.01 s (median of %d)\n",
                runRepetitions);
    std::printf("%-15s %-13s %-9s %7s %9s %10s %12s\n", "model", "run", "solver", "steps",
                "RHS calls", "wall ms", "real-time ×");
    for (const Case& c : cases) {
        if (c.name != "carpet_scraper" && c.name != "three_rrr" && c.name != "chain_16") {
            continue;
        }
        for (const auto& [tEnd, tolerance] : {std::pair{15.0, 1e-3}, std::pair{5.0, 1e-8}}) {
            for (SolverKind kind : {SolverKind::Sslm, SolverKind::Slm, SolverKind::Augmented}) {
                const RunRecord run = benchmarkRun(c, kind, tEnd, tolerance, runRepetitions);
                std::printf("%-15s %-13s %-9s %7ld %9ld %10.2f %12.0f%s\n", run.model.c_str(),
                            run.label.c_str(), run.method.c_str(), run.steps, run.rhsCalls,
                            run.wallMs, run.realTimeFactor,
                            run.realTimeFactor > 0 ? "" : "  (stopped early)");
                runs.push_back(run);
            }
            const auto& paper = tEnd > 10 ? paperSeconds15 : paperSeconds5;
            if (auto it = paper.find(c.name); it != paper.end()) {
                std::printf("%-15s %-13s paper (MATLAB): SLM %.2f s, SSLM %.2f s\n", "", "",
                            it->second.first, it->second.second);
            }
        }
    }
    return runs;
}

/// The targets, each met or MISSED.
void printTargets(const std::vector<CallRecord>& records, const std::vector<RunRecord>& runs) {
    const CallRecord* scraper = find(records, "carpet_scraper", "sslm");
    const CallRecord* scraperSlm = find(records, "carpet_scraper", "slm");
    const CallRecord* chain16 = find(records, "chain_16", "sslm");
    double run15 = 0;
    for (const RunRecord& r : runs) {
        if (r.model == "carpet_scraper" && r.method == "sslm" && r.tEnd == 15.0) {
            run15 = r.wallMs;
        }
    }
    bool allocationFree = true;
    for (const CallRecord& r : records) {
        allocationFree = allocationFree && (r.method == "simbody" || r.method == "mujoco" ||
                                            r.allocationsPerCall == 0.0);
    }
    const auto verdict = [](bool met) {
        return met ? "met" : "MISSED";
    };
    std::printf("\nTargets\n");
    std::printf("  SSLM carpet scraper per call ≤ 1000 ns: %.0f ns (%s)\n", scraper->nsPerCall,
                verdict(scraper->nsPerCall <= 1000));
    const double lambdaRatio = *scraper->lambdaNs / *scraperSlm->lambdaNs;
    std::printf("  SSLM λ phase ≤ 0.7 × SLM's on the scraper: %.2f (%s)\n", lambdaRatio,
                verdict(lambdaRatio <= 0.7));
    std::printf("  chain k = 16 ≤ 8000 ns: %.0f ns (%s)\n", chain16->nsPerCall,
                verdict(chain16->nsPerCall <= 8000));
    std::printf("  zero heap allocations per call (our solvers): %s\n", verdict(allocationFree));
    std::printf("  15 s scraper run at 1e-3 < 5 ms: %.2f ms (%s)\n", run15,
                verdict(run15 > 0 && run15 < 5.0));
}

} // namespace

int main(int argc, char** argv) {
    Arguments args;
    if (const std::optional<int> exitCode = parseArguments(argc, argv, args)) {
        return *exitCode;
    }
    if (args.assemblyOnly) {
        bench::printAssemblyTable(
            bench::benchmarkAssembly(SSLM_EXAMPLES_DIR, args.quick ? 30000 : 300000));
        return 0;
    }
    const double batchSeconds = args.quick ? 0.002 : 0.02;
    const int repetitions = args.quick ? 3 : 15;
    const int runRepetitions = args.quick ? 1 : 7;
    const int rounds = args.quick ? 1 : 3;

    const std::optional<std::vector<Case>> loaded = loadCases();
    if (!loaded) {
        return 2;
    }
    const std::vector<Case>& cases = *loaded;
    // warm the caches and the clock before the first case, then measure every case in
    // `rounds` passes
    if (!cases.empty()) {
        benchmarkCalls(cases.front(), batchSeconds, repetitions);
    }
    const std::vector<CallRecord> records = measureCalls<CallRecord>(
        cases, rounds, "",
        [&](const Case& c) { return benchmarkCalls(c, batchSeconds, repetitions); },
        [](CallRecord&, const std::vector<const CallRecord*>&) {});
    // inverse dynamics, in as many passes as above
    const std::vector<InverseCase> inverseCases = loadInverseCases();
    const std::vector<InverseRecord> inverse = measureCalls<InverseRecord>(
        inverseCases, rounds, "inverse dynamics, ",
        [&](const InverseCase& c) { return benchmarkInverse(c, batchSeconds, repetitions); },
        [](InverseRecord& median, const std::vector<const InverseRecord*>& same) {
            // the other columns are medians of their own over the passes
            std::vector<double> tauLambda;
            for (const InverseRecord* r : same) {
                tauLambda.push_back(r->tauLambdaNs);
                median.minNsPerCall = std::min(median.minNsPerCall, r->minNsPerCall);
            }
            std::sort(tauLambda.begin(), tauLambda.end());
            median.tauLambdaNs = tauLambda[tauLambda.size() / 2];
        });

    printForwardTable(cases, records, repetitions, rounds);
    printMultiplierTable(cases, records);
    printChainGrowthTable(cases, records);
    printLadderTable(cases, records);
    printScalingTable(cases, records);
    printPeerTable(cases, records);
    printAllocationTable(records);
    printInverseTables(inverseCases, inverse, repetitions, rounds);
    const std::vector<RunRecord> runs = benchmarkRuns(cases, runRepetitions);
    // seed 004's 300,000 solves along a stroke (30,000 with --quick)
    std::vector<CallRecord> withAssembly = records;
    const std::vector<bench::AssemblyBenchmark> assembly =
        bench::benchmarkAssembly(SSLM_EXAMPLES_DIR, args.quick ? 30000 : 300000);
    bench::printAssemblyTable(assembly);
    for (const bench::AssemblyBenchmark& a : assembly) {
        for (const bench::AssemblyTiming* t : {&a.closedForm, &a.newton}) {
            CallRecord r;
            r.model = a.model;
            r.method = t->method;
            r.nsPerCall = t->nsPerSolve;
            r.minNsPerCall = t->nsPerSolve;
            r.nv = a.nv;
            r.loops = a.loops;
            withAssembly.push_back(r);
        }
    }
    printTargets(records, runs);

    if (!args.jsonPath.empty()) {
        writeCallJson(args.jsonPath, withAssembly, inverse);
    }
    if (!args.runsJsonPath.empty()) {
        writeRunJson(args.runsJsonPath, runs);
    }
    return 0;
}
