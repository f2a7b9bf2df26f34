// SPDX-License-Identifier: MIT
#include "core/kinematics/forward_kinematics.hpp"

#include <stdexcept>
#include <string>

#include <Eigen/Geometry>

#include "core/kinematics/motion_space.hpp"
#include "core/spatial/planar.hpp"
#include "core/spatial/sin_cos.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

using planar::perp;
using planar::rotate;
using spatial::axisRotation;
using spatial::Mat3;
using spatial::Vec3;
using spatial::Vec6;
using Vec2 = Eigen::Vector2d;

namespace {

/// The tree joint's points seen from the tree: u_parent in the parent frame, u_child in the
/// child frame (the joint's A and B points, swapped when the tree runs B → A).
struct TreeLink {
    const Vec3& pointOnParent;
    const Vec3& pointOnChild;
};

TreeLink treeLink(const Joint& joint) {
    return joint.treeSign > 0 ? TreeLink{joint.p_A, joint.p_B} : TreeLink{joint.p_B, joint.p_A};
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

/// The x and y of a 3-D vector (a planar point, axis or origin).
Vec2 xy(const Vec3& v) {
    return {v.x(), v.y()};
}

/// A planar vector (x, y) of body b's frame, turned into W (R_WB's upper 2 × 2 block).
Vec2 turned(const Workspace& ws, int b, const Vec2& v) {
    const Mat3& r = ws.rotation[b];
    return rotate(r(0, 0), r(1, 0), v);
}

/// ∂x/∂q_{b−1} (W) of a planar point x moved by body b's tree joint: ±perp(x − pivot) for a
/// revolute, the slide direction for a prismatic.
Vec2 pointColumn(const Model& model, const Workspace& ws, int b, const Vec2& x) {
    const Joint& joint = model.joints[model.bodies[b].treeJoint];
    const Vec6& column = ws.motionSubspace[b - 1];
    return joint.type == JointType::Revolute ? Vec2(joint.treeSign * perp(x - xy(ws.jointPoint[b])))
                                             : Vec2(column(3), column(4));
}

/// The tree child's twist relative to its parent per unit rate of the joint's k-th coordinate
/// (W, about Wo), into `out`: B's relative to A's times the tree's sign, for body rotations rA,
/// rB and a point x on the joint's axis (its centre). Written in place and not read back:
/// a column built entry by entry and then scaled as pairs stalled the store forwarding (a
/// fifth of updatePositions on the ladder).
void setAxisTwist(
    Vec6& out, const Joint& joint, int k, const Mat3& rA, const Mat3& rB, const Vec3& x) {
    const bool slides =
        joint.type == JointType::Prismatic || (joint.type == JointType::Cylindrical && k == 1);
    Vec3 direction;
    if (joint.type == JointType::Spherical) {
        direction = rA.col(k);
    } else if (joint.type == JointType::Universal && k == 1) {
        direction.noalias() = rB * joint.axis_B;
    } else {
        direction.noalias() = rA * joint.axis_A;
    }
    direction *= static_cast<double>(joint.treeSign); // (±1: exact)
    if (slides) {
        out.head<3>().setZero();
        out.tail<3>() = direction;
    } else {
        out.head<3>() = direction;
        out.tail<3>() = x.cross(direction);
    }
}

/// The tree child's rotation `child` from its parent's when the joint turns about frame axes
/// only (a revolute, cylindrical or universal joint whose axes are ±x, ±y or ±z, as most
/// are): the parent's columns turned into each other, without E. False (child untouched)
/// for any other joint.
bool turnAboutFrameAxes(const Joint& joint,
                        const Eigen::Ref<const Eigen::VectorXd>& q,
                        const Mat3& parent,
                        Mat3& child) {
    const bool universal = joint.type == JointType::Universal;
    if (!(universal || joint.type == JointType::Revolute || joint.type == JointType::Cylindrical)) {
        return false;
    }
    const spatial::FrameAxis first = joint.frameAxis_A;
    const spatial::FrameAxis second = joint.frameAxis_B;
    if (first.index < 0 || (universal && second.index < 0)) {
        return false;
    }
    // E = Rot(a, q₀)·Rot(b, q₁) for a universal joint; Eᵀ = Rot(b, −q₁)·Rot(a, −q₀)
    const int i = joint.position;
    child = parent;
    if (joint.treeSign > 0) {
        spatial::turnAboutFrameAxis(child, first, q[i]);
        if (universal) {
            spatial::turnAboutFrameAxis(child, second, q[i + 1]);
        }
    } else {
        if (universal) {
            spatial::turnAboutFrameAxis(child, second, -q[i + 1]);
        }
        spatial::turnAboutFrameAxis(child, first, -q[i]);
    }
    return true;
}

/// How a tree joint moves its child in one motion space (Pinocchio's joint calc): the child's
/// pose from its parent's and the joint's positions, its twist and bias acceleration from its
/// parent's and the joint's rates. The passes over the tree below are written once.
template <class Space> struct TreeStep;

template <> struct TreeStep<PlanarSpace> {
    static void placeGround(Workspace& ws) {
        ws.angle[0] = 0;
        ws.rotation[0].setIdentity();
        ws.position[0].setZero();
    }
    static void
    place(const Model& model, Workspace& ws, int c, const Eigen::Ref<const Eigen::VectorXd>& q) {
        const Body& body = model.bodies[c];
        const Joint& joint = model.joints[body.treeJoint];
        const int p = body.parent;
        const int k = c - 1;
        const TreeLink link = treeLink(joint);
        const double qc = q[k];
        const int sign = joint.treeSign;
        const bool revolute = joint.type == JointType::Revolute;

        // child angle: φ_c = φ_p ± (q + offset) for a revolute, ± offset for a prismatic; only
        // the rotation's upper 2 × 2 block moves
        ws.angle[c] = ws.angle[p] + sign * ((revolute ? qc : 0.0) + joint.offset);
        double sine = 0;
        double cosine = 1;
        planar::sinCos(ws.angle[c], sine, cosine);
        Mat3& r = ws.rotation[c];
        r(0, 0) = cosine;
        r(1, 0) = sine;
        r(0, 1) = -sine;
        r(1, 1) = cosine;

        // child-side joint point, then the child origin behind it
        Vec2 onParent = xy(link.pointOnParent);
        Vec2 onChild = xy(link.pointOnChild);
        Vec2 slide = Vec2::Zero(); // ∂(joint point)/∂q in W
        if (!revolute) {
            // the slide runs along the axis fixed in A, from A's point to B's point
            const Vec2 axis = xy(joint.axis_A);
            if (sign > 0) {
                onParent += qc * axis;
                slide = turned(ws, p, axis);
            } else {
                onChild += qc * axis;
                slide = -rotate(cosine, sine, axis);
            }
        }
        const Vec2 parentSide = xy(ws.position[p]) + turned(ws, p, onParent);
        const Vec2 origin = parentSide - rotate(cosine, sine, onChild);
        const Vec2 pivot = origin + rotate(cosine, sine, xy(link.pointOnChild));
        ws.position[c].x() = origin.x();
        ws.position[c].y() = origin.y();
        ws.jointPoint[c].x() = pivot.x();
        ws.jointPoint[c].y() = pivot.y();

        // S_k entry by entry: ±[0, 0, 1, y, −x, 0] about the pivot, or the slide
        Vec6& column = ws.motionSubspace[k];
        column(2) = revolute ? sign : 0.0;
        column(3) = revolute ? sign * pivot.y() : slide.x();
        column(4) = revolute ? -sign * pivot.x() : slide.y();
        ws.subspaceCarrier[k] = sign > 0 ? p : c; // side A: the pivot and the slide's axis
        ws.coordinateValue[k] = qc;
    }
    static void moveGround(Workspace& ws) {
        ws.twist[0].setZero();
        ws.biasAcceleration[0].setZero();
    }
    static void
    move(const Model& model, Workspace& ws, int c, const Eigen::Ref<const Eigen::VectorXd>& qd) {
        const int p = model.bodies[c].parent;
        const int k = c - 1;
        const double rate = qd[k];
        ws.coordinateRate[k] = rate;
        // v_c = v_p + S q̇ and a_c = a_p + (v_carrier ×m S) q̇, as in space but in the plane's
        // three entries (ω, v_x, v_y), entry by entry (no angular bias acceleration in the plane)
        const Vec6& s = ws.motionSubspace[k];
        const Vec6& vp = ws.twist[p];
        Vec6& v = ws.twist[c];
        v(2) = vp(2) + s(2) * rate;
        v(3) = vp(3) + s(3) * rate;
        v(4) = vp(4) + s(4) * rate;
        const Vec6& carrier = ws.twist[ws.subspaceCarrier[k]];
        const Vec6& ap = ws.biasAcceleration[p];
        Vec6& a = ws.biasAcceleration[c];
        a(3) = ap(3) + (s(2) * carrier(4) - carrier(2) * s(4)) * rate;
        a(4) = ap(4) + (carrier(2) * s(3) - s(2) * carrier(3)) * rate;
    }
};

// The spatial steps are forced inline into the passes: GCC keeps them out of line, which cost
// updatePositions on the 16-cell ladder about 3 % (2,740 against 2,650 ns per call).
template <> struct TreeStep<SpatialSpace> {
    static void placeGround(Workspace& ws) {
        ws.rotation[0].setIdentity();
        ws.position[0].setZero();
    }
    [[gnu::always_inline]] static void
    place(const Model& model, Workspace& ws, int c, const Eigen::Ref<const Eigen::VectorXd>& q) {
        const Body& body = model.bodies[c];
        const Joint& joint = model.joints[body.treeJoint];
        const int p = body.parent;
        // parent A, child B: R_B = R_A·E; parent B, child A: R_A = R_B·Eᵀ
        if (!turnAboutFrameAxes(joint, q, ws.rotation[p], ws.rotation[c])) {
            const Mat3 e = jointRotation(model, joint, q);
            if (joint.treeSign > 0) {
                ws.rotation[c].noalias() = ws.rotation[p] * e;
            } else {
                ws.rotation[c].noalias() = ws.rotation[p] * e.transpose();
            }
        }
        const double slide = slideOf(joint, q);
        Vec3 childPoint;
        if (joint.treeSign > 0) {
            childPoint = ws.position[p] + ws.rotation[p] * (joint.p_A + slide * joint.axis_A);
            ws.position[c] = childPoint - ws.rotation[c] * joint.p_B;
        } else {
            // x_A = x_B − s·R_B·u (E turns about u)
            childPoint = ws.position[p] + ws.rotation[p] * (joint.p_B - slide * joint.axis_A);
            ws.position[c] = childPoint - ws.rotation[c] * joint.p_A;
        }
        ws.jointPoint[c] = childPoint;

        // motion subspace: one twist per coordinate, signed as seen from the tree child
        const int bodyA = joint.treeSign > 0 ? p : c;
        const int bodyB = joint.treeSign > 0 ? c : p;
        for (int k = 0; k < joint.coordinateCount; ++k) {
            setAxisTwist(ws.motionSubspace[joint.coordinate + k], joint, k, ws.rotation[bodyA],
                         ws.rotation[bodyB], childPoint);
            ws.subspaceCarrier[joint.coordinate + k] = axisFixedInB(joint, k) ? bodyB : bodyA;
            ws.coordinateValue[joint.coordinate + k] =
                joint.type == JointType::Spherical ? 0.0 : q[joint.position + k];
        }
    }
    static void moveGround(Workspace& ws) {
        ws.twist[0].setZero();
        ws.biasAcceleration[0].setZero();
    }
    [[gnu::always_inline]] static void
    move(const Model& model, Workspace& ws, int c, const Eigen::Ref<const Eigen::VectorXd>& qd) {
        const Body& body = model.bodies[c];
        const Joint& joint = model.joints[body.treeJoint];
        const int p = body.parent;
        Vec6 twist = ws.twist[p];
        for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
            twist += ws.motionSubspace[k] * qd[k];
            ws.coordinateRate[k] = qd[k];
        }
        ws.twist[c] = twist;
        // a_c = a_p + Σ Ṡ_k q̇_k, Ṡ_k = v_carrier ×m S_k (the column moves with its carrier)
        Vec6 bias = ws.biasAcceleration[p];
        for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
            bias +=
                spatial::crossMotion(ws.twist[ws.subspaceCarrier[k]], ws.motionSubspace[k]) * qd[k];
        }
        ws.biasAcceleration[c] = bias;
    }
};

