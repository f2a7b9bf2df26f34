// SPDX-License-Identifier: MIT
#pragma once

// The Edit tab: the 2-D canvas with its tools (Select S, Pivot P, Link L, Slider R, Point T,
// Drive D; grid
// snapping; Make Input, Trace, Delete for the selection) and a strip for the selection: a
// point's x and y typed in (m), or a link's name, mass (kg), centre of mass (m, link frame) and
// inertia (kg·m², or uniform from its shape). Every change is an undoable edit of
// the document.

#include <QWidget>

#include "ui/editor/editor_canvas.hpp"

class QAction;
class QCheckBox;
class QActionGroup;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
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
    QDoubleSpinBox* xBox() const { return m_x; }
    QDoubleSpinBox* yBox() const { return m_y; }
    QDoubleSpinBox* rateBox() const { return m_rate; }
    QLineEdit* nameEdit() const { return m_name; }
    QDoubleSpinBox* massBox() const { return m_mass; }
    QCheckBox* uniformInertiaBox() const { return m_uniform; }
    QDoubleSpinBox* inertiaBox() const { return m_inertia; }

Q_SIGNALS:
    void message(const QString& text);

private:
    void showSelection();

    EditorCanvas* m_canvas = nullptr;
    QToolBar* m_toolBar = nullptr;
    QActionGroup* m_tools = nullptr;
    QAction* m_select = nullptr;
    QAction* m_pivot = nullptr;
    QAction* m_link = nullptr;
    QAction* m_slider = nullptr;
    QAction* m_point = nullptr;
    QAction* m_drive = nullptr;
    QAction* m_trace = nullptr;
    QLabel* m_selection = nullptr;
    QDoubleSpinBox* m_x = nullptr;
    QDoubleSpinBox* m_y = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QWidget* m_pointFields = nullptr;
    QWidget* m_bodyFields = nullptr;
    QLineEdit* m_name = nullptr;
    QDoubleSpinBox* m_mass = nullptr;
    QDoubleSpinBox* m_comX = nullptr;
    QDoubleSpinBox* m_comY = nullptr;
    QCheckBox* m_uniform = nullptr;
    QDoubleSpinBox* m_inertia = nullptr;
    QAction* m_input = nullptr;
    QAction* m_delete = nullptr;
    bool m_updating = false;
};

} // namespace sslm::ui
