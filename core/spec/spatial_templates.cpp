// SPDX-License-Identifier: MIT
#include "core/spec/spatial_templates.hpp"

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
    return transverse * Eigen::Matrix3d::Identity() + (axial - transverse) * u * u.transpose();
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
    JointSpec joint;
    joint.name = std::move(name);
    joint.type = type;
    joint.parent = std::move(parent);
    joint.child = std::move(child);
    joint.axis = axis;
    joint.axis2 = axis2;
    return joint;
}

MechanismSpec rssrSpec(const std::string& cut) {
    if (cut != "J2" && cut != "J3") {
        throw std::invalid_argument("rssrSpec: cut must be J2 or J3, got " + cut);
    }
    const Vec3 a(0.0, 0.0, 0.0);
    const Vec3 b(0.04, 0.0, 0.0);
    const Vec3 c(0.10, 0.0779651876954, 0.1507362912759);
    const Vec3 d(0.10, 0.12, 0.06);
    const Vec3 couplerAxis = (c - b).normalized();

    MechanismSpec spec;
    spec.name = "RSSR";
    spec.description = "Crank-coupler-rocker R-S-U-R spatial linkage of seed 002 §6.2 "
                       "(numbers: shared/spec/spatial.md)";
    spec.space = MotionSpace::Spatial;
    spec.gravity = {0.0, 0.0};
    spec.gravityZ = -9.81;
    spec.ground.points = {spatialPoint("A", a), spatialPoint("D", d)};
    spec.bodies = {
        spatialBody("crank", 0.2, 0.5 * (b - a), rodInertia(Vec3::UnitX(), 1e-6, 2.6667e-5),
                    {spatialPoint("A", Vec3::Zero()), spatialPoint("B", b - a)}),
        spatialBody("coupler", 0.5, 0.5 * (c - b), rodInertia(couplerAxis, 1e-5, 1.35e-3),
                    {spatialPoint("B", Vec3::Zero()), spatialPoint("C", c - b)}),
        // the rocker's frame at φ = 0: its rod along +y from D
        spatialBody("rocker", 0.4, Vec3(0.0, 0.05, 0.0), rodInertia(Vec3::UnitY(), 1e-5, 3.3333e-4),
                    {spatialPoint("D", Vec3::Zero()), spatialPoint("C", Vec3(0.0, 0.10, 0.0))}),
    };
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

    MechanismSpec spec;
    spec.name = "Spatial ladder, " + std::to_string(cells) + (cells == 1 ? " cell" : " cells");
    spec.description = "Spatial ladder of seed 003 §4.3: L loops, 2 DOF, dynamically one Hooke "
                       "pendulum (numbers: shared/spec/spatial.md)";
    spec.space = MotionSpace::Spatial;
    spec.gravity = {0.0, 0.0};
    spec.gravityZ = -9.81;
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

} // namespace sslm
