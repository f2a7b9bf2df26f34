// SPDX-License-Identifier: MIT
#include "core/kinematics/planar_triad.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

#include <Eigen/LU>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/spatial/planar.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

using Vec2 = Eigen::Vector2d;

Eigen::Matrix2d rotation(double angle) {
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    Eigen::Matrix2d r;
    r << c, -s, s, c;
    return r;
}

/// The angle that turns direction `from` onto direction `to` (rad).
double turnBetween(const Vec2& from, const Vec2& to) {
    return std::atan2(planar::cross(from, to), from.dot(to));
}

/// How a segment moves: x ↦ R(angle) x + shift (W).
struct Motion {
    double angle = 0;
    Vec2 shift = Vec2::Zero();
    Vec2 operator()(const Vec2& x) const { return rotation(angle) * x + shift; }
};

/// The motion that turns by `angle` about `centre`.
Motion turnAbout(const Vec2& centre, double angle) {
    return {angle, centre - rotation(angle) * centre};
}

/// The motion that turns and shifts `from` onto `to` keeping the direction from → fromNext
/// onto to → toNext.
Motion carry(const Vec2& from, const Vec2& fromNext, const Vec2& to, const Vec2& toNext) {
    const double angle = turnBetween(fromNext - from, toNext - to);
    return {angle, to - rotation(angle) * from};
}

/// One of the triad's three free joints, joining two of its segments (0 = G, 1 = S1, 2 = S2).
/// A revolute joins its point on side A's segment to its point on side B's; a prismatic keeps
/// side B's point (the slider) on the line through side A's point (the guide) along
/// `direction`, and the turn φ_A − φ_B of the two segments at `turn`.
struct FreeJoint {
    bool revolute = true;
    int specIndex = -1;  ///< the joint's place in the file: orders the triad for its labels
    int coordinate = -1; ///< −1 for the cut
    int segmentA = 0;
    int segmentB = 0;
    Vec2 pointA = Vec2::Zero();
    Vec2 pointB = Vec2::Zero();
    Vec2 direction = Vec2::UnitX(); ///< prismatic: unit, W, fixed in side A
    double turn = 0;                ///< prismatic: the segments' φ_A − φ_B that keeps it
    bool joins(int s, int t) const {
        return (segmentA == s && segmentB == t) || (segmentA == t && segmentB == s);
    }
    /// Revolute: its point on segment s.
    Vec2 pointOn(int s) const { return s == segmentA ? pointA : pointB; }
};

/// Whether coordinate k moves body b (k's body is b or one of its ancestors).
bool moves(const Model& model, int k, int b) {
    for (; b > 0; b = model.bodies[b].parent) {
        if (b == model.coordinates[k].body) {
            return true;
        }
    }
    return false;
}

class Triad {
public:
    /// `branch` ±1: only that root is worked out (the other's motions are left at rest).
    Triad(const Model& model, const Workspace& ws, const TriadShape& shape, int branch)
        : m_model(model), m_ws(ws), m_shape(shape), m_branch(branch) {
        for (int i = 0; i < 3; ++i) {
            m_joints[i] = freeJoint(i);
        }
    }

    /// The label of root i: +1 for root 0 (−1 for root 1) of a triad read in file order.
    int label(int i) const { return (i == 0 ? 1 : -1) * m_shape.orientation; }

    int revolutes() const {
        return static_cast<int>(
            std::ranges::count_if(m_joints, [](const FreeJoint& j) { return j.revolute; }));
    }

    /// The segments' motions of each root into `motions` (S1, S2 per root); the count, or −1
    /// when this triad has no closed form (degenerate geometry), with `failure` set for 0.
    int solve(std::array<std::array<Motion, 2>, 2>& motions, std::string& failure) const {
        switch (revolutes()) {
        case 3:
            return circleCircle(motions, failure);
        case 2:
            return joint(0, 1).revolute && joint(0, 2).revolute ? turning(motions, failure)
                                                                : lineCircle(motions, failure);
        case 1:
            return linear(motions, failure);
        default:
            return -1;
        }
    }

