// SPDX-License-Identifier: MIT
#include "core/edit/joint_properties.hpp"

#include <algorithm>
#include <cmath>

namespace sslm {

namespace {

constexpr double kSamePlace = 1e-9; ///< m: points closer than this are at the same place

bool finite(const SignalSpec& s) {
    return std::isfinite(s.value) && std::isfinite(s.rate) && std::isfinite(s.amplitude) &&
           std::isfinite(s.frequency) && std::isfinite(s.phase) &&
           std::ranges::all_of(s.table, [](const auto& p) {
               return std::isfinite(p.first) && std::isfinite(p.second);
           });
}

void renameCoordinate(InitialStateSpec& initial, const std::string& from, const std::string& to) {
    for (auto* list : {&initial.independent, &initial.rates, &initial.assemblyGuess}) {
        for (auto& entry : *list) {
            if (entry.first == from) {
                entry.first = to;
            }
        }
    }
}

/// A point of `body` at w (m, W): an existing one within kSamePlace, else a new one.
std::optional<std::string>
pointAt(Drawing& drawing, const std::string& body, const Eigen::Vector2d& w) {
    const std::vector<BodyPoint>* points = pointsOf(drawing.spec, body);
    if (points == nullptr) {
        return std::nullopt;
    }
    for (const BodyPoint& p : *points) {
        const std::optional<Eigen::Vector2d> at = pointInWorld(drawing, {body, p.name});
        if (at && (*at - w).norm() <= kSamePlace) {
            return p.name;
        }
    }
    std::string name;
    const EditError error = body == kGroundId ? addGroundPivot(drawing, w, &name)
                                              : addPointToBody(drawing, body, w, &name);
    return error.empty() ? std::optional<std::string>(name) : std::nullopt;
}

double angleOf(const Drawing& drawing, const std::string& body) {
    const auto it = drawing.poses.find(body);
    return it == drawing.poses.end() ? 0.0 : it->second.angle;
}

} // namespace

std::vector<std::string> jointsAt(const Drawing& drawing, const JointEnd& point) {
    std::vector<std::string> joints;
    for (const JointSpec& j : drawing.spec.joints) {
        if (j.parent == point || j.child == point) {
            joints.push_back(j.name);
        }
    }
    return joints;
}

std::optional<JointProperties> jointProperties(const Drawing& drawing, const std::string& joint) {
    const JointSpec* j = findJoint(drawing.spec, joint);
    if (j == nullptr) {
        return std::nullopt;
    }
    JointProperties properties;
    properties.type = j->type;
    properties.axisAngle = std::atan2(j->axis_P.y(), j->axis_P.x());
    properties.springDamper = j->springDamper;
    for (const ActuatorSpec& a : drawing.spec.actuators) {
        if (a.joint == joint) {
            properties.actuator = a;
        }
    }
    return properties;
}

EditError
setJointProperties(Drawing& drawing, const std::string& joint, const JointProperties& properties) {
    JointSpec* found = findJoint(drawing.spec, joint);
    if (found == nullptr) {
        return "there is no joint " + joint;
    }
    if (!std::isfinite(properties.axisAngle)) {
        return "the slider's axis angle is not a number";
    }
    if (const auto& s = properties.springDamper) {
        if (!std::isfinite(s->stiffness) || !std::isfinite(s->restPosition) ||
            !std::isfinite(s->damping)) {
            return "the spring/damper's stiffness, rest position and damping must be numbers";
        }
        if (s->damping < 0) {
            return "negative damping adds energy: use a damping ≥ 0";
        }
    }
    if (const auto& a = properties.actuator) {
        if (!finite(a->force) || !finite(a->reference) || !std::isfinite(a->kp) ||
            !std::isfinite(a->kd)) {
            return "the actuator's numbers must be finite";
        }
        for (const SignalSpec* s : {&a->force, &a->reference}) {
            if (s->frequency < 0) {
                return "a sinusoid's frequency must be ≥ 0 Hz";
            }
        }
        if (a->kind == ActuatorSpec::Kind::PdTracking && (a->kp < 0 || a->kd < 0)) {
            return "the tracking gains kp and kd must be ≥ 0";
        }
    }

    Drawing edited = drawing;
    const auto index = static_cast<std::size_t>(found - drawing.spec.joints.data());
    JointSpec* j = &edited.spec.joints[index];
    const bool typeChanges = j->type != properties.type;
    if (typeChanges) {
        const std::optional<Eigen::Vector2d> parentAt = pointInWorld(edited, j->parent);
        const std::optional<Eigen::Vector2d> childAt = pointInWorld(edited, j->child);
        if (!parentAt || !childAt) {
            return "the joint's bodies are not drawn: connect them first";
        }
        const double relative = angleOf(edited, j->child.body) - angleOf(edited, j->parent.body);
        if (properties.type == JointType::Prismatic) {
            // the child keeps its angle to the parent and slides along the parent's x-axis
            j->offset = relative;
        } else {
            // pinned where the child's point is drawn, through a partner point on the parent
            const std::string parentBody = j->parent.body;
            const std::optional<std::string> partner = pointAt(edited, parentBody, *childAt);
            if (!partner) {
                return "no point could be put on " + parentBody + " at the slider's point";
            }
            j = &edited.spec.joints[index];
            j->parent.point = *partner;
            j->offset = 0; // q is the child's angle to the parent, as for a drawn pin
        }
        const std::string oldName = j->coordinateName();
        if (!j->coordinate.empty() && j->coordinate == editorCoordinateName(j->name, j->type)) {
            const std::string newName = editorCoordinateName(j->name, properties.type);
            if (jointAndCoordinateNames(edited.spec).count(newName) == 0) {
                j->coordinate = newName;
                renameCoordinate(edited.spec.initial, oldName, newName);
            }
        }
        j->type = properties.type;
        // the rate was in rad/s or m/s: it does not carry over
        std::erase_if(edited.spec.initial.rates,
                      [&](const auto& r) { return r.first == j->coordinateName(); });
    }
    j->axis_P =
        j->type == JointType::Prismatic
            ? Eigen::Vector2d(std::cos(properties.axisAngle), std::sin(properties.axisAngle))
            : Eigen::Vector2d::UnitX(); // a revolute joint has no axis
    // numbers in the old type's units (N·m/rad, rad, N·m ↔ N/m, m, N) do not carry over: a new
    // type has no spring/damper, and an actuator only with a zero force
    j->springDamper = typeChanges ? std::nullopt : properties.springDamper;
    std::erase_if(edited.spec.actuators, [&](const ActuatorSpec& a) { return a.joint == joint; });
    if (properties.actuator) {
        ActuatorSpec actuator = typeChanges ? ActuatorSpec{} : *properties.actuator;
        actuator.joint = joint;
        edited.spec.actuators.push_back(actuator);
    }
    keepDrawnPose(edited);
    drawing = std::move(edited);
    return {};
}

} // namespace sslm
