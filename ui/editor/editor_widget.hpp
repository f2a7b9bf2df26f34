// SPDX-License-Identifier: MIT
#pragma once

// The Edit tab: the 2-D canvas with its tools (Select S, Pivot P, Link L, Slider R, Point T,
// Pin J, Drive D; grid snapping; Make Input, Trace, Delete for the selection). The selection's
// properties are edited in the PropertiesPanel beside it. Every change is an undoable edit of
// the document.

#include <QWidget>

#include "ui/editor/editor_canvas.hpp"

class QAction;
class QActionGroup;
class QToolBar;

namespace sslm::ui {

class MechanismDocument;

class EditorWidget : public QWidget {
    Q_OBJECT

public:
    explicit EditorWidget(QWidget* parent = nullptr);

    void setDocument(MechanismDocument* document);
    EditorCanvas* canvas() const { return m_canvas; }
    QAction* toolAction(EditorCanvas::Tool tool) const;

Q_SIGNALS:
    void message(const QString& text);

private:
    void showSelection();

    EditorCanvas* m_canvas = nullptr;
    QToolBar* m_toolBar = nullptr;   ///< the drawing tools, in a column beside the canvas
    QToolBar* m_actionBar = nullptr; ///< view and selection actions, in a row over the canvas
    QActionGroup* m_tools = nullptr;
    QAction* m_select = nullptr;
    QAction* m_pivot = nullptr;
    QAction* m_link = nullptr;
    QAction* m_slider = nullptr;
    QAction* m_point = nullptr;
    QAction* m_pin = nullptr;
    QAction* m_drive = nullptr;
    QAction* m_trace = nullptr;
    QAction* m_input = nullptr;
    QAction* m_delete = nullptr;
};

} // namespace sslm::ui
