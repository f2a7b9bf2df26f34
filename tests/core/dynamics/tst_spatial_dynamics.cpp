// SPDX-License-Identifier: MIT
// The spatial kernel against the oracle of shared/spec/spatial.md at t = 0 (RSSR with either
// cut, spatial ladders of several sizes), the three solvers against each other on random
// consistent states, the analytic J and J̇v against finite differences, quaternion
// integration through a full turn, and no heap allocation per SSLM call.

#include <cmath>
#include <numbers>
#include <random>

#include <QtTest>

#include <Eigen/Geometry>

#include "core/dynamics/energies.hpp"
#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spatial_templates.hpp"

#include "bench/allocation_counter.hpp"
#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/test_main.hpp"

namespace tst_spatial_dynamics {

using namespace sslm;
using fixtures::relativeError;

namespace {

constexpr double kOracleTol = 1e-9;     // relative; the oracle is printed to ~11 digits
constexpr double kAgreementTol = 1e-10; // relative; the solver agreement bound

std::shared_ptr<const Model> compiled(const MechanismSpec& spec) {
    const CompileResult result = compileModel(spec);
    if (!result.ok()) {
        std::string text;
        for (const Diagnostic& d : result.diagnostics) {
            text += d.where + ": " + d.message + "\n";
        }
        qFatal("%s does not compile:\n%s", spec.name.c_str(), text.c_str());
    }
    return result.model;
}

double coordinate(const Model& model, const Eigen::VectorXd& values, const char* name) {
    const int k = model.coordinateIndex(name);
    Q_ASSERT(k >= 0);
    return values[k];
}

/// A consistent state near the file's: the inputs moved by up to `spread` (rad), random input
/// rates of up to 3 rad/s, assembled by Newton from the initial state.
InitialState randomState(const Model& model, std::mt19937& rng, double spread) {
    InitialState state = assembleInitialState(model);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    Workspace ws(model);
    for (int k : model.independent) {
        const Coordinate& c = model.coordinates[k];
        state.q[model.joints[c.joint].position + c.axis] += spread * unit(rng);
        state.qd[k] = 3.0 * unit(rng);
    }
    state.report = assemble(model, ws, state.q, model.independent);
    solveVelocities(model, ws, state.q, state.qd, model.independent);
    return state;
}

} // namespace

class TestSpatialDynamics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rssrCompilesWithItsCounts() {
        for (const char* cut : {"J3", "J2"}) {
            const auto model = compiled(rssrSpec(cut));
            QVERIFY(model->isSpatial());
            QCOMPARE(model->mobilityGrubler, 1);
            QCOMPARE(model->nLoops(), 1);
            // cut J3 (universal): 4 rows, tree R+S+R = 1+3+1; cut J2 (spherical): 3, R+U+R
            QCOMPARE(model->nConstraints(), std::string(cut) == "J3" ? 4 : 3);
            QCOMPARE(model->nv(), std::string(cut) == "J3" ? 5 : 4);
            QCOMPARE(model->nq(), std::string(cut) == "J3" ? 6 : 4);
        }
    }

    void rssrMatchesTheOracleAtTheReferencePose() {
        for (const char* cut : {"J3", "J2"}) {
            const auto model = compiled(rssrSpec(cut));
            const InitialState state = assembleInitialState(*model);
            QVERIFY2(state.report.converged, state.report.message.c_str());
            QVERIFY(state.report.residual < 1e-13);
            QVERIFY(std::abs(coordinate(*model, state.qd, "phi") - -1.4611588791) < 1e-9);
            for (SolverKind kind : {SolverKind::Sslm, SolverKind::Slm, SolverKind::Augmented}) {
                const fixtures::ForwardSolution s =
                    fixtures::forwardDynamicsAt(*model, kind, state.q, state.qd);
                QVERIFY2(std::abs(coordinate(*model, s.qdd, "theta") / -54.2822364043 - 1) <
                             kOracleTol,
                         qPrintable(QString::number(coordinate(*model, s.qdd, "theta"), 'g', 15)));
                QVERIFY2(std::abs(coordinate(*model, s.qdd, "phi") / 19.3656993343 - 1) <
                             kOracleTol,
                         qPrintable(QString::number(coordinate(*model, s.qdd, "phi"), 'g', 15)));
            }
            Workspace ws(*model);
            updatePositions(*model, ws, state.q);
            updateVelocities(*model, ws, state.qd);
            const double kinetic = kineticEnergy(*model, ws);
            const double total = kinetic + gravityPotentialEnergy(*model, ws);
            QVERIFY2(std::abs(kinetic - 0.013348882233) < 1e-11,
                     qPrintable(QString::number(kinetic, 'g', 15)));
            QVERIFY2(std::abs(total - 0.796494240071) < 1e-11,
                     qPrintable(QString::number(total, 'g', 15)));
        }
    }

