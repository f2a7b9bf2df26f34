// SPDX-License-Identifier: MIT
#include "core/kinematics/loop_constraints.hpp"

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/spatial_loop_constraints.hpp"
#include "core/spatial/planar.hpp"

namespace sslm {

using planar::perp;
using planar::rotate;
using Vec2 = Eigen::Vector2d;

namespace {

/// ∂x/∂q_k and ∂ω/∂q_k of a point x moved by tree coordinate k (body k + 1's tree joint).
struct ColumnMotion {
    Vec2 dx;
    double dOmega;
};

ColumnMotion columnMotion(const Model& model, const Workspace& ws, int k, const Vec2& x) {
    const int b = k + 1;
    const Joint& joint = model.joints[model.bodies[b].treeJoint];
    if (joint.type == JointType::Revolute) {
        return {joint.treeSign * perp(x - ws.jointPoint[b]), static_cast<double>(joint.treeSign)};
    }
    return {ws.jointDirection[b], 0.0};
}

/// Guide normal n_A of a prismatic cut in W.
Vec2 guideNormal(const Workspace& ws, const Joint& cut) {
    return perp(rotate(ws.cosAngle[cut.bodyA], ws.sinAngle[cut.bodyA], cut.axis_A));
}

} // namespace

const Eigen::VectorXd& constraintResidual(const Model& model, Workspace& ws) {
    if (model.isSpatial()) {
        spatialConstraintResidual(model, ws);
        return ws.phi;
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        const Vec2 xA = pointPosition(ws, cut.bodyA, cut.p_A);
        const Vec2 xB = pointPosition(ws, cut.bodyB, cut.p_B);
        if (cut.type == JointType::Revolute) {
            ws.phi.segment<2>(2 * i) = xA - xB;
        } else {
            ws.phi[2 * i] = guideNormal(ws, cut).dot(xA - xB);
            ws.phi[2 * i + 1] =
                planar::wrapNear(ws.angle[cut.bodyA] - ws.angle[cut.bodyB] + cut.offset, 0.0);
        }
    }
    return ws.phi;
}

const Eigen::MatrixXd& constraintJacobian(const Model& model, Workspace& ws) {
    if (model.isSpatial()) {
        spatialConstraintJacobian(model, ws);
        return ws.J;
    }
    ws.J.setZero();
    for (int i = 0; i < model.nLoops(); ++i) {
        const Loop& loop = model.loops[i];
        const Joint& cut = model.joints[loop.cutJoint];
        const Vec2 xA = pointPosition(ws, cut.bodyA, cut.p_A);
        const Vec2 xB = pointPosition(ws, cut.bodyB, cut.p_B);
        for (const LoopPathEntry& entry : loop.path) {
            if (entry.side == 0) {
                // above the loop: turns both points about one pivot, rotating Φ of a revolute
                // cut (a prismatic cut's Φ is invariant)
                const Joint& joint = model.joints[model.bodies[entry.coordinate + 1].treeJoint];
                if (cut.type == JointType::Revolute && joint.type == JointType::Revolute) {
                    ws.J.block<2, 1>(2 * i, entry.coordinate) = joint.treeSign * perp(xA - xB);
                }
                continue;
            }
            // a path coordinate moves only its own side's point: +∂x_A or −∂x_B
            const ColumnMotion m =
                columnMotion(model, ws, entry.coordinate, entry.side > 0 ? xA : xB);
            if (cut.type == JointType::Revolute) {
                ws.J.block<2, 1>(2 * i, entry.coordinate) = entry.side * m.dx;
            } else {
                const Vec2 n = guideNormal(ws, cut);
                const double turnsGuide = entry.side > 0 ? m.dOmega : 0.0;
                ws.J(2 * i, entry.coordinate) =
                    turnsGuide * perp(n).dot(xA - xB) + n.dot(entry.side * m.dx);
                ws.J(2 * i + 1, entry.coordinate) = entry.side * m.dOmega;
            }
        }
    }
    return ws.J;
}

const Eigen::VectorXd& constraintBias(const Model& model, Workspace& ws) {
    if (model.isSpatial()) {
        spatialConstraintBias(model, ws);
        return ws.Jdot_qd;
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        const Vec2 aA = pointBiasAcceleration(ws, cut.bodyA, cut.p_A);
        const Vec2 aB = pointBiasAcceleration(ws, cut.bodyB, cut.p_B);
        if (cut.type == JointType::Revolute) {
            ws.Jdot_qd.segment<2>(2 * i) = aA - aB;
            continue;
        }
        // Φ₁ = n_A·d: n̈_A = −ω_A² n_A at q̈ = 0, ṅ_A = ω_A ẑ × n_A
        const Vec2 n = guideNormal(ws, cut);
        const double w = ws.omega[cut.bodyA];
        const Vec2 d =
            pointPosition(ws, cut.bodyA, cut.p_A) - pointPosition(ws, cut.bodyB, cut.p_B);
        const Vec2 dRate =
            pointVelocity(ws, cut.bodyA, cut.p_A) - pointVelocity(ws, cut.bodyB, cut.p_B);
        ws.Jdot_qd[2 * i] = -w * w * n.dot(d) + 2.0 * w * perp(n).dot(dRate) + n.dot(aA - aB);
        ws.Jdot_qd[2 * i + 1] = 0.0;
    }
    return ws.Jdot_qd;
}

} // namespace sslm
