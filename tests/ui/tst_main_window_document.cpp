// SPDX-License-Identifier: MIT
// The window's document (ui/main_window_document.cpp): a cut change is an unsaved change saved
// with the file, Save As and Save, the unsaved-changes prompt, New From Template and Insert
// Template, the Check panel and the banner over a mechanism that no longer compiles, an
// unfinished drawing saved and opened again, and the recovery of what a crashed session left.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <QAbstractButton>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProcess>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUndoView>
#include <QtTest>

#include "core/edit/drawing.hpp"
#include "core/spec/mechanism_templates.hpp"
#include "core/spec/spec_json.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/check_panel.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/template_dialog.hpp"
#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/simulation_controller.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/ui/fixtures/crashed_session.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_main_window_document {

using namespace sslm;
using namespace sslm::ui;
using namespace sslm::fixtures;

class TestMainWindowDocument : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    // The window's document: a cut chosen in the graph view makes it modified and is saved with
    // it; Save As writes atomically and clears the modified mark; an edit to the description
    // recompiles the model on screen; a recovery copy restores unsaved changes as an unsaved
    // document that remembers its file.
    void saveCutsAndRecoverThroughTheWindow() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        MechanismDocument& document = *window.document();
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("carpet_scraper.json[*]")));

        // a cut change in the graph view is an unsaved change of the document
        MechanismGraphView& graph = *window.graphView();
        QApplication::processEvents();
        QTest::mouseClick(graph.canvas()->viewport(), Qt::LeftButton, {},
                          graph.jointPosition(QStringLiteral("J3")));
        QVERIFY(window.isWindowModified());
        std::vector<std::string> cuts = document.spec().cuts;
        std::sort(cuts.begin(), cuts.end());
        QCOMPARE(cuts, (std::vector<std::string>{"J10", "J3", "J9"}));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("scraper_cut_J3.json"));
        QString error;
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("scraper_cut_J3.json")));
        const LoadResult saved = loadMechanismFile(path.toStdString());
        QVERIFY(saved.ok());
        QVERIFY(*saved.spec == document.spec());

        // a failed save keeps the file and the modified mark
        MechanismSpec heavier = document.spec();
        heavier.bodies.front().mass *= 2.0;
        document.edit(heavier, QStringLiteral("Mass"));
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(window.isWindowModified());
        QCOMPARE(window.currentModel()->bodies[1].mass, heavier.bodies.front().mass);
        QVERIFY(!window.saveAs(dir.filePath(QStringLiteral("no/such/folder.json")), &error));
        QVERIFY(window.isWindowModified());
        QVERIFY(*loadMechanismFile(path.toStdString()).spec == *saved.spec);

        // the unsaved edit survives a crash through the recovery copy
        QVERIFY(document.writeRecovery(&error));
        RecoveryEntry entry;
        entry.file = document.recoveryFile();
        entry.originalPath = path;
        entry.written = QDateTime::currentDateTime();
        window.undoStack()->undo(); // the live session moves on
        QVERIFY(window.restoreRecovery(entry, &error));
        QVERIFY(document.spec() == heavier);
        QVERIFY(window.isWindowModified());
        QCOMPARE(document.path(), path);
        QCOMPARE(window.currentModel()->bodies[1].mass, heavier.bodies.front().mass);
        QVERIFY(window.save(&error));
        QVERIFY(!window.isWindowModified());
        QVERIFY(*loadMechanismFile(path.toStdString()).spec == heavier);
    }

    // File ▸ New From Template: the dialog refuses sizes that cannot close, a four-bar made from
    // it is an untitled, unsaved document that simulates, and once saved the CLI simulates the
    // file the same.
    void newFromTemplateSimulatesAndSaves() {
        TemplateDialog dialog;
        QVERIFY(dialog.setTemplate(QStringLiteral("four_bar")));
        QVERIFY(dialog.setField(QStringLiteral("Crank"), 2.0)); // m: longer than all the rest
        QVERIFY(!dialog.spec());
        QVERIFY2(dialog.problem().contains(QStringLiteral("four-bar"), Qt::CaseInsensitive),
                 qPrintable(dialog.problem()));
        QVERIFY(!dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(dialog.setField(QStringLiteral("Crank"), 0.08));
        QVERIFY(dialog.setField(QStringLiteral("Crank rate"), 3.0));
        const std::optional<MechanismSpec> spec = dialog.spec();
        QVERIFY2(spec, qPrintable(dialog.problem()));
        QVERIFY(dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        if (const QByteArray dir = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty()) {
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.grab().save(QString::fromLocal8Bit(dir) +
                               QStringLiteral("/template_dialog.png"));
            dialog.hide();
        }

        MainWindow& window = freshWindow("carpet_scraper.json");
        QString error;
        QVERIFY2(window.newDocument(*spec, &error), qPrintable(error));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("Untitled")));
        QVERIFY(window.isWindowModified());
        QCOMPARE(window.currentModel()->mobilityGrubler, 1);
        enterSettings(*window.runPanel(), 1.0);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);
        QCOMPARE(run->model()->name, spec->name);
        grabScreenshot(window, "studio_template_four_bar.png");

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("crank_rocker.json"));
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QVERIFY(!window.isWindowModified());
#ifdef SSLM_CLI_EXE
        const QString cliCsv = dir.filePath(QStringLiteral("cli.csv"));
        QProcess cli;
        cli.start(QStringLiteral(SSLM_CLI_EXE),
                  {QStringLiteral("simulate"), path, QStringLiteral("--integrator"),
                   QStringLiteral("dopri5"), QStringLiteral("--rtol"), QStringLiteral("1e-10"),
                   QStringLiteral("--atol"), QStringLiteral("1e-10"), QStringLiteral("--t-end"),
                   QStringLiteral("1"), QStringLiteral("--sample"), QStringLiteral("0.01"),
                   QStringLiteral("--out"), cliCsv, QStringLiteral("--quiet")});
        QVERIFY(cli.waitForFinished(kRunTimeoutMs));
        QCOMPARE(cli.exitCode(), 0);
        const Csv expected = readCsv(cliCsv);
        QCOMPARE(expected.rows.size(), run->samples().size());
        double worst = 0;
        for (const Coordinate& c : run->model()->coordinates) {
            const QString name = QStringLiteral("q.") + QString::fromStdString(c.name);
            const std::vector<double> stored = column(*run, name);
            const int col = expected.column(name);
            QVERIFY(col >= 0);
            for (std::size_t row = 0; row < stored.size(); ++row) {
                worst = std::max(worst, std::abs(stored[row] - expected.rows[row][col]));
            }
        }
        qInfo("template four-bar, window vs CLI on the saved file: max |Δq| = %.3g", worst);
        QVERIFY(worst <= kSameAsCliTol);
