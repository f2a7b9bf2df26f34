// SPDX-License-Identifier: MIT
#include "core/spec/spatial_templates.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include <Eigen/Geometry>

namespace sslm {

namespace {

using Vec3 = Eigen::Vector3d;

/// A rod's inertia about its COM: `axial` about the unit direction u, `transverse` about every
/// axis perpendicular to it (kg·m²).
Eigen::Matrix3d rodInertia(const Vec3& u, double axial, double transverse) {
    const Eigen::Matrix3d uu = u * u.transpose(); // evaluated first: exactly symmetric
    return transverse * Eigen::Matrix3d::Identity() + (axial - transverse) * uu;
}

/// An empty spatial mechanism under gravity along −z.
MechanismSpec spatialMechanism(std::string name, std::string description) {
    MechanismSpec spec;
    spec.name = std::move(name);
    spec.description = std::move(description);
    spec.space = MotionSpace::Spatial;
    spec.gravity = {0.0, 0.0};
    spec.gravityZ = -9.81;
    return spec;
}

/// The RSSR's crank, coupler and rocker (the seed's masses), each a rod from its frame's origin:
/// to the crank tip B and from B to the coupler tip C (W, at θ = 0), and to the rocker's tip in
/// its own frame (at φ = 0); `transverse` holds their transverse inertias (kg·m²).
std::vector<BodySpec>
rssrBodies(const Vec3& b, const Vec3& c, const Vec3& rockerTip, const Vec3& transverse) {
    return {
        spatialBody("crank", 0.2, 0.5 * b, rodInertia(Vec3::UnitX(), 1e-6, transverse[0]),
                    {spatialPoint("A", Vec3::Zero()), spatialPoint("B", b)}),
        spatialBody("coupler", 0.5, 0.5 * (c - b),
                    rodInertia((c - b).normalized(), 1e-5, transverse[1]),
                    {spatialPoint("B", Vec3::Zero()), spatialPoint("C", c - b)}),
        spatialBody("rocker", 0.4, 0.5 * rockerTip, rodInertia(Vec3::UnitY(), 1e-5, transverse[2]),
                    {spatialPoint("D", Vec3::Zero()), spatialPoint("C", rockerTip)}),
    };
}

} // namespace

BodyPoint spatialPoint(std::string name, const Eigen::Vector3d& p) {
    return {std::move(name), {p.x(), p.y()}, p.z()};
}

BodySpec spatialBody(std::string id,
                     double mass,
                     const Eigen::Vector3d& com,
                     const Eigen::Matrix3d& inertia,
                     std::vector<BodyPoint> points) {
    BodySpec body;
    body.id = id;
    body.name = std::move(id);
    body.mass = mass;
    body.com_B = {com.x(), com.y()};
    body.comZ_B = com.z();
    body.inertiaTensor = inertia;
    body.points = std::move(points);
    return body;
}

JointSpec spatialJoint(std::string name,
                       JointType type,
                       JointEnd parent,
                       JointEnd child,
                       const Eigen::Vector3d& axis,
                       const Eigen::Vector3d& axis2) {
    JointSpec joint = revoluteJoint(std::move(name), "", std::move(parent), std::move(child));
    joint.type = type;
    joint.axis = axis;
    joint.axis2 = axis2;
    return joint;
}

MechanismSpec rssrSpec(const std::string& cut) {
    if (cut != "J2" && cut != "J3") {
        throw std::invalid_argument("rssrSpec: cut must be J2 or J3, got " + cut);
    }
    const Vec3 b(0.04, 0.0, 0.0); // A is at the origin
    const Vec3 c(0.10, 0.0779651876954, 0.1507362912759);
    const Vec3 d(0.10, 0.12, 0.06);

    MechanismSpec spec = spatialMechanism(
        "RSSR", "Crank-coupler-rocker R-S-U-R spatial linkage of seed 002 §6.2 (numbers: "
                "shared/spec/spatial.md)");
    spec.ground.points = {spatialPoint("A", Vec3::Zero()), spatialPoint("D", d)};
    // the rocker's frame at φ = 0: its rod along +y from D
    spec.bodies = rssrBodies(b, c, Vec3(0.0, 0.10, 0.0), Vec3(2.6667e-5, 1.35e-3, 3.3333e-4));
    JointSpec j1 = spatialJoint("J1", JointType::Revolute, {kGroundId, "A"}, {"crank", "A"});
    j1.coordinate = "theta";
    JointSpec j2 = spatialJoint("J2", JointType::Spherical, {"crank", "B"}, {"coupler", "B"});
    j2.coordinates = {"J2.wx", "J2.wy", "J2.wz"};
    JointSpec j3 = spatialJoint("J3", JointType::Universal, {"coupler", "C"}, {"rocker", "C"},
                                Vec3::UnitX().cross(c - b).normalized(), Vec3::UnitX());
    j3.coordinates = {"J3.1", "J3.2"};
    JointSpec j4 =
        spatialJoint("J4", JointType::Revolute, {kGroundId, "D"}, {"rocker", "D"}, Vec3::UnitX());
    j4.coordinate = "phi";
    spec.joints = {j1, j2, j3, j4};
    spec.tracedPoints = {{"C", {"coupler", "C"}}};
    spec.cuts = {cut};
    spec.initial.independent = {{"theta", 0.0}};
    spec.initial.rates = {{"theta", 2.0 * std::numbers::pi}};
    // with J2 cut, the universal J3 turns the coupler's frame back from the rocker's by φ about
    // the rocker's x axis (its second axis)
    spec.initial.assemblyGuess = {{"phi", kRssrReferencePhi}, {"J3.2", kRssrReferencePhi}};
    spec.solver.tEnd = 2.0;
    return spec;
}

MechanismSpec rssrTemplate(const RssrTemplateOptions& options) {
    const auto positive = [](double value, const char* what) {
        if (!(value > 0) || !std::isfinite(value)) {
            throw std::invalid_argument(std::string("the ") + what + " must be longer than 0 m");
        }
    };
    positive(options.crank, "crank");
    positive(options.rocker, "rocker");
    if (!options.pivotD.allFinite() || !std::isfinite(options.rockerAngle) ||
        !std::isfinite(options.crankRate)) {
        throw std::invalid_argument("the pivot D, the rocker angle and the crank rate must be "
                                    "finite numbers");
    }
    const Vec3 b(options.crank, 0.0, 0.0);
    const Vec3 d = options.pivotD;
    const Vec3 c = d + options.rocker *
                           Vec3(0.0, std::cos(options.rockerAngle), std::sin(options.rockerAngle));
    const double coupler = (c - b).norm();
    if (coupler < 1e-6 * (options.crank + options.rocker)) {
        throw std::invalid_argument("the coupler would have no length: the rocker's tip C meets "
                                    "the crank tip B; move the pivot D or change the rocker angle");
    }
    if (Vec3::UnitX().cross(c - b).norm() < 1e-6 * coupler) {
        throw std::invalid_argument("the coupler would lie along x, the rocker's axis, where the "
                                    "universal joint J3 has no cross axis; move the pivot D");
    }
    MechanismSpec spec = rssrSpec("J3");
    spec.description = "Crank-coupler-rocker R-S-U-R spatial linkage (seed 002 §6.2), sized "
                       "in File > New From Template";
    spec.ground.points = {spatialPoint("A", Vec3::Zero()), spatialPoint("D", d)};
    const Vec3 rockerTip(0.0, options.rocker, 0.0); // the rocker's frame at φ = 0: along +y
    // the seed's masses, transverse inertias m·L²/12
    const Vec3 transverse(spec.bodies[0].mass * b.squaredNorm(),
                          spec.bodies[1].mass * coupler * coupler,
                          spec.bodies[2].mass * rockerTip.squaredNorm());
    spec.bodies = rssrBodies(b, c, rockerTip, transverse / 12.0);
    spec.joints[2].axis = Vec3::UnitX().cross(c - b).normalized();
    spec.initial.rates = {{"theta", options.crankRate}};
    spec.initial.assemblyGuess = {{"phi", options.rockerAngle}, {"J3.2", options.rockerAngle}};
    return spec;
}

MechanismSpec spatialLadderSpec(int cells) {
    if (cells < 1) {
        throw std::invalid_argument("spatialLadderSpec: a ladder needs at least 1 cell, got " +
                                    std::to_string(cells));
    }
    constexpr double spacing = 0.5;      // d (m)
    constexpr double length = 1.0;       // ℓ (m)
    constexpr double pendulumMass = 1.0; // M_P (kg), shared by the L + 1 pendulums
    constexpr double rungMass = 0.5;     // M_R (kg), shared by the L rungs
    const double pendulum = pendulumMass / (cells + 1);
    const double rung = rungMass / cells;

    MechanismSpec spec = spatialMechanism(
        "Spatial ladder, " + std::to_string(cells) + (cells == 1 ? " cell" : " cells"),
        "Spatial ladder of seed 003 §4.3: L loops, 2 DOF, dynamically one Hooke pendulum "
        "(numbers: shared/spec/spatial.md)");
    for (int i = 0; i <= cells; ++i) {
        const std::string n = std::to_string(i);
        spec.ground.points.push_back(spatialPoint("G" + n, Vec3(i * spacing, 0.0, 0.0)));
        spec.bodies.push_back(spatialBody(
            "P" + n, pendulum, Vec3(0.0, 0.0, -0.5 * length),
            Eigen::Vector3d(length * length / 12.0, length * length / 12.0, 1e-3).asDiagonal() *
                pendulum,
            {spatialPoint("pivot", Vec3::Zero()), spatialPoint("tip", Vec3(0.0, 0.0, -length))}));
        JointSpec hang = spatialJoint("U" + n, JointType::Universal, {kGroundId, "G" + n},
                                      {"P" + n, "pivot"}, Vec3::UnitX(), Vec3::UnitY());
        hang.coordinates = {"a" + n, "b" + n};
        spec.joints.push_back(hang);
        // a0, b0 are the inputs; the other pendulums follow (the same values)
        auto& values = i == 0 ? spec.initial.independent : spec.initial.assemblyGuess;
        values.emplace_back("a" + n, 0.4);
        values.emplace_back("b" + n, 0.3);
    }
    for (int i = 1; i <= cells; ++i) {
        const std::string n = std::to_string(i);
        const std::string before = "P" + std::to_string(i - 1);
        spec.bodies.push_back(spatialBody(
            "R" + n, rung, Vec3(0.5 * spacing, 0.0, 0.0),
            Eigen::Vector3d(1e-3, spacing * spacing / 12.0, spacing * spacing / 12.0).asDiagonal() *
                rung,
            {spatialPoint("near", Vec3::Zero()), spatialPoint("far", Vec3(spacing, 0.0, 0.0))}));
        JointSpec hinge = spatialJoint("V" + n, JointType::Universal, {before, "tip"},
                                       {"R" + n, "near"}, Vec3::UnitY(), Vec3::UnitX());
        hinge.coordinates = {"c" + n, "e" + n};
        spec.joints.push_back(hinge);
        // the loop's cut: rung-side axis z, pendulum-side axis y
        JointSpec closure = spatialJoint("K" + n, JointType::Universal, {"R" + n, "far"},
                                         {"P" + n, "tip"}, Vec3::UnitZ(), Vec3::UnitY());
        closure.coordinates = {"K" + n + ".1", "K" + n + ".2"};
        spec.joints.push_back(closure);
        spec.cuts.push_back("K" + n);
        spec.initial.assemblyGuess.emplace_back("c" + n, -0.3);
        spec.initial.assemblyGuess.emplace_back("e" + n, 0.0);
    }
    spec.initial.rates = {{"a0", 0.5}, {"b0", -0.8}};
    spec.tracedPoints = {{"tip of P0", {"P0", "tip"}}};
    spec.solver.tEnd = 2.0;
    return spec;
}

MechanismSpec stewartPlatformSpec(const StewartPlatformOptions& options) {
    const auto positive = [](double value, const char* what, const char* unit) {
        if (!(value > 0) || !std::isfinite(value)) {
            throw std::invalid_argument(std::string("the ") + what + " must be more than 0 " +
                                        unit);
        }
    };
    positive(options.baseRadius, "base radius", "m");
    positive(options.platformRadius, "platform radius", "m");
    positive(options.height, "height", "m");
    positive(options.platformMass, "platform mass", "kg");
    positive(options.restLength, "spring rest length", "m");
    if (!std::isfinite(options.twistRate)) {
        throw std::invalid_argument("the twist rate must be a finite number");
    }
    const double baseRadius = options.baseRadius;         // m, base joint circle
    const double platformRadius = options.platformRadius; // m, platform joint circle
    const double height = options.height;  // m, platform plane above the base at the reference
    constexpr double pairHalfAngle = 10.0; // deg, half the angle between a pair's joints
    const double platformMass = options.platformMass; // kg, a disc of the platform radius
    constexpr double platformThickness = 0.02;        // m
    constexpr double cylinderMass = 1.0;              // kg, a 0.4 m tube from the base joint
    constexpr double pistonMass = 0.5;            // kg, a 0.4 m rod ending at the platform joint
    constexpr double tubeLength = 0.4;            // m, cylinder and piston alike
    constexpr double cylinderRadius = 0.03;       // m, solid for its axial inertia
    constexpr double pistonRadius = 0.01;         // m
    constexpr double stiffness = 1000.0;          // N/m, each leg's spring
    const double restLength = options.restLength; // m (0.7010 m holds the default pose)
    const double twistRate = options.twistRate;   // rad/s, initial platform spin about z
    const double degree = std::numbers::pi / 180.0;

    MechanismSpec spec = spatialMechanism(
        "Stewart platform",
        "6-UPS Stewart-Gough platform: a 5 kg platform (joint hexagon of radius 0.3 m) 0.6 m "
        "above a base hexagon of radius 0.5 m on six legs, each a 1 kg cylinder on a universal "
        "joint U<i> at the base and a 0.5 kg piston sliding in it (prismatic P<i>, coordinate "
        "L<i> = leg length) with a spherical joint S<i> at the platform; S2..S6 are cut (15 "
        "loop equations). 6 degrees of freedom. Each leg has a 1000 N/m spring of rest length "
        "0.69 m, undamped. Initial state: the reference pose with a 1 rad/s twist about z "
        "(numbers: docs/reference-mechanisms.md).");
    const double discRadial = platformMass * platformRadius * platformRadius / 4.0 +
                              platformMass * platformThickness * platformThickness / 12.0;
    spec.bodies.push_back(
        spatialBody("platform", platformMass, Vec3::Zero(),
                    Eigen::Vector3d(discRadial, discRadial,
                                    platformMass * platformRadius * platformRadius / 2.0)
                        .asDiagonal(),
                    {spatialPoint("centre", Vec3::Zero())})); // S1…S6 follow, one per leg
    const Vec3 centre(0.0, 0.0, height);
    const Vec3 spin = twistRate * Vec3::UnitZ();
    for (int i = 0; i < 6; ++i) {
        const std::string n = std::to_string(i + 1);
        // base pairs centred at 0°, 120°, 240°; each leg leans to the platform pair 60° away
        const int pair = i / 2;
        const double side = i % 2 == 0 ? -1.0 : 1.0;
        const double baseAngle = (120.0 * pair + side * pairHalfAngle) * degree;
        const double platformAngle = (120.0 * pair + side * (60.0 - pairHalfAngle)) * degree;
        const Vec3 base = baseRadius * Vec3(std::cos(baseAngle), std::sin(baseAngle), 0.0);
        const Vec3 top =
            platformRadius * Vec3(std::cos(platformAngle), std::sin(platformAngle), 0.0);
        const Vec3 leg = centre + top - base;
        const double length = leg.norm();
        const Vec3 u = leg / length;
        spec.ground.points.push_back(spatialPoint("B" + n, base));
        spec.bodies.front().points.push_back(spatialPoint("S" + n, top));
        // the cylinder's frame at its base joint, the piston's at its tip; both along u
        spec.bodies.push_back(
            spatialBody("cylinder" + n, cylinderMass, 0.5 * tubeLength * u,
                        rodInertia(u, 0.5 * cylinderMass * cylinderRadius * cylinderRadius,
                                   cylinderMass * tubeLength * tubeLength / 12.0),
                        {spatialPoint("base", Vec3::Zero()), spatialPoint("end", tubeLength * u)}));
        spec.bodies.push_back(
            spatialBody("piston" + n, pistonMass, -0.5 * tubeLength * u,
                        rodInertia(u, 0.5 * pistonMass * pistonRadius * pistonRadius,
                                   pistonMass * tubeLength * tubeLength / 12.0),
                        {spatialPoint("tip", Vec3::Zero()), spatialPoint("end", -tubeLength * u)}));
        const Vec3 across = Vec3::UnitZ().cross(u).normalized();
        JointSpec hooke = spatialJoint("U" + n, JointType::Universal, {kGroundId, "B" + n},
                                       {"cylinder" + n, "base"}, across, u.cross(across));
        hooke.coordinates = {"U" + n + ".1", "U" + n + ".2"};
        JointSpec slide = spatialJoint("P" + n, JointType::Prismatic, {"cylinder" + n, "base"},
                                       {"piston" + n, "tip"}, u);
        slide.coordinate = "L" + n;
        slide.springDamper = SpringDamperSpec{stiffness, restLength, 0.0};
        JointSpec ball = spatialJoint("S" + n, JointType::Spherical, {"piston" + n, "tip"},
                                      {"platform", "S" + n});
        ball.coordinates = {"S" + n + ".wx", "S" + n + ".wy", "S" + n + ".wz"};
        spec.joints.insert(spec.joints.end(), {hooke, slide, ball});
        if (i > 0) { // S1 stays in the tree: the platform hangs from leg 1
            spec.cuts.push_back("S" + n);
        }
        spec.initial.independent.emplace_back("L" + n, length);
        spec.initial.rates.emplace_back("L" + n, u.dot(spin.cross(top)));
    }
    spec.tracedPoints = {{"platform", {"platform", "centre"}}};
    spec.solver.tEnd = 2.0;
    return spec;
}

void placeByInputs(MechanismSpec& spec, const std::string& body, const std::string& point) {
    constexpr double carriageMass = 0.1; // kg, each slide carriage and gimbal frame
    const std::array<std::string, 5> frames = {"carriage_x", "carriage_y", "carriage_z",
                                               "yaw_frame", "pitch_frame"};
    const std::array<std::string, 6> inputs = {"x", "y", "z", "yaw", "pitch", "roll"};
    const std::array<Vec3, 6> inputAxes = {Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ(),
                                           Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitX()};
    for (int k = 0; k < 6; ++k) {
        if (k < 5) {
            spec.bodies.push_back(spatialBody(frames[k], carriageMass, Vec3::Zero(),
                                              1e-4 * Eigen::Matrix3d::Identity(),
                                              {spatialPoint("O", Vec3::Zero())}));
        }
        JointSpec joint =
            spatialJoint(inputs[k], k < 3 ? JointType::Prismatic : JointType::Revolute,
                         {k == 0 ? std::string(kGroundId) : frames[k - 1], "O"},
                         k < 5 ? JointEnd{frames[k], "O"} : JointEnd{body, point}, inputAxes[k]);
        joint.coordinate = inputs[k];
        spec.joints.push_back(joint);
    }
    if (std::ranges::none_of(spec.ground.points,
                             [](const BodyPoint& p) { return p.name == "O"; })) {
        spec.ground.points.push_back(spatialPoint("O", Vec3::Zero()));
    }
}

MechanismSpec elbowManipulatorSpec(const ElbowManipulatorOptions& options) {
    const std::array<std::string, 6> links = {"column", "upper_arm", "forearm",
                                              "wrist1", "wrist2",    "tool"};
    const std::array<double, 6> masses = {8.0, 6.0, 4.0, 1.0, 0.8, 0.5}; // kg
    constexpr double rodRadius = 0.04;     // m, for the rods' axial inertia
    constexpr double kWristHousing = 0.06; // m, a wrist body's size along its joint's axis
    MechanismSpec spec = spatialMechanism(
        "Elbow manipulator",
        "6R elbow manipulator with a spherical wrist (seed 004): column, upper arm, forearm, two "
        "wrist bodies and a tool on revolutes J1..J6 (J2 parallel to J3, J4..J6 meeting at the "
        "wrist centre), the tool placed by six inputs: slides x, y, z of its tool centre point "
        "and its ZYX angles yaw, pitch, roll. J6 is cut; 6 DOF; 8 assembly modes, each in "
        "closed form. Initial state: at rest under gravity.");
    spec.ground.points = {spatialPoint("J1", options.points[0]), spatialPoint("O", Vec3::Zero())};
    for (int k = 0; k < 6; ++k) {
        // link k runs from joint k's point to the next joint's (the tool to its centre point)
        const Vec3& from = options.points[k];
        const Vec3 to = k < 5 ? options.points[k + 1] : options.tool;
        double length = (to - from).norm();
        const Vec3 axis = options.axes[k].normalized();
        std::vector<BodyPoint> points = {spatialPoint("J" + std::to_string(k + 1), from)};
        points.push_back(k < 5 ? spatialPoint("J" + std::to_string(k + 2), to)
                               : spatialPoint("TCP", options.tool));
        if (length < kWristHousing) {
            // a wrist body between meeting axes: a housing along its joint's axis
            points.push_back(spatialPoint("housing", from + kWristHousing * axis));
            length = kWristHousing;
        }
        const Vec3 u = points.size() > 2 ? axis : Vec3((to - from).normalized());
        const double m = masses[k];
        spec.bodies.push_back(spatialBody(
            links[k], m,
            points.size() > 2 ? Vec3(from + 0.5 * length * axis) : Vec3(0.5 * (from + to)),
            rodInertia(u, 0.5 * m * rodRadius * rodRadius,
                       m * (length * length / 12.0 + rodRadius * rodRadius / 4.0)),
            std::move(points)));
        const std::string name = "J" + std::to_string(k + 1);
        JointSpec joint = spatialJoint(name, JointType::Revolute,
                                       {k == 0 ? std::string(kGroundId) : links[k - 1], name},
                                       {links[k], name}, options.axes[k].normalized());
        joint.coordinate = "q" + std::to_string(k + 1);
        spec.joints.push_back(joint);
    }
    placeByInputs(spec, "tool", "TCP");
    spec.cuts = {"J6"};
    // the tool's pose at the initial arm angles: R_k = R_{k−1}·Rot(u_k, θ_k), joint points
    // coincide (every body frame is W at the design pose)
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
    Vec3 origin = Vec3::Zero();
    for (int k = 0; k < 6; ++k) {
        const Eigen::Matrix3d next =
            rotation *
            Eigen::AngleAxisd(options.angles[k], options.axes[k].normalized()).toRotationMatrix();
        origin += (rotation - next) * options.points[k];
        rotation = next;
        if (k < 5) {
            spec.initial.assemblyGuess.emplace_back("q" + std::to_string(k + 1), options.angles[k]);
        }
    }
    const Vec3 tcp = origin + rotation * options.tool;
    spec.initial.independent = {
        {"x", tcp.x()},
        {"y", tcp.y()},
        {"z", tcp.z()},
        {"yaw", std::atan2(rotation(1, 0), rotation(0, 0))},
        {"pitch", std::asin(std::clamp(-rotation(2, 0), -1.0, 1.0))},
        {"roll", std::atan2(rotation(2, 1), rotation(2, 2))},
    };
    spec.tracedPoints = {{"tool centre point", {"tool", "TCP"}}};
    spec.solver.tEnd = 2.0;
    return spec;
}

MechanismSpec sphericalFourBarSpec(const SphericalFourBarOptions& options) {
    if (options.cut != "J2" && options.cut != "J3" && options.cut != "J4") {
        throw std::invalid_argument("sphericalFourBarSpec: cut must be J2, J3 or J4, got " +
                                    options.cut);
    }
    // the axes at the design pose: J1 along z, J4 in the xz plane, J2 about J1 at crankAngle,
    // J3 at the coupler's angle from J2 and the follower's from J4
    const Vec3 a1 = Vec3::UnitZ();
    const Vec3 a4(std::sin(options.ground), 0.0, std::cos(options.ground));
    const Vec3 a2(std::sin(options.crank) * std::cos(options.crankAngle),
                  std::sin(options.crank) * std::sin(options.crankAngle), std::cos(options.crank));
    // a3 = α a2 + β a4 + γ (a2 × a4): the two dot products fix α and β, |a3| = 1 fixes γ
    const double c24 = a2.dot(a4);
    const double c2 = std::cos(options.coupler);
    const double c4 = std::cos(options.follower);
    const double gram = 1.0 - c24 * c24;
    const double alpha = (c2 - c24 * c4) / gram;
    const double beta = (c4 - c24 * c2) / gram;
    const Vec3 normal = a2.cross(a4);
    const double rest = 1.0 - (alpha * a2 + beta * a4).squaredNorm();
    if (!(gram > 1e-12) || !(rest >= 0.0)) {
        throw std::invalid_argument(
            "sphericalFourBarSpec: the coupler and follower cannot meet at this crank angle");
    }
    const double gamma = (options.crossed ? -1.0 : 1.0) * std::sqrt(rest) / normal.norm();
    const Vec3 a3 = (alpha * a2 + beta * a4 + gamma * normal).normalized();
    const std::array<Vec3, 4> axes = {a1, a2, a3, a4};
    const double r = options.radius;

    MechanismSpec spec = spatialMechanism(
        "Spherical four-bar",
        "Spherical four-bar (seed 004's spherical 4R): crank, coupler and follower on revolutes "
        "J1..J4 whose axes all pass through the sphere's centre O at the origin; link angles "
        "(between consecutive axes) crank 20, coupler 70, follower 60, ground 80 degrees by "
        "default, a Grashof crank-rocker. J1 about z (coordinate theta) drives; J4 (psi) is the "
        "output. The revolute cut keeps its two axis rows: 1 DOF. Initial state: theta = 0, "
        "crank rate 2 pi rad/s, under gravity.");
    spec.ground.points = {spatialPoint("O", Vec3::Zero()), spatialPoint("J1", r * a1),
                          spatialPoint("J4", r * a4)};
    const std::array<std::string, 3> links = {"crank", "coupler", "follower"};
    const std::array<double, 3> masses = {0.2, 0.4, 0.3}; // kg
    constexpr double rodRadius = 0.005;                   // m
    for (int k = 0; k < 3; ++k) {
        const Vec3 from = r * axes[k];
        const Vec3 to = r * axes[k + 1];
        const double length = (to - from).norm();
        const double m = masses[k];
        spec.bodies.push_back(
            spatialBody(links[k], m, 0.5 * (from + to),
                        rodInertia((to - from).normalized(), 0.5 * m * rodRadius * rodRadius,
                                   m * (length * length / 12.0 + rodRadius * rodRadius / 4.0)),
                        {spatialPoint("J" + std::to_string(k + 1), from),
                         spatialPoint("J" + std::to_string(k + 2), to)}));
    }
    const std::array<std::string, 4> coordinates = {"theta", "q2", "q3", "psi"};
    for (int k = 0; k < 4; ++k) {
        const std::string name = "J" + std::to_string(k + 1);
        const std::string parent = k == 0 ? std::string(kGroundId) : links[k - 1];
        const std::string child = k == 3 ? std::string(kGroundId) : links[k];
        // J4 joins the follower (parent) to the ground (child)
        JointSpec joint = spatialJoint(name, JointType::Revolute, {parent, name}, {child, name},
                                       axes[k], Vec3::UnitY());
        joint.coordinate = coordinates[k];
        spec.joints.push_back(joint);
    }
    spec.cuts = {options.cut};
    spec.initial.independent = {{"theta", 0.0}};
    spec.initial.rates = {{"theta", 2.0 * std::numbers::pi}};
    spec.tracedPoints = {{"coupler point J3", {"coupler", "J3"}}};
    spec.solver.tEnd = 2.0;
    return spec;
}

} // namespace sslm
