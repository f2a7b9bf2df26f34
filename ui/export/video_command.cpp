// SPDX-License-Identifier: MIT
#include "ui/export/video_command.hpp"

#include <cmath>
#include <cstdio>

#include <QFileInfo>
#include <QRegularExpression>

#include "ui/document/mechanism_loader.hpp"
#include "ui/export/simulate_run.hpp"
#include "ui/export/video_exporter.hpp"

namespace sslm::ui {

namespace {

constexpr int kBadArguments = 2;
constexpr int kFailed = 1;

int report(int code, const QString& message) {
    std::fprintf(stderr, "sslm-studio: %s\n", qPrintable(message));
    return code;
}

} // namespace

int runVideoCommand(const VideoCommand& command) {
    if (command.file.isEmpty()) {
        return report(kBadArguments, QStringLiteral("--export-video needs a mechanism FILE"));
    }
    VideoExportOptions options;
    options.path = command.output;
    options.withPlot = command.withPlot;
    options.reactions = command.reactions;
    if (!VideoExporter::formatForPath(options.path)) {
        return report(
            kBadArguments,
            QStringLiteral("--export-video %1: use a .mp4 or .gif file").arg(options.path));
    }
    bool ok = true;
    if (!command.fps.isEmpty()) {
        options.fps = command.fps.toDouble(&ok);
        if (!ok || !(options.fps > 0) || options.fps > 240) {
            return report(kBadArguments,
                          QStringLiteral("--fps %1: give a rate in (0, 240]").arg(command.fps));
        }
    }
    if (!command.size.isEmpty()) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d+)[xX](\\d+)$"));
        const QRegularExpressionMatch match = pattern.match(command.size);
        const int w = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int h = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (w < 16 || h < 16 || w > 7680 || h > 4320) {
            return report(kBadArguments,
                          QStringLiteral("--size %1: give WxH, e.g. 1280x720").arg(command.size));
        }
        options.size = QSize(w, h);
    }

    if (!command.view.isEmpty()) {
        StandardView view = StandardView::Iso;
        if (!parseStandardView(command.view, view)) {
            return report(
                kBadArguments,
                QStringLiteral("--view %1: give iso, front, top or side").arg(command.view));
        }
        options.view = view;
    }
    if (!command.orbit.isEmpty()) {
        options.orbitDegreesPerSecond = command.orbit.toDouble(&ok);
        if (!ok || !std::isfinite(options.orbitDegreesPerSecond) ||
            std::abs(options.orbitDegreesPerSecond) > 3600) {
            return report(
                kBadArguments,
                QStringLiteral("--orbit %1: give degrees per second, e.g. 30").arg(command.orbit));
        }
    }
    const LoadOutcome loaded = loadMechanism(command.file);
    if (!loaded.mechanism) {
        return report(kFailed, loaded.error);
    }
    const LoadedMechanism& m = *loaded.mechanism;
    options.meshFolder = QFileInfo(m.path).absolutePath();
    if (!m.assembly.converged) {
        return report(kFailed, QStringLiteral("%1: the initial pose does not assemble\n%2")
                                   .arg(command.file, m.warnings));
    }
    std::string settingsError;
    std::optional<SimulationSettings> settings =
        settingsFromSpec(m.model->spec.solver, &settingsError);
    if (!settings) {
        return report(kFailed, QString::fromStdString(settingsError));
    }
    if (!command.tEnd.isEmpty()) {
        settings->tEnd = command.tEnd.toDouble(&ok);
        if (!ok || !(settings->tEnd > 0) || !std::isfinite(settings->tEnd)) {
            return report(kBadArguments,
                          QStringLiteral("--t-end %1: give a time > 0 s").arg(command.tEnd));
        }
    }

    const auto run = simulateRun(m.model, *settings, m.q0, m.qd0);
    if (run->state() != RunState::Finished) {
        const std::string message = run->summary() ? run->summary()->message : std::string();
        // a run that stopped early still has an animation up to where it stopped
        if (run->samples().size() < 2) {
            return report(
                kFailed,
                QStringLiteral("the simulation failed: %1").arg(QString::fromStdString(message)));
        }
        report(0, QStringLiteral("warning: the simulation stopped early (%1); exporting up to "
                                 "there")
                      .arg(QString::fromStdString(message)));
    }

    VideoExporter exporter(run, options);
    QString error;
    if (!exporter.exportVideo({}, &error)) {
        return report(kFailed, QStringLiteral("could not export %1: %2").arg(options.path, error));
    }
    const QSize size = exporter.frameSize();
    std::fprintf(stderr, "sslm-studio: wrote %s (%d frames, %dx%d, %.6g fps, t = %.6g..%.6g s)\n",
                 qPrintable(options.path), exporter.frameCount(), size.width(), size.height(),
                 exporter.options().fps, exporter.options().t0, exporter.options().t1);
    return 0;
}

} // namespace sslm::ui
