// SPDX-License-Identifier: MIT
#include "core/kinematics/rssr_closed_form.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Geometry>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/joint_ends.hpp"
#include "core/kinematics/loop_closure.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/spatial/planar.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/util/text.hpp"

namespace sslm {

using spatial::angleAbout;
using spatial::axisRotation;
using spatial::Mat3;
using spatial::Vec3;

namespace {

/// Below this √(a² + b²) of the spin equation (unit vectors) the coupler lies along the
/// universal joint's other axis, where its spin is undetermined.
constexpr double kSingularSpin = 1e-9;

/// Writes the coordinates of tree joint `joint` for the relative rotation E = R_Aᵀ·R_B, angles
/// nearest and the quaternion on the side of those in `guess`.
void storeJoint(const Joint& joint,
                const Mat3& e,
                const Eigen::VectorXd& guess,
                Eigen::Ref<Eigen::VectorXd> q) {
    const int i = joint.position;
    switch (joint.type) {
    case JointType::Revolute:
        q[i] = planar::wrapNear(angleAbout(joint.axis_A, e), guess[i]);
        return;
    case JointType::Universal: {
        // E = Rot(a₁, q₀)·Rot(a₂, q₁) with a₁ ⟂ a₂: E a₂ = cos q₀ a₂ + sin q₀ (a₁ × a₂)
        const Vec3& a1 = joint.axis_A;
        const Vec3& a2 = joint.axis_B;
        const Vec3 turned = e * a2;
        const double first = std::atan2(a1.cross(a2).dot(turned), a2.dot(turned));
        const double second = angleAbout(a2, axisRotation(a1, -first) * e);
        q[i] = planar::wrapNear(first, guess[i]);
        q[i + 1] = planar::wrapNear(second, guess[i + 1]);
        return;
    }
    case JointType::Spherical: {
        const Eigen::Quaterniond quaternion = Eigen::Quaterniond(e).normalized();
        const Eigen::Vector4d wxyz(quaternion.w(), quaternion.x(), quaternion.y(), quaternion.z());
        const Eigen::Vector4d old(guess[i], guess[i + 1], guess[i + 2], guess[i + 3]);
        q.segment<4>(i) = (old.dot(wxyz) < 0 ? -1.0 : 1.0) * wxyz;
        return;
    }
    case JointType::Prismatic:
    case JointType::Cylindrical:
        return; // not in an RSSR loop
    }
}

/// A base–link joint seen from the base. A revolute turns the link, R_base·Rot(axis, β), and
/// its point p (link frame) is at pivot + R_base·Rot(axis, β)·(p − linkPivot); a prismatic
/// slides it, R_base, p at pivot + R_base·(β·axis + p − linkPivot). β is the joint's
/// coordinate when the base is its side A, minus it when the base is side B.
struct Hinge {
    Vec3 axis;      ///< unit, base frame (= link frame at β = 0)
    Vec3 pivot;     ///< W
    Vec3 linkPivot; ///< link frame
    int sign = 1;   ///< β = sign·coordinate
    bool slides = false;
};

Hinge hingeOf(const Joint& joint, int base, const Workspace& ws) {
    return {joint.axis_A.normalized(), pointPosition(ws, base, pointOn(joint, base)),
            pointOn(joint, otherBody(joint, base)), joint.bodyA == base ? 1 : -1,
            joint.type == JointType::Prismatic};
}

/// Which base joint of an RSSR loop is its input (0 or 1): the only one with a known
/// coordinate, when the base's pose is known and nothing else below it is; −1 otherwise.
int inputSide(const Model& model,
              const RssrLoop& parts,
              const Loop& loop,
              const std::vector<bool>& known) {
    int input = -1;
    for (int s = 0; s < 2; ++s) {
        const int k = model.joints[parts.revolute[s]].coordinate;
        if (k >= 0 && known[k]) {
            if (input >= 0) {
                return -1;
            }
            input = s;
        }
    }
    if (input < 0) {
        return -1;
    }
    const int inputCoordinate = model.joints[parts.revolute[input]].coordinate;
    for (const LoopPathEntry& e : loop.path) {
        const bool isKnown = known[e.coordinate];
        if (e.side == 0 ? !isKnown : (isKnown && e.coordinate != inputCoordinate)) {
            return -1;
        }
    }
    return input;
}

/// An RSSR loop at the base's pose: its hinges and the coupler joints' points.
struct RssrGeometry {
    Mat3 rBase;
    Hinge hinges[2];
    Vec3 linkPoint[2];    ///< the coupler joints' points on the links (link frames)
    Vec3 couplerPoint[2]; ///< the coupler joints' points on the coupler (its frame)

