// SPDX-License-Identifier: MIT
#include "ui/input/field_undo_router.hpp"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPointer>

namespace sslm::ui {

FieldUndoRouter::FieldUndoRouter(QObject* parent) : QObject(parent) {}

FieldUndoRouter* FieldUndoRouter::installOnApplication() {
    static QPointer<FieldUndoRouter> router;
    if (router == nullptr && qApp != nullptr) {
        router = new FieldUndoRouter(qApp);
        qApp->installEventFilter(router);
    }
    return router;
}

QLineEdit* FieldUndoRouter::editorOf(QObject* widget) {
    if (auto* edit = qobject_cast<QLineEdit*>(widget)) {
        return edit;
    }
    if (auto* box = qobject_cast<QAbstractSpinBox*>(widget)) {
        return box->findChild<QLineEdit*>();
    }
    return nullptr;
}

bool FieldUndoRouter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride) {
        return false;
    }
    auto* key = static_cast<QKeyEvent*>(event);
    const bool undo = key->matches(QKeySequence::Undo);
    const bool redo = key->matches(QKeySequence::Redo);
    if (!undo && !redo) {
        return false;
    }
    const QLineEdit* edit = editorOf(watched);
    if (edit == nullptr || edit->isReadOnly()) {
        return false;
    }
    const bool ownStep =
        edit->isModified() && (undo ? edit->isUndoAvailable() : edit->isRedoAvailable());
    if (ownStep) {
        // overridden: the key press goes to the field, which undoes its own typing (a spin box
        // does not claim the key itself)
        event->accept();
        return true;
    }
    // not overridden: the shortcut goes to the window's Undo/Redo action
    event->ignore();
    return true;
}

} // namespace sslm::ui
