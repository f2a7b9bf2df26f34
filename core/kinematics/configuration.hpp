// SPDX-License-Identifier: MIT
#pragma once

// The position vector of a model and its tangent space. Positions q have model.nq()
// entries, rates q̇ (= v) model.nv(): they differ by one per spherical tree joint, whose
// position is a unit quaternion (w, x, y, z) and whose rate is the relative angular velocity
// ω (rad/s) expressed in the joint's parent-side (A) frame. A spherical joint therefore has no
// singular orientation (no gimbal lock): the quaternion is integrated as
// q_next = exp(½ ω dt) ⊗ q, and renormalized on accepted steps. Every other coordinate is its
// own rate's integral (rad or m). For a planar model positions and rates coincide.

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm {

/// The name of each position entry: the coordinate's name, or "<joint>.qw", ".qx", ".qy",
/// ".qz" for a spherical joint's quaternion.
std::vector<std::string> positionNames(const Model& model);

/// The entry of q holding coordinate k (an index in q̇): k itself for a planar model, else its
/// joint's position entry plus its axis; −1 for a spherical joint's rate, which has none.
int positionIndex(const Model& model, int k);

/// True when the model has a spherical tree joint (nq() > nv()).
bool hasQuaternions(const Model& model);

/// Positions with every coordinate 0 and every quaternion at identity (1, 0, 0, 0).
Eigen::VectorXd neutralPositions(const Model& model);

/// out = q ⊕ v·dt: the positions reached from q moving at the constant rates v for dt (s).
/// `out` may alias `q`.
void integratePositions(const Model& model,
                        const Eigen::Ref<const Eigen::VectorXd>& q,
                        const Eigen::Ref<const Eigen::VectorXd>& v,
                        double dt,
                        Eigen::Ref<Eigen::VectorXd> out);

/// out (nv) = q1 ⊖ q0: the rates that move q0 to q1 in unit time (the inverse of
/// integratePositions with dt = 1; the shortest rotation for a quaternion).
void differencePositions(const Model& model,
                         const Eigen::Ref<const Eigen::VectorXd>& q1,
                         const Eigen::Ref<const Eigen::VectorXd>& q0,
                         Eigen::Ref<Eigen::VectorXd> out);

/// out (nq) = dq/dt at positions q and rates v (for an integrator of [q; v]).
void positionRates(const Model& model,
                   const Eigen::Ref<const Eigen::VectorXd>& q,
                   const Eigen::Ref<const Eigen::VectorXd>& v,
                   Eigen::Ref<Eigen::VectorXd> out);

/// Scales every quaternion of q back to unit length (after an integrator step).
void normalizePositions(const Model& model, Eigen::Ref<Eigen::VectorXd> q);

} // namespace sslm
