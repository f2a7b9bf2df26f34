// SPDX-License-Identifier: MIT
// Loads at body points and two-point force elements (core/dynamics/body_loads.hpp), planar and
// spatial, against oracles that do not share the kernel's arithmetic: their generalized forces
// are the virtual work of the force on central differences of the point's position (a spring's
// are −∂V/∂q), a mass on a two-point spring moves as x₀·cos(√(k/m)·t), and the work of loads
// on a closed-loop mechanism equals its change of energy.

#include <cmath>
#include <random>

#include <QtTest>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/body_loads.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/loaded_mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_body_loads {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

using Vec3 = Eigen::Vector3d;

/// A block of mass m on a slider along `axis` from the ground's origin, held by a spring of
/// stiffness k and rest length 0.5 m from the ground point −0.5·axis: at x = 0 the spring is
/// relaxed, and gravity is across the slide (planar) or off (spatial).
MechanismSpec blockOnSpring(MotionSpace space, double m, double k) {
    MechanismSpec spec;
    spec.name = "block on a spring";
    spec.space = space;
    JointSpec slide;
    slide.name = "slide";
    slide.coordinate = "x";
    slide.type = JointType::Prismatic;
    slide.parent = {kGroundId, "O"};
    slide.child = {"block", "P"};
    if (space == MotionSpace::Planar) {
        spec.ground.points = {{"O", {0.0, 0.0}}, {"A", {-0.5, 0.0}}};
        BodySpec block;
        block.id = "block";
        block.mass = m;
        block.inertiaCom = 0.01;
        block.shape = BodyShape::Block;
        block.blockWidth = 0.1;
        block.blockHeight = 0.05;
        block.points = {{"P", {0.0, 0.0}}};
        spec.bodies = {block};
        slide.axis_P = Eigen::Vector2d::UnitX();
    } else {
        spec.gravity = {0.0, 0.0};
        spec.gravityZ = 0.0;
        spec.ground.points = {spatialPoint("O", Vec3::Zero()),
                              spatialPoint("A", Vec3(0.0, 0.0, -0.5))};
        spec.bodies = {spatialBody("block", m, Vec3::Zero(), Vec3(0.01, 0.01, 0.01).asDiagonal(),
                                   {spatialPoint("P", Vec3::Zero())})};
        slide.axis = Vec3::UnitZ();
    }
    spec.joints = {slide};
    spec.twoPointElements = {spring({kGroundId, "A"}, {"block", "P"}, k, 0.5, 0.0)};
    spec.initial.independent = {{"x", 0.05}};
    return spec;
}

/// Q_k of the loads' forces (torques left out: set to zero in `spec`) by virtual work,
/// F·∂x/∂q_k, and of the springs as −∂V/∂q_k, both by central differences of the tree
/// kinematics at q (a pose of the cut-open tree; the loops need not close).
Eigen::VectorXd virtualWorkForces(const Model& model, const Eigen::VectorXd& q) {
    Workspace ws(model);
    const double h = 1e-6;
    Eigen::VectorXd tau = Eigen::VectorXd::Zero(model.nv());
    const auto potential = [&](const Eigen::VectorXd& at) {
        updatePositions(model, ws, at);
        return springEnergy(model, ws);
    };
    updatePositions(model, ws, q);
    std::vector<Vec3> forces;
    for (const Load& load : model.loads) {
        const Vec3 direction =
            load.turnsWithBody ? Vec3(ws.rotation[load.body] * load.direction) : load.direction;
        forces.push_back(load.force.value(0.0) * direction);
    }
    for (int k = 0; k < model.nv(); ++k) {
        Eigen::VectorXd plus = q;
        Eigen::VectorXd minus = q;
        plus[k] += h;
        minus[k] -= h;
        tau[k] = -(potential(plus) - potential(minus)) / (2 * h);
        for (std::size_t i = 0; i < model.loads.size(); ++i) {
            const Load& load = model.loads[i];
            updatePositions(model, ws, plus);
            const Vec3 up = pointPosition(ws, load.body, load.p_B);
            updatePositions(model, ws, minus);
            const Vec3 down = pointPosition(ws, load.body, load.p_B);
            tau[k] += forces[i].dot(up - down) / (2 * h);
        }
    }
    return tau;
}

} // namespace

