// SPDX-License-Identifier: MIT
#include "core/statics/vibration_modes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/workspace.hpp"
#include "core/statics/reduced_statics.hpp"

namespace sslm {

VibrationAnalysis vibrationModes(const Model& model,
                                 const Eigen::VectorXd& guess,
                                 const EquilibriumOptions& options) {
    const Equilibrium equilibrium = findEquilibrium(model, guess, options);
    if (!equilibrium.ok()) {
        VibrationAnalysis out;
        out.equilibrium = equilibrium;
        out.error = equilibrium.error;
        return out;
    }
    return vibrationModes(model, equilibrium, options);
}

VibrationAnalysis vibrationModes(const Model& model,
                                 const Equilibrium& equilibrium,
                                 const EquilibriumOptions& options) {
    VibrationAnalysis out;
    out.equilibrium = equilibrium;
    for (int i : equilibrium.free) {
        out.coordinates.push_back(equilibrium.independent[i]);
    }
    const int n = static_cast<int>(equilibrium.free.size());
    if (n == 0) {
        return out;
    }
    ReducedStatics statics(model, equilibrium.independent, options.time);
    // the equilibrium's own K and C when it has them (findEquilibrium's), else worked out here
    ReducedDerivatives derivatives = equilibrium.derivatives;
    if (derivatives.stiffness.rows() != n &&
        !reducedDerivatives(statics, equilibrium.q, equilibrium.free, kDerivativeStep,
                            kDerivativeStep, derivatives)) {
        out.error = statics.failure();
        return out;
    }
    Eigen::MatrixXd basis;
    Eigen::VectorXd f;
    if (!statics.velocityBasis(equilibrium.q, basis) ||
        !statics.force(equilibrium.q, basis, Eigen::VectorXd::Zero(statics.size()), f)) {
        out.error = statics.failure();
        return out;
    }
    Eigen::MatrixXd freeBasis(model.nv(), n);
    for (int i = 0; i < n; ++i) {
        freeBasis.col(i) = basis.col(equilibrium.free[i]);
    }
    out.mass = statics.reducedMass(freeBasis);
    out.stiffness = derivatives.stiffness;
    out.damping = derivatives.damping;
    out.stiffnessAccuracy = derivatives.stiffnessChange;
    out.dampingAccuracy = derivatives.dampingChange;

    // undamped modes: K φ = ω² M φ with K's symmetric part, φᵀ M φ = 1
    const Eigen::MatrixXd symmetricMass = 0.5 * (out.mass + out.mass.transpose());
    const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> undamped(
        0.5 * (out.stiffness + out.stiffness.transpose()), symmetricMass);
    if (undamped.info() != Eigen::Success) {
        out.error = "the reduced mass matrix is not positive definite at the rest pose";
        return out;
    }
    for (int k = 0; k < n; ++k) {
        VibrationMode mode;
        mode.omegaSquared = undamped.eigenvalues()[k];
        const double omega = mode.omegaSquared > 0 ? std::sqrt(mode.omegaSquared) : 0.0;
        mode.frequencyHz = omega / (2 * std::numbers::pi);
        mode.shape = undamped.eigenvectors().col(k);
        Eigen::Index largestAt = 0;
        mode.shape.cwiseAbs().maxCoeff(&largestAt);
        if (mode.shape[largestAt] < 0) {
            mode.shape = -mode.shape;
        }
        mode.dampingRatio = omega > 0 ? mode.shape.dot(out.damping * mode.shape) / (2 * omega) : 0;
        mode.coordinateShape = freeBasis * mode.shape;
        out.modes.push_back(std::move(mode));
    }

    // the damped system's eigenvalues: [ξ̇; ξ̈] = [0 I; −M⁻¹K −M⁻¹C] [ξ; ξ̇]
    const Eigen::PartialPivLU<Eigen::MatrixXd> massLu(symmetricMass);
    Eigen::MatrixXd system = Eigen::MatrixXd::Zero(2 * n, 2 * n);
    system.topRightCorner(n, n).setIdentity();
    system.bottomLeftCorner(n, n) = -massLu.solve(out.stiffness);
    system.bottomRightCorner(n, n) = -massLu.solve(out.damping);
    const Eigen::EigenSolver<Eigen::MatrixXd> damped(system, false);
    for (const std::complex<double>& s : damped.eigenvalues()) {
        if (s.imag() >= 0) {
            out.eigenvalues.push_back(s);
        }
    }
    std::ranges::sort(out.eigenvalues,
                      [](const auto& a, const auto& b) { return std::abs(a) < std::abs(b); });
    return out;
}

bool modePose(const Model& model,
              const VibrationAnalysis& analysis,
              int mode,
              double amplitude,
              Eigen::VectorXd& q) {
    const Equilibrium& rest = analysis.equilibrium;
    if (mode < 0 || mode >= static_cast<int>(analysis.modes.size())) {
        return false;
    }
    const Eigen::VectorXd& shape = analysis.modes[mode].shape;
    const double largest = shape.cwiseAbs().maxCoeff();
    Eigen::VectorXd step = Eigen::VectorXd::Zero(model.nv());
    for (std::size_t i = 0; i < rest.free.size(); ++i) {
        step[rest.independent[rest.free[i]]] =
            amplitude * shape[static_cast<Eigen::Index>(i)] / largest;
    }
    q.resize(rest.q.size());
    integratePositions(model, rest.q, step, 1.0, q);
    Workspace ws(model);
    return assemble(model, ws, q, rest.independent).converged;
}

} // namespace sslm
