// SPDX-License-Identifier: MIT
// Compiled as C++17 (see the header).
#include "core/sim/rosenbrock4_stepper.hpp"

#include <algorithm>

#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_controller.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_dense_output.hpp>

namespace sslm {

namespace odeint = boost::numeric::odeint;
namespace ublas = boost::numeric::ublas;

namespace {

using Vector = ublas::vector<double>;
using Matrix = ublas::matrix<double>;

struct SystemAdapter {
    const Rosenbrock4Stepper::System* system;
    void operator()(const Vector& x, Vector& dxdt, double t) const {
        (*system)(&x.data()[0], &dxdt.data()[0], t);
    }
};

struct JacobianAdapter {
    const Rosenbrock4Stepper::Jacobian* jacobian;
    void operator()(const Vector& x, Matrix& dfdx, double t, Vector& dfdt) const {
        // ublas::matrix is row-major by default
        (*jacobian)(&x.data()[0], &dfdx.data()[0], t, &dfdt.data()[0]);
    }
};

} // namespace

struct Rosenbrock4Stepper::Impl {
    Impl(int size, double atol, double rtol, System f, Jacobian j)
        : n(size), system(std::move(f)), jacobian(std::move(j)),
          stepper(odeint::rosenbrock4_controller<odeint::rosenbrock4<double>>(atol, rtol)),
          state(static_cast<std::size_t>(size)) {}

    int n;
    System system;
    Jacobian jacobian;
    odeint::rosenbrock4_dense_output<odeint::rosenbrock4_controller<odeint::rosenbrock4<double>>>
        stepper;
    mutable Vector state;
};

Rosenbrock4Stepper::Rosenbrock4Stepper(
    int n, double atol, double rtol, System system, Jacobian jacobian)
    : m_impl(std::make_unique<Impl>(n, atol, rtol, std::move(system), std::move(jacobian))) {}

Rosenbrock4Stepper::~Rosenbrock4Stepper() = default;

void Rosenbrock4Stepper::initialize(const double* x, double t, double dt) {
    std::copy(x, x + m_impl->n, m_impl->state.begin());
    m_impl->stepper.initialize(m_impl->state, t, dt);
}

std::pair<double, double> Rosenbrock4Stepper::doStep() {
    return m_impl->stepper.do_step(
        std::make_pair(SystemAdapter{&m_impl->system}, JacobianAdapter{&m_impl->jacobian}));
}

void Rosenbrock4Stepper::calcState(double t, double* x) const {
    m_impl->stepper.calc_state(t, m_impl->state);
    std::copy(m_impl->state.begin(), m_impl->state.end(), x);
}

void Rosenbrock4Stepper::currentState(double* x) const {
    const Vector& current = m_impl->stepper.current_state();
    std::copy(current.begin(), current.end(), x);
}

double Rosenbrock4Stepper::currentTimeStep() const {
    return m_impl->stepper.current_time_step();
}

} // namespace sslm