void requireSize(Eigen::Index size, int n, const char* what, const char* unit) {
    if (size != n) {
        throw std::invalid_argument(std::string(what) + " has " + std::to_string(size) +
                                    " entries but the model has " + std::to_string(n) + " " + unit);
    }
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
        return axisRotation(joint.axis_A, q[i]);
    case JointType::Prismatic:
        return Mat3::Identity();
    case JointType::Universal:
        return axisRotation(joint.axis_A, q[i]) * axisRotation(joint.axis_B, q[i + 1]);
    case JointType::Spherical:
        return Eigen::Quaterniond(q[i], q[i + 1], q[i + 2], q[i + 3])
            .normalized()
            .toRotationMatrix();
    }
    return Mat3::Identity();
}

void updatePositions(const Model& model,
                     Workspace& ws,
                     const Eigen::Ref<const Eigen::VectorXd>& q) {
    requireSize(q.size(), model.nq(), "q", "position coordinates");
    withMotionSpace(model, [&](auto space) {
        using Step = TreeStep<decltype(space)>;
        Step::placeGround(ws);
        for (int c = 1; c < ws.nBodies; ++c) {
            Step::place(model, ws, c, q);
        }
    });
}

void updateVelocities(const Model& model,
                      Workspace& ws,
                      const Eigen::Ref<const Eigen::VectorXd>& qd) {
    requireSize(qd.size(), model.nv(), "qd", "rate coordinates");
    withMotionSpace(model, [&](auto space) {
        using Step = TreeStep<decltype(space)>;
        Step::moveGround(ws);
        for (int c = 1; c < ws.nBodies; ++c) {
            Step::move(model, ws, c, qd);
        }
    });
}

