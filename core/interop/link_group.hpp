// SPDX-License-Identifier: MIT
#pragma once

// Links welded by fixed joints into one body of the mechanism file, shared by the importers
// (import_sink.hpp; MJCF's bodies without joints are welded alike): the body frame is parallel to
// the ground frame W at the file's pose with its origin at one link's origin; each link's mass, COM
// and inertia tensor (turned into W directions) are added, and the sum is taken about the common
// COM by the parallel-axis theorem I = Σ [I_k + m_k (‖d_k‖²·1 − d_k d_kᵀ)], d_k = c_k − c.

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// One link's mass properties in W at the file's pose.
struct MassPart {
    double mass = 0;                                   ///< kg, > 0
    Eigen::Vector3d com = Eigen::Vector3d::Zero();     ///< its COM in W (m)
    Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero(); ///< about its COM, W directions (kg·m²)
};

/// A group of links that move as one body (or the ground, id "ground").
struct LinkGroup {
    std::string id;                                   ///< body id, or "ground"
    Eigen::Vector3d origin = Eigen::Vector3d::Zero(); ///< the body frame's origin in W
    std::vector<MassPart> parts;
    std::vector<std::string> links; ///< the source links, the first names the body
    std::vector<BodyPoint> points;
    std::vector<VisualSpec> visuals; ///< the links' shapes, in the body frame

    /// Adds the point `name` at pW (W) in the body frame.
    void addPoint(const std::string& name, const Eigen::Vector3d& pW);
    /// The same under a name no point of the group has yet: `name`, else "<name>_2", … ;
    /// returns the name given.
    std::string addUniquePoint(const std::string& name, const Eigen::Vector3d& pW);
    double mass() const;
    /// The COM in W; the origin when massless.
    Eigen::Vector3d comW() const;
    /// The inertia tensor about comW() in W directions (symmetric).
    Eigen::Matrix3d inertiaAboutCom() const;
    /// The body of the file format: id, name (the first link), mass, COM, inertia tensor,
    /// points and visuals. Precondition: mass() > 0.
    BodySpec toBody() const;
};

/// A body whose joints meet at one point (a Cardan cross, a hub) is no bar: the file format
/// would call a bar of zero length degenerate. It is drawn as a block of twice its radius of
/// gyration instead (its inertia tensor is the file's either way); returns that size, or
/// nothing when the body keeps its bar. Precondition: an inertia tensor and a positive mass.
std::optional<double> drawCompactBodyAsBlock(BodySpec& body);

} // namespace sslm
