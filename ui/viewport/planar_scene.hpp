// SPDX-License-Identifier: MIT
#pragma once

// The VTK actors that draw one compiled planar mechanism: bodies (bars, plates, blocks) coloured
// by subsystem, pins, ground pivots and slider guides, cut-joint markers, traces of marked
// points and reaction arrows. Body actors share one matrix per body, so a new pose only
// rewrites those matrices. Private to ui/viewport; MechanismView owns one per planar model.

#include <array>
#include <memory>
#include <vector>

#include <QColor>
#include <QString>
#include <QStringList>
#include <vtkSmartPointer.h>

#include <Eigen/Core>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "ui/viewport/scene_actors.hpp"

class vtkActor;
class vtkMatrix4x4;
class vtkPolyData;
class vtkRenderer;

namespace sslm::ui {

/// Drawing sizes (m) of a planar scene, derived from the mechanism's extent and its shortest link.
struct PlanarSceneMetrics {
    double extent = 1;    ///< larger side of the assembled mechanism's bounding box
    double barWidth = 0;  ///< width of bars, diameter of their rounded ends
    double thickness = 0; ///< extrusion of bodies along z
    double layerStep = 0; ///< z distance between consecutive bodies
    double pinRadius = 0; ///< radius of the joint pins
    double topZ = 0;      ///< height of the pin tops, the highest body geometry
};

class PlanarScene {
public:
    /// Builds the actors for `model` at pose q (nv) and adds them to `renderer`.
    /// `meshFolder`: where relative mesh files of the bodies' visuals are read from (drawn over
    /// the bodies, which keep their plates and pins).
    PlanarScene(vtkRenderer* renderer,
                std::shared_ptr<const Model> model,
                const Eigen::VectorXd& q,
                std::vector<QColor> subsystemColours,
                const QString& meshFolder = {});
    /// Visuals that could not be drawn, one line each (the file and why).
    const QStringList& visualProblems() const { return m_visualProblems; }
    ~PlanarScene();
    PlanarScene(const PlanarScene&) = delete;
    PlanarScene& operator=(const PlanarScene&) = delete;

    /// Moves the bodies to pose q (nv) and, when traces are shown, extends them.
    void setPose(const Eigen::VectorXd& q);
    const Eigen::VectorXd& pose() const { return m_q; }

    /// Reaction arrows, drawn at `metresPerNewton`: the cut reactions (Model::cuts order) of a
    /// forward run, or every joint's (file order) of an inverse run; at most one per joint.
    void setReactions(const std::vector<CutReaction>& reactions, double metresPerNewton);
    void setReactionsVisible(bool visible);
    void setTracesVisible(bool visible);
    /// Extends the traces through the poses (nv each), in order, without moving the bodies:
    /// the samples between two shown poses, so that the path follows every sample.
    void extendTraces(const std::vector<Eigen::VectorXd>& poses);
    /// Empties the traces; the next pose shown starts them.
    void clearTraces();
    /// Points (m, world) of traced point `index` (Model::tracedPoints order), in path order.
    std::vector<Eigen::Vector2d> tracePath(int index) const;
    /// Emphasises the bodies and joints of one loop and dims the rest; -1 for none.
    void setHighlightedLoop(int loop);
    void setSubsystemColours(std::vector<QColor> colours);

    const PlanarSceneMetrics& metrics() const { return m_metrics; }
    const Workspace& workspace() const { return m_ws; }
    const Model& model() const { return *m_model; }
    /// World position (m) of a joint at the current pose: its side-A point.
    Eigen::Vector2d jointPosition(int joint) const;
    /// xmin, xmax, ymin, ymax (m) of the bodies and ground symbols at the current pose, and of
    /// the traces drawn so far when they are shown.
    std::array<double, 4> bounds() const;

private:
    struct BodyActors;
    struct JointActors;

    void buildBodies();
    void buildJoints();
    void buildGround();
    void buildTraces();
    /// Appends each traced point's position in `ws` when it has moved visibly.
    void appendTracePoints(const Workspace& ws);
    void markTracesModified();
    void applyColours();
    vtkActor* addActor(vtkSmartPointer<vtkPolyData> data, vtkMatrix4x4* matrix = nullptr);

    SceneActors m_actors; ///< first: its actors leave the renderer last
    std::shared_ptr<const Model> m_model;
    Workspace m_ws;
    Workspace m_traceWs; ///< positions of the poses that only extend the traces
    Eigen::VectorXd m_q;
    PlanarSceneMetrics m_metrics;
    std::vector<QColor> m_subsystemColours;
    int m_highlightedLoop = -1;
    bool m_tracesVisible = true;
    bool m_reactionsVisible = false;

    std::vector<BodyActors> m_bodies; ///< indexed like Model::bodies; [0] is the ground
    QString m_meshFolder;
    QStringList m_visualProblems;
    std::vector<JointActors> m_joints;               ///< indexed like Model::joints
    std::vector<TracePolyline> m_traces;             ///< Model::tracedPoints order
    std::vector<vtkSmartPointer<vtkActor>> m_arrows; ///< one per cut
    std::vector<vtkSmartPointer<vtkActor>> m_groundActors;
};

} // namespace sslm::ui