Vec3 jointPoint(const Model& model, const Workspace& ws, int joint) {
    const Joint& j = model.joints[static_cast<std::size_t>(joint)];
    return j.type == JointType::Prismatic ? pointPosition(ws, j.bodyB, j.p_B)
                                          : pointPosition(ws, j.bodyA, j.p_A);
}

Vec3 pointPosition(const Workspace& ws, int body, const Vec3& p_B) {
    return ws.position[body] + ws.rotation[body] * p_B;
}

Vec3 pointVelocity(const Workspace& ws, int body, const Vec3& p_B) {
    return spatial::pointVelocity(ws.twist[body], pointPosition(ws, body, p_B));
}

Vec2 PlanarSpace::pointPosition(const Workspace& ws, int body, const Vec2& p_B) {
    return xy(ws.position[body]) + turned(ws, body, p_B);
}

Vec2 PlanarSpace::pointVelocity(const Workspace& ws, int body, const Vec2& p_B) {
    // v_o + ω × x
    const Vec2 x = pointPosition(ws, body, p_B);
    const Vec6& v = ws.twist[body];
    return {v(3) - v(2) * x.y(), v(4) + v(2) * x.x()};
}

Vec2 PlanarSpace::pointBiasAcceleration(const Workspace& ws, int body, const Vec2& p_B) {
    // a_o + ω × ẋ (no angular bias acceleration in the plane)
    const Vec2 velocity = pointVelocity(ws, body, p_B);
    const double w = ws.twist[body](2);
    const Vec6& a = ws.biasAcceleration[body];
    return {a(3) - w * velocity.y(), a(4) + w * velocity.x()};
}

