// SPDX-License-Identifier: MIT
#pragma once

// Boost.Odeint's Rosenbrock 4(3) with step-size control and dense output, behind a plain
// interface over double arrays. Odeint's Rosenbrock stepper is built on uBLAS, which in Boost
// 1.74 does not compile as C++20 (it calls std::allocator::construct), so its one translation
// unit is compiled as C++17 and this header only uses what both standards share.

#include <functional>
#include <memory>
#include <utility>

namespace sslm {

class Rosenbrock4Stepper {
public:
    /// dx/dt = f(x, t): writes n values to dxdt.
    using System = std::function<void(const double* x, double* dxdt, double t)>;
    /// ∂f/∂x into jacobian (row-major n × n) and ∂f/∂t into dfdt (n).
    using Jacobian = std::function<void(const double* x, double* jacobian, double t, double* dfdt)>;

    Rosenbrock4Stepper(int n, double atol, double rtol, System system, Jacobian jacobian);
    ~Rosenbrock4Stepper();
    Rosenbrock4Stepper(const Rosenbrock4Stepper&) = delete;
    Rosenbrock4Stepper& operator=(const Rosenbrock4Stepper&) = delete;

    /// Starts (or restarts, after a projection) from x at time t with a first step dt.
    void initialize(const double* x, double t, double dt);
    /// One accepted step; returns the interval it covered (t0, t1).
    std::pair<double, double> doStep();
    /// The dense-output state at t within the last step's interval, into x (n).
    void calcState(double t, double* x) const;
    /// The state at the end of the last step, into x (n).
    void currentState(double* x) const;
    double currentTimeStep() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sslm
