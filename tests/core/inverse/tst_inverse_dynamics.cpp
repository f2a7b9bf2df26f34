// SPDX-License-Identifier: MIT
// Inverse dynamics (seed 002 Sect. 5): the traditional, system and subsystem methods agree; the
// reactions satisfy every body's Newton–Euler equations; forward dynamics driven by the τ found
// reproduces the prescribed q̈ and the same λ; the joint reactions are the same physics whatever
// joints are cut; the scraper's subsystem plan is the paper's 4×4, 2×2, 1×1; the crank does no
// net work over a cycle of the conservative scraper; evaluations do not allocate; runs report
// failures with their time and cause.

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <random>

#include <QtTest>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spatial/planar.hpp"

#include "bench/allocation_counter.hpp"
#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/test_main.hpp"

namespace tst_inverse_dynamics {

using namespace sslm;
using fixtures::disagreement;
using fixtures::relativeError;

namespace {

constexpr double kAgreementTol = 1e-10;  // relative; three direct factorisations of one problem
constexpr double kNewtonEulerTol = 1e-9; // relative to the largest force in the body balances
constexpr double kRoundTripTol = 1e-9;   // relative; forward dynamics with the inverse τ
constexpr double kPhysicsTol = 1e-9;     // relative; reactions across cut choices (re-assembled)
constexpr double kWorkTol = 1e-9;        // J; crank work over a cycle of the conservative scraper
constexpr double kCrankSpeed = 4.7124;   // rad/s: 45 rpm, seed 002 Sect. 6.1.1

constexpr InverseMethod kMethods[] = {InverseMethod::Traditional, InverseMethod::System,
                                      InverseMethod::Subsystem};

struct State {
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
    Eigen::VectorXd qdd;
};

/// The state with the driven coordinates at `values`, `rates`, `accelerations` and the others
/// assembled from `guess` (on its branch), with consistent rates and accelerations.
std::optional<State> prescribedState(const Model& model,
                                     const std::vector<int>& driven,
                                     const Eigen::VectorXd& guess,
                                     const Eigen::VectorXd& values,
                                     const Eigen::VectorXd& rates,
                                     const Eigen::VectorXd& accelerations) {
    Workspace ws(model);
    State s{guess, Eigen::VectorXd::Zero(model.nv()), Eigen::VectorXd::Zero(model.nv())};
    for (std::size_t d = 0; d < driven.size(); ++d) {
        const auto i = static_cast<Eigen::Index>(d);
        s.q[driven[d]] = values[i];
        s.qd[driven[d]] = rates[i];
        s.qdd[driven[d]] = accelerations[i];
    }
    const AssemblyReport report = assemble(model, ws, s.q, driven);
    if (!report.converged || report.minSingularValue < 1e-4) {
        return std::nullopt;
    }
    solveVelocities(model, ws, s.q, s.qd, driven);
    solveAccelerations(model, ws, s.q, s.qd, s.qdd, driven);
    return s;
}

struct Result {
    bool ok = false;
    std::string failure;
    Eigen::VectorXd tau;
    Eigen::VectorXd lambda;
    Eigen::VectorXd appliedTau;
    std::vector<JointReaction> reactions;
    std::vector<int> blocks;

