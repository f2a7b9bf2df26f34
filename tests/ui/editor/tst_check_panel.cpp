// SPDX-License-Identifier: MIT
// The Check panel speaks of the document as it is: a four-bar whose rocker weighs −2 kg opens
// with the Check tab up, the problem named by the body's name ("#2 rocker") and the assembly
// "not tried" (not "does not assemble"); the Properties dock shows the file's −2 kg, marked,
// not a clamped 0; once the mass is typed right the problem is gone, and stays gone through a
// run; a new document from a template starts clean.

#include <memory>

#include <QApplication>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/document/mechanism_document.hpp"
#include "ui/editor/check_panel.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/main_window.hpp"

#include "tests/ui/fixtures/main_window.hpp"

namespace tst_check_panel {

using namespace sslm;
using namespace sslm::ui;

namespace {

const QString kNegativeMass =
    QStringLiteral("the mass of #2 rocker (kg) must be positive, got -2 — write a number greater "
                   "than 0");

/// The dock is the one shown of its tab group (raised).
bool isRaised(QDockWidget& dock) {
    return dock.isVisible() && !dock.visibleRegion().isEmpty();
}

} // namespace

class TestCheckPanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;

    /// The four-bar example with the rocker's mass −2 kg, written to a file.
    QString negativeMassFile() {
        QFile example(fixtures::example("four_bar.json"));
        if (!example.open(QIODevice::ReadOnly)) {
            return {};
        }
        QByteArray text = example.readAll();
        text.replace("\"mass\": 3.0", "\"mass\": -2");
        const QString path = m_dir.filePath(QStringLiteral("negative_mass.json"));
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size()) {
            return {};
        }
        return path;
    }

    CheckPanel& panel() const { return *m_window->checkPanel(); }

    /// The rocker selected by a click on its middle in the Edit tab.
    void selectRocker() {
        fixtures::clickCentralTab(*m_window, 1);
        EditorCanvas& canvas = *m_window->editor()->canvas();
        const Eigen::Vector2d a = *pointInWorld(canvas.drawing(), {"link2", "J2"});
        const Eigen::Vector2d b = *pointInWorld(canvas.drawing(), {"link2", "J3"});
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {},
                          canvas.viewportPoint(0.5 * (a + b)));
        if (canvas.selectedBody() != std::optional<std::string>("link2")) {
            qWarning("the click did not select the rocker");
        }
    }

    /// Types `text` into a spin box as a user would (click, select all, type, Enter).
    static void typeInto(QDoubleSpinBox& box, const QString& text) {
        QTest::mouseClick(&box, Qt::LeftButton);
        QTest::keyClick(&box, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(&box, text);
        QTest::keyClick(&box, Qt::Key_Return);
    }

private Q_SLOTS:
    void init() {
        QVERIFY(m_dir.isValid());
        m_window = fixtures::windowWith(fixtures::example("slider_crank.json"));
        QVERIFY(panel().findingTexts().isEmpty());
        QString error;
        QVERIFY(m_window->openFile(negativeMassFile(), &error)); // opens unfinished
    }
    void cleanup() { m_window.reset(); }

    void aProblemOnOpenIsShownInItsOwnWords() {
        QCOMPARE(panel().findingTexts(), QStringList{kNegativeMass});
        QVERIFY2(panel().summaryText().endsWith(
                     QStringLiteral("assembly not tried until the problems are fixed")),
                 qPrintable(panel().summaryText()));
        QVERIFY(isRaised(*m_window->checkDock()));
        fixtures::grabIfAsked(*m_window, QStringLiteral("check_negative_mass"));
    }

    void theMassFieldShowsTheFilesValue() {
        selectRocker();
        QCOMPARE(m_window->editor()->canvas()->selectedBody().value_or(""), std::string("link2"));
        QCOMPARE(m_window->properties()->title()->text(),
                 QStringLiteral("Link #2 rocker: 0.1152 m across"));
        QDoubleSpinBox& mass = *m_window->properties()->massBox();
        QCOMPARE(mass.value(), -2.0);
        QCOMPARE(mass.text(), QStringLiteral("-2.0000 kg"));
        QVERIFY2(
            mass.toolTip().startsWith(QStringLiteral("The mass must be positive; it is -2 kg.")),
            qPrintable(mass.toolTip()));
        QVERIFY(!mass.styleSheet().isEmpty()); // marked
        m_window->propertiesDock()->raise();
        fixtures::grabIfAsked(*m_window->propertiesDock(),
                              QStringLiteral("properties_negative_mass"));
    }

    void fixingTheMassClearsTheProblemThroughARun() {
        selectRocker();
        m_window->propertiesDock()->raise();
        QDoubleSpinBox& mass = *m_window->properties()->massBox();
        typeInto(mass, QStringLiteral("3"));
        QCOMPARE(m_window->document()->spec().bodies[1].mass, 3.0);
        QCOMPARE(panel().findingTexts(), QStringList());
        QVERIFY2(panel().summaryText().startsWith(QStringLiteral("Ready to simulate")),
                 qPrintable(panel().summaryText()));
        QVERIFY(mass.styleSheet().isEmpty());
        QVERIFY(fixtures::waitForCompile(*m_window));
        QVERIFY(m_window->currentModel() != nullptr);
        QVERIFY(fixtures::clickStart(*m_window));
        QVERIFY(fixtures::waitForRunEnd(*m_window));
        QCOMPARE(panel().findingTexts(), QStringList());
        // a new finding after an edit brings the Check tab up: a link drawn apart from the
        // rest (L, then a drag on the empty canvas) is not connected
        m_window->propertiesDock()->raise();
        EditorCanvas& canvas = *m_window->editor()->canvas();
        fixtures::clickCentralTab(*m_window, 1);
        const QRect area = canvas.viewport()->rect(); // its bottom edge is empty
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {},
                          area.bottomRight() - QPoint(20, 20));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_L);
        const QPoint from = area.bottomLeft() + QPoint(30, -20);
        const QPoint to = area.bottomLeft() + QPoint(130, -20);
        QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas.viewport(), to);
        QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, to);
        QCOMPARE(m_window->document()->spec().bodies.size(), std::size_t(4));
        QCOMPARE(panel().findingTexts().size(), 1);
        QVERIFY2(panel().findingTexts().front().contains(QStringLiteral(" link is not connected")),
                 qPrintable(panel().findingTexts().front()));
        QVERIFY(isRaised(*m_window->checkDock()));
        fixtures::grabIfAsked(*m_window, QStringLiteral("check_raised_after_edit"));
    }

    void aTemplateStartsClean() {
        fixtures::newFromTemplate(*m_window, QStringLiteral("four_bar"));
        QTRY_VERIFY(m_window->document()->path().isEmpty());
        QCOMPARE(panel().findingTexts(), QStringList());
        QVERIFY(panel().summaryText().startsWith(QStringLiteral("Ready to simulate")));
    }

    // the advice names the Studio's tools, not the file format's keys
    void aMissingInputIsFixedWithMakeInput() {
        m_window = fixtures::windowWith(fixtures::example("four_bar.json"));
        MechanismSpec spec = m_window->document()->spec();
        spec.initial.independent.clear();
        spec.initial.rates.clear();
        m_window->document()->edit(spec, QStringLiteral("No input"));
        QTRY_VERIFY(!panel().findingTexts().isEmpty());
        const QString text = panel().findingTexts().join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("press Make Input")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("initial.independent")), qPrintable(text));
        m_window->checkDock()->raise();
        fixtures::grabIfAsked(*m_window->checkDock(), QStringLiteral("check_missing_input"));
    }
};

SSLM_WINDOW_TEST_MAIN(TestCheckPanel, "tst_check_panel")
} // namespace tst_check_panel

#include "tst_check_panel.moc"
