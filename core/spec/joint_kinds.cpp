// SPDX-License-Identifier: MIT
#include "core/spec/joint_kinds.hpp"

#include "core/spec/spec_json_schema.hpp"

namespace sslm {

int coordinateCount(JointType type) {
    switch (type) {
    case JointType::Revolute:
    case JointType::Prismatic:
        return 1;
    case JointType::Cylindrical:
    case JointType::Universal:
        return 2;
    case JointType::Spherical:
        return 3;
    }
    return 1;
}

int positionCount(JointType type) {
    return type == JointType::Spherical ? 4 : coordinateCount(type);
}

int constraintRowCount(JointType type, MotionSpace space) {
    return (space == MotionSpace::Planar ? 3 : 6) - coordinateCount(type);
}

int grublerMobility(const MechanismSpec& spec) {
    int mobility =
        (spec.space == MotionSpace::Spatial ? 6 : 3) * static_cast<int>(spec.bodies.size());
    for (const JointSpec& joint : spec.joints) {
        mobility -= constraintRowCount(joint.type, spec.space);
    }
    return mobility;
}

bool isPlanarJointType(JointType type) {
    return type == JointType::Revolute || type == JointType::Prismatic;
}

const char* jointTypeWord(JointType type) {
    // the words of the mechanism file, literals whose views end in '\0'
    return spec_json::wordOf(spec_json::kJointTypeWords, type).data();
}

std::vector<std::string> coordinateNames(const JointSpec& joint) {
    const int n = coordinateCount(joint.type);
    if (static_cast<int>(joint.coordinates.size()) == n) {
        return joint.coordinates;
    }
    if (n == 1) {
        return {joint.coordinateName()};
    }
    std::vector<std::string> names;
    for (int k = 1; k <= n; ++k) {
        names.push_back(joint.name + "." + std::to_string(k));
    }
    return names;
}

} // namespace sslm
