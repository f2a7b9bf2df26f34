// SPDX-License-Identifier: MIT
// sslm-studio [FILE] [--screenshot out.png]: the desktop application. With --screenshot, it
// opens FILE, renders the window at 1280 × 800, writes the PNG and exits.

#include <cstdio>
#include <exception>

#include <QApplication>
#include <QCommandLineParser>
#include <QSurfaceFormat>

#include "ui/main_window.hpp"
#include "ui/viewport/mechanism_view.hpp"

int main(int argc, char* argv[]) try {
    QSurfaceFormat::setDefaultFormat(sslm::ui::MechanismView::surfaceFormat());
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SSLM"));
    QApplication::setApplicationName(QStringLiteral("SSLM Studio"));
    QApplication::setApplicationVersion(QStringLiteral(SSLM_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Dynamics of multi-loop planar mechanisms"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Mechanism (.json)"));
    parser.addOption({QStringLiteral("screenshot"),
                      QStringLiteral("Render FILE at 1280x800 into PNG, then exit."),
                      QStringLiteral("PNG")});
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    const QString screenshot = parser.value(QStringLiteral("screenshot"));

    sslm::ui::MainWindow window;
    if (!screenshot.isEmpty()) {
        QString error;
        const bool ok = !files.isEmpty() &&
                        window.writeScreenshot(files.first(), screenshot, QSize(1280, 800), &error);
        std::fprintf(stderr, "%s", error.isEmpty() ? "" : qPrintable(error + QLatin1Char('\n')));
        return ok ? 0 : (files.isEmpty() ? 2 : 1);
    }
    window.show();
    if (!files.isEmpty()) {
        window.openFile(files.first());
    }
    return QApplication::exec();
} catch (const std::exception& e) {
    std::fprintf(stderr, "sslm-studio: internal error: %s\n", e.what());
    return 1;
}
