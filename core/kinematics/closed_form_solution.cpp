// SPDX-License-Identifier: MIT
#include "core/kinematics/closed_form_solution.hpp"

#include <algorithm>

namespace sslm {

std::string closedFormProjection(const std::string& kind) {
    if (kind == "RSSR") {
        return "a cos β + b sin β = c for the driven hinge (coupler length), then the coupler's "
               "spin, 2 modes";
    }
    if (kind == "6R, spherical wrist") {
        return "wrist centre height → shoulder, its reach → elbow, its direction → J2, then the "
               "wrist's a cos φ + b sin φ = c, 8 modes";
    }
    // a planar triad: its free joints from the base round the loop (planar_triad.hpp)
    if (kind.size() != 3 || kind.find_first_not_of("RP") != std::string::npos) {
        return {};
    }
    switch (std::ranges::count(kind, 'R')) {
    case 3:
        return "circle–circle, 2 modes";
    case 2:
        return kind[1] == 'P' ? "A cos φ + B sin φ + C = 0 (the slide between the moving links), "
                                "2 modes"
                              : "line–circle, a quadratic in the slide, 2 modes";
    case 1:
        return "linear in the slides, 1 mode";
    default:
        return {};
    }
}

} // namespace sslm
