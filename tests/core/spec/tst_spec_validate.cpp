// SPDX-License-Identifier: MIT
// validateSpec's words for values out of range and for bodies: a gravity of 1e308 m/s², a mass
// of 1e12 kg or a point 1e7 m away is refused where it is written, with the range and the fix
// (the simulation would otherwise stop at t = 0 with a hint about singular poses); a body is
// named as the file names it ("#2 rocker"), by its id only when it has no name. A load or a
// two-point element that cannot act is named with its field and the fix.

#include <algorithm>
#include <string>

#include <QtTest>

#include "core/analysis/mechanism_check.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"
#include "core/spec/spec_validate.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_spec_validate {

using namespace sslm;

namespace {

/// The one error validateSpec reports at `where`; fails the test when there is not exactly one.
Diagnostic errorAt(const MechanismSpec& spec, const std::string& where) {
    const Diagnostics all = validateSpec(spec);
    Diagnostics found;
    std::copy_if(all.begin(), all.end(), std::back_inserter(found),
                 [&](const Diagnostic& d) { return d.isError() && d.where == where; });
    if (found.size() != 1) {
        qWarning("%s", formatDiagnostics(all).c_str());
        return {};
    }
    return found.front();
}

/// A constant signal of `value`.
SignalSpec constant(double value) {
    SignalSpec s;
    s.kind = SignalSpec::Kind::Constant;
    s.value = value;
    return s;
}

/// A load `name` of 30 N straight down at `at`.
LoadSpec weight(std::string name, JointEnd at) {
    LoadSpec l;
    l.name = std::move(name);
    l.at = std::move(at);
    l.force = constant(30);
    return l;
}

/// A cylinder `name` from `first` to `second` tracking 0.2 m with kp 1e4 N/m, kd 100 N·s/m.
TwoPointSpec cylinder(std::string name, JointEnd first, JointEnd second) {
    TwoPointSpec e;
    e.name = std::move(name);
    e.kind = TwoPointSpec::Kind::Cylinder;
    e.first = std::move(first);
    e.second = std::move(second);
    e.tracksLength = true;
    e.kp = 1e4;
    e.kd = 100;
    e.length = constant(0.2);
    return e;
}

/// The four-bar with issue 36's loads: 30 N down at the coupler end J9, a gas spring from the
/// ground point S (0.05, 0.25) to J9, and a cylinder from O2 to the crank tip.
MechanismSpec loadedFourBar() {
    MechanismSpec spec = fixtures::fourBar();
    spec.ground.points.push_back({"S", {0.05, 0.25}});
    spec.loads = {weight("weight", {"link3", "J9"})};
    spec.twoPointElements = {fixtures::spring("gas spring", {"ground", "S"}, {"link3", "J9"}),
                             cylinder("crank cylinder", {"ground", "O2"}, {"link1", "J8"})};
    return spec;
}

} // namespace

