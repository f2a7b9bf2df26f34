// SPDX-License-Identifier: MIT
#include "core/kinematics/ups_leg_closed_form.hpp"

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
#include "core/spatial/planar.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/util/text.hpp"

namespace sslm {

using spatial::axisRotation;
using spatial::Mat3;
using spatial::Vec3;

namespace {

/// The leg's joints and the bodies between them: base –U– cylinder –P– piston –S– platform.
struct Leg {
    int universal = -1;
    int slider = -1;
    int ball = -1;
    int base = -1;
    int cylinder = -1;
    int piston = -1;
    int platform = -1;
};

/// The leg of `loop`, when it has that form at the known coordinates.
std::optional<Leg> legOf(const Model& model, const Loop& loop, const std::vector<bool>& known) {
    const int n = static_cast<int>(loop.joints.size());
    const Joint& cut = model.joints[loop.cutJoint];
    if (cut.type != JointType::Spherical || n < 4) {
        return std::nullopt;
    }
    // the cut is last in the cycle: the leg runs back from it, or on from the first joint
    for (const auto& [p, u] : {std::pair{n - 2, n - 3}, std::pair{0, 1}}) {
        const Joint& slider = model.joints[loop.joints[p]];
        const Joint& universal = model.joints[loop.joints[u]];
        if (slider.type != JointType::Prismatic || universal.type != JointType::Universal ||
            known[slider.coordinate] || known[universal.coordinate] ||
            known[universal.coordinate + 1]) {
            continue;
        }
        Leg leg;
        leg.universal = loop.joints[u];
        leg.slider = loop.joints[p];
        leg.ball = loop.cutJoint;
        // the piston is the slider's body the ball touches
        leg.piston =
            cut.bodyA == slider.bodyA || cut.bodyB == slider.bodyA ? slider.bodyA : slider.bodyB;
        if (cut.bodyA != leg.piston && cut.bodyB != leg.piston) {
            continue; // the slide does not end at the ball
        }
        leg.cylinder = otherBody(slider, leg.piston);
        leg.platform = otherBody(cut, leg.piston);
        leg.base = otherBody(universal, leg.cylinder);
        if (universal.bodyA != leg.cylinder && universal.bodyB != leg.cylinder) {
            continue;
        }
        for (int i = 0; i < n; ++i) {
            const int j = loop.joints[i];
            if (j != leg.universal && j != leg.slider && j != leg.ball &&
                !isKnown(model.joints[j], known)) {
                return std::nullopt;
            }
        }
        if (!poseKnown(model, leg.base, known) || !poseKnown(model, leg.platform, known)) {
            return std::nullopt;
        }
        return leg;
    }
    return std::nullopt;
}

/// The leg's coordinates on one root: the universal joint's two angles and the slide.
struct LegRoot {
    double first = 0;
    double second = 0;
    double slide = 0; ///< the prismatic joint's coordinate (m): s along d
};

} // namespace

bool upsLegApplies(const Model& model, int loop, const std::vector<bool>& known) {
    return legOf(model, model.loops[loop], known).has_value();
}

ClosedFormSolution solveUpsLeg(const Model& model,
                               Workspace& ws,
                               Eigen::Ref<Eigen::VectorXd> q,
                               int loopIndex,
                               const std::vector<bool>& known,
                               int branch) {
    const Loop& loop = model.loops[loopIndex];
    const std::optional<Leg> found = legOf(model, loop, known);
    if (!found) {
        return {};
    }
    const Leg& leg = *found;
    const Joint& universal = model.joints[leg.universal];
    const Joint& slider = model.joints[leg.slider];
    const Joint& ball = model.joints[leg.ball];
    ClosedFormSolution out;
    out.modes = 4;
    out.kind = "UPS";
    branch = askedMode(branch, out.modes);
    updatePositions(model, ws, q); // the base's and the platform's poses are known
    const Mat3& rBase = ws.rotation[leg.base];
    // the ball's centre from the universal joint's, in W, and the same path in the cylinder's
    // frame (the piston turns with it): c + s·d, s the slide's coordinate, d its unit axis as
    // the piston moves away from the cylinder
    const Vec3 w = pointPosition(ws, leg.platform, pointOn(ball, leg.platform)) -
                   pointPosition(ws, leg.base, pointOn(universal, leg.base));
    const double slideSign = slider.bodyA == leg.cylinder ? 1.0 : -1.0;
    const Vec3 d = slideSign * slider.axis_A.normalized();
    const Vec3 c = -pointOn(universal, leg.cylinder) + pointOn(slider, leg.cylinder) -
                   pointOn(slider, leg.piston) + pointOn(ball, leg.piston);
    const double b = c.dot(d);
    const double discriminant = b * b - c.squaredNorm() + w.squaredNorm();
    if (!(discriminant >= 0)) {
        out.failure = "the leg through " + universal.name + " and " + ball.name +
                      " cannot reach: its ends are " + text::number(w.norm(), 6) +
                      " m apart, less than it shortens to (" +
                      text::number(std::sqrt(std::max(0.0, c.squaredNorm() - b * b)), 6) +
                      " m across its slide)";
        return out;
    }
    // the universal joint: E = Rot(a₁, α)·Rot(a₂, β), R_B = R_A·E; from the base, E x = y
    const bool baseIsA = universal.bodyA == leg.base;
    const Vec3 a1 = universal.axis_A.normalized();
    const Vec3 a2 = universal.axis_B.normalized();
    const Vec3 t = rBase.transpose() * w;
    std::string failure;
    const auto rootAt = [&](int index) -> std::optional<LegRoot> {
        const double s = -b + (index / 2 == 0 ? 1.0 : -1.0) * std::sqrt(discriminant);
        const Vec3 v = c + s * d; // the leg in the cylinder's frame
        const Vec3& x = baseIsA ? v : t;
        const Vec3& y = baseIsA ? t : v;
        const auto second = anglesFor(a1, a2, x, a1.dot(y), "universal joint's angle", failure);
        if (!second) {
            return std::nullopt;
        }
        const double beta = (*second)[index % 2];
        const std::optional<double> alpha = turningAngle(a1, axisRotation(a2, beta) * x, y);
        if (!alpha) {
            failure = "the leg lies along " + universal.name + "'s first axis (a singular pose)";
            return std::nullopt;
        }
        return LegRoot{*alpha, beta, s};
    };
    const auto gap = [&](const LegRoot& r) {
        return std::abs(planar::wrapNear(r.first - q[universal.position], 0.0)) +
               std::abs(planar::wrapNear(r.second - q[universal.position + 1], 0.0)) +
               std::abs(r.slide - q[slider.position]);
    };
    std::optional<LegRoot> chosen;
    int chosenIndex = -1;
    for (int index = 0; index < out.modes; ++index) {
        if (branch != 0 && index != modeIndex(branch)) {
            continue;
        }
        const std::optional<LegRoot> root = rootAt(index);
        if (root && (!chosen || gap(*root) < gap(*chosen))) {
            chosen = root;
            chosenIndex = index;
        }
    }
    if (!chosen) {
        out.failure = failure;
        return out;
    }
    const Eigen::VectorXd guess = q;
    q[universal.position] = planar::wrapNear(chosen->first, guess[universal.position]);
    q[universal.position + 1] = planar::wrapNear(chosen->second, guess[universal.position + 1]);
    q[slider.position] = chosen->slide;
    // accept only a closed loop
    out.residual = loopClosure(model, ws, q, loopIndex);
    if (!(out.residual <= kClosedFormClosureTolerance)) {
        q = guess;
        return {};
    }
    out.branch = modeLabel(chosenIndex);
    return out;
}

} // namespace sslm
