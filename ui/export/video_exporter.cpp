// SPDX-License-Identifier: MIT
#include "ui/export/video_exporter.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <QStandardPaths>
#include <QWindow>

#include "ui/export/ffmpeg_pipe.hpp"
#include "ui/export/run_interpolation.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/style/palette.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace sslm::ui {

namespace {

constexpr int kEvenMask = ~1;
constexpr int kMinimumSide = 16;

/// ffmpeg's arguments after the input for `format`, writing `path`.
QStringList encoderArguments(VideoFormat format, const QString& path) {
    if (format == VideoFormat::Mp4) {
        return {QStringLiteral("-an"),        QStringLiteral("-c:v"),
                QStringLiteral("libx264"),    QStringLiteral("-preset"),
                QStringLiteral("medium"),     QStringLiteral("-crf"),
                QStringLiteral("20"),         QStringLiteral("-pix_fmt"),
                QStringLiteral("yuv420p"),    QStringLiteral("-movflags"),
                QStringLiteral("+faststart"), QStringLiteral("-f"),
                QStringLiteral("mp4"),        path};
    }
    // one palette for the whole animation (built from the pixels that change), ordered dither
    return {QStringLiteral("-filter_complex"),
            QStringLiteral("split[a][b];[a]palettegen=stats_mode=diff[p];"
                           "[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle"),
            QStringLiteral("-loop"),
            QStringLiteral("0"),
            QStringLiteral("-f"),
            QStringLiteral("gif"),
            path};
}

} // namespace

/// What draws the frames: the 3-D view, the plot panel and the run's interpolated state.
struct VideoExporter::Frames {
    RunInterpolation state;
    MechanismView view;
    std::unique_ptr<PlotWidget> plot;
    QSize viewSize;
    QSize plotSize;
    double typicalForce = 0;  ///< N: the arrow of this force is a quarter of the mechanism
    double typicalMoment = 0; ///< N·m: the same for the moment arrows (a spatial view's)
    double lastFrameTime = std::numeric_limits<double>::quiet_NaN(); ///< s, of the last render
    double orbitAngle = 0; ///< degrees the camera has turned since the first frame

    Frames(const std::shared_ptr<const SimulationRun>& run, const VideoExportOptions& options)
        : state(*run), viewSize(options.size) {
        // a top-level window of the exact size that is never shown on screen
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.setMinimumSize(kMinimumSide, kMinimumSide);
        view.resize(viewSize);
        view.setTracesVisible(options.traces);
        view.setReactionsVisible(options.reactions);
        view.setMeshFolder(options.meshFolder);
        view.setModel(run->model(), state.poseAt(options.t0));
        if (options.withPlot) {
            plot = std::make_unique<PlotWidget>();
            plotSize = QSize(plotPanelWidth(viewSize.height()), viewSize.height());
            plot->resize(plotSize);
            plot->addRun(run);
            plot->setSelectedColumns(options.plotColumns.isEmpty() ? defaultPlotColumns(*run)
                                                                   : options.plotColumns);
            plot->refresh();
            plot->setTimeWindow(options.t0, options.t1); // the clip, not the whole run
        }
    }

    /// Shows the view off screen and fixes the camera on the poses of [t0, t1].
    void prepare(const VideoExportOptions& options, int frameCount) {
        view.show();
        QCoreApplication::processEvents();
        view.snapshot(); // creates the GL resources at the final size
        std::vector<Eigen::VectorXd> poses;
        for (int k = 0; k <= frameCount; ++k) {
            poses.push_back(state.poseAt(options.t0 + k / options.fps));
        }
        // the camera (a planar view stays flat and seen from +z: it ignores these)
        if (options.camera) {
            view.setPerspective(options.camera->perspective);
            view.lookAlong(options.camera->direction, options.camera->up);
        } else {
            view.setStandardView(options.view.value_or(StandardView::Iso));
        }
        view.fitCameraToPoses(poses);
        if (options.orbitDegreesPerSecond != 0) {
            // the frame fits the poses from every direction of the turn: the widest of them
            double widest = view.viewScale();
            for (int step = 1; step < 12; ++step) {
                view.orbitBy(30.0, 0.0);
                view.fitCameraToPoses(poses);
                widest = std::max(widest, view.viewScale());
            }
            view.orbitBy(30.0, 0.0); // back to the start
            view.fitCameraToPoses(poses);
            view.zoomBy(widest / view.viewScale());
        }
        if (options.reactions) {
            // scale the arrows on the typical force, not on the peaks of a toggle pose (which
            // can be a hundred times larger): the automatic scale is fixed by the first set
            // shown, so show one whose largest force is the 90th percentile of the frames'
            // (the same for the moments, which a spatial view draws at a scale of their own)
            std::vector<double> largestForce;
            std::vector<double> largestMoment;
            for (int k = 0; k <= frameCount; ++k) {
                double force = 0;
                double moment = 0;
                for (const CutReaction& r : state.reactionsAt(options.t0 + k / options.fps)) {
                    force = std::max(force, r.force.norm());
                    moment = std::max(moment, r.moment.norm());
                }
                largestForce.push_back(force);
                largestMoment.push_back(moment);
            }
            const auto percentile90 = [](std::vector<double> values) {
                std::sort(values.begin(), values.end());
                return values[static_cast<std::size_t>(0.9 *
                                                       static_cast<double>(values.size() - 1))];
            };
            typicalForce = percentile90(largestForce);
            typicalMoment = percentile90(largestMoment);
            std::vector<CutReaction> reference = state.reactionsAt(options.t0);
            if (!reference.empty() && (typicalForce > 0 || typicalMoment > 0)) {
                for (CutReaction& r : reference) {
                    r.force.setZero();
                    r.moment.setZero();
                }
                reference.front().force = Eigen::Vector3d(typicalForce, 0, 0);
                reference.front().moment = Eigen::Vector3d(typicalMoment, 0, 0);
                view.setReactionScale(0);
                view.setReactions(reference);
            }
        }
        view.setTime(options.t0);
        view.setPose(state.poseAt(options.t0));
        view.clearTraces();
    }

