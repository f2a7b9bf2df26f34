// SPDX-License-Identifier: MIT
#include "ui/statics/statics_panel.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "core/kinematics/configuration.hpp"
#include "ui/input/number_box.hpp"
#include "ui/statics/holding_effort_chart.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

/// A mode's animation swings once in this long, whatever its frequency (ms).
constexpr double kSwingMs = 1500.0;
/// Frames of the animation (ms).
constexpr int kFrameMs = 33;
/// The amplitude slider's step (rad or m per notch).
constexpr double kAmplitudeStep = 0.005;

QString number(double value, int digits = 5) {
    return QString::number(value, 'g', digits);
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

/// Sizes `t` to show its rows, at most `most` of them (then it scrolls), and its columns to
/// their contents.
void fitRows(QTableWidget* t, int most) {
    t->resizeColumnsToContents();
    t->horizontalHeader()->setStretchLastSection(true);
    const int rows = std::clamp(t->rowCount(), 1, most);
    const int rowHeight = t->verticalHeader()->defaultSectionSize();
    t->setFixedHeight(t->horizontalHeader()->sizeHint().height() + rows * rowHeight +
                      2 * t->frameWidth());
}

QTableWidget* table(const QStringList& headers) {
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    fitRows(t, 1);
    return t;
}

} // namespace

StaticsPanel::StaticsPanel(QWidget* parent) : QWidget(parent) {
    m_job = new StaticsJob(this);
    connect(m_job, &StaticsJob::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_job, &StaticsJob::finished, this, &StaticsPanel::showOutput);
    m_frames = new QTimer(this);
    m_frames->setInterval(kFrameMs);
    connect(m_frames, &QTimer::timeout, this, &StaticsPanel::animationFrame);

    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->addWidget(buildForm());
    m_tabs = new QTabWidget;
    m_tabs->addTab(buildResults(), tr("Rest pose and modes"));
    m_tabs->addTab(buildCurve(), tr("Holding effort"));
    column->addWidget(m_tabs, 1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    setMechanism(nullptr, {});
}

QWidget* StaticsPanel::buildForm() {
    m_time = numberBox(tr("When the loads' and actuators' signals are read"), tr(" s"), 0, 1e6, 3);
    m_hold = new QComboBox;
    m_hold->setToolTip(tr("A coordinate locked at a value while the others settle"));
    m_holdValue = numberBox(tr("The held coordinate's value (rad or m)"));
    connect(m_hold, &QComboBox::currentIndexChanged, this, [this] {
        const int k = m_hold->currentData().toInt();
        m_holdValue->setEnabled(k >= 0);
        if (k >= 0 && m_model && m_q0.size() > 0) {
            m_holdValue->setValue(m_q0[positionIndex(*m_model, k)]);
            m_holdValue->setSuffix(m_model->coordinates[k].angular ? tr(" rad") : tr(" m"));
        }
    });
    auto* holdRow = new QHBoxLayout;
    holdRow->addWidget(m_hold, 1);
    holdRow->addWidget(m_holdValue);
    m_find = new QPushButton(tr("Find Rest Pose"));
    m_find->setToolTip(tr("Where the mechanism settles from its initial pose under gravity, "
                          "springs, loads and actuator forces, and how it vibrates there"));
    connect(m_find, &QPushButton::clicked, this, &StaticsPanel::findRestPose);
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the holding-effort curve after the current pose"));
    connect(m_cancel, &QPushButton::clicked, m_job, &StaticsJob::cancel);
    m_progress = new QProgressBar;
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(10);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // the progress bar and the status (a word-wrapped label) below the form, not in it: Qt 6.4's
    // QFormLayout writes past its row data when a form with a height-for-width item has a hidden
    // row (the bar between two searches)
    auto* box = new QGroupBox(tr("Rest pose"));
    auto* column = new QVBoxLayout(box);
    auto* form = new QFormLayout;
    column->addLayout(form);
    form->addRow(tr("Loads at"), m_time);
    form->addRow(tr("Hold"), holdRow);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_find);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    form->addRow(buttons);
    column->addWidget(m_progress);
    column->addWidget(m_status);
    return box;
}

