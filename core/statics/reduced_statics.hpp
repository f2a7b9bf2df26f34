// SPDX-License-Identifier: MIT
#pragma once

// A mechanism seen in its minimal coordinates ξ (static_coordinates.hpp): the pose reached
// from a reference pose by moving the independent coordinates, the velocity basis N (q̇ = N ξ̇,
// J N = 0), the reduced mass Nᵀ M N and the reduced generalized force Nᵀ φ. The force is
// taken from the one forward-dynamics kernel (sim/dynamics_rhs.hpp) as Nᵀ M q̈, which equals
// Nᵀ(φ + Jᵀλ) = Nᵀ φ because J N = 0: every force the simulation applies counts (gravity,
// joint springs, dampers, friction and stops, actuators at the time given, body loads, springs
// and cylinders between two points, pin friction), and none is written twice. A spherical
// joint's independent rates move its quaternion along the exponential map (configuration.hpp),
// never by adding to its entries.

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "core/sim/dynamics_rhs.hpp"

namespace sslm {

class ReducedStatics {
public:
    /// \param independent  the minimal coordinates (indices in q̇), e.g.
    ///                     StaticCoordinates::independent
    /// \param time         when the loads' and actuators' signals are read (s)
    ReducedStatics(const Model& model, std::vector<int> independent, double time);

    int size() const { return static_cast<int>(m_independent.size()); }
    const std::vector<int>& independent() const { return m_independent; }

    /// q = reference ⊕ E ξ, then the loops closed with the independent coordinates held (on
    /// the assembly branch nearest the reference). False when the loops do not close, with
    /// failure() naming the loop.
    bool place(const Eigen::VectorXd& reference, const Eigen::VectorXd& xi, Eigen::VectorXd& q);

    /// N (nv × size) at the assembled pose q: column i the rates when independent coordinate
    /// i moves at unit rate and the others are still. False at a singular pose.
    bool velocityBasis(const Eigen::VectorXd& q, Eigen::MatrixXd& basis);

    /// The reduced generalized force f = Nᵀ φ (N·m or N per independent coordinate) at the
    /// assembled pose q moving at ξ̇ (rates of the independent coordinates), with N the basis
    /// of the last velocityBasis() call (at q). False when the dynamics fail.
    bool force(const Eigen::VectorXd& q,
               const Eigen::MatrixXd& basis,
               const Eigen::VectorXd& xiRate,
               Eigen::VectorXd& f);

    /// Nᵀ M N (kg·m², kg) at the pose of the last force() call, with the same basis.
    Eigen::MatrixXd reducedMass(const Eigen::MatrixXd& basis) const;

    /// The last assembly's report.
    const AssemblyReport& assembly() const { return m_assembly; }
    /// Why the last call failed; empty after a success.
    const std::string& failure() const { return m_failure; }

private:
    const Model& m_model;
    std::vector<int> m_independent;
    double m_time = 0;
    Workspace m_ws;
    DynamicsRhs m_rhs;
    AssemblyReport m_assembly;
    Eigen::VectorXd m_step;  ///< nv
    Eigen::VectorXd m_rates; ///< nv
    std::string m_failure;
};

/// The reduced stiffness K = −∂f/∂ξ and damping C = −∂f/∂ξ̇ over `coordinates` (positions in
/// the minimal coordinates; rows and columns), at the assembled pose q at rest, by central
/// differences (the other minimal coordinates held) with one Richardson extrapolation: steps h
/// and h/2, error O(h⁴). `change` gets the largest change the extrapolation made relative to
/// the largest entry: the plain differences' error, a bound on the extrapolated one's.
struct ReducedDerivatives {
    Eigen::MatrixXd stiffness; ///< N·m/rad, N/m (or mixed)
    Eigen::MatrixXd damping;   ///< N·m·s/rad, N·s/m (or mixed)
    double stiffnessChange = 0;
    double dampingChange = 0;
};
/// The steps of reducedDerivatives() the statics use (rad or m; rad/s or m/s): with Richardson
/// the truncation error is O(h⁴) ~ 1e-16 and the round-off ~ ε|f|/h ~ 1e-12 of the forces.
inline constexpr double kDerivativeStep = 1e-4;

/// \param positionStep  h of the positions (rad or m); ~1e-4 balances truncation and round-off
/// \param rateStep      h of the rates (rad/s or m/s)
/// False with statics.failure() when a displaced pose cannot be assembled or evaluated.
bool reducedDerivatives(ReducedStatics& statics,
                        const Eigen::VectorXd& q,
                        const std::vector<int>& coordinates,
                        double positionStep,
                        double rateStep,
                        ReducedDerivatives& out);

/// Only the stiffness, by plain central differences with step h (Newton's Jacobian).
bool reducedStiffness(ReducedStatics& statics,
                      const Eigen::VectorXd& q,
                      const std::vector<int>& coordinates,
                      double positionStep,
                      Eigen::MatrixXd& stiffness);

} // namespace sslm
