// SPDX-License-Identifier: MIT
#include "ui/viewport/scene_actors.hpp"

#include <vtkIdList.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

namespace sslm::ui {

SceneActors::~SceneActors() {
    for (const auto& actor : m_actors) {
        m_renderer->RemoveActor(actor);
    }
}

vtkActor* SceneActors::add(vtkSmartPointer<vtkPolyData> data, vtkMatrix4x4* matrix) {
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputData(data);
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    if (matrix) {
        actor->SetUserMatrix(matrix);
    }
    m_renderer->AddActor(actor);
    m_actors.push_back(actor);
    return actor;
}

QColor mixColours(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>((1 - t) * a.redF() + t * b.redF()),
                            static_cast<float>((1 - t) * a.greenF() + t * b.greenF()),
                            static_cast<float>((1 - t) * a.blueF() + t * b.blueF()));
}

void paintActor(vtkActor* actor, const QColor& colour, bool shaded, bool glossy) {
    vtkProperty* p = actor->GetProperty();
    p->SetColor(colour.redF(), colour.greenF(), colour.blueF());
    if (!shaded) {
        p->LightingOff();
        return;
    }
    p->LightingOn();
    p->SetAmbient(glossy ? 0.3 : 0.35);
    p->SetDiffuse(glossy ? 0.7 : 0.65);
    p->SetSpecular(glossy ? 0.25 : 0.08);
    p->SetSpecularPower(glossy ? 30 : 20);
}

TracePolyline::TracePolyline() {
    data->SetPoints(points);
    data->SetLines(segments);
}

void TracePolyline::append(const Eigen::Vector3d& p, double minStep) {
    const vtkIdType n = points->GetNumberOfPoints();
    if ((n > 0 && (p - last).norm() < minStep) || n >= kMaxPoints) {
        return;
    }
    points->InsertNextPoint(p.x(), p.y(), p.z());
    last = p;
    if (n > 0) {
        const vtkIdType segment[2] = {n - 1, n};
        segments->InsertNextCell(2, segment);
    }
}

void TracePolyline::clear() {
    points->Reset();
    segments->Reset();
    markModified();
}

void TracePolyline::markModified() {
    points->Modified();
    segments->Modified();
    data->Modified();
}

void TracePolyline::setVisible(bool visible) {
    line->SetVisibility(visible);
    marker->SetVisibility(visible);
}

std::vector<Eigen::Vector3d> TracePolyline::path() const {
    // the points in the order the segments join them
    std::vector<Eigen::Vector3d> out;
    const vtkIdType cells = segments->GetNumberOfCells();
    vtkNew<vtkIdList> ids;
    for (vtkIdType c = 0; c < cells; ++c) {
        segments->GetCellAtId(c, ids);
        for (vtkIdType k = (c == 0 ? 0 : 1); k < ids->GetNumberOfIds(); ++k) {
            double x[3];
            points->GetPoint(ids->GetId(k), x);
            out.emplace_back(x[0], x[1], x[2]);
        }
    }
    if (cells == 0 && points->GetNumberOfPoints() == 1) {
        double x[3];
        points->GetPoint(0, x);
        out.emplace_back(x[0], x[1], x[2]);
    }
    return out;
}

} // namespace sslm::ui
