// SPDX-License-Identifier: MIT
// Forced simulation as in seed 000 (Table 2's footnote, Figs. 7–8): the driving torques inverse
// dynamics finds for a desired motion, fed to the SSLM forward dynamics, reproduce that motion.
// The scraper at 45 rpm over one crank cycle deviates from it by less than 1e-8 rad at tight
// tolerance; the 3-RRR follows cycloidal moves of its three base joints; a PD correction holds
// the motion when the torque history is wrong; forcedSpec keeps the cuts and the other
// actuators; bad histories are refused with the reason.

#include <QtTest>

#include "core/inverse/forced_drive.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_forced_drive {

using namespace sslm;

namespace {

constexpr double kCrankSpeed = 4.7124; // rad/s: 45 rpm, seed 002 Sect. 6.1.1
constexpr double kDeviationTol = 1e-8; // rad: the bound over one crank cycle
constexpr double kCrankPeriod = 2.0 * M_PI / kCrankSpeed; // s: one crank revolution

struct InverseHistory {
    DriveHistory history;
    InverseRunSummary summary;
};

InverseHistory inverseHistory(const Model& model,
                              const std::vector<DrivenMotion>& motions,
                              double tEnd,
                              double sampleInterval) {
    const InitialState initial = assembleInitialState(model);
    InverseRunSettings settings;
    settings.tEnd = tEnd;
    settings.sampleInterval = sampleInterval;
    settings.reactions = JointReactions::Skip;
    std::vector<InverseSample> samples;
    InverseHistory out;
    out.summary = runInverseDynamics(model, motions, initial.q, settings,
                                     {[&](const InverseSample& s) { samples.push_back(s); }, {}});
    out.history = driveHistory(samples, motions);
    return out;
}

/// The scraper's crank theta1 turning at kCrankSpeed from its assembled initial value.
DrivenMotion turningCrank(const Model& model) {
    const int theta1 = model.coordinateIndex("theta1");
    return {theta1, constantSpeed(assembleInitialState(model).q[theta1], kCrankSpeed)};
}

struct ForcedRun {
    SimulationSummary summary;
    Eigen::VectorXd maxDeviation; ///< per coordinate over the samples (rad or m)
    int samples = 0;
};

ForcedRun forcedRun(const Model& model,
                    const DriveHistory& history,
                    const ForcedDriveGains& gains,
                    double tolerance,
                    double tauScale = 1.0) {
    DriveHistory drive = history;
    drive.tau *= tauScale;
    const CompileResult compiled = compileModel(forcedSpec(model, drive, gains));
    if (!compiled.ok()) {
        qFatal("%s", formatDiagnostics(compiled.diagnostics).c_str());
    }
    const DesiredMotion desired(model, history);
    SimulationSettings settings;
    settings.integrator = IntegratorKind::Rkf78;
    settings.rtol = tolerance;
    settings.atol = tolerance;
    settings.tEnd = desired.duration();
    settings.sampleInterval = 0.01;
    ForcedRun run;
    run.maxDeviation = Eigen::VectorXd::Zero(model.nv());
    Eigen::VectorXd deviation(model.nv());
    run.summary = simulate(*compiled.model, settings, history.q.col(0), history.qd.col(0),
                           {[&](const Sample& s) {
                                desired.deviation(s.t, s.q, deviation);
                                run.maxDeviation = run.maxDeviation.cwiseMax(deviation.cwiseAbs());
                                ++run.samples;
                            },
                            {}});
    return run;
}

} // namespace

