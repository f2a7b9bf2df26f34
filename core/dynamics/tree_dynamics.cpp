// SPDX-License-Identifier: MIT
#include "core/dynamics/tree_dynamics.hpp"

#include "core/dynamics/body_terms.hpp"
#include "core/dynamics/spatial_tree_dynamics.hpp"
#include "core/spatial/planar.hpp"

namespace sslm {

using body_terms::biasWrench;
using body_terms::inertiaAboutOrigin;
using body_terms::motionSubspace;
using planar::rotate;

DynamicsWorkspace::DynamicsWorkspace(const Model& model)
    : M(Eigen::MatrixXd::Zero(model.nq(), model.nq())), phi(Eigen::VectorXd::Zero(model.nq())),
      compositeInertia(model.bodies.size(), Eigen::Vector4d::Zero()),
      motionSubspace(model.bodies.size(), Eigen::Vector3d::Zero()),
      subtreeWrench(model.bodies.size(), Eigen::Vector3d::Zero()),
      compositeInertia6(model.isSpatial() ? model.bodies.size() : 0, Mat6::Zero()),
      subtreeWrench6(model.isSpatial() ? model.bodies.size() : 0, Vec6::Zero()) {}

namespace {

/// World position of the body's centre of mass (m).
Eigen::Vector2d comPosition(const Model& model, const Workspace& ws, int b) {
    return ws.origin[b] + rotate(ws.cosAngle[b], ws.sinAngle[b], model.bodies[b].com_B);
}

/// M from the composite inertias and motion subspaces: M_ij = S_iᵀ I^C_j S_j for every
/// ancestor i of j (same subsystem by construction). In [ω, v_Wo] coordinates a planar inertia
/// (m, h, I_o) is [I_o −h_y h_x; −h_y m 0; h_x 0 m].
void fillInertiaMatrix(const Model& model, DynamicsWorkspace& dws, int n) {
    dws.M.setZero();
    for (int j = 1; j < n; ++j) {
        const Eigen::Vector4d& ic = dws.compositeInertia[j]; // (m, h_x, h_y, I_o)
        const Eigen::Vector3d& s = dws.motionSubspace[j];
        const Eigen::Vector3d force(ic[3] * s[0] - ic[2] * s[1] + ic[1] * s[2],
                                    -ic[2] * s[0] + ic[0] * s[1], ic[1] * s[0] + ic[0] * s[2]);
        for (int i = j; i > 0; i = model.bodies[i].parent) {
            const double mij = dws.motionSubspace[i].dot(force);
            dws.M(i - 1, j - 1) = mij;
            dws.M(j - 1, i - 1) = mij;
        }
    }
}

} // namespace

const Eigen::MatrixXd&
generalizedInertia(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    if (model.isSpatial()) {
        spatialTreeDynamics(model, ws, dws, SpatialTerms::Inertia);
        return dws.M;
    }
    const int n = ws.nBodies;
    for (int b = 1; b < n; ++b) {
        dws.compositeInertia[b] = inertiaAboutOrigin(model.bodies[b], comPosition(model, ws, b));
        dws.motionSubspace[b] = motionSubspace(model, ws, b);
    }
    for (int b = n - 1; b >= 1; --b) {
        const int p = model.bodies[b].parent;
        if (p > 0) {
            dws.compositeInertia[p] += dws.compositeInertia[b];
        }
    }
    fillInertiaMatrix(model, dws, n);
    return dws.M;
}

const Eigen::VectorXd&
gravityAndVelocityForces(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    if (model.isSpatial()) {
        spatialTreeDynamics(model, ws, dws, SpatialTerms::Forces);
        return dws.phi;
    }
    const int n = ws.nBodies;
    for (int b = 1; b < n; ++b) {
        const Body& body = model.bodies[b];
        const Eigen::Vector2d arm = rotate(ws.cosAngle[b], ws.sinAngle[b], body.com_B);
        dws.subtreeWrench[b] = biasWrench(model, ws, b, arm);
    }
    // accumulate over subtrees, leaves first, and project on each joint: φ_k = −S_kᵀ W_k
    for (int b = n - 1; b >= 1; --b) {
        const int p = model.bodies[b].parent;
        dws.phi[b - 1] = -motionSubspace(model, ws, b).dot(dws.subtreeWrench[b]);
        if (p > 0) {
            dws.subtreeWrench[p] += dws.subtreeWrench[b];
        }
    }
    return dws.phi;
}

void treeDynamics(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    if (model.isSpatial()) {
        spatialTreeDynamics(model, ws, dws, SpatialTerms::Both);
        return;
    }
    const int n = ws.nBodies;
    for (int b = 1; b < n; ++b) {
        const Body& body = model.bodies[b];
        const Eigen::Vector2d arm = rotate(ws.cosAngle[b], ws.sinAngle[b], body.com_B);
        dws.compositeInertia[b] = inertiaAboutOrigin(body, ws.origin[b] + arm);
        dws.motionSubspace[b] = motionSubspace(model, ws, b);
        dws.subtreeWrench[b] = biasWrench(model, ws, b, arm);
    }
    for (int b = n - 1; b >= 1; --b) {
        const int p = model.bodies[b].parent;
        dws.phi[b - 1] = -dws.motionSubspace[b].dot(dws.subtreeWrench[b]);
        if (p > 0) {
            dws.compositeInertia[p] += dws.compositeInertia[b];
            dws.subtreeWrench[p] += dws.subtreeWrench[b];
        }
    }
    fillInertiaMatrix(model, dws, n);
}

} // namespace sslm
