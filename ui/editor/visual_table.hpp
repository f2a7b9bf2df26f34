// SPDX-License-Identifier: MIT
#pragma once

// The visual shapes of one body (file format `visuals`: CAD meshes and primitives drawn with
// the body): a row per shape with its kind, file or size, position (m, body frame), roll,
// pitch and yaw (degrees here; rad in the file) and a mesh's scale. Add Mesh… attaches an STL
// or OBJ file, Remove detaches the selected shape, Mass Properties… asks for a density and has
// the owner set the body's mass, COM and inertia from the selected closed mesh. Every change is
// reported as the whole new list with what changed in words, for the owner to apply as one undoable
// edit.

#include <functional>
#include <vector>

#include <QString>
#include <QWidget>

#include "core/spec/mechanism_spec.hpp"

class QPushButton;
class QTableWidget;

namespace sslm::ui {

class VisualTable : public QWidget {
    Q_OBJECT

public:
    explicit VisualTable(QWidget* parent = nullptr);

    /// Shows the visuals of the body named `body`.
    void showVisuals(const std::vector<VisualSpec>& visuals, const QString& body);

    /// Attaches the mesh `file` (absolute) as a new visual, in mm (scale 0.001) when it spans
    /// more than 10 of its units, else in m; emits edited(). False with the reason when the
    /// file cannot be read as a mesh.
    bool addMesh(const QString& file, QString* error = nullptr);

    /// What Mass Properties… does with the selected mesh row and the density given (kg/m³):
    /// the owner's edit, false with the reason when it changes nothing.
    using MassFromMesh = std::function<bool(int row, double density, QString* error)>;
    /// Enables Mass Properties…: it asks for the density (the last one given, steel the first
    /// time), calls `apply` and shows its reason when it refuses.
    void setMassFromMesh(MassFromMesh apply);

    QTableWidget* table() const { return m_table; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    QPushButton* massButton() const { return m_mass; }

    /// Columns of table().
    enum Column { Kind, Shape, X, Y, Z, Roll, Pitch, Yaw, Scale, ColumnCount };

Q_SIGNALS:
    /// The user changed the list: the whole new list and the change in words, e.g.
    /// "Visual 1 of crank: yaw 90°".
    void edited(const std::vector<VisualSpec>& visuals, const QString& text);

private:
    void rebuild();
    void promptAddMesh();
    void promptMassFromMesh(int row);
    void removeVisual();
    void changeNumber(int row, Column field, double value);
    void updateButtons();

    QTableWidget* m_table = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_mass = nullptr;
    std::vector<VisualSpec> m_visuals;
    QString m_body;
    MassFromMesh m_massFromMesh;
};

} // namespace sslm::ui
