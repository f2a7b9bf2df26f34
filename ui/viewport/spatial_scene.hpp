// SPDX-License-Identifier: MIT
#pragma once

// The VTK actors that draw one compiled spatial mechanism in three dimensions: bodies as tubes
// between their points (a plate through coplanar points), coloured by subsystem; joint glyphs
// by type (revolute axle, spherical ball, universal cross, prismatic and cylindrical sleeves),
// cut joints in red; ground plinths; a floor grid; traced points as 3-D curves; reaction force
// and moment arrows. Every body's glyphs share its matrix, so a new pose only rewrites one
// matrix per body. Private to ui/viewport; makeScene builds one for a spatial model.

#include <memory>
#include <optional>
#include <vector>

#include <QColor>
#include <QString>
#include <vtkSmartPointer.h>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "ui/viewport/scene_base.hpp"

class vtkActor;
class vtkMatrix4x4;
class vtkRenderer;

namespace sslm::ui {

/// Seen on the turntable; its metrics' sizes come from the mechanism's extent and its shortest
/// link.
class SpatialScene : public SceneBase {
public:
    /// Builds the actors for the setup's spatial model and adds them to its renderer. Bodies
    /// with visuals (meshes, primitives) are drawn with them instead of tubes.
    explicit SpatialScene(SceneSetup setup);
    ~SpatialScene() override;

    /// A force and a moment arrow per entry, at its point.
    void setReactions(const std::vector<CutReaction>& reactions,
                      double metresPerNewton,
                      double metresPerNewtonMetre) override;
    void setFloorVisible(bool visible) override;
    Eigen::Vector3d jointPosition(int joint) const override;
    /// The bodies' and ground's points at the current pose and the shown traces' points: they
    /// fit a camera more tightly than the corners of bounds().
    std::vector<Eigen::Vector3d> extentPoints() const override;

private:
    struct BodyActors;
    struct JointActors;

    /// The box (m, W) of the bodies, joints and ground at the current pose, and of the traces
    /// drawn so far when they are shown; the floor is not part of it.
    Eigen::AlignedBox3d bounds() const;
    void computeMetrics();
    void buildBodies() override;
    /// The visuals of `visuals` as actors on `matrix` (null: the ground's frame); each drawn
    /// shape's box corners join `outline`. False when none could be drawn.
    bool buildVisuals(const std::vector<VisualSpec>& visuals,
                      vtkMatrix4x4* matrix,
                      std::vector<vtkActor*>& actors,
                      std::vector<std::optional<QColor>>& colours,
                      std::vector<Eigen::Vector3d>& outline);
    void buildJoints() override;
    /// The plinths under the ground points, the ground's visuals, then buildFloor().
    void buildGround() override;
    void buildFloor();
    void buildReactionArrows() override;
    void placeActors() override;
    /// The point itself.
    Eigen::Vector3d
    drawnPoint(const Workspace& ws, int body, const Eigen::Vector3d& p_B) const override;
    vtkActor* addTraceMarker(const TracedPoint& point) override;
    void applyColours() override;

    double m_rodRadius = 0;                ///< radius (m) of the bodies' tubes
    std::vector<BodyActors> m_bodies;      ///< indexed like Model::bodies; [0] is the ground
    std::vector<JointActors> m_joints;     ///< indexed like Model::joints
    std::vector<vtkActor*> m_forceArrows;  ///< one per joint at most
    std::vector<vtkActor*> m_momentArrows; ///< one per joint at most
    std::vector<vtkActor*> m_groundVisuals;
    std::vector<std::optional<QColor>> m_groundVisualColours; ///< a visual's own colour, if any
    vtkSmartPointer<vtkActor> m_floor;
};

} // namespace sslm::ui
