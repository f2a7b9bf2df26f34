// SPDX-License-Identifier: MIT
#include "core/statics/holding_effort.hpp"

namespace sslm {

std::vector<HoldingPoint> holdingCurve(const Model& model,
                                       const Eigen::VectorXd& start,
                                       int coordinate,
                                       const std::vector<double>& values,
                                       const EquilibriumOptions& options,
                                       const std::function<bool(int done)>& proceed) {
    std::vector<HoldingPoint> curve;
    curve.reserve(values.size());
    EquilibriumOptions held = options;
    held.holds.insert(held.holds.begin(), CoordinateHold{coordinate, 0.0});
    Eigen::VectorXd from = start;
    for (double value : values) {
        held.holds.front().value = value;
        HoldingPoint point;
        point.value = value;
        point.rest = findEquilibrium(model, from, held);
        if (point.rest.ok()) {
            point.effort = point.rest.holdingEffort[0];
            from = point.rest.q;
        }
        curve.push_back(std::move(point));
        if (proceed && !proceed(static_cast<int>(curve.size()))) {
            break;
        }
    }
    return curve;
}

} // namespace sslm