class TestForcedDrive : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The crank at 45 rpm for one revolution, τ sampled every 1 ms: every joint angle of the
    // forced run stays within 1e-8 rad of the desired motion at tolerance 1e-12.
    void scraperReproducesOneCrankCycle() {
        const auto model = fixtures::loadExample("carpet_scraper.json");
        const int theta1 = model->coordinateIndex("theta1");
        const InverseHistory inverse =
            inverseHistory(*model, {turningCrank(*model)}, kCrankPeriod, 1e-3);
        QVERIFY2(inverse.summary.ok, inverse.summary.message.c_str());
        QVERIFY2(driveHistoryError(*model, inverse.history).empty(),
                 driveHistoryError(*model, inverse.history).c_str());

        const ForcedRun run = forcedRun(*model, inverse.history, {}, 1e-12);
        QVERIFY2(run.summary.ok, run.summary.message.c_str());
        QVERIFY(run.samples > 100);
        qInfo("one cycle (%.4f s), open loop: max deviation %.3g rad (θ1 %.3g rad), %ld steps",
              kCrankPeriod, run.maxDeviation.maxCoeff(), run.maxDeviation[theta1],
              run.summary.steps);
        QVERIFY2(run.maxDeviation.maxCoeff() < kDeviationTol,
                 qPrintable(QString::number(run.maxDeviation.maxCoeff())));
    }

    // Seed 000's forced runs: 5 s at tolerance 1e-8 (Table 3, footnote c), torques from 5 s of
    // inverse dynamics. The scraper at 45 rpm and the 3-RRR moving its base joints by cycloids
    // from rest; the deviation is what Figs. 7(b–c) and 8 plot.
    void paperForcedRunsStayOnTheDesiredMotion_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("carpet scraper") << "carpet_scraper.json";
        QTest::newRow("3-RRR") << "three_rrr.json";
    }
    void paperForcedRunsStayOnTheDesiredMotion() {
        QFETCH(QString, mechanism);
        const auto model = fixtures::loadExample(mechanism.toStdString());
        const InitialState initial = assembleInitialState(*model);
        std::vector<DrivenMotion> motions;
        if (mechanism == "carpet_scraper.json") {
            motions.push_back(turningCrank(*model));
        } else {
            // each base joint turns 0.3 rad, rest to rest, over the 5 s
            for (const Actuator& actuator : model->actuators) {
                const double q0 = initial.q[actuator.coordinate];
                motions.push_back({actuator.coordinate, cycloidal(q0, q0 + 0.3, 0.0, 5.0)});
            }
        }
        const InverseHistory inverse = inverseHistory(*model, motions, 5.0, 1e-3);
        QVERIFY2(inverse.summary.ok, inverse.summary.message.c_str());
        const ForcedRun run = forcedRun(*model, inverse.history, {}, 1e-8);
        QVERIFY2(run.summary.ok, run.summary.message.c_str());
        qInfo("%s, 5 s at 1e-8: max deviation %.3g rad, %ld steps, %.3f s", qPrintable(mechanism),
              run.maxDeviation.maxCoeff(), run.summary.steps, run.summary.wallSeconds);
        QVERIFY2(run.maxDeviation.maxCoeff() < 1e-4,
                 qPrintable(QString::number(run.maxDeviation.maxCoeff())));
    }

    // A torque history 5 % too strong drives the open-loop scraper off the desired motion; a PD
    // correction about that motion keeps it close, and without the error the PD adds nothing.
    void pdCorrectionHoldsAWrongTorque() {
        const auto model = fixtures::loadExample("carpet_scraper.json");
        const int theta1 = model->coordinateIndex("theta1");
        const InverseHistory inverse =
            inverseHistory(*model, {turningCrank(*model)}, kCrankPeriod, 2e-3);
        QVERIFY(inverse.summary.ok);
        const ForcedDriveGains gains{400.0, 40.0};

        const ForcedRun open = forcedRun(*model, inverse.history, {}, 1e-10, 1.05);
        const ForcedRun corrected = forcedRun(*model, inverse.history, gains, 1e-10, 1.05);
        const ForcedRun exact = forcedRun(*model, inverse.history, gains, 1e-10);
        QVERIFY(open.summary.ok && corrected.summary.ok && exact.summary.ok);
        qInfo("τ × 1.05: open loop %.3g rad, with PD (400, 40) %.3g rad; exact τ with PD %.3g",
              open.maxDeviation[theta1], corrected.maxDeviation[theta1],
              exact.maxDeviation.maxCoeff());
        QVERIFY(open.maxDeviation[theta1] > 1e-3);
        QVERIFY(corrected.maxDeviation[theta1] < 0.1 * open.maxDeviation[theta1]);
        QVERIFY(exact.maxDeviation.maxCoeff() < 1e-7);
    }

    // The forced spec keeps the model's cut joints (here not the file's) and the actuators of
    // joints that are not driven; the driven joint's actuator becomes the spline of τ.
    void forcedSpecKeepsCutsAndOtherActuators() {
        MechanismSpec spec = fixtures::exampleSpec("three_rrr.json");
        spec.actuators[2].force.kind = SignalSpec::Kind::Constant;
        spec.actuators[2].force.value = 1.5;
        CompileOptions options;
        options.cuts = std::vector<std::string>{"J4", "J7"};
        const CompileResult compiled = compileModel(spec, options);
        QVERIFY(compiled.ok());
        const Model& model = *compiled.model;
        const int driven = model.actuators[0].coordinate;
        DriveHistory history;
        history.t = {0.0, 0.5, 1.0};
        history.driven = {driven};
        history.q = Eigen::MatrixXd::Zero(model.nv(), 3);
        history.qd = Eigen::MatrixXd::Zero(model.nv(), 3);
        history.tau = Eigen::MatrixXd(1, 3);
        history.tau << 1.0, 2.0, 4.0;
        QVERIFY(driveHistoryError(model, history).empty());
        const MechanismSpec forced = forcedSpec(model, history, {10.0, 1.0});
        QCOMPARE(forced.cuts, (std::vector<std::string>{"J4", "J7"}));
        QCOMPARE(forced.actuators.size(), std::size_t(3));
        QCOMPARE(forced.actuators[0].kind, ActuatorSpec::Kind::PdTracking);
        QCOMPARE(forced.actuators[0].force.kind, SignalSpec::Kind::Spline);
        QCOMPARE(forced.actuators[0].force.table.size(), std::size_t(3));
        QCOMPARE(forced.actuators[0].force.table[2].second, 4.0);
        QCOMPARE(forced.actuators[0].kp, 10.0);
        QCOMPARE(forced.actuators[2].force.value, 1.5);
        const CompileResult recompiled = compileModel(forced);
        QVERIFY2(recompiled.ok(), formatDiagnostics(recompiled.diagnostics).c_str());
        QCOMPARE(recompiled.model->actuators[0].force.value(1.0), 4.0);
    }

    void badHistoriesAreRefused() {
        const auto model = fixtures::loadExample("carpet_scraper.json");
        const Eigen::Index nv = model->nv();
        DriveHistory good;
        good.t = {0.0, 0.1};
        good.driven = {0};
        good.q = Eigen::MatrixXd::Zero(nv, 2);
        good.qd = Eigen::MatrixXd::Zero(nv, 2);
        good.tau = Eigen::MatrixXd::Zero(1, 2);
        QVERIFY(driveHistoryError(*model, good).empty());

        DriveHistory h = good;
        h.t = {0.0, 0.0};
        QVERIFY(QString::fromStdString(driveHistoryError(*model, h)).contains("increase"));
        h = good;
        h.q = Eigen::MatrixXd::Zero(nv + 1, 2);
        QVERIFY(QString::fromStdString(driveHistoryError(*model, h)).contains("another mechanism"));
        h = good;
        h.tau(0, 1) = std::nan("");
        QVERIFY(QString::fromStdString(driveHistoryError(*model, h)).contains("t = 0.1 s"));
        h = good;
        h.driven = {static_cast<int>(nv)};
        QVERIFY(QString::fromStdString(driveHistoryError(*model, h)).contains("not in the model"));
        h = good;
        h.t = {0.0};
        QVERIFY(QString::fromStdString(driveHistoryError(*model, h)).contains("at least 2"));
    }
};

SSLM_TEST_APPLESS_MAIN(TestForcedDrive)
} // namespace tst_forced_drive
#include "tst_forced_drive.moc"
