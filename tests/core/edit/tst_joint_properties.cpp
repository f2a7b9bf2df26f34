// SPDX-License-Identifier: MIT
// Joint properties in a drawing: a revolute joint becomes a prismatic one and back (the exact
// spec again), a slider becomes a pivoted block, a spring/damper and an actuator set here act
// in the simulation (the energy balance closes with their work), and bad values are refused
// with the drawing unchanged.

#include <QtTest>

#include "core/analysis/mechanism_check.hpp"
#include "core/edit/joint_properties.hpp"
#include "core/sim/simulation.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/test_main.hpp"

namespace tst_joint_properties {

using namespace sslm;
using fixtures::assembled;
using fixtures::drawnFourBar;
using fixtures::largestShift;

namespace {

constexpr double kTol = fixtures::kDrawnTol;

double valueOf(const Drawing& d, const std::string& coordinate) {
    for (const auto& [name, value] : jointValuesAt(d)) {
        if (name == coordinate) {
            return value;
        }
    }
    qFatal("no coordinate %s", coordinate.c_str());
}

} // namespace

class TestJointProperties : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void jointsAtAPoint() {
        const Drawing d = drawnFourBar();
        QCOMPARE(jointsAt(d, {"L2", "P2"}), std::vector<std::string>{"J4"});
        QCOMPARE(jointsAt(d, {"ground", "O1"}), std::vector<std::string>{"J1"});
        QVERIFY(jointsAt(d, {"ground", "O9"}).empty());
        const JointProperties input = *jointProperties(d, "J1");
        QCOMPARE(input.type, JointType::Revolute);
        QVERIFY(input.actuator.has_value()); // setInput gave it a zero-force actuator
        QVERIFY(!input.springDamper.has_value());
        QVERIFY(!jointProperties(d, "J9").has_value());
    }

    // The rocker's ground pivot J3 made prismatic: the rocker slides along W's x-axis at the
    // angle it was drawn, q = 0 m there, coordinate theta3 → x3; it still has 1 DOF and
    // assembles where drawn. Made revolute again, the spec is the original one exactly.
    void revoluteBecomesPrismaticAndBack() {
        Drawing d = drawnFourBar();
        const Drawing original = d;
        JointProperties p = *jointProperties(d, "J3");
        p.type = JointType::Prismatic;
        QVERIFY(setJointProperties(d, "J3", p).empty());
        const JointSpec& j3 = d.spec.joints[2];
        QCOMPARE(j3.type, JointType::Prismatic);
        QCOMPARE(j3.coordinateName(), std::string("x3"));
        QVERIFY(std::abs(valueOf(d, "x3")) < kTol);
        QVERIFY(std::abs(j3.offset - d.poses.at("L3").angle) < kTol);
        const auto slider = assembled(d);
        QCOMPARE(slider.model->mobilityGrubler, 1);
        QVERIFY(largestShift(d, slider.drawing) < kTol);
        QVERIFY(!checkMechanism(d.spec).hasErrors());

        p.type = JointType::Revolute;
        QVERIFY(setJointProperties(d, "J3", p).empty());
        QVERIFY(d.spec == original.spec);

        // a spring and PD tracking set in rad do not become ones in m
        p.springDamper = SpringDamperSpec{5.0, 1.2, 0.1};
        ActuatorSpec pd;
        pd.kind = ActuatorSpec::Kind::PdTracking;
        pd.kp = 40;
        pd.reference.kind = SignalSpec::Kind::Linear;
        pd.reference.rate = 4.71;
        p.actuator = pd;
        QVERIFY(setJointProperties(d, "J3", p).empty());
        p.type = JointType::Prismatic;
        QVERIFY(setJointProperties(d, "J3", p).empty());
        const JointProperties renewed = *jointProperties(d, "J3");
        QVERIFY(!renewed.springDamper.has_value());
        QVERIFY(renewed.actuator.has_value());
        QCOMPARE(renewed.actuator->kind, ActuatorSpec::Kind::Force);
        QCOMPARE(renewed.actuator->force.kind, SignalSpec::Kind::Zero);
        QCOMPARE(editorCoordinateName("", JointType::Revolute), std::string());
        QCOMPARE(editorCoordinateName("crank", JointType::Revolute), std::string("crank"));
    }

