// SPDX-License-Identifier: MIT
// Free-motion simulation of the spec mechanisms: energy conservation, constraint drift with
// and without stabilisation, agreement of the three solvers along a trajectory, output
// sampling independent of the step, cancellation, and the four-bar's pendulum swing.

#include <QtTest>

#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/oracle.hpp"

using namespace sslm;

namespace {

constexpr double kEnergyTol = 1e-6;       // J over 2 s at rtol = atol = 1e-10
constexpr double kProjectedDrift = 1e-10; // m: projection after every accepted step
constexpr double kTrajectoryTol = 1e-7;   // rad: solvers differ only by rounding, amplified

struct Trajectory {
    std::vector<double> t;
    std::vector<Eigen::VectorXd> q;
    std::vector<double> energy;
    SimulationSummary summary;
};

Trajectory run(const QString& mechanism, SimulationSettings settings) {
    const auto model = compileModel(fixtures::byName(mechanism.toStdString())).model;
    const fixtures::Oracle oracle = fixtures::loadOracle(mechanism.toStdString());
    Trajectory out;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        out.t.push_back(s.t);
        out.q.push_back(s.q);
        out.energy.push_back(s.totalEnergy);
    };
    out.summary = simulate(*model, settings, oracle.q0, oracle.qd0, callbacks);
    return out;
}

SimulationSettings tight(double tEnd) {
    SimulationSettings s;
    s.tEnd = tEnd;
    s.rtol = s.atol = 1e-10;
    return s;
}

} // namespace

class TestSimulation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void conservesEnergy_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<int>("integrator");
        for (const char* m : {"fourbar", "scraper", "3rrr"}) {
            QTest::newRow(qPrintable(QString(m) + " dopri5")) << m << int(IntegratorKind::Dopri5);
            QTest::newRow(qPrintable(QString(m) + " rkf78")) << m << int(IntegratorKind::Rkf78);
        }
    }

    void conservesEnergy() {
        QFETCH(QString, mechanism);
        QFETCH(int, integrator);
        SimulationSettings settings = tight(2.0);
        settings.integrator = static_cast<IntegratorKind>(integrator);
        settings.stabilisation = Stabilisation::None;
        const Trajectory traj = run(mechanism, settings);
        QVERIFY2(traj.summary.ok, traj.summary.message.c_str());
        const fixtures::Oracle oracle = fixtures::loadOracle(mechanism.toStdString());
        QVERIFY(std::abs(traj.energy.front() - oracle.energy) < 1e-12);
        QVERIFY2(traj.summary.maxEnergyError < kEnergyTol,
                 qPrintable(QString::number(traj.summary.maxEnergyError)));
    }

    void projectionRemovesDrift() {
        for (const char* m : {"fourbar", "scraper", "3rrr"}) {
            SimulationSettings settings = tight(2.0);
            settings.rtol = settings.atol = 1e-6; // loose, so that drift would show
            settings.integrator = IntegratorKind::Rkf78;
            settings.stabilisation = Stabilisation::None;
            const Trajectory free = run(m, settings);
            settings.stabilisation = Stabilisation::Projection;
            const Trajectory projected = run(m, settings);
            QVERIFY(free.summary.ok && projected.summary.ok);
            QVERIFY2(projected.summary.maxPositionViolation < kProjectedDrift,
                     qPrintable(QString::number(projected.summary.maxPositionViolation)));
            QVERIFY(projected.summary.maxPositionViolation < free.summary.maxPositionViolation);
        }
    }

    void solversAgreeAlongTheTrajectory() {
        for (const char* m : {"fourbar", "scraper", "3rrr"}) {
            SimulationSettings settings = tight(0.5);
            settings.integrator = IntegratorKind::Rk4; // identical steps for every solver
            settings.step = 1e-3;
            settings.solver = SolverKind::Augmented;
            const Trajectory reference = run(m, settings);
            for (SolverKind kind : {SolverKind::Slm, SolverKind::Sslm}) {
                settings.solver = kind;
                const Trajectory other = run(m, settings);
                QCOMPARE(other.q.size(), reference.q.size());
                const double error = (other.q.back() - reference.q.back()).cwiseAbs().maxCoeff();
                QVERIFY2(error < kTrajectoryTol, qPrintable(QString::number(error)));
            }
        }
    }

    void samplesAtTheRequestedRate() {
        SimulationSettings settings = tight(1.0);
        settings.integrator = IntegratorKind::Rk4;
        settings.step = 0.003; // not a divisor of the sample interval
        settings.sampleInterval = 0.01;
        const Trajectory traj = run("fourbar", settings);
        QCOMPARE(traj.t.size(), std::size_t(101));
        for (std::size_t k = 0; k < traj.t.size(); ++k) {
            QVERIFY(std::abs(traj.t[k] - 0.01 * static_cast<double>(k)) < 1e-12);
        }
    }

    void fourBarSwingsLikeAPendulum() {
        // spec 1.4: from θ1 = 0 at 4.7124 rad/s it swings between about −2.72 and +0.07 rad
        const Trajectory traj = run("fourbar", tight(1.0));
        double low = 1e9;
        double high = -1e9;
        for (const Eigen::VectorXd& q : traj.q) {
            low = std::min(low, q[0]);
            high = std::max(high, q[0]);
        }
        QVERIFY2(std::abs(low + 2.72) < 0.01, qPrintable(QString::number(low)));
        QVERIFY2(std::abs(high - 0.07) < 0.01, qPrintable(QString::number(high)));
    }

    void cancellationStopsTheRun() {
        const auto model = compileModel(fixtures::carpetScraper()).model;
        const fixtures::Oracle oracle = fixtures::loadOracle("scraper");
        SimulationCallbacks callbacks;
        callbacks.shouldContinue = [](double t) {
            return t < 0.25;
        };
        const SimulationSummary summary =
            simulate(*model, tight(5.0), oracle.q0, oracle.qd0, callbacks);
        QVERIFY(summary.cancelled);
        QVERIFY(!summary.ok);
        QVERIFY(summary.endTime >= 0.25 && summary.endTime < 0.5);
    }
};

QTEST_APPLESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
