// SPDX-License-Identifier: MIT
// The shaking force of a forward run (Sample::shaking, the simulate CSV's shaking.* columns)
// against the identity F_sh = Σ mᵢ (g − a_Gi), with the centres of mass' accelerations taken
// by fourth-order central differences of their positions over the run's samples (the error
// falls as h⁴, not a model's): the four-bar and the
// carpet scraper (planar) and the RSSR (spatial, force in 3-D).

#include <cmath>
#include <string>
#include <vector>

#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/sim/simulation.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_forward_shaking {

using namespace sslm;

namespace {

constexpr double kInterval = 2.5e-4; // s between samples: the difference step

/// Σ mᵢ r_Gi (kg·m, W) at positions q.
Eigen::Vector3d massMoment(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Body& body = model.bodies[b];
        const int i = static_cast<int>(b);
        if (model.isSpatial()) {
            sum += body.mass * pointPosition(ws, i, body.com_B);
        } else {
            const Eigen::Vector2d p = PlanarSpace::pointPosition(ws, i, body.com_B);
            sum += body.mass * Eigen::Vector3d(p.x(), p.y(), 0.0);
        }
    }
    return sum;
}

} // namespace

class TestForwardShaking : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void identityHolds_data() {
        // the bound is relative to the largest |Σ m a_G| of the run; what is left is the
        // stencil's h⁴ truncation (halving h divides it by 13-16: the scraper's 29.4 N at
        // h = 5e-4 s becomes 2.23 N), largest for the scraper, whose free run swings hard
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("relativeTol");
        QTest::newRow("four-bar") << QStringLiteral("four_bar.json") << 1e-6;
        QTest::newRow("carpet scraper") << QStringLiteral("carpet_scraper.json") << 5e-4;
        QTest::newRow("RSSR") << QStringLiteral("rssr.json") << 1e-6;
    }

    void identityHolds() {
        QFETCH(QString, file);
        QFETCH(double, relativeTol);
        const auto model = fixtures::loadExample(file.toStdString());
        const InitialState initial = assembleInitialState(*model);
        QVERIFY(initial.report.converged);
        SimulationSettings settings;
        settings.tEnd = 0.3;
        settings.sampleInterval = kInterval;
        settings.rtol = 1e-12;
        settings.atol = 1e-12;
        std::vector<Eigen::VectorXd> q;
        std::vector<Eigen::Vector3d> force;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            q.push_back(s.q);
            force.push_back(s.shaking.force);
        };
        QVERIFY(simulate(*model, settings, initial.q, initial.qd, callbacks).ok);

        double mass = 0;
        for (std::size_t b = 1; b < model->bodies.size(); ++b) {
            mass += model->bodies[b].mass;
        }
        const Eigen::Vector3d gravity =
            model->isSpatial() ? model->gravity
                               : Eigen::Vector3d(model->gravity.x(), model->gravity.y(), 0.0);
        Workspace ws(*model);
        std::vector<Eigen::Vector3d> moments;
        for (const Eigen::VectorXd& pose : q) {
            moments.push_back(massMoment(*model, ws, pose));
        }
        double worst = 0;
        double largest = 0;
        for (std::size_t k = 2; k + 2 < moments.size(); ++k) {
            const Eigen::Vector3d inertial =
                (-moments[k + 2] + 16.0 * moments[k + 1] - 30.0 * moments[k] +
                 16.0 * moments[k - 1] - moments[k - 2]) /
                (12.0 * kInterval * kInterval);
            const Eigen::Vector3d expected = mass * gravity - inertial;
            worst = std::max(worst, (force[k] - expected).norm());
            largest = std::max(largest, inertial.norm());
        }
        qInfo("%s: max |F_sh - Σm(g - a_G)| = %.3g N over %zu samples; max |Σ m a_G| = %.3g N",
              qPrintable(file), worst, moments.size() - 4, largest);
        QVERIFY(largest > 0.1); // the run moves
        QVERIFY2(worst < relativeTol * largest, qPrintable(QString::number(worst)));
    }
};

SSLM_TEST_GUILESS_MAIN(TestForwardShaking)
} // namespace tst_forward_shaking
#include "tst_forward_shaking.moc"
