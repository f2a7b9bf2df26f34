// SPDX-License-Identifier: MIT
#include "core/interop/planar_lift.hpp"

#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>

#include <Eigen/Geometry>

#include "core/model/compile.hpp"
#include "core/model/model.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

namespace {

/// Each body's angle in W at q = 0 (rad), by body id; the ground's is 0.
std::map<std::string, double> anglesAtZero(const Model& model) {
    std::map<std::string, double> angle{{kGroundId, 0.0}};
    std::vector<int> open{0};
    while (!open.empty()) {
        const int parent = open.back();
        open.pop_back();
        for (const int child : model.bodies[parent].children) {
            const Joint& joint = model.joints[model.bodies[child].treeJoint];
            // φ_B = φ_A + q + offset with A the joint's parent side
            const double turn = joint.treeSign > 0 ? joint.offset : -joint.offset;
            angle[model.bodies[child].id] = angle[model.bodies[parent].id] + turn;
            open.push_back(child);
        }
    }
    return angle;
}

/// The plane's frame in W: planar X → x, Y → z, the normal Z → −y.
Eigen::Matrix3d planeInWorld() {
    return Eigen::AngleAxisd(std::numbers::pi / 2, Eigen::Vector3d::UnitX()).toRotationMatrix();
}

/// A planar body frame's vector (x, y in the plane, z out of it), turned by the body's angle
/// at q = 0, in W.
Eigen::Vector3d inWorld(double angle, const Eigen::Vector3d& v) {
    Eigen::Vector3d w = planeInWorld() * Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()) * v;
    // exact zeros off the plane, not 6e-17
    for (int k = 0; k < 3; ++k) {
        if (std::abs(w[k]) < 1e-15 * v.norm()) {
            w[k] = 0;
        }
    }
    return w;
}

void setPosition(const Eigen::Vector3d& w, Eigen::Vector2d& xy, double& z) {
    xy = w.head<2>();
    z = w.z();
}

void turnVisuals(double angle, std::vector<VisualSpec>& visuals) {
    const Eigen::Matrix3d R =
        planeInWorld() * Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    for (VisualSpec& v : visuals) {
        v.position = inWorld(angle, v.position);
        v.rpy = rpyFromRotation(R * rotationFromRpy(v.rpy));
    }
}

} // namespace

MechanismSpec spatialFromPlanar(const MechanismSpec& spec) {
    if (spec.space == MotionSpace::Spatial) {
        return spec;
    }
    const CompileResult compiled = compileModel(spec);
    if (!compiled.ok()) {
        throw std::invalid_argument(formatDiagnostics(compiled.diagnostics));
    }
    const Model& model = *compiled.model;
    const std::map<std::string, double> angle = anglesAtZero(model);

    MechanismSpec out = spec;
    out.space = MotionSpace::Spatial;
    const Eigen::Vector3d g = inWorld(0, Eigen::Vector3d(spec.gravity.x(), spec.gravity.y(), 0));
    setPosition(g, out.gravity, out.gravityZ);
    for (BodySpec& body : out.bodies) {
        const double a = angle.at(body.id);
        const double I = body.inertiaCom ? *body.inertiaCom : uniformInertia(body);
        body.inertiaTensor = Eigen::Matrix3d(Eigen::Vector3d::Constant(I).asDiagonal());
        body.inertiaCom.reset();
        setPosition(inWorld(a, {body.com_B.x(), body.com_B.y(), 0.0}), body.com_B, body.comZ_B);
        for (BodyPoint& p : body.points) {
            setPosition(inWorld(a, {p.p_B.x(), p.p_B.y(), 0.0}), p.p_B, p.z_B);
        }
        for (CounterweightSpec& w : body.counterweights) {
            setPosition(inWorld(a, {w.p_B.x(), w.p_B.y(), 0.0}), w.p_B, w.z_B);
            if (w.inertia) {
                w.inertiaTensor =
                    Eigen::Matrix3d(Eigen::Vector3d::Constant(*w.inertia).asDiagonal());
                w.inertia.reset();
            }
        }
        turnVisuals(a, body.visuals);
    }
    for (JointSpec& joint : out.joints) {
        const double a = angle.at(joint.parent.body);
        const double b = angle.at(joint.child.body);
        if (joint.type == JointType::Prismatic) {
            const Eigen::Vector2d axis = joint.axis_P.normalized();
            joint.axis = inWorld(a, {axis.x(), axis.y(), 0.0});
            // the tree holds φ_B − φ_A = offset for a tree joint; a cut must agree with it
            const double mismatch = std::remainder(b - a - joint.offset, 2 * std::numbers::pi);
            if (std::abs(mismatch) > 1e-12) {
                throw std::invalid_argument(
                    "prismatic cut " + joint.name + ": its offset " + std::to_string(joint.offset) +
                    " rad differs from the tree's angle between " + joint.parent.body + " and " +
                    joint.child.body + " at q = 0 by " + std::to_string(mismatch) +
                    " rad; a spatial prismatic joint keeps its sides parallel (cut another "
                    "joint of its loop, or set the offset to the tree's angle)");
            }
        } else {
            joint.axis = -Eigen::Vector3d::UnitY(); // the plane's normal
        }
        joint.offset = 0;
        joint.axis_P = Eigen::Vector2d::UnitX();
    }
    return out;
}

} // namespace sslm
