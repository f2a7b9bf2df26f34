// SPDX-License-Identifier: MIT
#include "ui/viewport/scene_base.hpp"

#include <algorithm>

#include <vtkActor.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>

#include "core/kinematics/forward_kinematics.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

SceneBase::SceneBase(SceneSetup setup)
    : m_actors(setup.renderer), m_model(std::move(setup.model)), m_ws(*m_model),
      m_traceWs(*m_model), m_q(std::move(setup.q)),
      m_subsystemColours(std::move(setup.subsystemColours)),
      m_meshFolder(std::move(setup.meshFolder)) {
    updatePositions(*m_model, m_ws, m_q);
}

SceneBase::~SceneBase() = default;

vtkActor* SceneBase::addActor(vtkSmartPointer<vtkPolyData> data, vtkMatrix4x4* matrix) {
    return m_actors.add(std::move(data), matrix);
}

vtkActor* SceneBase::addReactionArrow() {
    vtkActor* arrow = addActor(vtkSmartPointer<vtkPolyData>::New());
    arrow->VisibilityOff();
    m_reactionArrows.push_back(arrow);
    return arrow;
}

void SceneBase::buildActors() {
    buildBodies();
    buildJoints();
    buildGround();
    buildTraces();
    buildElements();
    buildReactionArrows();
    applyColours();
    setPose(m_q);
}

void SceneBase::buildTraces() {
    m_traces.resize(m_model->tracedPoints.size());
    for (std::size_t i = 0; i < m_traces.size(); ++i) {
        TracePolyline& trace = m_traces[i];
        trace.line = addActor(trace.data);
        paintActor(trace.line, ui::traceColour(), false);
        trace.line->GetProperty()->SetLineWidth(2.0f);
        trace.marker = addTraceMarker(m_model->tracedPoints[i]);
    }
}

void SceneBase::buildElements() {
    m_elements = std::make_unique<ElementActors>(
        m_actors, *m_model,
        [this](const Workspace& ws, int body, const Eigen::Vector3d& p_B) {
            return drawnPoint(ws, body, p_B);
        },
        m_metrics.jointRadius, m_metrics.extent);
    m_elements->place(m_ws, m_time);
}

std::vector<Eigen::Vector3d> SceneBase::elementExtent() const {
    return m_elements ? m_elements->extentPoints() : std::vector<Eigen::Vector3d>{};
}

void SceneBase::setTime(double t) {
    m_time = t;
    if (m_elements) {
        m_elements->place(m_ws, m_time);
    }
}

void SceneBase::setElementsVisible(bool visible) {
    if (m_elements) {
        m_elements->setVisible(visible);
    }
}

std::vector<ElementLabel> SceneBase::elementLabels() const {
    if (!m_elements || !m_elements->isVisible()) {
        return {};
    }
    return m_elements->labels();
}

void SceneBase::setPose(const Eigen::VectorXd& q) {
    m_q = q;
    updatePositions(*m_model, m_ws, m_q);
    placeActors();
    if (m_elements) {
        m_elements->place(m_ws, m_time);
    }
    if (m_tracesVisible) {
        appendTracePoints(m_ws);
        markTracesModified();
    }
}

void SceneBase::extendTraces(const std::vector<Eigen::VectorXd>& poses) {
    if (!m_tracesVisible || m_traces.empty()) {
        return;
    }
    // the bodies stay where they are: the poses go through a workspace of the traces' own
    // (nq = nv in the plane, whose joints have one position each)
    for (const Eigen::VectorXd& q : poses) {
        if (q.size() != m_model->nq()) {
            continue;
        }
        updatePositions(*m_model, m_traceWs, q);
        appendTracePoints(m_traceWs);
    }
    markTracesModified();
}

void SceneBase::appendTracePoints(const Workspace& ws) {
    // extend each trace when its point has moved visibly, in the order of the poses
    const double minStep = 1e-4 * m_metrics.extent;
    for (std::size_t i = 0; i < m_traces.size(); ++i) {
        const TracedPoint& point = m_model->tracedPoints[i];
        m_traces[i].append(drawnPoint(ws, point.body, point.p_B), minStep);
    }
}

void SceneBase::markTracesModified() {
    for (TracePolyline& trace : m_traces) {
        trace.markModified();
    }
}

std::vector<Eigen::Vector3d> SceneBase::tracePath(int index) const {
    if (index < 0 || index >= static_cast<int>(m_traces.size())) {
        return {};
    }
    return m_traces[static_cast<std::size_t>(index)].path();
}

void SceneBase::setReactionsVisible(bool visible) {
    // unchanged: keep the arrows as setReactions left them (a planar arrow too short to draw
    // is hidden but keeps its last shape)
    if (visible == m_reactionsVisible) {
        return;
    }
    m_reactionsVisible = visible;
    for (vtkActor* arrow : m_reactionArrows) {
        vtkPolyData* data = static_cast<vtkPolyDataMapper*>(arrow->GetMapper())->GetInput();
        arrow->SetVisibility(visible && data && data->GetNumberOfPoints() > 0);
    }
}

void SceneBase::setTracesVisible(bool visible) {
    m_tracesVisible = visible;
    for (TracePolyline& trace : m_traces) {
        trace.setVisible(visible);
    }
}

void SceneBase::clearTraces() {
    // empty: the next pose starts the path (the pose shown now may belong to another run, or
    // to a later time than the next one shown, and would join it with a straight segment)
    for (TracePolyline& trace : m_traces) {
        trace.clear();
    }
}

void SceneBase::setHighlightedLoop(int loop) {
    m_highlightedLoop = (loop >= 0 && loop < m_model->nLoops()) ? loop : -1;
    applyColours();
}

SceneBase::LoopMembers SceneBase::highlightedLoopMembers() const {
    LoopMembers members{std::vector<bool>(m_model->bodies.size(), m_highlightedLoop < 0),
                        std::vector<bool>(m_model->joints.size(), false)};
    if (m_highlightedLoop >= 0) {
        for (const int j : m_model->loops[static_cast<std::size_t>(m_highlightedLoop)].joints) {
            const Joint& joint = m_model->joints[static_cast<std::size_t>(j)];
            members.joints[static_cast<std::size_t>(j)] = true;
            members.bodies[static_cast<std::size_t>(joint.bodyA)] = true;
            members.bodies[static_cast<std::size_t>(joint.bodyB)] = true;
        }
    }
    return members;
}

QColor SceneBase::subsystemColour(std::size_t body) const {
    if (m_subsystemColours.empty()) {
        return ui::viewUnassignedBodyColour();
    }
    const int subsystem = std::max(m_model->bodies[body].subsystem, 0);
    return m_subsystemColours[static_cast<std::size_t>(subsystem) % m_subsystemColours.size()];
}

void SceneBase::setSubsystemColours(std::vector<QColor> colours) {
    m_subsystemColours = std::move(colours);
    applyColours();
}

} // namespace sslm::ui
