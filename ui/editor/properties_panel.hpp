// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock: the numbers of the selection, for a planar mechanism (which the Edit tab
// draws: its canvas's selected point, link, or the joints at a point) and for a spatial one (its
// bodies and joints listed in a tree, with Close a Loop… and the validation after each edit). It
// is built from the same sections either way (properties/): the point or a body's points, the
// link or body, its mass properties and counterweights, its visuals, the joint; what differs
// between the two spaces is data (properties/properties_space.hpp: which rows, how many
// coordinates, 2-D or 3-D vectors and inertia), and the panel follows the document's space.
// Every change is one undoable edit of the document (a drawn mechanism's through the canvas, so
// that its drawn pose is kept), named after what it changed; the panel follows the document,
// undo included. While the panel fills the sections' fields, or applies an edit one of them
// asked for, the sections' signals are held back: a field hidden, disabled or left by the focus
// on the way reports again, and that must not start a second edit inside the first one. SI
// units as in the file (rad, m, N, N·m) except the two drawn angles in degrees.

#include <functional>
#include <optional>
#include <string>

#include <QWidget>

#include "core/edit/close_loop.hpp"
#include "ui/editor/properties/joint_section.hpp"
#include "ui/editor/properties/properties_space.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QVBoxLayout;

namespace sslm::ui {

class BodySection;
class CounterweightTable;
class EditorCanvas;
class MassSection;
class MechanismDocument;
class MechanismOutline;
class PointSection;
class SignalEditor;
class VisualTable;
class VisualsSection;

class PropertiesPanel : public QWidget {
    Q_OBJECT

public:
    /// Edits `document`; a planar one's selection is `canvas`'s (which draws the document).
    PropertiesPanel(MechanismDocument* document, EditorCanvas* canvas, QWidget* parent = nullptr);

    /// The rows shown: the document's space's.
    const PropertiesSpace& space() const { return m_space; }
    QLabel* title() const { return m_title; }

    /// Chooses body `id` or joint `name` (false when there is none): in the tree of a spatial
    /// mechanism; a planar one's body on the canvas, its joint among those at the point.
    bool selectBody(const QString& id);
    bool selectJoint(const QString& name);

    // a spatial mechanism's list and validation
    QTreeWidget* tree() const;
    /// The last validation's text (for tests and the status bar).
    QString validationText() const;
    /// True when the last validation found the mechanism compiling and assembling.
    bool isValid() const { return m_valid; }
    /// Closes a loop (core/edit/close_loop) as one undoable edit; false with the reason and
    /// nothing changed when it cannot be made.
    bool closeLoop(const LoopClosure& closure, QString* error = nullptr);
    /// Close a Loop…: the dialog, then closeLoop.
    void promptCloseLoop();

    // point: a planar point's place in the ground frame and its link's, traced; a spatial body's
    // points
    QDoubleSpinBox* xBox() const;
    QDoubleSpinBox* yBox() const;
    QDoubleSpinBox* frameXBox() const;
    QDoubleSpinBox* frameYBox() const;
    QCheckBox* tracedBox() const;
    QTableWidget* pointTable() const;
    // link or body
    QLineEdit* nameEdit() const;
    QDoubleSpinBox* lengthBox() const;
    QDoubleSpinBox* angleBox() const;
    // mass properties
    QDoubleSpinBox* massBox() const;
    QDoubleSpinBox* comBox(int axis) const;
    QDoubleSpinBox* comXBox() const { return comBox(0); }
    QDoubleSpinBox* comYBox() const { return comBox(1); }
    QCheckBox* uniformInertiaBox() const;
    /// Inertia tensor entries: 0 Ixx, 1 Iyy, 2 Izz (a planar link's one moment), 3 Ixy, 4 Ixz,
    /// 5 Iyz.
    QDoubleSpinBox* inertiaBox(int entry = kPlanarInertiaEntry) const;
    CounterweightTable* counterweights() const;
    CounterweightTable* counterweightTable() const { return counterweights(); }
    VisualTable* visualTable() const;
    /// Sets the selected body's mass, centre of mass and inertia (a planar link's moment about
    /// the plane's normal, a spatial body's tensor) from its mesh visual at `row` filled at
    /// `density` (kg/m³), as one undoable edit; false with the reason (no body, not a mesh, an
    /// open mesh, …) and nothing changed.
    bool setMassFromVisual(int row, double density, QString* error = nullptr);
    // joint
    QComboBox* jointBox() const { return m_joint->jointBox(); }
    QComboBox* typeBox() const { return m_joint->typeBox(); }
    QComboBox* jointTypeBox() const { return typeBox(); }
    /// A planar slider's axis angle.
    QDoubleSpinBox* axisBox() const { return m_joint->axisAngleBox(); }
    /// A spatial joint's axis, and a universal joint's second one.
    QDoubleSpinBox* axisBox(int axis) const { return m_joint->axisBox(axis); }
    QDoubleSpinBox* secondAxisBox(int axis) const { return m_joint->secondAxisBox(axis); }
    QCheckBox* inputBox() const { return m_joint->inputBox(); }
    QDoubleSpinBox* rateBox() const { return m_joint->rateBox(); }
    QCheckBox* springBox() const { return m_joint->springBox(); }
    QDoubleSpinBox* stiffnessBox() const { return m_joint->stiffnessBox(); }
    QDoubleSpinBox* restBox() const { return m_joint->restBox(); }
    QDoubleSpinBox* dampingBox() const { return m_joint->dampingBox(); }
    QComboBox* actuatorBox() const { return m_joint->actuatorBox(); }
    SignalEditor* forceEditor() const { return m_joint->forceEditor(); }
    QDoubleSpinBox* kpBox() const { return m_joint->kpBox(); }
    QDoubleSpinBox* kdBox() const { return m_joint->kdBox(); }
    SignalEditor* referenceEditor() const { return m_joint->referenceEditor(); }

Q_SIGNALS:
    /// A spatial mechanism's change was made (its text, e.g. "Mass of crank = 0.3 kg") for the
    /// status bar (a planar one's canvas says why it refuses one).
    void edited(const QString& text);

private:
    /// Holds the sections' signals back while it lives.
    class Quiet;

