// SPDX-License-Identifier: MIT
// Help ▸ Keyboard Shortcuts: every key of the window, read from its menus, tool bars and actions
// (so the sheet never goes out of date), grouped by where the action lives.
#pragma once

#include <vector>

#include <QDialog>
#include <QString>
#include <QStringList>

class QMainWindow;
class QTableWidget;

namespace sslm::ui {

/// One shortcut of the window: where its action is, what it does, and its keys.
struct ShortcutEntry {
    QString place;    ///< "File", "Simulation", "Edit tab", ...
    QString action;   ///< the action's text, without '&'
    QStringList keys; ///< as the platform writes them ("Ctrl+Z")
};

/// The shortcuts of `window`'s menus (submenus included), tool bars and own actions, each action
/// once, in menu order.
std::vector<ShortcutEntry> windowShortcuts(const QMainWindow& window);

/// The sheet: a table of windowShortcuts().
class ShortcutSheet : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutSheet(const QMainWindow& window, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table = nullptr;
};

} // namespace sslm::ui
