// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock's mass properties of a link or body: its mass (kg), centre of mass (m,
// its frame; x, y and for a spatial body z), inertia about the centre of mass (kg·m²: the
// moment about the plane's normal, or the tensor's six entries in the body frame; uniform from
// the shape until one is typed) and its counterweights (point masses). Every change is reported
// as an edit of the body with what it changed in words, for the panel to apply as one undoable
// edit; numbers that must be positive are marked while they are not.

#include <QGroupBox>

#include <Eigen/Core>

#include "ui/editor/properties/properties_space.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QHBoxLayout;

namespace sslm::ui {

class CounterweightTable;

class MassSection : public QGroupBox {
    Q_OBJECT

public:
    explicit MassSection(QWidget* parent = nullptr);

    void setSpace(const PropertiesSpace& space);
    /// Shows `body`; `shapeInertia` is the uniform one its shape gives (shown until one is
    /// typed; planar: its zz entry).
    void showBody(const BodySpec& body, const Eigen::Matrix3d& shapeInertia);

    QDoubleSpinBox* massBox() const { return m_mass; }
    QDoubleSpinBox* comBox(int axis) const { return m_com[axis]; }
    QCheckBox* uniformInertiaBox() const { return m_uniform; }
    /// Entry `entry` of kInertiaEntries (planar: kPlanarInertiaEntry only).
    QDoubleSpinBox* inertiaBox(int entry) const { return m_inertia[entry]; }
    CounterweightTable* counterweights() const { return m_counterweights; }

Q_SIGNALS:
    void edited(const sslm::ui::BodyChange& change, const QString& text);

private:
    void buildMassRows();
    void buildInertiaRows();
    void connectEditors();
    /// Sets the body's inertia to `tensor` (planar: its zz entry) or back to uniform.
    void storeInertia(BodySpec& body, const std::optional<Eigen::Matrix3d>& tensor) const;

    PropertiesSpace m_space;
    QFormLayout* m_form = nullptr;
    QDoubleSpinBox* m_mass = nullptr;
    QLabel* m_comLabel = nullptr;
    QHBoxLayout* m_comRow = nullptr;
    QDoubleSpinBox* m_com[3] = {};
    QCheckBox* m_uniform = nullptr;
    QLabel* m_uniformNote = nullptr;
    QDoubleSpinBox* m_inertia[6] = {};
    CounterweightTable* m_counterweights = nullptr;
    QString m_body; ///< the body shown, as the undo steps name it
    /// Its inertia as the document has it (the shape's until typed; the boxes show it
    /// rounded): an entry typed changes only its own number.
    Eigen::Matrix3d m_shownInertia = Eigen::Matrix3d::Zero();
    bool m_updating = false;
};

} // namespace sslm::ui
