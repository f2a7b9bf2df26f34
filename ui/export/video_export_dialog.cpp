// SPDX-License-Identifier: MIT
#include "ui/export/video_export_dialog.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/export/export_folder.hpp"
#include "ui/export/run_interpolation.hpp"

namespace sslm::ui {

namespace {

struct SizePreset {
    const char* label;
    int width;
    int height;
};
constexpr std::array kSizePresets{SizePreset{"1280 × 720 (HD)", 1280, 720},
                                  SizePreset{"1920 × 1080 (Full HD)", 1920, 1080},
                                  SizePreset{"800 × 600", 800, 600}};
constexpr int kMinFps = 10;
constexpr int kMaxFps = 60;

QString defaultVideoPath(const SimulationRun& run) {
    const QString dir = exportFolder();
    QString base = QString::fromStdString(run.model()->spec.name).simplified().toLower();
    base.replace(QLatin1Char(' '), QLatin1Char('_'));
    if (base.isEmpty()) {
        base = QStringLiteral("animation");
    }
    return QDir(dir).filePath(base + QStringLiteral(".mp4"));
}

} // namespace

VideoExportDialog::VideoExportDialog(const SimulationRun& run,
                                     const VideoExportOptions& defaults,
                                     QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export Animation"));
    const RunInterpolation range(run);
    QHBoxLayout* fileRow = buildFileRow(run, defaults);
    QHBoxLayout* sizeRow = buildSizeRow(defaults);
    createFpsBox(defaults);
    QHBoxLayout* timeRow = buildTimeRow(range, defaults);
    createSeriesList(run, defaults);
    createOverlayOptions(defaults);
    QFormLayout* form = buildForm(run, defaults, fileRow, sizeRow, timeRow);
    createButtons();
    layOutDialog(form);
    updateState();
}

QHBoxLayout* VideoExportDialog::buildFileRow(const SimulationRun& run,
                                             const VideoExportOptions& defaults) {
    // file: the suffix picks the format
    m_path = new QLineEdit(defaults.path.isEmpty() ? defaultVideoPath(run) : defaults.path);
    auto* browseButton = new QPushButton(tr("Browse…"));
    connect(browseButton, &QPushButton::clicked, this, &VideoExportDialog::browse);
    m_path->setObjectName(QStringLiteral("path")); // names for tests and accessibility
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browseButton);
    return fileRow;
}

QHBoxLayout* VideoExportDialog::buildSizeRow(const VideoExportOptions& defaults) {
    // frame size
    m_sizePreset = new QComboBox;
    for (const SizePreset& preset : kSizePresets) {
        m_sizePreset->addItem(tr(preset.label), QSize(preset.width, preset.height));
    }
    m_sizePreset->addItem(tr("Custom"));
    m_width = new QSpinBox;
    m_height = new QSpinBox;
    for (QSpinBox* side : {m_width, m_height}) {
        side->setRange(160, 3840);
        side->setSingleStep(2);
        side->setSuffix(tr(" px"));
    }
    m_width->setObjectName(QStringLiteral("width"));
    m_height->setObjectName(QStringLiteral("height"));
    m_width->setValue(defaults.size.width());
    m_height->setValue(defaults.size.height());
    const int preset = m_sizePreset->findData(defaults.size);
    m_sizePreset->setCurrentIndex(preset >= 0 ? preset : m_sizePreset->count() - 1);
    connect(m_sizePreset, &QComboBox::currentIndexChanged, this, [this] {
        const QSize size = m_sizePreset->currentData().toSize();
        if (size.isValid()) {
            m_width->setValue(size.width());
            m_height->setValue(size.height());
        }
        updateState();
    });
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_sizePreset, 1);
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×")));
    sizeRow->addWidget(m_height);
    return sizeRow;
}

void VideoExportDialog::createFpsBox(const VideoExportOptions& defaults) {
    m_fps = new QSpinBox;
    m_fps->setRange(kMinFps, kMaxFps);
    m_fps->setValue(std::clamp(static_cast<int>(std::lround(defaults.fps)), kMinFps, kMaxFps));
    m_fps->setSuffix(tr(" frames/s"));
    m_fps->setObjectName(QStringLiteral("fps"));
}

