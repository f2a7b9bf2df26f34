// SPDX-License-Identifier: MIT
#include "core/interop/link_group.hpp"

#include <algorithm>
#include <cmath>

namespace sslm {

void LinkGroup::addPoint(const std::string& name, const Eigen::Vector3d& pW) {
    BodyPoint point;
    point.name = name;
    const Eigen::Vector3d local = pW - origin;
    point.p_B = local.head<2>();
    point.z_B = local.z();
    points.push_back(point);
}

std::string LinkGroup::addUniquePoint(const std::string& name, const Eigen::Vector3d& pW) {
    const auto taken = [&](const std::string& candidate) {
        return std::any_of(points.begin(), points.end(),
                           [&](const BodyPoint& p) { return p.name == candidate; });
    };
    std::string unique = name;
    for (int k = 2; taken(unique); ++k) {
        unique = name + "_" + std::to_string(k);
    }
    addPoint(unique, pW);
    return unique;
}

double LinkGroup::mass() const {
    double sum = 0;
    for (const MassPart& part : parts) {
        sum += part.mass;
    }
    return sum;
}

Eigen::Vector3d LinkGroup::comW() const {
    const double total = mass();
    if (!(total > 0)) {
        return origin;
    }
    Eigen::Vector3d moment = Eigen::Vector3d::Zero();
    for (const MassPart& part : parts) {
        moment += part.mass * part.com;
    }
    return moment / total;
}

Eigen::Matrix3d LinkGroup::inertiaAboutCom() const {
    const Eigen::Vector3d c = comW();
    Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();
    for (const MassPart& part : parts) {
        const Eigen::Vector3d d = part.com - c;
        inertia += part.inertia +
                   part.mass * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
    }
    return 0.5 * (inertia + inertia.transpose());
}

BodySpec LinkGroup::toBody() const {
    BodySpec body;
    body.id = id;
    body.name = links.empty() ? id : links.front();
    body.mass = mass();
    const Eigen::Vector3d com = comW() - origin;
    body.com_B = com.head<2>();
    body.comZ_B = com.z();
    body.inertiaTensor = inertiaAboutCom();
    body.points = points;
    body.visuals = visuals;
    return body;
}

std::optional<double> drawCompactBodyAsBlock(BodySpec& body) {
    if (body.points.empty() || !body.inertiaTensor) {
        return std::nullopt;
    }
    const Eigen::Vector3d first = body.points.front().position3();
    for (const BodyPoint& p : body.points) {
        if ((p.position3() - first).norm() > 1e-9) {
            return std::nullopt;
        }
    }
    const double gyration = std::sqrt(body.inertiaTensor->trace() / (2 * body.mass));
    const double size = gyration > 1e-6 ? 2 * gyration : 0.01;
    body.shape = BodyShape::Block;
    body.blockWidth = size;
    body.blockHeight = size;
    return size;
}

} // namespace sslm
