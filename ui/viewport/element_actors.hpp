// SPDX-License-Identifier: MIT
#pragma once

// The modelling elements drawn over a mechanism, alike in the plane and in space: a two-point
// spring as a coil between its points, a cylinder as a barrel on its first point and a rod on
// its second, a load as an arrow pointing at its point (its length by the force at the time
// shown) and a torque as a curved arrow about its axis, a joint's end stops as marks at its
// two limits, and the names, values and friction badges the overlay writes beside them. A
// scene says where a body point is drawn; everything else is written once here. Private to
// ui/viewport.

#include <functional>
#include <vector>

#include <QColor>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "ui/viewport/element_label.hpp"

class vtkActor;

namespace sslm::ui {

class SceneActors;

class ElementActors {
public:
    /// Where a scene draws the point p_B (m, body frame) of `body` at the positions in a
    /// workspace (m, W): a planar scene lifts it above the pins.
    using DrawnPoint =
        std::function<Eigen::Vector3d(const Workspace&, int, const Eigen::Vector3d&)>;

    /// Adds the actors of `model`'s elements to `actors`, sized from `jointRadius` (m, the
    /// scene's joint glyphs) and `extent` (m, the mechanism's size); place() shapes them.
    ElementActors(SceneActors& actors,
                  const Model& model,
                  DrawnPoint drawnPoint,
                  double jointRadius,
                  double extent);

    /// Shapes the elements at the positions in `ws` (updatePositions done) and time t (s),
    /// which sets the loads' values.
    void place(const Workspace& ws, double t);
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }
    /// True when the model has any element this draws or labels.
    bool isEmpty() const;

    /// The corners (m, W) of the box around the elements shown; none when hidden or empty.
    std::vector<Eigen::Vector3d> extentPoints() const;
    /// The labels at the last place(): loads, elements, friction badges.
    const std::vector<ElementLabel>& labels() const { return m_labels; }
    /// A load arrow's length per newton (m/N): the largest load over the first 20 s is a fifth
    /// of the mechanism's extent (a larger one seen later shrinks it).
    double metresPerNewton() const { return m_metresPerNewton; }

private:
    void placeTwoPoint(const Workspace& ws, std::size_t index);
    void placeLoad(const Workspace& ws, double t, std::size_t index);
    void placeStops(const Workspace& ws, std::size_t index);
    /// Gives `actor` the shape `data` and shows it when it has one and elements are shown.
    void reshape(vtkActor* actor, vtkSmartPointer<vtkPolyData> data) const;
    vtkActor* addActor(SceneActors& actors, const QColor& colour);

    const Model& m_model;
    DrawnPoint m_drawnPoint;
    double m_size;   ///< the joint radius (m): the elements' thickness scale
    double m_extent; ///< m
    double m_metresPerNewton = 0;
    double m_metresPerNewtonMetre = 0; ///< a torque arc's sweep per N·m (rad/(N·m))
    bool m_visible = true;

    struct TwoPointActors {
        vtkActor* body = nullptr; ///< the coil, or the cylinder's barrel
        vtkActor* rod = nullptr;  ///< the cylinder's rod; null for a spring
        double initialLength = 0; ///< m, at construction: the barrel's size
    };
    struct LoadActors {
        vtkActor* force = nullptr;
        vtkActor* torqueArc = nullptr;
        vtkActor* torqueHead = nullptr;
    };
    struct StopActors {
        int joint = -1;
        vtkActor* lower = nullptr;
        vtkActor* upper = nullptr;
    };
    std::vector<TwoPointActors> m_twoPoint; ///< Model::twoPointElements order
    std::vector<LoadActors> m_loads;        ///< Model::loads order
    std::vector<StopActors> m_stops;        ///< Model::limitedJoints order
    std::vector<int> m_frictionJoints;      ///< joints with friction, file order
    std::vector<ElementLabel> m_labels;
    std::vector<vtkActor*> m_all; ///< every actor, for visibility
};

} // namespace sslm::ui
