// SPDX-License-Identifier: MIT
// The 6-UPS Stewart–Gough platform template: 6 DOF by Grübler and by the rank of J, assembled
// at its reference pose with the five cut loops closed, the four solvers agreeing on
// consistent states, and 2 s of free motion that keeps its energy (undamped springs) or loses
// exactly the damper work (damped ones).

#include <cmath>
#include <random>

#include <QElapsedTimer>
#include <QtTest>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_validate.hpp"
#include "core/util/diagnostic.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/test_main.hpp"

namespace tst_stewart_platform {

using namespace sslm;
using fixtures::compiled;
using fixtures::preciseSettings;
using fixtures::relativeError;

namespace {

constexpr double kClosureTol = 1e-12;   // m: loop closure of an assembled state
constexpr double kAgreementTol = 1e-10; // relative: the four solvers on q̈ and λ

/// A free run of 2 s from the file's initial state: the largest energy error, closure, the
/// damper balance |E − E0 − W_damper| and how far the platform centre moved.
struct Run {
    SimulationSummary summary;
    double initialEnergy = 0;
    double maxEnergyError = 0;
    double maxBalanceError = 0;
    double damperWork = 0;
    double maxClosure = 0;
    double heave = 0;    ///< m: largest |z − z0| of the platform centre
    double sway = 0;     ///< m: largest horizontal distance of the centre from its start
    double maxTwist = 0; ///< rad: largest turn of the platform about z
    double wallSeconds = 0;
};

Run simulateTwoSeconds(const Model& model, SolverKind solver = SolverKind::Sslm) {
    const InitialState state = assembleInitialState(model);
    Run out;
    const int platform = model.bodyIndex("platform");
    Workspace ws(model);
    Eigen::Vector3d start = Eigen::Vector3d::Zero();
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        const Eigen::Vector3d centre = s.points.front();
        if (s.t == 0.0) {
            out.initialEnergy = s.totalEnergy;
            start = centre;
        }
        out.maxEnergyError =
            std::max(out.maxEnergyError, std::abs(s.totalEnergy - out.initialEnergy));
        out.maxBalanceError = std::max(out.maxBalanceError,
                                       std::abs(s.totalEnergy - out.initialEnergy - s.damperWork));
        out.damperWork = s.damperWork;
        out.maxClosure = std::max(out.maxClosure, s.positionViolation);
        out.heave = std::max(out.heave, std::abs(centre.z() - start.z()));
        out.sway = std::max(out.sway, (centre - start).head<2>().norm());
        updatePositions(model, ws, s.q);
        const Eigen::Matrix3d& r = ws.rotation[platform];
        out.maxTwist = std::max(out.maxTwist, std::abs(std::atan2(r(1, 0), r(0, 0))));
    };
    SimulationSettings settings = preciseSettings(2.0);
    settings.solver = solver;
    QElapsedTimer timer;
    timer.start();
    out.summary = simulate(model, settings, state.q, state.qd, callbacks);
    out.wallSeconds = static_cast<double>(timer.nsecsElapsed()) * 1e-9;
    return out;
}

} // namespace

