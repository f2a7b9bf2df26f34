// SPDX-License-Identifier: MIT
#include "core/inverse/forced_drive.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <Eigen/Geometry>

#include "core/kinematics/configuration.hpp"
#include "core/model/compile.hpp"
#include "core/util/diagnostic.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// A spline signal through (t_k − t_0, row_k) for the samples of one matrix row.
SignalSpec splineOfRow(const std::vector<double>& t, const Eigen::MatrixXd& values, int row) {
    SignalSpec signal;
    signal.kind = SignalSpec::Kind::Spline;
    signal.table.reserve(t.size());
    for (std::size_t k = 0; k < t.size(); ++k) {
        signal.table.emplace_back(t[k] - t.front(), values(row, static_cast<Eigen::Index>(k)));
    }
    return signal;
}

} // namespace

DriveHistory driveHistory(const std::vector<InverseSample>& samples,
                          const std::vector<DrivenMotion>& motions) {
    DriveHistory history;
    const auto count = static_cast<Eigen::Index>(samples.size());
    const Eigen::Index np = samples.empty() ? 0 : samples.front().q.size();
    const Eigen::Index nv = samples.empty() ? 0 : samples.front().qd.size();
    history.t.reserve(samples.size());
    std::ranges::transform(motions, std::back_inserter(history.driven), &DrivenMotion::coordinate);
    history.q.resize(np, count);
    history.qd.resize(nv, count);
    history.tau.resize(static_cast<Eigen::Index>(motions.size()), count);
    for (Eigen::Index k = 0; k < count; ++k) {
        const InverseSample& sample = samples[static_cast<std::size_t>(k)];
        history.t.push_back(sample.t);
        history.q.col(k) = sample.q;
        history.qd.col(k) = sample.qd;
        history.tau.col(k) = sample.tau;
    }
    return history;
}

std::string driveHistoryError(const Model& model, const DriveHistory& history) {
    const auto nv = static_cast<Eigen::Index>(model.coordinates.size());
    const auto count = static_cast<Eigen::Index>(history.t.size());
    if (history.t.size() < 2) {
        return "the history has " + std::to_string(history.t.size()) +
               " sample(s); a forced run needs at least 2";
    }
    if (history.driven.empty()) {
        return "the history drives no coordinate";
    }
    if (history.q.rows() != model.nq() || history.qd.rows() != nv) {
        return "the history has " + std::to_string(history.q.rows()) +
               " position entries but the model has " + std::to_string(model.nq()) +
               ": was it written for another mechanism or cut choice?";
    }
    if (history.q.cols() != count || history.qd.cols() != count || history.tau.cols() != count ||
        history.tau.rows() != static_cast<Eigen::Index>(history.driven.size())) {
        return "the history's matrices do not match its " + std::to_string(count) + " times";
    }
    for (Eigen::Index k = 0; k < count; ++k) {
        const double t = history.t[static_cast<std::size_t>(k)];
        if (!std::isfinite(t) || (k > 0 && !(t > history.t[static_cast<std::size_t>(k) - 1]))) {
            return "the history's times must increase strictly: sample " + std::to_string(k) +
                   " has t = " + text::number(t, 6) + " s";
        }
        if (!history.q.col(k).allFinite() || !history.qd.col(k).allFinite() ||
            !history.tau.col(k).allFinite()) {
            return "the history has a value that is not a number at t = " + text::number(t, 6) +
                   " s";
        }
    }
    for (std::size_t i = 0; i < history.driven.size(); ++i) {
        const int k = history.driven[i];
        if (k < 0 || k >= nv) {
            return "driven coordinate " + std::to_string(k) + " is not in the model";
        }
        if (std::ranges::count(history.driven, k) > 1) {
            return "coordinate " + model.coordinates[static_cast<std::size_t>(k)].name +
                   " is driven twice";
        }
    }
    return {};
}

MechanismSpec
forcedSpec(const Model& model, const DriveHistory& history, const ForcedDriveGains& gains) {
    MechanismSpec spec = model.spec;
    spec.cuts = cutNames(model);
    const bool tracking = gains.kp != 0.0 || gains.kd != 0.0;
    for (std::size_t i = 0; i < history.driven.size(); ++i) {
        const Coordinate& coordinate =
            model.coordinates[static_cast<std::size_t>(history.driven[i])];
        const std::string& joint = model.joints[static_cast<std::size_t>(coordinate.joint)].name;
        ActuatorSpec actuator;
        actuator.joint = joint;
        actuator.force = splineOfRow(history.t, history.tau, static_cast<int>(i));
        if (tracking) {
            actuator.kind = ActuatorSpec::Kind::PdTracking;
            actuator.kp = gains.kp;
            actuator.kd = gains.kd;
            actuator.reference =
                splineOfRow(history.t, history.q, positionIndex(model, history.driven[i]));
        }
        const auto it = std::ranges::find(spec.actuators, joint, &ActuatorSpec::joint);
        if (it != spec.actuators.end()) {
            *it = std::move(actuator);
        } else {
            spec.actuators.push_back(std::move(actuator));
        }
    }
    return spec;
}

