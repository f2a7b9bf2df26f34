// SPDX-License-Identifier: MIT
#include "core/dynamics/tree_dynamics.hpp"

#include "core/dynamics/motion_space.hpp"

namespace sslm {

DynamicsWorkspace::DynamicsWorkspace(const Model& model)
    : M(Eigen::MatrixXd::Zero(model.nq(), model.nq())), phi(Eigen::VectorXd::Zero(model.nq())),
      compositeInertia(model.bodies.size(), Eigen::Vector4d::Zero()),
      motionSubspace(model.bodies.size(), Eigen::Vector3d::Zero()),
      subtreeWrench(model.bodies.size(), Eigen::Vector3d::Zero()),
      compositeInertia6(model.isSpatial() ? model.bodies.size() : 0, Mat6::Zero()),
      subtreeWrench6(model.isSpatial() ? model.bodies.size() : 0, Vec6::Zero()) {}

namespace {

enum class Terms { Inertia, Forces, Both };

/// M from the composite inertias and motion subspaces: M_ij = S_iᵀ I^C_b S_j for every
/// coordinate j of body b's joint and every coordinate i of b's joint or an ancestor's (same
/// subsystem by construction). These are M's only non-zero entries and are all written on
/// every call; the others stay zero from the DynamicsWorkspace's construction.
template <class Space>
void fillInertiaMatrix(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    const std::vector<typename Space::Inertia>& composite = Space::composite(dws);
    for (int b = 1; b < ws.nBodies; ++b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        for (int j = joint.coordinate; j < joint.coordinate + joint.coordinateCount; ++j) {
            const typename Space::Wrench force =
                Space::times(composite[b], Space::subspace(ws, dws, b, j));
            for (int a = b; a > 0; a = model.bodies[a].parent) {
                const Joint& up = model.joints[model.bodies[a].treeJoint];
                for (int i = up.coordinate; i < up.coordinate + up.coordinateCount; ++i) {
                    const double mij = Space::subspace(ws, dws, a, i).dot(force);
                    dws.M(i, j) = mij;
                    dws.M(j, i) = mij;
                }
            }
        }
    }
}

/// M by composite rigid bodies and/or φ by one Newton–Euler pass at q̈ = 0 (gravity in the bias
/// wrenches), sharing the per-body terms: the one tree algorithm of both motion spaces.
template <class Space>
void treeTerms(const Model& model, const Workspace& ws, DynamicsWorkspace& dws, Terms terms) {
    const bool inertia = terms != Terms::Forces;
    const bool forces = terms != Terms::Inertia;
    std::vector<typename Space::Inertia>& composite = Space::composite(dws);
    std::vector<typename Space::Wrench>& subtree = Space::subtree(dws);
    const int n = ws.nBodies;
    for (int b = 1; b < n; ++b) {
        typename Space::Inertia body;
        if (inertia || Space::kBiasUsesInertia) {
            body = Space::bodyInertia(model, ws, b);
        }
        Space::cacheSubspace(model, ws, dws, b);
        if (inertia) {
            composite[b] = body;
        }
        if (forces) {
            subtree[b] = Space::biasWrench(model, ws, b, body);
        }
    }
    // leaves first: each joint's φ_k = −S_kᵀ W (its subtree's wrench), then the parent's sums
    for (int b = n - 1; b >= 1; --b) {
        if (forces) {
            const Joint& joint = model.joints[model.bodies[b].treeJoint];
            for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
                dws.phi[k] = -Space::subspace(ws, dws, b, k).dot(subtree[b]);
            }
        }
        const int p = model.bodies[b].parent;
        if (p > 0) {
            if (inertia) {
                composite[p] += composite[b];
            }
            if (forces) {
                subtree[p] += subtree[b];
            }
        }
    }
    if (inertia) {
        fillInertiaMatrix<Space>(model, ws, dws);
    }
}

} // namespace

const Eigen::MatrixXd&
generalizedInertia(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    withMotionSpace(
        model, [&](auto space) { treeTerms<decltype(space)>(model, ws, dws, Terms::Inertia); });
    return dws.M;
}

const Eigen::VectorXd&
gravityAndVelocityForces(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    withMotionSpace(model,
                    [&](auto space) { treeTerms<decltype(space)>(model, ws, dws, Terms::Forces); });
    return dws.phi;
}

void treeDynamics(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    withMotionSpace(model,
                    [&](auto space) { treeTerms<decltype(space)>(model, ws, dws, Terms::Both); });
}

} // namespace sslm