    void rssrCutReactionIsTheOracleForce() {
        // J3 cut: λ's wrench is what the rocker (side B) exerts on the coupler (side A) at C
        const auto model = compiled(rssrSpec("J3"));
        const InitialState state = assembleInitialState(*model);
        const fixtures::ForwardSolution s =
            fixtures::forwardDynamicsAt(*model, SolverKind::Sslm, state.q, state.qd);
        Workspace ws(*model);
        updatePositions(*model, ws, state.q);
        std::vector<CutReaction> reactions(1);
        cutReactions(*model, ws, s.lambda, reactions);
        const CutReaction& wrench = reactions.front();
        const Eigen::Vector3d oracle(-0.62845735, -1.10443245, 1.03629988);
        QVERIFY2((wrench.force - oracle).cwiseAbs().maxCoeff() < 1e-7,
                 qPrintable(QString("%1 %2 %3")
                                .arg(wrench.force.x(), 0, 'g', 10)
                                .arg(wrench.force.y(), 0, 'g', 10)
                                .arg(wrench.force.z(), 0, 'g', 10)));
        const Eigen::Vector3d c(0.10, 0.0779651876954, 0.1507362912759);
        QVERIFY((wrench.point - c).norm() < 1e-9);
        // a universal joint transmits a moment only along a₁ × a₂
        Workspace wsAxes(*model);
        updatePositions(*model, wsAxes, state.q);
        const Joint& j3 = model->joints[model->cuts[0]];
        const Eigen::Vector3d normal = (wsAxes.rotation[j3.bodyA] * j3.axis_A)
                                           .cross(wsAxes.rotation[j3.bodyB] * j3.axis_B)
                                           .normalized();
        QVERIFY((wrench.moment - wrench.moment.dot(normal) * normal).norm() < 1e-12);
    }

    void ladderMatchesThePendulumOracleForEverySize() {
        for (int cells : {1, 2, 8}) {
            const auto model = compiled(spatialLadderSpec(cells));
            QCOMPARE(model->mobilityGrubler, 2);
            QCOMPARE(model->nConstraints(), 4 * cells);
            QCOMPARE(model->nv(), 4 * cells + 2);
            const InitialState state = assembleInitialState(*model);
            QVERIFY2(state.report.converged, state.report.message.c_str());
            QVERIFY(std::abs(coordinate(*model, state.qd, "c1") - 0.8) < 1e-12);
            Workspace ws(*model);
            updatePositions(*model, ws, state.q);
            updateVelocities(*model, ws, state.qd);
            const double energy = kineticEnergy(*model, ws) + gravityPotentialEnergy(*model, ws);
            QVERIFY2(std::abs(energy - -8.270236712852) < 1e-11,
                     qPrintable(QString::number(energy, 'g', 15)));
            for (SolverKind kind : {SolverKind::Sslm, SolverKind::Slm, SolverKind::Augmented}) {
                const fixtures::ForwardSolution s =
                    fixtures::forwardDynamicsAt(*model, kind, state.q, state.qd);
                for (int i = 0; i <= cells; ++i) {
                    const std::string a = "a" + std::to_string(i);
                    const std::string b = "b" + std::to_string(i);
                    QVERIFY2(
                        std::abs(coordinate(*model, s.qdd, a.c_str()) / -5.0418314801 - 1) <
                            kOracleTol,
                        qPrintable(QString("L=%1 %2: %3")
                                       .arg(cells)
                                       .arg(a.c_str())
                                       .arg(coordinate(*model, s.qdd, a.c_str()), 0, 'g', 15)));
                    QVERIFY(std::abs(coordinate(*model, s.qdd, b.c_str()) / -3.2747414295 - 1) <
                            kOracleTol);
                }
            }
        }
    }

