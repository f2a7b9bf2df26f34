// SPDX-License-Identifier: MIT
// sslm-studio [FILE] [--run] [--screenshot out.png]: the desktop application (--help and
// --version print their text without a display). With --run, the
// simulation of FILE starts as soon as it is open. With --screenshot, it opens FILE, renders
// the window at 1280 × 800, writes the PNG and exits. With
// --export-video OUT [--t-end T] [--fps F] [--size WxH] [--with-plot] [--reactions], it simulates
// FILE and writes the animation (MP4 or GIF), then exits. A spatial mechanism's camera: --view
// iso|front|top|side (both), --orbit DEG_PER_S (video).

#include <cstdio>
#include <exception>

#include <QApplication>
#include <QByteArray>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSurfaceFormat>

#include "ui/export/video_command.hpp"
#include "ui/help/about_dialog.hpp"
#include "ui/main_window.hpp"
#include "ui/style/resources.hpp"
#include "ui/style/theme.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace {

/// The command line's options and their help texts.
void addStudioOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        QStringLiteral("Dynamics of multi-loop planar and spatial mechanisms by the "
                       "subsystem-level Lagrange multiplier method"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("Mechanism (.json), or a model to import (.urdf, .sdf, .world, .xml, "
                       ".mjcf)"));
    parser.addOption({QStringLiteral("screenshot"),
                      QStringLiteral("Render FILE at 1280x800 into PNG, then exit."),
                      QStringLiteral("PNG")});
    // animation export (issue 4 item 7)
    parser.addOption({QStringLiteral("export-video"),
                      QStringLiteral("Simulate FILE and write its animation (.mp4 or .gif), then "
                                     "exit."),
                      QStringLiteral("VIDEO")});
    parser.addOption({QStringLiteral("t-end"),
                      QStringLiteral("With --export-video: simulated time (s); default the "
                                     "file's."),
                      QStringLiteral("T")});
    parser.addOption({QStringLiteral("fps"),
                      QStringLiteral("With --export-video: frames per second (default 30)."),
                      QStringLiteral("F")});
    parser.addOption({QStringLiteral("size"),
                      QStringLiteral("With --export-video: 3-D view size (default 1280x720)."),
                      QStringLiteral("WxH")});
    parser.addOption({QStringLiteral("with-plot"),
                      QStringLiteral("With --export-video: a plot of q beside the 3-D view.")});
    parser.addOption({QStringLiteral("reactions"),
                      QStringLiteral("With --export-video: draw the cut reaction arrows.")});
    parser.addOption({QStringLiteral("view"),
                      QStringLiteral("With --screenshot or --export-video: the camera direction "
                                     "for a spatial mechanism: iso (default), front, top or side."),
                      QStringLiteral("DIRECTION")});
    parser.addOption({QStringLiteral("orbit"),
                      QStringLiteral("With --export-video: turn the camera of a spatial "
                                     "mechanism about the up axis at this rate."),
                      QStringLiteral("DEG_PER_S")});
    parser.addOption(
        {QStringLiteral("run"), QStringLiteral("Start the simulation of FILE once it is open.")});
}

/// Whether the command line asks only for text (--help, --version): answered without a
/// display, so that it works over ssh and in scripts.
bool asksOnlyForText(int argc, char* argv[]) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "--help-all" || arg == "-v" ||
            arg == "--version") {
            return true;
        }
    }
    return false;
}

void nameApplication() {
    QCoreApplication::setOrganizationName(QStringLiteral("SSLM"));
    QCoreApplication::setApplicationName(QStringLiteral("SSLM Studio"));
    QCoreApplication::setApplicationVersion(sslm::ui::AboutDialog::versionText());
}

} // namespace

int main(int argc, char* argv[]) try {
    if (asksOnlyForText(argc, argv)) {
        QCoreApplication app(argc, argv);
        nameApplication();
        QCommandLineParser parser;
        addStudioOptions(parser);
        parser.process(app); // prints the text and exits 0
        return 0;
    }
    QSurfaceFormat::setDefaultFormat(sslm::ui::MechanismView::surfaceFormat());
    QApplication app(argc, argv);
    nameApplication();
    QApplication::setWindowIcon(sslm::ui::applicationIcon());
    QGuiApplication::setDesktopFileName(QStringLiteral("sslm-studio")); // sslm-studio.desktop

    QCommandLineParser parser;
    addStudioOptions(parser);
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    const QString screenshot = parser.value(QStringLiteral("screenshot"));

    if (parser.isSet(QStringLiteral("export-video"))) {
        return sslm::ui::runVideoCommand(
            {parser.positionalArguments().value(0), parser.value(QStringLiteral("export-video")),
             parser.value(QStringLiteral("t-end")), parser.value(QStringLiteral("fps")),
             parser.value(QStringLiteral("size")), parser.isSet(QStringLiteral("with-plot")),
             parser.isSet(QStringLiteral("reactions")), parser.value(QStringLiteral("view")),
             parser.value(QStringLiteral("orbit"))});
    }

    sslm::ui::StandardView view = sslm::ui::StandardView::Iso;
    if (parser.isSet(QStringLiteral("view")) &&
        !sslm::ui::parseStandardView(parser.value(QStringLiteral("view")), view)) {
        std::fprintf(stderr, "sslm-studio: --view %s: give iso, front, top or side\n",
                     qPrintable(parser.value(QStringLiteral("view"))));
        return 2;
    }
    // light or dark: the desktop's scheme unless View > Theme chose one
    if (const sslm::ui::ThemeChoice theme = sslm::ui::savedThemeChoice();
        theme != sslm::ui::ThemeChoice::Desktop) {
        sslm::ui::applyThemeChoice(theme);
    }
    sslm::ui::MainWindow window;
    if (!screenshot.isEmpty()) {
        QString error;
        const bool ok = !files.isEmpty() && window.writeScreenshot(files.first(), screenshot,
                                                                   QSize(1280, 800), &error, view);
        std::fprintf(stderr, "%s", error.isEmpty() ? "" : qPrintable(error + QLatin1Char('\n')));
        return ok ? 0 : (files.isEmpty() ? 2 : 1);
    }
    window.show();
    // unsaved work of a session that crashed comes first; a file on the command line after it
    const bool recovered = window.offerRecovery() > 0;
    if (!recovered && !files.isEmpty() && window.openFile(files.first()) &&
        parser.isSet(QStringLiteral("run"))) {
        window.startSimulation();
    }
    return QApplication::exec();
} catch (const std::exception& e) {
    std::fprintf(stderr, "sslm-studio: internal error: %s\n", e.what());
    return 1;
}
