// SPDX-License-Identifier: MIT
#include "core/model/wrench_columns.hpp"

namespace sslm {

std::vector<WrenchColumn> reactionColumns(const Model& model, int j, bool forwardRunCut) {
    const Joint& joint = model.joints[static_cast<std::size_t>(j)];
    if (model.isSpatial()) {
        const std::string prefix = "reaction." + joint.name;
        return {{prefix + ".fx", 0}, {prefix + ".fy", 1}, {prefix + ".fz", 2},
                {prefix + ".mx", 3}, {prefix + ".my", 4}, {prefix + ".mz", 5}};
    }
    const std::string prefix = (forwardRunCut ? "lambda." : "reaction.") + joint.name;
    std::vector<WrenchColumn> columns{{prefix + ".x", 0}, {prefix + ".y", 1}};
    if (joint.type == JointType::Prismatic) {
        columns.push_back({prefix + ".moment", 5});
    }
    return columns;
}

std::vector<WrenchColumn> shakingColumns(const Model& model) {
    std::vector<WrenchColumn> columns;
    const char* const axes[] = {"x", "y", "z"};
    for (int k = 0; k < model.dimension(); ++k) {
        columns.push_back({std::string("shaking.force.") + axes[k], k});
    }
    if (!model.isSpatial()) {
        columns.push_back({"shaking.moment", 5}); // the plane's one moment, about z
        return columns;
    }
    for (int k = 0; k < 3; ++k) {
        columns.push_back({std::string("shaking.moment.") + axes[k], 3 + k});
    }
    return columns;
}

std::vector<std::string> multiplierColumns(const Model& model) {
    std::vector<std::string> columns;
    if (model.isSpatial()) {
        return columns;
    }
    for (int cut : model.cuts) {
        const Joint& joint = model.joints[cut];
        const bool prismatic = joint.type == JointType::Prismatic;
        columns.push_back("lambda." + joint.name + (prismatic ? ".normal" : ".x"));
        columns.push_back("lambda." + joint.name + (prismatic ? ".moment" : ".y"));
    }
    return columns;
}

void appendWrenchValues(const std::vector<WrenchColumn>& columns,
                        const Eigen::Vector3d& force,
                        const Eigen::Vector3d& moment,
                        std::vector<double>& values) {
    for (const WrenchColumn& column : columns) {
        values.push_back(column.entry < 3 ? force[column.entry] : moment[column.entry - 3]);
    }
}

} // namespace sslm
