// SPDX-License-Identifier: MIT
#pragma once

// Forced simulation as in seed 000 (Table 2's footnote, Figs. 7–8): the driving forces an
// inverse-dynamics run found for a desired motion drive the forward dynamics, optionally with a
// PD correction about the desired motion; the forward run's deviation from the desired motion
// measures how well the two agree. The history is sampled (what `sslm inverse` writes); between
// samples the forces are a C² natural cubic spline and the desired motion the cubic Hermite
// curve through the sampled positions and rates.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/inverse/inverse_run.hpp"
#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// A desired motion and the driving forces it needs, sampled at increasing times.
struct DriveHistory {
    std::vector<double> t;   ///< s, strictly increasing, at least 2
    std::vector<int> driven; ///< the driven coordinates (indices in q̇), one per row of tau
    /// nq() × samples: the desired pose (rad or m; a spatial model's quaternions too).
    Eigen::MatrixXd q;
    Eigen::MatrixXd tau; ///< driven × samples: driving force (N·m or N)
    Eigen::MatrixXd qd;  ///< nv × samples: the desired rates (rad/s or m/s)
};

/// The PD correction about the desired motion, added to the feedforward force.
struct ForcedDriveGains {
    double kp = 0; ///< N·m/rad or N/m
    double kd = 0; ///< N·m·s/rad or N·s/m
};

/// The history of an inverse run's samples (copied from its onSample callback) for `motions`.
DriveHistory driveHistory(const std::vector<InverseSample>& samples,
                          const std::vector<DrivenMotion>& motions);

/// Why `history` cannot drive `model` (sizes, times, coordinates, values); empty when it can.
std::string driveHistoryError(const Model& model, const DriveHistory& history);

/// model.spec with each driven joint's actuator replaced by its force history as a spline signal
/// of the forced run's time t − t[0] (s), PD tracking of the desired coordinate about that force
/// when a gain is non-zero; other actuators are kept, and so are the model's cut joints.
/// Precondition: driveHistoryError(model, history) is empty.
MechanismSpec
forcedSpec(const Model& model, const DriveHistory& history, const ForcedDriveGains& gains = {});

/// The desired motion of every coordinate, to measure a forced run's deviation from it.
class DesiredMotion {
public:
    /// Precondition: driveHistoryError(model, history) is empty.
    DesiredMotion(const Model& model, const DriveHistory& history);

    /// q ⊖ q_desired(t) into `deviation` (nv; rad or m) at the forced run's time t (s, from
    /// t[0]), for positions q (nq()). A coordinate with a position entry follows the
    /// cubic Hermite curve; a spherical joint's desired rotation is the normalised linear blend
    /// of its sampled quaternions, its deviation the rotation vector from it to q's (rad, in the
    /// joint's side-A frame, as its rates). Does not allocate once `deviation` has its size.
    void deviation(double t,
                   const Eigen::Ref<const Eigen::VectorXd>& q,
                   Eigen::Ref<Eigen::VectorXd> deviation) const;
    /// Duration of the history (s).
    double duration() const { return m_duration; }

private:
    std::vector<double> m_t;        ///< sample times from t[0] (s)
    Eigen::MatrixXd m_q;            ///< nq() × samples
    Eigen::MatrixXd m_qd;           ///< nv × samples
    std::vector<int> m_entry;       ///< per coordinate: its position entry, −1 if spherical
    std::vector<int> m_quaternions; ///< per spherical joint: first position entry
    std::vector<int> m_sphereRates; ///< per spherical joint: first rate entry
    double m_duration = 0;
};

/// What a forced run starts from: `model` driven by the history's forces (forcedSpec, compiled),
/// the desired motion its deviation is measured from, and the history's first state.
struct ForcedStart {
    std::shared_ptr<const Model> model;
    DesiredMotion desired;
    Eigen::VectorXd q0;  ///< nq() of the driven model: the history's first pose
    Eigen::VectorXd qd0; ///< nv: its first rates
};

/// The start of `model`'s forced run by `history` with `gains`; empty, with `error` saying why,
/// when the history cannot drive the model or the forced model does not compile.
std::optional<ForcedStart> forcedStart(const Model& model,
                                       const DriveHistory& history,
                                       const ForcedDriveGains& gains,
                                       std::string& error);

} // namespace sslm