class TestSpecValidate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void gravityOutOfRangeIsNamed() {
        MechanismSpec spec = fixtures::fourBar();
        spec.gravity = {0.0, 1e308};
        const Diagnostic d = errorAt(spec, "gravity");
        QCOMPARE(d.message, std::string("gravity is out of range: its magnitude is 1e+308 m/s², "
                                        "more than the largest taken, 1000000 m/s²"));
        QCOMPARE(d.hint, std::string("write gravity in m/s², e.g. [0, -9.81]"));
        spec.gravity = {0.0, -9.81 * 1e5}; // 100 000 g is still taken
        QVERIFY(!hasErrors(validateSpec(spec)));
    }

    void massAndInertiaOutOfRangeAreNamed() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[1].mass = 1e12;
        spec.bodies[2].inertiaCom = 1e15;
        QCOMPARE(errorAt(spec, "bodies[1].mass").message,
                 std::string("the mass of #2 rocker is out of range: 1e+12 kg, more than the "
                             "largest taken, 1000000000 kg"));
        QCOMPARE(errorAt(spec, "bodies[2].inertia").message,
                 std::string("the moment of inertia of #3 coupler is out of range: 1e+15 kg·m², "
                             "more than the largest taken, 1e+12 kg·m²"));
    }

    void pointFarAwayIsNamed() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[0].points[1].p_B = {-2e7, 0.0};
        const Diagnostic d = errorAt(spec, "bodies[0].points[1].at");
        QCOMPARE(d.message, std::string("a coordinate of point 'J8' on #1 crank is out of range: "
                                        "20000000 m, more than the largest taken, 1000000 m"));
        QCOMPARE(d.hint, std::string("check the value and its unit, m"));
    }

    void bodiesAreNamedAsTheFileNamesThem() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[1].mass = -2.0;
        QCOMPARE(errorAt(spec, "bodies[1].mass").message,
                 std::string("the mass of #2 rocker (kg) must be positive, got -2"));
        spec.bodies[1].name.clear(); // no name: the id
        QCOMPARE(errorAt(spec, "bodies[1].mass").message,
                 std::string("the mass of 'link2' (kg) must be positive, got -2"));
    }

    void loadsAndTwoPointElementsThatActPass() {
        const Diagnostics problems = validateSpec(loadedFourBar());
        QVERIFY2(problems.empty(), formatDiagnostics(problems).c_str());
    }

    void loadErrorsNameTheLoadAndTheField() {
        MechanismSpec spec = loadedFourBar();
        LoadSpec slanted = weight("slanted", {"link3", "J9"});
        slanted.direction = {3, 4, 0};
        LoadSpec idle = weight("idle", {"link2", "J3"});
        idle.force = {};
        LoadSpec outOfPlane = weight("out of plane", {"link2", "J3"});
        outOfPlane.direction = {0, 0.6, 0.8};
        outOfPlane.axis = {1, 0, 0};
        LoadSpec zero = weight("zero", {"link2", "J3"});
        zero.direction = Eigen::Vector3d::Zero();
        spec.loads = {weight("on ground", {"ground", "S"}),
                      slanted,
                      weight("nowhere", {"link9", "J9"}),
                      weight("off the body", {"link3", "tip"}),
                      weight("slanted", {"link1", "J8"}),
                      idle,
                      outOfPlane,
                      zero};

        Diagnostic d = errorAt(spec, "loads[0].body");
        QCOMPARE(d.message,
                 std::string("load 'on ground' acts on the ground, where it does nothing"));
        QCOMPARE(d.hint, std::string("put it on a moving body: 'link1', 'link2', 'link3'"));
        d = errorAt(spec, "loads[1].direction");
        QCOMPARE(
            d.message,
            std::string("the direction of load 'slanted' must be a unit vector, its length is 5"));
        QCOMPARE(d.hint, std::string("write a unit vector, e.g. [0.6, 0.8]"));
        d = errorAt(spec, "loads[2].body");
        QCOMPARE(d.message, std::string("load 'nowhere' is on unknown body 'link9'"));
        QCOMPARE(d.hint, std::string("known bodies: 'ground', 'link1', 'link2', 'link3'"));
        d = errorAt(spec, "loads[3].point");
        QCOMPARE(
            d.message,
            std::string("load 'off the body' is at point 'tip', which body 'link3' does not have"));
        QCOMPARE(d.hint, std::string("its points: 'J3', 'J8', 'J9'"));
        QCOMPARE(errorAt(spec, "loads[4].name").message,
                 std::string("duplicate load name 'slanted' (also loads[1])"));
        d = errorAt(spec, "loads[5].force");
        QCOMPARE(d.message,
                 std::string("load 'idle' has neither a force nor a torque, so it does nothing"));
        QVERIFY(d.hint.find("remove the load") != std::string::npos);
        QCOMPARE(errorAt(spec, "loads[6].direction").message,
                 std::string("the direction of load 'out of plane' has z = 0.8, but a planar load "
                             "acts in the XY plane"));
        QCOMPARE(
            errorAt(spec, "loads[6].axis").message,
            std::string("the torque of planar load 'out of plane' must be about z, its axis is "
                        "[1, 0, 0]"));
        QCOMPARE(
            errorAt(spec, "loads[7].direction").message,
            std::string("the direction of load 'zero' must be a unit vector, its length is 0"));
        // a load without a name is named by its place
        spec.loads = {weight("", {"link3", "tip"})};
        QCOMPARE(errorAt(spec, "loads[0].name").message, std::string("the load name is empty"));
        QCOMPARE(errorAt(spec, "loads[0].point").message,
                 std::string("load 0 is at point 'tip', which body 'link3' does not have"));
    }

    void twoPointErrorsNameTheElementAndTheField() {
        MechanismSpec spec = loadedFourBar();
        TwoPointSpec grounded =
            fixtures::spring("ground spring", {"ground", "S"}, {"ground", "O1"});
        grounded.stiffness = -1;
        grounded.damping = -2;
        grounded.restLength = 0;
        TwoPointSpec lift = cylinder("lift", {"link1", "X"}, {"link3", "J9"});
        lift.kp = -1;
        lift.kd = -2;
        spec.twoPointElements = {
            grounded, fixtures::spring("ground spring", {"link3", "J9"}, {"link3", "J3"}), lift,
            cylinder("lost", {"ground", "S"}, {"link9", "J9"})};

        Diagnostic d = errorAt(spec, "two_point_elements[0].second.body");
        QCOMPARE(d.message, std::string("spring 'ground spring' has both ends on the ground, so it "
                                        "exerts no force on the mechanism"));
        QCOMPARE(d.hint, std::string("connect two different bodies, or a body and the ground"));
        d = errorAt(spec, "two_point_elements[0].stiffness");
        QCOMPARE(d.message, std::string("the stiffness of spring 'ground spring' must not be "
                                        "negative, got -1 N/m"));
        QCOMPARE(d.hint, std::string("write 0 or a positive value in N/m"));
        QCOMPARE(errorAt(spec, "two_point_elements[0].damping").message,
                 std::string("the damping of spring 'ground spring' must not be negative, got -2 "
                             "N·s/m"));
        d = errorAt(spec, "two_point_elements[0].rest_length");
        QCOMPARE(d.message,
                 std::string("the rest length of spring 'ground spring' must be > 0, got 0 m"));
        QCOMPARE(d.hint, std::string("give the spring's free length in m, greater than 0"));
        QCOMPARE(errorAt(spec, "two_point_elements[1].name").message,
                 std::string("duplicate two-point element name 'ground spring' (also "
                             "two_point_elements[0])"));
        QCOMPARE(errorAt(spec, "two_point_elements[1].second.body").message,
                 std::string("spring 'ground spring' has both ends on body 'link3', so it exerts "
                             "no force on the mechanism"));
        d = errorAt(spec, "two_point_elements[2].first.point");
        QCOMPARE(d.message, std::string("the first end of cylinder 'lift' is at point 'X', which "
                                        "body 'link1' does not have"));
        QCOMPARE(d.hint, std::string("its points: 'J1', 'J8'"));
        QCOMPARE(errorAt(spec, "two_point_elements[2].track_length.kp").message,
                 std::string("the gain kp of cylinder 'lift' must not be negative, got -1 N/m"));
        QCOMPARE(errorAt(spec, "two_point_elements[2].track_length.kd").message,
                 std::string("the gain kd of cylinder 'lift' must not be negative, got -2 N·s/m"));
        QCOMPARE(errorAt(spec, "two_point_elements[3].second.body").message,
                 std::string("the second end of cylinder 'lost' is on unknown body 'link9'"));
        // gains that do not act are not checked: tracking switched off keeps them as they were
        spec.twoPointElements = {lift};
        spec.twoPointElements[0].first.point = "J8";
        spec.twoPointElements[0].tracksLength = false;
        QVERIFY(!hasErrors(validateSpec(spec)));
    }

    /// Friction and limits: each bad value named at its field, with the joint and the fix.
    void jointFrictionAndLimitErrorsAreNamed() {
        MechanismSpec spec = loadedFourBar();
        spec.joints[0].friction = JointFrictionSpec{-0.5, 0.1, 0.0};
        JointLimitsSpec crossed;
        crossed.lower = 1.0;
        crossed.upper = 0.5;
        crossed.stiffness = 0;
        crossed.restitution = 1.5;
        spec.joints[1].limits = crossed;
        spec.joints[2].limits = JointLimitsSpec{};
        Diagnostic d = errorAt(spec, "joints[0].friction.coulomb");
        QCOMPARE(d.message, std::string("negative friction: the coulomb friction of joint 'J1' is "
                                        "-0.5, which would drive the joint instead of resisting "
                                        "it"));
        QCOMPARE(d.hint, std::string("write 0 or a positive number"));
        QCOMPARE(errorAt(spec, "joints[0].friction.smoothing_velocity").message,
                 std::string("the smoothing velocity must be positive, got 0"));
        d = errorAt(spec, "joints[1].limits");
        QCOMPARE(d.message, std::string("lower ≥ upper: the lower limit of joint 'J2', 1, is not "
                                        "below its upper limit, 0.5"));
        QCOMPARE(d.hint, std::string("make \"lower\" smaller than \"upper\""));
        QCOMPARE(errorAt(spec, "joints[1].limits.stiffness").message,
                 std::string("the stop stiffness must be positive, got 0"));
        QCOMPARE(errorAt(spec, "joints[1].limits.restitution").message,
                 std::string("the restitution of the stops of joint 'J2' is 1.5, outside (0, 1]"));
        QCOMPARE(errorAt(spec, "joints[2].limits").message,
                 std::string("the limits of joint 'J3' have neither bound"));
        // fixed, they pass
        spec.joints[0].friction->coulomb = 0.5;
        spec.joints[0].friction->smoothingVelocity = 1e-3;
        spec.joints[1].limits = JointLimitsSpec{0.5, 1.0, 1e4, 0.5};
        spec.joints[2].limits->upper = 2.0;
        QVERIFY(!hasErrors(validateSpec(spec)));
        // on a spherical joint: one coordinate is needed
        MechanismSpec ball = rssrSpec("J3");
        ball.joints[1].friction = JointFrictionSpec{};
        QCOMPARE(ball.joints[1].type, JointType::Spherical);
        d = errorAt(ball, "joints[1].friction");
        QCOMPARE(d.message, std::string("joint 'J2' is a spherical joint; its friction acts along "
                                        "one coordinate"));
        QCOMPARE(d.hint, std::string("put the friction on a revolute or prismatic joint"));
    }

    /// Pin friction: not negative, both parts or neither, and on a revolute joint only, each
    /// named at its field with the joint and the fix.
    void pinFrictionErrorsAreNamed() {
        MechanismSpec spec = loadedFourBar();
        spec.joints[0].friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.01, -0.2};
        Diagnostic d = errorAt(spec, "joints[0].friction.pin_coefficient");
        QCOMPARE(d.message, std::string("joint 'J1': friction.pin_coefficient must be ≥ 0, got "
                                        "-0.2 (a negative pin_coefficient would drive the joint "
                                        "instead of resisting it)"));
        QCOMPARE(d.hint, std::string("write 0 or a positive number, e.g. 0.1 for a greased pin"));
        spec.joints[0].friction = JointFrictionSpec{0.0, 0.0, 1e-3, -0.01, 0.2};
        d = errorAt(spec, "joints[0].friction.pin_radius");
        QCOMPARE(d.message, std::string("joint 'J1': friction.pin_radius must be ≥ 0, got -0.01 "
                                        "(a negative pin_radius would drive the joint instead of "
                                        "resisting it)"));
        QCOMPARE(d.hint, std::string("write 0 or a positive number (m)"));
        // one part without the other
        spec.joints[0].friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.01, 0.0};
        d = errorAt(spec, "joints[0].friction.pin_coefficient");
        QCOMPARE(d.message, std::string("joint 'J1': pin friction needs both friction.pin_radius "
                                        "and friction.pin_coefficient, but pin_coefficient is 0"));
        QCOMPARE(d.hint, std::string("give pin_coefficient a positive value, or remove both"));
        spec.joints[0].friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.0, 0.2};
        QCOMPARE(errorAt(spec, "joints[0].friction.pin_radius").message,
                 std::string("joint 'J1': pin friction needs both friction.pin_radius and "
                             "friction.pin_coefficient, but pin_radius is 0"));
        // both: it passes
        spec.joints[0].friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.01, 0.2};
        QVERIFY(!hasErrors(validateSpec(spec)));
        // on a prismatic joint: refused
        MechanismSpec slider = fixtures::sliderCrankPrismaticCut();
        const auto slide = std::ranges::find(slider.joints, JointType::Prismatic, &JointSpec::type);
        QVERIFY(slide != slider.joints.end());
        slide->friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.01, 0.2};
        const std::string at =
            "joints[" + std::to_string(slide - slider.joints.begin()) + "].friction.pin_radius";
        d = errorAt(slider, at);
        QCOMPARE(d.message, "joint '" + slide->name +
                                "' is a prismatic joint; pin friction acts on a revolute joint's "
                                "pin");
        QCOMPARE(d.hint, std::string("remove pin_radius and pin_coefficient (a slide's friction is "
                                     "its coulomb and viscous parts)"));
    }

    void spatialLoadVectorsMustBeUnit() {
        MechanismSpec spec = rssrSpec("J3");
        LoadSpec push = weight("push", {"coupler", "C"});
        push.direction = {0, 1, 1};
        push.axis = Eigen::Vector3d::Zero();
        push.torque = constant(0.5);
        spec.loads = {push};
        Diagnostic d = errorAt(spec, "loads[0].direction");
        QCOMPARE(d.message, std::string("the direction of load 'push' must be a unit vector, its "
                                        "length is 1.414213562"));
        QCOMPARE(d.hint, std::string("write a unit vector, e.g. [0, 0.7071067812, 0.7071067812]"));
        QCOMPARE(
            errorAt(spec, "loads[0].axis").message,
            std::string("the torque axis of load 'push' must be a unit vector, its length is 0"));
        // a spatial load may point anywhere, and turn about any unit axis
        spec.loads[0].direction = {0, 0.6, -0.8};
        spec.loads[0].axis = {1, 0, 0};
        const Diagnostics problems = validateSpec(spec);
        QVERIFY2(problems.empty(), formatDiagnostics(problems).c_str());
    }

    void theCheckNamesTheBodyOnce() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[1].mass = -2.0;
        const MechanismCheck check = checkMechanism(spec);
        QCOMPARE(check.findings.size(), std::size_t(1));
        QCOMPARE(check.findings[0].message,
                 std::string("the mass of #2 rocker (kg) must be positive, got -2"));
        QCOMPARE(check.findings[0].bodies, std::vector<std::string>{"link2"});
    }
};

SSLM_TEST_GUILESS_MAIN(TestSpecValidate)
} // namespace tst_spec_validate
#include "tst_spec_validate.moc"