    /// The frame time in a label at the top right, sized with the frame.
    static void paintTime(QImage& image, double t) {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        QFont font = painter.font();
        font.setPixelSize(std::max(12, image.height() / 34));
        font.setBold(true);
        font.setStyleHint(QFont::Monospace);
        font.setFamily(QStringLiteral("DejaVu Sans Mono"));
        painter.setFont(font);
        const QString text = QStringLiteral("t = %1 s").arg(t, 0, 'f', 2);
        const QFontMetrics metrics(font);
        const int pad = metrics.height() / 3;
        const int margin = std::max(6, image.height() / 60);
        QRect box(QPoint(0, 0), metrics.size(Qt::TextSingleLine, text) + QSize(3 * pad, 2 * pad));
        box.moveTopRight(QPoint(image.width() - 1 - margin, margin));
        painter.setPen(exportBoxBorderColour());
        painter.setBrush(exportBoxFillColour());
        painter.drawRoundedRect(box, pad, pad);
        painter.setPen(exportTextColour());
        painter.drawText(box, Qt::AlignCenter, text);
    }

    QImage render(double t, const VideoExportOptions& options) {
        // the trace passes through every stored sample since the last frame, not in chords
        if (std::isfinite(lastFrameTime) && t > lastFrameTime) {
            view.extendTraces(state.posesBetween(lastFrameTime, t));
        }
        if (options.orbitDegreesPerSecond != 0) {
            // frame k shows t0 + k/fps and plays at k/fps: a second of the run is one of video
            const double angle = options.orbitDegreesPerSecond * (t - options.t0);
            view.orbitBy(angle - orbitAngle, 0.0);
            orbitAngle = angle;
        }
        lastFrameTime = t;
        view.setTime(t);
        view.setPose(state.poseAt(t));
        if (options.reactions) {
            // (the view draws an arrow at most three typical forces long: the scale is set by
            // the typical set above)
            view.setReactions(state.reactionsAt(t));
        }
        QImage scene = view.snapshot();
        if (scene.size() != viewSize) { // a high-density screen
            scene = scene.scaled(viewSize, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        }
        paintTime(scene, t);
        if (!plot) {
            return scene;
        }
        plot->setTimeCursor(t);
        const QImage chart = plot->renderImage(plotSize);
        QImage frame(QSize(viewSize.width() + plotSize.width(), viewSize.height()),
                     QImage::Format_RGB32);
        frame.fill(Qt::white);
        QPainter painter(&frame);
        painter.drawImage(0, 0, scene);
        painter.drawImage(viewSize.width(), 0, chart);
        // a hairline between the panels
        painter.setPen(exportBoxBorderColour());
        painter.drawLine(viewSize.width(), 0, viewSize.width(), viewSize.height() - 1);
        return frame;
    }
};

VideoExporter::VideoExporter(std::shared_ptr<const SimulationRun> run, VideoExportOptions options)
    : m_run(std::move(run)), m_options(std::move(options)) {
    if (!m_run || !m_run->model()) {
        m_setupError = QStringLiteral("There is no run to export.");
        return;
    }
    if (m_run->samples().size() == 0) {
        m_setupError = QStringLiteral("The run has no samples to export.");
        return;
    }
    if (!formatForPath(m_options.path)) {
        m_setupError = QStringLiteral("Unsupported video file type \"%1\": use .mp4 or .gif.")
                           .arg(QFileInfo(m_options.path).suffix());
        return;
    }
    if (!(m_options.fps > 0) || m_options.fps > 240) {
        m_setupError = QStringLiteral("The frame rate must lie in (0, 240] frames per second.");
        return;
    }
    m_options.size = QSize(std::max(kMinimumSide, m_options.size.width() & kEvenMask),
                           std::max(kMinimumSide, m_options.size.height() & kEvenMask));
    const RunInterpolation range(*m_run);
    m_options.t0 = std::clamp(std::isfinite(m_options.t0) ? m_options.t0 : range.firstTime(),
                              range.firstTime(), range.lastTime());
    m_options.t1 = std::min(m_options.t1, range.lastTime());
    if (!(m_options.t1 > m_options.t0)) {
        m_setupError = QStringLiteral("The time range [%1, %2] s is empty.")
                           .arg(m_options.t0)
                           .arg(m_options.t1);
    }
}

VideoExporter::~VideoExporter() = default;

int VideoExporter::frameCount() const {
    if (!m_setupError.isEmpty()) {
        return 0;
    }
    return std::max(1,
                    static_cast<int>(std::lround((m_options.t1 - m_options.t0) * m_options.fps)));
}

double VideoExporter::frameTime(int frame) const {
    return m_options.t0 + frame / m_options.fps;
}

QSize VideoExporter::frameSize() const {
    const QSize view = m_options.size;
    return m_options.withPlot ? QSize(view.width() + plotPanelWidth(view.height()), view.height())
                              : view;
}

int VideoExporter::plotPanelWidth(int viewHeight) {
    return std::max(560, (viewHeight * 4 / 3) & kEvenMask);
}

std::optional<VideoFormat> VideoExporter::formatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("mp4") || suffix == QLatin1String("m4v")) {
        return VideoFormat::Mp4;
    }
    if (suffix == QLatin1String("gif")) {
        return VideoFormat::Gif;
    }
    return std::nullopt;
}

