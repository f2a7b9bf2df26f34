// SPDX-License-Identifier: MIT
#pragma once

// Solids in three dimensions for the view of a spatial mechanism: tubes between two points,
// balls, boxes, arrows, plates through coplanar points, and a grid of lines. Each is a VTK mesh
// with point normals for smooth shading, built in the frame its points are given in (m).
// Private to ui/viewport.

#include <vector>

#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <Eigen/Core>

namespace sslm::ui {

/// A closed cylinder of `radius` from a to b (capped at both ends).
vtkSmartPointer<vtkPolyData>
tube(const Eigen::Vector3d& a, const Eigen::Vector3d& b, double radius);

/// A tube of `radius` swept along the polyline `path` (at least two points; open ends), its
/// cross-section carried along without twist: a spring's coil, a torque's curved arrow.
vtkSmartPointer<vtkPolyData> sweptTube(const std::vector<Eigen::Vector3d>& path, double radius);

/// A solid cone from a disc of `radius` at `base` to `tip`.
vtkSmartPointer<vtkPolyData>
cone(const Eigen::Vector3d& base, const Eigen::Vector3d& tip, double radius);

/// A sphere of `radius` at `centre`.
vtkSmartPointer<vtkPolyData> ball(const Eigen::Vector3d& centre, double radius);

/// A box centred at `centre` with edges along the columns of `axes` (orthonormal), of the given
/// full lengths along each.
vtkSmartPointer<vtkPolyData>
box(const Eigen::Vector3d& centre, const Eigen::Matrix3d& axes, const Eigen::Vector3d& lengths);

/// An arrow from `tail` along `vector` (its length is the arrow's): a shaft of `radius` and
/// `heads` cones (1, or 2 one behind the other: a moment's arrow) of about twice the radius,
/// at most a third of the length together. Empty for a zero vector.
vtkSmartPointer<vtkPolyData>
arrow(const Eigen::Vector3d& tail, const Eigen::Vector3d& vector, double radius, int heads = 1);

/// A plate of `thickness` through `points` (at least three, nearly coplanar; `normal` is their
/// plane's unit normal): their convex hull grown by `rim`, centred on the plane.
vtkSmartPointer<vtkPolyData> plate(const std::vector<Eigen::Vector3d>& points,
                                   const Eigen::Vector3d& normal,
                                   double rim,
                                   double thickness);

/// The unit normal of the plane the points lie in, when they span one (at least three points
/// not on a line, each within `tolerance` of the plane); zero otherwise.
Eigen::Vector3d planeNormal(const std::vector<Eigen::Vector3d>& points, double tolerance);

/// Straight lines of a square grid through `centre` in the plane spanned by the unit vectors u
/// and v: from −half to +half along each, every `step`.
vtkSmartPointer<vtkPolyData> gridLines(const Eigen::Vector3d& centre,
                                       const Eigen::Vector3d& u,
                                       const Eigen::Vector3d& v,
                                       double half,
                                       double step);

/// Two unit vectors that make (u, v, axis) a right-handed orthonormal frame.
void perpendicularPair(const Eigen::Vector3d& axis, Eigen::Vector3d& u, Eigen::Vector3d& v);

} // namespace sslm::ui
