// SPDX-License-Identifier: MIT
// Animation export through ffmpeg, checked with ffprobe: a 2 s carpet-scraper run at 25 frames/s
// and 640 × 360 gives an H.264 MP4 of 50 frames lasting 2 s and a GIF of 50 frames; the plot
// panel widens the frames; cancelling leaves no file; consecutive frames show the mechanism
// moving; a missing or failing ffmpeg or a missing folder is a clear error; the dialog returns
// its options; `sslm-studio --export-video` works end to end. Skipped when ffmpeg/ffprobe are
// not installed.

#include <cmath>

#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QTest>

#include "ui/document/mechanism_loader.hpp"
#include "ui/export/run_interpolation.hpp"
#include "ui/export/simulate_run.hpp"
#include "ui/export/video_export_dialog.hpp"
#include "ui/export/video_exporter.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/dialogs.hpp"
#include "tests/ui/fixtures/video_probe.hpp"
#include "tests/ui/fixtures/window_test_main.hpp"

namespace tst_video_exporter {

using sslm::fixtures::probeVideoStream;
using sslm::fixtures::streamInt;
using sslm::ui::VideoExporter;
using sslm::ui::VideoExportOptions;

namespace {

constexpr double kDuration = 2.0; // s
constexpr double kFps = 25;
constexpr int kFrames = 50;
const QSize kSize(640, 360);

/// The frame of `video` shown at time t (s), decoded by ffmpeg.
QImage frameAt(const QString& video, double t, const QString& png) {
    QProcess ffmpeg;
    ffmpeg.start(QStringLiteral("ffmpeg"),
                 {QStringLiteral("-v"), QStringLiteral("error"), QStringLiteral("-y"),
                  QStringLiteral("-ss"), QString::number(t), QStringLiteral("-i"), video,
                  QStringLiteral("-frames:v"), QStringLiteral("1"), png});
    if (!ffmpeg.waitForFinished(60000) || ffmpeg.exitCode() != 0) {
        qWarning("ffmpeg: %s", ffmpeg.readAllStandardError().constData());
        return {};
    }
    return QImage(png);
}

/// Pixels whose colour differs by more than 48 in some channel.
int changedPixels(const QImage& a, const QImage& b) {
    int n = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            n += (std::abs(qRed(p) - qRed(q)) > 48 || std::abs(qGreen(p) - qGreen(q)) > 48 ||
                  std::abs(qBlue(p) - qBlue(q)) > 48)
                     ? 1
                     : 0;
        }
    }
    return n;
}

} // namespace

class TestVideoExporter : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<sslm::ui::SimulationRun> m_run;
    QTemporaryDir m_dir;

    VideoExportOptions options(const QString& file) const {
        VideoExportOptions o;
        o.path = m_dir.filePath(file);
        o.size = kSize;
        o.fps = kFps;
        return o;
    }

