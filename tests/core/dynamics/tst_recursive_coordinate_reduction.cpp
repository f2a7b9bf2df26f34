// SPDX-License-Identifier: MIT
// Recursive coordinate reduction (seed 003) against SSLM: the same q̈ and cut reactions at
// random consistent states of every planar example, for several cut choices and named
// independent coordinates, and along SSLM trajectories of the spatial RSSR and ladder; named errors
// for invalid or ill-conditioned selections; a switch of the automatic selection where it becomes
// ill-conditioned; no allocation per call. Both ways to the reduced equations (RcrKinetics:
// the loops folded recursively, and Rᵀ M R assembled) are checked against SSLM.

#include <algorithm>
#include <random>

#include <QtTest>

#include "core/dynamics/coordinate_partition.hpp"
#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/recursive_coordinate_reduction.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/four_bar_chain.hpp"
#include "core/spec/spatial_templates.hpp"

#include "bench/allocation_counter.hpp"
#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/test_main.hpp"

namespace tst_recursive_coordinate_reduction {

using namespace sslm;
using fixtures::relativeError;

namespace {

constexpr double kAgreementTol = 1e-10; // relative; the bound on q̈
constexpr double kReactionTol = 1e-9;   // relative; λ from the residual, one more solve

struct State {
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
};

/// Random consistent states of the file's own cut choice: its input coordinates perturbed by
/// up to ±0.3 rad (or m × 0.3) around the assembled initial state on its branch, random input
/// rates, dependent rates from J q̇ = 0.
std::vector<State> randomStates(const Model& model, int count, unsigned seed) {
    const InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        qFatal("%s does not assemble: %s", model.name.c_str(), initial.report.message.c_str());
    }
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> shift(-0.3, 0.3);
    std::uniform_real_distribution<double> rate(-5.0, 5.0);
    Workspace ws(model);
    std::vector<State> states;
    for (int trial = 0; static_cast<int>(states.size()) < count && trial < 10 * count; ++trial) {
        Eigen::VectorXd q = initial.q;
        Eigen::VectorXd qd = Eigen::VectorXd::Zero(model.nv());
        for (int k : model.independent) {
            q[k] += shift(rng);
            qd[k] = rate(rng);
        }
        if (!assemble(model, ws, q, model.independent, initial.report.branch).converged) {
            continue;
        }
        solveVelocities(model, ws, q, qd, model.independent);
        states.push_back({q, qd});
    }
    return states;
}

/// A state of `from` in the coordinates of `to`, another cut choice of the same mechanism.
State carryOver(const Model& from, const State& state, const Model& to) {
    Workspace ws(from);
    updatePositions(from, ws, state.q);
    updateVelocities(from, ws, state.qd);
    State out{Eigen::VectorXd(to.nv()), Eigen::VectorXd(to.nv())};
    for (int k = 0; k < to.nv(); ++k) {
        const int joint = from.jointIndex(to.joints[to.coordinates[k].joint].name);
        out.q[k] = jointValue(from, ws, joint);
        out.qd[k] = jointRate(from, ws, joint);
    }
    return out;
}

std::shared_ptr<const Model> withCuts(const MechanismSpec& spec, const QStringList& cuts) {
    if (cuts.isEmpty()) {
        return fixtures::compiled(spec);
    }
    CompileOptions options;
    options.cuts.emplace();
    for (const QString& c : cuts) {
        options.cuts->push_back(c.toStdString());
    }
    const CompileResult result = compileModel(spec, options);
    if (!result.ok()) {
        qFatal("%s", formatDiagnostics(result.diagnostics).c_str());
    }
    return result.model;
}

/// RCR's q̈ and λ at (q, v) with `named` coordinates independent, by `kinetics`; the partition
/// it used into `used`.
fixtures::ForwardSolution rcrAt(const Model& model,
                                const State& state,
                                const std::vector<int>& named,
                                std::string* used = nullptr,
                                RcrKinetics kinetics = RcrKinetics::Recursive) {
    Workspace ws(model);
    DynamicsWorkspace dws(model);
    ForwardDynamicsWorkspace fws(model);
    fws.rcr.named = named;
    fws.rcr.kinetics = kinetics;
    updatePositions(model, ws, state.q);
    updateVelocities(model, ws, state.qd);
    treeDynamics(model, ws, dws);
    constraintJacobian(model, ws);
    const Eigen::VectorXd psi = -constraintBias(model, ws);
    if (!solveForwardDynamics(SolverKind::Rcr, model, {dws.M, dws.phi, ws.J, psi}, fws)) {
        qWarning("RCR failed: %s", fws.failure.c_str());
    }
    if (used != nullptr) {
        *used = describePartition(model, fws.rcr.partition);
    }
    return {fws.qdd, fws.lambda};
}

/// Consistent states along 1 s of an SSLM run (dopri5, projection) from the assembled state:
/// every 10th sample.
std::vector<State> trajectoryStates(const Model& model) {
    const InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        qFatal("%s does not assemble: %s", model.name.c_str(), initial.report.message.c_str());
    }
    SimulationSettings settings;
    settings.tEnd = 1.0;
    settings.sampleInterval = 0.01;
    std::vector<State> states;
    int k = 0;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        if (k++ % 10 == 0) {
            states.push_back({s.q, s.qd});
        }
    };
    if (!simulate(model, settings, initial.q, initial.qd, callbacks).ok) {
        qFatal("%s: the SSLM run stopped", model.name.c_str());
    }
    return states;
}

