// SPDX-License-Identifier: MIT
#include "ui/playback/playback_bar.hpp"

#include <algorithm>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>

#include "ui/style/resources.hpp"

namespace sslm::ui {

namespace {

constexpr double kSpeeds[] = {0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0};

} // namespace

PlaybackBar::PlaybackBar(QWidget* parent) : QToolBar(tr("Playback"), parent) {
    setObjectName(QStringLiteral("PlaybackBar"));
    setMovable(false);
    setIconSize(QSize(18, 18));
    const auto addButton = [this](const char* icon, const QString& text, const QKeySequence& key,
                                  const QString& tip, auto slot) {
        QAction* action = addAction(actionIcon(QString::fromLatin1(icon)), text);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString()));
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    addButton("playback-start", tr("Start"), QKeySequence(Qt::SHIFT | Qt::Key_Home),
              tr("Jump to the first sample"), &PlaybackBar::jumpToStart);
    addButton("playback-back", tr("Back"), QKeySequence(Qt::Key_Comma), tr("One sample back"),
              &PlaybackBar::stepBack);
    m_play = addButton("playback-play", tr("Play"), QKeySequence(Qt::Key_Space),
                       tr("Play or pause the playback"), &PlaybackBar::togglePlay);
    addButton("playback-forward", tr("Forward"), QKeySequence(Qt::Key_Period),
              tr("One sample forward"), &PlaybackBar::stepForward);
    addButton("playback-end", tr("End"), QKeySequence(Qt::SHIFT | Qt::Key_End),
              tr("Jump to the last sample"), &PlaybackBar::jumpToEnd);

    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setMinimumWidth(240);
    m_slider->setToolTip(tr("Drag to scrub through the run's samples"));
    m_slider->setFocusPolicy(Qt::NoFocus);
    addWidget(m_slider);
    connect(m_slider, &QSlider::valueChanged, this, &PlaybackBar::setSampleIndex);

    m_timeLabel = new QLabel;
    m_timeLabel->setMinimumWidth(150);
    m_timeLabel->setAlignment(Qt::AlignCenter);
    m_timeLabel->setToolTip(tr("Time of the sample shown / end of the samples so far"));
    QFont mono = m_timeLabel->font();
    mono.setFamily(QStringLiteral("monospace"));
    m_timeLabel->setFont(mono);
    addWidget(m_timeLabel);

    m_speedBox = new QComboBox;
    for (const double speed : kSpeeds) {
        m_speedBox->addItem(QStringLiteral("%1×").arg(speed), speed);
    }
    m_speedBox->setCurrentIndex(3);
    m_speedBox->setToolTip(tr("Playback speed relative to real time"));
    m_speedBox->setFocusPolicy(Qt::NoFocus);
    addWidget(m_speedBox);
    connect(m_speedBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_speed = m_speedBox->itemData(i).toDouble(); });

    m_followLive = addAction(actionIcon(QStringLiteral("follow-live")), tr("Follow live"));
    m_followLive->setCheckable(true);
    m_followLive->setChecked(true);
    m_followLive->setToolTip(tr("Keep showing the newest sample while a run goes"));
    connect(m_followLive, &QAction::toggled, this, &PlaybackBar::setFollowLive);
    // the only toggle of the bar keeps its name beside its icon
    if (auto* button = qobject_cast<QToolButton*>(widgetForAction(m_followLive))) {
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    }

    m_timer.setInterval(kTickMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &PlaybackBar::advance);
    updateWidgets();
}

bool PlaybackBar::followsLive() const {
    return m_followLive->isChecked();
}

void PlaybackBar::setRun(std::shared_ptr<const SimulationRun> run) {
    pause();
    m_run = std::move(run);
    m_count = m_run ? static_cast<int>(m_run->samples().size()) : 0;
    m_index = -1;
    if (m_count > 0) {
        show(followsLive() && m_run->isActive() ? m_count - 1 : 0, true);
    }
    updateWidgets();
}

