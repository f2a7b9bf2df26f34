// SPDX-License-Identifier: MIT
// The studio's resources and style: every action icon renders, every tool bar of the window
// shows icons (names in tool tips, shortcuts kept), and the style sheet's colours, filled in
// from the palette, reach the widgets that opt in; the palette's colour cycles are distinct.

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSet>
#include <QSurfaceFormat>
#include <QToolBar>
#include <QToolButton>
#include <QWidgetAction>
#include <QtTest>

#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/main_window.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/style/palette.hpp"
#include "ui/style/resources.hpp"
#include "ui/style/style_sheet.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/window_test_main.hpp"

namespace tst_style {

using namespace sslm::ui;

namespace {

/// Pixels of `image` that are not transparent.
int opaquePixels(const QImage& image) {
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            count += image.pixelColor(x, y).alpha() > 128 ? 1 : 0;
        }
    }
    return count;
}

} // namespace

class TestStyle : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyActionIconRenders();
    void toolBarsShowIcons();
    void styleSheetTakesThePaletteColours();
    void paletteCyclesAreDistinct();
};

void TestStyle::everyActionIconRenders() {
    initResources();
    const QStringList names =
        QDir(QStringLiteral(":/sslm/icons/actions")).entryList({QStringLiteral("*.svg")});
    QVERIFY2(names.size() >= 40, qPrintable(names.join(QLatin1Char(' '))));
    for (const QString& name : names) {
        const QIcon icon = actionIcon(QFileInfo(name).completeBaseName());
        const QImage image = icon.pixmap(QSize(24, 24)).toImage();
        QVERIFY2(opaquePixels(image) > 20, qPrintable(name));
    }
    QTest::ignoreMessage(QtWarningMsg,
                         "sslm-studio: no icon :/sslm/icons/actions/no-such-icon.svg in the "
                         "resources");
    QVERIFY(actionIcon(QStringLiteral("no-such-icon")).isNull());
}

void TestStyle::toolBarsShowIcons() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QList<QToolBar*> bars = window.findChildren<QToolBar*>();
    QVERIFY(bars.size() >= 4); // the Edit tab's tools, playback, and the plot docks'
    int buttons = 0;
    for (QToolBar* bar : bars) {
        for (QAction* action : bar->actions()) {
            if (action->isSeparator() || qobject_cast<QWidgetAction*>(action) != nullptr) {
                continue; // a slider, a label, a combo box
            }
            QVERIFY2(!action->icon().isNull(), qPrintable(action->text()));
            auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(action));
            QVERIFY2(button != nullptr, qPrintable(action->text()));
            QVERIFY2(button->toolButtonStyle() != Qt::ToolButtonTextOnly,
                     qPrintable(action->text()));
            ++buttons;
        }
    }
    QVERIFY2(buttons >= 20, qPrintable(QString::number(buttons)));

    // the Edit tab's tools: icons alone, the name and the key in the tool tip
    auto* editor = window.findChild<EditorWidget*>();
    QVERIFY(editor != nullptr);
    QAction* link = editor->toolAction(EditorCanvas::Tool::Link);
    QCOMPARE(link->shortcut(), QKeySequence(Qt::Key_L));
    QVERIFY2(link->toolTip().endsWith(QStringLiteral("(L)")), qPrintable(link->toolTip()));

    // the run panel's buttons: icon and name
    auto* runPanel = window.findChild<RunPanel*>();
    QVERIFY(runPanel != nullptr);
    for (QAction* action : {runPanel->startAction(), runPanel->pauseResumeAction(),
                            runPanel->stopAction(), runPanel->restartAction()}) {
        QVERIFY2(!action->icon().isNull(), qPrintable(action->text()));
    }
    QCOMPARE(runPanel->startAction()->shortcut(), QKeySequence(Qt::Key_F5));
}

void TestStyle::styleSheetTakesThePaletteColours() {
    const QString sheet = studioStyleSheet();
    QVERIFY(!sheet.isEmpty());
    const QRegularExpression token(QStringLiteral("@[A-Za-z]"));
    QVERIFY2(!token.match(sheet).hasMatch(), qPrintable(sheet)); // every colour filled in
    QVERIFY(sheet.contains(errorTextColour().name()));
    QVERIFY(sheet.contains(warningMessageColours().background.name()));

    QWidget window;
    window.setStyleSheet(sheet);
    auto* error = new QLabel(QStringLiteral("refused"), &window);
    setStyleRole(error, StyleRole::ErrorText);
    auto* plain = new QLabel(QStringLiteral("plain"), &window);
    auto* field = new QLineEdit(&window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(error->palette().color(QPalette::WindowText), errorTextColour());
    QVERIFY(plain->palette().color(QPalette::WindowText) != errorTextColour());

    const QColor normalBase = field->palette().color(QPalette::Base);
    setInvalid(field, true);
    QCOMPARE(field->palette().color(QPalette::Base), invalidFieldColour());
    setInvalid(field, false);
    QCOMPARE(field->palette().color(QPalette::Base), normalBase);
}

void TestStyle::paletteCyclesAreDistinct() {
    struct Cycle {
        const char* name;
        QColor (*colour)(int);
        int first;
        int length;
    };
    const Cycle cycles[] = {{"subsystem", subsystemColour, 0, 8},
                            {"plot curve", plotCurveColour, 0, 10},
                            {"run", runColour, 1, 10}};
    for (const Cycle& cycle : cycles) {
        QSet<QRgb> seen;
        for (int k = 0; k < cycle.length; ++k) {
            const QColor colour = cycle.colour(cycle.first + k);
            QVERIFY2(colour.isValid(), cycle.name);
            seen.insert(colour.rgb());
            // the next lap repeats this one, the lap before too
            QCOMPARE(cycle.colour(cycle.first + k + cycle.length), colour);
            QCOMPARE(cycle.colour(cycle.first + k - cycle.length), colour);
        }
        QVERIFY2(seen.size() == cycle.length, cycle.name);
    }
    // red marks cut joints alone: no subsystem is drawn in it
    for (int j = 0; j < 8; ++j) {
        QVERIFY(subsystemColour(j) != cutJointColour());
    }
}

SSLM_WINDOW_TEST_MAIN(TestStyle, "tst_style")
} // namespace tst_style

#include "tst_style.moc"