    /// Link s's rotation at hinge value β.
    Mat3 linkRotation(int s, double beta) const {
        return hinges[s].slides ? rBase : Mat3(rBase * axisRotation(hinges[s].axis, beta));
    }

    /// Where link s's coupler joint is at hinge angle β (W).
    Vec3 linkPointAt(int s, double beta) const {
        const Vec3 arm = linkPoint[s] - hinges[s].linkPivot;
        return hinges[s].slides ? Vec3(hinges[s].pivot + rBase * (beta * hinges[s].axis + arm))
                                : Vec3(hinges[s].pivot + linkRotation(s, beta) * arm);
    }
};

RssrGeometry rssrGeometry(const Model& model, const Workspace& ws, const RssrLoop& parts) {
    RssrGeometry g;
    g.rBase = ws.rotation[parts.base];
    for (int s = 0; s < 2; ++s) {
        g.hinges[s] = hingeOf(model.joints[parts.revolute[s]], parts.base, ws);
        const Joint& joint = model.joints[parts.couplerJoint[s]];
        g.linkPoint[s] = pointOn(joint, parts.link[s]);
        g.couplerPoint[s] = pointOn(joint, parts.coupler);
    }
    return g;
}

/// The driven link's hinge angle and the branch it is on, or why there is none.
struct DrivenRoot {
    double beta = 0;
    int branch = 0;
    std::string failure;
};

/// The driven slider's travel β along its line P(β) = P₀ + β·d when its coupler joint must be
/// as far from `target` as the coupler is long: β² + 2b·β + c = 0 with b = d·(P₀ − target),
/// c = |P₀ − target|² − L², the root on `branch` (+1 the larger, −1 the smaller) or, for 0, the
/// one nearest its pose in `ws`.
DrivenRoot drivenSlide(const Model& model,
                       const Workspace& ws,
                       const RssrLoop& parts,
                       const RssrGeometry& g,
                       int input,
                       const Vec3& target,
                       int branch) {
    DrivenRoot out;
    const int driven = 1 - input;
    const Vec3 start = g.linkPointAt(driven, 0.0) - target;
    const Vec3 direction = g.rBase * g.hinges[driven].axis;
    const double length = (g.couplerPoint[1] - g.couplerPoint[0]).norm();
    const double b = direction.dot(start);
    const double c = start.squaredNorm() - length * length;
    const double discriminant = b * b - c;
    if (!(discriminant >= 0)) {
        const std::string& drivenJoint = model.joints[parts.couplerJoint[driven]].name;
        const std::string& inputJoint = model.joints[parts.couplerJoint[input]].name;
        out.failure = "the coupler \"" + model.bodies[parts.coupler].name + "\" from " +
                      inputJoint + " to " + drivenJoint + " is " + text::number(length, 6) +
                      " m long, but the line " + drivenJoint + " slides along passes " +
                      text::number(std::sqrt(std::max(0.0, start.squaredNorm() - b * b)), 6) +
                      " m from " + inputJoint + " (b² − c = " + text::number(discriminant, 6) +
                      " < 0)";
        return out;
    }
    const double root = std::sqrt(discriminant);
    const double now = (pointPosition(ws, parts.link[driven], g.linkPoint[driven]) - target - start)
                           .dot(direction);
    const auto rootOf = [&](int side) {
        return -b + side * root;
    };
    out.branch = branch != 0 ? (branch > 0 ? 1 : -1)
                             : (std::abs(rootOf(+1) - now) <= std::abs(rootOf(-1) - now) ? 1 : -1);
    out.beta = rootOf(out.branch);
    return out;
}

/// The driven link's angle from its input–output equation a cos β + b sin β = c (its
/// coupler joint as far from the input link's as the coupler is long): the root on `branch`
/// (+1, −1) or, for 0, the one nearest its pose in `ws`.
DrivenRoot drivenRoot(const Model& model,
                      const Workspace& ws,
                      const RssrLoop& parts,
                      const RssrGeometry& g,
                      int input,
                      double inputBeta,
                      int branch) {
    DrivenRoot out;
    const int driven = 1 - input;
    const Vec3 target = g.linkPointAt(input, inputBeta);
    const Hinge& hinge = g.hinges[driven];
    if (hinge.slides) {
        return drivenSlide(model, ws, parts, g, input, target, branch);
    }
    const Vec3 arm = g.linkPoint[driven] - hinge.linkPivot;
    const Vec3 alongAxis = hinge.axis.dot(arm) * hinge.axis;
    const Vec3 centre = hinge.pivot + g.rBase * alongAxis;
    const Vec3 e1 = g.rBase * (arm - alongAxis);
    const Vec3 e2 = g.rBase * hinge.axis.cross(arm);
    const Vec3 h = target - centre;
    const double length = (g.couplerPoint[1] - g.couplerPoint[0]).norm();
    const double a = -2.0 * h.dot(e1);
    const double b = -2.0 * h.dot(e2);
    const double c = length * length - h.squaredNorm() - e1.squaredNorm();
    const double rho = std::hypot(a, b);
    if (!(std::abs(c) <= rho) || rho == 0.0) {
        const std::string& drivenJoint = model.joints[parts.couplerJoint[driven]].name;
        const std::string& inputJoint = model.joints[parts.couplerJoint[input]].name;
        const double mean = h.squaredNorm() + e1.squaredNorm();
        out.failure =
            "the coupler \"" + model.bodies[parts.coupler].name + "\" from " + inputJoint + " to " +
            drivenJoint + " is " + text::number(length, 6) + " m long, but " + drivenJoint +
            " on \"" + model.bodies[parts.link[driven]].name + "\" stays " +
            text::number(std::sqrt(std::max(0.0, mean - rho)), 6) + " to " +
            text::number(std::sqrt(mean + rho), 6) + " m from " + inputJoint +
            " (input–output equation a cos β + b sin β = c with |c| = " +
            text::number(std::abs(c), 6) + " > √(a² + b²) = " + text::number(rho, 6) + ")";
        return out;
    }
    const double middle = std::atan2(b, a);
    const double spread = std::acos(std::clamp(c / rho, -1.0, 1.0));
    const Vec3 now = pointPosition(ws, parts.link[driven], g.linkPoint[driven]) - centre;
    const double guessBeta = std::atan2(now.dot(e2), now.dot(e1));
    const auto rootOf = [&](int side) {
        return middle - side * spread;
    };
    const auto gap = [&](int side) {
        return std::abs(planar::wrapNear(rootOf(side) - guessBeta, 0.0));
    };
    out.branch = branch != 0 ? (branch > 0 ? 1 : -1) : (gap(+1) <= gap(-1) ? 1 : -1);
    out.beta = rootOf(out.branch);
    return out;
}

/// The spin ψ about `direction` of a coupler turned `aligned` that sets the axes of its
/// universal joint `joint` at a right angle, link side turned `link`: the smaller of the two;
/// empty, with `failure` set, when there is none or the direction is singular.
std::optional<double> universalSpin(const Joint& joint,
                                    const std::string& couplerName,
                                    bool couplerIsA,
                                    const Mat3& aligned,
                                    const Mat3& link,
                                    const Vec3& direction,
                                    std::string& failure) {
    // (R_coupler a_coupler)·(R_link a_link) = 0 as the coupler spins by ψ about its axis
    const Vec3 own = aligned * (couplerIsA ? joint.axis_A : joint.axis_B);
    const Vec3 other = link * (couplerIsA ? joint.axis_B : joint.axis_A);
    const Vec3 parallel = direction.dot(own) * direction;
    const Vec3 across = own - parallel;
    const double p = other.dot(across);
    const double r = other.dot(direction.cross(across));
    const double t = -other.dot(parallel);
    const double size = std::hypot(p, r);
    if (size < kSingularSpin || std::abs(t) > size) {
        failure = "the universal joint " + joint.name + " cannot be assembled: the " +
                  "coupler \"" + couplerName + "\"" +
                  (size < kSingularSpin ? " lies along its axis (singular direction)"
                                        : " direction makes its axes meet at no right "
                                          "angle");
        return std::nullopt;
    }
    const double centreSpin = std::atan2(r, p);
    const double half = std::acos(std::clamp(t / size, -1.0, 1.0));
    const double plus = planar::wrapNear(centreSpin + half, 0.0);
    const double minus = planar::wrapNear(centreSpin - half, 0.0);
    return std::abs(plus) <= std::abs(minus) ? plus : minus;
}

/// The coupler's rotation with its joints at `ends` (W), links turned `links`: the least turn
/// from its pose in `ws` onto the ends, then the spin its universal joint needs; empty, with
/// `failure` set, when that joint cannot be assembled.
std::optional<Mat3> couplerRotation(const Model& model,
                                    const Workspace& ws,
                                    const RssrLoop& parts,
                                    const RssrGeometry& g,
                                    const Mat3 (&links)[2],
                                    const Vec3 (&ends)[2],
                                    std::string& failure) {
    const Vec3 direction = (ends[1] - ends[0]).normalized();
    const Mat3& couplerGuess = ws.rotation[parts.coupler];
    const Vec3 guessDirection = couplerGuess * (g.couplerPoint[1] - g.couplerPoint[0]).normalized();
    const Mat3 aligned =
        Eigen::Quaterniond::FromTwoVectors(guessDirection, direction).toRotationMatrix() *
        couplerGuess;
    double spin = 0.0;
    for (int s = 0; s < 2; ++s) {
        const Joint& joint = model.joints[parts.couplerJoint[s]];
        if (joint.type != JointType::Universal) {
            continue;
        }
        const std::optional<double> found =
            universalSpin(joint, model.bodies[parts.coupler].name, joint.bodyA == parts.coupler,
                          aligned, links[s], direction, failure);
        if (!found) {
            return std::nullopt;
        }
        spin = *found;
    }
    return Mat3(axisRotation(direction, spin) * aligned);
}

/// The rotations of an RSSR loop's bodies.
struct LoopRotations {
    Mat3 base;
    Mat3 links[2];
    Mat3 coupler;

