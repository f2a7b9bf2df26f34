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
#include <QStringList>
#include <vtkSmartPointer.h>

#include <Eigen/Core>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "ui/viewport/scene.hpp"
#include "ui/viewport/scene_actors.hpp"

class vtkActor;
class vtkMatrix4x4;
class vtkPolyData;
class vtkRenderer;

namespace sslm::ui {

/// Seen in the top view; its metrics' joint radius is the pins' radius and its marker height
/// the pins' top, the highest body geometry.
class PlanarScene : public Scene {
public:
    /// Builds the actors for `model` at pose q (nv) and adds them to `renderer`.
    /// `meshFolder`: where relative mesh files of the bodies' visuals are read from (drawn over
    /// the bodies, which keep their plates and pins).
    PlanarScene(vtkRenderer* renderer,
                std::shared_ptr<const Model> model,
                const Eigen::VectorXd& q,
                std::vector<QColor> subsystemColours,
                const QString& meshFolder = {});
    ~PlanarScene() override;

    void setPose(const Eigen::VectorXd& q) override;
    const Eigen::VectorXd& pose() const override { return m_q; }

    /// Force arrows in the plane (their x and y); at most one per joint, no moments.
    void setReactions(const std::vector<CutReaction>& reactions,
                      double metresPerNewton,
                      double metresPerNewtonMetre) override;
    void setReactionsVisible(bool visible) override;
    void setTracesVisible(bool visible) override;
    void setFloorVisible(bool) override {} // the plane has no floor
    void extendTraces(const std::vector<Eigen::VectorXd>& poses) override;
    void clearTraces() override;
    std::vector<Eigen::Vector3d> tracePath(int index) const override;
    void setHighlightedLoop(int loop) override;
    void setSubsystemColours(std::vector<QColor> colours) override;

    const QStringList& visualProblems() const override { return m_visualProblems; }
    const Model& model() const override { return *m_model; }
    const SceneMetrics& metrics() const override { return m_metrics; }
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

    void buildBodies();
    void buildJoints();
    void buildGround();
    void buildTraces();
    /// Appends each traced point's position in `ws` when it has moved visibly.
    void appendTracePoints(const Workspace& ws);
    void markTracesModified();
    void applyColours();
    vtkActor* addActor(vtkSmartPointer<vtkPolyData> data, vtkMatrix4x4* matrix = nullptr);
    /// xmin, xmax, ymin, ymax (m) of the bodies and ground symbols at the current pose, and of
    /// the traces drawn so far when they are shown.
    std::array<double, 4> bounds() const;

    SceneActors m_actors; ///< first: its actors leave the renderer last
    std::shared_ptr<const Model> m_model;
    Workspace m_ws;
    Workspace m_traceWs; ///< positions of the poses that only extend the traces
    Eigen::VectorXd m_q;
    SceneMetrics m_metrics;
    Sizes m_sizes;
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