void pointJacobian(const Model& model,
                   const Workspace& ws,
                   int body,
                   const Vec2& p_B,
                   Eigen::Ref<Eigen::MatrixXd> out) {
    out.setZero();
    const Vec2 x = PlanarSpace::pointPosition(ws, body, p_B);
    for (int b = body; b > 0; b = model.bodies[b].parent) {
        out.col(b - 1) = pointColumn(model, ws, b, x);
    }
}

double jointValue(const Model& model, const Workspace& ws, int joint, double reference) {
    const Joint& j = model.joints[joint];
    if (!j.isCut()) {
        const double value = ws.coordinateValue[j.coordinate];
        return model.coordinates[j.coordinate].angular ? planar::wrapNear(value, reference) : value;
    }
    // a planar cut joint, read off its two sides
    if (j.type == JointType::Revolute) {
        return planar::wrapNear(ws.angle[j.bodyB] - ws.angle[j.bodyA] - j.offset, reference);
    }
    const Vec2 axis = PlanarSpace::inWorld(ws, j.bodyA, j.axis_A);
    return (PlanarSpace::pointPosition(ws, j.bodyB, j.p_B) -
            PlanarSpace::pointPosition(ws, j.bodyA, j.p_A))
        .dot(axis);
}

double jointRate(const Model& model, const Workspace& ws, int joint) {
    const Joint& j = model.joints[joint];
    if (!j.isCut()) {
        return ws.coordinateRate[j.coordinate];
    }
    // a planar cut joint, read off its two sides
    if (j.type == JointType::Revolute) {
        return ws.twist[j.bodyB](2) - ws.twist[j.bodyA](2);
    }
    const Vec2 axis = PlanarSpace::inWorld(ws, j.bodyA, j.axis_A);
    const Vec2 gap = PlanarSpace::pointPosition(ws, j.bodyB, j.p_B) -
                     PlanarSpace::pointPosition(ws, j.bodyA, j.p_A);
    const Vec2 gapRate = PlanarSpace::pointVelocity(ws, j.bodyB, j.p_B) -
                         PlanarSpace::pointVelocity(ws, j.bodyA, j.p_A);
    return gapRate.dot(axis) + gap.dot(ws.twist[j.bodyA](2) * perp(axis));
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
    // a planar cut joint (compile() refuses joint forces on a spatial cut joint)
    const Loop& loop = model.loops[j.cut];
    const Vec2 xA = PlanarSpace::pointPosition(ws, j.bodyA, j.p_A);
    const Vec2 xB = PlanarSpace::pointPosition(ws, j.bodyB, j.p_B);
    const Vec2 axis = PlanarSpace::inWorld(ws, j.bodyA, j.axis_A);
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
        const Vec2 dx = pointColumn(model, ws, b, x);
        out[entry.coordinate] =
            entry.side > 0 ? -dx.dot(axis) + (xB - xA).dot(dOmega * perp(axis)) : dx.dot(axis);
    }
}

} // namespace sslm
