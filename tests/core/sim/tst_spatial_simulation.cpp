// SPDX-License-Identifier: MIT
// Spatial mechanisms simulated: the RSSR keeps its energy and its loop closed over 2 s with
// either cut and any solver, every integrator and stabilisation runs it, and the spatial
// ladders of 1 and 6 cells move exactly alike (seed 003 Fig. 10: the ladder is one Hooke
// pendulum whatever its size). Joint forces on spatial tree joints (an actuator, a spring-damper)
// keep the energy balance E(t) − E(0) = actuator work + damper work; on a cut joint or a
// spherical joint they are refused with the joint named.

#include <cmath>

#include <QtTest>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_validate.hpp"
#include "core/util/diagnostic.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/test_main.hpp"

namespace tst_spatial_simulation {

using namespace sslm;
using fixtures::compiled;
using fixtures::preciseSettings;

namespace {

/// The samples of one run from the file's initial state: named coordinates over time.
struct Trajectory {
    SimulationSummary summary;
    std::vector<double> t;
    std::vector<std::vector<double>> values; ///< per sample, the requested coordinates
    double maxEnergyError = 0;
    double maxClosure = 0;
};

Trajectory
run(const Model& model, SimulationSettings settings, const std::vector<std::string>& coordinates) {
    const InitialState state = assembleInitialState(model);
    Trajectory out;
    std::vector<int> positions;
    for (const std::string& name : coordinates) {
        positions.push_back(positionIndex(model, model.coordinateIndex(name)));
    }
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        out.t.push_back(s.t);
        std::vector<double> row;
        for (int p : positions) {
            row.push_back(s.q[p]);
        }
        out.values.push_back(row);
        out.maxClosure = std::max(out.maxClosure, s.positionViolation);
    };
    out.summary = simulate(model, settings, state.q, state.qd, callbacks);
    out.maxEnergyError = out.summary.maxEnergyError;
    return out;
}

double largestDifference(const Trajectory& a, const Trajectory& b) {
    double worst = 0;
    for (std::size_t k = 0; k < std::min(a.values.size(), b.values.size()); ++k) {
        for (std::size_t i = 0; i < a.values[k].size(); ++i) {
            worst = std::max(worst, std::abs(a.values[k][i] - b.values[k][i]));
        }
    }
    return worst;
}

} // namespace

