// SPDX-License-Identifier: MIT
#include "core/statics/reduced_statics.hpp"

#include "core/kinematics/configuration.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// The forward dynamics the reduced force is read from: SSLM, and no constraint feedback (the
/// poses are assembled, Φ = 0 to the assembly's tolerance).
SimulationSettings staticSettings() {
    SimulationSettings settings;
    settings.solver = SolverKind::Sslm;
    settings.stabilisation = Stabilisation::None;
    return settings;
}

} // namespace

ReducedStatics::ReducedStatics(const Model& model, std::vector<int> independent, double time)
    : m_model(model), m_independent(std::move(independent)), m_time(time), m_ws(model),
      m_rhs(model, staticSettings()), m_step(Eigen::VectorXd::Zero(model.nv())),
      m_rates(Eigen::VectorXd::Zero(model.nv())) {}

bool ReducedStatics::place(const Eigen::VectorXd& reference,
                           const Eigen::VectorXd& xi,
                           Eigen::VectorXd& q) {
    m_step.setZero();
    for (int i = 0; i < size(); ++i) {
        m_step[m_independent[i]] = xi[i];
    }
    q.resize(reference.size());
    integratePositions(m_model, reference, m_step, 1.0, q);
    m_assembly = assemble(m_model, m_ws, q, m_independent);
    if (!m_assembly.converged) {
        m_failure = m_assembly.message;
        return false;
    }
    m_failure.clear();
    return true;
}

bool ReducedStatics::velocityBasis(const Eigen::VectorXd& q, Eigen::MatrixXd& basis) {
    basis.resize(m_model.nv(), size());
    if (m_model.nConstraints() == 0) {
        basis.setZero();
        for (int i = 0; i < size(); ++i) {
            basis(m_independent[i], i) = 1.0;
        }
        m_failure.clear();
        return true;
    }
    for (int i = 0; i < size(); ++i) {
        m_rates.setZero();
        m_rates[m_independent[i]] = 1.0;
        const double sigma = solveVelocities(m_model, m_ws, q, m_rates, m_independent);
        if (!(sigma > 1e-12) || !m_rates.allFinite()) {
            m_failure = "singular pose: the loops' dependent coordinates cannot follow " +
                        m_model.coordinates[m_independent[i]].name + " (σ_min " +
                        text::number(sigma, 2) + ")";
            return false;
        }
        basis.col(i) = m_rates;
    }
    m_failure.clear();
    return true;
}

bool ReducedStatics::force(const Eigen::VectorXd& q,
                           const Eigen::MatrixXd& basis,
                           const Eigen::VectorXd& xiRate,
                           Eigen::VectorXd& f) {
    m_rates.noalias() = basis * xiRate;
    if (!m_rhs.evaluate(m_time, q, m_rates)) {
        m_failure = "the dynamics cannot be evaluated at this pose: " + m_rhs.failure();
        return false;
    }
    f.noalias() = basis.transpose() * (m_rhs.massMatrix() * m_rhs.qdd());
    if (!f.allFinite()) {
        m_failure = "the forces are not finite at this pose";
        return false;
    }
    m_failure.clear();
    return true;
}

Eigen::MatrixXd ReducedStatics::reducedMass(const Eigen::MatrixXd& basis) const {
    return basis.transpose() * m_rhs.massMatrix() * basis;
}

} // namespace sslm

namespace sslm {

namespace {

/// −(f(+h) − f(−h)) / 2h for every column, f read at `coordinates`.
template <class ForceAt>
bool centralDifference(const std::vector<int>& coordinates,
                       double h,
                       ForceAt forceAt,
                       Eigen::MatrixXd& derivative) {
    const int n = static_cast<int>(coordinates.size());
    derivative.resize(n, n);
    Eigen::VectorXd plus;
    Eigen::VectorXd minus;
    for (int j = 0; j < n; ++j) {
        if (!forceAt(coordinates[j], h, plus) || !forceAt(coordinates[j], -h, minus)) {
            return false;
        }
        for (int i = 0; i < n; ++i) {
            derivative(i, j) = -(plus[coordinates[i]] - minus[coordinates[i]]) / (2.0 * h);
        }
    }
    return true;
}

/// Richardson: (4 D(h/2) − D(h)) / 3 into `fine`; returns the change relative to its largest
/// entry.
double extrapolate(const Eigen::MatrixXd& coarse, Eigen::MatrixXd& fine) {
    const Eigen::MatrixXd improved = (4.0 * fine - coarse) / 3.0;
    const double scale = improved.cwiseAbs().maxCoeff();
    const double change = scale > 0 ? (improved - fine).cwiseAbs().maxCoeff() / scale : 0.0;
    fine = improved;
    return change;
}

} // namespace

bool reducedStiffness(ReducedStatics& statics,
                      const Eigen::VectorXd& q,
                      const std::vector<int>& coordinates,
                      double positionStep,
                      Eigen::MatrixXd& stiffness) {
    Eigen::VectorXd xi(statics.size());
    Eigen::VectorXd still = Eigen::VectorXd::Zero(statics.size());
    Eigen::VectorXd displaced;
    Eigen::MatrixXd basis;
    const auto forceAt = [&](int coordinate, double d, Eigen::VectorXd& f) {
        xi.setZero();
        xi[coordinate] = d;
        return statics.place(q, xi, displaced) && statics.velocityBasis(displaced, basis) &&
               statics.force(displaced, basis, still, f);
    };
    return centralDifference(coordinates, positionStep, forceAt, stiffness);
}

bool reducedDerivatives(ReducedStatics& statics,
                        const Eigen::VectorXd& q,
                        const std::vector<int>& coordinates,
                        double positionStep,
                        double rateStep,
                        ReducedDerivatives& out) {
    Eigen::MatrixXd coarse;
    if (!reducedStiffness(statics, q, coordinates, positionStep, coarse) ||
        !reducedStiffness(statics, q, coordinates, positionStep / 2, out.stiffness)) {
        return false;
    }
    out.stiffnessChange = extrapolate(coarse, out.stiffness);

    Eigen::MatrixXd basis;
    if (!statics.velocityBasis(q, basis)) {
        return false;
    }
    Eigen::VectorXd rates(statics.size());
    const auto forceAt = [&](int coordinate, double d, Eigen::VectorXd& f) {
        rates.setZero();
        rates[coordinate] = d;
        return statics.force(q, basis, rates, f);
    };
    if (!centralDifference(coordinates, rateStep, forceAt, coarse) ||
        !centralDifference(coordinates, rateStep / 2, forceAt, out.damping)) {
        return false;
    }
    out.dampingChange = extrapolate(coarse, out.damping);
    return true;
}

} // namespace sslm
