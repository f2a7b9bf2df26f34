// SPDX-License-Identifier: MIT
#pragma once

// sin and cos of one angle together, for the body rotations of the kinematics pass (seven
// calls per right-hand side on the carpet scraper). glibc's sincos spends most of its time on
// arguments our angles never take; here a three-part Cody–Waite reduction by π/2 (exact for
// |x| < 2²⁰·π/2 ≈ 1.6e6 rad) and Taylor polynomials to x¹⁷ on |r| ≤ π/4 give results within
// 2 ulp of the correctly rounded values (tests/core/spatial). Larger or non-finite arguments go
// to the C library.

#include <cmath>

namespace sslm::planar {

inline void sinCos(double x, double& sine, double& cosine) {
    constexpr double kLimit = 1.6e6;
    if (!(std::abs(x) < kLimit)) {
        sine = std::sin(x);
        cosine = std::cos(x);
        return;
    }
    // π/2 = kPio2a + kPio2b + kPio2c, the first two with 33 significant bits
    constexpr double kTwoOverPi = 6.36619772367581382433e-01;
    constexpr double kPio2a = 1.57079632673412561417e+00;
    constexpr double kPio2b = 6.07710050630396597660e-11;
    constexpr double kPio2c = 2.02226624879595063154e-21;
    const double k = std::nearbyint(x * kTwoOverPi);
    const double r = ((x - k * kPio2a) - k * kPio2b) - k * kPio2c;
    const double r2 = r * r;
    // sin r = r − r³/3! + … − r¹⁷/17!... (to r¹⁷), cos r = 1 − r²/2! + … (to r¹⁶)
    const double s =
        r +
        r * r2 *
            (-1.0 / 6.0 + r2 * (1.0 / 120.0 +
                                r2 * (-1.0 / 5040.0 +
                                      r2 * (1.0 / 362880.0 +
                                            r2 * (-1.0 / 39916800.0 +
                                                  r2 * (1.0 / 6227020800.0 +
                                                        r2 * (-1.0 / 1307674368000.0 +
                                                              r2 * (1.0 / 355687428096000.0))))))));
    const double c =
        1.0 + r2 * (-0.5 + r2 * (1.0 / 24.0 +
                                 r2 * (-1.0 / 720.0 +
                                       r2 * (1.0 / 40320.0 +
                                             r2 * (-1.0 / 3628800.0 +
                                                   r2 * (1.0 / 479001600.0 +
                                                         r2 * (-1.0 / 87178291200.0 +
                                                               r2 * (1.0 / 20922789888000.0))))))));
    switch (static_cast<long>(k) & 3) {
    case 0:
        sine = s;
        cosine = c;
        break;
    case 1:
        sine = c;
        cosine = -s;
        break;
    case 2:
        sine = -s;
        cosine = -c;
        break;
    default:
        sine = -c;
        cosine = s;
        break;
    }
}

} // namespace sslm::planar