    /// The unknown coordinates' values when the segments move by `s1`, `s2`.
    std::array<double, 2>
    values(const Eigen::Ref<const Eigen::VectorXd>& q, const Motion& s1, const Motion& s2) const {
        const std::array<Motion, 3> motion{Motion{}, s1, s2};
        std::array<double, 2> out{};
        for (int i = 0; i < 2; ++i) {
            const int k = m_shape.unknowns[i];
            const Joint& joint = m_model.joints[m_model.coordinates[k].joint];
            const auto [child, parent] = m_shape.unknownSegments[i];
            const Motion& c = motion[child];
            const Motion& p = motion[parent];
            if (joint.type == JointType::Revolute) {
                out[i] = planar::wrapNear(q[k] + joint.treeSign * (c.angle - p.angle), q[k]);
            } else {
                const FreeJoint& free = m_joints[i];
                const Vec2 direction = rotation(motion[free.segmentA].angle) * free.direction;
                out[i] = q[k] + joint.treeSign * (c.shift - p.shift).dot(direction);
            }
        }
        return out;
    }

    /// Whether root i (label(i)) is asked for.
    bool wanted(int i) const { return m_branch == 0 || m_branch == label(i); }

private:
    /// Free joint i of the shape with its points, guide and turn at the poses in ws.
    FreeJoint freeJoint(int i) const {
        const Joint& joint = m_model.joints[m_shape.joints[i]];
        FreeJoint f;
        f.revolute = joint.type == JointType::Revolute;
        f.specIndex = joint.specIndex;
        f.coordinate = i < 2 ? m_shape.unknowns[i] : -1;
        f.segmentA = m_shape.segments[i][0];
        f.segmentB = m_shape.segments[i][1];
        f.pointA = PlanarSpace::pointPosition(m_ws, joint.bodyA, joint.p_A);
        f.pointB = PlanarSpace::pointPosition(m_ws, joint.bodyB, joint.p_B);
        if (!f.revolute) {
            f.direction = PlanarSpace::inWorld(m_ws, joint.bodyA, joint.axis_A).normalized();
            // a tree prismatic keeps its turn; a cut one must reach θ_A − θ_B + offset = 0
            f.turn =
                i < 2 ? 0.0
                      : planar::wrapNear(
                            -joint.offset - m_ws.angle[joint.bodyA] + m_ws.angle[joint.bodyB], 0.0);
        }
        return f;
    }

    const FreeJoint& joint(int s, int t) const {
        return *std::ranges::find_if(m_joints, [&](const FreeJoint& j) { return j.joins(s, t); });
    }

    /// The rotation of segment `t` given that of `s` across prismatic `p`.
    static double acrossGuide(const FreeJoint& p, int s, double angle) {
        // φ_A − φ_B = turn
        return s == p.segmentA ? angle - p.turn : angle + p.turn;
    }

    /// Prismatic p's normal gap n'·(slider − guide) with the segments moved by `motion`.
    static double gap(const FreeJoint& p, const std::array<Motion, 3>& motion) {
        const Motion& a = motion[p.segmentA];
        const Motion& b = motion[p.segmentB];
        const Vec2 normal = planar::perp(rotation(a.angle) * p.direction);
        return normal.dot(b(p.pointB) - a(p.pointA));
    }

