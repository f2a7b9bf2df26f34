// SPDX-License-Identifier: MIT
// The mouse wheel over the window's settings (ui/input/wheel_guard.hpp): over a combo box or a
// spin box without the keyboard focus it changes nothing (the run panel's solver, integrator,
// run kind, end time, and an actuator's input, which a scroll across the dock turned to "Free");
// no such box takes the focus from the wheel; a box the user has clicked into still steps.

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QWheelEvent>
#include <QtTest>

#include "ui/input/wheel_guard.hpp"
#include "ui/main_window.hpp"
#include "ui/run/actuator_inputs.hpp"
#include "ui/run/run_panel.hpp"

#include "tests/ui/fixtures/window_test.hpp"

namespace tst_wheel_guard {

using namespace sslm;
using namespace sslm::ui;

namespace {

/// One notch of the wheel turned down over the centre of `widget`; whether it was accepted.
bool wheelDown(QWidget* widget) {
    const QPointF centre = QPointF(widget->rect().center());
    QWheelEvent event(centre, widget->mapToGlobal(centre), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
    return event.isAccepted();
}

} // namespace

class TestWheelGuard : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void unfocusedBoxesIgnoreTheWheel() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        RunPanel& panel = *window.runPanel();
        window.mechanismView()->setFocus(); // the focus is elsewhere, as after a click on the view
        QApplication::processEvents();
        QList<QComboBox*> combos = {panel.runKindBox(), panel.solverBox()};
        for (QComboBox* box : panel.findChildren<QComboBox*>()) {
            if (!combos.contains(box)) {
                combos << box; // the integrator, the stabilisation, J1's input
            }
        }
        QVERIFY(combos.size() >= 5);
        for (QComboBox* box : combos) {
            QVERIFY(!box->hasFocus());
            QVERIFY2(box->focusPolicy() != Qt::WheelFocus, qPrintable(box->currentText()));
            const int before = box->currentIndex();
            QVERIFY(!wheelDown(box)); // passed on to the scroll area
            QCOMPARE(box->currentIndex(), before);
        }
        const QList<QAbstractSpinBox*> spins = panel.findChildren<QAbstractSpinBox*>();
        QVERIFY(spins.size() >= 3);
        for (QAbstractSpinBox* box : spins) {
            const QString before = box->text();
            wheelDown(box);
            QCOMPARE(box->text(), before);
            QVERIFY(box->focusPolicy() != Qt::WheelFocus);
        }
    }

    void aFocusedBoxStillSteps() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QComboBox* solver = window.runPanel()->solverBox();
        solver->setFocus(Qt::MouseFocusReason);
        QApplication::processEvents();
        QVERIFY(solver->hasFocus());
        const int before = solver->currentIndex();
        wheelDown(solver);
        QCOMPARE(solver->currentIndex(), before + 1);
    }

    void dialogsAreGuardedToo() {
        QVERIFY(WheelGuard::installOnApplication() != nullptr);
        QCOMPARE(WheelGuard::installOnApplication(), WheelGuard::installOnApplication());
        QDoubleSpinBox box;
        box.setRange(0, 10);
        box.setValue(5);
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        QCOMPARE(box.focusPolicy(), Qt::StrongFocus);
        box.clearFocus();
        wheelDown(&box);
        QCOMPARE(box.value(), 5.0);
    }
};

SSLM_WINDOW_TEST_MAIN(TestWheelGuard, "tst_wheel_guard")
} // namespace tst_wheel_guard

#include "tst_wheel_guard.moc"
