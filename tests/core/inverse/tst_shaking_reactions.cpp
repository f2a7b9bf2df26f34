// SPDX-License-Identifier: MIT
// The shaking wrench two ways (seed 002's application, balancing): summed from the ground
// joints' reactions of an inverse-dynamics run (constraint reactions, driving torques and
// ground springs included), and from Newton–Euler of all moving bodies together,
// F_sh = −Σ m a_G + Σ m g and its moment. They must agree along prescribed motions of the planar
// examples (revolute and prismatic ground joints, springs to the ground) and of the RSSR.

#include <cmath>

#include <QtTest>

#include <Eigen/Geometry>

#include "core/dynamics/shaking_wrench.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_shaking_reactions {

using namespace sslm;

namespace {

/// `spec` with a spring-damper on joint `name`.
MechanismSpec withSpring(MechanismSpec spec, const std::string& name) {
    for (JointSpec& joint : spec.joints) {
        if (joint.name == name) {
            joint.springDamper = SpringDamperSpec{3.0, 0.1, 0.05};
        }
    }
    return spec;
}

} // namespace

class TestShakingReactions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void reactionsAndMotionGiveTheSameWrench_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("carpet scraper") << "carpet_scraper.json";
        QTest::newRow("3-RRR") << "three_rrr.json";
        QTest::newRow("slider-crank, sprung slider") << "slider_crank.json";
        QTest::newRow("four-bar, sprung rocker") << "four_bar.json";
        QTest::newRow("RSSR, sprung rocker") << "rssr";
    }

    void reactionsAndMotionGiveTheSameWrench() {
        QFETCH(QString, name);
        MechanismSpec spec;
        if (name == "rssr") {
            spec = withSpring(rssrSpec("J2"), "J4");
        } else {
            spec = fixtures::exampleSpec(name.toStdString());
            if (name == "slider_crank.json") {
                spec = withSpring(spec, "J4");
            } else if (name == "four_bar.json") {
                spec = withSpring(spec, "J8");
            }
        }
        const auto model = fixtures::compiled(spec);
        const InitialState initial = assembleInitialState(*model);
        QVERIFY(initial.report.converged);
        // the file's independent coordinates, each at its own speed
        std::vector<DrivenMotion> motions;
        for (std::size_t i = 0; i < model->independent.size(); ++i) {
            const int k = model->independent[i];
            motions.push_back({k, constantSpeed(initial.q[positionIndex(*model, k)],
                                                1.0 + 0.5 * static_cast<double>(i))});
        }
        InverseRunSettings settings;
        settings.tEnd = 0.3;
        settings.sampleInterval = 0.01;
        Workspace ws(*model);
        Eigen::MatrixXd scratch;
        double worst = 0;
        double largest = 0;
        long samples = 0;
        double force2 = 0;
        double momentPeak = 0;
        InverseRunCallbacks callbacks;
        callbacks.onSample = [&](const InverseSample& s) {
            force2 += s.shaking.force.squaredNorm();
            momentPeak = std::max(momentPeak, s.shaking.moment.norm());
            updatePositions(*model, ws, s.q);
            updateVelocities(*model, ws, s.qd);
            for (const Eigen::Vector3d& about :
                 {Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(0.3, -0.2, 0.1)}) {
                const ShakingWrench motion = shakingFromMotion(*model, ws, s.qdd, about, scratch);
                // the run's wrench is about the origin: move it to `about` (a planar moment is
                // about the z axis through the point: its z does not count)
                const Eigen::Vector3d point(about.x(), about.y(),
                                            model->isSpatial() ? about.z() : 0.0);
                const Eigen::Vector3d moment = s.shaking.moment - point.cross(s.shaking.force);
                worst = std::max({worst, (motion.force - s.shaking.force).cwiseAbs().maxCoeff(),
                                  (motion.moment - moment).cwiseAbs().maxCoeff()});
                largest = std::max({largest, motion.force.cwiseAbs().maxCoeff(),
                                    motion.moment.cwiseAbs().maxCoeff()});
            }
            ++samples;
        };
        const InverseRunSummary summary =
            runInverseDynamics(*model, motions, initial.q, settings, callbacks);
        QVERIFY2(summary.ok, summary.message.c_str());
        QCOMPARE(samples, 31L);
        qInfo("%s: |reactions − motion| ≤ %.3g (largest component %.4g)", qPrintable(name), worst,
              largest);
        QVERIFY(largest > 0.1);
        QVERIFY2(worst < 1e-9 * largest, qPrintable(QString::number(worst)));
        // the run's summary: RMS and peak of the same samples
        const double rms = std::sqrt(force2 / static_cast<double>(samples));
        QVERIFY(std::abs(summary.shaking.force().rms - rms) <= 1e-12 * rms);
        QVERIFY(std::abs(summary.shaking.moment().peak - momentPeak) <= 1e-12 * momentPeak);
        QVERIFY(summary.shaking.force().peak >= summary.shaking.force().rms);
    }

    void atRestTheFrameCarriesTheWeight() {
        // a still mechanism shakes its frame with its weight only: F = Σ m g
        const auto model = fixtures::loadExample("carpet_scraper.json");
        const InitialState initial = assembleInitialState(*model);
        Workspace ws(*model);
        updatePositions(*model, ws, initial.q);
        updateVelocities(*model, ws, Eigen::VectorXd::Zero(model->nv()));
        Eigen::MatrixXd scratch;
        const ShakingWrench still = shakingFromMotion(
            *model, ws, Eigen::VectorXd::Zero(model->nv()), Eigen::Vector3d::Zero(), scratch);
        double mass = 0;
        for (std::size_t b = 1; b < model->bodies.size(); ++b) {
            mass += model->bodies[b].mass;
        }
        QVERIFY(std::abs(still.force.x()) < 1e-12);
        QVERIFY(std::abs(still.force.y() - mass * model->gravity.y()) < 1e-12 * mass * 9.81);
    }
};

SSLM_TEST_APPLESS_MAIN(TestShakingReactions)
} // namespace tst_shaking_reactions
#include "tst_shaking_reactions.moc"
