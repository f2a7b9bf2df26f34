// SPDX-License-Identifier: MIT
#pragma once

// The Edit menu: Undo and Redo of the document's history (edits, cut changes, counterweights)
// and Insert Template, a sized four-bar, slider-crank, five-bar or six-bar added beside the
// drawing. It asks the window through EditCommands, the slice of the window's API it needs.

#include <QObject>
#include <QString>

#include "core/spec/mechanism_spec.hpp"

class QMainWindow;
class QUndoStack;

namespace sslm::ui {

/// What the Edit actions ask of the window (MainWindow's public API).
class EditCommands {
public:
    virtual QUndoStack* undoStack() const = 0;
    virtual bool insertIntoDrawing(const MechanismSpec& part, QString* error) = 0;

protected:
    ~EditCommands() = default;
};

class EditActions : public QObject {
    Q_OBJECT

public:
    /// Adds the Edit menu to `window`'s menu bar; the Insert Template dialog opens over it.
    EditActions(QMainWindow* window, EditCommands& commands);

private:
    /// Insert Template: a sized template added to the drawing (insertIntoDrawing).
    void promptInsertTemplate();

    QMainWindow* m_window;
    EditCommands& m_commands;
};

} // namespace sslm::ui
