// SPDX-License-Identifier: MIT
#include "core/kinematics/forward_kinematics.hpp"

#include <cmath>
#include <stdexcept>

#include "core/kinematics/spatial_kinematics.hpp"
#include "core/spatial/planar.hpp"
#include "core/spatial/sin_cos.hpp"

namespace sslm {

using planar::perp;
using planar::rotate;
using Vec2 = Eigen::Vector2d;

namespace {

/// The tree joint's points seen from the tree: u_parent in the parent frame, u_child in the
/// child frame (the joint's A and B points, swapped when the tree runs B → A).
struct TreeLink {
    const Vec2& pointOnParent;
    const Vec2& pointOnChild;
};

TreeLink treeLink(const Joint& joint) {
    return joint.treeSign > 0 ? TreeLink{joint.p_A, joint.p_B} : TreeLink{joint.p_B, joint.p_A};
}

void requireSize(const Eigen::Ref<const Eigen::VectorXd>& v, int n, const char* what) {
    if (v.size() != n) {
        throw std::invalid_argument(std::string(what) + " has " + std::to_string(v.size()) +
                                    " entries but the model has " + std::to_string(n) +
                                    " coordinates");
    }
}

} // namespace

void updatePositions(const Model& model,
                     Workspace& ws,
                     const Eigen::Ref<const Eigen::VectorXd>& q) {
    if (model.isSpatial()) {
        updateSpatialPositions(model, ws, q);
        return;
    }
    requireSize(q, model.nq(), "q");
    // ground frame is W
    ws.angle[0] = 0;
    ws.cosAngle[0] = 1;
    ws.sinAngle[0] = 0;
    ws.origin[0].setZero();
    for (int c = 1; c < ws.nBodies; ++c) {
        const Body& body = model.bodies[c];
        const Joint& joint = model.joints[body.treeJoint];
        const int p = body.parent;
        const TreeLink link = treeLink(joint);
        const double qc = q[c - 1];
        const int sign = joint.treeSign;
        const bool revolute = joint.type == JointType::Revolute;

        // child angle: φ_c = φ_p ± (q + offset) for a revolute, ± offset for a prismatic
        ws.angle[c] = ws.angle[p] + sign * ((revolute ? qc : 0.0) + joint.offset);
        planar::sinCos(ws.angle[c], ws.sinAngle[c], ws.cosAngle[c]);

        // child-side joint point, then the child origin behind it
        Vec2 onParent = link.pointOnParent;
        Vec2 onChild = link.pointOnChild;
        ws.jointDirection[c].setZero();
        if (!revolute) {
            // the slide runs along the axis fixed in A, from A's point to B's point
            if (sign > 0) {
                onParent += qc * joint.axis_A;
                ws.jointDirection[c] = rotate(ws.cosAngle[p], ws.sinAngle[p], joint.axis_A);
            } else {
                onChild += qc * joint.axis_A;
                ws.jointDirection[c] = -rotate(ws.cosAngle[c], ws.sinAngle[c], joint.axis_A);
            }
        }
        const Vec2 parentSide = ws.origin[p] + rotate(ws.cosAngle[p], ws.sinAngle[p], onParent);
        const Vec2 childArm = rotate(ws.cosAngle[c], ws.sinAngle[c], onChild);
        ws.origin[c] = parentSide - childArm;
        ws.jointPoint[c] = ws.origin[c] + rotate(ws.cosAngle[c], ws.sinAngle[c], link.pointOnChild);
    }
}

void updateVelocities(const Model& model,
                      Workspace& ws,
                      const Eigen::Ref<const Eigen::VectorXd>& qd) {
    if (model.isSpatial()) {
        updateSpatialVelocities(model, ws, qd);
        return;
    }
    requireSize(qd, model.nq(), "qd");
    ws.omega[0] = 0;
    ws.velocity[0].setZero();
    ws.biasAcceleration[0].setZero();
    for (int c = 1; c < ws.nBodies; ++c) {
        const Body& body = model.bodies[c];
        const Joint& joint = model.joints[body.treeJoint];
        const int p = body.parent;
        const double rate = qd[c - 1];
        const bool revolute = joint.type == JointType::Revolute;

        // the child-side joint point: parent material point there, plus the relative slide
        const Vec2& x = ws.jointPoint[c];
        const Vec2 fromParent = x - ws.origin[p];
        const Vec2 slideVelocity = ws.jointDirection[c] * rate;
        const Vec2 pointVelocity_ = ws.velocity[p] + ws.omega[p] * perp(fromParent) + slideVelocity;
        const Vec2 pointBias = ws.biasAcceleration[p] - ws.omega[p] * ws.omega[p] * fromParent +
                               2.0 * ws.omega[p] * perp(slideVelocity);

        // then back along the child to its origin (planar: no angular bias acceleration)
        ws.omega[c] = ws.omega[p] + (revolute ? joint.treeSign * rate : 0.0);
        const Vec2 toOrigin = ws.origin[c] - x;
        ws.velocity[c] = pointVelocity_ + ws.omega[c] * perp(toOrigin);
        ws.biasAcceleration[c] = pointBias - ws.omega[c] * ws.omega[c] * toOrigin;
    }
}

Eigen::Vector2d jointPoint(const Model& model, const Workspace& ws, int joint) {
    const Joint& j = model.joints[static_cast<std::size_t>(joint)];
    return j.type == JointType::Prismatic ? pointPosition(ws, j.bodyB, j.p_B)
                                          : pointPosition(ws, j.bodyA, j.p_A);
}

Eigen::Vector2d pointPosition(const Workspace& ws, int body, const Eigen::Vector2d& p_B) {
    return ws.origin[body] + rotate(ws.cosAngle[body], ws.sinAngle[body], p_B);
}

Eigen::Vector2d pointVelocity(const Workspace& ws, int body, const Eigen::Vector2d& p_B) {
    return ws.velocity[body] +
           ws.omega[body] * perp(rotate(ws.cosAngle[body], ws.sinAngle[body], p_B));
}

Eigen::Vector2d pointBiasAcceleration(const Workspace& ws, int body, const Eigen::Vector2d& p_B) {
    const double w = ws.omega[body];
    return ws.biasAcceleration[body] - w * w * rotate(ws.cosAngle[body], ws.sinAngle[body], p_B);
}

void pointJacobian(const Model& model,
                   const Workspace& ws,
                   int body,
                   const Eigen::Vector2d& p_B,
                   Eigen::Ref<Eigen::MatrixXd> out) {
    out.setZero();
    const Vec2 x = pointPosition(ws, body, p_B);
    for (int b = body; b > 0; b = model.bodies[b].parent) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        out.col(b - 1) = joint.type == JointType::Revolute
                             ? Vec2(joint.treeSign * perp(x - ws.jointPoint[b]))
                             : ws.jointDirection[b];
    }
}

