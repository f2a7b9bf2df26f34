// SPDX-License-Identifier: MIT
#include "core/model/wrench_columns.hpp"

namespace sslm {
namespace {

/// How one motion space fills and names the columns of a wrench.
struct WrenchLayout {
    WrenchEntries reaction;          ///< a revolute (or any non-prismatic) joint's reaction
    WrenchEntries prismaticReaction; ///< a prismatic joint's reaction
    WrenchEntries shaking;
    std::array<const char*, 6> reactionSuffix; ///< by entry
    std::array<const char*, 6> shakingSuffix;  ///< by entry
    bool multipliersAreReactions; ///< a forward run's cut columns are the multipliers λ
};

constexpr WrenchEntries kWholeWrench{{0, 1, 2, 3, 4, 5}, 6};
constexpr WrenchEntries kPlanarWrench{{0, 1, 5}, 3}; // force x, y and the moment about z

constexpr WrenchLayout kPlanarLayout{{{0, 1}, 2},
                                     kPlanarWrench,
                                     kPlanarWrench,
                                     {".x", ".y", "", "", "", ".moment"},
                                     {".force.x", ".force.y", "", "", "", ".moment"},
                                     true};
constexpr WrenchLayout kSpatialLayout{
    kWholeWrench,
    kWholeWrench,
    kWholeWrench,
    {".fx", ".fy", ".fz", ".mx", ".my", ".mz"},
    {".force.x", ".force.y", ".force.z", ".moment.x", ".moment.y", ".moment.z"},
    false};

const WrenchLayout& layoutOf(const Model& model) {
    return model.isSpatial() ? kSpatialLayout : kPlanarLayout;
}

} // namespace

WrenchEntries reactionEntries(const Model& model, int j) {
    const WrenchLayout& layout = layoutOf(model);
    return model.joints[static_cast<std::size_t>(j)].type == JointType::Prismatic
               ? layout.prismaticReaction
               : layout.reaction;
}

WrenchEntries shakingEntries(const Model& model) {
    return layoutOf(model).shaking;
}

std::vector<WrenchColumn> reactionColumns(const Model& model, int j, bool forwardRunCut) {
    const WrenchLayout& layout = layoutOf(model);
    const bool multipliers = forwardRunCut && layout.multipliersAreReactions;
    const std::string prefix =
        (multipliers ? "lambda." : "reaction.") + model.joints[static_cast<std::size_t>(j)].name;
    std::vector<WrenchColumn> columns;
    for (int entry : reactionEntries(model, j)) {
        columns.push_back({prefix + layout.reactionSuffix[static_cast<std::size_t>(entry)], entry});
    }
    return columns;
}

std::vector<WrenchColumn> shakingColumns(const Model& model) {
    const WrenchLayout& layout = layoutOf(model);
    std::vector<WrenchColumn> columns;
    for (int entry : layout.shaking) {
        columns.push_back(
            {std::string("shaking") + layout.shakingSuffix[static_cast<std::size_t>(entry)],
             entry});
    }
    return columns;
}

std::vector<std::string> multiplierColumns(const Model& model) {
    std::vector<std::string> columns;
    if (!layoutOf(model).multipliersAreReactions) {
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

std::size_t multiplierColumnCount(const Model& model) {
    return layoutOf(model).multipliersAreReactions ? 2 * model.cuts.size() : 0;
}

void appendWrenchValues(const WrenchEntries& entries,
                        const Eigen::Vector3d& force,
                        const Eigen::Vector3d& moment,
                        std::vector<double>& values) {
    for (int entry : entries) {
        values.push_back(entry < 3 ? force[entry] : moment[entry - 3]);
    }
}

} // namespace sslm
