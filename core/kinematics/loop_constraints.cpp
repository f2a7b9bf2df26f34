// SPDX-License-Identifier: MIT
#include "core/kinematics/loop_constraints.hpp"

#include <array>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/spatial/planar.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/spec/joint_kinds.hpp"

namespace sslm {

namespace {

/// A row's gradients on the twists of A and B: Φ̇ = onA·V_A + onB·V_B.
template <class Wrench> struct Gradients {
    Wrench onA;
    Wrench onB;
};

/// The rows of a cut in one motion space (loop_constraints.hpp lists them): a row's value, its
/// gradients on the twists of A and B, and its Φ̈ at q̈ = 0. Pose: the cut's two points in W.
template <class Space> struct CutRows;

template <> struct CutRows<PlanarSpace> {
    using Vec2 = Eigen::Vector2d;
    using Wrench = PlanarSpace::Wrench;
    struct Pose {
        Vec2 xA;
        Vec2 xB;
    };
    /// (x_A − x_B)[axis] (Point), n_A·(x_A − x_B) (Normal), φ_A − φ_B + offset (Angle).
    /// Entries are read one by one where a row is built entry by entry: a paired load of two
    /// scalars just stored stalls store forwarding (measured up to 4× slower rows).
    struct Row {
        enum class Kind { Point, Normal, Angle };
        Kind kind = Kind::Point;
        int axis = 0;          ///< a Point row's world axis, x or y
        Vec2 a = Vec2::Zero(); ///< n_A (in W, turning with A)
    };

    static Pose pose(const Workspace& ws, const Joint& cut) {
        return {PlanarSpace::pointPosition(ws, cut.bodyA, cut.p_A),
                PlanarSpace::pointPosition(ws, cut.bodyB, cut.p_B)};
    }
    static Vec2 guideAxis(const Workspace& ws, const Joint& cut) {
        return PlanarSpace::inWorld(ws, cut.bodyA, cut.axis_A);
    }
    static Row row(const Workspace& ws, const Joint& cut, int r) {
        if (cut.type == JointType::Revolute) {
            return {Row::Kind::Point, r, Vec2::Zero()};
        }
        return r == 0 ? Row{Row::Kind::Normal, 0, planar::perp(guideAxis(ws, cut))}
                      : Row{Row::Kind::Angle, 0, Vec2::Zero()};
    }
    static double value(const Workspace& ws, const Joint& cut, const Row& row, const Pose& pose) {
        switch (row.kind) {
        case Row::Kind::Point:
            return pose.xA[row.axis] - pose.xB[row.axis];
        case Row::Kind::Normal:
            return row.a.dot(pose.xA - pose.xB);
        case Row::Kind::Angle:
            return planar::wrapNear(ws.angle[cut.bodyA] - ws.angle[cut.bodyB] + cut.offset, 0.0);
        }
        return 0.0;
    }
    static double power(const Wrench& w, const PlanarSpace::Twist& s) {
        return w[0] * s[0] + w[1] * s[1] + w[2] * s[2];
    }
    static void gradients(const Row& row, const Pose& pose, Gradients<Wrench>& g) {
        switch (row.kind) {
        case Row::Kind::Point: {
            // [x × e, e] at x_A on A, its opposite at x_B on B
            const bool x = row.axis == 0;
            g.onA = Wrench(x ? -pose.xA.y() : pose.xA.x(), x ? 1.0 : 0.0, x ? 0.0 : 1.0);
            g.onB = Wrench(x ? pose.xB.y() : -pose.xB.x(), x ? -1.0 : 0.0, x ? 0.0 : -1.0);
            return;
        }
        case Row::Kind::Normal:
            // n_A turns with A: the normal force acts on A at x_B, an action–reaction pair
            g.onA = PlanarSpace::wrenchAt(pose.xB, row.a);
            g.onB = -g.onA;
            return;
        case Row::Kind::Angle:
            g.onA = Wrench(1.0, 0.0, 0.0);
            g.onB = -g.onA;
            return;
        }
    }
    /// The cut's terms every row's Φ̈ reads: the points' relative acceleration at q̈ = 0 and,
    /// for a guide, its angular velocity, the gap and its rate.
    struct Motion {
        Vec2 gapAcceleration;
        double omegaA = 0;
        Vec2 gap = Vec2::Zero();
        Vec2 gapRate = Vec2::Zero();
    };
    static Motion motion(const Workspace& ws, const Joint& cut) {
        Motion m{PlanarSpace::pointBiasAcceleration(ws, cut.bodyA, cut.p_A) -
                 PlanarSpace::pointBiasAcceleration(ws, cut.bodyB, cut.p_B)};
        if (cut.type == JointType::Prismatic) {
            m.omegaA = ws.twist[cut.bodyA](2);
            m.gap = PlanarSpace::pointPosition(ws, cut.bodyA, cut.p_A) -
                    PlanarSpace::pointPosition(ws, cut.bodyB, cut.p_B);
            m.gapRate = PlanarSpace::pointVelocity(ws, cut.bodyA, cut.p_A) -
                        PlanarSpace::pointVelocity(ws, cut.bodyB, cut.p_B);
        }
        return m;
    }
    static double bias(const Row& row, const Motion& m) {
        switch (row.kind) {
        case Row::Kind::Point:
            return m.gapAcceleration[row.axis];
        case Row::Kind::Normal: {
            // ṅ_A = ω_A ẑ × n_A, n̈_A = −ω_A² n_A at q̈ = 0
            const double w = m.omegaA;
            return -w * w * row.a.dot(m.gap) + 2.0 * w * planar::perp(row.a).dot(m.gapRate) +
                   row.a.dot(m.gapAcceleration);
        }
        case Row::Kind::Angle:
            return 0.0;
        }
        return 0.0;
    }
    /// A unit moment for a revolute, a unit force along the guide at B's point for a prismatic.
    static Wrench coordinateWrench(const Workspace& ws, const Joint& joint, int) {
        if (joint.type == JointType::Revolute) {
            return {1.0, 0.0, 0.0};
        }
        return PlanarSpace::wrenchAt(PlanarSpace::pointPosition(ws, joint.bodyB, joint.p_B),
                                     guideAxis(ws, joint));
    }
    /// Where a joint's reaction acts: the pin (A's point) of a revolute, B's point on the guide
    /// of a prismatic (where its rows take the normal force and the moment).
    static Eigen::Vector3d reactionPoint(const Workspace& ws, const Joint& joint) {
        return joint.type == JointType::Revolute ? pointPosition(ws, joint.bodyA, joint.p_A)
                                                 : pointPosition(ws, joint.bodyB, joint.p_B);
    }
    /// The rows' multipliers read as a reaction: a revolute's λ is the force at the pin (no
    /// moment), a prismatic's the normal force at B's point on the guide and the moment there.
    static CutReaction reaction(const Workspace& ws,
                                const Joint& cut,
                                const Eigen::Ref<const Eigen::VectorXd>& multipliers) {
        CutReaction r;
        r.point = reactionPoint(ws, cut);
        if (cut.type == JointType::Revolute) {
            r.force << multipliers[0], multipliers[1], 0.0;
            return r;
        }
        const Vec2 force = multipliers[0] * planar::perp(guideAxis(ws, cut));
        r.force << force, 0.0;
        r.moment.z() = multipliers[1];
        return r;
    }
};

template <> struct CutRows<SpatialSpace> {
    using Vec3 = spatial::Vec3;
    using Wrench = spatial::Vec6;
    struct Pose {
        Vec3 xA;
        Vec3 xB;
    };
    /// e·(x_A − x_B) (Point), n_A·(x_B − x_A) (Normal) or a_A·b_B (Direction).
    struct Row {
        enum class Kind { Point, Normal, Direction };
        Kind kind = Kind::Point;
        Vec3 a = Vec3::Zero(); ///< e (world), n_A or a_A (in W, fixed in A)
        Vec3 b = Vec3::Zero(); ///< b_B (in W, fixed in B)
    };

    static Pose pose(const Workspace& ws, const Joint& cut) {
        return {pointPosition(ws, cut.bodyA, cut.p_A), pointPosition(ws, cut.bodyB, cut.p_B)};
    }
    // (row() and gradients() inline into their passes: a row built entry by entry and read
    // back as pairs through memory stalled the store forwarding, a fifth of J's time)
    [[gnu::always_inline]] static Row row(const Workspace& ws, const Joint& cut, int r) {
        const Eigen::Matrix3d& rA = ws.rotation[cut.bodyA];
        const Eigen::Matrix3d& rB = ws.rotation[cut.bodyB];
        const bool slides = cut.type == JointType::Cylindrical || cut.type == JointType::Prismatic;
        if (!slides && r < 3) {
            return {Row::Kind::Point, Vec3::Unit(r), Vec3::Zero()};
        }
        if (cut.type == JointType::Universal) {
            return {Row::Kind::Direction, rA * cut.axis_A, rB * cut.axis_B};
        }
        Vec3 n1;
        Vec3 n2;
        spatial::perpendicularPair(cut.axis_A, n1, n2);
        const int k = slides ? r : r - 3; // 0, 1: normals (sliders) or axis rows; 2, 3: axis rows
        if (slides && k < 2) {
            return {Row::Kind::Normal, rA * (k == 0 ? n1 : n2), Vec3::Zero()};
        }
        const int axisRow = slides ? k - 2 : k;
        if (axisRow < 2) {
            return {Row::Kind::Direction, rA * (axisRow == 0 ? n1 : n2), rB * cut.axis_B};
        }
        return {Row::Kind::Direction, rA * n1, rB * n2}; // prismatic: no turn about the axis
    }
    static double value(const Workspace&, const Joint&, const Row& row, const Pose& pose) {
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
    static double power(const Wrench& w, const SpatialSpace::Twist& s) { return w.dot(s); }
    [[gnu::always_inline]] static void
    gradients(const Row& row, const Pose& pose, Gradients<Wrench>& g) {
        switch (row.kind) {
        case Row::Kind::Point:
            g.onA = spatial::wrenchAt(pose.xA, row.a);
            g.onB = spatial::wrenchAt(pose.xB, Vec3(-row.a)); // (negated before: exact)
            return;
        case Row::Kind::Normal: {
            const Vec3 d = pose.xB - pose.xA;
            g.onA = spatial::stack(row.a.cross(d) - pose.xA.cross(row.a), -row.a);
            g.onB = spatial::wrenchAt(pose.xB, row.a);
            return;
        }
        case Row::Kind::Direction: {
            const Vec3 axis = row.a.cross(row.b);
            g.onA = spatial::stack(axis, Vec3::Zero());
            g.onB = spatial::stack(-axis, Vec3::Zero());
            return;
        }
        }
    }
    /// The cut's terms every row's Φ̈ reads: its points, the bodies' angular velocities and
    /// accelerations at q̈ = 0, the points' relative acceleration and the gap's rate.
    struct Motion {
        Pose pose;
        Vec3 wA;
        Vec3 wB;
        Vec3 alphaA;
        Vec3 alphaB;
        Vec3 gapAcceleration; ///< of x_A − x_B
        Vec3 gapRate;         ///< of x_B − x_A
    };
    static Motion motion(const Workspace& ws, const Joint& cut) {
        const Pose pose = CutRows::pose(ws, cut);
        const Wrench& vA = ws.twist[cut.bodyA];
        const Wrench& vB = ws.twist[cut.bodyB];
        const Wrench& aA = ws.biasAcceleration[cut.bodyA];
        const Wrench& aB = ws.biasAcceleration[cut.bodyB];
        return {pose,
                vA.head<3>(),
                vB.head<3>(),
                aA.head<3>(),
                aB.head<3>(),
                spatial::pointAcceleration(vA, aA, pose.xA) -
                    spatial::pointAcceleration(vB, aB, pose.xB),
                spatial::pointVelocity(vB, pose.xB) - spatial::pointVelocity(vA, pose.xA)};
    }
    static double bias(const Row& row, const Motion& m) {
        switch (row.kind) {
        case Row::Kind::Point:
            return row.a.dot(m.gapAcceleration);
        case Row::Kind::Normal: {
            const Vec3 nRate = m.wA.cross(row.a);
            const Vec3 nAcc = m.alphaA.cross(row.a) + m.wA.cross(nRate);
            return nAcc.dot(m.pose.xB - m.pose.xA) + 2.0 * nRate.dot(m.gapRate) -
                   row.a.dot(m.gapAcceleration);
        }
        case Row::Kind::Direction: {
            const Vec3 axisRate = m.wA.cross(row.a).cross(row.b) + row.a.cross(m.wB.cross(row.b));
            return (m.alphaA - m.alphaB).dot(row.a.cross(row.b)) + axisRate.dot(m.wA - m.wB);
        }
        }
        return 0.0;
    }
    /// A unit moment about the k-th turning axis, or a unit force along the sliding one at B's
    /// joint point.
    static Wrench coordinateWrench(const Workspace& ws, const Joint& j, int k) {
        const Eigen::Matrix3d& rA = ws.rotation[j.bodyA];
        const Eigen::Matrix3d& rB = ws.rotation[j.bodyB];
        const bool slide =
            j.type == JointType::Prismatic || (j.type == JointType::Cylindrical && k == 1);
        Vec3 axis;
        switch (j.type) {
        case JointType::Universal:
            axis = k == 0 ? Vec3(rA * j.axis_A) : Vec3(rB * j.axis_B);
            break;
        case JointType::Spherical:
            axis = rA.col(k);
            break;
        default:
            axis = rA * j.axis_A;
            break;
        }
        if (slide) {
            return spatial::wrenchAt(pointPosition(ws, j.bodyB, j.p_B), axis);
        }
        return spatial::stack(axis, Vec3::Zero());
    }
    /// Where a joint's reaction acts and its moment is taken: A's joint point.
    static Eigen::Vector3d reactionPoint(const Workspace& ws, const Joint& joint) {
        return pointPosition(ws, joint.bodyA, joint.p_A);
    }
    /// The rows' multipliers read as a reaction: Σ λ_r G_A,r moved from Wo to A's joint point.
    static CutReaction reaction(const Workspace& ws,
                                const Joint& cut,
                                const Eigen::Ref<const Eigen::VectorXd>& multipliers) {
        const Pose at = pose(ws, cut);
        Gradients<Wrench> g;
        Wrench onA = Wrench::Zero();
        for (Eigen::Index r = 0; r < multipliers.size(); ++r) {
            gradients(row(ws, cut, cut.firstRow + static_cast<int>(r)), at, g);
            onA += multipliers[r] * g.onA;
        }
        CutReaction reaction;
        reaction.point = reactionPoint(ws, cut);
        reaction.force = onA.tail<3>();
        reaction.moment = onA.head<3>() - reaction.point.cross(reaction.force);
        return reaction;
    }
};

template <class Space> void residual(const Model& model, Workspace& ws) {
    using Rows = CutRows<Space>;
    for (const Loop& loop : model.loops) {
        const Joint& cut = model.joints[loop.cutJoint];
        const typename Rows::Pose pose = Rows::pose(ws, cut);
        for (int r = 0; r < loop.rows; ++r) {
            ws.phi[loop.rowBegin + r] =
                Rows::value(ws, cut, Rows::row(ws, cut, cut.firstRow + r), pose);
        }
    }
}

/// J's path columns: J_rk = G·S_k with G the row's gradient on the side that coordinate k
/// moves (both sides for a coordinate above the loop, where G_A + G_B only turns Φ).
template <class Space> void jacobian(const Model& model, Workspace& ws) {
    using Rows = CutRows<Space>;
    using Wrench = typename Space::Wrench;
    std::array<Gradients<Wrench>, kMostConstraintRows> g;
    for (const Loop& loop : model.loops) {
        const Joint& cut = model.joints[loop.cutJoint];
        const typename Rows::Pose pose = Rows::pose(ws, cut);
        for (int r = 0; r < loop.rows; ++r) {
            Rows::gradients(Rows::row(ws, cut, cut.firstRow + r), pose, g[r]); // in place
        }
        for (const LoopPathEntry& entry : loop.path) {
            const auto& column = Space::column(model, ws, entry.coordinate);
            for (int r = 0; r < loop.rows; ++r) {
                ws.J(loop.rowBegin + r, entry.coordinate) =
                    entry.side > 0 ? Rows::power(g[r].onA, column)
                    : entry.side < 0
                        ? Rows::power(g[r].onB, column)
                        : Rows::power(g[r].onA, column) + Rows::power(g[r].onB, column);
            }
        }
    }
}

template <class Space> void bias(const Model& model, Workspace& ws) {
    using Rows = CutRows<Space>;
    for (const Loop& loop : model.loops) {
        const Joint& cut = model.joints[loop.cutJoint];
        const typename Rows::Motion motion = Rows::motion(ws, cut);
        for (int r = 0; r < loop.rows; ++r) {
            ws.Jdot_qd[loop.rowBegin + r] =
                Rows::bias(Rows::row(ws, cut, cut.firstRow + r), motion);
        }
    }
}

} // namespace

const Eigen::VectorXd& constraintResidual(const Model& model, Workspace& ws) {
    withMotionSpace(model, [&](auto space) { residual<decltype(space)>(model, ws); });
    return ws.phi;
}

const Eigen::MatrixXd& constraintJacobian(const Model& model, Workspace& ws) {
    withMotionSpace(model, [&](auto space) { jacobian<decltype(space)>(model, ws); });
    return ws.J;
}

const Eigen::VectorXd& constraintBias(const Model& model, Workspace& ws) {
    withMotionSpace(model, [&](auto space) { bias<decltype(space)>(model, ws); });
    return ws.Jdot_qd;
}

template <class Space>
int jointConstraintWrenches(const Model& model,
                            const Workspace& ws,
                            int joint,
                            std::array<typename Space::Wrench, kMostConstraintRows>& out) {
    using Rows = CutRows<Space>;
    const Joint& j = model.joints[joint];
    const typename Rows::Pose pose = Rows::pose(ws, j);
    Gradients<typename Space::Wrench> g;
    for (int r = 0; r < j.rowCount; ++r) {
        Rows::gradients(Rows::row(ws, j, j.firstRow + r), pose, g);
        out[r] = g.onA;
    }
    return j.rowCount;
}

template <class Space>
typename Space::Wrench
jointCoordinateWrench(const Model& model, const Workspace& ws, int joint, int k) {
    return CutRows<Space>::coordinateWrench(ws, model.joints[joint], k);
}

template int jointConstraintWrenches<PlanarSpace>(
    const Model&, const Workspace&, int, std::array<PlanarSpace::Wrench, kMostConstraintRows>&);
template int jointConstraintWrenches<SpatialSpace>(
    const Model&, const Workspace&, int, std::array<SpatialSpace::Wrench, kMostConstraintRows>&);
template PlanarSpace::Wrench
jointCoordinateWrench<PlanarSpace>(const Model&, const Workspace&, int, int);
template SpatialSpace::Wrench
jointCoordinateWrench<SpatialSpace>(const Model&, const Workspace&, int, int);

Eigen::Vector3d reactionPoint(const Model& model, const Workspace& ws, int j) {
    return withMotionSpace(model, [&](auto space) {
        return CutRows<decltype(space)>::reactionPoint(ws, model.joints[j]);
    });
}

void cutReactions(const Model& model,
                  const Workspace& ws,
                  const Eigen::Ref<const Eigen::VectorXd>& lambda,
                  std::vector<CutReaction>& out) {
    withMotionSpace(model, [&](auto space) {
        using Rows = CutRows<decltype(space)>;
        for (int i = 0; i < model.nLoops(); ++i) {
            const Loop& loop = model.loops[i];
            out[i] = Rows::reaction(ws, model.joints[loop.cutJoint],
                                    lambda.segment(loop.rowBegin, loop.rows));
        }
    });
}

} // namespace sslm
