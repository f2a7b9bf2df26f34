// SPDX-License-Identifier: MIT
#pragma once

// The Forces dock: what acts on a mechanism besides gravity and its actuators, alike for planar
// and spatial mechanisms. A list of the loads, the two-point springs and cylinders, and the
// one-coordinate joints (with their friction and end stops, if any), and a form for the one
// chosen:
//   Load:     name, point (a body's), direction frame (ground or body), direction, force (a
//             signal of time, N) and, in space, the torque's axis; torque (N·m).
//   Element:  name, kind (spring or cylinder), its two points (a body's or the ground's);
//             a spring's stiffness (N/m), rest length (m), damping (N·s/m) and preload (N);
//             a cylinder's force signal (N) and optional PD tracking of a length signal.
//   Joint:    Coulomb and viscous friction and the smoothing velocity, a revolute joint's pin
//             friction (pin radius, m; coefficient μ); lower and upper stops, their stiffness
//             and restitution (rad or m, as the joint's coordinate).
// + Load, + Spring and + Cylinder place a new one by picking its point(s) in the 3-D view
// (pickRequested; the window forwards the picks to pointPicked); a spring starts at its rest
// length there, a cylinder with no force, a load of 100 N along gravity. Every change,
// placing and removing included, is one undoable edit of the document.

#include <functional>
#include <optional>
#include <vector>

#include <QString>
#include <QWidget>

#include <Eigen/Core>

#include "core/spec/mechanism_spec.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace sslm::ui {

class MechanismDocument;

class ForceElementsPanel : public QWidget {
    Q_OBJECT

public:
    /// What is being placed by picking points in the view.
    enum class Placing { None, Load, Spring, Cylinder };
    /// An entry of the list: a load, an element (Model order of the spec) or a joint.
    struct Selection {
        enum class Kind { Load, Element, Joint } kind = Kind::Load;
        int index = -1; ///< in MechanismSpec::loads, twoPointElements or joints

        bool operator==(const Selection&) const = default;
    };

    explicit ForceElementsPanel(MechanismDocument* document, QWidget* parent = nullptr);

    /// Starts placing a new load, spring or cylinder: pickRequested asks the view for points.
    void startPlacing(Placing kind);
    /// Stops placing without a change.
    void cancelPlacing();
    Placing placing() const { return m_placing; }
    /// A point picked in the view while placing: `point` of a body or the ground, drawn at
    /// `position` (m, W). The last point needed makes the new entry (one undoable edit).
    void pointPicked(const JointEnd& point, const Eigen::Vector3d& position);

    /// Chooses an entry; false when there is none.
    bool select(const Selection& selection);
    std::optional<Selection> selection() const;
    /// Removes the chosen load or element, or the chosen joint's friction and stops (one
    /// undoable edit); false when there is nothing to remove.
    bool removeSelected();

    QTreeWidget* tree() const { return m_tree; }
    /// The form's number box labelled `label` (e.g. "Stiffness"), for tests; null if none.
    QDoubleSpinBox* numberBoxLabelled(const QString& label) const;
    /// The form's check box reading `text` (e.g. "Friction"), for tests; null if none.
    QCheckBox* checkBox(const QString& text) const;

Q_SIGNALS:
    /// Placing wants the next point: the view should pick with `prompt` shown, among the
    /// ground's points too when `ground`.
    void pickRequested(const QString& prompt, bool ground);
    /// Placing ended (made or cancelled): the view should stop picking.
    void pickFinished();
    /// A change was made, or placing went a step on (the text, for the status bar).
    void edited(const QString& text);

private:
    void rebuild();
    void rebuildTree();
    void rebuildForm();
    void buildLoadForm(int index);
    void buildElementForm(int index);
    void buildJointForm(int index);
    /// Applies `change` to a copy of the spec as one undoable edit named `text`.
    void apply(const QString& text, const std::function<void(MechanismSpec&)>& change);
    QDoubleSpinBox* addNumber(const QString& label,
                              double value,
                              double minimum,
                              double maximum,
                              int decimals,
                              const QString& suffix,
                              const std::function<void(MechanismSpec&, double)>& set,
                              const QString& what);
    /// A name not yet used by an entry of `names`, from `stem` ("spring 2").
    static std::string freshName(const std::string& stem, const std::vector<std::string>& names);

    MechanismDocument* m_document;
    QTreeWidget* m_tree = nullptr;
    QWidget* m_formHost = nullptr;
    QFormLayout* m_form = nullptr;
    QLabel* m_hint = nullptr;
    QToolButton* m_remove = nullptr;
    std::optional<Selection> m_selection;
    bool m_applying = false; ///< our own edit: keep the form the user is typing in

    Placing m_placing = Placing::None;
    std::vector<std::pair<JointEnd, Eigen::Vector3d>> m_picked; ///< points picked so far
};

} // namespace sslm::ui
