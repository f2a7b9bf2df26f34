// SPDX-License-Identifier: MIT
#pragma once

// The Properties panel of the editor's selection. Every change is one undoable edit of the
// document through the canvas; the panel follows the document (undo included).
//   Point: x and y in W (m), or in its link's frame (m); traced or not.
//   Link:  name, mass (kg), centre of mass (m, link frame), inertia (kg·m² about the COM, or
//          uniform from the shape); a bar's length (m) and angle in W (°), which move its second
//          point; its counterweights (point masses: name, mass, x, y, inertia); its visuals
//          (CAD meshes and primitives drawn with it: attach, move, turn, scale, remove) and its
//          mass, COM and inertia from a closed mesh and a density.
//   Joint (one of the joints at the selected point): type (revolute or prismatic, the slider's
//          axis angle in the parent's frame, °), input or not with its initial rate,
//          spring/damper (stiffness, rest position, damping), actuator (none, force as a
//          signal of time, or PD tracking of a reference signal with a feedforward force).
// SI units as in the file (rad, m, N, N·m) except the two geometric angles in degrees.

#include <functional>
#include <optional>
#include <string>

#include <QWidget>

#include "core/edit/joint_properties.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;

namespace sslm::ui {

class EditorCanvas;
class CounterweightTable;
class SignalEditor;
class VisualTable;

class PropertiesPanel : public QWidget {
    Q_OBJECT

public:
    explicit PropertiesPanel(EditorCanvas* canvas, QWidget* parent = nullptr);

    QLabel* title() const { return m_title; }
    // point
    QDoubleSpinBox* xBox() const { return m_x; }
    QDoubleSpinBox* yBox() const { return m_y; }
    QDoubleSpinBox* frameXBox() const { return m_frameX; }
    QDoubleSpinBox* frameYBox() const { return m_frameY; }
    QCheckBox* tracedBox() const { return m_traced; }
    // link
    QLineEdit* nameEdit() const { return m_name; }
    QDoubleSpinBox* massBox() const { return m_mass; }
    QDoubleSpinBox* comXBox() const { return m_comX; }
    QDoubleSpinBox* comYBox() const { return m_comY; }
    QCheckBox* uniformInertiaBox() const { return m_uniform; }
    QDoubleSpinBox* inertiaBox() const { return m_inertia; }
    QDoubleSpinBox* lengthBox() const { return m_length; }
    QDoubleSpinBox* angleBox() const { return m_angle; }
    CounterweightTable* counterweights() const { return m_counterweights; }
    VisualTable* visualTable() const { return m_visuals; }
    /// Sets the selected link's mass, COM and moment of inertia (about the plane's normal)
    /// from its mesh visual at `row` filled at `density` (kg/m³), as one undoable edit; false
    /// with the reason (no link, not a mesh, an open mesh, …) and nothing changed.
    bool setMassFromVisual(int row, double density, QString* error = nullptr);
    // joint
    QComboBox* jointBox() const { return m_joint; }
    QComboBox* typeBox() const { return m_type; }
    QDoubleSpinBox* axisBox() const { return m_axis; }
    QCheckBox* inputBox() const { return m_input; }
    QDoubleSpinBox* rateBox() const { return m_rate; }
    QCheckBox* springBox() const { return m_spring; }
    QDoubleSpinBox* stiffnessBox() const { return m_stiffness; }
    QDoubleSpinBox* restBox() const { return m_rest; }
    QDoubleSpinBox* dampingBox() const { return m_damping; }
    QComboBox* actuatorBox() const { return m_actuator; }
    SignalEditor* forceEditor() const { return m_force; }
    QDoubleSpinBox* kpBox() const { return m_kp; }
    QDoubleSpinBox* kdBox() const { return m_kd; }
    SignalEditor* referenceEditor() const { return m_reference; }

private:
    // the constructor's parts, called in this order (the widgets' creation order)
    /// The "Point" group: x, y in W and in the link's frame, traced.
    void buildPointGroup();
    /// The "Link" group: name, mass, COM, inertia, length, angle, counterweights, visuals.
    void buildLinkGroup();
    /// The "Joint" group: joint, type, axis, input, spring/damper and actuator.
    void buildJointGroup();
    /// Stacks the title and the three groups in a scroll area filling the panel.
    void layOutContent();
    /// Connects the point's editors to the canvas's point edits.
    void connectPointEditors();
    /// Connects the link's editors, each to an undoable edit of its own number.
    void connectLinkEditors();
    /// Connects the joint box and the joint's type, axis, input and spring/damper editors.
    void connectJointEditors();
    /// Connects the actuator's kind, gains and signals.
    void connectActuatorEditors();

    void showSelection();
    void showJoint();
    void applyPoint();
    void applyPointInFrame();
    /// Sets the selected link's properties as `change` makes them from the document's.
    /// `text` names the undo step (default "Properties of <body>").
    void editBody(const std::function<void(BodyProperties&)>& change, const QString& text = {});
    /// Moves the selected bar's second point: the length (m) or the angle in W (rad) given, the
    /// other one kept.
    void editBar(std::optional<double> length, std::optional<double> angle);
    /// Sets the chosen joint's properties as `change` makes them from the document's.
    void editJoint(const std::function<void(JointProperties&)>& change);
    void applyInput(bool input);
    void applyRate();
    /// The joint chosen in the joint box, if any.
    std::optional<std::string> chosenJoint() const;

    EditorCanvas* m_canvas = nullptr;
    QLabel* m_title = nullptr;
    QGroupBox* m_pointGroup = nullptr;
    QDoubleSpinBox* m_x = nullptr;
    QDoubleSpinBox* m_y = nullptr;
    QFormLayout* m_pointForm = nullptr;
    QLabel* m_frameLabel = nullptr;
    QDoubleSpinBox* m_frameX = nullptr;
    QDoubleSpinBox* m_frameY = nullptr;
    QCheckBox* m_traced = nullptr;
    QGroupBox* m_linkGroup = nullptr;
    QFormLayout* m_linkForm = nullptr;
    QLineEdit* m_name = nullptr;
    QDoubleSpinBox* m_mass = nullptr;
    QDoubleSpinBox* m_comX = nullptr;
    QDoubleSpinBox* m_comY = nullptr;
    QCheckBox* m_uniform = nullptr;
    QDoubleSpinBox* m_inertia = nullptr;
    QDoubleSpinBox* m_length = nullptr;
    QDoubleSpinBox* m_angle = nullptr;
    CounterweightTable* m_counterweights = nullptr;
    VisualTable* m_visuals = nullptr;
    QGroupBox* m_jointGroup = nullptr;
    QFormLayout* m_jointForm = nullptr;
    QComboBox* m_joint = nullptr;
    QComboBox* m_type = nullptr;
    QDoubleSpinBox* m_axis = nullptr;
    QCheckBox* m_input = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QCheckBox* m_spring = nullptr;
    QDoubleSpinBox* m_stiffness = nullptr;
    QDoubleSpinBox* m_rest = nullptr;
    QDoubleSpinBox* m_damping = nullptr;
    QComboBox* m_actuator = nullptr;
    SignalEditor* m_force = nullptr;
    QDoubleSpinBox* m_kp = nullptr;
    QDoubleSpinBox* m_kd = nullptr;
    SignalEditor* m_reference = nullptr;
    std::string m_shownJoint; ///< the joint last shown, kept chosen across document changes
    bool m_updating = false;
};

} // namespace sslm::ui
