// SPDX-License-Identifier: MIT
#pragma once

// A checklist of the series a plot can show: one branch per family (joint coordinates, rates,
// accelerations, cut reactions, actuator forces, energy, constraint violation, CPU time, traced
// points), one checkable item per column, with its unit. Checking a family checks all of its
// members.

#include <vector>

#include <QColor>
#include <QHash>
#include <QStringList>
#include <QWidget>

#include "ui/sim/sample_layout.hpp"

class QTreeWidget;
class QTreeWidgetItem;

namespace sslm::ui {

class SeriesChooser : public QWidget {
    Q_OBJECT

public:
    explicit SeriesChooser(QWidget* parent = nullptr);

    /// Lists `columns` (the union over the plotted runs; "t" is left out). Checked names that
    /// are still listed stay checked.
    void setColumns(const std::vector<SampleColumn>& columns);
    QStringList availableColumns() const;

    QStringList selectedColumns() const;
    void setSelectedColumns(const QStringList& names);
    /// A colour swatch beside each named column (the plot's curve colours, when its legend
    /// has no room); columns left out have none.
    void setColumnColours(const QHash<QString, QColor>& colours);

Q_SIGNALS:
    void selectionChanged(const QStringList& names);

private:
    void emitSelection();

    QTreeWidget* m_tree = nullptr;
    bool m_updating = false;
    QHash<QString, QColor> m_colours; ///< swatches of setColumnColours()
};

} // namespace sslm::ui
