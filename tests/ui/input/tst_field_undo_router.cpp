// SPDX-License-Identifier: MIT
// Ctrl+Z with the focus in a Properties field (ui/input/field_undo_router.hpp): the field's own
// typing is undone first; then the document's last edit is, without a click on the canvas
// first; Ctrl+Shift+Z redoes it from the same field.

#include <QDoubleSpinBox>
#include <QUndoStack>
#include <QtTest>

#include "ui/document/mechanism_document.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/main_window.hpp"

#include "tests/ui/fixtures/window_test.hpp"

namespace tst_field_undo_router {

using namespace sslm;
using namespace sslm::ui;

class TestFieldUndoRouter : public fixtures::WindowTest {
    Q_OBJECT

    /// Presses `key` with `modifiers` in the focused widget, as a user would.
    static void press(QWidget* focused, Qt::Key key, Qt::KeyboardModifiers modifiers) {
        QTest::keyClick(focused, key, modifiers);
        QApplication::processEvents();
    }

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void ctrlZUndoesTheFieldThenTheDocument() {
        MainWindow& window = freshWindow("four_bar.json");
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.centralTabs()->setCurrentIndex(1);
        QVERIFY(window.editor()->canvas()->selectBody("link2"));
        window.propertiesDock()->show();
        window.propertiesDock()->raise();
        QApplication::processEvents();
        QDoubleSpinBox* mass = window.properties()->massBox();
        const double original = window.document()->spec().bodies[1].mass;
        QCOMPARE(mass->value(), original);

        // an edit of the document, typed into the field; the focus stays there
        fixtures::typeInto(mass, 2.5);
        QCOMPARE(window.document()->spec().bodies[1].mass, 2.5);
        const int edited = window.undoStack()->index();
        QTRY_VERIFY(window.properties()->massBox()->hasFocus());
        mass = window.properties()->massBox();

        // typing not yet committed: Ctrl+Z takes it back and leaves the document alone
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("7"));
        QVERIFY(mass->text().startsWith(QLatin1Char('7')));
        press(mass, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(window.undoStack()->index(), edited);
        QVERIFY2(!mass->text().startsWith(QLatin1Char('7')), qPrintable(mass->text()));

        // nothing of its own left: the next Ctrl+Z (or the few after it) undoes the document
        for (int k = 0; k < 4 && window.undoStack()->index() == edited; ++k) {
            press(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        }
        QCOMPARE(window.undoStack()->index(), edited - 1);
        QCOMPARE(window.document()->spec().bodies[1].mass, original);
        QTRY_COMPARE(window.properties()->massBox()->value(), original);

        // and Ctrl+Shift+Z from the field redoes it (it was an ambiguous shortcut on X11, listed
        // twice on the Redo action, and did nothing); Ctrl+Y too
        QVERIFY(window.undoStack()->canRedo());
        QWidget* focused = QApplication::focusWidget();
        QVERIFY(focused != nullptr);
        press(focused, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(window.undoStack()->index(), edited);
        QCOMPARE(window.document()->spec().bodies[1].mass, 2.5);
        press(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QTRY_COMPARE(window.undoStack()->index(), edited - 1);
        press(QApplication::focusWidget(), Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(window.undoStack()->index(), edited);
    }
};

SSLM_WINDOW_TEST_MAIN(TestFieldUndoRouter, "tst_field_undo_router")
} // namespace tst_field_undo_router

#include "tst_field_undo_router.moc"
