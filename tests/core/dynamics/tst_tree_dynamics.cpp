// SPDX-License-Identifier: MIT
// Tree dynamics of the cut-open mechanism against physics computed another way: the kinetic
// energy ½ q̇ᵀ M q̇ equals Σ ½ m |v_com|² + ½ I ω² from the body velocities, and at rest φ is
// minus the gradient of the gravity potential (central differences). The fused pass of the
// simulation (treeDynamics) equals the two separate ones.

#include <random>

#include <QtTest>

#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/model/compile.hpp"
#include "core/spec/four_bar_chain.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_tree_dynamics {

using namespace sslm;

namespace {

std::shared_ptr<const Model> compileNamed(const QString& name) {
    return name == "chain" ? compileModel(fourBarChain({.loops = 5})).model
                           : fixtures::loadExample(name.toStdString() + ".json");
}

double gravityPotential(const Model& model, const Workspace& ws) {
    double v = 0;
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Body& body = model.bodies[b];
        v -= body.mass * model.gravity.head<2>().dot(
                             PlanarSpace::pointPosition(ws, static_cast<int>(b), body.com_B));
    }
    return v;
}

} // namespace

class TestTreeDynamics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void agreesWithBodyLevelPhysics_data() {
        QTest::addColumn<QString>("mechanism");
        for (const char* name :
             {"four_bar", "carpet_scraper", "three_rrr", "slider_crank", "watt_six_bar", "chain"}) {
            QTest::newRow(name) << name;
        }
    }

    void agreesWithBodyLevelPhysics() {
        QFETCH(QString, mechanism);
        const auto model = compileNamed(mechanism);
        QVERIFY(model);
        Workspace ws(*model);
        DynamicsWorkspace separate(*model);
        DynamicsWorkspace fused(*model);
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> uniform(-2.0, 2.0);
        for (int trial = 0; trial < 20; ++trial) {
            Eigen::VectorXd q(model->nv());
            Eigen::VectorXd qd(model->nv());
            for (int k = 0; k < model->nv(); ++k) {
                q[k] = uniform(rng);
                qd[k] = uniform(rng);
            }
            updatePositions(*model, ws, q);
            updateVelocities(*model, ws, qd);
            const Eigen::MatrixXd M = generalizedInertia(*model, ws, separate);
            const Eigen::VectorXd phi = gravityAndVelocityForces(*model, ws, separate);
            treeDynamics(*model, ws, fused);
            QVERIFY((fused.M - M).cwiseAbs().maxCoeff() <= 1e-14 * M.cwiseAbs().maxCoeff());
            QVERIFY((fused.phi - phi).cwiseAbs().maxCoeff() <=
                    1e-13 * std::max(1.0, phi.cwiseAbs().maxCoeff()));

            // T = ½ q̇ᵀ M q̇ against the bodies' own velocities
            double kinetic = 0;
            for (int b = 1; b < ws.nBodies; ++b) {
                const Body& body = model->bodies[b];
                const Eigen::Vector2d v = PlanarSpace::pointVelocity(ws, b, body.com_B);
                kinetic += 0.5 * body.mass * v.squaredNorm() +
                           0.5 * body.inertiaCom() * ws.twist[b](2) * ws.twist[b](2);
            }
            const double fromM = 0.5 * qd.dot(M * qd);
            QVERIFY2(std::abs(fromM - kinetic) <= 1e-12 * std::max(1.0, kinetic),
                     qPrintable(QString("%1 vs %2").arg(fromM).arg(kinetic)));
        }
    }

    void gravityForcesAreMinusThePotentialGradient() {
        for (const char* name : {"four_bar", "carpet_scraper", "three_rrr", "slider_crank"}) {
            const auto model = compileNamed(name);
            QVERIFY(model);
            Workspace ws(*model);
            DynamicsWorkspace dws(*model);
            Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(model->nv(), 0.3, 1.7);
            const Eigen::VectorXd rest = Eigen::VectorXd::Zero(model->nv());
            updatePositions(*model, ws, q);
            updateVelocities(*model, ws, rest);
            const Eigen::VectorXd phi = gravityAndVelocityForces(*model, ws, dws);
            const double h = 1e-6;
            for (int k = 0; k < model->nv(); ++k) {
                q[k] += h;
                updatePositions(*model, ws, q);
                const double up = gravityPotential(*model, ws);
                q[k] -= 2 * h;
                updatePositions(*model, ws, q);
                const double down = gravityPotential(*model, ws);
                q[k] += h;
                const double gradient = (up - down) / (2 * h);
                QVERIFY2(std::abs(phi[k] + gradient) < 1e-7 * std::max(1.0, std::abs(gradient)),
                         qPrintable(QString("%1 coordinate %2: φ %3, −∂V/∂q %4")
                                        .arg(name)
                                        .arg(k)
                                        .arg(phi[k])
                                        .arg(-gradient)));
            }
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestTreeDynamics)
} // namespace tst_tree_dynamics
#include "tst_tree_dynamics.moc"
