// SPDX-License-Identifier: MIT
#include "core/kinematics/sweep_table.hpp"

#include <algorithm>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/util/text.hpp"

namespace sslm {

std::vector<int> sweepIndependent(const Model& model, int dof, int input, std::string& message) {
    std::vector<int> independent = model.independent;
    if (std::ranges::find(independent, input) != independent.end()) {
        return independent;
    }
    if (dof <= 1) {
        return {input};
    }
    const auto names = text::mapped(independent, [&](int k) { return model.coordinates[k].name; });
    message = "with " + std::to_string(dof) +
              " DOF the swept input must be one of the file's independent coordinates (" +
              (names.empty() ? std::string("none") : text::joinNames(names)) + ")";
    return {};
}

std::vector<std::string> sweepColumns(const Model& model) {
    std::vector<std::string> columns = positionNames(model);
    columns.insert(columns.begin(), "input");
    for (const TracedPoint& p : model.tracedPoints) {
        for (int k = 0; k < model.dimension(); ++k) {
            columns.push_back("point." + p.name + "." + "xyz"[k]);
        }
    }
    columns.insert(columns.end(), {"sigma_min", "toggle"});
    return columns;
}

void sweepValues(const Model& model,
                 Workspace& ws,
                 const SweepSample& sample,
                 double input,
                 std::vector<double>& values) {
    values.clear();
    updatePositions(model, ws, sample.q);
    values.push_back(input);
    values.insert(values.end(), sample.q.data(), sample.q.data() + model.nq());
    for (const TracedPoint& p : model.tracedPoints) {
        const Eigen::Vector3d x = pointPosition(ws, p.body, p.p_B);
        values.insert(values.end(), x.data(), x.data() + model.dimension());
    }
    values.push_back(sample.minSingularValue);
    values.push_back(sample.toggle ? 1.0 : 0.0);
}

} // namespace sslm
