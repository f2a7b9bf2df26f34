// SPDX-License-Identifier: MIT
// The shaking cycle (balance/shaking_cycle.hpp): its RMS values are the balance objective's
// terms (the same quantities two ways); over a whole cycle of a constant-speed crank the mean
// dynamic shaking force is zero, since it is the rate of change of a periodic momentum; a
// statically balanced four-bar (Berkof–Lowen) shakes with no force at any sample; a moved
// moment point changes only the moment, by −P × F.

#include <cmath>

#include <QtTest>

#include <Eigen/Geometry>

#include "core/balance/counterweight_balance.hpp"
#include "core/balance/shaking_cycle.hpp"
#include "core/inverse/driven_motions.hpp"
#include "core/kinematics/position_analysis.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_shaking_cycle {

using namespace sslm;

namespace {

struct Cycle {
    std::shared_ptr<const Model> model;
    std::vector<DrivenMotion> motions;
    Eigen::VectorXd q0;
    InverseRunSettings run;
};

/// `spec` with its file's actuated (else input) coordinates at their initial rates, over one
/// crank turn.
Cycle oneTurn(const MechanismSpec& spec) {
    Cycle c;
    c.model = fixtures::compiled(spec);
    const InitialState initial = assembleInitialState(*c.model);
    c.q0 = initial.q;
    std::string message;
    const auto motions = initialRateMotions(*c.model, initial.q, initial.qd, message);
    if (!motions) {
        qFatal("%s", message.c_str());
    }
    c.motions = *motions;
    c.run.tEnd = cyclePeriod(*c.model, c.motions);
    c.run.sampleInterval = c.run.tEnd / 200;
    return c;
}

} // namespace

class TestShakingCycle : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rmsAreTheBalanceTerms_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("carpet scraper") << "carpet_scraper.json";
        QTest::newRow("four-bar") << "four_bar.json";
        QTest::newRow("RSSR") << "rssr.json";
    }

    void rmsAreTheBalanceTerms() {
        QFETCH(QString, name);
        const Cycle c = oneTurn(fixtures::exampleSpec(name.toStdString()));
        QVERIFY(c.run.tEnd > 0);
        const ShakingCycle cycle = shakingCycle(*c.model, c.motions, c.q0, c.run);
        QVERIFY2(cycle.ok, cycle.message.c_str());
        QCOMPARE(cycle.t.size(), std::size_t(200));
        BalanceSettings settings;
        settings.run = c.run;
        const BalanceTerms terms = balanceTerms(*c.model, c.motions, c.q0, settings);
        qInfo("%s: F rms %.6g (peak %.6g) N, M rms %.6g (peak %.6g) N·m, tau rms %.6g (peak "
              "%.6g)",
              qPrintable(name), cycle.forceSize.rms, cycle.forceSize.peak, cycle.momentSize.rms,
              cycle.momentSize.peak, cycle.torqueSize.rms, cycle.torqueSize.peak);
        QVERIFY(std::abs(cycle.forceSize.rms - terms.force) <= 1e-12 * terms.force);
        QVERIFY(std::abs(cycle.momentSize.rms - terms.moment) <= 1e-12 * terms.moment);
        QVERIFY(std::abs(cycle.torqueSize.rms - terms.torque) <= 1e-12 * terms.torque);
        QVERIFY(cycle.forceSize.peak >= cycle.forceSize.rms);
        QVERIFY(cycle.torqueSize.peak >= cycle.torqueSize.rms / std::sqrt(c.motions.size()));

        // ∮ F dt = −Δ(Σ m v_G) = 0 over a period; the rectangle rule is spectrally exact for a
        // smooth periodic function, so the mean is round-off against the largest force
        Eigen::Vector3d mean = Eigen::Vector3d::Zero();
        for (const Eigen::Vector3d& f : cycle.force) {
            mean += f;
        }
        mean /= static_cast<double>(cycle.force.size());
        qInfo("%s: |mean F| = %.3g N", qPrintable(name), mean.norm());
        QVERIFY2(mean.norm() < 1e-9 * cycle.forceSize.peak,
                 qPrintable(QString::number(mean.norm())));
    }

    void movedPointChangesOnlyTheMoment() {
        Cycle c = oneTurn(fixtures::exampleSpec("carpet_scraper.json"));
        const ShakingCycle atOrigin = shakingCycle(*c.model, c.motions, c.q0, c.run);
        c.run.shakingAbout = {0.25, -0.1, 0.7}; // planar: z does not count
        const ShakingCycle atPoint = shakingCycle(*c.model, c.motions, c.q0, c.run);
        QVERIFY(atOrigin.ok && atPoint.ok);
        const Eigen::Vector3d point(0.25, -0.1, 0.0);
        double worst = 0;
        for (std::size_t i = 0; i < atOrigin.t.size(); ++i) {
            QCOMPARE(atPoint.force[i], atOrigin.force[i]);
            const Eigen::Vector3d expected = atOrigin.moment[i] - point.cross(atOrigin.force[i]);
            worst = std::max(worst, (atPoint.moment[i] - expected).norm());
        }
        QVERIFY2(worst < 1e-12 * atOrigin.momentSize.peak, qPrintable(QString::number(worst)));
    }

    void staticallyBalancedFourBarShakesWithNoForce() {
        // the coupler's COM on its joints' line makes a full force balance possible; the
        // optimiser finds it (tst_counterweight_balance checks it against Berkof–Lowen)
        MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
        for (BodySpec& b : spec.bodies) {
            if (b.id == "link3") {
                b.com_B = {-0.04, 0.0};
            }
        }
        const Cycle c = oneTurn(spec);
        const auto weight = [](const char* body, double mass, double reach) {
            CounterweightBounds bounds;
            bounds.body = body;
            bounds.massMin = bounds.massMax = mass;
            bounds.atMin = Eigen::Vector3d::Constant(-reach);
            bounds.atMax = Eigen::Vector3d::Constant(reach);
            return bounds;
        };
        BalanceSettings settings;
        settings.run = c.run;
        settings.counterweights = {weight("link1", 1.0, 0.2), weight("link2", 2.0, 0.5)};
        const BalanceResult result = balanceCounterweights(*c.model, c.motions, c.q0, settings);
        QVERIFY2(result.ok && result.improved, result.message.c_str());
        const Cycle balanced = oneTurn(result.balanced);
        const ShakingCycle before = shakingCycle(*c.model, c.motions, c.q0, c.run);
        const ShakingCycle after =
            shakingCycle(*balanced.model, balanced.motions, balanced.q0, balanced.run);
        QVERIFY(before.ok && after.ok);
        qInfo("four-bar: peak |F| %.4g N -> %.3g N", before.forceSize.peak, after.forceSize.peak);
        QVERIFY(before.forceSize.peak > 1.0);
        QVERIFY(after.forceSize.peak < 1e-6 * before.forceSize.peak);
    }
};

SSLM_TEST_APPLESS_MAIN(TestShakingCycle)
} // namespace tst_shaking_cycle
#include "tst_shaking_cycle.moc"
