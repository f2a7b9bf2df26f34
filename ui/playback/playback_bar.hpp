// SPDX-License-Identifier: MIT
#pragma once

// The timeline of SSLM Studio: a tool bar with a slider over the samples of one run, the time,
// play/pause at 0.1×–10× real time, one-sample steps, jumps to the ends and "follow live" (the
// slider stays on the newest sample while the run goes). Playback advances by speed × the wall
// time elapsed, on a ~60 Hz timer, and emits the sample shown.

#include <memory>

#include <QElapsedTimer>
#include <QTimer>
#include <QToolBar>

#include "ui/sim/simulation_run.hpp"

class QAction;
class QComboBox;
class QLabel;
class QSlider;

namespace sslm::ui {

class PlaybackBar : public QToolBar {
    Q_OBJECT

public:
    static constexpr int kTickMs = 16;

    explicit PlaybackBar(QWidget* parent = nullptr);

    /// Scrubs through `run` (null: nothing). Shows its first sample, or the newest when
    /// following a live run.
    void setRun(std::shared_ptr<const SimulationRun> run);
    std::shared_ptr<const SimulationRun> run() const { return m_run; }
    /// The run's store holds `count` samples now (from SimulationController::samplesAvailable).
    void setAvailableSamples(int count);

    int sampleIndex() const { return m_index; }
    int sampleCount() const { return m_count; }
    double time() const;
    bool isPlaying() const { return m_timer.isActive(); }
    double speed() const { return m_speed; }
    bool followsLive() const;

    QAction* playAction() const { return m_play; }
    QAction* followLiveAction() const { return m_followLive; }
    QSlider* slider() const { return m_slider; }
    QComboBox* speedBox() const { return m_speedBox; }

public Q_SLOTS:
    /// Shows sample `index` (clamped); stops following a live run unless it is the newest.
    void setSampleIndex(int index);
    void play();
    void pause();
    void togglePlay();
    void setSpeed(double factor);
    void stepForward();
    void stepBack();
    void jumpToStart();
    void jumpToEnd();
    void setFollowLive(bool follow);

Q_SIGNALS:
    void sampleIndexChanged(int index);
    void timeChanged(double t);

private:
    void advance();
    /// Shows sample `index` and emits, without touching follow-live.
    void show(int index, bool force = false);
    double timeAt(int index) const;
    void updateWidgets();

    std::shared_ptr<const SimulationRun> m_run;
    int m_count = 0;
    int m_index = -1;
    double m_speed = 1.0;
    double m_playTime = 0;     ///< simulated time reached by playback (s)
    QElapsedTimer m_wallClock; ///< since the last tick
    QTimer m_timer;
    QAction* m_play = nullptr;
    QAction* m_followLive = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_timeLabel = nullptr;
    QComboBox* m_speedBox = nullptr;
};

} // namespace sslm::ui