QString VideoExporter::ffmpegProgram() {
    return QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
}

QStringList VideoExporter::defaultPlotColumns(const SimulationRun& run) {
    QStringList names;
    for (const SampleColumn& column : run.layout().columns()) {
        if (column.family == SeriesFamily::Position) {
            names.append(column.name);
        }
    }
    return names;
}

QImage VideoExporter::renderFrame(int frame) {
    if (!m_setupError.isEmpty()) {
        return {};
    }
    Frames frames(m_run, m_options);
    frames.prepare(m_options, frameCount());
    return frames.render(frameTime(frame), m_options);
}

bool VideoExporter::exportVideo(const std::function<bool(int frame, int frameCount)>& progress,
                                QString* error) {
    const auto fail = [error](const QString& message) {
        if (error) {
            *error = message;
        }
        return false;
    };
    if (!m_setupError.isEmpty()) {
        return fail(m_setupError);
    }
    const QString ffmpeg = ffmpegProgram();
    if (ffmpeg.isEmpty()) {
        return fail(QStringLiteral("The program ffmpeg was not found: install the package "
                                   "\"ffmpeg\" (e.g. sudo apt-get install ffmpeg) to export "
                                   "videos."));
    }
    const QFileInfo target(m_options.path);
    if (!target.absoluteDir().exists()) {
        return fail(QStringLiteral("The folder %1 does not exist.")
                        .arg(QDir::toNativeSeparators(target.absolutePath())));
    }
    // ffmpeg writes next to the target; the result replaces the target only when complete
    const QString partial = target.absoluteFilePath() + QStringLiteral(".part");
    const auto discard = [&partial] {
        QFile::remove(partial);
    };

    const int count = frameCount();
    Frames frames(m_run, m_options);
    frames.prepare(m_options, count);

    FfmpegPipe encoder;
    if (!encoder.start(ffmpeg, frameSize(), m_options.fps,
                       encoderArguments(*formatForPath(m_options.path), partial), error)) {
        return false;
    }
    for (int k = 0; k < count; ++k) {
        if (progress && !progress(k, count)) {
            encoder.kill();
            discard();
            return fail(QStringLiteral("cancelled"));
        }
        const QImage frame = frames.render(frameTime(k), m_options);
        if (frame.isNull()) {
            encoder.kill();
            discard();
            return fail(
                QStringLiteral("Could not render frame %1 (t = %2 s).").arg(k).arg(frameTime(k)));
        }
        if (!encoder.writeFrame(frame, error)) {
            encoder.kill();
            discard();
            return false;
        }
    }
    bool cancelled = false;
    const bool encoded = encoder.finish(
        [&] {
            cancelled = progress && !progress(count, count);
            return !cancelled;
        },
        error);
    if (!encoded) {
        discard();
        return cancelled ? fail(QStringLiteral("cancelled")) : false;
    }
    if (QFile::exists(target.absoluteFilePath()) && !QFile::remove(target.absoluteFilePath())) {
        discard();
        return fail(QStringLiteral("Could not replace %1.")
                        .arg(QDir::toNativeSeparators(target.absoluteFilePath())));
    }
    if (!QFile::rename(partial, target.absoluteFilePath())) {
        discard();
        return fail(QStringLiteral("Could not write %1.")
                        .arg(QDir::toNativeSeparators(target.absoluteFilePath())));
    }
    return true;
}

} // namespace sslm::ui