    /// S1 turns about its revolute to G, S2 is carried by its revolute to G; they meet at the
    /// point m of their shared revolute: two circles.
    int circleCircle(std::array<std::array<Motion, 2>, 2>& motions, std::string& failure) const {
        const FreeJoint& j01 = joint(0, 1);
        const FreeJoint& j12 = joint(1, 2);
        const FreeJoint& j02 = joint(0, 2);
        const Vec2 c1 = j01.pointOn(0);
        const Vec2 b1 = j12.pointOn(1);
        const Vec2 b2 = j12.pointOn(2);
        const Vec2 s3 = j02.pointOn(2);
        const Vec2 g3 = j02.pointOn(0);
        const double r1 = (b1 - c1).norm();
        const double r2 = (b2 - s3).norm();
        const Vec2 chord = g3 - c1;
        const double length = chord.norm();
        if (length < 1e-15 || r1 < 1e-15 || r2 < 1e-15) {
            return -1;
        }
        const double along = (length * length + r1 * r1 - r2 * r2) / (2 * length);
        const double across2 = r1 * r1 - along * along;
        if (across2 < -1e-24 * r1 * r1) {
            failure = "the circles of radius " + text::metres(r1, 4) + " and " +
                      text::metres(r2, 4) + " about pivots " + text::metres(length, 4) +
                      " apart do not meet";
            return 0;
        }
        const double across = std::sqrt(std::max(0.0, across2));
        const Vec2 unit = chord / length;
        for (int i = 0; i < 2; ++i) {
            if (!wanted(i)) {
                continue;
            }
            const Vec2 m = c1 + along * unit + (i == 0 ? 1 : -1) * across * planar::perp(unit);
            // only the turns: no unknown slides, so the shifts are never read
            motions[i][0].angle = turnBetween(b1 - c1, m - c1);
            motions[i][1].angle = turnBetween(s3 - b2, g3 - m);
        }
        return 2;
    }

    /// A prismatic joins G: the segment it guides turns by its fixed turn and slides by s; the
    /// other segment turns about its revolute to G; their shared revolute meets a circle from a
    /// line: a quadratic in s.
    int lineCircle(std::array<std::array<Motion, 2>, 2>& motions, std::string& failure) const {
        const bool first = !joint(0, 1).revolute; // the prismatic joins G and S1
        const int sliding = first ? 1 : 2;
        const int turning = first ? 2 : 1;
        const FreeJoint& p = joint(0, sliding);
        const FreeJoint& r = joint(0, turning);
        const FreeJoint& shared = joint(1, 2);
        std::array<Motion, 3> motion{};
        motion[sliding].angle = acrossGuide(p, 0, 0.0);
        // the shift that puts the slider on the line, then s along it
        const Vec2 direction = rotation(motion[p.segmentA].angle) * p.direction;
        const double sign = p.segmentB == sliding ? 1.0 : -1.0;
        motion[sliding].shift = -sign * gap(p, motion) * planar::perp(direction);
        const Vec2 pivot = r.pointOn(0);
        const Vec2 w = motion[sliding](shared.pointOn(sliding)) - pivot;
        const double radius = (shared.pointOn(turning) - r.pointOn(turning)).norm();
        const double b = w.dot(direction);
        const double disc = b * b - w.squaredNorm() + radius * radius;
        if (disc < -1e-24 * radius * radius) {
            failure = "the slider's line passes " +
                      text::metres(std::sqrt(std::max(0.0, w.squaredNorm() - b * b)), 4) +
                      " from the pivot, farther than the link's " + text::metres(radius, 4);
            return 0;
        }
        if (radius < 1e-15) {
            return -1;
        }
        for (int i = 0; i < 2; ++i) {
            const double s = -b + (i == 0 ? 1 : -1) * std::sqrt(std::max(0.0, disc));
            std::array<Motion, 3> moved = motion;
            moved[sliding].shift += s * direction;
            const Vec2 m = moved[sliding](shared.pointOn(sliding));
            moved[turning] = carry(r.pointOn(turning), shared.pointOn(turning), pivot, m);
            motions[i] = {moved[1], moved[2]};
        }
        return 2;
    }

