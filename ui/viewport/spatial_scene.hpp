// SPDX-License-Identifier: MIT
#pragma once

// The VTK actors that draw one compiled spatial mechanism in three dimensions: bodies as tubes
// between their points (a plate through coplanar points), coloured by subsystem; joint glyphs
// by type (revolute axle, spherical ball, universal cross, prismatic and cylindrical sleeves),
// cut joints in red; ground plinths; a floor grid; traced points as 3-D curves; reaction force
// and moment arrows. Every body's glyphs share its matrix, so a new pose only rewrites one
// matrix per body. Private to ui/viewport; MechanismView owns one per spatial model.

#include <memory>
#include <optional>
#include <vector>

#include <QColor>
#include <QStringList>
#include <vtkSmartPointer.h>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "ui/viewport/scene_actors.hpp"

class vtkActor;
class vtkMatrix4x4;
class vtkPolyData;
class vtkRenderer;

namespace sslm::ui {

/// Drawing sizes (m) of a spatial scene, from the mechanism's extent and its shortest link.
struct SpatialSceneMetrics {
    double extent = 1;      ///< largest side of the assembled mechanism's bounding box
    double rodRadius = 0;   ///< radius of the bodies' tubes
    double jointRadius = 0; ///< radius of the joint glyphs
    /// The world's up direction (unit): against gravity, +z without gravity.
    Eigen::Vector3d up = Eigen::Vector3d::UnitZ();
};

class SpatialScene {
public:
    /// Builds the actors for the spatial `model` at positions q (nq) in `renderer`.
    /// Bodies with visuals (meshes, primitives) are drawn with them instead of tubes; relative
    /// mesh files are read from `meshFolder` (the mechanism file's folder).
    SpatialScene(vtkRenderer* renderer,
                 std::shared_ptr<const Model> model,
                 const Eigen::VectorXd& q,
                 std::vector<QColor> subsystemColours,
                 const QString& meshFolder = {});
    ~SpatialScene();
    SpatialScene(const SpatialScene&) = delete;
    SpatialScene& operator=(const SpatialScene&) = delete;

    /// Moves the bodies to positions q (nq) and, when traces are shown, extends them.
    void setPose(const Eigen::VectorXd& q);
    const Eigen::VectorXd& pose() const { return m_q; }

    /// Reaction arrows (W): the force at `metresPerNewton` and the moment (a double-headed
    /// arrow) at `metresPerNewtonMetre`, one pair per entry (cut or joint), at its point.
    void setReactions(const std::vector<CutReaction>& reactions,
                      double metresPerNewton,
                      double metresPerNewtonMetre);
    void setReactionsVisible(bool visible);
    void setTracesVisible(bool visible);
    void setFloorVisible(bool visible);
    /// Extends the traces through the positions (nq each), in order, without moving
    /// the bodies.
    void extendTraces(const std::vector<Eigen::VectorXd>& poses);
    void clearTraces();
    /// Points (m, W) of traced point `index` (Model::tracedPoints order), in path order.
    std::vector<Eigen::Vector3d> tracePath(int index) const;
    /// Emphasises the bodies and joints of one loop and dims the rest; -1 for none.
    void setHighlightedLoop(int loop);
    void setSubsystemColours(std::vector<QColor> colours);

    /// Visuals that could not be drawn, one line each (the file and why).
    const QStringList& visualProblems() const { return m_visualProblems; }

    const SpatialSceneMetrics& metrics() const { return m_metrics; }
    const Model& model() const { return *m_model; }
    /// World position (m) of a joint at the current pose: its side-A point.
    Eigen::Vector3d jointPosition(int joint) const;
    /// The box (m, W) of the bodies, joints and ground at the current pose, and of the traces
    /// drawn so far when they are shown; the floor is not part of it.
    Eigen::AlignedBox3d bounds() const;
    /// Points (m, W) whose neighbourhood of radius metrics().jointRadius covers what bounds()
    /// covers, for fitting a camera more tightly than to the box's corners: the bodies' and
    /// ground's points at the current pose, and the shown traces' points.
    std::vector<Eigen::Vector3d> extentPoints() const;

private:
    struct BodyActors;
    struct JointActors;

    void computeMetrics();
    void buildBodies();
    /// The visuals of `visuals` as actors on `matrix` (null: the ground's frame); each drawn
    /// shape's box corners join `outline`. False when none could be drawn.
    bool buildVisuals(const std::vector<VisualSpec>& visuals,
                      vtkMatrix4x4* matrix,
                      std::vector<vtkActor*>& actors,
                      std::vector<std::optional<QColor>>& colours,
                      std::vector<Eigen::Vector3d>& outline);
    void buildJoints();
    void buildGround();
    void buildFloor();
    void buildTraces();
    void appendTracePoints(const Workspace& ws);
    void markTracesModified();
    void applyColours();
    vtkActor* addActor(vtkSmartPointer<vtkPolyData> data, vtkMatrix4x4* matrix = nullptr);

    SceneActors m_actors; ///< first: its actors leave the renderer last
    std::shared_ptr<const Model> m_model;
    Workspace m_ws;
    Workspace m_traceWs; ///< positions of the poses that only extend the traces
    Eigen::VectorXd m_q;
    SpatialSceneMetrics m_metrics;
    std::vector<QColor> m_subsystemColours;
    int m_highlightedLoop = -1;
    bool m_tracesVisible = true;
    bool m_reactionsVisible = false;

    std::vector<BodyActors> m_bodies;    ///< indexed like Model::bodies; [0] is the ground
    std::vector<JointActors> m_joints;   ///< indexed like Model::joints
    std::vector<TracePolyline> m_traces; ///< Model::tracedPoints order
    std::vector<vtkSmartPointer<vtkActor>> m_forceArrows;  ///< one per joint at most
    std::vector<vtkSmartPointer<vtkActor>> m_momentArrows; ///< one per joint at most
    std::vector<vtkSmartPointer<vtkActor>> m_groundActors;
    std::vector<vtkActor*> m_groundVisuals;
    std::vector<std::optional<QColor>> m_groundVisualColours; ///< a visual's own colour, if any
    vtkSmartPointer<vtkActor> m_floor;
    QString m_meshFolder;
    QStringList m_visualProblems;
};

} // namespace sslm::ui
