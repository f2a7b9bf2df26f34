// SPDX-License-Identifier: MIT
#include "ui/actions/edit_actions.hpp"

#include <optional>

#include <QAction>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QUndoStack>

#include "ui/editor/template_dialog.hpp"
#include "ui/style/resources.hpp"

namespace sslm::ui {

EditActions::EditActions(QMainWindow* window, EditCommands& commands)
    : QObject(window), m_window(window), m_commands(commands) {
    QMenu* edit = window->menuBar()->addMenu(tr("&Edit"));
    QAction* undo = commands.undoStack()->createUndoAction(window, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = commands.undoStack()->createRedoAction(window, tr("&Redo"));
    // Ctrl+Shift+Z and the platform's own, each once: X11's Redo is Ctrl+Shift+Z already, and
    // a key listed twice on one action is an ambiguous shortcut that does nothing
    QList<QKeySequence> redoKeys = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z),
                                    QKeySequence(Qt::CTRL | Qt::Key_Y)};
    for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::Redo)) {
        if (!redoKeys.contains(key)) {
            redoKeys.append(key);
        }
    }
    redo->setShortcuts(redoKeys);
    undo->setIcon(actionIcon(QStringLiteral("edit-undo")));
    redo->setIcon(actionIcon(QStringLiteral("edit-redo")));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* insert =
        edit->addAction(tr("&Insert Template…"), this, &EditActions::promptInsertTemplate);
    insert->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    insert->setIcon(actionIcon(QStringLiteral("insert-template")));
    insert->setStatusTip(tr("Add a sized four-bar, slider-crank, five-bar or six-bar beside the "
                            "drawing (pin it to the rest with the Pin tool)"));
}

void EditActions::promptInsertTemplate() {
    TemplateDialog dialog(m_window);
    dialog.setWindowTitle(tr("Insert Template"));
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const std::optional<MechanismSpec> part = dialog.spec();
    QString error;
    if (!part || !m_commands.insertIntoDrawing(*part, &error)) {
        QMessageBox::warning(m_window, tr("Cannot insert the mechanism"),
                             part ? error : dialog.problem());
    }
}

} // namespace sslm::ui
