// SPDX-License-Identifier: MIT
#pragma once

// What the planar and the spatial scene share: the actors they add to a renderer (removed
// with the scene), the look of an actor (flat lines, shaded solids), a colour faded towards
// another, and a traced point's polyline, which grows one segment at a time. Private to
// ui/viewport.

#include <vector>

#include <QColor>
#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <Eigen/Core>

class vtkMatrix4x4;
class vtkRenderer;

namespace sslm::ui {

/// The actors a scene adds to `renderer`; they leave it with this object.
class SceneActors {
public:
    explicit SceneActors(vtkRenderer* renderer) : m_renderer(renderer) {}
    ~SceneActors();
    SceneActors(const SceneActors&) = delete;
    SceneActors& operator=(const SceneActors&) = delete;

    /// An actor drawing `data`, placed by `matrix` when given (shared: moving it moves them).
    vtkActor* add(vtkSmartPointer<vtkPolyData> data, vtkMatrix4x4* matrix = nullptr);

private:
    vtkRenderer* m_renderer;
    std::vector<vtkSmartPointer<vtkActor>> m_actors;
};

/// `a` moved towards `b` by the fraction t (0: a, 1: b).
QColor mixColours(const QColor& a, const QColor& b, double t);

/// Flat colour (no lighting) for lines and symbols; shaded and slightly glossy for solids,
/// `glossy` more so (the spatial scene's round solids).
void paintActor(vtkActor* actor, const QColor& colour, bool shaded, bool glossy = false);

/// A traced point's path: a polyline that grows by one segment per point, at most kMaxPoints.
struct TracePolyline {
    static constexpr int kMaxPoints = 20000;

    vtkSmartPointer<vtkPolyData> data = vtkSmartPointer<vtkPolyData>::New();
    vtkSmartPointer<vtkPoints> points = vtkSmartPointer<vtkPoints>::New();
    /// One two-point cell per segment, appended with each point (no rebuild of the whole path)
    vtkSmartPointer<vtkCellArray> segments = vtkSmartPointer<vtkCellArray>::New();
    vtkActor* line = nullptr;
    vtkActor* marker = nullptr;
    Eigen::Vector3d last = Eigen::Vector3d::Zero();

    TracePolyline();
    /// Appends p (m, W) when it is at least minStep from the last point (or the first).
    void append(const Eigen::Vector3d& p, double minStep);
    /// Empties the path; the next point starts it.
    void clear();
    void markModified();
    void setVisible(bool visible);
    /// The points in path order.
    std::vector<Eigen::Vector3d> path() const;
};

} // namespace sslm::ui
