// SPDX-License-Identifier: MIT
#include "ui/plots/series_chooser.hpp"

#include <map>

#include <QHeaderView>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sslm::ui {

namespace {
constexpr int kNameRole = Qt::UserRole + 1;
} // namespace

SeriesChooser::SeriesChooser(QWidget* parent) : QWidget(parent) {
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({QStringLiteral("Series"), QStringLiteral("Unit")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setUniformRowHeights(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this] {
        if (!m_updating) {
            emitSelection();
        }
    });
}

void SeriesChooser::setColumns(const std::vector<SampleColumn>& columns) {
    const QStringList checked = selectedColumns();
    QStringList expanded;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        if (m_tree->topLevelItem(i)->isExpanded()) {
            expanded.append(m_tree->topLevelItem(i)->text(0));
        }
    }
    m_updating = true;
    m_tree->clear();
    std::map<SeriesFamily, QTreeWidgetItem*> families;
    QSet<QString> listed;
    for (const SampleColumn& column : columns) {
        if (column.family == SeriesFamily::Time || listed.contains(column.name)) {
            continue;
        }
        listed.insert(column.name);
        QTreeWidgetItem*& family = families[column.family];
        if (!family) {
            family = new QTreeWidgetItem(m_tree, {familyTitle(column.family)});
            family->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
            family->setCheckState(0, Qt::Unchecked);
            family->setExpanded(expanded.contains(family->text(0)));
        }
        auto* item = new QTreeWidgetItem(family, {column.label, column.unit});
        item->setData(0, kNameRole, column.name);
        item->setToolTip(0, column.name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(0, checked.contains(column.name) ? Qt::Checked : Qt::Unchecked);
    }
    m_updating = false;
    setColumnColours(m_colours);
    if (selectedColumns() != checked) {
        emitSelection();
    }
}

QStringList SeriesChooser::availableColumns() const {
    QStringList names;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* family = m_tree->topLevelItem(i);
        for (int k = 0; k < family->childCount(); ++k) {
            names.append(family->child(k)->data(0, kNameRole).toString());
        }
    }
    return names;
}

QStringList SeriesChooser::selectedColumns() const {
    QStringList names;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* family = m_tree->topLevelItem(i);
        for (int k = 0; k < family->childCount(); ++k) {
            if (family->child(k)->checkState(0) == Qt::Checked) {
                names.append(family->child(k)->data(0, kNameRole).toString());
            }
        }
    }
    return names;
}

void SeriesChooser::setSelectedColumns(const QStringList& names) {
    // the families with a chosen column open, the others closed, the first chosen in view: the
    // list shows what the plot shows (the dock's default columns were left open above the
    // run's own)
    m_updating = true;
    QTreeWidgetItem* first = nullptr;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* family = m_tree->topLevelItem(i);
        bool any = false;
        for (int k = 0; k < family->childCount(); ++k) {
            QTreeWidgetItem* item = family->child(k);
            const bool on = names.contains(item->data(0, kNameRole).toString());
            item->setCheckState(0, on ? Qt::Checked : Qt::Unchecked);
            if (on && first == nullptr) {
                first = item;
            }
            any = any || on;
        }
        family->setExpanded(any);
    }
    if (first != nullptr) {
        m_tree->scrollToItem(first->parent(), QAbstractItemView::PositionAtTop);
    }
    m_updating = false;
    emitSelection();
}

void SeriesChooser::setColumnColours(const QHash<QString, QColor>& colours) {
    m_colours = colours;
    m_updating = true;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* family = m_tree->topLevelItem(i);
        for (int k = 0; k < family->childCount(); ++k) {
            QTreeWidgetItem* item = family->child(k);
            const QColor colour = colours.value(item->data(0, kNameRole).toString());
            item->setData(0, Qt::DecorationRole, colour.isValid() ? QVariant(colour) : QVariant());
        }
    }
    m_updating = false;
}

void SeriesChooser::emitSelection() {
    Q_EMIT selectionChanged(selectedColumns());
}

} // namespace sslm::ui
