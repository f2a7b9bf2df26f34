// SPDX-License-Identifier: MIT
#include "core/dynamics/spatial_tree_dynamics.hpp"

#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

using spatial::Mat6;
using spatial::Vec3;
using spatial::Vec6;

namespace {

Vec3 comPosition(const Model& model, const Workspace& ws, int b) {
    return ws.position3[b] + ws.rotation[b] * model.bodies[b].com3_B;
}

/// Spatial inertia of body b about Wo in W.
Mat6 bodyInertia(const Model& model, const Workspace& ws, int b) {
    const Body& body = model.bodies[b];
    const Eigen::Matrix3d& r = ws.rotation[b];
    return spatial::inertiaAboutOrigin(body.mass, comPosition(model, ws, b),
                                       r * body.inertia3_B * r.transpose());
}

/// M_ij = S_iᵀ I^C_b S_j for every coordinate j of body b's joint and every coordinate i of
/// b's joint or an ancestor's. These are M's only non-zero entries and are all written on every
/// call; the others stay zero from the DynamicsWorkspace's construction.
void fillInertiaMatrix(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    for (int b = 1; b < ws.nBodies; ++b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        for (int j = joint.coordinate; j < joint.coordinate + joint.coordinateCount; ++j) {
            const Vec6 force = dws.compositeInertia6[b] * ws.motionSubspace6[j];
            for (int a = b; a > 0; a = model.bodies[a].parent) {
                const Joint& up = model.joints[model.bodies[a].treeJoint];
                for (int i = up.coordinate; i < up.coordinate + up.coordinateCount; ++i) {
                    const double mij = ws.motionSubspace6[i].dot(force);
                    dws.M(i, j) = mij;
                    dws.M(j, i) = mij;
                }
            }
        }
    }
}

} // namespace

void spatialTreeDynamics(const Model& model,
                         const Workspace& ws,
                         DynamicsWorkspace& dws,
                         SpatialTerms terms) {
    const int n = ws.nBodies;
    const bool inertia = terms != SpatialTerms::Forces;
    const bool forces = terms != SpatialTerms::Inertia;
    Vec6 gravityAcceleration;
    gravityAcceleration << Vec3::Zero(), -model.gravity3;
    for (int b = 1; b < n; ++b) {
        const Mat6 body = bodyInertia(model, ws, b);
        if (inertia) {
            dws.compositeInertia6[b] = body;
        }
        if (forces) {
            // the wrench the body needs at v̇ = 0, gravity as the base's acceleration −g
            const Vec6& v = ws.twist[b];
            dws.subtreeWrench6[b] = body * (ws.biasAcceleration6[b] + gravityAcceleration) +
                                    spatial::crossForce(v, body * v);
        }
    }
    for (int b = n - 1; b >= 1; --b) {
        const int p = model.bodies[b].parent;
        if (forces) {
            const Joint& joint = model.joints[model.bodies[b].treeJoint];
            for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
                dws.phi[k] = -ws.motionSubspace6[k].dot(dws.subtreeWrench6[b]);
            }
        }
        if (p > 0) {
            if (inertia) {
                dws.compositeInertia6[p] += dws.compositeInertia6[b];
            }
            if (forces) {
                dws.subtreeWrench6[p] += dws.subtreeWrench6[b];
            }
        }
    }
    if (inertia) {
        fillInertiaMatrix(model, ws, dws);
    }
}

double spatialKineticEnergy(const Model& model, const Workspace& ws) {
    double energy = 0;
    for (int b = 1; b < ws.nBodies; ++b) {
        const Vec6& v = ws.twist[b];
        energy += 0.5 * v.dot(bodyInertia(model, ws, b) * v);
    }
    return energy;
}

double spatialPotentialEnergy(const Model& model, const Workspace& ws) {
    double energy = 0;
    for (int b = 1; b < ws.nBodies; ++b) {
        energy -= model.bodies[b].mass * model.gravity3.dot(comPosition(model, ws, b));
    }
    return energy;
}

} // namespace sslm
