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

} // namespace

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
