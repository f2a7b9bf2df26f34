// SPDX-License-Identifier: MIT
#include "core/model/model.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace sslm {

namespace {

template <typename Range, typename Key> int indexWhere(const Range& range, Key key) {
    const auto it = std::find_if(range.begin(), range.end(), key);
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
    std::vector<std::string> names;
    for (int j : cuts) {
        names.push_back(joints[j].name);
    }
    std::vector<std::string> fileNames = spec.cuts;
    std::sort(names.begin(), names.end());
    std::sort(fileNames.begin(), fileNames.end());
    return names == fileNames;
}

} // namespace sslm
