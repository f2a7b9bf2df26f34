// SPDX-License-Identifier: MIT
#pragma once

// Numbers and vectors as the importers' reports and messages write them: 6 significant digits,
// never "-0".

#include <sstream>
#include <string>

#include <Eigen/Core>

namespace sslm {

inline std::string numberText(double value) {
    std::ostringstream out;
    out.precision(6);
    out << (value == 0 ? 0.0 : value); // no "-0"
    return out.str();
}

inline std::string vectorText(const Eigen::Vector3d& v) {
    return "(" + numberText(v.x()) + ", " + numberText(v.y()) + ", " + numberText(v.z()) + ")";
}

} // namespace sslm
