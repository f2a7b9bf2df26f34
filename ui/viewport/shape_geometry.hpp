// SPDX-License-Identifier: MIT
#pragma once

// Planar outlines and the VTK meshes built from them for the mechanism view: rounded convex
// hulls (links and plates), thin prisms, rings and closed outlines. Private to ui/viewport.

#include <vector>

#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <Eigen/Core>

namespace sslm::ui {

/// A closed planar polygon, counter-clockwise, without a repeated last vertex.
using Polygon2d = std::vector<Eigen::Vector2d>;

/// Convex hull of the points, counter-clockwise; one or two vertices when they are degenerate
/// (a single point, or all on a line: then the two extremes).
Polygon2d convexHull(std::vector<Eigen::Vector2d> points);

/// The hull of the points grown by `radius` (its Minkowski sum with a disc): a stadium for two
/// points, a disc for one, a rounded polygon otherwise.
Polygon2d roundedHull(const std::vector<Eigen::Vector2d>& points, double radius);

/// A rectangle of size w × h centred at `centre`, with corners rounded by `radius`.
Polygon2d roundedRectangle(const Eigen::Vector2d& centre, double w, double h, double radius);

/// The convex polygon extruded from z0 to z1: caps and smooth-shaded sides, with normals.
vtkSmartPointer<vtkPolyData> prism(const Polygon2d& outline, double z0, double z1);

/// Flat convex polygons at height z facing +z (ground symbols, hatches).
vtkSmartPointer<vtkPolyData> flatPolygons(const std::vector<Polygon2d>& polygons, double z);

/// The outline of the polygon as one closed polyline at height z.
vtkSmartPointer<vtkPolyData> outlineLoop(const Polygon2d& outline, double z);

/// A flat ring centred at the origin at height z; with dashes > 0, only that many evenly spaced
/// arcs covering half of the circumference.
vtkSmartPointer<vtkPolyData> ring(double innerRadius, double outerRadius, double z, int dashes = 0);

/// A closed cylinder of the radius along z from z0 to z1, centred on the z axis.
vtkSmartPointer<vtkPolyData> cylinder(double radius, double z0, double z1);

} // namespace sslm::ui
