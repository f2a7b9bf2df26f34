// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock's page for a spatial mechanism (file version 2), which the 2-D Edit tab
// does not draw: a list of its bodies and joints, and a form for the one chosen. A body's mass
// (kg), centre of mass (m, body frame), inertia tensor about the COM (kg·m², body frame),
// points (m, body frame) and counterweights (point masses); a joint's type (all five), axis and a
// universal joint's second axis (unit vectors, normalised as they are stored). Every change is one
// undoable edit of the document, named after what it changed; after each, the mechanism is compiled
// and assembled and the result shown at the bottom (the degrees of freedom and the closure, or the
// core's first error with the place and the fix).

#include <optional>
#include <vector>

#include <QString>
#include <QWidget>

#include "core/edit/close_loop.hpp"
#include "core/spec/mechanism_spec.hpp"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace sslm::ui {

class CounterweightTable;
class VisualTable;
class MechanismDocument;

class SpatialPropertiesPanel : public QWidget {
    Q_OBJECT

public:
    explicit SpatialPropertiesPanel(MechanismDocument* document, QWidget* parent = nullptr);

    /// Chooses body `id` or joint `name` (false when there is none).
    bool selectBody(const QString& id);
    bool selectJoint(const QString& name);

    /// The last validation's text (for tests and the status bar).
    QString validationText() const;
    /// True when the last validation found the mechanism compiling and assembling.
    bool isValid() const { return m_valid; }

    // the form's editors (tests): empty or null when the selection has none
    QTreeWidget* tree() const { return m_tree; }
    QDoubleSpinBox* massBox() const { return m_mass; }
    QDoubleSpinBox* comBox(int axis) const { return m_com[axis]; }
    /// Inertia tensor entries: 0 Ixx, 1 Iyy, 2 Izz, 3 Ixy, 4 Ixz, 5 Iyz.
    QDoubleSpinBox* inertiaBox(int entry) const { return m_inertia[entry]; }
    QTableWidget* pointTable() const { return m_points; }
    CounterweightTable* counterweightTable() const { return m_counterweights; }
    VisualTable* visualTable() const { return m_visuals; }

    /// Sets the selected body's mass, centre of mass and inertia tensor (body frame) from its
    /// mesh visual at `row` (scaled and posed) filled with `density` kg/m³, as one undoable
    /// edit. False with the reason (the file, an open or inconsistently oriented mesh, …) and
    /// nothing changed otherwise.
    bool setMassFromVisual(int row, double density, QString* error = nullptr);

    /// Closes a loop (core/edit/close_loop) as one undoable edit; false with the reason and
    /// nothing changed when it cannot be made.
    bool closeLoop(const LoopClosure& closure, QString* error = nullptr);
    /// Close a Loop…: the dialog, then closeLoop.
    void promptCloseLoop();
    QComboBox* jointTypeBox() const { return m_jointType; }
    QDoubleSpinBox* axisBox(int axis) const { return m_axis[axis]; }
    QDoubleSpinBox* secondAxisBox(int axis) const { return m_axis2[axis]; }

Q_SIGNALS:
    /// A change was made (its text, e.g. "Mass of crank = 0.3 kg") for the status bar.
    void edited(const QString& text);

private:
    void rebuildTree();
    void showSelection();
    void clearForm();
    void buildBodyForm(const BodySpec& body);
    // buildBodyForm's rows, in this order, for `body` named `id`
    /// The mass and the centre of mass x, y, z.
    void addBodyMassRows(const BodySpec& body, const QString& id);
    /// The six entries of the inertia tensor (the shape's own while the file gives none).
    void addBodyInertiaRows(const BodySpec& body, const QString& id);
    /// The table of the body's points (positions editable, names not).
    void addBodyPointTable(const BodySpec& body, const QString& id);
    /// The body's counterweights.
    void addBodyCounterweights(const BodySpec& body, const QString& id);
    /// The body's visuals, with its mass properties from a mesh.
    void addBodyVisuals(const BodySpec& body, const QString& id);
    void buildJointForm(const JointSpec& joint);
    void validate();
    /// Applies `change` to a copy of the spec as one undoable edit named `text`.
    template <typename Change> void apply(const QString& text, Change change);
    QDoubleSpinBox*
    numberBox(double value, double minimum, double maximum, int decimals, const QString& suffix);
    std::optional<std::size_t> bodyIndex() const;
    std::optional<std::size_t> jointIndex() const;

    MechanismDocument* m_document;
    QTreeWidget* m_tree = nullptr;
    QWidget* m_formHost = nullptr;
    QFormLayout* m_form = nullptr;
    QLabel* m_validation = nullptr;
    bool m_valid = false;
    bool m_applying = false; ///< an edit of ours is being applied: keep the form

    // the selection: "body" or "joint" and its id/name
    QString m_kind;
    QString m_key;

    QDoubleSpinBox* m_mass = nullptr;
    QDoubleSpinBox* m_com[3] = {};
    QDoubleSpinBox* m_inertia[6] = {};
    QTableWidget* m_points = nullptr;
    CounterweightTable* m_counterweights = nullptr;
    VisualTable* m_visuals = nullptr;
    QComboBox* m_jointType = nullptr;
    QDoubleSpinBox* m_axis[3] = {};
    QDoubleSpinBox* m_axis2[3] = {};
};

} // namespace sslm::ui
