// SPDX-License-Identifier: MIT
#include "core/kinematics/revolute_chain_closed_form.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "core/kinematics/echelon_equations.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/joint_ends.hpp"
#include "core/kinematics/known_coordinates.hpp"
#include "core/kinematics/loop_closure.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/spatial/line_meeting.hpp"
#include "core/spatial/planar.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/util/text.hpp"

namespace sslm {

using spatial::angleAbout;
using spatial::axisRotation;
using spatial::Mat3;
using spatial::Vec3;

namespace {

/// Lines closer than this (m) meet; axes with |u × v| below it are parallel.
constexpr double kGeometryTolerance = 1e-9;
/// The runs solved here: the arm's six joints, a spherical triad's three.
constexpr int kMaxRun = 6;
constexpr int kTriadRun = 3;

/// One revolute of the run, crossed from body B_k to B_{k+1}: R_{k+1} = R_k·Rot(axis, φ) and
/// the joint's points coincide, x_{k+1} = x_k + R_k·before − R_{k+1}·after.
struct Hinge {
    int joint = -1;
    Vec3 axis = Vec3::UnitZ(); ///< unit; the same components in B_k's frame and B_{k+1}'s
    Vec3 before;               ///< the joint's point on B_k (its frame, m)
    Vec3 after;                ///< on B_{k+1}
    int sign = 1;              ///< φ = sign·(the joint's angle): −1 when crossed from B to A
};

/// The run of unknown revolutes: hinges[k] joins bodies[k] and bodies[k + 1].
struct Run {
    int count = 0;
    std::array<Hinge, kMaxRun> hinges;
    std::array<int, kMaxRun + 1> bodies{};