QWidget* StaticsPanel::buildResults() {
    m_pose = table({tr("Coordinate"), tr("At rest")});
    m_pose->setToolTip(tr("Every coordinate at the rest pose (rad or m)"));
    m_modes = table({tr("Mode"), tr("Frequency (Hz)"), tr("Damping ratio")});
    m_modes->setToolTip(tr("Natural frequencies of small vibrations about the rest pose; pick "
                           "one to animate or run"));
    connect(m_modes, &QTableWidget::itemSelectionChanged, this, &StaticsPanel::updateButtons);
    m_animate = new QCheckBox(tr("Animate"));
    m_animate->setToolTip(tr("Swing the chosen mode's shape in the 3-D view"));
    connect(m_animate, &QCheckBox::toggled, this, &StaticsPanel::setAnimating);
    m_amplitude = new QSlider(Qt::Horizontal);
    m_amplitude->setRange(1, 100);
    m_amplitude->setValue(20);
    m_amplitude->setToolTip(tr("How far the mode swings: its largest coordinate, rad or m"));
    m_amplitudeText = new QLabel;
    const auto showAmplitude = [this] {
        m_amplitudeText->setText(tr("±%1").arg(number(amplitude(), 3)));
    };
    connect(m_amplitude, &QSlider::valueChanged, this, showAmplitude);
    showAmplitude();
    m_runMode = new QPushButton(tr("Run Mode"));
    m_runMode->setToolTip(tr("Simulate four periods of the free motion from the rest pose moved "
                             "along the chosen mode by the amplitude; the run plays back and "
                             "exports to video like any run"));
    connect(m_runMode, &QPushButton::clicked, this, [this] {
        const int mode = m_modes->currentRow();
        const VibrationAnalysis* rest = analysis();
        Eigen::VectorXd q;
        if (!rest || mode < 0 || !modePose(mode, 1.0, q)) {
            setStatus(tr("The mode cannot be displaced that far: lower the amplitude."), true);
            return;
        }
        const double frequency = rest->modes[static_cast<std::size_t>(mode)].frequencyHz;
        Q_EMIT modeRunRequested(q, 1.0 / frequency,
                                tr("Mode %1 (%2 Hz)").arg(mode + 1).arg(number(frequency, 4)));
    });
    auto* animation = new QHBoxLayout;
    animation->addWidget(m_animate);
    animation->addWidget(m_amplitude, 1);
    animation->addWidget(m_amplitudeText);
    animation->addWidget(m_runMode);

    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(m_pose);
    layout->addWidget(m_modes);
    layout->addLayout(animation);
    layout->addStretch(1);
    return page;
}

QWidget* StaticsPanel::buildCurve() {
    m_sweep = new QComboBox;
    m_sweep->setToolTip(tr("The coordinate held over the stroke"));
    m_from = numberBox(tr("The stroke's first value (rad or m)"));
    m_to = numberBox(tr("The stroke's last value (rad or m)"));
    m_points = countBox(tr("How many poses along the stroke"), 2, 2000, 73);
    connect(m_sweep, &QComboBox::currentIndexChanged, this, [this] {
        const int k = m_sweep->currentData().toInt();
        if (k < 0 || !m_model || m_q0.size() == 0) {
            return;
        }
        const bool angular = m_model->coordinates[k].angular;
        const double at = m_q0[positionIndex(*m_model, k)];
        m_from->setValue(angular ? at - std::numbers::pi : at - 0.1);
        m_to->setValue(angular ? at + std::numbers::pi : at + 0.1);
        for (QDoubleSpinBox* box : {m_from, m_to}) {
            box->setSuffix(angular ? tr(" rad") : tr(" m"));
        }
    });
    m_plot = new QPushButton(tr("Plot"));
    m_plot->setToolTip(tr("The force or torque that holds the coordinate still at each pose of "
                          "the stroke, the others settling (the kinetostatic curve)"));
    connect(m_plot, &QPushButton::clicked, this, &StaticsPanel::plotHoldingEffort);
    m_chart = new HoldingEffortChart;

    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    auto* form = new QFormLayout;
    auto* holdRow = new QHBoxLayout;
    holdRow->addWidget(m_sweep, 1);
    holdRow->addWidget(new QLabel(tr("poses")));
    holdRow->addWidget(m_points);
    form->addRow(tr("Hold"), holdRow);
    auto* range = new QHBoxLayout;
    range->addWidget(m_from, 1);
    range->addWidget(new QLabel(tr("to")));
    range->addWidget(m_to, 1);
    range->addWidget(m_plot);
    form->addRow(tr("From"), range);
    layout->addLayout(form);
    layout->addWidget(m_chart, 1);
    return page;
}

void StaticsPanel::setMechanism(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0) {
    setAnimating(false);
    m_job->cancel();
    m_model = std::move(model);
    m_q0 = q0;
    m_rest.reset();
    m_curve.clear();
    m_pose->setRowCount(0);
    m_modes->setRowCount(0);
    fitRows(m_pose, 8);
    fitRows(m_modes, 6);
    m_chart->clear();
    fillCoordinateBoxes();
    setStatus(m_model ? tr("Find Rest Pose: where the mechanism settles, and its modes.")
                      : tr("No mechanism, or it does not compile."),
              false);
    setBusy(m_job->isRunning());
}

