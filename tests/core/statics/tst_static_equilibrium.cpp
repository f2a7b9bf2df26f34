// SPDX-License-Identifier: MIT
// Static equilibrium and holding effort (core/statics), against oracles that do not use them:
// - a compound pendulum rests hanging, stiffness m·g·c, and upside down, unstable, −m·g·c;
//   a constant torque above m·g·c pushes it over the top: no equilibrium;
// - the four-bar's rest pose stays at rest when simulated (the residual is below 1e-10), with
//   the hold on its crank, the holding effort is the slope dV/dθ of the gravity potential and
//   inverse dynamics' drive by another method;
// - the spatial ladder of any size rests hanging, its two coordinates a = b = 0;
// - bad requests name what is wrong: too many holds, a spherical joint's rate, a singular pose.
// (The pendulum is tests/core/fixtures/pendulum.hpp's.)

#include <cmath>
#include <numbers>

#include <QtTest>

#include "core/dynamics/energies.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/mechanism_templates.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/statics/holding_effort.hpp"
#include "core/statics/static_equilibrium.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/pendulum.hpp"
#include "tests/test_main.hpp"

namespace tst_static_equilibrium {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

using Vec3 = Eigen::Vector3d;

constexpr double kMass = kPendulumMass;
constexpr double kComDistance = kPendulumComDistance;
constexpr double kGravity = kPendulumGravity;
constexpr double kPi = std::numbers::pi;

double wrapped(double angle) {
    return std::remainder(angle, 2 * kPi);
}

int coordinate(const Model& model, const std::string& name) {
    for (int k = 0; k < model.nv(); ++k) {
        if (model.coordinates[k].name == name) {
            return k;
        }
    }
    qFatal("no coordinate %s", name.c_str());
}

/// Gravity's potential energy (J) of `model` at q (nq).
double potential(const Model& model, const Eigen::VectorXd& q) {
    Workspace ws(model);
    updatePositions(model, ws, q);
    return gravityPotentialEnergy(model, ws);
}

} // namespace