class TestSpatialSimulation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rssrKeepsEnergyAndClosureWithEitherCut() {
        std::vector<Trajectory> runs;
        for (const char* cut : {"J3", "J2"}) {
            const auto model = compiled(rssrSpec(cut));
            for (SolverKind solver : {SolverKind::Sslm, SolverKind::Slm}) {
                SimulationSettings settings = preciseSettings(2.0, 0.05);
                settings.solver = solver;
                Trajectory t = run(*model, settings, {"theta", "phi"});
                QVERIFY2(t.summary.ok, t.summary.message.c_str());
                QCOMPARE(static_cast<int>(t.t.size()), 41);
                QVERIFY2(t.maxEnergyError < 1e-8, qPrintable(QString::number(t.maxEnergyError)));
                QVERIFY2(t.maxClosure < 1e-12, qPrintable(QString::number(t.maxClosure)));
                runs.push_back(std::move(t));
            }
        }
        // the mechanism really moves (the crank swings through more than a radian) and every
        // run agrees
        double swing = 0;
        for (const auto& row : runs[0].values) {
            swing = std::max(swing, std::abs(row[0]));
        }
        QVERIFY2(swing > 1.0, qPrintable(QString::number(swing)));
        for (std::size_t i = 1; i < runs.size(); ++i) {
            QVERIFY2(largestDifference(runs[0], runs[i]) < 1e-7,
                     qPrintable(QString::number(largestDifference(runs[0], runs[i]))));
        }
    }

    void everyIntegratorAndStabilisationRuns_data() {
        QTest::addColumn<int>("integrator");
        QTest::addColumn<int>("stabilisation");
        for (int i = 0; i < 4; ++i) {
            for (int s = 0; s < 3; ++s) {
                QTest::addRow("integrator %d, stabilisation %d", i, s) << i << s;
            }
        }
    }

    void everyIntegratorAndStabilisationRuns() {
        QFETCH(int, integrator);
        QFETCH(int, stabilisation);
        // cut J3 leaves the spherical J2 (a quaternion) in the tree
        const auto model = compiled(rssrSpec("J3"));
        SimulationSettings settings;
        settings.tEnd = 0.5;
        settings.step = 1e-4;
        settings.rtol = 1e-9;
        settings.atol = 1e-9;
        settings.integrator = static_cast<IntegratorKind>(integrator);
        settings.stabilisation = static_cast<Stabilisation>(stabilisation);
        const Trajectory t = run(*model, settings, {"theta", "phi"});
        QVERIFY2(t.summary.ok, t.summary.message.c_str());
        QVERIFY2(t.maxEnergyError < 1e-5, qPrintable(QString::number(t.maxEnergyError)));
        QVERIFY2(t.maxClosure < 1e-6, qPrintable(QString::number(t.maxClosure)));
    }

    void laddersOfAnySizeMoveAsOnePendulum() {
        const auto small = compiled(spatialLadderSpec(1));
        const auto large = compiled(spatialLadderSpec(6));
        const Trajectory a = run(*small, preciseSettings(2.0, 0.05), {"a0", "b0", "a1", "b1"});
        const Trajectory b = run(*large, preciseSettings(2.0, 0.05), {"a0", "b0", "a6", "b6"});
        QVERIFY2(a.summary.ok, a.summary.message.c_str());
        QVERIFY2(b.summary.ok, b.summary.message.c_str());
        QVERIFY2(largestDifference(a, b) < 1e-8,
                 qPrintable(QString::number(largestDifference(a, b))));
        // every pendulum of a ladder has the same angles
        for (const auto& row : b.values) {
            QVERIFY(std::abs(row[0] - row[2]) < 1e-9 && std::abs(row[1] - row[3]) < 1e-9);
        }
        QVERIFY(b.maxEnergyError < 1e-8);
    }

    /// The RSSR with a constant torque on the crank J1 and a spring-damper on the rocker J4.
    static MechanismSpec forcedRssr(const std::string& cut) {
        MechanismSpec spec = rssrSpec(cut);
        ActuatorSpec motor;
        motor.joint = "J1";
        motor.force.kind = SignalSpec::Kind::Constant;
        motor.force.value = 0.02; // N·m
        spec.actuators.push_back(motor);
        for (JointSpec& joint : spec.joints) {
            if (joint.name == "J4") {
                joint.springDamper = SpringDamperSpec{0.5, 2.0, 0.002};
            }
        }
        return spec;
    }

    void jointForcesKeepTheEnergyBalance_data() {
        QTest::addColumn<QString>("cut");
        QTest::newRow("cut J3") << "J3";
        QTest::newRow("cut J2") << "J2";
    }

    void jointForcesKeepTheEnergyBalance() {
        QFETCH(QString, cut);
        const auto model = compiled(forcedRssr(cut.toStdString()));
        const InitialState state = assembleInitialState(*model);
        QVERIFY(state.report.converged);
        double worst = 0;
        double initial = 0;
        double work = 0;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            if (s.t == 0.0) {
                initial = s.totalEnergy;
            }
            worst =
                std::max(worst, std::abs(s.totalEnergy - initial - s.actuatorWork - s.damperWork));
            work = s.actuatorWork;
        };
        const SimulationSummary summary =
            simulate(*model, preciseSettings(2.0, 0.05), state.q, state.qd, callbacks);
        QVERIFY2(summary.ok, summary.message.c_str());
        qInfo("RSSR with motor and spring, cut %s: |E − E0 − W| ≤ %.3g J (motor work %.4g J)",
              qPrintable(cut), worst, work);
        QVERIFY(std::abs(work) > 1e-3);
        QVERIFY2(worst < 1e-9 * std::abs(initial), qPrintable(QString::number(worst)));
    }

    void jointForcesOnACutOrSphericalJointAreRefused() {
        // cutting the actuated crank joint: named, with the loop's other joints to cut instead
        MechanismSpec crankCut = forcedRssr("J3");
        crankCut.cuts = {"J1"};
        const CompileResult cutCrank = compileModel(crankCut);
        QVERIFY(!cutCrank.ok());
        const std::string text = formatDiagnostics(cutCrank.diagnostics);
        QVERIFY2(text.find("J1 carries an actuator but is cut") != std::string::npos &&
                     text.find("J2") != std::string::npos,
                 text.c_str());
        // an actuator on the spherical joint J2: one coordinate is needed
        MechanismSpec ball = rssrSpec("J3");
        ActuatorSpec motor;
        motor.joint = "J2";
        ball.actuators.push_back(motor);
        const std::string ballText = formatDiagnostics(validateSpec(ball));
        QVERIFY2(ballText.find("'J2' is a spherical joint") != std::string::npos, ballText.c_str());
        // limits on the cut crank joint: named like the actuator
        MechanismSpec limitedCut = rssrSpec("J3");
        limitedCut.cuts = {"J1"};
        limitedCut.joints[0].limits = JointLimitsSpec{-1.0, 1.0, 1e4, 0.5};
        const std::string limitedText = formatDiagnostics(compileModel(limitedCut).diagnostics);
        QVERIFY2(limitedText.find("J1 carries limits but is cut") != std::string::npos,
                 limitedText.c_str());
    }
};

SSLM_TEST_APPLESS_MAIN(TestSpatialSimulation)
} // namespace tst_spatial_simulation
#include "tst_spatial_simulation.moc"
