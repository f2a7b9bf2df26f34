// SPDX-License-Identifier: MIT
#pragma once

// What a mechanism shakes its frame with over one cycle of a prescribed input motion, sample by
// sample, and its RMS and peak: the dynamic shaking force and moment (shaking_wrench.hpp less
// the weight M_tot·g and its moment Σ (r_Gi − O) × mᵢ g, the static load no counterweight can
// remove) and the driving forces. These are the curves and numbers a balancing study compares
// before and after (counterweight_balance.hpp minimises the RMS of the same quantities); the
// samples are those of an inverse-dynamics run over [tStart, tEnd) (the sample at tEnd repeats
// the one at tStart and is left out).

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/dynamics/shaking_wrench.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

struct ShakingCycle {
    bool ok = false;
    std::string message;                 ///< why the run failed
    std::vector<double> t;               ///< s
    std::vector<Eigen::Vector3d> force;  ///< dynamic shaking force (N, W; planar z = 0)
    std::vector<Eigen::Vector3d> moment; ///< dynamic shaking moment about run.shakingAbout (N·m)
    std::vector<Eigen::VectorXd> tau;    ///< driving forces, motions order (N·m or N)
    RmsPeak forceSize;                   ///< of |F|
    RmsPeak momentSize;                  ///< of |M|
    /// RMS of |τ| (the Euclidean norm over the driven coordinates), peak of the largest |τᵢ|.
    RmsPeak torqueSize;
};

/// Σ mᵢ r_Gi (kg·m, W) of the moving bodies at positions q (nq()); updates the
/// positions in ws.
Eigen::Vector3d massMoment(const Model& model, Workspace& ws, const Eigen::VectorXd& q);

/// The shaking wrench at positions q (nq()) less the moving bodies' weight and its moment
/// about `about` (m, W): the dynamic part. Updates the positions in ws (massMoment).
ShakingWrench dynamicShaking(const ShakingWrench& shaking,
                             const Model& model,
                             Workspace& ws,
                             const Eigen::VectorXd& q,
                             const Eigen::Vector3d& about);

/// The cycle of `model` driven by `motions` over [run.tStart, run.tEnd), every
/// run.sampleInterval; `qGuess` seeds the first assembly (as for runInverseDynamics).
ShakingCycle shakingCycle(const Model& model,
                          const std::vector<DrivenMotion>& motions,
                          const Eigen::VectorXd& qGuess,
                          const InverseRunSettings& run);

} // namespace sslm
