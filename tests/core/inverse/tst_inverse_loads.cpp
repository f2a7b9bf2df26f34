// SPDX-License-Identifier: MIT
// Inverse dynamics under loads at body points and two-point springs (issue 36), planar and
// spatial: at rest the driving force that holds the mechanism is dV/dθ along the assembled
// mechanism (V of gravity, the springs and a constant force fixed in the ground, −F·x), and the
// three methods agree on it and on every joint reaction in a moving state under every load.

#include <cmath>

#include <QtTest>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/energies.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"

#include "tests/core/fixtures/loaded_mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_inverse_loads {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

/// The spec with only its conservative loads: constant forces fixed in the ground (and the
/// springs), so that the holding force is a derivative of a potential.
MechanismSpec conservative(MechanismSpec spec) {
    std::erase_if(spec.loads, [](const LoadSpec& load) {
        return load.frame != LoadSpec::Frame::Ground || load.torque.kind != SignalSpec::Kind::Zero;
    });
    return spec;
}

/// V (J) at q: gravity, the joint and two-point springs, and −F·x of each load.
double potential(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    double v = gravityPotentialEnergy(model, ws) + springEnergy(model, ws);
    for (const Load& load : model.loads) {
        v -= load.force.value(0.0) * load.direction.dot(pointPosition(ws, load.body, load.p_B));
    }
    return v;
}

} // namespace

class TestInverseLoads : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void holdingForceIsDvDtheta_data() {
        QTest::addColumn<bool>("spatial");
        QTest::newRow("four-bar") << false;
        QTest::newRow("RSSR") << true;
    }

    void holdingForceIsDvDtheta() {
        QFETCH(bool, spatial);
        const std::shared_ptr<const Model> model =
            compiled(conservative(spatial ? loadedRssr() : loadedFourBar()));
        QVERIFY(!model->loads.empty());
        QCOMPARE(model->independent.size(), std::size_t{1});
        const int input = model->independent[0];
        const int position = positionIndex(*model, input);
        const InitialState initial = assembleInitialState(*model);
        Workspace ws(*model);
        // dV/dθ by central differences along the assembled mechanism
        const double h = 1e-6;
        double v[2] = {0, 0};
        for (int side = 0; side < 2; ++side) {
            Eigen::VectorXd q = initial.q;
            q[position] += side == 0 ? h : -h;
            const AssemblyReport report = assemble(*model, ws, q, model->independent);
            QVERIFY2(report.converged, report.message.c_str());
            v[side] = potential(*model, ws, q);
        }
        const double expected = (v[0] - v[1]) / (2 * h);
        const Eigen::VectorXd rest = Eigen::VectorXd::Zero(model->nv());
        for (InverseMethod method :
             {InverseMethod::Traditional, InverseMethod::System, InverseMethod::Subsystem}) {
            InverseDynamicsWorkspace iws(*model, {input});
            QVERIFY2(inverseDynamics(*model, iws, method, 0.0, initial.q, rest, rest),
                     iws.failure.c_str());
            qInfo("%s: τ %.10g, dV/dθ %.10g", inverseMethodName(method), iws.tau[0], expected);
            QVERIFY(std::abs(iws.tau[0] - expected) <= 1e-6 * std::max(1.0, std::abs(expected)));
        }
    }

    void methodsAgreeOnReactions_data() {
        QTest::addColumn<bool>("spatial");
        QTest::newRow("four-bar") << false;
        QTest::newRow("RSSR") << true;
    }

    /// Every load kind in a moving state: the traditional method's body rows (the loads in
    /// each body's balance) against the subsystem recursion (the loads in the reactions'
    /// recursion from the leaves) and the system approach.
    void methodsAgreeOnReactions() {
        QFETCH(bool, spatial);
        const std::shared_ptr<const Model> model =
            compiled(spatial ? loadedRssr() : loadedFourBar());
        const InitialState initial = assembleInitialState(*model);
        Workspace ws(*model);
        Eigen::VectorXd qd = Eigen::VectorXd::Zero(model->nv());
        qd[model->independent[0]] = 2.0;
        solveVelocities(*model, ws, initial.q, qd, model->independent);
        Eigen::VectorXd qdd = Eigen::VectorXd::Zero(model->nv());
        qdd[model->independent[0]] = -1.5;
        solveAccelerations(*model, ws, initial.q, qd, qdd, model->independent);
        std::vector<InverseDynamicsWorkspace> runs;
        for (InverseMethod method :
             {InverseMethod::Traditional, InverseMethod::System, InverseMethod::Subsystem}) {
            runs.emplace_back(*model, model->independent);
            QVERIFY2(inverseDynamics(*model, runs.back(), method, 0.3, initial.q, qd, qdd),
                     runs.back().failure.c_str());
        }
        double worst = 0;
        double largest = 0;
        for (std::size_t m = 1; m < runs.size(); ++m) {
            worst = std::max(worst, std::abs(runs[m].tau[0] - runs[0].tau[0]));
            for (std::size_t j = 0; j < model->joints.size(); ++j) {
                const JointReaction& a = runs[0].reactions[j];
                const JointReaction& b = runs[m].reactions[j];
                worst = std::max({worst, (a.force - b.force).cwiseAbs().maxCoeff(),
                                  (a.moment - b.moment).cwiseAbs().maxCoeff()});
                largest = std::max(largest, a.force.cwiseAbs().maxCoeff());
            }
        }
        qInfo("largest reaction force %.4g N, worst difference between methods %.3g", largest,
              worst);
        QVERIFY(largest > 1.0);
        QVERIFY(worst <= 1e-9 * largest);
    }
};

SSLM_TEST_GUILESS_MAIN(TestInverseLoads)
} // namespace tst_inverse_loads
#include "tst_inverse_loads.moc"