class TestBodyLoads : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void generalizedForcesAreVirtualWork_data() {
        QTest::addColumn<bool>("spatial");
        QTest::newRow("four-bar") << false;
        QTest::newRow("ladder") << true;
    }

    /// bodyLoadForces against F·∂x/∂q and −∂V/∂q at random poses of the cut-open tree.
    void generalizedForcesAreVirtualWork() {
        QFETCH(bool, spatial);
        MechanismSpec spec = spatial ? loadedLadder() : loadedFourBar();
        if (!spatial) {
            spec.loads.pop_back(); // the torque: its virtual work has no point to difference
        }
        const std::shared_ptr<const Model> model = fixtures::compiled(spec);
        QCOMPARE(model->nq(), model->nv());
        Workspace ws(*model);
        BodyLoadWorkspace lws(*model);
        Eigen::VectorXd tau(model->nv());
        std::mt19937 random(36);
        std::uniform_real_distribution<double> angle(-3.0, 3.0);
        double worst = 0;
        for (int trial = 0; trial < 20; ++trial) {
            Eigen::VectorXd q(model->nv());
            for (int k = 0; k < q.size(); ++k) {
                q[k] = angle(random);
            }
            updatePositions(*model, ws, q);
            updateVelocities(*model, ws, Eigen::VectorXd::Zero(model->nv()));
            tau.setZero();
            bodyLoadForces(*model, ws, 0.0, lws, tau);
            const Eigen::VectorXd expected = virtualWorkForces(*model, q);
            worst = std::max(worst, (tau - expected).cwiseAbs().maxCoeff() /
                                        std::max(1.0, expected.cwiseAbs().maxCoeff()));
        }
        qInfo("worst relative difference from virtual work: %.3g", worst);
        QVERIFY(worst < 1e-7);
    }

    void blockOscillatesAtSqrtKOverM_data() {
        QTest::addColumn<bool>("spatial");
        QTest::newRow("planar") << false;
        QTest::newRow("spatial") << true;
    }

    /// x(t) = x₀·cos(√(k/m)·t) for a block on a slider held by a two-point spring.
    void blockOscillatesAtSqrtKOverM() {
        QFETCH(bool, spatial);
        const double m = 2.0;
        const double k = 200.0;
        const std::shared_ptr<const Model> model = fixtures::compiled(
            blockOnSpring(spatial ? MotionSpace::Spatial : MotionSpace::Planar, m, k));
        const InitialState initial = assembleInitialState(*model);
        QCOMPARE(initial.q[0], 0.05);
        SimulationSettings settings;
        settings.tEnd = 2.0;
        settings.rtol = 1e-11;
        settings.atol = 1e-11;
        const double omega = std::sqrt(k / m);
        double worst = 0;
        int samples = 0;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            worst = std::max(worst, std::abs(s.q[0] - 0.05 * std::cos(omega * s.t)));
            ++samples;
        };
        const SimulationSummary summary =
            simulate(*model, settings, initial.q, initial.qd, callbacks);
        QVERIFY2(summary.message.empty(), summary.message.c_str());
        qInfo("%d samples, worst |x − x₀ cos ωt| = %.3g m, energy error %.3g J", samples, worst,
              summary.maxEnergyError);
        QVERIFY(samples > 100);
        QVERIFY(worst < 1e-8);
        QVERIFY(summary.maxEnergyError < 1e-9);
    }

    void workOfLoadsIsEnergyChange_data() {
        QTest::addColumn<bool>("spatial");
        QTest::newRow("four-bar") << false;
        QTest::newRow("RSSR") << true;
    }

    /// |E − E₀ − W| ≤ 1e-8·|W| on a closed-loop mechanism under every kind of load, W the
    /// loads' work integral (a torque varying in time included; |W| its largest over the run,
    /// as conservative loads give back what they took), E counting the spring's V.
    void workOfLoadsIsEnergyChange() {
        QFETCH(bool, spatial);
        const std::shared_ptr<const Model> model =
            fixtures::compiled(spatial ? loadedRssr() : loadedFourBar());
        const InitialState initial = assembleInitialState(*model);
        SimulationSettings settings;
        settings.tEnd = 1.0;
        settings.rtol = 1e-11;
        settings.atol = 1e-11;
        double e0 = std::nan("");
        double worst = 0;
        double work = 0;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            if (std::isnan(e0)) {
                e0 = s.totalEnergy;
            }
            worst = std::max(
                worst, std::abs(s.totalEnergy - e0 - s.loadWork - s.actuatorWork - s.damperWork));
            work = std::max(work, std::abs(s.loadWork));
        };
        const SimulationSummary summary =
            simulate(*model, settings, initial.q, initial.qd, callbacks);
        QVERIFY2(summary.message.empty(), summary.message.c_str());
        qInfo("loads' work up to %.6g J, worst |E − E0 − W| %.3g J", work, worst);
        QVERIFY(work > 0.1);
        QVERIFY(worst <= 1e-8 * work);
    }
};

SSLM_TEST_GUILESS_MAIN(TestBodyLoads)
} // namespace tst_body_loads
#include "tst_body_loads.moc"