    // the constructor's parts, called in this order
    /// The title, the tree with Close a Loop…, the sections and the validation.
    void buildParts();
    /// Stacks them: Close a Loop…, the tree over the scrolled sections, the validation.
    void layOutParts();
    /// Connects the point, body, mass and visuals sections to the edits they ask for.
    void connectBodySections();
    /// Connects the joint section to the edits it asks for.
    void connectJointSection();
    /// Follows the document, the canvas's selection and the tree's.
    void connectSelection();
    /// Connects a section's `signal` to `apply` (a member function or a callable), which runs
    /// with the sections quiet.
    template <typename Section, typename Signal, typename Apply>
    void connectEdit(Section* section, Signal signal, Apply apply);

    /// Takes the rows of the document's space; true when it changed.
    bool adoptSpace();
    /// The description shown: the canvas's drawing's (planar) or the document's.
    const MechanismSpec& shownSpec() const;
    /// The selected body and joint, if any.
    const BodySpec* selectedBody() const;
    const JointSpec* selectedJoint() const;

    void showSelection();
    /// Shows a planar selected point, or a spatial body's points; false when none.
    bool showPoints(const BodySpec* body);
    void showBody(const BodySpec* body);
    /// Shows the joints at a planar point, or the spatial joint chosen; false when none.
    bool showJoints();
    void showJoint();
    void showTitle(const BodySpec* body, bool point);
    /// Shows why a typed number was put back (spatial: under the sections).
    void showRefusal(const QString& why);
    void validate();

    /// Applies `change` to a copy of the document's description as one undoable edit named
    /// `text` (the spatial edits).
    void editSpec(const QString& text, const std::function<void(MechanismSpec&)>& change);
    /// Edits the selected body as `change` makes it from the document's.
    void editBody(const BodyChange& change, const QString& text);
    /// Moves the selected planar point: its coordinate `axis` in the ground frame or in its
    /// link's, the other one kept exactly.
    void movePoint(int axis, double value, bool inLink);
    /// Moves coordinate `axis` of the selected spatial body's point at `row`.
    void moveBodyPoint(int row, int axis, double value);
    /// Moves the selected planar bar's second point: the length (m) or the angle in the ground
    /// frame (rad) given, the other one kept.
    void editBar(std::optional<double> length, std::optional<double> angle);
    /// Sets the chosen planar joint's properties as `change` makes them from the drawing's.
    void editDrawnJoint(const JointChange& change);
    void chooseJointType(JointType type);
    void editAxis(bool second, const Eigen::Vector3d& unit);
    void applyInput(bool input);
    void applyRate(double rate);

    MechanismDocument* m_document = nullptr;
    EditorCanvas* m_canvas = nullptr;
    PropertiesSpace m_space;
    bool m_spaceAdopted = false;
    QVBoxLayout* m_layout = nullptr;
    QPushButton* m_closeLoop = nullptr;
    MechanismOutline* m_outline = nullptr;
    QLabel* m_title = nullptr;
    PointSection* m_point = nullptr;
    BodySection* m_body = nullptr;
    MassSection* m_mass = nullptr;
    VisualsSection* m_visuals = nullptr;
    JointSection* m_joint = nullptr;
    QLabel* m_validation = nullptr;
    bool m_valid = false;
    std::string m_shownJoint; ///< the planar joint last shown, kept chosen across changes
};

} // namespace sslm::ui