    Run reversed() const {
        Run r;
        r.count = count;
        for (int k = 0; k < count; ++k) {
            Hinge h = hinges[count - 1 - k];
            std::swap(h.before, h.after);
            h.sign = -h.sign;
            r.hinges[k] = h;
        }
        for (int k = 0; k <= count; ++k) {
            r.bodies[k] = bodies[count - k];
        }
        return r;
    }
};

bool isUnknownRevolute(const Joint& joint, const std::vector<bool>& known) {
    return joint.type == JointType::Revolute && (joint.isCut() || !known[joint.coordinate]);
}

/// The run of unknown revolutes of `loop`, in the loop's joint order, when there is exactly
/// one, of six joints or three, and every other joint of the loop is known.
std::optional<Run>
unknownRun(const Model& model, const Loop& loop, const std::vector<bool>& known) {
    const int n = static_cast<int>(loop.joints.size());
    const auto jointAt = [&](int i) -> const Joint& {
        return model.joints[loop.joints[((i % n) + n) % n]];
    };
    int count = 0;
    int start = -1;
    for (int i = 0; i < n; ++i) {
        if (isUnknownRevolute(jointAt(i), known)) {
            ++count;
            if (!isUnknownRevolute(jointAt(i - 1), known)) {
                start = i;
            }
        } else if (!isKnown(jointAt(i), known)) {
            return std::nullopt;
        }
    }
    if ((count != kMaxRun && count != kTriadRun) || count >= n || start < 0) {
        return std::nullopt;
    }
    Run run;
    run.count = count;
    // B_0: the body the joint before the run shares with the run's first joint
    const Joint& before = jointAt(start - 1);
    const Joint& first = jointAt(start);
    run.bodies[0] = touches(first, before.bodyA) ? before.bodyA : before.bodyB;
    for (int k = 0; k < count; ++k) {
        const Joint& joint = jointAt(start + k);
        if (!isUnknownRevolute(joint, known) || !touches(joint, run.bodies[k])) {
            return std::nullopt; // not one contiguous run
        }
        const bool fromA = joint.bodyA == run.bodies[k];
        Hinge& h = run.hinges[k];
        h.joint = loop.joints[(start + k) % n];
        h.axis = joint.axis_A.normalized();
        h.before = fromA ? joint.p_A : joint.p_B;
        h.after = fromA ? joint.p_B : joint.p_A;
        h.sign = fromA ? 1 : -1;
        run.bodies[k + 1] = fromA ? joint.bodyB : joint.bodyA;
    }
    if (!poseKnown(model, run.bodies[0], known) || !poseKnown(model, run.bodies[count], known)) {
        return std::nullopt;
    }
    return run;
}

/// Where the axes of hinges i, i + 1 and i + 2 meet, in the frame of the body before them
/// (first) and of the body after them (second); empty when they do not meet in one point.
std::optional<std::pair<Vec3, Vec3>> meetingPoint(const Run& run, int i) {
    // the parameters t (along u from p) and s (along v from r) where the lines meet
    const auto meet = [](const Vec3& p, const Vec3& u, const Vec3& r, const Vec3& v) {
        return spatial::lineMeeting(p, u, r, v, kGeometryTolerance);
    };
    const Hinge& a = run.hinges[i];
    const Hinge& b = run.hinges[i + 1];
    const Hinge& c = run.hinges[i + 2];
    const auto ab = meet(a.after, a.axis, b.before, b.axis); // in body i + 1
    const auto bc = meet(b.after, b.axis, c.before, c.axis); // in body i + 2
    if (!ab || !bc || std::abs(ab->second - bc->first) > kGeometryTolerance) {
        return std::nullopt; // the three meet pairwise but not in one point
    }
    return std::pair{Vec3(a.before + ab->first * a.axis), Vec3(c.after + bc->second * c.axis)};
}

/// The angles of hinges i…i + 2 (axes meeting in a point: a spherical triad, the wrist) that
/// turn body i's frame into body i + 3's by the relative rotation `relative`, on root `root`
/// (0 or 1) of the middle angle: u₁·(E u₃) depends on it alone (two roots), then the first and
/// the last angle follow uniquely.
bool orientTriad(
    const Run& run, int i, const Mat3& relative, int root, double* angles, std::string& failure) {
    const Vec3& u1 = run.hinges[i].axis;
    const Vec3& u2 = run.hinges[i + 1].axis;
    const Vec3& u3 = run.hinges[i + 2].axis;
    const Vec3 target = relative * u3;
    const auto middle = anglesFor(u1, u2, u3, u1.dot(target), "middle angle of the wrist", failure);
    if (!middle) {
        return false;
    }
    const double phi2 = (*middle)[root];
    const std::optional<double> phi1 = turningAngle(u1, axisRotation(u2, phi2) * u3, target);
    if (!phi1) {
        failure = "the first angle of the wrist is undetermined (its last axis along its first)";
        return false;
    }
    const Mat3 rest = (axisRotation(u1, *phi1) * axisRotation(u2, phi2)).transpose() * relative;
    angles[0] = *phi1;
    angles[1] = phi2;
    angles[2] = angleAbout(u3, rest);
    return true;
}

/// The rotation of body k + 1 of the run given body k's and hinge k's angle.
Mat3 turned(const Run& run, int k, const Mat3& r, double phi) {
    return r * axisRotation(run.hinges[k].axis, phi);
}

/// The run read from the end that makes it an elbow arm (J2 ∥ J3, J1 across them, the last
/// three axes meeting), or empty when neither end does.
std::optional<Run> elbowArm(const Run& run) {
    if (run.count != kMaxRun) {
        return std::nullopt;
    }
    const Run other = run.reversed();
    for (const Run* candidate : {&run, &other}) {
        const Run& r = *candidate;
        const bool parallel = r.hinges[1].axis.cross(r.hinges[2].axis).norm() < kGeometryTolerance;
        const bool shoulder = r.hinges[0].axis.cross(r.hinges[1].axis).norm() > kGeometryTolerance;
        if (parallel && shoulder && meetingPoint(r, 3)) {
            return r;
        }
    }
    return std::nullopt;
}

/// The run when it is a spherical triad (three axes meeting in one point), read from the end
/// whose joint comes first in the file, so that its roots' order does not depend on the cut;
/// else empty.
std::optional<Run> sphericalTriad(const Model& model, const Run& run) {
    if (run.count != kTriadRun || !meetingPoint(run, 0)) {
        return std::nullopt;
    }
    const bool fileOrder = model.joints[run.hinges[0].joint].specIndex <
                           model.joints[run.hinges[kTriadRun - 1].joint].specIndex;
    return fileOrder ? run : run.reversed();
}

/// The run's class: the elbow arm, or a spherical triad; empty when neither.
std::optional<Run> solvableRun(const Model& model, const Run& run) {
    if (std::optional<Run> arm = elbowArm(run)) {
        return arm;
    }
    return sphericalTriad(model, run);
}

/// The angles φ of the arm's six hinges on root `root` (0…7), for the known poses of its end
/// bodies in ws; false, with `failure`, when that root does not exist.
bool armAngles(const Run& run,
               const Workspace& ws,
               int root,
               std::array<double, kMaxRun>& angles,
               std::string& failure) {
    const Mat3& r0 = ws.rotation[run.bodies[0]];
    const Vec3& x0 = ws.position[run.bodies[0]];
    const Mat3& rn = ws.rotation[run.bodies[run.count]];
    const Vec3& xn = ws.position[run.bodies[run.count]];
    // the wrist centre W (fixed in bodies 3 and 6) where the end body puts it
    const auto centre = meetingPoint(run, 3);
    const Hinge* h = run.hinges.data();
    const Vec3 w3 = centre->first;
    const Vec3 w0 = r0.transpose() * (xn + rn * centre->second - x0) - h[0].before;
    const Vec3& n = h[1].axis;
    const double height = n.dot(h[1].before - h[1].after + h[2].before - h[2].after + w3);
    const auto shoulder =
        anglesFor(w0, h[0].axis, n, height - n.dot(h[0].after), "shoulder angle", failure);
    if (!shoulder) {
        failure = "the wrist centre is out of reach: " + failure;
        return false;
    }
    angles[0] = (*shoulder)[root >> 2];
    const Vec3 w1 = axisRotation(h[0].axis, -angles[0]) * w0 + h[0].after;
    const Vec3 toWrist = w1 - h[1].before;
    const Vec3 t = toWrist - n.dot(toWrist) * n;
    const Vec3 d = h[2].before - h[1].after;
    const Vec3 dAcross = d - n.dot(d) * n;
    const Vec3 r = w3 - h[2].after;
    const Vec3 rAcross = r - n.dot(r) * n;
    const auto elbow =
        anglesFor(dAcross, h[2].axis, rAcross,
                  0.5 * (t.squaredNorm() - dAcross.squaredNorm() - rAcross.squaredNorm()),
                  "elbow angle", failure);
    if (!elbow) {
        failure = "the wrist centre is out of reach: " + failure;
        return false;
    }
    angles[2] = (*elbow)[(root >> 1) & 1];
    const std::optional<double> upper =
        turningAngle(n, dAcross + axisRotation(h[2].axis, angles[2]) * rAcross, t);
    if (!upper) {
        failure = "the second angle is undetermined (the wrist centre on the second axis)";
        return false;
    }
    angles[1] = *upper;
    Mat3 r3 = r0;
    for (int k = 0; k < 3; ++k) {
        r3 = turned(run, k, r3, angles[k]);
    }
    return orientTriad(run, 3, r3.transpose() * rn, root & 1, angles.data() + 3, failure);
}

/// The angles of a run's hinges on root `root`: the arm's (0…7) or the triad's (0, 1).
bool runAngles(const Run& run,
               const Workspace& ws,
               int root,
               std::array<double, kMaxRun>& angles,
               std::string& failure) {
    if (run.count == kMaxRun) {
        return armAngles(run, ws, root, angles, failure);
    }
    const Mat3 relative =
        ws.rotation[run.bodies[0]].transpose() * ws.rotation[run.bodies[run.count]];
    return orientTriad(run, 0, relative, root, angles.data(), failure);
}

} // namespace

bool revoluteChainApplies(const Model& model, int loop, const std::vector<bool>& known) {
    const std::optional<Run> found = unknownRun(model, model.loops[loop], known);
    return found && solvableRun(model, *found);
}

ClosedFormSolution solveRevoluteChain(const Model& model,
                                      Workspace& ws,
                                      Eigen::Ref<Eigen::VectorXd> q,
                                      int loop,
                                      const std::vector<bool>& known,
                                      int branch) {
    const Loop& l = model.loops[loop];
    const std::optional<Run> found = unknownRun(model, l, known);
    if (!found) {
        return {};
    }
    const std::optional<Run> solvable = solvableRun(model, *found);
    if (!solvable) {
        return {};
    }
    const Run& run = *solvable;
    ClosedFormSolution out;
    if (run.count == kMaxRun) {
        out.modes = 8;
        out.kind = "6R, spherical wrist";
    } else {
        out.modes = 2;
        out.kind = l.joints.size() == 4 ? "spherical 4R" : "3R, axes meeting";
    }
    branch = askedMode(branch, out.modes);
    updatePositions(model, ws, q); // the run's end poses are known
    // the root asked for, or the one nearest the guess
    const auto gap = [&](const std::array<double, kMaxRun>& angles) {
        double sum = 0;
        for (int k = 0; k < run.count; ++k) {
            const Joint& joint = model.joints[run.hinges[k].joint];
            if (!joint.isCut()) {
                sum += std::abs(
                    planar::wrapNear(run.hinges[k].sign * angles[k] - q[joint.position], 0.0));
            }
        }
        return sum;
    };
    std::array<double, kMaxRun> chosen{};
    int chosenRoot = -1;
    double chosenGap = 0;
    std::string failure;
    for (int root = 0; root < out.modes; ++root) {
        if (branch != 0 && root != modeIndex(branch)) {
            continue;
        }
        std::array<double, kMaxRun> angles{};
        if (!runAngles(run, ws, root, angles, failure)) {
            continue;
        }
        if (const double g = gap(angles); chosenRoot < 0 || g < chosenGap) {
            chosen = angles;
            chosenRoot = root;
            chosenGap = g;
        }
    }
    if (chosenRoot < 0) {
        out.failure = failure;
        return out;
    }
    const Eigen::VectorXd guess = q;
    for (int k = 0; k < run.count; ++k) {
        const Joint& joint = model.joints[run.hinges[k].joint];
        if (!joint.isCut()) {
            q[joint.position] =
                planar::wrapNear(run.hinges[k].sign * chosen[k], guess[joint.position]);
        }
    }
    // accept only a closed loop
    out.residual = loopClosure(model, ws, q, loop);
    if (!(out.residual <= kClosedFormClosureTolerance)) {
        q = guess;
        return {};
    }
    out.branch = modeLabel(chosenRoot);
    return out;
}

} // namespace sslm