void PlaybackBar::setAvailableSamples(int count) {
    if (!m_run || count == m_count) {
        return;
    }
    m_count = count;
    updateWidgets();
    if (followsLive() && !isPlaying()) {
        show(m_count - 1);
    } else if (m_index < 0 && m_count > 0) {
        show(0);
    }
}

double PlaybackBar::timeAt(int index) const {
    return m_run && index >= 0 && index < m_count ? m_run->samples().value(index, 0) : 0.0;
}

double PlaybackBar::time() const {
    return timeAt(m_index);
}

void PlaybackBar::setSampleIndex(int index) {
    if (m_count == 0) {
        return;
    }
    index = std::clamp(index, 0, m_count - 1);
    if (index != m_count - 1 && followsLive() && m_run && m_run->isActive()) {
        const QSignalBlocker block(m_followLive);
        m_followLive->setChecked(false); // the user looks elsewhere
    }
    m_playTime = timeAt(index);
    show(index);
}

void PlaybackBar::show(int index, bool force) {
    if (index == m_index && !force) {
        return;
    }
    m_index = index;
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(index);
    }
    const double last = timeAt(m_count - 1);
    m_timeLabel->setText(QStringLiteral("%1 / %2 s")
                             .arg(time(), 0, 'f', last < 100 ? 3 : 1)
                             .arg(last, 0, 'f', last < 100 ? 3 : 1));
    Q_EMIT sampleIndexChanged(index);
    Q_EMIT timeChanged(time());
}

void PlaybackBar::play() {
    if (m_count < 2) {
        return;
    }
    if (m_index >= m_count - 1) {
        show(0); // from the start again
    }
    {
        const QSignalBlocker block(m_followLive);
        m_followLive->setChecked(false);
    }
    m_playTime = time();
    m_wallClock.start();
    m_timer.start();
    updateWidgets();
}

void PlaybackBar::pause() {
    m_timer.stop();
    updateWidgets();
}

void PlaybackBar::togglePlay() {
    isPlaying() ? pause() : play();
}

void PlaybackBar::setSpeed(double factor) {
    const int i = m_speedBox->findData(factor);
    if (i >= 0) {
        m_speedBox->setCurrentIndex(i);
    }
    m_speed = factor;
}

void PlaybackBar::stepForward() {
    pause();
    setSampleIndex(m_index + 1);
}

void PlaybackBar::stepBack() {
    pause();
    setSampleIndex(m_index - 1);
}

void PlaybackBar::jumpToStart() {
    setSampleIndex(0);
}

void PlaybackBar::jumpToEnd() {
    setSampleIndex(m_count - 1);
}

void PlaybackBar::setFollowLive(bool follow) {
    {
        const QSignalBlocker block(m_followLive);
        m_followLive->setChecked(follow);
    }
    if (follow) {
        pause();
        if (m_count > 0) {
            show(m_count - 1);
        }
    }
}

void PlaybackBar::advance() {
    m_playTime += m_speed * static_cast<double>(m_wallClock.restart()) * 1e-3;
    // the last sample at or before the playback time
    int index = m_index;
    while (index + 1 < m_count && timeAt(index + 1) <= m_playTime) {
        ++index;
    }
    if (index >= m_count - 1 && !(m_run && m_run->isActive())) {
        show(m_count - 1);
        pause();
        return;
    }
    show(index);
}

void PlaybackBar::updateWidgets() {
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, std::max(0, m_count - 1));
        m_slider->setValue(std::max(0, m_index));
    }
    m_slider->setEnabled(m_count > 0);
    m_play->setIcon(actionIcon(isPlaying() ? QStringLiteral("playback-pause")
                                           : QStringLiteral("playback-play")));
    m_play->setText(isPlaying() ? tr("Pause") : tr("Play"));
    if (m_count == 0) {
        m_timeLabel->setText(tr("no samples"));
    }
}

} // namespace sslm::ui
