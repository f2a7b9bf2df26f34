// SPDX-License-Identifier: MIT
#include "core/kinematics/spatial_loop_constraints.hpp"

#include "core/kinematics/spatial_kinematics.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

using spatial::Vec3;
using spatial::Vec6;

namespace {

/// One constraint row: e·(x_A − x_B) (Point), n_A·(x_B − x_A) (Normal) or a_A·b_B (Direction).
struct Row {
    enum class Kind { Point, Normal, Direction };
    Kind kind = Kind::Point;
    Vec3 a = Vec3::Zero(); ///< e (world), n_A or a_A (in W, fixed in A)
    Vec3 b = Vec3::Zero(); ///< b_B (in W, fixed in B)
};

/// The cut's geometry at the current pose.
struct CutPose {
    int bodyA = 0;
    int bodyB = 0;
    Vec3 xA = Vec3::Zero();
    Vec3 xB = Vec3::Zero();
};

CutPose cutPose(const Workspace& ws, const Joint& cut) {
    return {cut.bodyA, cut.bodyB, spatialPointPosition(ws, cut.bodyA, cut.p3_A),
            spatialPointPosition(ws, cut.bodyB, cut.p3_B)};
}

/// Row r (0-based) of the cut joint's constraint set at the current pose.
Row cutRow(const Workspace& ws, const Joint& cut, int r) {
    const Eigen::Matrix3d& rA = ws.rotation[cut.bodyA];
    const Eigen::Matrix3d& rB = ws.rotation[cut.bodyB];
    const bool slides = cut.type == JointType::Cylindrical || cut.type == JointType::Prismatic;
    if (!slides && r < 3) {
        return {Row::Kind::Point, Vec3::Unit(r), Vec3::Zero()};
    }
    if (cut.type == JointType::Universal) {
        return {Row::Kind::Direction, rA * cut.axis3_A, rB * cut.axis3_B};
    }
    Vec3 n1;
    Vec3 n2;
    spatial::perpendicularPair(cut.axis3_A, n1, n2);
    const int k = slides ? r : r - 3; // 0, 1: normals (sliders) or axis rows; 2, 3: axis rows
    if (slides && k < 2) {
        return {Row::Kind::Normal, rA * (k == 0 ? n1 : n2), Vec3::Zero()};
    }
    const int axisRow = slides ? k - 2 : k;
    if (axisRow < 2) {
        return {Row::Kind::Direction, rA * (axisRow == 0 ? n1 : n2), rB * cut.axis3_B};
    }
    return {Row::Kind::Direction, rA * n1, rB * n2}; // prismatic: no turn about the axis
}

double rowValue(const Row& row, const CutPose& pose) {
    switch (row.kind) {
    case Row::Kind::Point:
        return row.a.dot(pose.xA - pose.xB);
    case Row::Kind::Normal:
        return row.a.dot(pose.xB - pose.xA);
    case Row::Kind::Direction:
        return row.a.dot(row.b);
    }
    return 0.0;
}

/// The row's gradients on the twists of A and B: Φ̇ = gA·V_A + gB·V_B.
void rowGradients(const Row& row, const CutPose& pose, Vec6& gA, Vec6& gB) {
    switch (row.kind) {
    case Row::Kind::Point:
        gA = spatial::wrenchAt(pose.xA, row.a);
        gB = -spatial::wrenchAt(pose.xB, row.a);
        return;
    case Row::Kind::Normal: {
        const Vec3 d = pose.xB - pose.xA;
        gA << row.a.cross(d) - pose.xA.cross(row.a), -row.a;
        gB = spatial::wrenchAt(pose.xB, row.a);
        return;
    }
    case Row::Kind::Direction: {
        const Vec3 axis = row.a.cross(row.b);
        gA << axis, Vec3::Zero();
        gB << -axis, Vec3::Zero();
        return;
    }
    }
}

/// Φ̈ of the row at q̈ = 0.
double rowBias(const Workspace& ws, const Row& row, const CutPose& pose) {
    const Vec6& vA = ws.twist[pose.bodyA];
    const Vec6& vB = ws.twist[pose.bodyB];
    const Vec6& aA = ws.biasAcceleration6[pose.bodyA];
    const Vec6& aB = ws.biasAcceleration6[pose.bodyB];
    switch (row.kind) {
    case Row::Kind::Point:
        return row.a.dot(spatial::pointAcceleration(vA, aA, pose.xA) -
                         spatial::pointAcceleration(vB, aB, pose.xB));
    case Row::Kind::Normal: {
        const Vec3 wA = vA.head<3>();
        const Vec3 nRate = wA.cross(row.a);
        const Vec3 nAcc = aA.head<3>().cross(row.a) + wA.cross(nRate);
        const Vec3 d = pose.xB - pose.xA;
        const Vec3 dRate =
            spatial::pointVelocity(vB, pose.xB) - spatial::pointVelocity(vA, pose.xA);
        const Vec3 dAcc = spatial::pointAcceleration(vB, aB, pose.xB) -
                          spatial::pointAcceleration(vA, aA, pose.xA);
        return nAcc.dot(d) + 2.0 * nRate.dot(dRate) + row.a.dot(dAcc);
    }
    case Row::Kind::Direction: {
        const Vec3 wA = vA.head<3>();
        const Vec3 wB = vB.head<3>();
        const Vec3 axisRate = wA.cross(row.a).cross(row.b) + row.a.cross(wB.cross(row.b));
        return (aA.head<3>() - aB.head<3>()).dot(row.a.cross(row.b)) + axisRate.dot(wA - wB);
    }
    }
    return 0.0;
}

} // namespace

