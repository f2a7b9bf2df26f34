// SPDX-License-Identifier: MIT
#include "ui/editor/input_drive.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/workspace.hpp"

namespace sslm::ui {

namespace {

constexpr const char* kGround = "ground";

} // namespace

std::optional<InputDrive> InputDrive::start(const Drawing& drawing, const MechanismCheck& check) {
    const Model& model = *check.model;
    // the first input that is a revolute joint on a ground pivot
    for (const int k : model.independent) {
        const Joint& joint = model.joints[static_cast<std::size_t>(
            model.coordinates[static_cast<std::size_t>(k)].joint)];
        const JointSpec& spec = model.spec.joints[static_cast<std::size_t>(joint.specIndex)];
        if (joint.type != JointType::Revolute ||
            (spec.parent.body != kGround && spec.child.body != kGround)) {
            continue;
        }
        InputDrive drive;
        drive.m_model = check.model;
        drive.m_q = check.q;
        drive.m_input = k;
        const bool groundIsParent = spec.parent.body == kGround;
        drive.m_pivot = groundIsParent ? spec.parent : spec.child;
        drive.m_body = groundIsParent ? spec.child.body : spec.parent.body;
        const auto pose = drawing.poses.find(drive.m_body);
        if (pose == drawing.poses.end()) {
            continue; // not drawn (yet)
        }
        const double bodyAngle = pose->second.angle;
        drive.m_angleOffset = check.q[k] - (groundIsParent ? bodyAngle : -bodyAngle);
        return drive;
    }
    return std::nullopt;
}

InputDrive::Step InputDrive::turnTowards(Drawing& drawing, const Eigen::Vector2d& w) {
    const Model& model = *m_model;
    const Eigen::Vector2d pivot = *pointInWorld(drawing, m_pivot);
    const Eigen::Vector2d d = w - pivot;
    if (d.norm() < 1e-9) {
        return Step::AtPivot;
    }
    // the body's angle that points its first point → pointer line at w, as an input value
    const BodySpec* body = nullptr;
    for (const BodySpec& b : drawing.spec.bodies) {
        if (b.id == m_body) {
            body = &b;
        }
    }
    if (body == nullptr) {
        return Step::Lost;
    }
    const Joint& inputJoint = model.joints[static_cast<std::size_t>(
        model.coordinates[static_cast<std::size_t>(m_input)].joint)];
    const JointSpec& spec = model.spec.joints[static_cast<std::size_t>(inputJoint.specIndex)];
    const bool groundIsParent = spec.parent.body == kGround;
    const JointEnd onBody = groundIsParent ? spec.child : spec.parent;
    // the body's far point from the pivot sets its direction in the body frame
    Eigen::Vector2d pin = Eigen::Vector2d::Zero();
    Eigen::Vector2d far = Eigen::Vector2d::UnitX();
    double longest = -1;
    for (const BodyPoint& p : body->points) {
        if (p.name == onBody.point) {
            pin = p.p_B;
        }
    }
    for (const BodyPoint& p : body->points) {
        if ((p.p_B - pin).norm() > longest) {
            longest = (p.p_B - pin).norm();
            far = p.p_B;
        }
    }
    const Eigen::Vector2d inBody = far - pin;
    const double bodyAngle = std::atan2(d.y(), d.x()) - std::atan2(inBody.y(), inBody.x());
    const double target = m_angleOffset + (groundIsParent ? bodyAngle : -bodyAngle);
    const double current = m_q[m_input];
    const double value = current + std::remainder(target - current, 2.0 * M_PI);

    Workspace ws(model);
    const std::vector<SweepSample> sweep =
        sweepInput(model, ws, m_q, model.independent, m_input, {value});
    const bool closed = !sweep.empty() && sweep.back().converged;
    // keep the last pose that closed
    for (const SweepSample& sample : sweep) {
        if (sample.converged) {
            m_q = sample.q;
        }
    }
    drawing.poses = drawingAt(drawing.spec, model, m_q).poses;
    const bool toggle =
        std::any_of(sweep.begin(), sweep.end(), [](const SweepSample& s) { return s.toggle; });
    return closed && !toggle ? Step::Moved : Step::Stopped;
}

const std::string& InputDrive::inputName() const {
    return m_model->coordinates[static_cast<std::size_t>(m_input)].name;
}

} // namespace sslm::ui