    /// A prismatic joins S1 and S2, each turning about its revolute to G: the guide's gap is
    /// A cos φ + B sin φ + C in S1's turn φ.
    int turning(std::array<std::array<Motion, 2>, 2>& motions, std::string& failure) const {
        const FreeJoint& r1 = joint(0, 1);
        const FreeJoint& r2 = joint(0, 2);
        const FreeJoint& p = joint(1, 2);
        const auto moved = [&](double phi) {
            std::array<Motion, 3> motion{};
            motion[1] = turnAbout(r1.pointOn(0), phi);
            const double phi2 = acrossGuide(p, 1, phi);
            motion[2] = {phi2, r2.pointOn(0) - rotation(phi2) * r2.pointOn(2)};
            return motion;
        };
        const double g0 = gap(p, moved(0.0));
        const double g90 = gap(p, moved(std::numbers::pi / 2));
        const double g180 = gap(p, moved(std::numbers::pi));
        const double c = 0.5 * (g0 + g180);
        const double a = 0.5 * (g0 - g180);
        const double b = g90 - c;
        const double rho = std::hypot(a, b);
        if (rho < 1e-15) {
            return -1;
        }
        if (std::abs(c) > rho * (1 + 1e-12)) {
            failure = "the guide cannot reach the slider: |C| = " + text::number(std::abs(c), 4) +
                      " > √(A² + B²) = " + text::number(rho, 4) + " in A cos φ + B sin φ + C = 0";
            return 0;
        }
        const double base = std::atan2(b, a);
        const double spread = std::acos(std::clamp(-c / rho, -1.0, 1.0));
        for (int i = 0; i < 2; ++i) {
            const std::array<Motion, 3> motion = moved(base + (i == 0 ? 1 : -1) * spread);
            motions[i] = {motion[1], motion[2]};
        }
        return 2;
    }

    /// Two prismatics fix both turns; the shifts solve the revolute's two rows and the guides'
    /// gaps, linear.
    int linear(std::array<std::array<Motion, 2>, 2>& motions, std::string& failure) const {
        std::array<Motion, 3> motion{};
        std::array<bool, 3> known{true, false, false};
        for (int pass = 0; pass < 2; ++pass) {
            for (const FreeJoint& p : m_joints) {
                if (p.revolute) {
                    continue;
                }
                if (known[p.segmentA] && !known[p.segmentB]) {
                    motion[p.segmentB].angle = acrossGuide(p, p.segmentA, motion[p.segmentA].angle);
                    known[p.segmentB] = true;
                } else if (known[p.segmentB] && !known[p.segmentA]) {
                    motion[p.segmentA].angle = acrossGuide(p, p.segmentB, motion[p.segmentB].angle);
                    known[p.segmentA] = true;
                }
            }
        }
        // rows over [t1; t2]: each row is linear in the shifts, so read it off by unit shifts
        Eigen::Matrix4d matrix;
        Eigen::Vector4d rhs;
        const auto rows = [&](const std::array<Motion, 3>& m, Eigen::Vector4d& out) {
            int row = 0;
            for (const FreeJoint& j : m_joints) {
                if (j.revolute) {
                    const Vec2 d = m[j.segmentA](j.pointA) - m[j.segmentB](j.pointB);
                    out[row++] = d.x();
                    out[row++] = d.y();
                } else {
                    out[row++] = gap(j, m);
                }
            }
        };
        rows(motion, rhs);
        for (int column = 0; column < 4; ++column) {
            std::array<Motion, 3> unit = motion;
            unit[1 + column / 2].shift[column % 2] += 1.0;
            Eigen::Vector4d value;
            rows(unit, value);
            matrix.col(column) = value - rhs;
        }
        const Eigen::FullPivLU<Eigen::Matrix4d> lu(matrix);
        if (!lu.isInvertible()) {
            failure = "the two guides are parallel";
            return -1;
        }
        const Eigen::Vector4d shifts = lu.solve(-rhs);
        motion[1].shift = shifts.head<2>();
        motion[2].shift = shifts.tail<2>();
        motions[0] = {motion[1], motion[2]};
        return 1;
    }

    const Model& m_model;
    const Workspace& m_ws;
    const TriadShape& m_shape;
    int m_branch;                      ///< the root asked for (±1), or 0 for both
    std::array<FreeJoint, 3> m_joints; ///< the two unknowns' joints, then the cut
};

} // namespace

