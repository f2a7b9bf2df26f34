// SPDX-License-Identifier: MIT
#pragma once

// Poly data built a point at a time: points with normals, then polygons or lines over their
// ids. The 2-D shapes' extrusions (shape_geometry.cpp) and the solids of visuals and joints
// (solid_geometry.cpp) gather their meshes in one.

#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

namespace sslm::ui {

/// Builds poly data from points, optional point normals and cells of the given kind.
struct MeshBuilder {
    vtkNew<vtkPoints> points;
    vtkNew<vtkFloatArray> normals;
    vtkNew<vtkCellArray> polys;
    vtkNew<vtkCellArray> lines;

    MeshBuilder() { normals->SetNumberOfComponents(3); }

    vtkIdType add(double x, double y, double z, double nx = 0, double ny = 0, double nz = 1) {
        normals->InsertNextTuple3(nx, ny, nz);
        return points->InsertNextPoint(x, y, z);
    }

    /// The poly data of the points and cells added so far (no empty cell arrays).
    vtkSmartPointer<vtkPolyData> build() {
        auto data = vtkSmartPointer<vtkPolyData>::New();
        data->SetPoints(points);
        data->GetPointData()->SetNormals(normals);
        if (polys->GetNumberOfCells() > 0) {
            data->SetPolys(polys);
        }
        if (lines->GetNumberOfCells() > 0) {
            data->SetLines(lines);
        }
        return data;
    }
};

} // namespace sslm::ui
