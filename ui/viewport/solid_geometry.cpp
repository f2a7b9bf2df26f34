// SPDX-License-Identifier: MIT
#include "ui/viewport/solid_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "ui/viewport/mesh_builder.hpp"
#include "ui/viewport/shape_geometry.hpp"

namespace sslm::ui {

namespace {

constexpr int kSides = 28;     ///< facets around a tube or a cone
constexpr int kBallRings = 14; ///< latitude bands of a ball
constexpr double kTwoPi = 2.0 * std::numbers::pi;

/// Points with normals and triangles or lines, gathered before building the poly data.
struct Mesh : MeshBuilder {
    vtkIdType add(const Eigen::Vector3d& p, const Eigen::Vector3d& n) {
        return MeshBuilder::add(p.x(), p.y(), p.z(), n.x(), n.y(), n.z());
    }
    void triangle(vtkIdType a, vtkIdType b, vtkIdType c) {
        const vtkIdType ids[3] = {a, b, c};
        polys->InsertNextCell(3, ids);
    }
    void quad(vtkIdType a, vtkIdType b, vtkIdType c, vtkIdType d) {
        triangle(a, b, c);
        triangle(a, c, d);
    }
    void line(vtkIdType a, vtkIdType b) {
        const vtkIdType ids[2] = {a, b};
        lines->InsertNextCell(2, ids);
    }

    /// A disc of `radius` at `centre` facing `normal` (u, v span it).
    void disc(const Eigen::Vector3d& centre,
              const Eigen::Vector3d& u,
              const Eigen::Vector3d& v,
              const Eigen::Vector3d& normal,
              double radius) {
        const vtkIdType middle = add(centre, normal);
        const vtkIdType first = points->GetNumberOfPoints();
        for (int i = 0; i < kSides; ++i) {
            const double a = kTwoPi * i / kSides;
            add(centre + radius * (std::cos(a) * u + std::sin(a) * v), normal);
        }
        const bool flip = u.cross(v).dot(normal) < 0;
        for (int i = 0; i < kSides; ++i) {
            const vtkIdType p = first + i;
            const vtkIdType q = first + (i + 1) % kSides;
            flip ? triangle(middle, q, p) : triangle(middle, p, q);
        }
    }

