// SPDX-License-Identifier: MIT
#pragma once

// The VTK actors that draw one compiled planar mechanism: bodies (bars, plates, blocks) coloured
// by subsystem, pins, ground pivots and slider guides, cut-joint markers, traces of marked
// points and reaction arrows. Body actors share one matrix per body, so a new pose only
// rewrites those matrices. Private to ui/viewport; makeScene builds one for a planar model.

#include <array>
#include <memory>
#include <vector>

#include <QColor>
#include <QString>

#include <Eigen/Core>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "ui/viewport/scene_base.hpp"

class vtkActor;
class vtkRenderer;

namespace sslm::ui {

/// Seen in the top view; its metrics' joint radius is the pins' radius and its marker height
/// the pins' top, the highest body geometry.
class PlanarScene : public SceneBase {
public:
    /// Builds the actors for the setup's planar model and adds them to its renderer; mesh
    /// visuals are drawn over the bodies, which keep their plates and pins.
    explicit PlanarScene(SceneSetup setup);
    ~PlanarScene() override;

    /// Force arrows in the plane (their x and y); at most one per joint, no moments.
    void setReactions(const std::vector<CutReaction>& reactions,
                      double metresPerNewton,
                      double metresPerNewtonMetre) override;
    void setFloorVisible(bool) override {} // the plane has no floor
    Eigen::Vector3d jointPosition(int joint) const override;
    std::vector<Eigen::Vector3d> extentPoints() const override;

private:
    struct BodyActors;
    struct JointActors;

    /// Drawing sizes (m), from the mechanism's extent and its shortest link.
    struct Sizes {
        double barWidth = 0;  ///< width of bars, diameter of their rounded ends
        double thickness = 0; ///< extrusion of bodies along z
        double layerStep = 0; ///< z distance between consecutive bodies
    };

    /// m_metrics and m_sizes from the assembled extent and the shortest distance between a
    /// body's points.
    void computeMetrics();
    void buildBodies() override;
    void buildJoints() override;
    void buildGround() override;
    void buildReactionArrows() override;
    void placeActors() override;
    /// z (m) of the traces and their markers: just above the pins' tops.
    double traceHeight() const { return m_metrics.markerHeight + 0.2 * m_sizes.thickness; }
    /// At traceHeight().
    Eigen::Vector3d
    drawnPoint(const Workspace& ws, int body, const Eigen::Vector3d& p_B) const override;
    vtkActor* addTraceMarker(const TracedPoint& point) override;
    void applyColours() override;
    /// xmin, xmax, ymin, ymax (m) of the bodies and ground symbols at the current pose, and of
    /// the traces drawn so far when they are shown.
    std::array<double, 4> bounds() const;

    Sizes m_sizes;
    std::vector<BodyActors> m_bodies;  ///< indexed like Model::bodies; [0] is the ground
    std::vector<JointActors> m_joints; ///< indexed like Model::joints
};

} // namespace sslm::ui