    // The slider-crank's block pinned where it is instead of sliding: a new ground pivot O3 at
    // the block's centre carries the pin; the drawing still assembles where drawn.
    void sliderBecomesAPivotedBlock() {
        Drawing d = emptyDrawing("Drawn slider-crank");
        QVERIFY(addGroundPivot(d, {0.0, 0.0}).empty());
        QVERIFY(addGroundPivot(d, {0.4, 0.0}).empty());
        QVERIFY(addLink(d, {"ground", "O1"}, Eigen::Vector2d(0.05, 0.09)).empty());
        QVERIFY(addSlider(d, {"ground", "O2"}, {0.3, 0.0}).empty());
        QVERIFY(addLink(d, {"L1", "P2"}, JointEnd{"S1", "P1"}).empty());
        QVERIFY(setInput(d, "J1").empty());
        JointProperties p = *jointProperties(d, "J2");
        QCOMPARE(p.type, JointType::Prismatic);
        QVERIFY(std::abs(p.axisAngle - M_PI) < kTol); // the guide points towards −x
        p.type = JointType::Revolute;
        QVERIFY(setJointProperties(d, "J2", p).empty());
        const JointSpec& j2 = d.spec.joints[1];
        QCOMPARE(j2.type, JointType::Revolute);
        QCOMPARE(j2.coordinateName(), std::string("theta2"));
        QCOMPARE(j2.parent, (JointEnd{"ground", "O3"}));
        QVERIFY((*pointInWorld(d, {"ground", "O3"}) - Eigen::Vector2d(0.3, 0.0)).norm() < kTol);
        QVERIFY(largestShift(d, assembled(d).drawing) < kTol);
    }

    // A spring/damper and a constant torque set on the crank act in the run: over 1 s the total
    // energy changes by exactly the actuator's and the damper's work, both clearly non-zero.
    void springDamperAndActuatorActInTheRun() {
        Drawing d = drawnFourBar();
        QVERIFY(setInputRate(d, "J1", 3.0).empty());
        JointProperties p = *jointProperties(d, "J1");
        p.springDamper = SpringDamperSpec{2.0, 0.3, 0.05};
        ActuatorSpec torque;
        torque.force.kind = SignalSpec::Kind::Constant;
        torque.force.value = 0.5; // N·m
        p.actuator = torque;
        QVERIFY(setJointProperties(d, "J1", p).empty());
        QCOMPARE(d.spec.actuators.size(), std::size_t(1));
        QCOMPARE(d.spec.actuators[0].joint, std::string("J1"));
        QCOMPARE(d.spec.joints[0].springDamper->stiffness, 2.0);

        const auto model = assembled(d).model;
        const InitialState start = assembleInitialState(*model);
        SimulationSettings settings;
        settings.tEnd = 1.0;
        settings.rtol = 1e-11;
        settings.atol = 1e-11;
        double e0 = 0;
        double worstBalance = 0;
        Sample last;
        const SimulationSummary summary = simulate(
            *model, settings, start.q, start.qd,
            {[&](const Sample& s) {
                 if (s.t == 0) {
                     e0 = s.totalEnergy;
                 }
                 worstBalance = std::max(
                     worstBalance, std::abs(s.totalEnergy - s.actuatorWork - s.damperWork - e0));
                 last = s;
             },
             {}});
        QVERIFY2(summary.ok, summary.message.c_str());
        qInfo("crank with spring, damper and 0.5 N·m over 1 s: actuator %.4g J, damper %.4g J, "
              "balance within %.3g J",
              last.actuatorWork, last.damperWork, worstBalance);
        QVERIFY(std::abs(last.actuatorWork) > 1e-2);
        QVERIFY(last.damperWork < -1e-3);
        QVERIFY(worstBalance < 1e-7);

        // no actuator and no spring/damper: both gone from the spec
        p.springDamper.reset();
        p.actuator.reset();
        QVERIFY(setJointProperties(d, "J1", p).empty());
        QVERIFY(d.spec.actuators.empty());
        QVERIFY(!d.spec.joints[0].springDamper.has_value());
    }

    void badValuesAreRefused() {
        Drawing d = drawnFourBar();
        const Drawing original = d;
        JointProperties p = *jointProperties(d, "J2");
        p.springDamper = SpringDamperSpec{std::nan(""), 0.0, 0.0};
        QVERIFY(!setJointProperties(d, "J2", p).empty());
        p.springDamper = SpringDamperSpec{1.0, 0.0, -0.1};
        QVERIFY(setJointProperties(d, "J2", p).find("damping") != std::string::npos);
        p.springDamper.reset();
        ActuatorSpec pd;
        pd.kind = ActuatorSpec::Kind::PdTracking;
        pd.kp = -5;
        p.actuator = pd;
        QVERIFY(setJointProperties(d, "J2", p).find("kp") != std::string::npos);
        pd.kp = 5;
        pd.reference.kind = SignalSpec::Kind::Sinusoid;
        pd.reference.frequency = -1;
        p.actuator = pd;
        QVERIFY(!setJointProperties(d, "J2", p).empty());
        QVERIFY(!setJointProperties(d, "J7", *jointProperties(d, "J2")).empty());
        QVERIFY(d.spec == original.spec);
    }
};

SSLM_TEST_APPLESS_MAIN(TestJointProperties)
} // namespace tst_joint_properties
#include "tst_joint_properties.moc"