void StaticsPanel::fillCoordinateBoxes() {
    for (QComboBox* box : {m_hold, m_sweep}) {
        box->blockSignals(true);
        box->clear();
    }
    m_hold->addItem(tr("nothing"), -1);
    if (m_model) {
        for (int k = 0; k < m_model->nv(); ++k) {
            if (positionIndex(*m_model, k) < 0) {
                continue; // a spherical joint's rate cannot be held
            }
            const QString name = QString::fromStdString(m_model->coordinates[k].name);
            m_hold->addItem(name, k);
            m_sweep->addItem(name, k);
        }
        // the file's first input is the natural stroke
        if (!m_model->independent.empty()) {
            const int at = m_sweep->findData(m_model->independent.front());
            m_sweep->setCurrentIndex(std::max(at, 0));
        }
    }
    for (QComboBox* box : {m_hold, m_sweep}) {
        box->blockSignals(false);
    }
    Q_EMIT m_hold->currentIndexChanged(m_hold->currentIndex());
    Q_EMIT m_sweep->currentIndexChanged(m_sweep->currentIndex());
}

EquilibriumOptions StaticsPanel::options() const {
    EquilibriumOptions out;
    out.time = m_time->value();
    const int held = m_hold->currentData().toInt();
    if (held >= 0) {
        out.holds.push_back({held, m_holdValue->value()});
    }
    return out;
}

bool StaticsPanel::findRestPose() {
    if (!m_model || m_job->isRunning()) {
        return false;
    }
    setAnimating(false);
    StaticsJobInput input;
    input.model = m_model;
    input.start = m_q0;
    input.options = options();
    if (!m_job->start(std::move(input))) {
        return false;
    }
    setStatus(tr("Finding the rest pose…"), false);
    setBusy(true);
    return true;
}

bool StaticsPanel::plotHoldingEffort() {
    if (!m_model || m_job->isRunning()) {
        return false;
    }
    const int k = m_sweep->currentData().toInt();
    if (k < 0) {
        return false;
    }
    StaticsJobInput input;
    input.model = m_model;
    input.start = m_q0;
    input.options = options();
    std::erase_if(input.options.holds, [k](const CoordinateHold& h) { return h.coordinate == k; });
    input.sweep = k;
    const int n = m_points->value();
    for (int i = 0; i < n; ++i) {
        input.values.push_back(m_from->value() + (m_to->value() - m_from->value()) * i / (n - 1));
    }
    if (!m_job->start(std::move(input))) {
        return false;
    }
    setStatus(tr("Holding %1 over the stroke…").arg(m_sweep->currentText()), false);
    setBusy(true);
    return true;
}

void StaticsPanel::showOutput(const std::shared_ptr<const StaticsJobOutput>& output) {
    setBusy(false);
    if (output->model == m_model) { // else the mechanism changed while it ran
        showResults(output);
    }
    Q_EMIT jobFinished();
}

