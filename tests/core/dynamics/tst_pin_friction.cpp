// SPDX-License-Identifier: MIT
// Pin friction (core/dynamics/pin_friction.hpp), τ_p = −μ·r·|F_r|·tanh(θ̇/v_s), against
// analytic oracles and against itself:
// - a disc spinning on a pin at its centre under gravity carries |F| = m·g whatever it does,
//   so it slows at the constant rate μ·r·m·g/I, in the plane and in space (where a gravity
//   component along the axis is a thrust, which the law leaves out);
// - a four-bar with pin friction on a joint moves the same whether that joint is cut (its
//   reaction the multipliers λ) or a tree joint (its reaction by the body-level recursion);
// - the energy lost is the friction's work, and the fixed point settles in few solves;
// - inverse dynamics of the accelerations forward dynamics found needs no drive.
//
//      y                     disc (mass m, inertia I about its centre C)
//      ^                       ___
//      |    g                /     \   ω0 = 10 rad/s
//      |    |               |   C   |  J: revolute, ground O = C, about z
//      +--> x    v           \ ___ /

#include <algorithm>
#include <cmath>

#include <QtTest>

#include "core/inverse/inverse_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/dynamics_rhs.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

Q_DECLARE_METATYPE(sslm::InverseMethod)

namespace tst_pin_friction {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

using Vec3 = Eigen::Vector3d;

constexpr double kMass = 2.0;     // kg
constexpr double kInertia = 0.05; // kg·m² about the centre (and the spin axis)
constexpr double kCoefficient = 0.1;
constexpr double kRadius = 0.02; // m
constexpr double kSpin = 10.0;   // rad/s, ≫ v_s = 1e-3 rad/s: tanh(ω/v_s) = 1
constexpr double kGravity = 9.81;

/// The disc above, pinned to the ground at its centre, spinning at kSpin; in space its axis is
/// z and gravity has `axialGravity` (m/s²) along it besides −kGravity along y.
MechanismSpec spinningDisc(MotionSpace space, double axialGravity = 0.0) {
    MechanismSpec spec;
    spec.name = "disc";
    spec.space = space;
    if (space == MotionSpace::Planar) {
        spec.ground.points = {{"O", {0.0, 0.0}}};
        BodySpec disc;
        disc.id = "disc";
        disc.mass = kMass;
        disc.com_B = {0.0, 0.0};
        disc.inertiaCom = kInertia;
        disc.points = {{"C", {0.0, 0.0}}, {"R", {0.1, 0.0}}};
        spec.bodies = {disc};
        spec.joints = {revoluteJoint("J", "theta", {kGroundId, "O"}, {"disc", "C"})};
        spec.gravityZ = 0.0;
    } else {
        spec.ground.points = {spatialPoint("O", Vec3::Zero())};
        spec.bodies = {
            spatialBody("disc", kMass, Vec3::Zero(),
                        Vec3(0.5 * kInertia, 0.5 * kInertia, kInertia).asDiagonal(),
                        {spatialPoint("C", Vec3::Zero()), spatialPoint("R", Vec3(0.1, 0.0, 0.0))})};
        JointSpec joint =
            spatialJoint("J", JointType::Revolute, {kGroundId, "O"}, {"disc", "C"}, Vec3::UnitZ());
        joint.coordinate = "theta";
        spec.joints = {joint};
        spec.gravityZ = axialGravity;
    }
    spec.gravity = {0.0, -kGravity};
    JointFrictionSpec friction;
    friction.pinRadius = kRadius;
    friction.pinCoefficient = kCoefficient;
    spec.joints[0].friction = friction;
    spec.initial.independent = {{"theta", 0.0}};
    spec.initial.rates = {{"theta", kSpin}};
    return spec;
}

struct Run {
    std::vector<double> t;
    std::vector<Eigen::VectorXd> q;
    std::vector<Eigen::VectorXd> qd;
    std::vector<double> rate; ///< the first coordinate's
    double energyBalance = 0; ///< max |E − E₀ − W_f| over the samples (J)
    double frictionWork = 0;  ///< at the end (J)
    double energyLost = 0;    ///< E₀ − E at the end (J)
    SimulationSummary summary;
};

Run simulateFor(const Model& model, double tEnd, double interval) {
    const InitialState initial = assembleInitialState(model);
    SimulationSettings settings;
    settings.integrator = IntegratorKind::Dopri5;
    settings.tEnd = tEnd;
    settings.sampleInterval = interval;
    settings.rtol = 1e-11;
    settings.atol = 1e-11;
    Run run;
    double e0 = std::nan("");
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        if (std::isnan(e0)) {
            e0 = s.totalEnergy;
        }
        run.t.push_back(s.t);
        run.q.push_back(s.q);
        run.qd.push_back(s.qd);
        run.rate.push_back(s.qd[0]);
        run.energyBalance =
            std::max(run.energyBalance, std::abs(s.totalEnergy - e0 - s.frictionWork));
        run.frictionWork = s.frictionWork;
        run.energyLost = e0 - s.totalEnergy;
    };
    run.summary = simulate(model, settings, initial.q, initial.qd, callbacks);
    return run;
}

