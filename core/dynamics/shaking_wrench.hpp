// SPDX-License-Identifier: MIT
#pragma once

// The shaking force and moment: the wrench the moving mechanism exerts on its frame (the
// ground), e.g. what a machine's foundation feels. By Newton–Euler for all moving bodies
// together the ground's wrench on the mechanism is Σ (rate of momentum) − Σ (weight), so
//     F_sh = −Σ mᵢ a_Gi + Σ mᵢ g,
//     M_sh(O) = −Σ [(r_Gi − O) × mᵢ a_Gi + dHᵢ/dt] + Σ (r_Gi − O) × mᵢ g,
// with dHᵢ/dt = Iᵢ αᵢ + ωᵢ × Iᵢ ωᵢ about the COM. The weight terms make F_sh the static load
// at rest; its dynamic part is −Σ mᵢ a_Gi. Motor torques, springs and dampers between the
// mechanism and the ground are inside the ground's wrench: the motor's reaction torque on its
// frame is part of M_sh. This is the identity; inverse/shaking_reactions.hpp gets the same
// wrench from the ground joints' reactions.

#include <algorithm>
#include <cmath>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// A wrench the mechanism exerts on the ground, in W. Planar: force (x, y, 0), moment (0, 0, z).
struct ShakingWrench {
    Eigen::Vector3d force = Eigen::Vector3d::Zero();  ///< N
    Eigen::Vector3d moment = Eigen::Vector3d::Zero(); ///< N·m about `about`
};

/// RMS and peak of one quantity over samples.
struct RmsPeak {
    double rms = 0;  ///< sqrt of the mean of |x|² over the samples
    double peak = 0; ///< largest |x|
};

/// RMS and peak of |F| and |M| of the shaking wrenches of a run's samples (the run summaries'
/// shaking_force_rms, …): add() each sample's wrench.
class ShakingStatistics {
public:
    void add(const ShakingWrench& w) {
        const double f2 = w.force.squaredNorm();
        const double m2 = w.moment.squaredNorm();
        m_force2 += f2;
        m_moment2 += m2;
        m_forcePeak2 = std::max(m_forcePeak2, f2);
        m_momentPeak2 = std::max(m_momentPeak2, m2);
        ++m_samples;
    }
    long samples() const { return m_samples; }
    /// Of |F| (N); zeros before the first sample.
    RmsPeak force() const { return of(m_force2, m_forcePeak2); }
    /// Of |M| (N·m) about the run's moment point.
    RmsPeak moment() const { return of(m_moment2, m_momentPeak2); }

private:
    RmsPeak of(double sum2, double peak2) const {
        if (m_samples == 0) {
            return {};
        }
        return {std::sqrt(sum2 / static_cast<double>(m_samples)), std::sqrt(peak2)};
    }
    double m_force2 = 0;
    double m_moment2 = 0;
    double m_forcePeak2 = 0;
    double m_momentPeak2 = 0;
    long m_samples = 0;
};

/// The point a shaking moment is taken about (m, W): `about` in space; in the plane its
/// projection on the plane, the moment being about the z axis through it.
Eigen::Vector3d shakingPoint(const Model& model, const Eigen::Vector3d& about);

/// The shaking wrench about the point `about` (m, W; planar: its z is ignored) at accelerations qdd
/// (nv; the state's rates of change of q̇) from the motion of every body. Precondition: positions
/// and velocities updated in ws (updatePositions, updateVelocities). `scratch` is resized as needed
/// (2 × nv, planar only).
ShakingWrench shakingFromMotion(const Model& model,
                                const Workspace& ws,
                                const Eigen::Ref<const Eigen::VectorXd>& qdd,
                                const Eigen::Vector3d& about,
                                Eigen::MatrixXd& scratch);

} // namespace sslm