void spatialConstraintResidual(const Model& model, Workspace& ws) {
    for (const Loop& loop : model.loops) {
        const Joint& cut = model.joints[loop.cutJoint];
        const CutPose pose = cutPose(ws, cut);
        for (int r = 0; r < loop.rows; ++r) {
            ws.phi[loop.rowBegin + r] = rowValue(cutRow(ws, cut, r), pose);
        }
    }
}

void spatialConstraintJacobian(const Model& model, Workspace& ws) {
    // every entry of a loop's path columns is written below; the others are zero since the
    // Workspace was built (a 16-cell ladder's J is 64 × 66: zeroing it all cost ~1 µs per call)
    for (const Loop& loop : model.loops) {
        const Joint& cut = model.joints[loop.cutJoint];
        const CutPose pose = cutPose(ws, cut);
        for (int r = 0; r < loop.rows; ++r) {
            Vec6 gA;
            Vec6 gB;
            rowGradients(cutRow(ws, cut, r), pose, gA, gB);
            const Vec6 gBoth = gA + gB;
            for (const LoopPathEntry& entry : loop.path) {
                const Vec6& column = ws.motionSubspace6[entry.coordinate];
                const Vec6& g = entry.side > 0 ? gA : (entry.side < 0 ? gB : gBoth);
                ws.J(loop.rowBegin + r, entry.coordinate) = g.dot(column);
            }
        }
    }
}

void spatialConstraintBias(const Model& model, Workspace& ws) {
    for (const Loop& loop : model.loops) {
        const Joint& cut = model.joints[loop.cutJoint];
        const CutPose pose = cutPose(ws, cut);
        for (int r = 0; r < loop.rows; ++r) {
            ws.Jdot_qd[loop.rowBegin + r] = rowBias(ws, cutRow(ws, cut, r), pose);
        }
    }
}

Vec6 jointConstraintWrench(const Model& model, const Workspace& ws, int joint, int row) {
    const Joint& j = model.joints[joint];
    Vec6 gA;
    Vec6 gB;
    rowGradients(cutRow(ws, j, row), cutPose(ws, j), gA, gB);
    return gA;
}

Vec6 jointCoordinateWrench(const Model& model, const Workspace& ws, int joint, int k) {
    const Joint& j = model.joints[joint];
    const Eigen::Matrix3d& rA = ws.rotation[j.bodyA];
    const Eigen::Matrix3d& rB = ws.rotation[j.bodyB];
    const bool slide =
        j.type == JointType::Prismatic || (j.type == JointType::Cylindrical && k == 1);
    Vec3 axis;
    switch (j.type) {
    case JointType::Universal:
        axis = k == 0 ? Vec3(rA * j.axis3_A) : Vec3(rB * j.axis3_B);
        break;
    case JointType::Spherical:
        axis = rA.col(k);
        break;
    default:
        axis = rA * j.axis3_A;
        break;
    }
    if (slide) {
        return spatial::wrenchAt(spatialPointPosition(ws, j.bodyB, j.p3_B), axis);
    }
    Vec6 moment;
    moment << axis, Vec3::Zero();
    return moment;
}

CutWrench cutReactionWrench(const Model& model,
                            const Workspace& ws,
                            int loopIndex,
                            const Eigen::Ref<const Eigen::VectorXd>& lambda) {
    const Loop& loop = model.loops[loopIndex];
    const Joint& cut = model.joints[loop.cutJoint];
    const CutPose pose = cutPose(ws, cut);
    Vec6 onA = Vec6::Zero();
    for (int r = 0; r < loop.rows; ++r) {
        Vec6 gA;
        Vec6 gB;
        rowGradients(cutRow(ws, cut, r), pose, gA, gB);
        onA += lambda[loop.rowBegin + r] * gA;
    }
    CutWrench wrench;
    wrench.point = pose.xA;
    wrench.force = onA.tail<3>();
    wrench.moment = onA.head<3>() - pose.xA.cross(wrench.force);
    return wrench;
}

} // namespace sslm