class TestStaticEquilibrium : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pendulumRestsHangingAndIsStable_data() {
        QTest::addColumn<bool>("spatial");
        QTest::newRow("planar") << false;
        QTest::newRow("spatial") << true;
    }
    void pendulumRestsHangingAndIsStable() {
        QFETCH(bool, spatial);
        const auto model = compiled(pendulum(
            {.space = spatial ? MotionSpace::Spatial : MotionSpace::Planar, .angle = 0.7}));
        const Equilibrium rest = findEquilibrium(*model, assembleInitialState(*model).q);
        QVERIFY2(rest.ok(), rest.error.c_str());
        QCOMPARE(rest.free.size(), std::size_t{1});
        QVERIFY2(std::abs(wrapped(rest.q[0] + kPi / 2)) < 1e-10, std::to_string(rest.q[0]).c_str());
        QVERIFY(rest.residualNorm <= 1e-10);
        QVERIFY(rest.stable);
        // K = m g c cos(0) about the hanging pose; extrapolated differences to 1e-9
        const double stiffness = kMass * kGravity * kComDistance;
        QVERIFY2(std::abs(rest.stiffnessEigenvalues[0] / stiffness - 1) < 1e-9,
                 std::to_string(rest.stiffnessEigenvalues[0]).c_str());
        QCOMPARE(rest.reactions.size(), std::size_t{1});
        // the pivot carries the weight: B (the bob) pushes A (the ground) down with m g
        QVERIFY((rest.reactions[0].force - Vec3(0, -kMass * kGravity, 0)).norm() < 1e-9);
    }

    void pendulumHasAnUnstableEquilibriumUpsideDown() {
        const auto model = compiled(pendulum({.angle = -1.2}));
        std::string error;
        const std::vector<Equilibrium> all =
            findEquilibria(*model, assembleInitialState(*model).q, {}, &error);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(all.size(), std::size_t{2});
        QVERIFY(std::abs(wrapped(all[0].q[0] + kPi / 2)) < 1e-12);
        QVERIFY(all[0].stable);
        QVERIFY(std::abs(wrapped(all[1].q[0] - kPi / 2)) < 1e-12);
        QVERIFY(!all[1].stable);
        QVERIFY(std::abs(all[1].stiffnessEigenvalues[0] / (kMass * kGravity * kComDistance) + 1) <
                1e-9);
    }

    void constantTorqueRestsWhereGravityBalancesIt() {
        // τ = m g c cos θ at rest: θ = −acos(τ / m g c) on the hanging side
        const double weight = kMass * kGravity * kComDistance;
        const auto model = compiled(pendulum({.angle = -1.0, .torque = 0.5 * weight}));
        const Equilibrium rest = findEquilibrium(*model, assembleInitialState(*model).q);
        QVERIFY2(rest.ok(), rest.error.c_str());
        QVERIFY(std::abs(wrapped(rest.q[0] + std::acos(0.5))) < 1e-12);
        QVERIFY(rest.stable);
    }

    void torqueAboveTheWeightHasNoEquilibrium() {
        const double weight = kMass * kGravity * kComDistance;
        const auto model = compiled(pendulum({.angle = -1.0, .torque = 1.5 * weight}));
        const Equilibrium rest = findEquilibrium(*model, assembleInitialState(*model).q);
        QVERIFY(!rest.ok());
        QVERIFY2(rest.error.find("no equilibrium near the starting pose") != std::string::npos,
                 rest.error.c_str());
        QVERIFY2(rest.error.find("theta") != std::string::npos, rest.error.c_str());
        QVERIFY(rest.q.size() == 0 || rest.q.allFinite());
    }

    void fourBarRestPoseStaysAtRest() {
        const auto model = loadExample("four_bar.json");
        const Equilibrium rest = findEquilibrium(*model, assembleInitialState(*model).q);
        QVERIFY2(rest.ok(), rest.error.c_str());
        QVERIFY(rest.residualNorm <= 1e-10);
        QVERIFY(rest.stable);
        SimulationSettings settings;
        settings.tEnd = 1.0;
        settings.rtol = 1e-11;
        settings.atol = 1e-11;
        double drift = 0;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            drift = std::max(drift, (s.q - rest.q).cwiseAbs().maxCoeff());
        };
        const SimulationSummary run =
            simulate(*model, settings, rest.q, Eigen::VectorXd::Zero(model->nv()), callbacks);
        QVERIFY2(run.ok, run.message.c_str());
        QVERIFY2(drift < 1e-9, std::to_string(drift).c_str());
    }

    void holdingEffortIsTheSlopeOfThePotential() {
        // gravity only: the effort that holds the crank is dV/dθ1 (virtual work)
        const auto model = loadExample("four_bar.json");
        const int crank = coordinate(*model, "theta1");
        std::vector<double> values;
        for (int i = 0; i <= 12; ++i) {
            values.push_back(0.5 * i);
        }
        const std::vector<HoldingPoint> curve =
            holdingCurve(*model, assembleInitialState(*model).q, crank, values);
        QCOMPARE(curve.size(), values.size());
        Workspace ws(*model);
        const std::vector<int> input = {crank};
        for (const HoldingPoint& point : curve) {
            QVERIFY2(point.rest.ok(), point.rest.error.c_str());
            QCOMPARE(point.rest.q[crank], point.value);
            constexpr double h = 1e-5;
            Eigen::VectorXd plus = point.rest.q;
            Eigen::VectorXd minus = point.rest.q;
            plus[crank] += h;
            minus[crank] -= h;
            QVERIFY(assemble(*model, ws, plus, input).converged);
            QVERIFY(assemble(*model, ws, minus, input).converged);
            const double slope = (potential(*model, plus) - potential(*model, minus)) / (2 * h);
            QVERIFY2(std::abs(point.effort - slope) < 1e-7 * std::max(1.0, std::abs(slope)),
                     (std::to_string(point.effort) + " vs " + std::to_string(slope)).c_str());
        }
    }

    void holdingEffortEqualsInverseDynamicsAtZeroSpeed() {
        // with loads and a gas spring; inverse dynamics by the traditional method (every
        // body's Newton-Euler equations at once), the curve's by the subsystem recursion
        for (const char* file : {"four_bar_loaded.json", "four_bar_gas_spring.json"}) {
            const auto model = loadExample(file);
            const int crank = coordinate(*model, "theta1");
            const std::vector<HoldingPoint> curve = holdingCurve(
                *model, assembleInitialState(*model).q, crank, {0.0, 1.0, 2.0, 3.0, 4.0, 5.0});
            InverseDynamicsWorkspace iws(*model, {crank});
            const Eigen::VectorXd zero = Eigen::VectorXd::Zero(model->nv());
            for (const HoldingPoint& point : curve) {
                QVERIFY2(point.rest.ok(), point.rest.error.c_str());
                QVERIFY(inverseDynamics(*model, iws, InverseMethod::Traditional, 0.0, point.rest.q,
                                        zero, zero));
                QVERIFY2(std::abs(point.effort - iws.tau[0]) <=
                             1e-9 * std::max(1.0, std::abs(iws.tau[0])),
                         file);
                for (std::size_t j = 0; j < iws.reactions.size(); ++j) {
                    QVERIFY((point.rest.reactions[j].force - iws.reactions[j].force).norm() <=
                            1e-8 * std::max(1.0, iws.reactions[j].force.norm()));
                }
            }
        }
    }

    void ladderRestsHangingWhateverItsSize_data() {
        QTest::addColumn<int>("cells");
        QTest::newRow("L=1") << 1;
        QTest::newRow("L=4") << 4;
        QTest::newRow("L=16") << 16;
    }
    void ladderRestsHangingWhateverItsSize() {
        QFETCH(int, cells);
        const auto model = compiled(spatialLadderSpec(cells));
        const Equilibrium rest = findEquilibrium(*model, assembleInitialState(*model).q);
        QVERIFY2(rest.ok(), rest.error.c_str());
        QCOMPARE(rest.free.size(), std::size_t{2});
        QVERIFY(rest.residualNorm <= 1e-10);
        QVERIFY(rest.stable);
        for (int i = 0; i <= cells; ++i) {
            for (const std::string name : {"a", "b"}) {
                const int k = coordinate(*model, name + std::to_string(i));
                QVERIFY2(std::abs(wrapped(rest.q[positionIndex(*model, k)])) < 1e-9,
                         (name + std::to_string(i)).c_str());
            }
        }
    }

    void badRequestsAreRefusedByName() {
        const auto model = loadExample("four_bar.json");
        const Eigen::VectorXd start = assembleInitialState(*model).q;
        EquilibriumOptions two;
        two.holds = {{coordinate(*model, "theta1"), 0.5}, {coordinate(*model, "theta2"), 0.5}};
        const Equilibrium overHeld = findEquilibrium(*model, start, two);
        QVERIFY(!overHeld.ok());
        QVERIFY2(overHeld.error.find("1 degree of freedom") != std::string::npos,
                 overHeld.error.c_str());

        // a change-point four-bar (crank + coupler = ground + rocker), held flat at θ1 = 0
        FourBarTemplateOptions flat;
        flat.ground = 0.3;
        flat.crank = 0.1;
        flat.coupler = 0.3;
        flat.rocker = 0.1;
        flat.crankAngle = 0.3;
        const auto folded = compiled(fourBarTemplate(flat));
        EquilibriumOptions atChangePoint;
        atChangePoint.holds = {{coordinate(*folded, "theta1"), 0.0}};
        const Equilibrium singular =
            findEquilibrium(*folded, assembleInitialState(*folded).q, atChangePoint);
        QVERIFY(!singular.ok());
        QVERIFY2(singular.error.find("singular") != std::string::npos, singular.error.c_str());

        const auto stewart = loadExample("stewart_platform.json");
        int spherical = -1;
        for (int k = 0; k < stewart->nv(); ++k) {
            if (positionIndex(*stewart, k) < 0) {
                spherical = k;
                break;
            }
        }
        QVERIFY(spherical >= 0);
        EquilibriumOptions ball;
        ball.holds = {{spherical, 0.1}};
        const Equilibrium refused =
            findEquilibrium(*stewart, assembleInitialState(*stewart).q, ball);
        QVERIFY2(refused.error.find("spherical joint's rate") != std::string::npos,
                 refused.error.c_str());
    }
};

SSLM_TEST_GUILESS_MAIN(TestStaticEquilibrium)
} // namespace tst_static_equilibrium
#include "tst_static_equilibrium.moc"
