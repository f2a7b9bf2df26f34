// SPDX-License-Identifier: MIT
#pragma once

// A sampled inverse-dynamics run: the driven coordinates follow prescribed motion laws; at each
// output time the mechanism is assembled, keeping its assembly branch (each pose starts from the
// previous one, predicted along its rate and acceleration, in sub-steps where the correction
// would be large), its rates and accelerations are solved, then inverse_dynamics.hpp gives the
// driving forces τ, the cut multipliers λ and the joint reactions (a spatial model's positions q
// carry quaternions ahead of the rates). No Qt: progress,
// cancellation and samples go through plain callbacks, like simulation.hpp.

#include <functional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/dynamics/run_outcome.hpp"
#include "core/dynamics/shaking_wrench.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"
#include "core/motion/prescribed_motion.hpp"

namespace sslm {

/// A driven coordinate (index in q) and its motion law (rad or m, s).
struct DrivenMotion {
    int coordinate = -1;
    MotionLaw law;
};

struct InverseRunSettings {
    InverseMethod method = InverseMethod::Subsystem;
    double tStart = 0.0;          ///< s
    double tEnd = 1.0;            ///< s
    double sampleInterval = 0.01; ///< s
    JointReactions reactions = JointReactions::Compute;
    /// The point the shaking moment is taken about (m, W; planar: z unused).
    Eigen::Vector3d shakingAbout = Eigen::Vector3d::Zero();
    AssemblyOptions assembly;
    /// Largest move (rad or m) of a dependent coordinate away from its predicted value that an
    /// assembly step may make; larger moves are split into sub-steps, so that the solver cannot
    /// jump to another assembly branch.
    double maxCorrection = 0.1;
    int maxHalvings = 20; ///< sub-step halvings per sample interval before giving up
};

/// Everything reported at one output time.
struct InverseSample {
    double t = 0;        ///< s
    Eigen::VectorXd q;   ///< rad or m (nq(): nv, plus one per quaternion)
    Eigen::VectorXd qd;  ///< rad/s or m/s (nv)
    Eigen::VectorXd qdd; ///< rad/s² or m/s² (nv)
    Eigen::VectorXd tau; ///< driving force per driven coordinate, motions order (N·m or N)
    /// Cut multipliers, B acting on A: the cuts' constraint rows (loop_constraints.hpp).
    Eigen::VectorXd lambda;
    std::vector<JointReaction> reactions; ///< per joint, file order (empty when skipped)
    double drivePower = 0;                ///< Σ τ·q̇ of the driven coordinates (W)
    /// What the mechanism exerts on the ground, about settings.shakingAbout (shaking_wrench.hpp):
    /// from the ground joints' reactions, or from the bodies' motion when they are skipped.
    ShakingWrench shaking;
    double kineticEnergy = 0;            ///< J
    double potentialEnergy = 0;          ///< J: gravity (zero at y = 0; spatial z = 0) plus springs
    double positionViolation = 0;        ///< max |Φ| after assembly (m, rad)
    double minSingularValue = 0;         ///< σ_min(J_dep): near 0 at a toggle pose
    double conditioning = 1;             ///< InverseDynamicsWorkspace::conditioning
    double cpuNs = 0;                    ///< time of the inverse-dynamics evaluation (ns)
    std::vector<Eigen::Vector3d> points; ///< traced points in W (m), Model::tracedPoints order
};

struct InverseRunCallbacks {
    /// Called at every output time with a buffer reused between calls (copy what you keep).
    std::function<void(const InverseSample&)> onSample;
    /// Called after every sample with its time; return false to cancel.
    std::function<bool(double t)> shouldContinue;
};

/// An inverse run's outcome with its sampling counts.
struct InverseRunSummary : RunOutcome {
    long samples = 0;
    long assemblies = 0; ///< assembly steps, sub-steps included
    std::string plan;    ///< describePlan(): the subsystem recursion's blocks
};

/// Why `motions` cannot drive `model` (coordinates, laws); empty when they can.
std::string inverseRunError(const Model& model,
                            const std::vector<DrivenMotion>& motions,
                            const InverseRunSettings& settings);

/// Samples inverse dynamics from settings.tStart to settings.tEnd every sampleInterval (and at
/// tEnd). `qGuess` (nq()) seeds the first assembly: its dependent values choose the
/// assembly branch (the one nearest them), which later samples keep.
InverseRunSummary runInverseDynamics(const Model& model,
                                     const std::vector<DrivenMotion>& motions,
                                     const Eigen::VectorXd& qGuess,
                                     const InverseRunSettings& settings,
                                     const InverseRunCallbacks& callbacks = {});

} // namespace sslm