private Q_SLOTS:
    void initTestCase() {
        if (VideoExporter::ffmpegProgram().isEmpty() ||
            QStandardPaths::findExecutable(QStringLiteral("ffprobe")).isEmpty()) {
            QSKIP("ffmpeg/ffprobe are not installed (Debian package \"ffmpeg\")");
        }
        QVERIFY(m_dir.isValid());
        const auto loaded =
            sslm::ui::loadMechanism(QStringLiteral(SSLM_EXAMPLES_DIR "/carpet_scraper.json"));
        QVERIFY2(loaded.mechanism, qPrintable(loaded.error));
        const auto& m = *loaded.mechanism;
        std::string error;
        auto settings = sslm::settingsFromSpec(m.model->spec.solver, &error);
        QVERIFY2(settings, error.c_str());
        settings->tEnd = kDuration;
        m_run = sslm::ui::simulateRun(m.model, *settings, m.q0, m.qd0);
        QCOMPARE(m_run->state(), sslm::ui::RunState::Finished);
        QVERIFY(m_run->samples().size() > 100);
    }

    void interpolatesBetweenSamples() {
        sslm::ui::RunInterpolation state(*m_run);
        QCOMPARE(state.firstTime(), 0.0);
        QVERIFY(std::abs(state.lastTime() - kDuration) < 1e-9);
        const int theta1 = m_run->layout().indexOf(QStringLiteral("q.theta1"));
        const int t = m_run->layout().indexOf(QStringLiteral("t"));
        const auto& store = m_run->samples();
        const double tMid = 0.5 * (store.value(10, t) + store.value(11, t));
        const double expected = 0.5 * (store.value(10, theta1) + store.value(11, theta1));
        QVERIFY(std::abs(state.poseAt(tMid)[0] - expected) < 1e-12);
        QCOMPARE(state.poseAt(-1.0)[0], store.value(0, theta1));
        QCOMPARE(state.reactionsAt(tMid).size(), m_run->model()->cuts.size());
    }

    void exportsMp4() {
        VideoExporter exporter(m_run, options(QStringLiteral("scraper.mp4")));
        QCOMPARE(exporter.frameCount(), kFrames);
        int calls = 0;
        QString error;
        QVERIFY2(exporter.exportVideo(
                     [&](int, int) {
                         ++calls;
                         return true;
                     },
                     &error),
                 qPrintable(error));
        QVERIFY(calls >= kFrames);
        const QJsonObject s = probeVideoStream(exporter.options().path);
        qInfo() << "MP4:" << s;
        QCOMPARE(s.value("codec_name").toString(), QStringLiteral("h264"));
        QCOMPARE(streamInt(s, "width"), kSize.width());
        QCOMPARE(streamInt(s, "height"), kSize.height());
        QVERIFY(std::abs(streamInt(s, "nb_read_frames") - kFrames) <= 1);
        QVERIFY(std::abs(s.value("duration").toString().toDouble() - kDuration) <= 0.05);
        QVERIFY(!QFile::exists(exporter.options().path + QStringLiteral(".part")));
    }

    void framesMove() {
        const QString video = m_dir.filePath(QStringLiteral("scraper.mp4"));
        QVERIFY(QFile::exists(video));
        const QImage early = frameAt(video, 0.2, m_dir.filePath(QStringLiteral("early.png")));
        const QImage late = frameAt(video, 1.2, m_dir.filePath(QStringLiteral("late.png")));
        QCOMPARE(early.size(), kSize);
        QCOMPARE(late.size(), kSize);
        const int changed = changedPixels(early, late);
        qInfo() << "pixels changed between t = 0.2 s and 1.2 s:" << changed;
        QVERIFY(changed > 2000);
        // and the image is not blank: the green pantograph links show
        int green = 0;
        for (int y = 0; y < late.height(); ++y) {
            for (int x = 0; x < late.width(); ++x) {
                const QColor c = late.pixelColor(x, y);
                green += (c.green() > c.red() + 40 && c.green() > c.blue() + 40) ? 1 : 0;
            }
        }
        QVERIFY(green > 500);
    }

    void exportsGif() {
        VideoExporter exporter(m_run, options(QStringLiteral("scraper.gif")));
        QString error;
        QVERIFY2(exporter.exportVideo({}, &error), qPrintable(error));
        const QJsonObject s = probeVideoStream(exporter.options().path);
        qInfo() << "GIF:" << s;
        QCOMPARE(s.value("codec_name").toString(), QStringLiteral("gif"));
        QCOMPARE(streamInt(s, "width"), kSize.width());
        QCOMPARE(streamInt(s, "height"), kSize.height());
        QCOMPARE(streamInt(s, "nb_read_frames"), kFrames);
    }

    void plotPanelWidensTheFrames() {
        VideoExportOptions o = options(QStringLiteral("scraper_plot.mp4"));
        o.withPlot = true;
        o.plotColumns = {QStringLiteral("q.theta1"), QStringLiteral("q.theta2")};
        o.reactions = true;
        o.t0 = 0.5;
        o.t1 = 1.5;
        VideoExporter exporter(m_run, o);
        const int width = kSize.width() + VideoExporter::plotPanelWidth(kSize.height());
        QCOMPARE(exporter.frameSize(), QSize(width, kSize.height()));
        // LOOK at it (SSLM_UI_GRAB_DIR): the plot spans the clip, 0.5 to 1.5 s, with a legend
        const QImage first = exporter.renderFrame(0);
        QCOMPARE(first.size(), QSize(width, kSize.height()));
        if (const QByteArray dir = qgetenv("SSLM_UI_GRAB_DIR"); !dir.isEmpty()) {
            first.save(QString::fromLocal8Bit(dir) + QStringLiteral("/video_frame_plot.png"));
        }
        QString error;
        QVERIFY2(exporter.exportVideo({}, &error), qPrintable(error));
        const QJsonObject s = probeVideoStream(o.path);
        qInfo() << "MP4 with plot:" << s;
        QCOMPARE(streamInt(s, "width"), width);
        QCOMPARE(streamInt(s, "height"), kSize.height());
        QVERIFY(std::abs(streamInt(s, "nb_read_frames") - 25) <= 1);
    }

    void cancellingRemovesThePartialFile() {
        const VideoExportOptions o = options(QStringLiteral("cancelled.mp4"));
        VideoExporter exporter(m_run, o);
        int rendered = 0;
        QString error;
        const bool ok = exporter.exportVideo(
            [&](int frame, int) {
                rendered = frame;
                return frame < 5;
            },
            &error);
        QVERIFY(!ok);
        QCOMPARE(error, QStringLiteral("cancelled"));
        QCOMPARE(rendered, 5);
        QVERIFY(!QFile::exists(o.path));
        QVERIFY(!QFile::exists(o.path + QStringLiteral(".part")));
    }

    void reportsMissingFfmpegAndFolder() {
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", m_dir.path().toLocal8Bit()); // a folder without ffmpeg
        VideoExporter exporter(m_run, options(QStringLiteral("none.mp4")));
        QString error;
        QVERIFY(!exporter.exportVideo({}, &error));
        qputenv("PATH", path);
        QVERIFY2(error.contains(QLatin1String("\"ffmpeg\"")), qPrintable(error));
        QVERIFY(!QFile::exists(exporter.options().path));

        // ffmpeg failing (here a stand-in that reports a full disk): its messages are shown
        const QString fake = m_dir.filePath(QStringLiteral("ffmpeg"));
        {
            QFile script(fake);
            QVERIFY(script.open(QIODevice::WriteOnly));
            script.write("#!/bin/sh\necho 'out.mp4: No space left on device' >&2\nexit 1\n");
        }
        QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("PATH", m_dir.path().toLocal8Bit());
        VideoExporter failing(m_run, options(QStringLiteral("full.mp4")));
        const bool failed = !failing.exportVideo({}, &error);
        qputenv("PATH", path);
        QFile::remove(fake);
        QVERIFY(failed);
        QVERIFY2(error.contains(QLatin1String("No space left on device")), qPrintable(error));
        QVERIFY(!QFile::exists(failing.options().path));

        VideoExportOptions o = options(QStringLiteral("no/such/folder/out.mp4"));
        VideoExporter nowhere(m_run, o);
        QVERIFY(!nowhere.exportVideo({}, &error));
        QVERIFY2(error.contains(QLatin1String("does not exist")), qPrintable(error));

        VideoExporter badType(m_run, options(QStringLiteral("out.avi")));
        QVERIFY(!badType.exportVideo({}, &error));
        QVERIFY2(error.contains(QLatin1String(".mp4")), qPrintable(error));
    }

    void dialogReturnsItsOptions() {
        VideoExportOptions defaults = options(QStringLiteral("dialog.gif"));
        defaults.size = QSize(1920, 1080);
        defaults.t0 = 0.5;
        defaults.reactions = true;
        sslm::ui::VideoExportDialog dialog(*m_run, defaults);
        const VideoExportOptions o = dialog.options();
        QCOMPARE(o.path, defaults.path);
        QCOMPARE(o.size, QSize(1920, 1080));
        QCOMPARE(o.fps, 25.0);
        QCOMPARE(o.t0, 0.5);
        QVERIFY(std::abs(o.t1 - kDuration) < 1e-9); // the whole run by default
        QVERIFY(o.reactions);
        QVERIFY(o.traces);
        QVERIFY(!o.withPlot);
        QCOMPARE(o.plotColumns, VideoExporter::defaultPlotColumns(*m_run)); // joint coordinates
        QCOMPARE(o.plotColumns.size(), m_run->model()->nv());
    }

    // File ▸ Export ▸ Animation as a user goes through it: the dialog answered (file, frame
    // size, rate and time range typed, OK), the progress dialog, and a video ffprobe reads
    // with the frames asked for.
    void interactiveExportThroughItsDialog() {
        const QString path = m_dir.filePath(QStringLiteral("interactive.mp4"));
        QWidget parent;
        parent.show();
        sslm::fixtures::answerNextDialog(&parent, [&](QWidget* dialog) {
            QVERIFY(qobject_cast<sslm::ui::VideoExportDialog*>(dialog));
            auto* file = dialog->findChild<QLineEdit*>(QStringLiteral("path"));
            QVERIFY(file);
            file->setText(path);
            dialog->findChild<QSpinBox*>(QStringLiteral("width"))->setValue(320);
            dialog->findChild<QSpinBox*>(QStringLiteral("height"))->setValue(240);
            dialog->findChild<QSpinBox*>(QStringLiteral("fps"))->setValue(10);
            dialog->findChild<QDoubleSpinBox*>(QStringLiteral("to"))->setValue(1.0);
            dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        sslm::ui::exportAnimationInteractively(&parent, m_run, {});
        const QJsonObject s = probeVideoStream(path);
        qInfo() << "interactive MP4:" << s;
        QCOMPARE(streamInt(s, "width"), 320);
        QCOMPARE(streamInt(s, "height"), 240);
        QVERIFY(std::abs(streamInt(s, "nb_read_frames") - 10) <= 1); // 1 s at 10 frames/s
    }

    void studioExportsVideo() {
#ifdef SSLM_STUDIO_EXE
        const QString video = m_dir.filePath(QStringLiteral("studio.mp4"));
        QProcess studio;
        studio.start(QStringLiteral(SSLM_STUDIO_EXE),
                     {QStringLiteral(SSLM_EXAMPLES_DIR "/carpet_scraper.json"),
                      QStringLiteral("--export-video"), video, QStringLiteral("--t-end"),
                      QStringLiteral("1.2"), QStringLiteral("--fps"), QStringLiteral("20"),
                      QStringLiteral("--size"), QStringLiteral("480x270")});
        QVERIFY(studio.waitForFinished(180000));
        QVERIFY2(studio.exitStatus() == QProcess::NormalExit && studio.exitCode() == 0,
                 studio.readAllStandardError().constData());
        const QJsonObject s = probeVideoStream(video);
        qInfo() << "sslm-studio --export-video:" << s;
        QCOMPARE(s.value("codec_name").toString(), QStringLiteral("h264"));
        QCOMPARE(streamInt(s, "width"), 480);
        QCOMPARE(streamInt(s, "height"), 270);
        QVERIFY(std::abs(streamInt(s, "nb_read_frames") - 24) <= 1);
        QVERIFY(std::abs(s.value("duration").toString().toDouble() - 1.2) <= 0.05);

        // a bad argument: non-zero exit with a message, no file
        const QString bad = m_dir.filePath(QStringLiteral("bad.mp4"));
        studio.start(QStringLiteral(SSLM_STUDIO_EXE),
                     {QStringLiteral(SSLM_EXAMPLES_DIR "/carpet_scraper.json"),
                      QStringLiteral("--export-video"), bad, QStringLiteral("--size"),
                      QStringLiteral("big")});
        QVERIFY(studio.waitForFinished(60000));
        QVERIFY(studio.exitCode() != 0);
        QVERIFY(studio.readAllStandardError().contains("--size"));
        QVERIFY(!QFile::exists(bad));
#else
        QSKIP("sslm-studio is not built");
#endif
    }
};

SSLM_WINDOW_TEST_MAIN(TestVideoExporter, "tst_video_exporter")
} // namespace tst_video_exporter

#include "tst_video_exporter.moc"
