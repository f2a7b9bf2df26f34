// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock's joint. Its type (the types of the space, see properties_space.hpp) and
// its axis: a drawn slider's angle in the parent's frame (°), or a spatial joint's axis and a
// universal joint's second axis (unit vectors, normalised as they are stored). A drawn joint,
// one of those at the selected point, also has: input or not with its initial rate,
// spring/damper (stiffness, rest position, damping) and actuator (none, force as a signal of
// time, or PD tracking of a reference signal with a feedforward force), in SI units that follow
// its type (rad or m, N·m or N). The section reports what was typed; the panel makes the edit.

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <QGroupBox>

#include <Eigen/Core>

#include "core/edit/joint_properties.hpp"
#include "ui/editor/properties/properties_space.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;

namespace sslm::ui {

class SignalEditor;

/// An edit of a drawn joint's properties.
using JointChange = std::function<void(JointProperties&)>;

class JointSection : public QGroupBox {
    Q_OBJECT

public:
    explicit JointSection(QWidget* parent = nullptr);

    void setSpace(const PropertiesSpace& space);
    /// The drawn joints to choose from (name, label); the one named `keep` stays chosen.
    void showChoices(const std::vector<std::pair<std::string, QString>>& joints,
                     const std::string& keep);
    /// The joint chosen among showChoices's, if any.
    std::optional<std::string> chosenJoint() const;
    /// Shows `joint`; `drawn` its properties in the drawing (a drawn mechanism's), `initial`
    /// the state that says whether it is an input.
    void showJoint(const JointSpec& joint,
                   const JointProperties* drawn,
                   const InitialStateSpec& initial);

    QComboBox* jointBox() const { return m_joint; }
    QComboBox* typeBox() const { return m_type; }
    QDoubleSpinBox* axisAngleBox() const { return m_axisAngle; }
    QDoubleSpinBox* axisBox(int axis) const { return m_axis[0][axis]; }
    QDoubleSpinBox* secondAxisBox(int axis) const { return m_axis[1][axis]; }
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

Q_SIGNALS:
    /// Another of the drawn joints was chosen.
    void chosen();
    void typeChosen(sslm::JointType type);
    /// A spatial joint's first or second axis typed, as the unit vector to store.
    void axisTyped(bool second, const Eigen::Vector3d& unit);
    /// A drawn joint's axis angle, spring/damper or actuator typed.
    void drawnEdited(const sslm::ui::JointChange& change);
    void inputToggled(bool input);
    void rateTyped(double rate);
    /// What was typed cannot be stored (a zero axis); `why` says so.
    void refused(const QString& why);

private:
    // the constructor's parts, in the order of the rows
    void buildTypeRows();
    void buildDrawnRows();
    void buildActuatorRows();
    void connectTypeEditors();
    void connectDrawnEditors();
    void connectActuatorEditors();
    /// Reports the axis of boxes `second` once one of them is typed.
    void axisEdited(bool second);
    /// The units of a drawn joint's numbers: of a slider's (m, N) or a pin's (rad, N·m).
    void showUnits(bool prismatic);
    void showDynamics(const JointSpec& joint,
                      const JointProperties& properties,
                      const InitialStateSpec& initial);

    PropertiesSpace m_space;
    QFormLayout* m_form = nullptr;
    QComboBox* m_joint = nullptr;
    QComboBox* m_type = nullptr;
    QDoubleSpinBox* m_axisAngle = nullptr;
    QDoubleSpinBox* m_axis[2][3] = {};
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
    QString m_name; ///< the joint shown
    bool m_updating = false;
};

} // namespace sslm::ui
