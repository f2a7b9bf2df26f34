// SPDX-License-Identifier: MIT
#include "app/cli/moment_point_option.hpp"

#include <cmath>

namespace sslm::cli {

void addMomentPointOption(CLI::App* command, std::vector<double>& values) {
    command
        ->add_option("--moment-about", values,
                     "Point the shaking moment is taken about, X,Y (planar) or X,Y,Z "
                     "(spatial), m in the ground frame; default the ground origin")
        ->delimiter(',')
        ->expected(2, 3);
}

std::string
momentPointFrom(const std::vector<double>& values, const Model& model, Eigen::Vector3d& point) {
    point.setZero();
    if (values.empty()) {
        return {};
    }
    if (values.size() != static_cast<std::size_t>(model.dimension())) {
        const char* wanted = model.isSpatial()
                                 ? "three numbers X,Y,Z for a spatial mechanism (m, ground "
                                   "frame), e.g. --moment-about 0.1,0,0.2"
                                 : "two numbers X,Y for a planar mechanism (m, ground frame), "
                                   "e.g. --moment-about 0.1,0";
        return std::string("--moment-about wants ") + wanted;
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) {
            return "--moment-about: every coordinate must be a finite number (m)";
        }
        point[static_cast<int>(i)] = values[i];
    }
    return {};
}

} // namespace sslm::cli