QHBoxLayout* VideoExportDialog::buildTimeRow(const RunInterpolation& range,
                                             const VideoExportOptions& defaults) {
    // time range within the run
    m_t0 = new QDoubleSpinBox;
    m_t1 = new QDoubleSpinBox;
    for (QDoubleSpinBox* t : {m_t0, m_t1}) {
        t->setRange(range.firstTime(), range.lastTime());
        t->setDecimals(3);
        t->setSingleStep(0.1);
        t->setSuffix(tr(" s"));
    }
    m_t0->setObjectName(QStringLiteral("from"));
    m_t1->setObjectName(QStringLiteral("to"));
    m_t0->setValue(std::clamp(defaults.t0, range.firstTime(), range.lastTime()));
    m_t1->setValue(std::clamp(defaults.t1, range.firstTime(), range.lastTime()));
    auto* timeRow = new QHBoxLayout;
    timeRow->addWidget(m_t0, 1);
    timeRow->addWidget(new QLabel(tr("to")));
    timeRow->addWidget(m_t1, 1);
    return timeRow;
}

void VideoExportDialog::createSeriesList(const SimulationRun& run,
                                         const VideoExportOptions& defaults) {
    // plot panel and its series, grouped like the series chooser
    m_withPlot = new QCheckBox(tr("Include a plot beside the 3-D view"));
    m_withPlot->setChecked(defaults.withPlot);
    m_series = new QListWidget;
    m_series->setMinimumHeight(160);
    const QStringList chosen = defaults.plotColumns.isEmpty()
                                   ? VideoExporter::defaultPlotColumns(run)
                                   : defaults.plotColumns;
    for (const SampleColumn& column : run.layout().columns()) {
        if (column.family == SeriesFamily::Time) {
            continue;
        }
        auto* item =
            new QListWidgetItem(QStringLiteral("%1 — %2 (%3)")
                                    .arg(familyTitle(column.family), column.label, column.unit),
                                m_series);
        item->setData(Qt::UserRole, column.name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(chosen.contains(column.name) ? Qt::Checked : Qt::Unchecked);
    }
    connect(m_withPlot, &QCheckBox::toggled, this, &VideoExportDialog::updateState);
    connect(m_series, &QListWidget::itemChanged, this, &VideoExportDialog::updateState);
}

void VideoExportDialog::createOverlayOptions(const VideoExportOptions& defaults) {
    m_reactions = new QCheckBox(tr("Cut reaction arrows"));
    m_reactions->setChecked(defaults.reactions);
    m_traces = new QCheckBox(tr("Traces of the marked points"));
    m_traces->setChecked(defaults.traces);

    // a spatial mechanism: from the window's camera, turning about the up axis on request
    m_camera = defaults.camera;
    m_meshFolder = defaults.meshFolder;
}

QFormLayout* VideoExportDialog::buildForm(const SimulationRun& run,
                                          const VideoExportOptions& defaults,
                                          QHBoxLayout* fileRow,
                                          QHBoxLayout* sizeRow,
                                          QHBoxLayout* timeRow) {
    auto* form = new QFormLayout;
    form->addRow(tr("File (.mp4 or .gif):"), fileRow);
    form->addRow(tr("Size of the 3-D view:"), sizeRow);
    form->addRow(tr("Frame rate:"), m_fps);
    form->addRow(tr("Time range:"), timeRow);
    if (run.model()->isSpatial()) {
        // made only where the form takes it: a planar run has no camera turn (options(): 0)
        m_orbit = new QDoubleSpinBox;
        m_orbit->setRange(-720.0, 720.0);
        m_orbit->setDecimals(0);
        m_orbit->setSingleStep(15.0);
        m_orbit->setSuffix(tr(" °/s"));
        m_orbit->setValue(defaults.orbitDegreesPerSecond);
        m_orbit->setToolTip(tr("The camera turns about the up axis at this rate while the "
                               "video plays (0: it stays where the 3-D view has it), framed so "
                               "that the whole turn stays in view"));
        form->addRow(tr("Camera turn:"), m_orbit);
    }
    form->addRow(tr("Show:"), m_reactions);
    form->addRow(QString(), m_traces);
    form->addRow(QString(), m_withPlot);
    form->addRow(tr("Plotted series:"), m_series);
    return form;
}

void VideoExportDialog::createButtons() {
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QDoubleSpinBox* t : {m_t0, m_t1}) {
        connect(t, &QDoubleSpinBox::valueChanged, this, &VideoExportDialog::updateState);
    }
    connect(m_path, &QLineEdit::textChanged, this, &VideoExportDialog::updateState);
}