double jointValue(const Model& model, const Workspace& ws, int joint, double reference) {
    const Joint& j = model.joints[joint];
    if (model.isSpatial()) {
        return j.isCut() ? 0.0 : ws.coordinateValue[j.coordinate];
    }
    if (j.type == JointType::Revolute) {
        return planar::wrapNear(ws.angle[j.bodyB] - ws.angle[j.bodyA] - j.offset, reference);
    }
    const Vec2 axis = rotate(ws.cosAngle[j.bodyA], ws.sinAngle[j.bodyA], j.axis_A);
    return (pointPosition(ws, j.bodyB, j.p_B) - pointPosition(ws, j.bodyA, j.p_A)).dot(axis);
}

double jointRate(const Model& model, const Workspace& ws, int joint) {
    const Joint& j = model.joints[joint];
    if (model.isSpatial()) {
        return j.isCut() ? 0.0 : ws.coordinateRate[j.coordinate];
    }
    if (j.type == JointType::Revolute) {
        return ws.omega[j.bodyB] - ws.omega[j.bodyA];
    }
    const Vec2 axis = rotate(ws.cosAngle[j.bodyA], ws.sinAngle[j.bodyA], j.axis_A);
    const Vec2 gap = pointPosition(ws, j.bodyB, j.p_B) - pointPosition(ws, j.bodyA, j.p_A);
    const Vec2 gapRate = pointVelocity(ws, j.bodyB, j.p_B) - pointVelocity(ws, j.bodyA, j.p_A);
    return gapRate.dot(axis) + gap.dot(ws.omega[j.bodyA] * perp(axis));
}

void jointValueGradient(const Model& model,
                        const Workspace& ws,
                        int joint,
                        Eigen::Ref<Eigen::VectorXd> out) {
    out.setZero();
    const Joint& j = model.joints[joint];
    if (!j.isCut()) {
        out[j.coordinate] = 1.0;
        return;
    }
    if (model.isSpatial()) {
        return; // compile() refuses joint forces on a spatial cut joint
    }
    const Loop& loop = model.loops[j.cut];
    const Vec2 xA = pointPosition(ws, j.bodyA, j.p_A);
    const Vec2 xB = pointPosition(ws, j.bodyB, j.p_B);
    const Vec2 axis = rotate(ws.cosAngle[j.bodyA], ws.sinAngle[j.bodyA], j.axis_A);
    for (const LoopPathEntry& entry : loop.path) {
        if (entry.side == 0) {
            continue; // turns both sides together: no relative motion
        }
        const int b = entry.coordinate + 1;
        const Joint& tree = model.joints[model.bodies[b].treeJoint];
        const bool revolute = tree.type == JointType::Revolute;
        const double dOmega = revolute ? tree.treeSign : 0.0;
        if (j.type == JointType::Revolute) {
            // θ = φ_B − φ_A − offset
            out[entry.coordinate] = entry.side > 0 ? -dOmega : dOmega;
            continue;
        }
        // s = (x_B − x_A)·axis_A, the axis turning with A
        const Vec2& x = entry.side > 0 ? xA : xB;
        const Vec2 dx =
            revolute ? Vec2(tree.treeSign * perp(x - ws.jointPoint[b])) : ws.jointDirection[b];
        out[entry.coordinate] =
            entry.side > 0 ? -dx.dot(axis) + (xB - xA).dot(dOmega * perp(axis)) : dx.dot(axis);
    }
}

} // namespace sslm
