// SPDX-License-Identifier: MIT
#include "core/interop/mass_properties.hpp"

#include <cmath>
#include <map>
#include <sstream>
#include <utility>

#include <Eigen/Geometry>

#include "core/spatial/roll_pitch_yaw.hpp"

namespace sslm {

namespace {

std::string pointText(const Eigen::Vector3d& p) {
    std::ostringstream out;
    out.precision(6);
    out << "(" << p.x() << ", " << p.y() << ", " << p.z() << ")";
    return out.str();
}

/// Checks that every edge is shared by exactly two triangles that traverse it in opposite
/// directions; returns the message naming the first edge that is not, or an empty string.
std::string topologyProblem(const TriangleMesh& mesh, const std::string& source) {
    // directed edge (a, b) → the triangles that traverse it from a to b
    std::map<std::pair<int, int>, std::vector<int>> directed;
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto& tri = mesh.triangles[t];
        for (int k = 0; k < 3; ++k) {
            const int a = tri[k];
            const int b = tri[(k + 1) % 3];
            if (a == b) {
                return source + ": triangle " + std::to_string(t + 1) +
                       " has two equal corners: remove degenerate triangles from the mesh";
            }
            directed[{a, b}].push_back(static_cast<int>(t));
        }
    }
    for (const auto& [edge, triangles] : directed) {
        const auto [a, b] = edge;
        const std::string edgeText =
            "the edge from " + pointText(mesh.vertices[a]) + " to " + pointText(mesh.vertices[b]);
        if (triangles.size() > 1) {
            return source + ": the mesh is inconsistently oriented: triangles " +
                   std::to_string(triangles[0] + 1) + " and " + std::to_string(triangles[1] + 1) +
                   " both traverse " + edgeText +
                   " in the same direction: flip the faces that point inwards so that every "
                   "face winds counter-clockwise seen from outside";
        }
        const auto reverse = directed.find({b, a});
        if (reverse == directed.end()) {
            return source + ": the mesh is open: " + edgeText + " belongs to triangle " +
                   std::to_string(triangles[0] + 1) +
                   " only, and a closed mesh has every edge in exactly two triangles: close the "
                   "holes (or export the part as a solid)";
        }
    }
    return {};
}

} // namespace

