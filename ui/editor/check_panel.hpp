// SPDX-License-Identifier: MIT
#pragma once

// The non-modal "Check" panel: the live validation of the document (core checkMechanism, made by
// the editor canvas after every change, which also marks what the findings name): DOF by Grübler's
// count and by the rank of J, the loops, whether it assembles, and each finding with its fix ("body
// L3 is not connected to the ground", "locked: 0 DOF", "redundant constraint in loop 2"). Selecting
// a finding that names a loop asks the views to highlight it.

#include <QWidget>

#include "core/analysis/mechanism_check.hpp"

class QLabel;
class QListWidget;

namespace sslm::ui {

class CheckPanel : public QWidget {
    Q_OBJECT

public:
    explicit CheckPanel(QWidget* parent = nullptr);

    /// Shows a check of the document (the editor canvas makes one after every change); emits
    /// findingsAppeared() when it finds something the last check of the document did not.
    void show(const MechanismCheck& result);
    /// Another document: its first check's findings are all new.
    void startNewDocument();
    const MechanismCheck& result() const { return m_result; }

    // inspection (tests)
    QString summaryText() const;
    /// The findings as listed ("message — fix").
    QStringList findingTexts() const;
    QListWidget* list() const { return m_list; }

Q_SIGNALS:
    /// A finding naming loop `loop` (0-based) was selected; −1 when the selection names none.
    void loopSelected(int loop);
    /// A check found something the last one did not (a new problem after an edit, or a
    /// document opened with problems): the panel has something to say.
    void findingsAppeared();

private:
    QLabel* m_summary = nullptr;
    QListWidget* m_list = nullptr;
    MechanismCheck m_result;
};

} // namespace sslm::ui