    /// Per joint: force x, y, moment, drive, applied.
    Eigen::VectorXd reactionVector() const {
        Eigen::VectorXd v(5 * static_cast<Eigen::Index>(reactions.size()));
        for (std::size_t j = 0; j < reactions.size(); ++j) {
            const JointReaction& r = reactions[j];
            v.segment<5>(5 * static_cast<Eigen::Index>(j)) << r.force.x(), r.force.y(),
                r.moment.z(), r.drive[0], r.applied[0];
        }
        return v;
    }
};

Result solve(const Model& model,
             const std::vector<int>& driven,
             InverseMethod method,
             const State& s,
             double t = 0.0) {
    InverseDynamicsWorkspace iws(model, driven);
    Result r;
    r.ok = inverseDynamics(model, iws, method, t, s.q, s.qd, s.qdd);
    r.failure = iws.failure;
    r.tau = iws.tau;
    r.lambda = iws.lambda;
    r.appliedTau = iws.appliedTau;
    r.reactions = iws.reactions;
    r.blocks = blockSizes(iws.plan);
    return r;
}

/// Largest imbalance of any body's Newton–Euler equations under the reported reactions,
/// driving and applied joint forces and gravity, relative to the largest force involved.
/// Independent of the library's wrench algebra: COM accelerations from point Jacobians,
/// angular accelerations summed along the tree path, moments about the COM.
double newtonEulerResidual(const Model& model,
                           const State& s,
                           const std::vector<JointReaction>& reactions) {
    Workspace ws(model);
    updatePositions(model, ws, s.q);
    updateVelocities(model, ws, s.qd);
    const int n = ws.nBodies;
    std::vector<Eigen::Vector2d> force(n, Eigen::Vector2d::Zero());
    std::vector<double> moment(n, 0.0);
    double scale = 1.0;
    const auto act = [&](int body, const Eigen::Vector2d& f, double couple,
                         const Eigen::Vector2d& at) {
        if (body == 0) {
            return;
        }
        const Eigen::Vector2d com = PlanarSpace::pointPosition(ws, body, model.bodies[body].com_B);
        force[body] += f;
        moment[body] += couple + planar::cross(at - com, f);
    };
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        const JointReaction& r = reactions[j];
        const double g = r.drive[0] + r.applied[0];
        Eigen::Vector2d onA = r.force.head<2>();
        double coupleOnA = r.moment.z();
        if (joint.type == JointType::Revolute) {
            coupleOnA -= g;
        } else {
            onA -= g * PlanarSpace::inWorld(ws, joint.bodyA, joint.axis_A);
        }
        act(joint.bodyA, onA, coupleOnA, r.point.head<2>());
        act(joint.bodyB, -onA, -coupleOnA, r.point.head<2>());
        scale = std::max(scale, onA.norm());
    }
    Eigen::MatrixXd jac(2, model.nv());
    double worst = 0;
    for (int b = 1; b < n; ++b) {
        const Body& body = model.bodies[b];
        pointJacobian(model, ws, b, body.com_B.head<2>(), jac);
        const Eigen::Vector2d aCom =
            jac * s.qdd + PlanarSpace::pointBiasAcceleration(ws, b, body.com_B);
        double alpha = 0;
        for (int k = b; k > 0; k = model.bodies[k].parent) {
            const Joint& tree = model.joints[model.bodies[k].treeJoint];
            alpha += tree.type == JointType::Revolute ? tree.treeSign * s.qdd[k - 1] : 0.0;
        }
        const Eigen::Vector2d inertial = body.mass * (aCom - model.gravity.head<2>());
        scale = std::max(scale, inertial.norm());
        worst = std::max(
            {worst, (force[b] - inertial).norm(), std::abs(moment[b] - body.inertiaCom() * alpha)});
    }
    return worst / scale;
}

/// Forward dynamics driven by the inverse τ (plus the model's own applied forces, computed by
/// applied_forces.hpp): the relative errors of q̈ and λ, worst over the SSLM and augmented
/// solvers.
std::pair<double, double> roundTripError(const Model& model,
                                         const std::vector<int>& driven,
                                         const State& s,
                                         const Result& inverse,
                                         double t = 0.0) {
    const fixtures::EquationsAt at(model, s.q, s.qd);
    ForwardDynamicsWorkspace fws(model);
    AppliedForces applied(model);
    appliedForces(model, at.ws, t, applied);
    Eigen::VectorXd phi = at.dws.phi + applied.actuatorTau + applied.passiveTau;
    for (std::size_t d = 0; d < driven.size(); ++d) {
        phi[driven[d]] += inverse.tau[static_cast<Eigen::Index>(d)];
    }
    double qddError = 0;
    double lambdaError = 0;
    for (SolverKind kind : {SolverKind::Sslm, SolverKind::Augmented}) {
        if (!solveForwardDynamics(kind, model, at.with(phi), fws)) {
            return {1.0, 1.0};
        }
        qddError = std::max(qddError, relativeError(fws.qdd, s.qdd));
        lambdaError = std::max(lambdaError, relativeError(fws.lambda, inverse.lambda));
    }
    return {qddError, lambdaError};
}

/// Checks one state with every method: agreement, Newton–Euler balance, round trip. Returns
/// the subsystem method's result.
Result checkState(const Model& model,
                  const std::vector<int>& driven,
                  const State& s,
                  const QByteArray& label,
                  double* worstAgreement = nullptr,
                  double* worstBalance = nullptr,
                  double* worstRoundTrip = nullptr) {
    const Result reference = solve(model, driven, InverseMethod::Traditional, s);
    if (!reference.ok) {
        qWarning("%s: %s", label.constData(), reference.failure.c_str());
    }
    for (InverseMethod method : kMethods) {
        const Result r = solve(model, driven, method, s);
        if (!r.ok) {
            qWarning("%s: %s", label.constData(), r.failure.c_str());
        }
        const double agreement = std::max(
            {relativeError(r.tau, reference.tau), relativeError(r.lambda, reference.lambda),
             relativeError(r.reactionVector(), reference.reactionVector())});
        const double balance = newtonEulerResidual(model, s, r.reactions);
        const auto [qddError, lambdaError] = roundTripError(model, driven, s, r);
        if (worstAgreement != nullptr) {
            *worstAgreement = std::max(*worstAgreement, agreement);
            *worstBalance = std::max(*worstBalance, balance);
            *worstRoundTrip = std::max({*worstRoundTrip, qddError, lambdaError});
        }
        const QByteArray where = label + " (" + inverseMethodName(method) + ")";
        if (!r.ok || agreement >= kAgreementTol || balance >= kNewtonEulerTol ||
            qddError >= kRoundTripTol || lambdaError >= kRoundTripTol) {
            qWarning("%s: ok %d, agreement %.3g, Newton–Euler %.3g, round trip q̈ %.3g λ %.3g",
                     where.constData(), int(r.ok), agreement, balance, qddError, lambdaError);
            return Result{};
        }
    }
    return solve(model, driven, InverseMethod::Subsystem, s);
}

std::shared_ptr<const Model> compileWithCuts(const MechanismSpec& spec,
                                             const std::vector<std::string>& cuts) {
    CompileOptions options;
    options.cuts = cuts;
    return compileModel(spec, options).model;
}

std::vector<int> coordinatesNamed(const Model& model, const std::vector<std::string>& names) {
    std::vector<int> out;
    for (const std::string& name : names) {
        out.push_back(model.coordinateIndex(name));
    }
    return out;
}

/// The four-bar with springs and dampers on a tree joint and on the cut, and a constant torque
/// on the coupler pin besides the (zero-signal) crank actuator.
MechanismSpec springyFourBar() {
    MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
    for (JointSpec& joint : spec.joints) {
        if (joint.name == "J2") {
            joint.springDamper = SpringDamperSpec{50.0, 1.0, 2.0};
        }
        if (joint.name == "J8") {
            joint.springDamper = SpringDamperSpec{30.0, 0.5, 1.0};
        }
    }
    ActuatorSpec torque;
    torque.joint = "J3";
    torque.force.kind = SignalSpec::Kind::Constant;
    torque.force.value = 1.5;
    spec.actuators.push_back(torque);
    return spec;
}

} // namespace