MeshMassPropertiesResult
meshMassProperties(const TriangleMesh& mesh, double density, const std::string& source) {
    MeshMassPropertiesResult result;
    if (!(density > 0) || !std::isfinite(density)) {
        result.error = source + ": the density must be a positive number (kg/m³)";
        return result;
    }
    if (mesh.triangles.empty()) {
        result.error = source + ": the mesh has no triangles";
        return result;
    }
    for (const auto& tri : mesh.triangles) {
        for (int v : tri) {
            if (v < 0 || v >= static_cast<int>(mesh.vertices.size())) {
                result.error = source + ": a triangle names a vertex that does not exist";
                return result;
            }
        }
    }
    if (std::string problem = topologyProblem(mesh, source); !problem.empty()) {
        result.error = std::move(problem);
        return result;
    }

    // Integrate about the vertices' mean, which keeps the second moments free of the large
    // cancellation a mesh far from its origin would cause.
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    for (const Eigen::Vector3d& v : mesh.vertices) {
        centre += v;
    }
    centre /= static_cast<double>(mesh.vertices.size());

    // ∫1, ∫x, ∫y, ∫z, ∫x², ∫y², ∫z², ∫xy, ∫yz, ∫zx over the solid, each as a sum over the
    // faces of the divergence theorem's surface integral, which for a triangle is a polynomial
    // in its corners' coordinates (Eberly, "Polyhedral Mass Properties (Revisited)").
    double integral[10] = {};
    for (const auto& tri : mesh.triangles) {
        const Eigen::Vector3d p0 = mesh.vertices[tri[0]] - centre;
        const Eigen::Vector3d p1 = mesh.vertices[tri[1]] - centre;
        const Eigen::Vector3d p2 = mesh.vertices[tri[2]] - centre;
        const Eigen::Vector3d d = (p1 - p0).cross(p2 - p0); // twice the area × the normal
        Eigen::Vector3d f1, f2, f3, g0, g1, g2;
        for (int c = 0; c < 3; ++c) {
            const double w0 = p0[c];
            const double w1 = p1[c];
            const double w2 = p2[c];
            const double s01 = w0 + w1;
            f1[c] = s01 + w2;
            const double w00 = w0 * w0;
            const double q = w00 + w1 * s01;
            f2[c] = q + w2 * f1[c];
            f3[c] = w0 * w00 + w1 * q + w2 * f2[c];
            g0[c] = f2[c] + w0 * (f1[c] + w0);
            g1[c] = f2[c] + w1 * (f1[c] + w1);
            g2[c] = f2[c] + w2 * (f1[c] + w2);
        }
        integral[0] += d.x() * f1.x();
        integral[1] += d.x() * f2.x();
        integral[2] += d.y() * f2.y();
        integral[3] += d.z() * f2.z();
        integral[4] += d.x() * f3.x();
        integral[5] += d.y() * f3.y();
        integral[6] += d.z() * f3.z();
        integral[7] += d.x() * (p0.y() * g0.x() + p1.y() * g1.x() + p2.y() * g2.x());
        integral[8] += d.y() * (p0.z() * g0.y() + p1.z() * g1.y() + p2.z() * g2.y());
        integral[9] += d.z() * (p0.x() * g0.z() + p1.x() * g1.z() + p2.x() * g2.z());
    }
    integral[0] /= 6;
    for (int k = 1; k <= 3; ++k) {
        integral[k] /= 24;
    }
    for (int k = 4; k <= 6; ++k) {
        integral[k] /= 60;
    }
    for (int k = 7; k <= 9; ++k) {
        integral[k] /= 120;
    }

    const double volume = integral[0];
    // a size-free threshold: the volume against the bounding box's
    Eigen::Vector3d lo = mesh.vertices.front();
    Eigen::Vector3d hi = lo;
    for (const Eigen::Vector3d& v : mesh.vertices) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
    }
    const Eigen::Vector3d box = hi - lo;
    const double scale = box.x() * box.y() * box.z() + box.squaredNorm() * box.norm();
    if (std::abs(volume) <= 1e-12 * scale) {
        result.error = source + ": the mesh encloses no volume (it is flat or its faces cancel): "
                                "a solid is needed for mass properties";
        return result;
    }
    if (volume < 0) {
        result.error = source + ": the mesh is inside out (its volume is negative, " +
                       std::to_string(volume) +
                       "): flip the normals, i.e. reverse the winding of every face";
        return result;
    }

    const Eigen::Vector3d c(integral[1] / volume, integral[2] / volume, integral[3] / volume);
    // second moments about the COM (per unit density)
    const double xx = integral[4] - volume * c.x() * c.x();
    const double yy = integral[5] - volume * c.y() * c.y();
    const double zz = integral[6] - volume * c.z() * c.z();
    const double xy = integral[7] - volume * c.x() * c.y();
    const double yz = integral[8] - volume * c.y() * c.z();
    const double zx = integral[9] - volume * c.z() * c.x();
    Eigen::Matrix3d inertia;
    inertia << yy + zz, -xy, -zx, -xy, xx + zz, -yz, -zx, -yz, xx + yy;

    MeshMassProperties props;
    props.volume = volume;
    props.mass = density * volume;
    props.com = c + centre;
    props.inertiaCom = density * inertia;
    result.properties = props;
    return result;
}

MeshMassPropertiesResult
visualMassProperties(const VisualSpec& visual, const std::filesystem::path& file, double density) {
    MeshReadResult read = readMesh(file);
    if (!read.ok()) {
        MeshMassPropertiesResult failed;
        failed.error = read.error;
        return failed;
    }
    // the mesh as the body carries it: scaled, turned and moved into the body frame
    const Eigen::Matrix3d R = rotationFromRpy(visual.rpy);
    for (Eigen::Vector3d& v : read.mesh->vertices) {
        v = visual.position + R * visual.scale.cwiseProduct(v);
    }
    if (visual.scale.prod() < 0) { // a mirroring scale turns the faces inside out
        for (std::array<int, 3>& t : read.mesh->triangles) {
            std::swap(t[1], t[2]);
        }
    }
    return meshMassProperties(*read.mesh, density, file.string());
}

} // namespace sslm
