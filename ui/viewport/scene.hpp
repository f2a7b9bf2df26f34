// SPDX-License-Identifier: MIT
#pragma once

// What MechanismView asks of the VTK actors that draw one compiled mechanism, planar
// (PlanarScene) or spatial (SpatialScene): move them to a pose, draw reactions and traces,
// emphasise a loop, and say where the mechanism is and how the camera should look at it.
// makeScene picks the scene for the model. Private to ui/viewport.

#include <memory>
#include <vector>

#include <QColor>
#include <QString>
#include <QStringList>

#include <Eigen/Core>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "ui/viewport/element_label.hpp"

class vtkRenderer;

namespace sslm::ui {

/// How the view's camera looks at a scene.
enum class Navigation {
    /// Straight down −z in parallel projection, fitted to the x–y box of extentPoints(); a left
    /// drag pans, or orbits when the user turns orbiting on.
    TopView,
    /// Turntable about SceneMetrics::up, fitted to extentPoints() from the present direction,
    /// in either projection; standard views; the fit keeps clear of the axes triad's strip.
    Turntable,
};

/// What the view needs to know of a scene's drawing (m, W).
/// What a scene is built from: the renderer it adds its actors to, the model and its positions
/// q (nq), a colour per subsystem, and the folder relative mesh files of visuals are read from
/// (the mechanism file's; empty: none).
struct SceneSetup {
    vtkRenderer* renderer = nullptr;
    std::shared_ptr<const Model> model;
    Eigen::VectorXd q;
    std::vector<QColor> subsystemColours;
    QString meshFolder;
};

struct SceneMetrics {
    Navigation navigation = Navigation::TopView;
    double extent = 1;       ///< largest side of the assembled mechanism's bounding box
    double jointRadius = 0;  ///< radius of the joint glyphs (a planar scene's pins)
    double markerHeight = 0; ///< z of the tops of the pins and cut markers; 0 in space
    /// The world's up direction (unit): against gravity, +z without gravity or in the plane.
    Eigen::Vector3d up = Eigen::Vector3d::UnitZ();
};

class Scene {
public:
    virtual ~Scene() = default;
    Scene(const Scene&) = delete;
    Scene& operator=(const Scene&) = delete;

    /// Moves the bodies to positions q (nq) and, when traces are shown, extends them.
    virtual void setPose(const Eigen::VectorXd& q) = 0;
    virtual const Eigen::VectorXd& pose() const = 0;

    /// Reaction arrows (W), one per entry (the cuts' of a forward run in Model::cuts order, or
    /// every joint's in file order), at its point: the force at `metresPerNewton` and, in
    /// space, the moment (a double-headed arrow) at `metresPerNewtonMetre`; the plane draws no
    /// moments.
    virtual void setReactions(const std::vector<CutReaction>& reactions,
                              double metresPerNewton,
                              double metresPerNewtonMetre) = 0;
    virtual void setReactionsVisible(bool visible) = 0;
    virtual void setTracesVisible(bool visible) = 0;
    /// The floor grid; a scene without one ignores it.
    virtual void setFloorVisible(bool visible) = 0;
    /// Extends the traces through the positions (nq each), in order, without moving the bodies:
    /// the samples between two shown poses, so that a path follows every sample.
    virtual void extendTraces(const std::vector<Eigen::VectorXd>& poses) = 0;
    /// Empties the traces; the next pose shown starts them.
    virtual void clearTraces() = 0;
    /// Points (m, W) of traced point `index` (Model::tracedPoints order), in path order, as
    /// drawn (a planar path at its drawing height).
    virtual std::vector<Eigen::Vector3d> tracePath(int index) const = 0;
    /// The time (s) whose load values the arrows show; setPose keeps it.
    virtual void setTime(double t) = 0;
    /// Springs, cylinders, loads and end stops, with their labels and friction badges.
    virtual void setElementsVisible(bool visible) = 0;
    /// What the overlay writes beside the elements at the current pose; none when hidden.
    virtual std::vector<ElementLabel> elementLabels() const = 0;
    /// Emphasises the bodies and joints of one loop and dims the rest; -1 for none.
    virtual void setHighlightedLoop(int loop) = 0;
    virtual void setSubsystemColours(std::vector<QColor> colours) = 0;

    /// Visuals that could not be drawn, one line each (the file and why).
    virtual const QStringList& visualProblems() const = 0;
    virtual const Model& model() const = 0;
    virtual const SceneMetrics& metrics() const = 0;
    /// Where the point p_B (m, body frame) of `body` is drawn at the current pose (m, W; in
    /// the plane just above the pins).
    virtual Eigen::Vector3d bodyPointPosition(int body, const Eigen::Vector3d& p_B) const = 0;
    /// World position (m) of a joint's glyph at the current pose: its side-A point (in the
    /// plane at metrics().markerHeight, the top of the pin).
    virtual Eigen::Vector3d jointPosition(int joint) const = 0;
    /// Points (m, W) the camera fits, at the current pose, with the traces drawn so far when
    /// they are shown. TopView: the corners of the x–y box of the bodies and ground symbols (at
    /// z = 0). Turntable: points whose neighbourhood of radius metrics().jointRadius covers the
    /// bodies, joints and ground (not the floor).
    virtual std::vector<Eigen::Vector3d> extentPoints() const = 0;

protected:
    Scene() = default;
};

/// The scene `setup` describes, planar or spatial by its model.
std::unique_ptr<Scene> makeScene(SceneSetup setup);

} // namespace sslm::ui