class TestInverseDynamics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Three methods, Newton–Euler balance and round trip at random consistent states, for the
    // examples and several cut choices (including a fall-back plan, a prismatic tree joint, a
    // prismatic cut, springs, dampers and a non-driven actuator).
    void methodsAgreeAndBalance_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<QStringList>("cuts");
        QTest::addColumn<QStringList>("driven");
        QTest::newRow("four-bar, J8")
            << "four_bar.json" << QStringList{"J8"} << QStringList{"theta1"};
        QTest::newRow("four-bar, J3 (fall-back)")
            << "four_bar.json" << QStringList{"J3"} << QStringList{"theta1"};
        QTest::newRow("four-bar, J2")
            << "four_bar.json" << QStringList{"J2"} << QStringList{"theta1"};
        QTest::newRow("four-bar, springs")
            << "springy" << QStringList{"J8"} << QStringList{"theta1"};
        QTest::newRow("four-bar, springs, J3")
            << "springy" << QStringList{"J3"} << QStringList{"theta1"};
        QTest::newRow("scraper, paper cuts")
            << "carpet_scraper.json" << QStringList{"J8", "J9", "J10"} << QStringList{"theta1"};
        QTest::newRow("scraper, J3 J5 J7")
            << "carpet_scraper.json" << QStringList{"J3", "J5", "J7"} << QStringList{"theta1"};
        QTest::newRow("scraper, J2 J6 J9")
            << "carpet_scraper.json" << QStringList{"J2", "J6", "J9"} << QStringList{"theta1"};
        QTest::newRow("3-RRR, paper cuts") << "three_rrr.json" << QStringList{"J6", "J7"}
                                           << QStringList{"theta1", "theta6", "theta7"};
        QTest::newRow("3-RRR, J3 J7") << "three_rrr.json" << QStringList{"J3", "J7"}
                                      << QStringList{"theta1", "theta6", "theta7"};
        QTest::newRow("3-RRR, driving distal joints") << "three_rrr.json" << QStringList{"J6", "J7"}
                                                      << QStringList{"theta2", "theta4", "theta5"};
        QTest::newRow("slider-crank (prismatic tree joint)")
            << "slider_crank.json" << QStringList{"J3"} << QStringList{"theta1"};
        QTest::newRow("slider-crank driven by the slide")
            << "slider_crank.json" << QStringList{"J3"} << QStringList{"x4"};
        QTest::newRow("slider-crank, prismatic cut")
            << "slider" << QStringList{"J4"} << QStringList{"crank_angle"};
        QTest::newRow("Watt six-bar")
            << "watt_six_bar.json" << QStringList{} << QStringList{"theta1"};
    }

    void methodsAgreeAndBalance() {
        QFETCH(QString, mechanism);
        QFETCH(QStringList, cuts);
        QFETCH(QStringList, driven);
        const MechanismSpec spec = mechanism == "springy" ? springyFourBar()
                                   : mechanism == "slider"
                                       ? fixtures::sliderCrankPrismaticCut()
                                       : fixtures::exampleSpec(mechanism.toStdString());
        std::vector<std::string> cutNames;
        for (const QString& c : cuts) {
            cutNames.push_back(c.toStdString());
        }
        const auto model =
            cutNames.empty() ? fixtures::compiled(spec) : compileWithCuts(spec, cutNames);
        QVERIFY(model);
        std::vector<std::string> drivenNames;
        for (const QString& d : driven) {
            drivenNames.push_back(d.toStdString());
        }
        const std::vector<int> coordinates = coordinatesNamed(*model, drivenNames);
        QVERIFY(std::find(coordinates.begin(), coordinates.end(), -1) == coordinates.end());
        QVERIFY2(drivenCoordinatesError(*model, coordinates).empty(),
                 drivenCoordinatesError(*model, coordinates).c_str());

        const InitialState initial = assembleInitialState(*model);
        QVERIFY2(initial.report.converged, initial.report.message.c_str());
        const auto nd = static_cast<Eigen::Index>(coordinates.size());
        std::mt19937 rng(45);
        std::uniform_real_distribution<double> offset(-0.3, 0.3);
        std::uniform_real_distribution<double> rate(-5.0, 5.0);
        std::uniform_real_distribution<double> acceleration(-30.0, 30.0);
        double worstAgreement = 0;
        double worstBalance = 0;
        double worstRoundTrip = 0;
        int checked = 0;
        for (int trial = 0; trial < 12 && checked < 6; ++trial) {
            Eigen::VectorXd values(nd);
            Eigen::VectorXd rates(nd);
            Eigen::VectorXd accelerations(nd);
            for (Eigen::Index d = 0; d < nd; ++d) {
                const int k = coordinates[static_cast<std::size_t>(d)];
                const bool slide = !model->coordinates[k].angular;
                values[d] = initial.q[k] + (slide ? 0.1 : 1.0) * offset(rng);
                rates[d] = (slide ? 0.1 : 1.0) * rate(rng);
                accelerations[d] = (slide ? 0.1 : 1.0) * acceleration(rng);
            }
            const auto s =
                prescribedState(*model, coordinates, initial.q, values, rates, accelerations);
            if (!s) {
                continue;
            }
            ++checked;
            const QByteArray label =
                QTest::currentDataTag() + QByteArray(" trial ") + QByteArray::number(trial);
            const Result r = checkState(*model, coordinates, *s, label, &worstAgreement,
                                        &worstBalance, &worstRoundTrip);
            QVERIFY2(r.ok, label.constData());
        }
        QVERIFY2(checked >= 3, "too few states assembled");
        InverseDynamicsWorkspace iws(*model, coordinates);
        qInfo("%s: plan %s; worst agreement %.3g, Newton–Euler %.3g, round trip %.3g",
              QTest::currentDataTag(), describePlan(*model, iws).c_str(), worstAgreement,
              worstBalance, worstRoundTrip);
    }

    // The scraper at 45 rpm over a revolution, on every valid cut set that keeps the crank
    // joint J1 in the tree: the three methods agree and balance, τ and every joint's reaction
    // (by name) are the same whichever joints are cut.
    void scraperReactionsIndependentOfCuts() {
        const MechanismSpec spec = fixtures::exampleSpec("carpet_scraper.json");
        const auto reference = fixtures::compiled(spec);
        const InitialState initial = assembleInitialState(*reference);
        QVERIFY(initial.report.converged);
        const int theta1 = reference->coordinateIndex("theta1");
        std::vector<State> states;
        std::vector<Result> expected;
        for (double angle = 0.0; angle < 2.0 * M_PI; angle += 0.9) {
            const auto s = prescribedState(
                *reference, {theta1}, initial.q, Eigen::VectorXd::Constant(1, angle),
                Eigen::VectorXd::Constant(1, kCrankSpeed), Eigen::VectorXd::Zero(1));
            QVERIFY(s);
            states.push_back(*s);
            expected.push_back(solve(*reference, {theta1}, InverseMethod::Subsystem, *s));
            QVERIFY(expected.back().ok);
        }
        const int nJoints = static_cast<int>(spec.joints.size());
        int cutSets = 0;
        double worstAgreement = 0;
        double worstBalance = 0;
        double worstRoundTrip = 0;
        double worstPhysics = 0;
        std::map<std::vector<int>, int> patterns;
        for (int a = 0; a < nJoints; ++a) {
            for (int b = a + 1; b < nJoints; ++b) {
                for (int c = b + 1; c < nJoints; ++c) {
                    const auto model = compileWithCuts(
                        spec, {spec.joints[a].name, spec.joints[b].name, spec.joints[c].name});
                    if (!model || model->coordinateIndex("theta1") < 0) {
                        continue;
                    }
                    ++cutSets;
                    const std::vector<int> driven = {model->coordinateIndex("theta1")};
                    const QByteArray label =
                        QByteArray::fromStdString(spec.joints[a].name + "," + spec.joints[b].name +
                                                  "," + spec.joints[c].name);
                    for (std::size_t k = 0; k < states.size(); ++k) {
                        // the same pose in this cut choice's coordinates, then re-assembled
                        Workspace refWs(*reference);
                        updatePositions(*reference, refWs, states[k].q);
                        Eigen::VectorXd guess(model->nv());
                        for (int i = 0; i < model->nv(); ++i) {
                            guess[i] =
                                jointValue(*reference, refWs,
                                           reference->jointIndex(
                                               model->joints[model->coordinates[i].joint].name));
                        }
                        const auto s = prescribedState(
                            *model, driven, guess,
                            Eigen::VectorXd::Constant(1, states[k].q[theta1]),
                            Eigen::VectorXd::Constant(1, kCrankSpeed), Eigen::VectorXd::Zero(1));
                        QVERIFY2(s, label.constData());
                        const Result r = checkState(*model, driven, *s, label, &worstAgreement,
                                                    &worstBalance, &worstRoundTrip);
                        QVERIFY2(r.ok, label.constData());
                        ++patterns[r.blocks];
                        const double tauError = relativeError(r.tau, expected[k].tau);
                        const double reactionError =
                            relativeError(r.reactionVector(), expected[k].reactionVector());
                        worstPhysics = std::max({worstPhysics, tauError, reactionError});
                        QVERIFY2(tauError < kPhysicsTol && reactionError < kPhysicsTol,
                                 disagreement(label, QStringLiteral("state %1").arg(k),
                                              {{QStringLiteral("τ"), tauError},
                                               {QStringLiteral("reactions"), reactionError}})
                                     .constData());
                    }
                }
            }
        }
        QString patternText;
        for (const auto& [sizes, count] : patterns) {
            QStringList parts;
            for (int size : sizes) {
                parts << QString("%1×%1").arg(size);
            }
            patternText += QString(" [%1]: %2").arg(parts.join(", ")).arg(count);
        }
        qInfo("scraper: %d cut sets keep J1 in the tree; worst agreement %.3g, Newton–Euler %.3g, "
              "round trip %.3g, across cut sets %.3g; subsystem block patterns (states):%s",
              cutSets, worstAgreement, worstBalance, worstRoundTrip, worstPhysics,
              qPrintable(patternText));
        QVERIFY(cutSets > 20);
    }

    void subsystemPlans() {
        // the carpet scraper with the paper's cuts: seed 002 Sect. 6.1's 4×4, 2×2, 1×1
        {
            const auto model = fixtures::loadExample("carpet_scraper.json");
            InverseDynamicsWorkspace iws(*model, {model->coordinateIndex("theta1")});
            QCOMPARE(blockSizes(iws.plan), (std::vector<int>{4, 2, 1}));
            QCOMPARE(iws.plan[0].subsystems, std::vector<int>{2}); // pantograph #4–#7
            QCOMPARE(iws.plan[1].subsystems, std::vector<int>{1}); // rocker, coupler
            QCOMPARE(iws.plan[2].subsystems, std::vector<int>{0}); // crank
            QCOMPARE(iws.plan[0].loops, (std::vector<int>{1, 2}));
            QCOMPARE(iws.plan[1].loops, std::vector<int>{0});
            QCOMPARE(iws.plan[1].knownLoops, std::vector<int>{1});
            QCOMPARE(iws.plan[2].driven, std::vector<int>{0});
            for (const SubsystemBlock& block : iws.plan) {
                QVERIFY(!block.fallback);
            }
            qInfo("scraper plan: %s", describePlan(*model, iws).c_str());
        }
        // the four-bar of seed 002 Fig. 3(a) and 3(b): determinate rocker side, or all
        // indeterminate (system approach)
        const MechanismSpec fourBar = fixtures::exampleSpec("four_bar.json");
        {
            const auto model = compileWithCuts(fourBar, {"J8"});
            InverseDynamicsWorkspace iws(*model, {model->coordinateIndex("theta1")});
            QCOMPARE(blockSizes(iws.plan), (std::vector<int>{2, 1}));
        }
        {
            const auto model = compileWithCuts(fourBar, {"J3"});
            InverseDynamicsWorkspace iws(*model, {model->coordinateIndex("theta1")});
            QCOMPARE(blockSizes(iws.plan), std::vector<int>{3});
            QVERIFY(iws.plan[0].fallback);
            QCOMPARE(iws.plan[0].subsystems, (std::vector<int>{0, 1}));
            QVERIFY(QString::fromStdString(describePlan(*model, iws)).contains("system approach"));
        }
        // the 3-RRR: the platform's tree (5 DOF: λ of both cuts and τ1), then each proximal link
        {
            const auto model = fixtures::loadExample("three_rrr.json");
            std::string error;
            InverseDynamicsWorkspace iws(*model, actuatedCoordinates(*model, &error));
            QVERIFY(error.empty());
            QCOMPARE(blockSizes(iws.plan), (std::vector<int>{5, 1, 1}));
        }
    }

    void drivenSetsAreValidated() {
        const auto model = fixtures::loadExample("four_bar.json");
        const QString tooMany = QString::fromStdString(drivenCoordinatesError(*model, {0, 1}));
        QVERIFY2(tooMany.contains("1 degree of freedom") && tooMany.contains("theta1"),
                 qPrintable(tooMany));
        QVERIFY(QString::fromStdString(drivenCoordinatesError(*model, {7})).contains("exist"));
        QVERIFY(
            QString::fromStdString(drivenCoordinatesError(*model, {})).contains("drive exactly"));
        QVERIFY_EXCEPTION_THROWN((InverseDynamicsWorkspace(*model, {0, 1})), std::invalid_argument);
        // an actuated joint that this cut choice cuts has no coordinate
        const auto cutCrank = compileWithCuts(fixtures::exampleSpec("four_bar.json"), {"J1"});
        QVERIFY(cutCrank);
        std::string error;
        QVERIFY(actuatedCoordinates(*cutCrank, &error).empty());
        QVERIFY2(QString::fromStdString(error).contains("J1"), error.c_str());
        // wrong sizes
        InverseDynamicsWorkspace iws(*model, {0});
        const Eigen::VectorXd q = Eigen::VectorXd::Zero(model->nv());
        QVERIFY_EXCEPTION_THROWN(
            inverseDynamics(*model, iws, InverseMethod::System, 0.0, q, q, Eigen::VectorXd(2)),
            std::invalid_argument);
        QCOMPARE(inverseMethodFromName("traditional"), InverseMethod::Traditional);
        QCOMPARE(inverseMethodFromName("subsystem"), InverseMethod::Subsystem);
        QVERIFY(!inverseMethodFromName("fast"));
    }

    // At the parallelogram's change point (all links on the x axis) the x rows of J vanish:
    // every method reports a singular matrix and names the unknown, instead of returning NaN.
    void singularPoseIsReported() {
        const auto model = fixtures::compiled(fixtures::parallelogram());
        const Eigen::VectorXd zero = Eigen::VectorXd::Zero(model->nv());
        InverseDynamicsWorkspace iws(*model, {model->coordinateIndex("theta1")});
        for (InverseMethod method : kMethods) {
            const bool ok = inverseDynamics(*model, iws, method, 0.0, zero, zero, zero);
            QVERIFY(!ok);
            const QString failure = QString::fromStdString(iws.failure);
            QVERIFY2(failure.contains("singular") && failure.contains(inverseMethodName(method)),
                     qPrintable(failure));
            qInfo("%s", qPrintable(failure));
        }
    }

    // ∫τ ω dt over one constant-speed revolution of the conservative scraper (gravity, no
    // damping) is the change of its energy, which is zero as the motion is periodic. The
    // trapezoidal rule on equally spaced samples is spectrally accurate for a smooth periodic
    // integrand.
    void crankDoesNoNetWorkOverACycle() {
        const auto model = fixtures::loadExample("carpet_scraper.json");
        const InitialState initial = assembleInitialState(*model);
        const int theta1 = model->coordinateIndex("theta1");
        const double period = 2.0 * M_PI / kCrankSpeed;
        const int intervals = 256;
        for (InverseMethod method : kMethods) {
            InverseRunSettings settings;
            settings.method = method;
            settings.tEnd = period;
            settings.sampleInterval = period / intervals;
            std::vector<InverseSample> samples;
            const InverseRunSummary summary = runInverseDynamics(
                *model, {{theta1, constantSpeed(initial.q[theta1], kCrankSpeed)}}, initial.q,
                settings, {[&](const InverseSample& s) { samples.push_back(s); }, {}});
            QVERIFY2(summary.ok, summary.message.c_str());
            QCOMPARE(static_cast<int>(samples.size()), intervals + 1);
            double work = 0;
            double peakPower = 0;
            for (int k = 0; k < intervals; ++k) {
                work += samples[k].drivePower * settings.sampleInterval;
                peakPower = std::max(peakPower, std::abs(samples[k].drivePower));
            }
            const double energyChange =
                samples.back().kineticEnergy + samples.back().potentialEnergy -
                samples.front().kineticEnergy - samples.front().potentialEnergy;
            // the run kept its assembly branch over the revolution
            Eigen::VectorXd drift = samples.back().q - samples.front().q;
            drift[theta1] -= 2.0 * M_PI;
            for (int k = 0; k < model->nv(); ++k) {
                drift[k] = planar::wrapNear(drift[k], 0.0);
            }
            qInfo("%s: crank work over a cycle %.3g J (peak power %.3g W), ΔE %.3g J, pose drift "
                  "%.3g; %ld samples, %ld assemblies, %.3f s; plan %s",
                  inverseMethodName(method), work, peakPower, energyChange,
                  drift.cwiseAbs().maxCoeff(), summary.samples, summary.assemblies,
                  summary.wallSeconds, summary.plan.c_str());
            QVERIFY2(std::abs(work) < kWorkTol, qPrintable(QString::number(work)));
            QVERIFY(std::abs(energyChange) < kWorkTol);
            QVERIFY(drift.cwiseAbs().maxCoeff() < 1e-9);
            QVERIFY(summary.maxPositionViolation < 1e-12);
        }
    }

    // Energy balance along the run at every sample, not only over the cycle: d(T + V)/dt equals
    // the drive power, checked with fourth-order central differences of the energy during a
    // cycloidal crank motion (analytic inside its interval).
    void drivePowerIsTheRateOfEnergy() {
        const auto model = fixtures::loadExample("carpet_scraper.json");
        const InitialState initial = assembleInitialState(*model);
        const int theta1 = model->coordinateIndex("theta1");
        InverseRunSettings settings;
        settings.tEnd = 0.5;
        settings.sampleInterval = 5e-4;
        settings.reactions = JointReactions::Skip;
        std::vector<double> energy;
        std::vector<double> power;
        const InverseRunSummary summary = runInverseDynamics(
            *model, {{theta1, cycloidal(initial.q[theta1], initial.q[theta1] + 3.0, 0.0, 0.5)}},
            initial.q, settings,
            {[&](const InverseSample& s) {
                 energy.push_back(s.kineticEnergy + s.potentialEnergy);
                 power.push_back(s.drivePower);
             },
             {}});
        QVERIFY2(summary.ok, summary.message.c_str());
        const double h = settings.sampleInterval;
        double worst = 0;
        double scale = 1.0;
        for (std::size_t k = 2; k + 2 < energy.size(); ++k) {
            const double rate =
                (energy[k - 2] - 8.0 * energy[k - 1] + 8.0 * energy[k + 1] - energy[k + 2]) /
                (12.0 * h);
            worst = std::max(worst, std::abs(rate - power[k]));
            scale = std::max(scale, std::abs(power[k]));
        }
        qInfo("power balance over a cycloidal crank motion: worst |dE/dt − P| %.3g W of %.3g W",
              worst, scale);
        QVERIFY(worst < 1e-6 * scale);
    }

    void runFailsWithTimeAndCause() {
        // a crank-rocker driven by its rocker: the rocker cannot turn past its limit
        const auto model = fixtures::loadExample("four_bar.json");
        const InitialState initial = assembleInitialState(*model);
        const int theta2 = model->coordinateIndex("theta2");
        InverseRunSettings settings;
        settings.tEnd = 10.0;
        settings.sampleInterval = 0.01;
        const InverseRunSummary summary = runInverseDynamics(
            *model, {{theta2, constantSpeed(initial.q[theta2], 1.0)}}, initial.q, settings);
        QVERIFY(!summary.ok);
        QVERIFY(!summary.cancelled);
        QVERIFY(summary.samples > 0);
        const QString message = QString::fromStdString(summary.message);
        QVERIFY2(message.contains("t = ") &&
                     (message.contains("singular") || message.contains("cannot be assembled") ||
                      message.contains("toggle")),
                 qPrintable(message));
        qInfo("%s (last good sample at %.3f s)", qPrintable(message), summary.endTime);

        // the wrong number of driven coordinates is refused before any work
        const InverseRunSummary refused = runInverseDynamics(
            *model, {{0, constantSpeed(0, 1)}, {1, constantSpeed(0, 1)}}, initial.q, settings);
        QVERIFY(!refused.ok);
        QVERIFY(QString::fromStdString(refused.message).contains("degree"));
        QCOMPARE(refused.samples, 0L);
    }

    void runCanBeCancelled() {
        const auto model = fixtures::loadExample("carpet_scraper.json");
        const InitialState initial = assembleInitialState(*model);
        const int theta1 = model->coordinateIndex("theta1");
        InverseRunSettings settings;
        int seen = 0;
        const InverseRunSummary summary = runInverseDynamics(
            *model, {{theta1, constantSpeed(0.0, kCrankSpeed)}}, initial.q, settings,
            {[&](const InverseSample&) { ++seen; },
             [&](double) {
                 return seen < 3;
             }});
        QVERIFY(summary.cancelled);
        QVERIFY(!summary.ok);
        QCOMPARE(summary.samples, 3L);
        QCOMPARE(seen, 3);
    }

    void evaluationDoesNotAllocate_data() {
        QTest::addColumn<QString>("mechanism");
        for (const char* name : {"four_bar", "carpet_scraper", "three_rrr", "slider_crank",
                                 "watt_six_bar", "springy"}) {
            QTest::newRow(name) << name;
        }
    }

    void evaluationDoesNotAllocate() {
        QFETCH(QString, mechanism);
        const auto model = mechanism == "springy"
                               ? fixtures::compiled(springyFourBar())
                               : fixtures::loadExample(mechanism.toStdString() + ".json");
        const InitialState initial = assembleInitialState(*model);
        QVERIFY(initial.report.converged);
        std::string error;
        // the springy four-bar's second actuator (on J3) applies a known torque; only θ1 is driven
        const std::vector<int> driven = mechanism == "springy"
                                            ? std::vector<int>{model->coordinateIndex("theta1")}
                                            : actuatedCoordinates(*model, &error);
        QVERIFY2(error.empty(), error.c_str());
        Eigen::VectorXd qdd = Eigen::VectorXd::Zero(model->nv());
        {
            Workspace ws(*model);
            for (int k : driven) {
                qdd[k] = 3.0;
            }
            solveAccelerations(*model, ws, initial.q, initial.qd, qdd, driven);
        }
        InverseDynamicsWorkspace iws(*model, driven);
        for (InverseMethod method : kMethods) {
            QVERIFY(inverseDynamics(*model, iws, method, 0.0, initial.q, initial.qd, qdd));
            bench::startCountingAllocations();
            bool ok = true;
            const auto started = std::chrono::steady_clock::now();
            constexpr int kCalls = 1000;
            for (int call = 0; call < kCalls; ++call) {
                ok = inverseDynamics(*model, iws, method, 0.001 * call, initial.q, initial.qd,
                                     qdd) &&
                     ok;
            }
            const double ns =
                std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - started)
                    .count() /
                kCalls;
            const std::int64_t allocations = bench::stopCountingAllocations();
            QVERIFY(ok);
            QVERIFY2(allocations == 0, qPrintable(QString("%1 allocations in %2 calls (%3)")
                                                      .arg(allocations)
                                                      .arg(kCalls)
                                                      .arg(inverseMethodName(method))));
            qInfo("%s, %s: %.0f ns per evaluation with reactions", qPrintable(mechanism),
                  inverseMethodName(method), ns);
        }
        if (!bench::allocationCountingAvailable()) {
            QSKIP("evaluated, but allocations are not counted under AddressSanitizer");
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestInverseDynamics)
} // namespace tst_inverse_dynamics
#include "tst_inverse_dynamics.moc"
