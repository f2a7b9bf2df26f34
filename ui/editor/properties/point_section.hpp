// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock's points (m). A drawn mechanism's selected point: its place in the
// ground frame, in its link's frame (origin at the link's first point, x-axis towards its
// second), and whether it is traced. A listed one's body: a table of its points in the body
// frame, one column per coordinate (names are what joints refer to, so only positions are
// edited). The section reports what was typed; the panel makes the edit.

#include <vector>

#include <QGroupBox>

#include <Eigen/Core>

#include "core/spec/mechanism_spec.hpp"
#include "ui/editor/properties/properties_space.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QTableWidget;
class QTableWidgetItem;

namespace sslm::ui {

class PointSection : public QGroupBox {
    Q_OBJECT

public:
    explicit PointSection(QWidget* parent = nullptr);

    /// Shows the rows of `space` (a drawn point, or a body's table with its coordinates).
    void setSpace(const PropertiesSpace& space);
    /// A drawn point at `world`; on a link (`owner`, at `inOwner` in its frame) or on the
    /// ground (null); traced or not.
    void showPoint(const Eigen::Vector2d& world,
                   const BodySpec* owner,
                   const Eigen::Vector2d& inOwner,
                   bool traced);
    /// The points of `body` in its frame.
    void showBodyPoints(const BodySpec& body);

    QDoubleSpinBox* xBox() const { return m_world[0]; }
    QDoubleSpinBox* yBox() const { return m_world[1]; }
    QDoubleSpinBox* frameXBox() const { return m_frame[0]; }
    QDoubleSpinBox* frameYBox() const { return m_frame[1]; }
    QCheckBox* tracedBox() const { return m_traced; }
    QTableWidget* table() const { return m_table; }

Q_SIGNALS:
    /// Coordinate `axis` of the drawn point typed, in the ground frame or in its link's.
    void movedInWorld(int axis, double value);
    void movedInFrame(int axis, double value);
    void traceToggled();
    /// Coordinate `axis` of the body's point at `row` typed (m, body frame).
    void bodyPointMoved(int row, int axis, double value);
    /// A table entry that is not a number was put back; `why` says so.
    void refused(const QString& why);

private:
    void buildPointRows();
    void buildTable();
    void tableEdited(QTableWidgetItem* item);

    QFormLayout* m_form = nullptr;
    QDoubleSpinBox* m_world[2] = {};
    QLabel* m_frameLabel = nullptr;
    QDoubleSpinBox* m_frame[2] = {};
    QCheckBox* m_traced = nullptr;
    QTableWidget* m_table = nullptr;
    int m_dimensions = 2;
    std::vector<BodyPoint> m_points; ///< the table's, as the document has them
    bool m_updating = false;
};

} // namespace sslm::ui