std::optional<TriadShape>
planarTriadShape(const Model& model, int loop, const std::vector<bool>& known) {
    if (model.isSpatial()) {
        return std::nullopt;
    }
    TriadShape shape;
    shape.loop = loop;
    std::size_t count = 0;
    for (const LoopPathEntry& e : model.loops[loop].path) {
        if (known[e.coordinate]) {
            continue;
        }
        const JointType type = model.joints[model.coordinates[e.coordinate].joint].type;
        if (e.side == 0 || count == 2 ||
            (type != JointType::Revolute && type != JointType::Prismatic)) {
            return std::nullopt; // the base still moves, a joint of another kind, or more than two
        }
        shape.unknowns[count++] = e.coordinate;
    }
    const JointType cutType = model.joints[model.cuts[loop]].type;
    if (count != 2 || (cutType != JointType::Revolute && cutType != JointType::Prismatic)) {
        return std::nullopt;
    }
    // S1 is moved by the upstream unknown of one side (or side A's), S2 by the other
    auto& [first, second] = shape.unknowns;
    if (moves(model, second, model.coordinates[first].body)) {
        std::swap(first, second);
    }
    const auto segmentOf = [&](int body) {
        return moves(model, second, body) ? 2 : moves(model, first, body) ? 1 : 0;
    };
    shape.joints = {model.coordinates[first].joint, model.coordinates[second].joint,
                    model.cuts[loop]};
    for (int i = 0; i < 3; ++i) {
        const Joint& joint = model.joints[shape.joints[i]];
        shape.segments[i] = {segmentOf(joint.bodyA), segmentOf(joint.bodyB)};
    }
    for (int i = 0; i < 2; ++i) {
        const int body = model.coordinates[shape.unknowns[i]].body;
        shape.unknownSegments[i] = {segmentOf(body), segmentOf(model.bodies[body].parent)};
    }
    // the joint joining segments s and t
    const auto joining = [&](int s, int t) -> const Joint& {
        for (int i = 0; i < 3; ++i) {
            const auto [a, b] = shape.segments[i];
            if ((a == s && b == t) || (a == t && b == s)) {
                return model.joints[shape.joints[i]];
            }
        }
        return model.joints[shape.joints[2]];
    };
    // "RRR", "RPR", …: the free joints from G round the loop
    int revolutes = 0;
    for (int from = 0; int to : {1, 2, 0}) {
        const bool revolute = joining(from, to).type == JointType::Revolute;
        shape.kind += revolute ? 'R' : 'P';
        revolutes += revolute ? 1 : 0;
        from = to;
    }
    if (revolutes == 3) {
        // root 0 puts S1–S2's pin left of the line from S1's pivot on G to S2's; read with the
        // three joints in file order instead, the label is the same for every cut
        const std::array<int, 3> order = {joining(0, 1).specIndex, joining(0, 2).specIndex,
                                          joining(1, 2).specIndex};
        const int inversions =
            (order[0] > order[1]) + (order[0] > order[2]) + (order[1] > order[2]);
        shape.orientation = inversions % 2 == 0 ? -1 : 1;
    }
    return shape;
}

TriadRoots planarTriadRoots(const Model& model,
                            Workspace& ws,
                            const Eigen::Ref<const Eigen::VectorXd>& q,
                            const TriadShape& shape,
                            int branch) {
    TriadRoots out;
    updatePositions(model, ws, q);
    const Triad triad(model, ws, shape, branch);
    std::array<std::array<Motion, 2>, 2> motions;
    const int roots = triad.solve(motions, out.failure);
    if (roots < 0) {
        out.failure.clear();
        return out;
    }
    out.kind = shape.kind;
    out.modes = roots;
    // the roots asked for: both, or the one of `branch` (a one-root class's only root)
    for (int i = 0; i < roots; ++i) {
        if (roots == 2 && !triad.wanted(i)) {
            continue;
        }
        TriadRoot& root = out.roots[out.count++];
        root.branch = roots == 2 ? triad.label(i) : +1;
        root.coordinates = shape.unknowns;
        root.values = triad.values(q, motions[i][0], motions[i][1]);
    }
    return out;
}

TriadRoots planarTriadRoots(const Model& model,
                            Workspace& ws,
                            const Eigen::Ref<const Eigen::VectorXd>& q,
                            int loop,
                            const std::vector<bool>& known,
                            int branch) {
    const std::optional<TriadShape> shape = planarTriadShape(model, loop, known);
    return shape ? planarTriadRoots(model, ws, q, *shape, branch) : TriadRoots{};
}

} // namespace sslm