DesiredMotion::DesiredMotion(const Model& model, const DriveHistory& history)
    : m_q(history.q), m_qd(history.qd), m_duration(history.t.back() - history.t.front()) {
    m_t.reserve(history.t.size());
    for (const double t : history.t) {
        m_t.push_back(t - history.t.front());
    }
    for (int k = 0; k < model.nv(); ++k) {
        m_entry.push_back(positionIndex(model, k));
        const Coordinate& c = model.coordinates[static_cast<std::size_t>(k)];
        if (m_entry.back() < 0 && c.axis == 0) {
            m_quaternions.push_back(model.joints[static_cast<std::size_t>(c.joint)].position);
            m_sphereRates.push_back(k);
        }
    }
}

void DesiredMotion::deviation(double t,
                              const Eigen::Ref<const Eigen::VectorXd>& q,
                              Eigen::Ref<Eigen::VectorXd> deviation) const {
    // the sample interval [t_k, t_k+1] holding t (the first or last one outside the history)
    const auto after = std::upper_bound(m_t.begin(), m_t.end(), t);
    const auto k = static_cast<Eigen::Index>(
        std::clamp<std::ptrdiff_t>(after - m_t.begin() - 1, 0, std::ssize(m_t) - 2));
    const double h = m_t[static_cast<std::size_t>(k) + 1] - m_t[static_cast<std::size_t>(k)];
    const double u = (t - m_t[static_cast<std::size_t>(k)]) / h;
    // cubic Hermite basis: positions and rates at both ends
    const double u2 = u * u;
    const double u3 = u2 * u;
    const double h00 = 2 * u3 - 3 * u2 + 1;
    const double h10 = u3 - 2 * u2 + u;
    const double h01 = -2 * u3 + 3 * u2;
    const double h11 = u3 - u2;
    for (std::size_t c = 0; c < m_entry.size(); ++c) {
        const auto r = static_cast<Eigen::Index>(c);
        if (const int p = m_entry[c]; p >= 0) {
            deviation[r] = q[p] - (h00 * m_q(p, k) + h10 * h * m_qd(r, k) + h01 * m_q(p, k + 1) +
                                   h11 * h * m_qd(r, k + 1));
        }
    }
    for (std::size_t s = 0; s < m_quaternions.size(); ++s) {
        const int p = m_quaternions[s];
        const auto quaternion = [&](const Eigen::Ref<const Eigen::VectorXd>& v) {
            return Eigen::Quaterniond(v[p], v[p + 1], v[p + 2], v[p + 3]);
        };
        const Eigen::Quaterniond a = quaternion(m_q.col(k));
        Eigen::Quaterniond b = quaternion(m_q.col(k + 1));
        if (a.dot(b) < 0) {
            b.coeffs() = -b.coeffs();
        }
        Eigen::Quaterniond desired;
        desired.coeffs() = (1 - u) * a.coeffs() + u * b.coeffs();
        desired.normalize();
        // q = exp(½ δ) ⊗ q_desired: δ the rotation vector in the side-A frame
        Eigen::Quaterniond gap = quaternion(q) * desired.conjugate();
        if (gap.w() < 0) {
            gap.coeffs() = -gap.coeffs();
        }
        const double sine = gap.vec().norm();
        const double angle = 2.0 * std::atan2(sine, gap.w());
        const Eigen::Vector3d delta = sine > 1e-12 ? Eigen::Vector3d(angle / sine * gap.vec())
                                                   : Eigen::Vector3d(2.0 * gap.vec());
        deviation.segment<3>(m_sphereRates[s]) = delta;
    }
}

std::optional<ForcedStart> forcedStart(const Model& model,
                                       const DriveHistory& history,
                                       const ForcedDriveGains& gains,
                                       std::string& error) {
    if (std::string problem = driveHistoryError(model, history); !problem.empty()) {
        error = std::move(problem);
        return std::nullopt;
    }
    const CompileResult forced = compileModel(forcedSpec(model, history, gains));
    if (!forced.ok()) {
        error = "the forced model does not compile: " + formatDiagnostics(forced.diagnostics);
        return std::nullopt;
    }
    return ForcedStart{forced.model, DesiredMotion(model, history), history.q.col(0),
                       history.qd.col(0)};
}

} // namespace sslm