void VideoExportDialog::layOutDialog(QFormLayout* form) {
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
}

VideoExportOptions VideoExportDialog::options() const {
    VideoExportOptions options;
    options.path = m_path->text().trimmed();
    options.size = QSize(m_width->value(), m_height->value());
    options.fps = m_fps->value();
    options.t0 = m_t0->value();
    options.t1 = m_t1->value();
    options.withPlot = m_withPlot->isChecked();
    for (int i = 0; i < m_series->count(); ++i) {
        const QListWidgetItem* item = m_series->item(i);
        if (item->checkState() == Qt::Checked) {
            options.plotColumns.append(item->data(Qt::UserRole).toString());
        }
    }
    options.reactions = m_reactions->isChecked();
    options.traces = m_traces->isChecked();
    options.camera = m_camera;
    options.meshFolder = m_meshFolder;
    options.orbitDegreesPerSecond = m_orbit ? m_orbit->value() : 0.0;
    return options;
}

void VideoExportDialog::browse() {
    QString selectedFilter = VideoExporter::formatForPath(m_path->text()) == VideoFormat::Gif
                                 ? tr("Animated GIF (*.gif)")
                                 : tr("MP4 video (*.mp4)");
    QString path = QFileDialog::getSaveFileName(this, tr("Export Animation"), m_path->text(),
                                                tr("MP4 video (*.mp4);;Animated GIF (*.gif)"),
                                                &selectedFilter);
    if (path.isEmpty()) {
        return;
    }
    if (!VideoExporter::formatForPath(path)) {
        path += selectedFilter.contains(QLatin1String("gif")) ? QStringLiteral(".gif")
                                                              : QStringLiteral(".mp4");
    }
    m_path->setText(path);
}

void VideoExportDialog::updateState() {
    const bool custom = !m_sizePreset->currentData().toSize().isValid();
    m_width->setEnabled(custom);
    m_height->setEnabled(custom);
    m_series->setEnabled(m_withPlot->isChecked());
    const bool anySeries = !options().plotColumns.isEmpty();
    const bool valid = VideoExporter::formatForPath(m_path->text().trimmed()).has_value() &&
                       m_t1->value() > m_t0->value() && (!m_withPlot->isChecked() || anySeries);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(valid);
}

void exportAnimationInteractively(QWidget* parent,
                                  std::shared_ptr<const SimulationRun> run,
                                  const VideoExportOptions& defaults) {
    const QString title = QCoreApplication::translate("VideoExport", "Export Animation");
    if (!run || run->samples().size() < 2) {
        QMessageBox::information(parent, title,
                                 QCoreApplication::translate("VideoExport",
                                                             "Run a simulation first: there is no "
                                                             "motion to export yet."));
        return;
    }
    if (run->isActive()) {
        QMessageBox::information(
            parent, title,
            QCoreApplication::translate("VideoExport", "The run is still going: stop it or let it "
                                                       "finish, then export its animation."));
        return;
    }
    VideoExportDialog dialog(*run, defaults, parent);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    rememberExportFolder(dialog.options().path);
    VideoExporter exporter(run, dialog.options());
    QProgressDialog progress(QCoreApplication::translate("VideoExport", "Rendering frames…"),
                             QCoreApplication::translate("VideoExport", "Cancel"), 0,
                             std::max(1, exporter.frameCount()), parent);
    progress.setWindowTitle(title);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    QString error;
    const bool ok = exporter.exportVideo(
        [&progress](int frame, int frameCount) {
            if (frame >= frameCount) {
                progress.setLabelText(
                    QCoreApplication::translate("VideoExport", "Encoding the video…"));
            }
            progress.setValue(std::min(frame, frameCount - 1));
            QCoreApplication::processEvents();
            return !progress.wasCanceled();
        },
        &error);
    progress.reset();
    if (!ok && error != QLatin1String("cancelled")) {
        QMessageBox::critical(
            parent, title,
            QCoreApplication::translate("VideoExport", "The animation could not be exported.") +
                QStringLiteral("\n\n") + error);
    }
}

void exportAnimationInteractively(QWidget* parent, std::shared_ptr<const SimulationRun> run) {
    exportAnimationInteractively(parent, std::move(run), VideoExportOptions{});
}

} // namespace sslm::ui
