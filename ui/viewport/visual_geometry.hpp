// SPDX-License-Identifier: MIT
#pragma once

// The poly data of a body's visual shapes (mechanism file `visuals`: STL/OBJ meshes, boxes,
// cylinders, spheres) in the body frame, with their pose and scale applied. Mesh files are read
// once per path and modification time and shared between scenes. Private to ui/viewport.

#include <QString>
#include <vtkSmartPointer.h>

#include <Eigen/Geometry>

#include "core/spec/mechanism_spec.hpp"

class vtkPolyData;

namespace sslm::ui {

/// The shape in the body frame (m), flat-shaded; null when a mesh cannot be read (`problem`
/// then says which file and why). Relative mesh files are taken from `folder` (the mechanism
/// file's).
vtkSmartPointer<vtkPolyData>
visualPolyData(const VisualSpec& visual, const QString& folder, QString* problem);

/// The shape's box in the body frame (m): the corners of the poly data's bounds; empty when
/// `data` is null or has no points.
Eigen::AlignedBox3d visualBounds(vtkPolyData* data);

} // namespace sslm::ui
