// SPDX-License-Identifier: MIT
#pragma once

// Small vibrations about a static equilibrium (static_equilibrium.hpp), in its free minimal
// coordinates ξ: M ξ̈ + C ξ̇ + K ξ = 0 with M = Nᵀ M N the reduced mass (exact), K = −∂f/∂ξ the
// reduced stiffness and C = −∂f/∂ξ̇ the reduced damping, both by central differences of the
// reduced force with one Richardson extrapolation (reduced_statics.hpp; their accuracy is
// reported). A spatial model's rotations are displaced along the exponential map, so
// quaternions are never linearised entry by entry. The modes are those of the undamped problem
// K φ = ω² M φ (K's symmetric part), φ normalised to φᵀ M φ = 1; each mode's damping ratio is
// the modal one, φᵀ C φ / 2ω (exact when the damping is proportional), and the damped system's
// eigenvalues, from the first-order form, are listed as well.

#include <complex>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/statics/static_equilibrium.hpp"

namespace sslm {

struct VibrationMode {
    double omegaSquared = 0; ///< ω² (1/s²): negative for an unstable direction
    /// Natural frequency √ω² / 2π (Hz); 0 for an unstable mode (ω² < 0).
    double frequencyHz = 0;
    /// Modal damping ratio φᵀ C φ / 2ω (0 when ω = 0).
    double dampingRatio = 0;
    /// Shape in the free minimal coordinates (rad or m), φᵀ M φ = 1, largest entry positive.
    Eigen::VectorXd shape;
    /// The same as rates of every coordinate (nv): N φ, for animating the mode.
    Eigen::VectorXd coordinateShape;
};

struct VibrationAnalysis {
    Equilibrium equilibrium;
    std::vector<int> coordinates; ///< the free minimal coordinates (indices in q̇)
    Eigen::MatrixXd mass;         ///< reduced M (kg·m², kg, or mixed)
    Eigen::MatrixXd stiffness;    ///< reduced K
    Eigen::MatrixXd damping;      ///< reduced C
    /// Relative change of K and C made by the Richardson extrapolation: the plain central
    /// differences' error, a bound on the extrapolated one's.
    double stiffnessAccuracy = 0;
    double dampingAccuracy = 0;
    std::vector<VibrationMode> modes; ///< by ascending ω²
    /// The damped system's eigenvalues s (1/s), those with Im s ≥ 0, by ascending |s|.
    std::vector<std::complex<double>> eigenvalues;
    std::string error; ///< empty on success

    bool ok() const { return error.empty(); }
};

/// Finds the equilibrium nearest `guess` (options as findEquilibrium's; held coordinates stay
/// locked) and the vibration modes about it.
VibrationAnalysis vibrationModes(const Model& model,
                                 const Eigen::VectorXd& guess,
                                 const EquilibriumOptions& options = {});

/// The modes about an equilibrium already found.
VibrationAnalysis vibrationModes(const Model& model,
                                 const Equilibrium& equilibrium,
                                 const EquilibriumOptions& options);

/// The pose of a mode displaced by `amplitude` (rad or m along the shape's largest entry):
/// rest ⊕ amplitude · N φ / max|φ|, loops closed. False when it does not assemble.
bool modePose(const Model& model,
              const VibrationAnalysis& analysis,
              int mode,
              double amplitude,
              Eigen::VectorXd& q);

} // namespace sslm
