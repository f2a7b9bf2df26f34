// SPDX-License-Identifier: MIT
#include "ui/run/run_list.hpp"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QListView>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include "ui/sim/run_history.hpp"

namespace sslm::ui {

namespace {

/// Draws the run being played back in bold.
class PlaybackRunDelegate : public QStyledItemDelegate {
public:
    explicit PlaybackRunDelegate(const int* playbackRun, QObject* parent)
        : QStyledItemDelegate(parent), m_playbackRun(playbackRun) {}

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(RunHistory::RunIdRole).toInt() == *m_playbackRun) {
            option->font.setBold(true);
        }
    }

private:
    const int* m_playbackRun;
};

} // namespace

RunList::RunList(RunHistory* history, QWidget* parent) : QWidget(parent), m_history(history) {
    m_view = new QListView;
    m_view->setModel(history);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setItemDelegate(new PlaybackRunDelegate(&m_playbackRun, m_view));
    m_view->setToolTip(tr("Tick a run to draw it in the plots; double-click it to play it back "
                          "(the timeline, the 3-D view and the exports use that run)"));
    m_view->installEventFilter(this);
    m_view->setMinimumHeight(60);

    m_playBack = new QPushButton(tr("Play back"));
    m_playBack->setToolTip(tr("Scrub, view and export the selected run (Enter)"));
    m_remove = new QPushButton(tr("Remove"));
    m_remove->setToolTip(tr("Drop the selected run and its samples (Delete)"));
    m_clear = new QPushButton(tr("Clear finished"));
    m_clear->setToolTip(tr("Drop every run that is not going"));

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_playBack);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_view);
    layout->addLayout(buttons);

    connect(m_playBack, &QPushButton::clicked, this, [this] {
        if (selectedRunId() >= 0) {
            Q_EMIT playbackRequested(selectedRunId());
        }
    });
    connect(m_view, &QListView::doubleClicked, this, [this](const QModelIndex& index) {
        Q_EMIT playbackRequested(index.data(RunHistory::RunIdRole).toInt());
    });
    connect(m_remove, &QPushButton::clicked, this, &RunList::removeSelected);
    connect(m_clear, &QPushButton::clicked, history, &RunHistory::clearInactive);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RunList::updateButtons);
    connect(history, &RunHistory::dataChanged, this, &RunList::updateButtons);
    connect(history, &RunHistory::rowsInserted, this, [this](const QModelIndex&, int, int last) {
        m_view->setCurrentIndex(m_history->index(last)); // the newest run is selected
        updateButtons();
    });
    connect(history, &RunHistory::rowsRemoved, this, &RunList::updateButtons);
    updateButtons();
}

void RunList::setPlaybackRun(int runId) {
    m_playbackRun = runId;
    m_view->viewport()->update();
}

int RunList::selectedRunId() const {
    const QModelIndex index = m_view->currentIndex();
    return index.isValid() ? index.data(RunHistory::RunIdRole).toInt() : -1;
}

void RunList::selectRun(int runId) {
    for (int row = 0; row < m_history->size(); ++row) {
        if (m_history->at(row)->id() == runId) {
            m_view->setCurrentIndex(m_history->index(row));
            return;
        }
    }
}

bool RunList::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Delete || key == Qt::Key_Backspace) {
            removeSelected();
            return true;
        }
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && selectedRunId() >= 0) {
            Q_EMIT playbackRequested(selectedRunId());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void RunList::removeSelected() {
    const int id = selectedRunId();
    const std::shared_ptr<SimulationRun> run = id >= 0 ? m_history->find(id) : nullptr;
    if (run && !run->isActive()) {
        m_history->remove(id);
    }
}

void RunList::updateButtons() {
    const int id = selectedRunId();
    const std::shared_ptr<SimulationRun> run = id >= 0 ? m_history->find(id) : nullptr;
    m_playBack->setEnabled(run != nullptr);
    m_remove->setEnabled(run && !run->isActive());
    m_remove->setToolTip(run && run->isActive()
                             ? tr("Stop the run first (Shift+F5) to remove it")
                             : tr("Drop the selected run and its samples (Delete)"));
    bool anyFinished = false;
    for (const auto& r : m_history->runs()) {
        anyFinished = anyFinished || !r->isActive();
    }
    m_clear->setEnabled(anyFinished);
}

} // namespace sslm::ui
