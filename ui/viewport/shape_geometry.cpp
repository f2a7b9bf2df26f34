// SPDX-License-Identifier: MIT
#include "ui/viewport/shape_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "ui/viewport/mesh_builder.hpp"

namespace sslm::ui {

namespace {

constexpr int kSegmentsPerTurn = 48;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

double cross(const Eigen::Vector2d& o, const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
    return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

/// Outward unit normal of the edge a → b of a counter-clockwise polygon.
Eigen::Vector2d outwardNormal(const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
    const Eigen::Vector2d e = (b - a).normalized();
    return {e.y(), -e.x()};
}

Polygon2d circle(double radius) {
    Polygon2d out;
    for (int i = 0; i < kSegmentsPerTurn; ++i) {
        const double a = kTwoPi * i / kSegmentsPerTurn;
        out.emplace_back(radius * std::cos(a), radius * std::sin(a));
    }
    return out;
}

} // namespace

Polygon2d convexHull(std::vector<Eigen::Vector2d> points) {
    std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) {
        return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
    });
    points.erase(std::unique(points.begin(), points.end(),
                             [](const auto& a, const auto& b) { return (a - b).norm() < 1e-12; }),
                 points.end());
    if (points.size() < 3) {
        return points;
    }
    // Andrew's monotone chain, dropping collinear vertices
    Polygon2d hull(2 * points.size());
    std::size_t k = 0;
    for (const auto& p : points) {
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], p) <= 1e-15) {
            --k;
        }
        hull[k++] = p;
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && cross(hull[k - 2], hull[k - 1], points[i]) <= 1e-15) {
            --k;
        }
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
    return hull;
}

Polygon2d roundedHull(const std::vector<Eigen::Vector2d>& points, double radius) {
    const Polygon2d hull = convexHull(points);
    if (hull.empty()) {
        return {};
    }
    if (hull.size() == 1) {
        Polygon2d disc = circle(radius);
        for (auto& p : disc) {
            p += hull[0];
        }
        return disc;
    }
    // at each vertex, an arc from the normal of the incoming edge to that of the outgoing one
    Polygon2d out;
    const std::size_t n = hull.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Eigen::Vector2d& prev = hull[(i + n - 1) % n];
        const Eigen::Vector2d& v = hull[i];
        const Eigen::Vector2d& next = hull[(i + 1) % n];
        const Eigen::Vector2d nIn = outwardNormal(prev, v);
        const Eigen::Vector2d nOut = outwardNormal(v, next);
        const double a0 = std::atan2(nIn.y(), nIn.x());
        double sweep = std::atan2(nOut.y(), nOut.x()) - a0;
        while (sweep < 0) {
            sweep += kTwoPi;
        }
        const int steps =
            std::max(1, static_cast<int>(std::ceil(sweep * kSegmentsPerTurn / kTwoPi)));
        for (int s = 0; s <= steps; ++s) {
            const double a = a0 + sweep * s / steps;
            out.push_back(v + radius * Eigen::Vector2d(std::cos(a), std::sin(a)));
        }
    }
    return out;
}

Polygon2d roundedRectangle(const Eigen::Vector2d& centre, double w, double h, double radius) {
    radius = std::min({radius, 0.49 * w, 0.49 * h});
    const double hx = 0.5 * w - radius;
    const double hy = 0.5 * h - radius;
    return roundedHull({centre + Eigen::Vector2d(-hx, -hy), centre + Eigen::Vector2d(hx, -hy),
                        centre + Eigen::Vector2d(hx, hy), centre + Eigen::Vector2d(-hx, hy)},
                       radius);
}

vtkSmartPointer<vtkPolyData> prism(const Polygon2d& outline, double z0, double z1) {
    MeshBuilder mesh;
    const auto n = static_cast<vtkIdType>(outline.size());
    if (n < 3) {
        return mesh.build();
    }
    // caps
    std::vector<vtkIdType> top(n), bottom(n);
    for (vtkIdType i = 0; i < n; ++i) {
        top[i] = mesh.add(outline[i].x(), outline[i].y(), z1, 0, 0, 1);
    }
    for (vtkIdType i = 0; i < n; ++i) {
        bottom[n - 1 - i] = mesh.add(outline[i].x(), outline[i].y(), z0, 0, 0, -1);
    }
    mesh.polys->InsertNextCell(n, top.data());
    mesh.polys->InsertNextCell(n, bottom.data());
    // sides with smooth normals: each vertex gets the mean of its two edges' normals
    std::vector<vtkIdType> sideTop(n), sideBottom(n);
    for (vtkIdType i = 0; i < n; ++i) {
        const auto& v = outline[i];
        const Eigen::Vector2d normal =
            (outwardNormal(outline[(i + n - 1) % n], v) + outwardNormal(v, outline[(i + 1) % n]))
                .normalized();
        sideTop[i] = mesh.add(v.x(), v.y(), z1, normal.x(), normal.y(), 0);
        sideBottom[i] = mesh.add(v.x(), v.y(), z0, normal.x(), normal.y(), 0);
    }
    for (vtkIdType i = 0; i < n; ++i) {
        const vtkIdType j = (i + 1) % n;
        const vtkIdType quad[4] = {sideBottom[i], sideBottom[j], sideTop[j], sideTop[i]};
        mesh.polys->InsertNextCell(4, quad);
    }
    return mesh.build();
}

vtkSmartPointer<vtkPolyData> flatPolygons(const std::vector<Polygon2d>& polygons, double z) {
    MeshBuilder mesh;
    for (const Polygon2d& polygon : polygons) {
        std::vector<vtkIdType> ids;
        for (const auto& p : polygon) {
            ids.push_back(mesh.add(p.x(), p.y(), z));
        }
        mesh.polys->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
    }
    return mesh.build();
}

vtkSmartPointer<vtkPolyData> outlineLoop(const Polygon2d& outline, double z) {
    MeshBuilder mesh;
    std::vector<vtkIdType> ids;
    for (const auto& p : outline) {
        ids.push_back(mesh.add(p.x(), p.y(), z));
    }
    if (!ids.empty()) {
        ids.push_back(ids.front());
        mesh.lines->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
    }
    return mesh.build();
}

vtkSmartPointer<vtkPolyData> ring(double innerRadius, double outerRadius, double z, int dashes) {
    MeshBuilder mesh;
    // one strip of quads per arc; a full ring is one arc over the whole turn
    const int arcs = dashes > 0 ? dashes : 1;
    const double arcSweep = dashes > 0 ? std::numbers::pi / dashes : kTwoPi;
    const int steps = std::max(2, static_cast<int>(kSegmentsPerTurn * 2 * arcSweep / kTwoPi));
    for (int a = 0; a < arcs; ++a) {
        const double start = kTwoPi * a / arcs;
        vtkIdType prevInner = -1;
        vtkIdType prevOuter = -1;
        for (int s = 0; s <= steps; ++s) {
            const double t = start + arcSweep * s / steps;
            const double c = std::cos(t);
            const double si = std::sin(t);
            const vtkIdType inner = mesh.add(innerRadius * c, innerRadius * si, z);
            const vtkIdType outer = mesh.add(outerRadius * c, outerRadius * si, z);
            if (s > 0) {
                const vtkIdType quad[4] = {prevInner, prevOuter, outer, inner};
                mesh.polys->InsertNextCell(4, quad);
            }
            prevInner = inner;
            prevOuter = outer;
        }
    }
    return mesh.build();
}

vtkSmartPointer<vtkPolyData> cylinder(double radius, double z0, double z1) {
    return prism(circle(radius), z0, z1);
}

} // namespace sslm::ui