    Mat3 of(const RssrLoop& parts, int body) const {
        if (body == parts.link[0]) {
            return links[0];
        }
        if (body == parts.link[1]) {
            return links[1];
        }
        return body == parts.coupler ? coupler : base;
    }
};

/// Writes the coordinates of the loop's tree joints but the input's for the bodies'
/// `rotations` into q when the loop then closes, and its closure error (m, rad); else leaves q,
/// and ws's positions, as they were and returns empty.
std::optional<double> storeIfClosed(const Model& model,
                                    Workspace& ws,
                                    Eigen::Ref<Eigen::VectorXd> q,
                                    int loopIndex,
                                    const RssrLoop& parts,
                                    int input,
                                    const LoopRotations& rotations,
                                    double drivenSlide) {
    const Loop& loop = model.loops[loopIndex];
    const Eigen::VectorXd guess = q;
    Eigen::VectorXd solved = q;
    for (int j : loop.joints) {
        const Joint& joint = model.joints[j];
        if (joint.isCut() || j == parts.revolute[input]) {
            continue;
        }
        if (joint.type == JointType::Prismatic) { // the driven slide, from the base
            solved[joint.position] = (joint.bodyA == parts.base ? 1.0 : -1.0) * drivenSlide;
            continue;
        }
        storeJoint(joint,
                   rotations.of(parts, joint.bodyA).transpose() * rotations.of(parts, joint.bodyB),
                   guess, solved);
    }
    // accept only a closed loop
    const double residual = loopClosure(model, ws, solved, loopIndex);
    if (!(residual <= kClosedFormClosureTolerance)) {
        updatePositions(model, ws, q);
        return std::nullopt;
    }
    q = solved;
    return residual;
}

} // namespace

std::optional<RssrLoop> rssrLoopOf(const Model& model, int loopIndex) {
    // (a planar loop never has this form: its joints are revolute or prismatic)
    if (loopIndex < 0 || loopIndex >= model.nLoops()) {
        return std::nullopt;
    }
    const Loop& loop = model.loops[loopIndex];
    if (loop.joints.size() != 4) {
        return std::nullopt;
    }
    std::vector<int> revolutes; // the base joints: revolute or prismatic
    std::vector<int> others;
    for (int j : loop.joints) {
        const JointType type = model.joints[j].type;
        (type == JointType::Revolute || type == JointType::Prismatic ? revolutes : others)
            .push_back(j);
    }
    if (revolutes.size() != 2) {
        return std::nullopt;
    }
    RssrLoop parts;
    const Joint& first = model.joints[revolutes[0]];
    const Joint& second = model.joints[revolutes[1]];
    for (int b : {first.bodyA, first.bodyB}) {
        if (touches(second, b)) {
            parts.base = b;
        }
    }
    if (parts.base < 0) {
        return std::nullopt;
    }
    for (int s = 0; s < 2; ++s) {
        parts.revolute[s] = revolutes[s];
        parts.link[s] = otherBody(model.joints[revolutes[s]], parts.base);
    }
    if (parts.link[0] == parts.link[1] || parts.link[0] == parts.base ||
        parts.link[1] == parts.base) {
        return std::nullopt;
    }
    for (int j : others) {
        const Joint& joint = model.joints[j];
        for (int s = 0; s < 2; ++s) {
            if (touches(joint, parts.link[s]) && !touches(joint, parts.link[1 - s]) &&
                !touches(joint, parts.base)) {
                parts.couplerJoint[s] = j;
            }
        }
    }
    if (parts.couplerJoint[0] < 0 || parts.couplerJoint[1] < 0 ||
        parts.couplerJoint[0] == parts.couplerJoint[1]) {
        return std::nullopt;
    }
    parts.coupler = otherBody(model.joints[parts.couplerJoint[0]], parts.link[0]);
    if (otherBody(model.joints[parts.couplerJoint[1]], parts.link[1]) != parts.coupler) {
        return std::nullopt;
    }
    // a spherical joint at one end, a spherical or universal one at the other
    int spherical = 0;
    for (int j : parts.couplerJoint) {
        const JointType type = model.joints[j].type;
        if (type != JointType::Spherical && type != JointType::Universal) {
            return std::nullopt;
        }
        spherical += type == JointType::Spherical ? 1 : 0;
    }
    if (spherical == 0) {
        return std::nullopt;
    }
    // the base is the loop's top body: the one no tree joint of the loop hangs from another
    for (int j : loop.joints) {
        const Joint& joint = model.joints[j];
        if (!joint.isCut()) {
            const int child = model.bodies[joint.bodyA].treeJoint == j ? joint.bodyA : joint.bodyB;
            if (child == parts.base) {
                return std::nullopt;
            }
        }
    }
    return parts;
}

bool rssrLoopApplies(const Model& model, int loopIndex, const std::vector<bool>& known) {
    const std::optional<RssrLoop> found = rssrLoopOf(model, loopIndex);
    return found && inputSide(model, *found, model.loops[loopIndex], known) >= 0;
}

ClosedFormSolution solveRssrLoop(const Model& model,
                                 Workspace& ws,
                                 Eigen::Ref<Eigen::VectorXd> q,
                                 int loopIndex,
                                 const std::vector<bool>& known,
                                 int branch) {
    ClosedFormSolution out;
    const std::optional<RssrLoop> found = rssrLoopOf(model, loopIndex);
    if (!found) {
        return out;
    }
    const RssrLoop& parts = *found;
    const Loop& loop = model.loops[loopIndex];
    const int input = inputSide(model, parts, loop, known);
    if (input < 0) {
        return out;
    }
    const int driven = 1 - input;

    updatePositions(model, ws, q);
    const RssrGeometry geometry = rssrGeometry(model, ws, parts);
    const double inputBeta =
        geometry.hinges[input].sign * q[model.joints[parts.revolute[input]].position];
    const DrivenRoot root = drivenRoot(model, ws, parts, geometry, input, inputBeta, branch);
    if (!root.failure.empty()) {
        out.failure = root.failure;
        return out;
    }
    double beta[2];
    beta[input] = inputBeta;
    beta[driven] = root.beta;

    LoopRotations rotations;
    rotations.base = geometry.rBase;
    rotations.links[0] = geometry.linkRotation(0, beta[0]);
    rotations.links[1] = geometry.linkRotation(1, beta[1]);
    const Vec3 ends[2] = {geometry.linkPointAt(0, beta[0]), geometry.linkPointAt(1, beta[1])};
    const std::optional<Mat3> coupler =
        couplerRotation(model, ws, parts, geometry, rotations.links, ends, out.failure);
    if (!coupler) {
        return out;
    }
    rotations.coupler = *coupler;
    if (const std::optional<double> residual =
            storeIfClosed(model, ws, q, loopIndex, parts, input, rotations, beta[driven])) {
        out.branch = root.branch;
        out.residual = *residual;
        // read from the input: its base joint, the coupler's joints, the driven base joint
        const auto letter = [&](int j) {
            switch (model.joints[j].type) {
            case JointType::Prismatic:
                return 'P';
            case JointType::Spherical:
                return 'S';
            case JointType::Universal:
                return 'U';
            default:
                return 'R';
            }
        };
        out.kind = {letter(parts.revolute[input]), letter(parts.couplerJoint[input]),
                    letter(parts.couplerJoint[driven]), letter(parts.revolute[driven])};
    }
    return out;
}

} // namespace sslm
