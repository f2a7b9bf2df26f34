// SPDX-License-Identifier: MIT
// The Edit tab's tool keys, pressed as a user presses them: with the focus on the canvas (after
// a click on it) or on its tool bar, S P L R T J D choose the tools; typed into the Properties
// dock's name field the same letters are text, and the tool stays.

#include <memory>

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QToolBar>
#include <QtTest>

#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/main_window.hpp"

#include "tests/ui/fixtures/main_window.hpp"

namespace tst_editor_shortcuts {

using namespace sslm;
using namespace sslm::ui;

namespace {

struct ToolKey {
    Qt::Key key;
    EditorCanvas::Tool tool;
};

/// In an order that changes the tool at every key (Select is the tool at the start).
constexpr ToolKey kToolKeys[] = {
    {Qt::Key_P, EditorCanvas::Tool::GroundPivot}, {Qt::Key_L, EditorCanvas::Tool::Link},
    {Qt::Key_R, EditorCanvas::Tool::Slider},      {Qt::Key_T, EditorCanvas::Tool::Point},
    {Qt::Key_J, EditorCanvas::Tool::Pin},         {Qt::Key_D, EditorCanvas::Tool::Drive},
    {Qt::Key_S, EditorCanvas::Tool::Select},
};

} // namespace

class TestEditorShortcuts : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    /// The four-bar in the Edit tab, opened by a click on the tab.
    EditorCanvas& editTab() {
        m_window = fixtures::windowWith(fixtures::example("four_bar.json"));
        fixtures::clickCentralTab(*m_window, 1);
        return *m_window->editor()->canvas();
    }

    /// A click on the canvas where nothing is drawn (the Select tool clears the selection).
    static void clickEmptyCanvas(EditorCanvas& canvas) {
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, canvas.viewportPoint({0.0, 0.25}));
        QApplication::processEvents();
    }

private Q_SLOTS:
    void toolKeysWorkFromTheCanvas() {
        EditorCanvas& canvas = editTab();
        clickEmptyCanvas(canvas);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(&canvas));
        QCOMPARE(canvas.tool(), EditorCanvas::Tool::Select);
        for (const ToolKey& press : kToolKeys) {
            QTest::keyClick(QApplication::focusWidget(), press.key);
            QCOMPARE(canvas.tool(), press.tool);
            QVERIFY(m_window->editor()->toolAction(press.tool)->isChecked());
        }
    }

    void toolKeysWorkFromTheToolBar() {
        EditorCanvas& canvas = editTab();
        auto* toolBar = m_window->editor()->findChild<QToolBar*>();
        QVERIFY(toolBar != nullptr);
        toolBar->setFocus(Qt::TabFocusReason);
        QApplication::processEvents();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_L);
        QCOMPARE(canvas.tool(), EditorCanvas::Tool::Link);
    }

    void lettersTypedInAFieldAreText() {
        EditorCanvas& canvas = editTab();
        // select the rocker (link2) by a click on its middle, as a user would
        const Drawing& drawing = canvas.drawing();
        const Eigen::Vector2d a = *pointInWorld(drawing, {"link2", "J2"});
        const Eigen::Vector2d b = *pointInWorld(drawing, {"link2", "J3"});
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {},
                          canvas.viewportPoint(0.5 * (a + b)));
        QCOMPARE(canvas.selectedBody().value_or(""), std::string("link2"));
        QLineEdit* name = m_window->properties()->nameEdit();
        QTRY_VERIFY(name->isVisible());
        QTest::mouseClick(name, Qt::LeftButton);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(name));
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("SPLRTJD"));
        QCOMPARE(name->text(), QStringLiteral("SPLRTJD"));
        QCOMPARE(canvas.tool(), EditorCanvas::Tool::Select); // no key reached the tools
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(m_window->document()->spec().bodies[1].name, std::string("SPLRTJD"));
    }

    void cleanup() { m_window.reset(); }
};

SSLM_WINDOW_TEST_MAIN(TestEditorShortcuts, "tst_editor_shortcuts")
} // namespace tst_editor_shortcuts

#include "tst_editor_shortcuts.moc"
