// SPDX-License-Identifier: MIT
#pragma once

// Ctrl+Z and Ctrl+Shift+Z in a focused text field (a Properties field, a spin box): the field's
// own typing is undone first, as QLineEdit does; when the field has nothing of its own to undo
// (or redo), or holds its value as last set, the key reaches the window's Undo (Redo) action and
// undoes the document, as in Qt Creator. Without this, a focused field swallowed the key.

#include <QObject>

class QLineEdit;

namespace sslm::ui {

class FieldUndoRouter : public QObject {
    Q_OBJECT

public:
    explicit FieldUndoRouter(QObject* parent = nullptr);

    /// Routes the keys of every field of the application from now on (one router per
    /// application; a second call returns the first).
    static FieldUndoRouter* installOnApplication();

    /// The line edit that takes the typing of focus widget `widget` (itself, or a spin box's
    /// editor); null when there is none.
    static QLineEdit* editorOf(QObject* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace sslm::ui
