// SPDX-License-Identifier: MIT
#include "core/edit/close_loop.hpp"

#include <algorithm>
#include <utility>

#include <Eigen/Geometry>

namespace sslm {

namespace {

/// Checks one side and adds its new point (to `spec`, a copy).
EditError addSide(MechanismSpec& spec, const ClosureSide& side, const char* which) {
    std::vector<BodyPoint>* points = pointsOf(spec, side.body);
    if (points == nullptr) {
        return std::string(which) + " side: no body '" + side.body +
               "' (choose one of the mechanism's bodies, or the ground)";
    }
    if (side.point.empty()) {
        return std::string(which) + " side: name the point on " + side.body;
    }
    const bool exists = findBodyPoint(spec, {side.body, side.point}) != nullptr;
    if (!side.newPoint) {
        return exists ? EditError{}
                      : std::string(which) + " side: " + side.body + " has no point '" +
                            side.point + "' (choose one of its points, or add a new one)";
    }
    if (exists) {
        return std::string(which) + " side: " + side.body + " already has a point '" + side.point +
               "' (give the new point another name, or use that one)";
    }
    if (!side.newPoint->allFinite()) {
        return std::string(which) + " side: the new point's position is not finite";
    }
    BodyPoint point;
    point.name = side.point;
    point.p_B = side.newPoint->head<2>();
    point.z_B = spec.space == MotionSpace::Spatial ? side.newPoint->z() : 0.0;
    points->push_back(point);
    return {};
}

} // namespace

EditError closeLoop(MechanismSpec& spec, const LoopClosure& closure, std::string* note) {
    const bool spatial = spec.space == MotionSpace::Spatial;
    if (!spatial && closure.type != JointType::Revolute && closure.type != JointType::Prismatic) {
        return "a planar mechanism closes its loops with revolute or prismatic joints";
    }
    if (closure.parent.body == closure.child.body) {
        return "both sides are on " + closure.parent.body +
               ": a loop closes between two different bodies";
    }
    std::string name = closure.name;
    if (name.empty()) {
        for (int n = 1; name.empty() || findJoint(spec, name); ++n) {
            name = "closure" + std::to_string(n);
        }
    } else if (findJoint(spec, name)) {
        return "a joint named '" + name + "' exists already: give the closure another name";
    }
    const bool needsAxis = closure.type != JointType::Spherical;
    if (needsAxis && !(closure.axis.norm() > 0)) {
        return "the joint's axis is zero: give a direction";
    }
    if (closure.type == JointType::Universal &&
        !(closure.axis.cross(closure.axis2).norm() > 1e-9 * closure.axis2.norm())) {
        return "a universal joint's two axes must not be parallel";
    }

    MechanismSpec edited = spec;
    for (const auto& [side, which] :
         {std::pair{&closure.parent, "parent"}, std::pair{&closure.child, "child"}}) {
        if (EditError error = addSide(edited, *side, which); !error.empty()) {
            return error;
        }
    }
    JointSpec joint = revoluteJoint(name, "", {closure.parent.body, closure.parent.point},
                                    {closure.child.body, closure.child.point});
    joint.type = closure.type;
    if (spatial) {
        joint.axis = closure.axis.normalized();
        if (closure.type == JointType::Universal) {
            // the second axis perpendicular to the first, in their plane
            const Eigen::Vector3d second =
                closure.axis2 - closure.axis2.dot(joint.axis) * joint.axis;
            joint.axis2 = second.normalized();
        }
    } else if (closure.type == JointType::Prismatic) {
        joint.axis_P = closure.axis.head<2>().normalized();
    }
    edited.joints.push_back(joint);
    edited.cuts.push_back(name);

    // the tree's inputs over-determine the closed loop: keep the pose as the assembly guess
    InitialStateSpec& initial = edited.initial;
    std::string moved;
    for (const auto& [coordinate, value] : initial.independent) {
        const auto known = std::ranges::find_if(
            initial.assemblyGuess, [&](const auto& guess) { return guess.first == coordinate; });
        if (known == initial.assemblyGuess.end()) {
            initial.assemblyGuess.emplace_back(coordinate, value);
        }
        moved += (moved.empty() ? "" : ", ") + coordinate;
    }
    initial.independent.clear();
    initial.rates.clear();
    if (note != nullptr) {
        *note = moved.empty() ? std::string()
                              : "the initial inputs (" + moved +
                                    ") became the assembly guess: choose the independent "
                                    "coordinates again (Run panel or the file's initial)";
    }
    spec = std::move(edited);
    return {};
}

} // namespace sslm