/// The four-bar's crank angle (near `guess`) where the rocker's rate vanishes: the rocker's
/// extreme position, where crank and coupler are aligned, so that {crank, coupler} cannot be
/// solved from the loop (a dead point for the rocker as input).
State rockerDeadPoint(const Model& model, double from, double to) {
    const InitialState initial = assembleInitialState(model);
    Workspace ws(model);
    const int crank = model.coordinateIndex("theta1");
    const int rocker = model.coordinateIndex("theta2");
    const auto at = [&](double angle) {
        State s{initial.q, Eigen::VectorXd::Zero(model.nv())};
        s.q[crank] = angle;
        assemble(model, ws, s.q, {crank}, initial.report.branch);
        s.qd[crank] = 1.0;
        solveVelocities(model, ws, s.q, s.qd, {crank});
        return s;
    };
    double a = from;
    double b = to;
    const double signA = at(a).qd[rocker];
    for (int i = 0; i < 200 && b - a > 1e-15; ++i) {
        const double mid = 0.5 * (a + b);
        (at(mid).qd[rocker] * signA > 0 ? a : b) = mid;
    }
    return at(0.5 * (a + b));
}

} // namespace

class TestRecursiveCoordinateReduction : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void agreesWithSslm_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("cuts");
        QTest::addColumn<QStringList>("named");
        QTest::newRow("four-bar") << "four_bar.json" << QStringList{} << QStringList{};
        QTest::newRow("four-bar, theta2 independent")
            << "four_bar.json" << QStringList{} << QStringList{"theta2"};
        QTest::newRow("four-bar, theta3 independent")
            << "four_bar.json" << QStringList{} << QStringList{"theta3"};
        QTest::newRow("four-bar, cut J1") << "four_bar.json" << QStringList{"J1"} << QStringList{};
        QTest::newRow("four-bar, cut J3") << "four_bar.json" << QStringList{"J3"} << QStringList{};
        QTest::newRow("slider-crank") << "slider_crank.json" << QStringList{} << QStringList{};
        QTest::newRow("slider-crank, x4 independent")
            << "slider_crank.json" << QStringList{} << QStringList{"x4"};
        QTest::newRow("slider-crank, cut J2")
            << "slider_crank.json" << QStringList{"J2"} << QStringList{};
        QTest::newRow("carpet scraper") << "carpet_scraper.json" << QStringList{} << QStringList{};
        QTest::newRow("carpet scraper, J3 J5 J7")
            << "carpet_scraper.json" << QStringList{"J3", "J5", "J7"} << QStringList{};
        QTest::newRow("carpet scraper, J2 J6 J9")
            << "carpet_scraper.json" << QStringList{"J2", "J6", "J9"} << QStringList{};
        QTest::newRow("carpet scraper, theta2 independent")
            << "carpet_scraper.json" << QStringList{} << QStringList{"theta2"};
        QTest::newRow("3-RRR") << "three_rrr.json" << QStringList{} << QStringList{};
        QTest::newRow("3-RRR, J3 J8")
            << "three_rrr.json" << QStringList{"J3", "J8"} << QStringList{};
        QTest::newRow("3-RRR, theta2 theta4 theta6 independent")
            << "three_rrr.json" << QStringList{} << QStringList{"theta2", "theta4", "theta6"};
        QTest::newRow("Watt six-bar") << "watt_six_bar.json" << QStringList{} << QStringList{};
        QTest::newRow("Watt six-bar, theta5 independent")
            << "watt_six_bar.json" << QStringList{} << QStringList{"theta5"};
    }

    void agreesWithSslm() {
        QFETCH(QString, file);
        QFETCH(QStringList, cuts);
        QFETCH(QStringList, named);
        const MechanismSpec spec = fixtures::exampleSpec(file.toStdString());
        const auto reference = fixtures::compiled(spec);
        const auto model = withCuts(spec, cuts);
        std::vector<std::string> names;
        for (const QString& n : named) {
            names.push_back(n.toStdString());
        }
        std::vector<int> namedIndices;
        const std::string error = resolveCoordinates(*model, names, namedIndices);
        QVERIFY2(error.empty(), error.c_str());

        const std::vector<State> states = randomStates(*reference, 10, 2003);
        QCOMPARE(static_cast<int>(states.size()), 10);
        double worstQdd = 0;
        double worstLambda = 0;
        std::string used;
        for (const State& original : states) {
            const State state = cuts.isEmpty() ? original : carryOver(*reference, original, *model);
            const fixtures::ForwardSolution sslm =
                fixtures::forwardDynamicsAt(*model, SolverKind::Sslm, state.q, state.qd);
            for (RcrKinetics kinetics : {RcrKinetics::Recursive, RcrKinetics::Assembled}) {
                const fixtures::ForwardSolution rcr =
                    rcrAt(*model, state, namedIndices, &used, kinetics);
                worstQdd = std::max(worstQdd, relativeError(rcr.qdd, sslm.qdd));
                worstLambda = std::max(worstLambda, relativeError(rcr.lambda, sslm.lambda));
            }
        }
        qInfo("%s: %s; worst relative q̈ %.2g, λ %.2g", qPrintable(QTest::currentDataTag()),
              used.c_str(), worstQdd, worstLambda);
        QVERIFY2(worstQdd < kAgreementTol, qPrintable(QString::number(worstQdd)));
        QVERIFY2(worstLambda < kReactionTol, qPrintable(QString::number(worstLambda)));
        for (int k : namedIndices) {
            QVERIFY(used.find("independent") != std::string::npos);
            QVERIFY(QString::fromStdString(used).section(';', 0, 0).contains(
                QString::fromStdString(model->coordinates[k].name)));
        }
    }

    void agreesWithSslmOnSpatialExamples_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("RSSR, cut J3 (universal)") << "rssr J3";
        QTest::newRow("RSSR, cut J2 (spherical)") << "rssr J2";
        QTest::newRow("ladder, 2 cells") << "ladder 2";
        QTest::newRow("ladder, 8 cells") << "ladder 8";
        QTest::newRow("chain of 8 four-bars") << "chain 8";
        QTest::newRow("chain of 6 five-bars (7 DOF)") << "fivebar 6";
    }

    void agreesWithSslmOnSpatialExamples() {
        QFETCH(QString, mechanism);
        const QStringList words = mechanism.split(' ');
        const auto model =
            fixtures::compiled(words[0] == "rssr"     ? rssrSpec(words[1].toStdString())
                               : words[0] == "ladder" ? spatialLadderSpec(words[1].toInt())
                               : words[0] == "chain"  ? fourBarChain({.loops = words[1].toInt()})
                                                      : fiveBarChain({.loops = words[1].toInt()}));
        double worstQdd = 0;
        double worstLambda = 0;
        std::string used;
        const std::vector<State> states = trajectoryStates(*model);
        QVERIFY(states.size() >= 10);
        for (const State& state : states) {
            const fixtures::ForwardSolution sslm =
                fixtures::forwardDynamicsAt(*model, SolverKind::Sslm, state.q, state.qd);
            for (RcrKinetics kinetics : {RcrKinetics::Recursive, RcrKinetics::Assembled}) {
                const fixtures::ForwardSolution rcr = rcrAt(*model, state, {}, &used, kinetics);
                worstQdd = std::max(worstQdd, relativeError(rcr.qdd, sslm.qdd));
                worstLambda = std::max(worstLambda, relativeError(rcr.lambda, sslm.lambda));
            }
        }
        qInfo("%s: %s; worst relative q̈ %.2g, λ %.2g", qPrintable(mechanism), used.c_str(),
              worstQdd, worstLambda);
        QVERIFY2(worstQdd < kAgreementTol, qPrintable(QString::number(worstQdd)));
        QVERIFY2(worstLambda < kReactionTol, qPrintable(QString::number(worstLambda)));
    }

    void automaticSelectionKeepsTheInputsIndependent() {
        // the file's input coordinates stay independent where they are well-conditioned (not
        // in the 3-RRR, whose inputs are one per leg: invalidSelectionIsNamed)
        for (const char* file :
             {"four_bar.json", "slider_crank.json", "carpet_scraper.json", "watt_six_bar.json"}) {
            const auto model = fixtures::loadExample(file);
            const InitialState initial = assembleInitialState(*model);
            Workspace ws(*model);
            updatePositions(*model, ws, initial.q);
            const PartitionChoice choice = choosePartition(*model, constraintJacobian(*model, ws));
            QVERIFY2(choice.ok(), choice.error.c_str());
            QCOMPARE(choice.partition.independent, model->independent);
            QCOMPARE(static_cast<int>(choice.partition.order.size()), model->nLoops());
        }
    }

    void invalidSelectionIsNamed_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("named");
        QTest::addColumn<QString>("expected");
        QTest::newRow("too many") << "four_bar.json" << QStringList{"theta1", "theta2"}
                                  << "2 independent coordinates named (theta1, theta2) but the "
                                     "loops leave 1";
        QTest::newRow("unknown") << "four_bar.json" << QStringList{"theta9"}
                                 << "no tree coordinate is named 'theta9'";
        QTest::newRow("cut joint")
            << "four_bar.json" << QStringList{"J8"} << "'J8' is the cut joint J8";
        // loop 1 of the 3-RRR closes through the second leg alone: naming both of its joints
        // leaves the loop nothing to solve for
        QTest::newRow("leg of the 3-RRR")
            << "three_rrr.json" << QStringList{"theta4", "theta5"}
            << "the independent coordinates theta4, theta5 are not a valid selection";
        // one input per leg of the 3-RRR (its actuated joints): both loops then need a
        // dependent coordinate on the other's path; RCR takes independent coordinates along one
        // leg through the platform instead (seed 003 Sect. 4.2)
        QTest::newRow("3-RRR's actuated joints")
            << "three_rrr.json" << QStringList{"theta1", "theta6", "theta7"}
            << "the independent coordinates theta1, theta6, theta7 are not a valid selection";
        // the scraper's theta4 is on the paths of loops 1 and 2: neither can then go first
        QTest::newRow("scraper's theta4") << "carpet_scraper.json" << QStringList{"theta4"}
                                          << "loop 1 (cut J8) has 1 for its 2 constraint rows";
    }

    void invalidSelectionIsNamed() {
        QFETCH(QString, file);
        QFETCH(QStringList, named);
        QFETCH(QString, expected);
        const auto model = fixtures::loadExample(file.toStdString());
        const InitialState initial = assembleInitialState(*model);
        std::vector<std::string> names;
        for (const QString& n : named) {
            names.push_back(n.toStdString());
        }
        RcrWorkspace rws(*model);
        std::string error = resolveCoordinates(*model, names, rws.named);
        if (error.empty()) {
            Workspace ws(*model);
            updatePositions(*model, ws, initial.q);
            QVERIFY(!selectCoordinates(*model, constraintJacobian(*model, ws), rws));
            error = rws.failure;
        }
        qInfo("%s", error.c_str());
        QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
    }

    void illConditionedSelectionStopsOrSwitches() {
        const auto model = fixtures::loadExample("four_bar.json");
        const int rocker = model->coordinateIndex("theta2");
        // the rocker's extreme position lies where its rate changes sign along the crank's turn
        const InitialState initial = assembleInitialState(*model);
        Workspace ws(*model);
        double from = -1;
        double to = -1;
        double previous = 0;
        for (int i = 0; i <= 360 && to < 0; ++i) {
            const double angle = initial.q[model->coordinateIndex("theta1")] + i * M_PI / 180.0;
            Eigen::VectorXd q = initial.q;
            Eigen::VectorXd qd = Eigen::VectorXd::Zero(model->nv());
            q[model->coordinateIndex("theta1")] = angle;
            QVERIFY(assemble(*model, ws, q, model->independent, initial.report.branch).converged);
            qd[model->coordinateIndex("theta1")] = 1.0;
            solveVelocities(*model, ws, q, qd, model->independent);
            if (i > 0 && qd[rocker] * previous <= 0) {
                from = angle - M_PI / 180.0;
                to = angle;
            }
            previous = qd[rocker];
        }
        QVERIFY(to > 0);
        const State dead = rockerDeadPoint(*model, from, to);
        updatePositions(*model, ws, dead.q);
        const Eigen::MatrixXd& J = constraintJacobian(*model, ws);

        // the rocker named independent: crank and coupler cannot be solved for, a clean stop
        RcrWorkspace named(*model);
        named.named = {rocker};
        QVERIFY(!selectCoordinates(*model, J, named));
        qInfo("%s", named.failure.c_str());
        QVERIFY(named.failure.find("loop 1 (cut J8) cannot be solved for theta1, theta3") !=
                std::string::npos);

        // chosen with the rocker independent at a regular pose (as earlier in a run), the
        // automatic reduction switches near the dead point and says how
        {
            RcrWorkspace forced(*model);
            forced.named = {rocker};
            updatePositions(*model, ws, initial.q);
            QVERIFY(selectCoordinates(*model, constraintJacobian(*model, ws), forced));
            forced.named.clear();
            updatePositions(*model, ws, dead.q);
            QVERIFY(prepareReduction(*model, constraintJacobian(*model, ws), forced));
            QCOMPARE(forced.switches, 1);
            qInfo("%s", forced.lastSwitch.c_str());
            QVERIFY(forced.lastSwitch.find("loop 1 (cut J8): theta1, theta3 →") !=
                    std::string::npos);
            QVERIFY(forced.conditioning > 0.1);
        }

        // a whole run with the rocker named: the adaptive integrator's trial stages pass the
        // turning point, and the run stops at the first failing evaluation with its reason
        // (not with a non-finite state after later evaluations overwrote it)
        SimulationSettings settings;
        settings.solver = SolverKind::Rcr;
        settings.independent = {"theta2"};
        settings.tEnd = 0.5;
        settings.stabilisation = Stabilisation::None;
        const SimulationSummary summary = simulate(*model, settings, initial.q, initial.qd);
        qInfo("%s", summary.message.c_str());
        QVERIFY(!summary.ok);
        QVERIFY(summary.endTime > 0.1 && summary.endTime < 0.2); // the rocker turns at 0.16 s
        QVERIFY(summary.message.find("RCR: loop 1 (cut J8) cannot be solved for theta1, theta3") !=
                std::string::npos);
        QVERIFY(summary.message.find("named (theta2)") != std::string::npos);
    }

    void solveDoesNotAllocate() {
        for (const char* file :
             {"four_bar.json", "carpet_scraper.json", "three_rrr.json", "slider_crank.json",
              "watt_six_bar.json", "rssr.json", "spatial_ladder_4.json"}) {
            const auto model = fixtures::loadExample(file);
            const InitialState initial = assembleInitialState(*model);
            Workspace ws(*model);
            DynamicsWorkspace dws(*model);
            ForwardDynamicsWorkspace fws(*model);
            updatePositions(*model, ws, initial.q);
            updateVelocities(*model, ws, initial.qd);
            treeDynamics(*model, ws, dws);
            constraintJacobian(*model, ws);
            const Eigen::VectorXd psi = -constraintBias(*model, ws);
            Eigen::VectorXd qd = initial.qd;
            for (RcrKinetics kinetics : {RcrKinetics::Recursive, RcrKinetics::Assembled}) {
                fws.rcr.kinetics = kinetics;
                QVERIFY(solveForwardDynamics(SolverKind::Rcr, *model, {dws.M, dws.phi, ws.J, psi},
                                             fws));
                bench::startCountingAllocations();
                bool ok = true;
                for (int call = 0; call < 100; ++call) {
                    ok = prepareReduction(*model, ws.J, fws.rcr) && ok;
                    dependentRates(*model, ws.J, qd, fws.rcr);
                    ok = solveForwardDynamics(SolverKind::Rcr, *model, {dws.M, dws.phi, ws.J, psi},
                                              fws) &&
                         ok;
                }
                const std::int64_t allocations = bench::stopCountingAllocations();
                QVERIFY(ok);
                QVERIFY2(
                    allocations == 0,
                    qPrintable(
                        QString("%1: %2 allocations in 100 calls").arg(file).arg(allocations)));
            }
        }
        if (!bench::allocationCountingAvailable()) {
            QSKIP("evaluated, but allocations are not counted under AddressSanitizer");
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestRecursiveCoordinateReduction)
} // namespace tst_recursive_coordinate_reduction
#include "tst_recursive_coordinate_reduction.moc"
