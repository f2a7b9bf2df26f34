// SPDX-License-Identifier: MIT
// Help ▸ About, opened with the mouse from the menu bar as a user would: the name, the version and
// commit of this build, the description, the licence and the icon; and the window's own icon;
// sslm-studio --help and --version without a display.

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSurfaceFormat>
#include <QtTest>

#include "ui/main_window.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/dialogs.hpp"
#include "tests/ui/fixtures/window_test_main.hpp"

namespace tst_about_dialog {

using namespace sslm::ui;

namespace {

/// The action of `menu` whose text, without its '&', is `text`.
QAction* actionNamed(const QList<QAction*>& actions, const QString& text) {
    for (QAction* action : actions) {
        if (action->text().remove(QLatin1Char('&')) == text) {
            return action;
        }
    }
    return nullptr;
}

} // namespace

class TestAboutDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aboutFromTheHelpMenu();
    void windowHasTheApplicationIcon();
    void helpAndVersionWithoutADisplay();
};

void TestAboutDialog::aboutFromTheHelpMenu() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // the Help menu is the last one of the menu bar
    QMenuBar* bar = window.menuBar();
    QAction* help = actionNamed(bar->actions(), QStringLiteral("Help"));
    QVERIFY(help != nullptr);
    QCOMPARE(bar->actions().last(), help);
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(help).center());
    QMenu* menu = help->menu();
    QTRY_VERIFY(menu->isVisible());
    QAction* about = actionNamed(menu->actions(), QStringLiteral("About SSLM Studio"));
    QVERIFY(about != nullptr);
    QVERIFY(!about->icon().isNull());

    QString title;
    QString text;
    bool hasIcon = false;
    sslm::fixtures::answerNextDialog(&window, [&](QWidget* dialog) {
        title = dialog->windowTitle();
        if (auto* label = dialog->findChild<QLabel*>(QStringLiteral("aboutText"))) {
            text = label->text();
        }
        for (const QLabel* label : dialog->findChildren<QLabel*>()) {
            hasIcon = hasIcon || !label->pixmap().isNull();
        }
        dialog->close();
    });
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(about).center());
    QTRY_VERIFY(!title.isEmpty());

    QCOMPARE(title, QStringLiteral("About SSLM Studio"));
    QVERIFY2(text.contains(QStringLiteral("<h2>SSLM Studio</h2>")), qPrintable(text));
    const QRegularExpression version(
        QStringLiteral("Version %1 \\(commit ([0-9a-f]{7,}(-dirty)?|unknown)\\)")
            .arg(QRegularExpression::escape(QStringLiteral(SSLM_PROJECT_VERSION))));
    QVERIFY2(version.match(text).hasMatch(), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("subsystem-level Lagrange multiplier method")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("planar and spatial")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Licence: MIT")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("The SSLM Studio authors")), qPrintable(text));
    QVERIFY(hasIcon);
}

void TestAboutDialog::windowHasTheApplicationIcon() {
    MainWindow window;
    const QIcon icon = window.windowIcon();
    QVERIFY(!icon.isNull());
    const QImage image = icon.pixmap(QSize(48, 48)).toImage();
    QCOMPARE(image.size(), QSize(48, 48));
    // the icon's slate plate fills its centre and its red cut joint sits top right
    const QColor centre = image.pixelColor(24, 34);
    QVERIFY2(centre.alpha() == 255 && centre.blue() > centre.red(), qPrintable(centre.name()));
    int red = 0;
    for (int y = 0; y < 24; ++y) {
        for (int x = 24; x < 48; ++x) {
            const QColor c = image.pixelColor(x, y);
            red += c.red() > 180 && c.green() < 90 && c.blue() < 90 ? 1 : 0;
        }
    }
    QVERIFY2(red > 10, qPrintable(QString::number(red)));
}

// over ssh or in a script: no display, no platform plugin, and still the usage text
void TestAboutDialog::helpAndVersionWithoutADisplay() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) {
        environment.remove(QString::fromLatin1(name));
    }
    const auto run = [&](const QString& option, QString& out, QString& err) {
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(SSLM_STUDIO_EXE), {option});
        const bool finished = process.waitForFinished(60000);
        out = QString::fromUtf8(process.readAllStandardOutput());
        err = QString::fromUtf8(process.readAllStandardError());
        return finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    };
    QString help;
    QString err;
    QVERIFY2(run(QStringLiteral("--help"), help, err) == 0, qPrintable(err));
    QVERIFY2(help.contains(QStringLiteral("Usage:")), qPrintable(help));
    QVERIFY2(help.contains(QStringLiteral("planar and spatial")), qPrintable(help));
    QVERIFY2(help.contains(QStringLiteral(".urdf")), qPrintable(help));
    QVERIFY2(help.contains(QStringLiteral("--screenshot")), qPrintable(help));
    QString version;
    QVERIFY2(run(QStringLiteral("--version"), version, err) == 0, qPrintable(err));
    QVERIFY2(version.contains(QStringLiteral(SSLM_PROJECT_VERSION)), qPrintable(version));
}

SSLM_WINDOW_TEST_MAIN(TestAboutDialog, "tst_about_dialog")
} // namespace tst_about_dialog

#include "tst_about_dialog.moc"
