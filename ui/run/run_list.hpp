// SPDX-License-Identifier: MIT
#pragma once

// The runs kept for comparison (the controller's RunHistory) as a list: the check box shows or
// hides a run's curves in the plots; "Play back" (or a double click, or Enter) makes a run the
// one the timeline scrubs, the 3-D view shows and the exports write; "Remove" (Delete) drops a
// finished run; "Clear finished" drops every run that is not going.

#include <QWidget>

class QListView;
class QPushButton;

namespace sslm::ui {

class RunHistory;

class RunList : public QWidget {
    Q_OBJECT

public:
    explicit RunList(RunHistory* history, QWidget* parent = nullptr);

    /// Marks the run being played back (bold); -1 for none.
    void setPlaybackRun(int runId);
    /// The selected run's id, -1 if none.
    int selectedRunId() const;
    void selectRun(int runId);

    QListView* view() const { return m_view; }

Q_SIGNALS:
    void playbackRequested(int runId);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void removeSelected();
    void updateButtons();

    RunHistory* m_history;
    QListView* m_view;
    QPushButton* m_playBack;
    QPushButton* m_remove;
    QPushButton* m_clear;
    int m_playbackRun = -1;
};

} // namespace sslm::ui