/// Every joint's relative angle at each sample of a run (rad; jointValue near `reference`).
std::vector<std::vector<double>>
jointAngles(const Model& model, const Run& run, const std::vector<std::string>& joints) {
    Workspace ws(model);
    std::vector<std::vector<double>> angles;
    for (const Eigen::VectorXd& q : run.q) {
        updatePositions(model, ws, q);
        std::vector<double> row;
        for (const std::string& name : joints) {
            row.push_back(jointValue(model, ws, model.jointIndex(name), 0.0));
        }
        angles.push_back(row);
    }
    return angles;
}

} // namespace

class TestPinFriction : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void discSlowsAtMuRMgOverI_data() {
        QTest::addColumn<bool>("spatial");
        QTest::addColumn<double>("axialGravity");
        QTest::newRow("planar") << false << 0.0;
        QTest::newRow("spatial") << true << 0.0;
        QTest::newRow("spatial, thrust along the axis") << true << -4.0;
    }

    /// ω(t) = ω0 − μ·r·m·g·t/I: the pin carries m·g across the axis at any speed (the centre
    /// does not move), so the friction torque is constant while the disc turns; a gravity
    /// component along the axis is a thrust the law leaves out.
    void discSlowsAtMuRMgOverI() {
        QFETCH(bool, spatial);
        QFETCH(double, axialGravity);
        const MechanismSpec spec =
            spinningDisc(spatial ? MotionSpace::Spatial : MotionSpace::Planar, axialGravity);
        const std::shared_ptr<const Model> model = compiled(spec);
        QCOMPARE(model->pinJoints, std::vector<int>{0});
        QCOMPARE(model->gravity.z(), axialGravity);
        const Run run = simulateFor(*model, 10.0, 0.5);
        QVERIFY2(run.summary.ok, run.summary.message.c_str());
        const double deceleration = kCoefficient * kRadius * kMass * kGravity / kInertia;
        double worst = 0;
        for (std::size_t i = 0; i < run.t.size(); ++i) {
            const double expected = kSpin - deceleration * run.t[i];
            worst = std::max(worst, std::abs(run.rate[i] / expected - 1));
        }
        qInfo("%zu samples to t = %.1f s: worst relative error of ω %.3g; energy balance %.3g J "
              "of %.6f J lost (%ld rhs calls)",
              run.t.size(), run.t.back(), worst, run.energyBalance, run.energyLost,
              run.summary.rhsCalls);
        QVERIFY(run.t.size() == 21);
        QVERIFY(worst < 1e-6);
        // the energy lost is the friction's work: ½I(ω0² − ω²)
        const double omega = kSpin - deceleration * 10.0;
        const double lost = 0.5 * kInertia * (kSpin * kSpin - omega * omega);
        QVERIFY(std::abs(run.energyLost / lost - 1) < 1e-8);
        QVERIFY(std::abs(run.frictionWork + lost) < 1e-8 * lost);
        QVERIFY(run.energyBalance < 1e-8 * lost);
    }

    /// The fixed point from zero reactions takes two solves (the torque of m·g, then the same
    /// again); from the last call's reactions one. q̈ is the oracle's −μ·r·m·g/I.
    void fixedPointSettlesInFewSolves() {
        const std::shared_ptr<const Model> model = compiled(spinningDisc(MotionSpace::Planar));
        const InitialState initial = assembleInitialState(*model);
        DynamicsRhs rhs(*model, SimulationSettings{});
        QVERIFY(rhs.evaluate(0.0, initial.q, initial.qd));
        QCOMPARE(rhs.pinFriction().lastIterations, 2);
        const double deceleration = kCoefficient * kRadius * kMass * kGravity / kInertia;
        QVERIFY(std::abs(rhs.qdd()[0] / -deceleration - 1) < 1e-12);
        QVERIFY(std::abs(rhs.frictionPower() + kCoefficient * kRadius * kMass * kGravity * kSpin) <
                1e-12);
        QVERIFY(rhs.evaluate(0.0, initial.q, initial.qd));
        QCOMPARE(rhs.pinFriction().lastIterations, 1);
        QCOMPARE(rhs.pinFriction().mostIterations, 2);
    }

    void fourBarAgreesWhicheverJointIsCut_data() {
        QTest::addColumn<QString>("pin");
        QTest::addColumn<QString>("otherCut");
        QTest::newRow("pin J8") << "J8"
                                << "J3";
        QTest::newRow("pin J3") << "J3"
                                << "J2";
    }

    /// The four-bar (examples/four_bar.json) released under gravity with pin friction on one
    /// joint, once with that joint cut (its reaction SSLM's λ) and once with another joint of
    /// the loop cut (its reaction from the body-level recursion): every joint angle agrees
    /// over a second, and the friction changes the motion by far more than that.
    void fourBarAgreesWhicheverJointIsCut() {
        QFETCH(QString, pin);
        QFETCH(QString, otherCut);
        MechanismSpec spec = exampleSpec("four_bar.json");
        const auto joint = std::ranges::find(spec.joints, pin.toStdString(), &JointSpec::name);
        QVERIFY(joint != spec.joints.end());
        JointFrictionSpec friction;
        friction.pinRadius = 0.01;
        friction.pinCoefficient = 0.3;
        joint->friction = friction;
        const std::vector<std::string> joints = {"J1", "J2", "J3", "J8"};
        std::vector<std::vector<std::vector<double>>> angles;
        std::vector<double> lost;
        for (const std::string& cut : {pin.toStdString(), otherCut.toStdString()}) {
            CompileOptions options;
            options.cuts = std::vector<std::string>{cut};
            const CompileResult result = compileModel(spec, options);
            QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
            QCOMPARE(result.model->joints[result.model->jointIndex(pin.toStdString())].isCut(),
                     cut == pin.toStdString());
            const Run run = simulateFor(*result.model, 1.0, 0.01);
            QVERIFY2(run.summary.ok, run.summary.message.c_str());
            qInfo("cut %s: friction work %.6g J, energy balance %.3g J", cut.c_str(),
                  run.frictionWork, run.energyBalance);
            QVERIFY(run.frictionWork < -1e-3);
            QVERIFY(run.energyBalance < 1e-7);
            angles.push_back(jointAngles(*result.model, run, joints));
            lost.push_back(run.energyLost);
        }
        // without the friction: how much it changes the motion
        spec.joints[static_cast<std::size_t>(joint - spec.joints.begin())].friction.reset();
        const std::shared_ptr<const Model> frictionless = compiled(spec);
        const auto free = jointAngles(*frictionless, simulateFor(*frictionless, 1.0, 0.01), joints);
        QCOMPARE(angles[0].size(), angles[1].size());
        QCOMPARE(angles[0].size(), free.size());
        double worst = 0;
        double effect = 0;
        for (std::size_t i = 0; i < angles[0].size(); ++i) {
            for (std::size_t k = 0; k < joints.size(); ++k) {
                worst = std::max(worst, std::abs(angles[0][i][k] - angles[1][i][k]));
                effect = std::max(effect, std::abs(angles[0][i][k] - free[i][k]));
            }
        }
        qInfo("largest difference of a joint angle between the cuts %.3g rad; the friction "
              "moves them by up to %.3g rad",
              worst, effect);
        QVERIFY(worst < 1e-6);
        QVERIFY(effect > 1e-2);
        QVERIFY(std::abs(lost[0] - lost[1]) < 1e-6 * std::abs(lost[0]));
    }

    void inverseDynamicsNeedsNoDriveForForwardMotion_data() {
        QTest::addColumn<InverseMethod>("method");
        QTest::newRow("subsystem") << InverseMethod::Subsystem;
        QTest::newRow("system") << InverseMethod::System;
        QTest::newRow("traditional") << InverseMethod::Traditional;
    }

    /// The four-bar with pin friction on its cut J8 and its tree joint J3, 0.1 s into its swing
    /// (both joints turning): inverse
    /// dynamics, driving theta1 at the accelerations forward dynamics found (no actuator force),
    /// needs no drive and finds forward dynamics' multipliers and pin torques.
    void inverseDynamicsNeedsNoDriveForForwardMotion() {
        QFETCH(InverseMethod, method);
        MechanismSpec spec = exampleSpec("four_bar.json");
        for (JointSpec& joint : spec.joints) {
            if (joint.name == "J3" || joint.name == "J8") {
                joint.friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.01, 0.3};
            }
        }
        const std::shared_ptr<const Model> model = compiled(spec);
        QCOMPARE(model->pinJoints.size(), std::size_t(2));
        const Run run = simulateFor(*model, 0.1, 0.1);
        QVERIFY2(run.summary.ok, run.summary.message.c_str());
        const Eigen::VectorXd q = run.q.back();
        const Eigen::VectorXd qd = run.qd.back();
        DynamicsRhs rhs(*model, SimulationSettings{});
        QVERIFY2(rhs.evaluate(0.1, q, qd), rhs.failure().c_str());
        QVERIFY(rhs.pinFriction().torque.cwiseAbs().minCoeff() > 1e-3);
        InverseDynamicsWorkspace iws(*model, {model->coordinateIndex("theta1")});
        QVERIFY2(inverseDynamics(*model, iws, method, 0.1, q, qd, rhs.qdd()), iws.failure.c_str());
        qInfo("drive %.3g N·m; pin torques %.6g, %.6g N·m forward, %.6g, %.6g N·m inverse "
              "(%d solves)",
              iws.tau[0], rhs.pinFriction().torque[0], rhs.pinFriction().torque[1],
              iws.pins.torque[0], iws.pins.torque[1], iws.pins.lastIterations);
        QVERIFY(std::abs(iws.tau[0]) < 1e-8);
        QVERIFY((iws.lambda - rhs.lambda()).norm() < 1e-8 * rhs.lambda().norm());
        QVERIFY((iws.pins.torque - rhs.pinFriction().torque).norm() < 1e-10);
        for (int i = 0; i < 2; ++i) {
            const int j = model->pinJoints[static_cast<std::size_t>(i)];
            QVERIFY(std::abs(iws.reactions[j].applied[0] - iws.pins.torque[i]) < 1e-12);
        }
    }
};

SSLM_TEST_GUILESS_MAIN(TestPinFriction)
} // namespace tst_pin_friction
#include "tst_pin_friction.moc"
