// SPDX-License-Identifier: MIT
#include "core/kinematics/closed_form_solution.hpp"

#include <algorithm>
#include <string_view>

namespace sslm {

std::string closedFormProjection(const std::string& kind) {
    // an RSSR-type loop read from its input: R or P, then S or U twice, then R or P
    const auto oneOf = [&](std::size_t i, const char* letters) {
        return std::string_view(letters).find(kind[i]) != std::string_view::npos;
    };
    if (kind.size() == 4 && oneOf(0, "RP") && oneOf(1, "SU") && oneOf(2, "SU") && oneOf(3, "RP")) {
        return kind[3] == 'R' ? "a cos β + b sin β = c for the driven hinge (the coupler's "
                                "length), then the coupler's spin, 2 modes"
                              : "a quadratic in the driven slide (the coupler's length), then "
                                "the coupler's spin, 2 modes";
    }
    if (kind == "UPS") {
        return "the leg's length → a quadratic in its slide, then the universal joint's a cos β + "
               "b sin β = c, 4 modes";
    }
    if (kind == "spherical 4R" || kind == "3R, axes meeting") {
        return "the angle between the outer axes → the middle angle's a cos φ + b sin φ = c, then "
               "the outer two, 2 modes";
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