#endif
    }

    // The Check panel follows the document: the scraper is ready to simulate with 1 DOF; an
    // edit that removes joint J7 opens loop 3 (3 DOF by Grübler) and orphans the initial state's
    // theta7, which the panel names (the window keeps showing the last mechanism that
    // compiled); undo clears it.
    void checkPanelFollowsTheDocument() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        CheckPanel& panel = *window.checkPanel();
        QVERIFY2(panel.summaryText().contains(QStringLiteral("Ready to simulate")),
                 qPrintable(panel.summaryText()));
        QVERIFY(panel.summaryText().contains(QStringLiteral("DOF 1")));
        QVERIFY(!panel.result().hasErrors());

        MechanismSpec broken = window.document()->spec();
        const auto j7 = std::find_if(broken.joints.begin(), broken.joints.end(),
                                     [](const JointSpec& j) { return j.name == "J7"; });
        QVERIFY(j7 != broken.joints.end());
        broken.joints.erase(j7);
        const auto shown = window.currentModel();
        window.document()->edit(broken, QStringLiteral("Delete J7"));
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(panel.result().hasErrors());
        QVERIFY2(panel.findingTexts().join(QLatin1Char('\n')).contains(QStringLiteral("theta7")),
                 qPrintable(panel.findingTexts().join(QLatin1Char('\n'))));
        QCOMPARE(panel.result().dofGrubler, 3); // 3·7 − 2·9
        QCOMPARE(panel.result().independentLoops, 2);
        QCOMPARE(window.currentModel(), shown); // the last good mechanism stays on screen
        // ...under a banner that says so and links to the Edit tab; Start refuses
        QVERIFY(window.staleBanner()->isVisibleTo(&window));
        QVERIFY2(window.staleBanner()->text().contains(QStringLiteral("as it last compiled")),
                 qPrintable(window.staleBanner()->text()));
        QVERIFY(!window.startSimulation());
        window.checkDock()->raise();
        grabScreenshot(window, "studio_check_panel.png");
        Q_EMIT window.staleBanner()->linkActivated(QStringLiteral("edit"));
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        window.centralTabs()->setCurrentIndex(0);

        QVERIFY(window.historyDock()->findChild<QUndoView*>() != nullptr);
        window.undoStack()->undo();
        QVERIFY(!panel.result().hasErrors());
        // back to the mechanism on screen: no banner, and it simulates
        QVERIFY(!window.staleBanner()->isVisibleTo(&window));
        QVERIFY(window.startSimulation());
        window.controller()->stop();
        window.graphDock()->raise();
    }

    // The dialogs answered as a user would: the unsaved-changes prompt (Cancel keeps the edit,
    // Discard opens the other file), Edit ▸ Insert Template through its dialog (one undo step),
    // and a drawing that does not compile yet: saved, opened again into the Edit tab where it
    // was drawn, and guarded by the prompt once edited.
    void dialogsAndUnfinishedDrawings() {
        MainWindow& window = freshWindow("four_bar.json");
        MechanismDocument& document = *window.document();

        // the unsaved-changes prompt
        MechanismSpec edited = document.spec();
        edited.bodies.front().mass *= 2.0;
        document.edit(edited, QStringLiteral("Mass"));
        answerNextDialog([](QWidget* dialog) {
            auto* box = qobject_cast<QMessageBox*>(dialog);
            QVERIFY(box && box->text().contains(QStringLiteral("not saved")));
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!window.openFile(example("slider_crank.json")));
        QVERIFY(document.spec() == edited);
        QVERIFY(window.isWindowModified());
        answerNextDialog([](QWidget* dialog) {
            qobject_cast<QMessageBox*>(dialog)->button(QMessageBox::Discard)->click();
        });
        QVERIFY(window.openFile(example("slider_crank.json")));
        QCOMPARE(window.currentModel()->name, std::string("Slider-crank"));
        QVERIFY(!window.isWindowModified());

        // Insert Template (Ctrl+Shift+I): a slider-crank beside the drawn four-bar
        const MechanismSpec fourBar = fixtures::drawnFourBar().spec;
        QVERIFY(window.newDocument(fourBar));
        answerNextDialog([](QWidget* dialog) {
            auto* templates = qobject_cast<TemplateDialog*>(dialog);
            QVERIFY(templates && templates->setTemplate(QStringLiteral("slider_crank")));
            templates->buttons()->button(QDialogButtonBox::Ok)->click();
        });
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_I, Qt::ControlModifier | Qt::ShiftModifier);
        const MechanismSpec sliderCrank = mechanismTemplate("slider_crank");
        QCOMPARE(document.spec().bodies.size(), fourBar.bodies.size() + sliderCrank.bodies.size());
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(window.currentModel());
        QCOMPARE(window.currentModel()->mobilityGrubler, 2);
        window.undoStack()->undo();
        QVERIFY(document.spec() == fourBar);

        // an unfinished drawing (the rocker's pins deleted: L3 is not connected) is saved...
        const Drawing unfinished = fixtures::unfinishedFourBar();
        QVERIFY(window.newDocument(unfinished.spec));
        QVERIFY(!window.currentModel());
        QVERIFY(!window.staleBanner()->isHidden()); // over the 3-D view (the Edit tab is up)
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("unfinished.json"));
        QString error;
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QVERIFY(!window.isWindowModified());
        // ...and opened again into the Edit tab, drawn where it was
        QVERIFY(window.openFile(example("four_bar.json"), &error));
        QVERIFY(window.openFile(path, &error));
        QVERIFY2(error.contains(QStringLiteral("does not compile yet")), qPrintable(error));
        QVERIFY(document.spec() == unfinished.spec);
        QCOMPARE(document.path(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        const Drawing& shown = window.editor()->canvas()->drawing();
        for (const char* body : {"L1", "L2"}) {
            for (const char* point : {"P1", "P2"}) {
                QVERIFY(
                    (*pointInWorld(shown, {body, point}) - *pointInWorld(unfinished, {body, point}))
                        .norm() < 1e-12);
            }
        }
        QVERIFY(!window.startSimulation());
        grabScreenshot(window, "studio_unfinished_drawing.png");
        // edited, it is guarded by the prompt although it does not compile
        QVERIFY(window.editor()->canvas()->edit(
            [](Drawing& d) {
                return addGroundPivot(d, {0.5, 0.5});
            },
            QStringLiteral("Pivot")));
        QVERIFY(window.isWindowModified());
        answerNextDialog([](QWidget* dialog) {
            qobject_cast<QMessageBox*>(dialog)->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!window.openFile(example("four_bar.json")));
        QCOMPARE(document.spec().ground.points.size(), unfinished.spec.ground.points.size() + 1);
        window.centralTabs()->setCurrentIndex(0);
    }

    // A crash while a drawing was unfinished: the next session's recovery offer, answered
    // "Recover", brings it back into the Edit tab as an unsaved document.
    void recoveryOfferBringsBackAnUnfinishedDrawing() {
        MainWindow& window = freshWindow("four_bar.json");
        MechanismDocument& document = *window.document();
        QTemporaryDir dir;
        document.setRecoveryDirectory(dir.filePath(QStringLiteral("live")));
        const Drawing unfinished = fixtures::unfinishedFourBar();
        QVERIFY(window.newDocument(unfinished.spec));
        QString error;
        QVERIFY2(document.writeRecovery(&error), qPrintable(error));
        const QString left = dir.filePath(QStringLiteral("left"));
        QVERIFY(!fixtures::layOutCrashedCopy(document.recoveryFile(), left,
                                             QStringLiteral("crashed.recovery.json"))
                     .isEmpty());

        // the next session: another file open, then the offer
        QVERIFY(window.openFile(example("four_bar.json"), &error));
        document.setRecoveryDirectory(left);
        answerNextDialog([](QWidget* dialog) {
            auto* box = qobject_cast<QMessageBox*>(dialog);
            QVERIFY(box && box->text().contains(QStringLiteral("did not close normally")));
            for (QAbstractButton* button : box->buttons()) {
                if (button->text() == QStringLiteral("Recover")) {
                    button->click();
                }
            }
        });
        QCOMPARE(window.offerRecovery(), 1);
        QVERIFY(document.spec() == unfinished.spec);
        QVERIFY(window.isWindowModified());
        QVERIFY(!window.currentModel());
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        QVERIFY(MechanismDocument::pendingRecoveries(left).empty());
        window.centralTabs()->setCurrentIndex(0);
    }
};

SSLM_WINDOW_TEST_MAIN(TestMainWindowDocument, "tst_main_window_document")
} // namespace tst_main_window_document

#include "tst_main_window_document.moc"
