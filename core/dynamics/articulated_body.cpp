// SPDX-License-Identifier: MIT
#include "core/dynamics/articulated_body.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "core/dynamics/body_terms.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/spatial/planar.hpp"

namespace sslm {

using body_terms::biasWrench;
using body_terms::inertiaAboutOrigin;
using body_terms::inertiaMatrix;
using planar::perp;
using planar::rotate;
using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;

ArticulatedBodyWorkspace::ArticulatedBodyWorkspace(const Model& model)
    : motionSubspace(model.bodies.size(), Vec3::Zero()),
      articulatedInertia(model.bodies.size(), Eigen::Matrix3d::Zero()),
      articulatedBias(model.bodies.size(), Vec3::Zero()),
      inertiaTimesSubspace(model.bodies.size(), Vec3::Zero()),
      inverseJointInertia(model.bodies.size(), 0.0), jointForceResidual(model.bodies.size(), 0.0),
      accelerationChange(model.bodies.size(), Vec3::Zero()),
      externalWrench(model.bodies.size(), Vec3::Zero()),
      subtreeWrench(model.bodies.size(), Vec3::Zero()), qdd(Eigen::VectorXd::Zero(model.nv())),
      nBodies(static_cast<int>(model.bodies.size())), nv(model.nv()),
      nConstraints(model.nConstraints()) {}

namespace {

/// Moving bodies [first, last] (inclusive, tree order); a subsystem owns a contiguous range.
struct BodyRange {
    int first = 1;
    int last = 0;

