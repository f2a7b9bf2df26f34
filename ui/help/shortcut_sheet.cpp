// SPDX-License-Identifier: MIT
#include "ui/help/shortcut_sheet.hpp"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTableWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace sslm::ui {

namespace {

QString plainText(const QAction* action) {
    QString text = action->text();
    text.remove(QLatin1Char('&'));
    return text.trimmed();
}

/// Adds `actions` that have keys (and those of their submenus, placed "Menu ▸ Submenu") to
/// `out`, each action once.
void collect(const QList<QAction*>& actions,
             const QString& place,
             QSet<const QAction*>& seen,
             std::vector<ShortcutEntry>& out) {
    for (const QAction* action : actions) {
        if (action->isSeparator()) {
            continue;
        }
        if (const QMenu* sub = action->menu()) {
            collect(sub->actions(), place + QStringLiteral(" ▸ ") + plainText(action), seen, out);
            continue;
        }
        if (action->shortcuts().isEmpty() || seen.contains(action)) {
            continue;
        }
        seen.insert(action);
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts()) {
            keys << key.toString(QKeySequence::NativeText);
        }
        out.push_back({place, plainText(action), keys});
    }
}

} // namespace

std::vector<ShortcutEntry> windowShortcuts(const QMainWindow& window) {
    std::vector<ShortcutEntry> out;
    QSet<const QAction*> seen;
    for (const QAction* top : window.menuBar()->actions()) {
        if (const QMenu* menu = top->menu()) {
            collect(menu->actions(), plainText(top), seen, out);
        }
    }
    // tool bars (the Edit tab's tools, playback) and keys the window holds without a menu
    for (const QToolBar* bar : window.findChildren<QToolBar*>()) {
        const QString title = bar->windowTitle();
        collect(bar->actions(), title.isEmpty() ? QObject::tr("Tool bar") : title, seen, out);
    }
    collect(window.actions(), QObject::tr("Window"), seen, out);
    return out;
}

ShortcutSheet::ShortcutSheet(const QMainWindow& window, QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("ShortcutSheet"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    const std::vector<ShortcutEntry> entries = windowShortcuts(window);
    m_table = new QTableWidget(static_cast<int>(entries.size()), 3);
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Where")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const ShortcutEntry& entry = entries[static_cast<std::size_t>(row)];
        m_table->setItem(row, 0, new QTableWidgetItem(entry.keys.join(QStringLiteral(", "))));
        m_table->setItem(row, 1, new QTableWidgetItem(entry.action));
        m_table->setItem(row, 2, new QTableWidgetItem(entry.place));
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(560, 560);
}

} // namespace sslm::ui