    /// The side of a cone frustum from a (radius ra) to b (radius rb), smooth-shaded.
    void frustum(const Eigen::Vector3d& a, const Eigen::Vector3d& b, double ra, double rb) {
        const Eigen::Vector3d axis = (b - a).normalized();
        const double length = (b - a).norm();
        Eigen::Vector3d u, v;
        perpendicularPair(axis, u, v);
        const double slope = (ra - rb) / length; // the normal leans towards the narrow end
        const vtkIdType first = points->GetNumberOfPoints();
        for (int i = 0; i < kSides; ++i) {
            const double angle = kTwoPi * i / kSides;
            const Eigen::Vector3d radial = std::cos(angle) * u + std::sin(angle) * v;
            const Eigen::Vector3d n = (radial + slope * axis).normalized();
            add(a + ra * radial, n);
            add(b + rb * radial, n);
        }
        for (int i = 0; i < kSides; ++i) {
            const vtkIdType p = first + 2 * i;
            const vtkIdType q = first + 2 * ((i + 1) % kSides);
            quad(p, q, q + 1, p + 1);
        }
    }
};

} // namespace

void perpendicularPair(const Eigen::Vector3d& axis, Eigen::Vector3d& u, Eigen::Vector3d& v) {
    const Eigen::Vector3d n = axis.normalized();
    // the world axis least aligned with n gives the first perpendicular
    Eigen::Index smallest = 0;
    n.cwiseAbs().minCoeff(&smallest);
    u = n.cross(Eigen::Vector3d::Unit(smallest)).normalized();
    v = n.cross(u);
}

vtkSmartPointer<vtkPolyData>
tube(const Eigen::Vector3d& a, const Eigen::Vector3d& b, double radius) {
    Mesh mesh;
    if (!((b - a).norm() > 0) || !(radius > 0)) {
        return mesh.build();
    }
    const Eigen::Vector3d axis = (b - a).normalized();
    Eigen::Vector3d u, v;
    perpendicularPair(axis, u, v);
    mesh.frustum(a, b, radius, radius);
    mesh.disc(a, u, v, -axis, radius);
    mesh.disc(b, u, v, axis, radius);
    return mesh.build();
}

vtkSmartPointer<vtkPolyData> sweptTube(const std::vector<Eigen::Vector3d>& path, double radius) {
    Mesh mesh;
    if (path.size() < 2 || !(radius > 0)) {
        return mesh.build();
    }
    // a ring of kSides points at each path point, its frame carried from the last by the
    // smallest turn (parallel transport), so that the tube does not twist
    Eigen::Vector3d tangent = (path[1] - path[0]).normalized();
    Eigen::Vector3d u, v;
    perpendicularPair(tangent, u, v);
    for (std::size_t k = 0; k < path.size(); ++k) {
        const Eigen::Vector3d next =
            k + 1 < path.size() ? (path[k + 1] - path[k]) : (path[k] - path[k - 1]);
        const Eigen::Vector3d previous = k > 0 ? (path[k] - path[k - 1]) : next;
        const Eigen::Vector3d t = (previous.normalized() + next.normalized()).normalized();
        if (t.allFinite() && t.norm() > 0.5) {
            u = (u - u.dot(t) * t).normalized();
            v = t.cross(u);
            tangent = t;
        }
        for (int i = 0; i < kSides; ++i) {
            const double a = kTwoPi * i / kSides;
            const Eigen::Vector3d n = std::cos(a) * u + std::sin(a) * v;
            mesh.add(path[k] + radius * n, n);
        }
    }
    for (std::size_t k = 0; k + 1 < path.size(); ++k) {
        const auto ring = static_cast<vtkIdType>(k * kSides);
        for (int i = 0; i < kSides; ++i) {
            const vtkIdType p = ring + i;
            const vtkIdType q = ring + (i + 1) % kSides;
            mesh.quad(p, q, q + kSides, p + kSides);
        }
    }
    return mesh.build();
}

vtkSmartPointer<vtkPolyData>
cone(const Eigen::Vector3d& base, const Eigen::Vector3d& tip, double radius) {
    Mesh mesh;
    const Eigen::Vector3d axis = tip - base;
    if (!(axis.norm() > 0) || !(radius > 0)) {
        return mesh.build();
    }
    Eigen::Vector3d u, v;
    perpendicularPair(axis, u, v);
    mesh.frustum(base, tip, radius, 0.0);
    mesh.disc(base, u, v, -axis.normalized(), radius);
    return mesh.build();
}

vtkSmartPointer<vtkPolyData> ball(const Eigen::Vector3d& centre, double radius) {
    Mesh mesh;
    // latitude rings from pole to pole, kSides points each
    for (int ring = 0; ring <= kBallRings; ++ring) {
        const double polar = std::numbers::pi * ring / kBallRings;
        for (int i = 0; i < kSides; ++i) {
            const double azimuth = kTwoPi * i / kSides;
            const Eigen::Vector3d n(std::sin(polar) * std::cos(azimuth),
                                    std::sin(polar) * std::sin(azimuth), std::cos(polar));
            mesh.add(centre + radius * n, n);
        }
    }
    for (int ring = 0; ring < kBallRings; ++ring) {
        for (int i = 0; i < kSides; ++i) {
            const vtkIdType p = ring * kSides + i;
            const vtkIdType q = ring * kSides + (i + 1) % kSides;
            mesh.quad(p, p + kSides, q + kSides, q);
        }
    }
    return mesh.build();
}

vtkSmartPointer<vtkPolyData>
box(const Eigen::Vector3d& centre, const Eigen::Matrix3d& axes, const Eigen::Vector3d& lengths) {
    Mesh mesh;
    // six faces, four corners each with the face's normal (flat shading at the edges)
    for (int axis = 0; axis < 3; ++axis) {
        for (const double side : {-1.0, 1.0}) {
            const Eigen::Vector3d n = side * axes.col(axis);
            const Eigen::Vector3d u = axes.col((axis + 1) % 3) * 0.5 * lengths[(axis + 1) % 3];
            const Eigen::Vector3d v = axes.col((axis + 2) % 3) * 0.5 * lengths[(axis + 2) % 3];
            const Eigen::Vector3d c = centre + 0.5 * lengths[axis] * n;
            const vtkIdType p0 = mesh.add(c - u - v, n);
            const vtkIdType p1 = mesh.add(c + u - v, n);
            const vtkIdType p2 = mesh.add(c + u + v, n);
            const vtkIdType p3 = mesh.add(c - u + v, n);
            side > 0 ? mesh.quad(p0, p1, p2, p3) : mesh.quad(p0, p3, p2, p1);
        }
    }
    return mesh.build();
}

vtkSmartPointer<vtkPolyData>
arrow(const Eigen::Vector3d& tail, const Eigen::Vector3d& vector, double radius, int heads) {
    Mesh mesh;
    const double length = vector.norm();
    if (!(length > 0) || !std::isfinite(length) || !(radius > 0)) {
        return mesh.build();
    }
    const Eigen::Vector3d d = vector / length;
    Eigen::Vector3d u, v;
    perpendicularPair(d, u, v);
    const int count = std::max(1, heads);
    const double head = std::min(5.0 * radius, length / (3.0 * count));
    const Eigen::Vector3d neck = tail + (length - count * head) * d;
    mesh.frustum(tail, neck, radius, radius);
    mesh.disc(tail, u, v, -d, radius);
    for (int k = 0; k < count; ++k) {
        const Eigen::Vector3d base = neck + k * head * d;
        mesh.frustum(base, base + head * d, 2.2 * radius, 0.0);
        mesh.disc(base, u, v, -d, 2.2 * radius);
    }
    return mesh.build();
}

Eigen::Vector3d planeNormal(const std::vector<Eigen::Vector3d>& points, double tolerance) {
    if (points.size() < 3) {
        return Eigen::Vector3d::Zero();
    }
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    for (const auto& p : points) {
        centroid += p;
    }
    centroid /= static_cast<double>(points.size());
    Eigen::Matrix3d scatter = Eigen::Matrix3d::Zero();
    for (const auto& p : points) {
        scatter += (p - centroid) * (p - centroid).transpose();
    }
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eigen(scatter);
    // a plane: the two larger spreads are real, the smallest is within the tolerance
    if (!(eigen.eigenvalues()[1] > tolerance * tolerance)) {
        return Eigen::Vector3d::Zero(); // the points lie on a line
    }
    const Eigen::Vector3d normal = eigen.eigenvectors().col(0);
    for (const auto& p : points) {
        if (std::abs((p - centroid).dot(normal)) > tolerance) {
            return Eigen::Vector3d::Zero();
        }
    }
    return normal;
}

vtkSmartPointer<vtkPolyData> plate(const std::vector<Eigen::Vector3d>& points,
                                   const Eigen::Vector3d& normal,
                                   double rim,
                                   double thickness) {
    Eigen::Vector3d u, v;
    perpendicularPair(normal, u, v);
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    for (const auto& p : points) {
        centroid += p;
    }
    centroid /= static_cast<double>(std::max<std::size_t>(points.size(), 1));
    // the outline in the plane's coordinates, extruded about the plane, then placed in 3-D
    std::vector<Eigen::Vector2d> flat;
    for (const auto& p : points) {
        flat.emplace_back((p - centroid).dot(u), (p - centroid).dot(v));
    }
    vtkSmartPointer<vtkPolyData> data =
        prism(roundedHull(flat, rim), -0.5 * thickness, 0.5 * thickness);
    vtkPoints* corners = data->GetPoints();
    vtkDataArray* normals = data->GetPointData()->GetNormals();
    for (vtkIdType i = 0; i < corners->GetNumberOfPoints(); ++i) {
        double x[3];
        corners->GetPoint(i, x);
        const Eigen::Vector3d p = centroid + x[0] * u + x[1] * v + x[2] * normal;
        corners->SetPoint(i, p.x(), p.y(), p.z());
        if (normals) {
            double n[3];
            normals->GetTuple(i, n);
            const Eigen::Vector3d world = n[0] * u + n[1] * v + n[2] * normal;
            normals->SetTuple3(i, world.x(), world.y(), world.z());
        }
    }
    return data;
}

vtkSmartPointer<vtkPolyData> gridLines(const Eigen::Vector3d& centre,
                                       const Eigen::Vector3d& u,
                                       const Eigen::Vector3d& v,
                                       double half,
                                       double step) {
    Mesh mesh;
    const int count = static_cast<int>(std::floor(half / step));
    const Eigen::Vector3d n = u.cross(v);
    for (int i = -count; i <= count; ++i) {
        const double s = i * step;
        mesh.line(mesh.add(centre + s * u - half * v, n), mesh.add(centre + s * u + half * v, n));
        mesh.line(mesh.add(centre + s * v - half * u, n), mesh.add(centre + s * v + half * u, n));
    }
    return mesh.build();
}

} // namespace sslm::ui