void StaticsPanel::showResults(const std::shared_ptr<const StaticsJobOutput>& output) {
    if (output->sweep >= 0) {
        m_tabs->setCurrentIndex(1);
        m_curve = output->curve;
        m_chart->setCurve(*m_model, output->sweep, m_curve);
        const auto held =
            std::ranges::count_if(m_curve, [](const HoldingPoint& p) { return p.rest.ok(); });
        const QString name = QString::fromStdString(m_model->coordinates[output->sweep].name);
        if (output->cancelled) {
            setStatus(tr("Cancelled after %1 poses of %2.").arg(m_curve.size()).arg(name), false);
        } else if (held < static_cast<long>(m_curve.size())) {
            const auto failed =
                std::ranges::find_if(m_curve, [](const HoldingPoint& p) { return !p.rest.ok(); });
            setStatus(tr("%1 of %2 poses could not be held; the first, at %3: %4")
                          .arg(m_curve.size() - static_cast<std::size_t>(held))
                          .arg(m_curve.size())
                          .arg(number(failed->value))
                          .arg(QString::fromStdString(failed->rest.error)),
                      true);
        } else {
            setStatus(tr("Holding effort of %1 over %2 poses.").arg(name).arg(m_curve.size()),
                      false);
        }
        return;
    }
    const VibrationAnalysis& result = output->analysis;
    if (!result.ok()) {
        m_rest.reset();
        m_pose->setRowCount(0);
        m_modes->setRowCount(0);
        fitRows(m_pose, 8);
        fitRows(m_modes, 6);
        setStatus(QString::fromStdString(result.error), true);
        updateButtons();
        return;
    }
    m_rest = output;
    m_tabs->setCurrentIndex(0);
    const Equilibrium& rest = result.equilibrium;
    const std::vector<std::string> names = positionNames(*m_model);
    m_pose->setRowCount(static_cast<int>(names.size()));
    for (std::size_t i = 0; i < names.size(); ++i) {
        const int row = static_cast<int>(i);
        const int k = m_model->coordinateIndex(names[i]);
        const QString unit =
            k < 0 ? QString() : (m_model->coordinates[k].angular ? tr(" rad") : tr(" m"));
        m_pose->setItem(row, 0, cell(QString::fromStdString(names[i])));
        m_pose->setItem(row, 1, cell(number(rest.q[static_cast<Eigen::Index>(i)], 7) + unit));
    }
    m_modes->setRowCount(static_cast<int>(result.modes.size()));
    for (std::size_t m = 0; m < result.modes.size(); ++m) {
        const VibrationMode& mode = result.modes[m];
        const int row = static_cast<int>(m);
        m_modes->setItem(row, ModeNumber, cell(QString::number(row + 1)));
        m_modes->setItem(row, Frequency,
                         cell(mode.omegaSquared > 0 ? number(mode.frequencyHz) : tr("unstable")));
        m_modes->setItem(row, DampingRatio, cell(number(mode.dampingRatio, 3)));
    }
    fitRows(m_pose, 8);
    fitRows(m_modes, 6);
    if (!result.modes.empty()) {
        m_modes->selectRow(0);
    }
    QString text = rest.stable ? tr("Stable rest pose") : tr("Unstable equilibrium");
    text += tr(", residual %1 after %2 Newton steps.")
                .arg(number(rest.residualNorm, 2))
                .arg(rest.iterations);
    for (std::size_t h = 0; h < rest.held.size(); ++h) {
        const Coordinate& c = m_model->coordinates[rest.independent[rest.held[h]]];
        text += tr(" Holding %1 takes %2 %3.")
                    .arg(QString::fromStdString(c.name))
                    .arg(number(rest.holdingEffort[static_cast<Eigen::Index>(h)]))
                    .arg(c.angular ? tr("N·m") : tr("N"));
    }
    setStatus(text, false);
    Q_EMIT poseRequested(rest.q);
    Q_EMIT message(text);
    updateButtons();
}

const VibrationAnalysis* StaticsPanel::analysis() const {
    return m_rest ? &m_rest->analysis : nullptr;
}

double StaticsPanel::amplitude() const {
    return m_amplitude->value() * kAmplitudeStep;
}

bool StaticsPanel::modePose(int mode, double phase, Eigen::VectorXd& q) const {
    const VibrationAnalysis* rest = analysis();
    return rest && m_model && sslm::modePose(*m_model, *rest, mode, phase * amplitude(), q);
}

void StaticsPanel::setAnimating(bool on) {
    if (m_animate->isChecked() != on) {
        m_animate->setChecked(on); // comes back here through toggled
        return;
    }
    if (on && analysis() && m_modes->currentRow() >= 0) {
        m_clock.start();
        m_frames->start();
        return;
    }
    const bool wasRunning = m_frames->isActive();
    m_frames->stop();
    if (wasRunning && analysis()) {
        Q_EMIT poseRequested(analysis()->equilibrium.q);
    }
}

void StaticsPanel::animationFrame() {
    const int mode = m_modes->currentRow();
    Eigen::VectorXd q;
    const double phase =
        std::sin(2 * std::numbers::pi * static_cast<double>(m_clock.elapsed()) / kSwingMs);
    if (mode >= 0 && modePose(mode, phase, q)) {
        Q_EMIT poseRequested(q);
    }
}

void StaticsPanel::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    QPalette palette = m_status->palette();
    palette.setColor(QPalette::WindowText,
                     error ? errorTextColour() : this->palette().color(QPalette::WindowText));
    m_status->setPalette(palette);
}

void StaticsPanel::setBusy(bool busy) {
    m_progress->setVisible(busy);
    if (busy) {
        m_progress->setRange(0, 0); // busy until the first progress
    }
    m_cancel->setVisible(busy);
    updateButtons();
}

void StaticsPanel::updateButtons() {
    const bool idle = m_model && !m_job->isRunning();
    m_find->setEnabled(idle);
    m_plot->setEnabled(idle && m_sweep->count() > 0);
    const bool mode = analysis() && m_modes->currentRow() >= 0;
    m_animate->setEnabled(mode);
    m_runMode->setEnabled(
        mode && idle &&
        analysis()->modes[static_cast<std::size_t>(m_modes->currentRow())].omegaSquared > 0);
    m_amplitude->setEnabled(mode);
    if (!mode) {
        setAnimating(false);
    }
}

} // namespace sslm::ui
