// SPDX-License-Identifier: MIT
#include "core/model/model.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/util/text.hpp"

namespace sslm {

namespace {

template <typename Range, typename Key> int indexWhere(const Range& range, Key key) {
    const auto it = std::ranges::find_if(range, key);
    return it == range.end() ? -1 : static_cast<int>(it - range.begin());
}

} // namespace

int Model::bodyIndex(std::string_view key) const {
    return indexWhere(bodies, [&](const Body& b) { return b.id == key; });
}

int Model::jointIndex(std::string_view key) const {
    return indexWhere(joints, [&](const Joint& j) { return j.name == key; });
}

int Model::coordinateIndex(std::string_view key) const {
    return indexWhere(coordinates, [&](const Coordinate& c) { return c.name == key; });
}

bool Model::usesFileCuts() const {
    if (spec.cuts.empty()) {
        return true;
    }
    std::vector<std::string> names = cutNames(*this);
    std::vector<std::string> fileNames = spec.cuts;
    std::sort(names.begin(), names.end());
    std::sort(fileNames.begin(), fileNames.end());
    return names == fileNames;
}

std::vector<std::string> loopJointNames(const Model& model, const Loop& loop) {
    return text::mapped(loop.joints, [&](int j) { return model.joints[j].name; });
}

std::string loopText(const Model& model, int loop) {
    return "loop " + std::to_string(loop + 1) + " (" +
           text::joinNames(loopJointNames(model, model.loops[loop]), "–") + ")";
}

std::vector<std::string> cutNames(const Model& model) {
    return text::mapped(model.cuts, [&](int j) { return model.joints[j].name; });
}

} // namespace sslm
