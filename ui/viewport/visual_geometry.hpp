// SPDX-License-Identifier: MIT
#pragma once

// The poly data of a body's visual shapes (mechanism file `visuals`: STL/OBJ meshes, boxes,
// cylinders, spheres) in the body frame, with their pose and scale applied. Mesh files are read
// once per path and modification time and shared between scenes. Private to ui/viewport.

#include <optional>
#include <vector>

#include <QColor>
#include <QString>
#include <QStringList>
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

/// A visual ready to draw: its poly data in the body frame and its own colour, if it has one.
struct DrawnVisual {
    vtkSmartPointer<vtkPolyData> data;
    std::optional<QColor> colour;
};

/// The visuals that can be drawn, in order; why each other one cannot goes to `problems` (once
/// per distinct reason).
std::vector<DrawnVisual> drawableVisuals(const std::vector<VisualSpec>& visuals,
                                         const QString& folder,
                                         QStringList& problems);

/// The shape's box in the body frame (m): the corners of the poly data's bounds; empty when
/// `data` is null or has no points.
Eigen::AlignedBox3d visualBounds(vtkPolyData* data);

} // namespace sslm::ui