class TestStewartPlatform : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void isValidWithSixDegreesOfFreedom() {
        const MechanismSpec spec = stewartPlatformSpec();
        const Diagnostics problems = validateSpec(spec);
        QVERIFY2(problems.empty(), formatDiagnostics(problems).c_str());
        const auto model = compiled(spec);
        QCOMPARE(static_cast<int>(model->bodies.size()), 14); // ground + 13
        QCOMPARE(model->mobilityGrubler, 6);
        QCOMPARE(model->nLoops(), 5);
        QCOMPARE(model->nConstraints(), 15); // five spherical cuts, 3 rows each
        QCOMPARE(model->nv(), 21);           // 6 × (2 + 1) + 3
        QCOMPARE(static_cast<int>(model->independent.size()), 6);
        const InitialState state = assembleInitialState(*model);
        QVERIFY2(state.report.converged, state.report.message.c_str());
        Workspace ws(*model);
        updatePositions(*model, ws, state.q);
        const MobilityAtPose mobility = mobilityAtPose(*model, ws);
        QCOMPARE(mobility.dof, 6);
        const double smallest = mobility.singularValues[mobility.singularValues.size() - 1];
        qInfo("rank of J: 15 of 21 columns, σ_min/σ_max = %.3g",
              smallest / mobility.singularValues[0]);
        QVERIFY(smallest > 1e-3 * mobility.singularValues[0]);
    }

    void assemblesAtTheReferencePose() {
        const auto model = compiled(stewartPlatformSpec());
        const InitialState state = assembleInitialState(*model);
        QVERIFY2(state.report.converged, state.report.message.c_str());
        Workspace ws(*model);
        updatePositions(*model, ws, state.q);
        updateVelocities(*model, ws, state.qd);
        const double closure = constraintResidual(*model, ws).cwiseAbs().maxCoeff();
        const double rateClosure =
            (constraintJacobian(*model, ws) * state.qd).cwiseAbs().maxCoeff();
        qInfo("assembled: closure %.3g m, rate closure %.3g m/s", closure, rateClosure);
        QVERIFY2(closure <= kClosureTol, qPrintable(QString::number(closure)));
        QVERIFY2(rateClosure <= kClosureTol, qPrintable(QString::number(rateClosure)));
        // the reference pose: every universal joint at 0, the platform's frame W raised 0.6 m,
        // turning at 1 rad/s about z with its centre at rest
        for (int i = 1; i <= 6; ++i) {
            for (const char* axis : {".1", ".2"}) {
                const std::string name = "U" + std::to_string(i) + axis;
                const int k = model->coordinateIndex(name);
                QVERIFY2(k >= 0, name.c_str());
                QVERIFY(std::abs(state.q[positionIndex(*model, k)]) < 1e-12);
            }
        }
        const int platform = model->bodyIndex("platform");
        QVERIFY((ws.position[platform] - Eigen::Vector3d(0.0, 0.0, 0.6)).norm() < 1e-12);
        QVERIFY(ws.rotation[platform].isIdentity(1e-12));
        const Eigen::VectorXd twist = ws.twist[platform];
        Eigen::VectorXd expected = Eigen::VectorXd::Zero(6);
        expected[2] = 1.0; // ω = (0, 0, 1) rad/s; the velocity of W's origin, on the z axis, is 0
        QVERIFY2((twist - expected).norm() < 1e-12,
                 qPrintable(QString::number((twist - expected).norm())));
    }

    void solversAgreeOnConsistentStates() {
        const auto model = compiled(stewartPlatformSpec());
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        double worst = 0;
        for (int trial = 0; trial < 5; ++trial) {
            InitialState state = assembleInitialState(*model);
            for (int k : model->independent) {
                state.q[positionIndex(*model, k)] += 0.04 * unit(rng); // leg lengths ± 4 cm
                state.qd[k] = 0.2 * unit(rng);                         // ± 0.2 m/s
            }
            Workspace ws(*model);
            const AssemblyReport report = assemble(*model, ws, state.q, model->independent);
            QVERIFY2(report.converged, report.message.c_str());
            solveVelocities(*model, ws, state.q, state.qd, model->independent);
            updatePositions(*model, ws, state.q);
            QVERIFY(constraintResidual(*model, ws).cwiseAbs().maxCoeff() <= kClosureTol);
            const fixtures::ForwardSolution sslm =
                fixtures::forwardDynamicsAt(*model, SolverKind::Sslm, state.q, state.qd);
            for (SolverKind kind : {SolverKind::Slm, SolverKind::Augmented, SolverKind::Rcr}) {
                const fixtures::ForwardSolution other =
                    fixtures::forwardDynamicsAt(*model, kind, state.q, state.qd);
                worst = std::max({worst, relativeError(other.qdd, sslm.qdd),
                                  relativeError(other.lambda, sslm.lambda)});
            }
            updateVelocities(*model, ws, state.qd);
            const Eigen::VectorXd closure =
                constraintJacobian(*model, ws) * sslm.qdd + constraintBias(*model, ws);
            QVERIFY(closure.cwiseAbs().maxCoeff() < 1e-9 * std::max(1.0, sslm.qdd.norm()));
        }
        qInfo("SSLM, SLM, augmented and RCR agree on q̈ and λ to %.3g relative", worst);
        QVERIFY2(worst < kAgreementTol, qPrintable(QString::number(worst)));
    }

    void keepsItsEnergyForTwoSeconds() {
        const auto model = compiled(stewartPlatformSpec());
        const Run run = simulateTwoSeconds(*model);
        QVERIFY2(run.summary.ok, run.summary.message.c_str());
        const double drift = run.maxEnergyError / std::abs(run.initialEnergy);
        qInfo("2 s, dopri5 rtol 1e-11: energy drift %.3g relative, closure %.3g m, %ld steps, "
              "%.2f s wall; heave %.1f mm, sway %.2f mm, twist %.3f rad",
              drift, run.maxClosure, run.summary.steps, run.wallSeconds, 1e3 * run.heave,
              1e3 * run.sway, run.maxTwist);
        QVERIFY2(drift < 1e-8, qPrintable(QString::number(drift)));
        QVERIFY2(run.maxClosure < 1e-10, qPrintable(QString::number(run.maxClosure)));
        // it visibly moves, but stays near its reference pose
        QVERIFY(run.heave > 5e-3 && run.heave < 0.05);
        QVERIFY(run.maxTwist > 0.02 && run.maxTwist < 0.3);
    }

    void dampersTakeTheirWork() {
        MechanismSpec spec = stewartPlatformSpec();
        for (JointSpec& joint : spec.joints) {
            if (joint.springDamper) {
                joint.springDamper->damping = 20.0; // N·s/m
            }
        }
        const auto model = compiled(spec);
        const Run run = simulateTwoSeconds(*model);
        QVERIFY2(run.summary.ok, run.summary.message.c_str());
        const double balance = run.maxBalanceError / std::abs(run.initialEnergy);
        qInfo("damped legs: damper work %.4g J, |E − E0 − W| ≤ %.3g relative", run.damperWork,
              balance);
        QVERIFY(run.damperWork < -0.1);
        QVERIFY2(balance < 1e-9, qPrintable(QString::number(balance)));
    }
};

SSLM_TEST_APPLESS_MAIN(TestStewartPlatform)
} // namespace tst_stewart_platform
#include "tst_stewart_platform.moc"
