// SPDX-License-Identifier: MIT
#include "core/dynamics/energies.hpp"

#include "core/kinematics/motion_space.hpp"

namespace sslm {

namespace {

template <class Space> double kinetic(const Model& model, const Workspace& ws) {
    double energy = 0;
    for (int b = 1; b < ws.nBodies; ++b) {
        const typename Space::Point v = Space::comVelocity(model, ws, b);
        energy +=
            0.5 * model.bodies[b].mass * v.squaredNorm() + Space::rotationalEnergy(model, ws, b);
    }
    return energy;
}

template <class Space> double potential(const Model& model, const Workspace& ws) {
    double energy = 0;
    for (int b = 1; b < ws.nBodies; ++b) {
        energy -=
            model.bodies[b].mass * Space::gravity(model).dot(Space::comPosition(model, ws, b));
    }
    return energy;
}

} // namespace

double kineticEnergy(const Model& model, const Workspace& ws) {
    return withMotionSpace(model, [&](auto space) { return kinetic<decltype(space)>(model, ws); });
}

double gravityPotentialEnergy(const Model& model, const Workspace& ws) {
    return withMotionSpace(model,
                           [&](auto space) { return potential<decltype(space)>(model, ws); });
}

} // namespace sslm
