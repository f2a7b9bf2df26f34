// SPDX-License-Identifier: MIT
#include "core/kinematics/spatial_kinematics.hpp"

#include <stdexcept>
#include <string>

#include <Eigen/Geometry>

#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

using spatial::axisRotation;
using spatial::Mat3;
using spatial::Vec3;
using spatial::Vec6;

namespace {

void requireSize(Eigen::Index size, int n, const char* what, const char* unit) {
    if (size != n) {
        throw std::invalid_argument(std::string(what) + " has " + std::to_string(size) +
                                    " entries but the model has " + std::to_string(n) + " " + unit);
    }
}

/// Slide of a prismatic or cylindrical joint along its axis (m).
double slideOf(const Joint& joint, const Eigen::Ref<const Eigen::VectorXd>& q) {
    switch (joint.type) {
    case JointType::Prismatic:
        return q[joint.position];
    case JointType::Cylindrical:
        return q[joint.position + 1];
    default:
        return 0.0;
    }
}

/// Whether the k-th axis of the joint is fixed in its B side (else in A): only a universal
/// joint's second axis.
bool axisFixedInB(const Joint& joint, int k) {
    return joint.type == JointType::Universal && k == 1;
}

/// The twist of B relative to A per unit rate of the joint's k-th coordinate (W, about Wo),
/// for body rotations rA, rB and a point x on the joint's axis (its centre).
Vec6 axisTwist(const Joint& joint, int k, const Mat3& rA, const Mat3& rB, const Vec3& x) {
    switch (joint.type) {
    case JointType::Revolute:
        return spatial::turnTwist(rA * joint.axis3_A, x);
    case JointType::Prismatic:
        return spatial::slideTwist(rA * joint.axis3_A);
    case JointType::Cylindrical:
        return k == 0 ? spatial::turnTwist(rA * joint.axis3_A, x)
                      : spatial::slideTwist(rA * joint.axis3_A);
    case JointType::Universal:
        return k == 0 ? spatial::turnTwist(rA * joint.axis3_A, x)
                      : spatial::turnTwist(rB * joint.axis3_B, x);
    case JointType::Spherical:
        return spatial::turnTwist(rA.col(k), x);
    }
    return Vec6::Zero();
}

} // namespace

Mat3 jointRotation(const Model& model,
                   const Joint& joint,
                   const Eigen::Ref<const Eigen::VectorXd>& q) {
    static_cast<void>(model);
    const int i = joint.position;
    switch (joint.type) {
    case JointType::Revolute:
    case JointType::Cylindrical:
        return axisRotation(joint.axis3_A, q[i]);
    case JointType::Prismatic:
        return Mat3::Identity();
    case JointType::Universal:
        return axisRotation(joint.axis3_A, q[i]) * axisRotation(joint.axis3_B, q[i + 1]);
    case JointType::Spherical:
        return Eigen::Quaterniond(q[i], q[i + 1], q[i + 2], q[i + 3])
            .normalized()
            .toRotationMatrix();
    }
    return Mat3::Identity();
}

void updateSpatialPositions(const Model& model,
                            Workspace& ws,
                            const Eigen::Ref<const Eigen::VectorXd>& q) {
    requireSize(q.size(), model.positionSize(), "q", "position coordinates");
    ws.rotation[0].setIdentity();
    ws.position3[0].setZero();
    for (int c = 1; c < ws.nBodies; ++c) {
        const Body& body = model.bodies[c];
        const Joint& joint = model.joints[body.treeJoint];
        const int p = body.parent;
        const Mat3 e = jointRotation(model, joint, q);
        const double slide = slideOf(joint, q);
        Vec3 childPoint;
        if (joint.treeSign > 0) {
            // parent A, child B
            ws.rotation[c] = ws.rotation[p] * e;
            childPoint = ws.position3[p] + ws.rotation[p] * (joint.p3_A + slide * joint.axis3_A);
            ws.position3[c] = childPoint - ws.rotation[c] * joint.p3_B;
        } else {
            // parent B, child A: R_A = R_B·Eᵀ, x_A = x_B − s·R_B·u (E turns about u)
            ws.rotation[c] = ws.rotation[p] * e.transpose();
            childPoint = ws.position3[p] + ws.rotation[p] * (joint.p3_B - slide * joint.axis3_A);
            ws.position3[c] = childPoint - ws.rotation[c] * joint.p3_A;
        }
        ws.jointPoint3[c] = childPoint;

        // motion subspace: one twist per coordinate, signed as seen from the tree child
        const int bodyA = joint.treeSign > 0 ? p : c;
        const int bodyB = joint.treeSign > 0 ? c : p;
        for (int k = 0; k < joint.coordinateCount; ++k) {
            const Vec6 column =
                axisTwist(joint, k, ws.rotation[bodyA], ws.rotation[bodyB], childPoint);
            ws.motionSubspace6[joint.coordinate + k] = joint.treeSign * column;
            ws.subspaceCarrier[joint.coordinate + k] = axisFixedInB(joint, k) ? bodyB : bodyA;
            ws.coordinateValue[joint.coordinate + k] =
                joint.type == JointType::Spherical ? 0.0 : q[joint.position + k];
        }
    }
}

void updateSpatialVelocities(const Model& model,
                             Workspace& ws,
                             const Eigen::Ref<const Eigen::VectorXd>& v) {
    requireSize(v.size(), model.nq(), "v", "coordinates");
    ws.twist[0].setZero();
    ws.biasAcceleration6[0].setZero();
    for (int c = 1; c < ws.nBodies; ++c) {
        const Body& body = model.bodies[c];
        const Joint& joint = model.joints[body.treeJoint];
        const int p = body.parent;
        Vec6 twist = ws.twist[p];
        for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
            twist += ws.motionSubspace6[k] * v[k];
            ws.coordinateRate[k] = v[k];
        }
        ws.twist[c] = twist;
        // a_c = a_p + Σ Ṡ_k q̇_k, Ṡ_k = v_carrier ×m S_k (the column moves with its carrier)
        Vec6 bias = ws.biasAcceleration6[p];
        for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
            bias +=
                spatial::crossMotion(ws.twist[ws.subspaceCarrier[k]], ws.motionSubspace6[k]) * v[k];
        }
        ws.biasAcceleration6[c] = bias;
    }
}

Eigen::Vector3d spatialPointPosition(const Workspace& ws, int body, const Eigen::Vector3d& p_B) {
    return ws.position3[body] + ws.rotation[body] * p_B;
}

Eigen::Vector3d spatialPointVelocity(const Workspace& ws, int body, const Eigen::Vector3d& p_B) {
    return spatial::pointVelocity(ws.twist[body], spatialPointPosition(ws, body, p_B));
}

} // namespace sslm
