// SPDX-License-Identifier: MIT
#pragma once

// What PlanarScene and SpatialScene hold and do alike: the model, its positions and workspaces,
// the actors they add to the renderer, the traces of the marked points, the reaction arrows'
// visibility, the highlighted loop and subsystem colours. A scene supplies what differs through
// a few hooks: how its actors follow a pose, where a traced point is drawn and marked, and how
// its bodies and joints are coloured. Private to ui/viewport.

#include <memory>
#include <vector>

#include <QColor>
#include <QString>
#include <QStringList>
#include <vtkSmartPointer.h>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "ui/viewport/element_actors.hpp"
#include "ui/viewport/scene.hpp"
#include "ui/viewport/scene_actors.hpp"

class vtkActor;
class vtkMatrix4x4;
class vtkPolyData;
class vtkRenderer;

namespace sslm::ui {

class SceneBase : public Scene {
public:
    ~SceneBase() override;

    /// Moves the bodies to positions q (nq) through placeActors() and, when traces are shown,
    /// extends them.
    void setPose(const Eigen::VectorXd& q) final;
    const Eigen::VectorXd& pose() const final { return m_q; }

    void setReactionsVisible(bool visible) final;
    void setTracesVisible(bool visible) final;
    void extendTraces(const std::vector<Eigen::VectorXd>& poses) final;
    void clearTraces() final;
    std::vector<Eigen::Vector3d> tracePath(int index) const final;
    void setHighlightedLoop(int loop) final;
    void setTime(double t) final;
    Eigen::Vector3d bodyPointPosition(int body, const Eigen::Vector3d& p_B) const final {
        return drawnPoint(m_ws, body, p_B);
    }
    void setElementsVisible(bool visible) final;
    std::vector<ElementLabel> elementLabels() const final;
    void setSubsystemColours(std::vector<QColor> colours) final;

    const QStringList& visualProblems() const final { return m_visualProblems; }
    const Model& model() const final { return *m_model; }
    const SceneMetrics& metrics() const final { return m_metrics; }

protected:
    /// Keeps the setup's model and positions, and places the workspace there; adds no actors
    /// (the scene's constructor builds them with buildActors()).
    explicit SceneBase(SceneSetup setup);

    /// Builds the actors in the order both scenes draw them (bodies, joints, ground, traces,
    /// modelling elements, reaction arrows), paints them and places them at m_q. A scene's
    /// constructor calls it once its metrics are set.
    void buildActors();
    virtual void buildBodies() = 0;
    virtual void buildJoints() = 0;
    /// The ground's symbols and visuals (and in space the floor under the mechanism).
    virtual void buildGround() = 0;
    /// The hidden reaction arrows setReactions() fills, from addReactionArrow().
    virtual void buildReactionArrows() = 0;
    /// Moves the actors' matrices to the positions in m_ws (updated to m_q).
    virtual void placeActors() = 0;
    /// Where the point p_B (m, body frame) of `body` is drawn (m, W) at the positions in `ws`:
    /// traced points, the modelling elements' ends and loads.
    virtual Eigen::Vector3d
    drawnPoint(const Workspace& ws, int body, const Eigen::Vector3d& p_B) const = 0;
    /// The painted actor marking traced point `point` on its body.
    virtual vtkActor* addTraceMarker(const TracedPoint& point) = 0;
    /// Paints the bodies and joints for m_subsystemColours and m_highlightedLoop.
    virtual void applyColours() = 0;

    /// The bodies and joints of the highlighted loop (Model order), which keep their colours
    /// while the rest fade; with no loop highlighted every body and no joint.
    struct LoopMembers {
        std::vector<bool> bodies;
        std::vector<bool> joints;
    };
    LoopMembers highlightedLoopMembers() const;
    /// The colour of `body`'s subsystem, or the unassigned body colour before they are known.
    QColor subsystemColour(std::size_t body) const;

    vtkActor* addActor(vtkSmartPointer<vtkPolyData> data, vtkMatrix4x4* matrix = nullptr);
    /// A hidden, empty reaction arrow, joining m_reactionArrows.
    vtkActor* addReactionArrow();
    /// Each traced point's path (line) and marker, in Model::tracedPoints order.
    void buildTraces();
    /// The springs, cylinders, loads, stops and friction badges, once m_metrics is set.
    void buildElements();
    /// The corners (m, W) of the box around the elements shown, for extentPoints().
    std::vector<Eigen::Vector3d> elementExtent() const;

    SceneActors m_actors; ///< first: its actors leave the renderer last
    std::shared_ptr<const Model> m_model;
    Workspace m_ws;
    Workspace m_traceWs; ///< positions of the poses that only extend the traces
    Eigen::VectorXd m_q;
    SceneMetrics m_metrics;
    std::vector<QColor> m_subsystemColours;
    int m_highlightedLoop = -1;
    bool m_tracesVisible = true;
    bool m_reactionsVisible = false;

    QString m_meshFolder;
    QStringList m_visualProblems;
    std::vector<TracePolyline> m_traces; ///< Model::tracedPoints order
    /// Every reaction arrow (force, and in space moment), shown when it has data
    std::vector<vtkActor*> m_reactionArrows;
    std::vector<vtkSmartPointer<vtkActor>> m_groundActors;
    std::unique_ptr<ElementActors> m_elements; ///< null until buildElements()
    double m_time = 0;                         ///< s: the loads' values drawn

private:
    /// Appends each traced point's position in `ws` when it has moved visibly.
    void appendTracePoints(const Workspace& ws);
    void markTracesModified();
};

} // namespace sslm::ui