    bool contains(int b) const { return b >= first && b <= last; }
};

void requireSizes(const Model& model,
                  const ArticulatedBodyWorkspace& aws,
                  Eigen::Index nJointVector,
                  Eigen::Index nLambda) {
    if (aws.nBodies != static_cast<int>(model.bodies.size()) || aws.nv != model.nv() ||
        aws.nConstraints != model.nConstraints()) {
        throw std::invalid_argument("ArticulatedBodyWorkspace was built for another model");
    }
    if (nJointVector != model.nv()) {
        throw std::invalid_argument("a joint-space vector has " + std::to_string(nJointVector) +
                                    " entries, expected " + std::to_string(model.nv()));
    }
    if (nLambda != model.nConstraints()) {
        throw std::invalid_argument("lambda has " + std::to_string(nLambda) +
                                    " entries, expected " + std::to_string(model.nConstraints()));
    }
}

/// Adds the wrenches of cut i's reaction λ_i to the bodies of `range` in `target`: the
/// external-force reading of row pair i of Jᵀλ (loop_constraints.hpp).
void addCutWrenches(const Model& model,
                    const Workspace& ws,
                    int i,
                    const Eigen::Ref<const Eigen::VectorXd>& lambda,
                    BodyRange range,
                    std::vector<Vec3>& target) {
    const Joint& cut = model.joints[model.cuts[i]];
    const Vec2 reaction = lambda.segment<2>(2 * i);
    const Vec2 xB = PlanarSpace::pointPosition(ws, cut.bodyB, cut.p_B);
    Vec3 onA;
    Vec3 onB;
    if (cut.type == JointType::Revolute) {
        // Φ = x_A − x_B: λ on A at x_A, −λ on B at x_B (off the manifold the two points differ
        // and the pair leaves a net moment on the common ancestors, as J's side-0 columns do)
        onA = PlanarSpace::wrenchAt(PlanarSpace::pointPosition(ws, cut.bodyA, cut.p_A), reaction);
        onB = -PlanarSpace::wrenchAt(xB, reaction);
    } else {
        // Φ = (n_A·(x_A − x_B), φ_A − φ_B + offset): ∂Φ₁ adds (λ_n s) to A's moment where
        // s = (x_B − x_A)·axis, i.e. the normal force acts on A at x_B; an action–reaction pair
        // at one point, so common ancestors feel nothing (J's side-0 columns vanish)
        const Vec2 normal = perp(PlanarSpace::inWorld(ws, cut.bodyA, cut.axis_A));
        onA = PlanarSpace::wrenchAt(xB, reaction.x() * normal);
        onA.x() += reaction.y();
        onB = -onA;
    }
    if (range.contains(cut.bodyA)) {
        target[cut.bodyA] += onA;
    }
    if (range.contains(cut.bodyB)) {
        target[cut.bodyB] += onB;
    }
}

/// The ABA over one or more whole subsystems, given aws.externalWrench on their bodies.
void articulatedBodyPasses(const Model& model,
                           const Workspace& ws,
                           const Eigen::Ref<const Eigen::VectorXd>& tau,
                           BodyRange range,
                           ArticulatedBodyWorkspace& aws) {
    // Bias terms relative to the motion at q̈ = 0: the spatial acceleration of body b is
    // a_b = a_b⁰ + Σ S_k q̈_k over its path, so the velocity products (Featherstone's c_k and
    // v × I v) and gravity enter only through the Newton–Euler wrench a body needs at q̈ = 0,
    // W⁰_b = [c × F, F] with F = m (a_com⁰ − g) (no moment: α = 0 and ω × Iω = 0 in the plane).
    for (int b = range.first; b <= range.last; ++b) {
        const Body& body = model.bodies[b];
        const Vec2 arm = PlanarSpace::inWorld(ws, b, body.com_B);
        aws.motionSubspace[b] = PlanarSpace::column(model, ws, b - 1);
        aws.articulatedInertia[b] =
            inertiaMatrix(inertiaAboutOrigin(body, ws.position[b].head<2>() + arm));
        aws.articulatedBias[b] = biasWrench(model, ws, b, arm) - aws.externalWrench[b];
    }
    // leaves to root: articulated inertias I^A and bias wrenches p^A
    for (int b = range.last; b >= range.first; --b) {
        const Vec3& s = aws.motionSubspace[b];
        const Eigen::Matrix3d& inertia = aws.articulatedInertia[b];
        const Vec3& bias = aws.articulatedBias[b];
        const Vec3 u = inertia * s;
        const double invD = 1.0 / s.dot(u);
        const double residual = tau[b - 1] - s.dot(bias);
        aws.inertiaTimesSubspace[b] = u;
        aws.inverseJointInertia[b] = invD;
        aws.jointForceResidual[b] = residual;
        const int p = model.bodies[b].parent;
        if (p > 0) {
            aws.articulatedInertia[p] += inertia - invD * u * u.transpose();
            aws.articulatedBias[p] += bias + (invD * residual) * u;
        }
    }
    // root to leaves: q̈_k = (u_k − U_kᵀ a_parent) / D_k, the ground's a being zero
    for (int b = range.first; b <= range.last; ++b) {
        const int p = model.bodies[b].parent;
        const Vec3 parentAcceleration = p > 0 ? aws.accelerationChange[p] : Vec3::Zero();
        const double qdd =
            aws.inverseJointInertia[b] *
            (aws.jointForceResidual[b] - aws.inertiaTimesSubspace[b].dot(parentAcceleration));
        aws.qdd[b - 1] = qdd;
        aws.accelerationChange[b] = parentAcceleration + qdd * aws.motionSubspace[b];
    }
}

} // namespace

const Eigen::VectorXd& articulatedBodyAccelerations(const Model& model,
                                                    const Workspace& ws,
                                                    const Eigen::Ref<const Eigen::VectorXd>& tau,
                                                    const Eigen::Ref<const Eigen::VectorXd>& lambda,
                                                    ArticulatedBodyWorkspace& aws) {
    requireSizes(model, aws, tau.size(), lambda.size());
    const BodyRange all{1, aws.nBodies - 1};
    for (Vec3& w : aws.externalWrench) {
        w.setZero();
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        addCutWrenches(model, ws, i, lambda, all, aws.externalWrench);
    }
    articulatedBodyPasses(model, ws, tau, all, aws);
    return aws.qdd;
}

Eigen::VectorBlock<const Eigen::VectorXd>
subsystemAccelerations(const Model& model,
                       const Workspace& ws,
                       int subsystem,
                       const Eigen::Ref<const Eigen::VectorXd>& tau,
                       const Eigen::Ref<const Eigen::VectorXd>& lambda,
                       ArticulatedBodyWorkspace& aws) {
    requireSizes(model, aws, tau.size(), lambda.size());
    if (subsystem < 0 || subsystem >= static_cast<int>(model.subsystems.size())) {
        throw std::invalid_argument("no subsystem " + std::to_string(subsystem));
    }
    const Subsystem& sub = model.subsystems[subsystem];
    const BodyRange range{sub.qBegin + 1, sub.qBegin + sub.nv};
    for (int b = range.first; b <= range.last; ++b) {
        aws.externalWrench[b].setZero();
    }
    // every loop with a cut point on this subsystem has the point's joint on its path
    for (int i : sub.loops) {
        addCutWrenches(model, ws, i, lambda, range, aws.externalWrench);
    }
    articulatedBodyPasses(model, ws, tau, range, aws);
    return std::as_const(aws.qdd).segment(sub.qBegin, sub.nv);
}

void cutForceGeneralizedForces(const Model& model,
                               const Workspace& ws,
                               const Eigen::Ref<const Eigen::VectorXd>& lambda,
                               Eigen::Ref<Eigen::VectorXd> out,
                               ArticulatedBodyWorkspace& aws) {
    requireSizes(model, aws, out.size(), lambda.size());
    const BodyRange all{1, aws.nBodies - 1};
    for (Vec3& w : aws.subtreeWrench) {
        w.setZero();
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        addCutWrenches(model, ws, i, lambda, all, aws.subtreeWrench);
    }
    // leaves first: (Jᵀλ)_k = S_kᵀ (the cut wrenches on body k's subtree)
    for (int b = all.last; b >= all.first; --b) {
        out[b - 1] = PlanarSpace::column(model, ws, b - 1).dot(aws.subtreeWrench[b]);
        const int p = model.bodies[b].parent;
        if (p > 0) {
            aws.subtreeWrench[p] += aws.subtreeWrench[b];
        }
    }
}

} // namespace sslm