    void solversAgreeOnRandomStates_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("RSSR cut J3") << "rssr-J3";
        QTest::newRow("RSSR cut J2") << "rssr-J2";
        QTest::newRow("ladder L=1") << "ladder-1";
        QTest::newRow("ladder L=3") << "ladder-3";
    }

    void solversAgreeOnRandomStates() {
        QFETCH(QString, mechanism);
        const MechanismSpec spec = mechanism.startsWith("rssr")
                                       ? rssrSpec(mechanism.section('-', 1).toStdString())
                                       : spatialLadderSpec(mechanism.section('-', 1).toInt());
        const auto model = compiled(spec);
        std::mt19937 rng(7);
        for (int trial = 0; trial < 20; ++trial) {
            const InitialState state = randomState(*model, rng, 0.6);
            QVERIFY2(state.report.converged, state.report.message.c_str());
            const fixtures::ForwardSolution sslm =
                fixtures::forwardDynamicsAt(*model, SolverKind::Sslm, state.q, state.qd);
            for (SolverKind kind : {SolverKind::Slm, SolverKind::Augmented}) {
                const fixtures::ForwardSolution other =
                    fixtures::forwardDynamicsAt(*model, kind, state.q, state.qd);
                QVERIFY2(relativeError(sslm.qdd, other.qdd) < kAgreementTol,
                         qPrintable(QString::number(relativeError(sslm.qdd, other.qdd))));
                QVERIFY2(relativeError(sslm.lambda, other.lambda) < kAgreementTol,
                         qPrintable(QString::number(relativeError(sslm.lambda, other.lambda))));
            }
            // the accelerations keep the loops closed: J q̈ = −J̇v
            Workspace ws(*model);
            updatePositions(*model, ws, state.q);
            updateVelocities(*model, ws, state.qd);
            const Eigen::VectorXd closure =
                constraintJacobian(*model, ws) * sslm.qdd + constraintBias(*model, ws);
            QVERIFY(closure.cwiseAbs().maxCoeff() < 1e-9 * std::max(1.0, sslm.qdd.norm()));
        }
    }

    void solversAgreeForEveryCutOfTheRssr() {
        // any one of the loop's four joints may be cut: revolute cuts (5 rows) at J1 or J4, the
        // spherical (3) at J2, the universal (4) at J3; the tree then runs through the other
        // three, some of them from their child side
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        for (const char* cut : {"J1", "J2", "J3", "J4"}) {
            CompileOptions options;
            options.cuts = std::vector<std::string>{cut};
            const CompileResult result = compileModel(rssrSpec("J3"), options);
            QVERIFY2(result.ok(), cut);
            const Model& model = *result.model;
            QCOMPARE(model.nConstraints(),
                     constraintRowCount(model.joints[model.cuts[0]].type, MotionSpace::Spatial));
            // drive the coordinate that stays in the tree: theta unless J1 is cut
            const int input = model.coordinateIndex(std::string(cut) == "J1" ? "phi" : "theta");
            QVERIFY(input >= 0);
            for (int trial = 0; trial < 10; ++trial) {
                InitialState state = assembleInitialState(model);
                QVERIFY2(state.report.converged, state.report.message.c_str());
                Workspace ws(model);
                const Coordinate& c = model.coordinates[input];
                // the crank turns fully; the rocker swings through a fraction of a radian only
                const double spread = std::string(cut) == "J1" ? 0.1 : 0.6;
                state.q[model.joints[c.joint].position + c.axis] += spread * unit(rng);
                const AssemblyReport report = assemble(model, ws, state.q, {input});
                QVERIFY2(report.converged,
                         qPrintable(QString("cut %1: %2").arg(cut).arg(report.message.c_str())));
                state.qd.setZero();
                state.qd[input] = 3.0 * unit(rng);
                solveVelocities(model, ws, state.q, state.qd, {input});
                updatePositions(model, ws, state.q);
                QVERIFY(constraintResidual(model, ws).cwiseAbs().maxCoeff() < 1e-12);
                const fixtures::ForwardSolution sslm =
                    fixtures::forwardDynamicsAt(model, SolverKind::Sslm, state.q, state.qd);
                for (SolverKind kind : {SolverKind::Slm, SolverKind::Augmented}) {
                    const fixtures::ForwardSolution other =
                        fixtures::forwardDynamicsAt(model, kind, state.q, state.qd);
                    QVERIFY2(relativeError(sslm.qdd, other.qdd) < kAgreementTol, cut);
                    QVERIFY2(relativeError(sslm.lambda, other.lambda) < kAgreementTol, cut);
                }
            }
            // at the reference pose every cut gives the oracle's crank acceleration
            InitialState state = assembleInitialState(model);
            Workspace ws(model);
            state.qd.setZero();
            if (std::string(cut) == "J1") {
                state.qd[model.coordinateIndex("phi")] = -1.4611588791;
            } else {
                state.qd[model.coordinateIndex("theta")] = 2.0 * std::numbers::pi;
            }
            const int held = model.coordinateIndex(std::string(cut) == "J1" ? "phi" : "theta");
            solveVelocities(model, ws, state.q, state.qd, {held});
            const fixtures::ForwardSolution s =
                fixtures::forwardDynamicsAt(model, SolverKind::Sslm, state.q, state.qd);
            if (std::string(cut) != "J1") {
                QVERIFY2(std::abs(coordinate(model, s.qdd, "theta") / -54.2822364043 - 1) < 1e-8,
                         qPrintable(QString("%1: %2").arg(cut).arg(
                             coordinate(model, s.qdd, "theta"), 0, 'g', 12)));
            }
            if (std::string(cut) != "J4") {
                QVERIFY2(std::abs(coordinate(model, s.qdd, "phi") / 19.3656993343 - 1) < 1e-6,
                         qPrintable(QString("%1: %2").arg(cut).arg(coordinate(model, s.qdd, "phi"),
                                                                   0, 'g', 12)));
            }
        }
    }

    void jacobianAndBiasMatchFiniteDifferences() {
        // on arbitrary (unassembled) states, for every cut type the kernel has
        for (const char* cut : {"J3", "J2"}) {
            const auto model = compiled(rssrSpec(cut));
            std::mt19937 rng(3);
            std::uniform_real_distribution<double> unit(-1.0, 1.0);
            for (int trial = 0; trial < 5; ++trial) {
                Eigen::VectorXd q = assembleInitialState(*model).q;
                Eigen::VectorXd v(model->nv());
                for (int k = 0; k < model->nv(); ++k) {
                    v[k] = unit(rng);
                }
                integratePositions(*model, q, v, 0.7, q); // off the manifold
                Workspace ws(*model);
                updatePositions(*model, ws, q);
                updateVelocities(*model, ws, v);
                const Eigen::VectorXd jv = constraintJacobian(*model, ws) * v;
                const Eigen::VectorXd bias = constraintBias(*model, ws);
                const double h = 1e-6;
                Eigen::VectorXd plus(q.size());
                Eigen::VectorXd minus(q.size());
                integratePositions(*model, q, v, h, plus);
                integratePositions(*model, q, v, -h, minus);
                updatePositions(*model, ws, plus);
                const Eigen::VectorXd phiPlus = constraintResidual(*model, ws);
                const Eigen::VectorXd jvPlus = constraintJacobian(*model, ws) * v;
                updatePositions(*model, ws, minus);
                const Eigen::VectorXd phiMinus = constraintResidual(*model, ws);
                const Eigen::VectorXd jvMinus = constraintJacobian(*model, ws) * v;
                QVERIFY2(((phiPlus - phiMinus) / (2 * h) - jv).cwiseAbs().maxCoeff() < 1e-8, cut);
                QVERIFY2(((jvPlus - jvMinus) / (2 * h) - bias).cwiseAbs().maxCoeff() < 1e-7, cut);
            }
        }
    }

    void massMatrixAndForcesMatchTheEnergy() {
        // M from CRBA equals the Hessian of the kinetic energy in v, φ = −∂V/∂q at rest
        const auto model = compiled(spatialLadderSpec(2));
        const InitialState state = assembleInitialState(*model);
        Workspace ws(*model);
        DynamicsWorkspace dws(*model);
        updatePositions(*model, ws, state.q);
        updateVelocities(*model, ws, state.qd);
        treeDynamics(*model, ws, dws);
        QVERIFY(std::abs(0.5 * state.qd.dot(dws.M * state.qd) - kineticEnergy(*model, ws)) < 1e-13);
        const Eigen::VectorXd rest = Eigen::VectorXd::Zero(model->nv());
        updateVelocities(*model, ws, rest);
        gravityAndVelocityForces(*model, ws, dws);
        const double h = 1e-6;
        for (int k = 0; k < model->nv(); ++k) {
            Eigen::VectorXd direction = Eigen::VectorXd::Unit(model->nv(), k);
            Eigen::VectorXd moved(state.q.size());
            integratePositions(*model, state.q, direction, h, moved);
            updatePositions(*model, ws, moved);
            const double up = gravityPotentialEnergy(*model, ws);
            integratePositions(*model, state.q, direction, -h, moved);
            updatePositions(*model, ws, moved);
            const double down = gravityPotentialEnergy(*model, ws);
            QVERIFY(std::abs(-(up - down) / (2 * h) - dws.phi[k]) < 1e-7);
        }
    }

    void sphericalJointTurnsFullyWithoutSingularity() {
        // the RSSR cut at J3 has the spherical J2 in its tree: turn it a whole revolution about
        // an axis through its gimbal-lock orientations of any Euler chart
        const auto model = compiled(rssrSpec("J3"));
        const Joint& j2 = model->joints[model->jointIndex("J2")];
        const Eigen::VectorXd q0 = assembleInitialState(*model).q;
        Eigen::VectorXd v = Eigen::VectorXd::Zero(model->nv());
        v.segment<3>(j2.coordinate) = Eigen::Vector3d(0.0, 1.0, 1.0).normalized();
        Eigen::VectorXd q = q0;
        const int steps = 1000;
        for (int i = 0; i < steps; ++i) {
            integratePositions(*model, q, v, 2.0 * std::numbers::pi / steps, q);
            normalizePositions(*model, q);
        }
        const Eigen::Matrix3d start = jointRotation(*model, j2, q0);
        const Eigen::Matrix3d end = jointRotation(*model, j2, q);
        QVERIFY((start - end).cwiseAbs().maxCoeff() < 1e-12);
        // and the difference inverts the integration
        Eigen::VectorXd moved(q0.size());
        integratePositions(*model, q0, v, 0.3, moved);
        Eigen::VectorXd back(model->nv());
        differencePositions(*model, moved, q0, back);
        QVERIFY((back - 0.3 * v).cwiseAbs().maxCoeff() < 1e-14);
        // the position rates are the quaternion's derivative
        Eigen::VectorXd rates(q0.size());
        positionRates(*model, q0, v, rates);
        integratePositions(*model, q0, v, 1e-7, moved);
        QVERIFY(((moved - q0) / 1e-7 - rates).cwiseAbs().maxCoeff() < 1e-6);
    }

    void sslmDoesNotAllocate() {
        if (!bench::allocationCountingAvailable()) {
            QSKIP("allocations are not counted under AddressSanitizer");
        }
        const auto model = compiled(spatialLadderSpec(4));
        const InitialState state = assembleInitialState(*model);
        Workspace ws(*model);
        DynamicsWorkspace dws(*model);
        ForwardDynamicsWorkspace fws(*model);
        Eigen::VectorXd psi(model->nConstraints());
        bench::startCountingAllocations();
        for (int call = 0; call < 100; ++call) {
            updatePositions(*model, ws, state.q);
            updateVelocities(*model, ws, state.qd);
            treeDynamics(*model, ws, dws);
            constraintJacobian(*model, ws);
            psi = -constraintBias(*model, ws);
            solveForwardDynamics(SolverKind::Sslm, *model, {dws.M, dws.phi, ws.J, psi}, fws);
        }
        const std::int64_t allocations = bench::stopCountingAllocations();
        QCOMPARE(allocations, std::int64_t(0));
    }
};

SSLM_TEST_APPLESS_MAIN(TestSpatialDynamics)
} // namespace tst_spatial_dynamics
#include "tst_spatial_dynamics.moc"
