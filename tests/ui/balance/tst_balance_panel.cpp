// SPDX-License-Identifier: MIT
// The Balance panel (ui/balance/balance_panel.hpp) driven as a user drives it, in the main
// window: the scraper's cycle as it is; its crank and rocker balanced on the worker thread with
// the same numbers as the core's optimiser (and so as `sslm balance`); the result applied as one
// undoable edit, or saved as a new file but never over the open one; Cancel keeps nothing;
// bounds at zero cannot improve and change nothing.

#include <atomic>
#include <cmath>
#include <memory>
#include <numbers>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "core/balance/counterweight_balance.hpp"
#include "core/balance/shaking_cycle.hpp"
#include "core/inverse/driven_motions.hpp"
#include "core/spec/spec_json.hpp"
#include "ui/balance/balance_panel.hpp"
#include "ui/balance/cycle_curve_chart.hpp"
#include "ui/balance/shaking_locus_chart.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/main_window.hpp"

#include "tests/test_main.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_balance_panel {

using namespace sslm;
using namespace sslm::ui;

namespace {

constexpr int kJobTimeoutMs = 120000;

/// The panel's body table row of body `id`, or −1.
int bodyRow(const BalancePanel& panel, const QString& id) {
    QTableWidget* table = panel.bodyTable();
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, BalancePanel::BodyName)->data(Qt::UserRole).toString() == id) {
            return row;
        }
    }
    return -1;
}

/// Ticks exactly the bodies `ids`, each with the mass bounds low:high (kg) and `reach` (m).
void chooseBodies(
    BalancePanel& panel, const QStringList& ids, double low, double high, double reach) {
    QTableWidget* table = panel.bodyTable();
    for (int row = 0; row < table->rowCount(); ++row) {
        table->item(row, BalancePanel::BodyName)->setCheckState(Qt::Unchecked);
    }
    for (const QString& id : ids) {
        const int row = bodyRow(panel, id);
        QVERIFY2(row >= 0, qPrintable(id));
        table->item(row, BalancePanel::BodyName)->setCheckState(Qt::Checked);
        table->item(row, BalancePanel::MassMin)->setText(QString::number(low));
        table->item(row, BalancePanel::MassMax)->setText(QString::number(high));
        table->item(row, BalancePanel::Reach)->setText(QString::number(reach));
    }
}

/// Clicks `button` and waits for the job it starts to finish.
bool runJob(BalancePanel& panel, QPushButton* button) {
    QSignalSpy finished(panel.findChild<BalanceJob*>(), &BalanceJob::finished);
    if (!button->isEnabled()) {
        return false;
    }
    QTest::mouseClick(button, Qt::LeftButton);
    if (!panel.isRunning()) {
        return false;
    }
    return finished.wait(kJobTimeoutMs) || finished.count() > 0;
}

double cell(const BalancePanel& panel, int row, int column) {
    return panel.resultTable()->item(row, column)->text().toDouble();
}

} // namespace

class TestBalancePanel : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void analyseShowsTheCycleAsItIs() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        BalancePanel& panel = *window.balancePanel();
        // the crank and the rocker, the bodies pinned to the ground, are ticked by default
        QCOMPARE(panel.bodyTable()->item(bodyRow(panel, "link1"), 0)->checkState(), Qt::Checked);
        QCOMPARE(panel.bodyTable()->item(bodyRow(panel, "link3"), 0)->checkState(), Qt::Unchecked);
        panel.samplesBox()->setValue(100);
        QVERIFY(runJob(panel, panel.analyseButton()));
        const BalanceJobOutput* out = panel.lastOutput();
        QVERIFY(out && out->before.ok && !out->result);
        QCOMPARE(out->before.t.size(), std::size_t(100));

        // the same cycle from the core, directly
        const LoadedMechanism& current = *window.currentMechanism();
        std::string message;
        const auto motions = initialRateMotions(*current.model, current.q0, current.qd0, message);
        QVERIFY(motions);
        InverseRunSettings run;
        run.tEnd = cyclePeriod(*current.model, *motions);
        QVERIFY(std::abs(run.tEnd - 2 * std::numbers::pi / 4.7124) < 1e-12);
        run.sampleInterval = run.tEnd / 100;
        const ShakingCycle direct = shakingCycle(*current.model, *motions, current.q0, run);
        QVERIFY(direct.ok);
        QCOMPARE(out->before.forceSize.rms, direct.forceSize.rms);
        QCOMPARE(out->before.torqueSize.peak, direct.torqueSize.peak);
        qInfo("scraper as it is: RMS |F| %.6g N, peak %.6g N, RMS |M| %.6g N·m, RMS tau %.6g N·m",
              direct.forceSize.rms, direct.forceSize.peak, direct.momentSize.rms,
              direct.torqueSize.rms);
        QVERIFY(direct.forceSize.rms > 100 && direct.forceSize.rms < 150); // 122 N (README)
        // the table shows it to five digits, the charts draw the closed locus and the torque
        QVERIFY(std::abs(cell(panel, BalancePanel::ForceRms, 0) / direct.forceSize.rms - 1) < 1e-4);
        QCOMPARE(panel.locusChart()->beforePoints(), 101);
        QCOMPARE(panel.locusChart()->afterPoints(), 0);
        QCOMPARE(panel.curveChart()->seriesCount(), 1); // τ theta1 before
        QVERIFY(!panel.applyButton()->isEnabled());
        window.balanceDock()->raise();
        fixtures::grabIfAsked(window, QStringLiteral("balance_panel"));
    }

    void balanceApplyUndoAndSave() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        BalancePanel& panel = *window.balancePanel();
        chooseBodies(panel, {"link1", "link2"}, 0, 20, 0.5);
        QVERIFY(runJob(panel, panel.balanceButton()));
        const BalanceJobOutput* out = panel.lastOutput();
        QVERIFY2(out && out->error.isEmpty(), out ? qPrintable(out->error) : "no output");
        QVERIFY(out->result && out->result->improved && out->after.ok);

        // the core's optimiser with the same settings: the same counterweights, to the bit
        const LoadedMechanism& current = *window.currentMechanism();
        const std::optional<BalanceSettings> settings = panel.settings();
        QVERIFY(settings);
        const BalanceResult direct =
            balanceCounterweights(*current.model, *panel.motions(), current.q0, *settings);
        QCOMPARE(out->result->evaluations, direct.evaluations);
        QCOMPARE(out->result->after.force, direct.after.force);
        QCOMPARE(out->result->chosen.size(), std::size_t(2));
        QCOMPARE(out->result->chosen[0].mass, direct.chosen[0].mass);
        qInfo("scraper crank and rocker 0-20 kg within 0.5 m: RMS |F| %.6g -> %.6g N in %ld "
              "evaluations; %.4g kg and %.4g kg",
              out->result->before.force, out->result->after.force, out->result->evaluations,
              direct.chosen[0].mass, direct.chosen[1].mass);
        QVERIFY(out->result->after.force < 0.7 * out->result->before.force); // 122 → 73.5 N
        // the after cycle is the balanced mechanism's, and its RMS is the optimiser's
        QVERIFY(std::abs(out->after.forceSize.rms - out->result->after.force) <=
                1e-9 * out->result->after.force);
        QVERIFY(std::abs(cell(panel, BalancePanel::ForceRms, 2) -
                         out->result->after.force / out->result->before.force) < 1e-4);
        QCOMPARE(panel.locusChart()->afterPoints(), 101);
        QCOMPARE(panel.curveChart()->seriesCount(), 2); // τ theta1 before and after
        QVERIFY(panel.counterweightLabel()->text().contains(QStringLiteral("link1")));
        window.balanceDock()->raise();
        if (auto* scroll = panel.findChild<QScrollArea*>()) {
            // the picture: the buttons, the status, the table and the locus
            scroll->verticalScrollBar()->setValue(panel.balanceButton()->y() - 4);
        }
        grabScreenshot(window, "studio_balance_scraper.png");

        // Save As: never over the open file; a new file holds the counterweights
        QString error;
        QVERIFY(!panel.saveBalanced(current.path, &error));
        QVERIFY(error.contains(QStringLiteral("new file")));
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("scraper_balanced.json"));
        QVERIFY2(panel.saveBalanced(saved, &error), qPrintable(error));
        const LoadResult written = loadMechanismFile(saved.toStdString());
        QVERIFY(written.ok());
        int weights = 0;
        for (const BodySpec& body : written.spec->bodies) {
            weights += static_cast<int>(body.counterweights.size());
        }
        QCOMPARE(weights, 2);

        // Apply: one undoable edit; the recompiled model carries the added mass
        const MechanismSpec before = window.document()->spec();
        const int steps = window.document()->undoStack()->count();
        QVERIFY(panel.applyButton()->isEnabled());
        QTest::mouseClick(panel.applyButton(), Qt::LeftButton);
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        QVERIFY(window.document()->spec() != before);
        QTRY_VERIFY(window.currentMechanism() &&
                    window.currentMechanism()->model->spec == window.document()->spec());
        const double addedMass = direct.chosen[0].mass + direct.chosen[1].mass;
        double total = 0;
        for (std::size_t b = 1; b < window.currentMechanism()->model->bodies.size(); ++b) {
            total += window.currentMechanism()->model->bodies[b].mass;
        }
        QVERIFY(std::abs(total - (30.2 + addedMass)) < 1e-9);
        // the panel now studies the balanced mechanism: its cycle is the "after" one
        QVERIFY(runJob(panel, panel.analyseButton()));
        QVERIFY(std::abs(panel.lastOutput()->before.forceSize.rms - direct.after.force) <=
                1e-9 * direct.after.force);
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->spec(), before);
    }

    void cancelKeepsNothing() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        BalancePanel& panel = *window.balancePanel();
        chooseBodies(panel, {"link1", "link2", "link4", "link6"}, 0, 20, 0.5);
        panel.startsBox()->setValue(50);
        panel.evaluationsBox()->setValue(1'000'000);
        auto* job = panel.findChild<BalanceJob*>();
        QSignalSpy finished(job, &BalanceJob::finished);
        // Cancel is clicked from the job's first progress report: the job is running then
        // (its result is queued behind the report), however fast this machine optimises
        int clicks = 0;
        connect(job, &BalanceJob::progress, &panel, [&] {
            if (clicks++ == 0) {
                QVERIFY(panel.cancelButton()->isEnabled());
                QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
            }
        });
        QTest::mouseClick(panel.balanceButton(), Qt::LeftButton);
        QVERIFY(panel.isRunning());
        QVERIFY(panel.cancelButton()->isEnabled());
        QVERIFY(!panel.balanceButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kJobTimeoutMs);
        QVERIFY(clicks >= 1);
        const BalanceJobOutput& out = *panel.lastOutput();
        QVERIFY(out.cancelled);
        // the job's own clock: stopped within 1 s of the click, short of its budget
        QVERIFY(out.secondsToStop);
        qInfo("cancelled at the first report: stopped %.4f s after the click, %ld evaluations",
              *out.secondsToStop, out.result ? out.result->evaluations : 0L);
        QVERIFY2(*out.secondsToStop <= 1.0, qPrintable(QString::number(*out.secondsToStop)));
        QVERIFY(!out.result || out.result->evaluations < 1'000'000);
        QVERIFY(!panel.applyButton()->isEnabled());
        QVERIFY(!panel.saveButton()->isEnabled());
        QVERIFY(!panel.balancedSpec());
        QVERIFY(panel.statusLabel()->text().startsWith(QStringLiteral("Cancelled")));
        QVERIFY(!window.document()->isModified());
        // nothing runs on: Balance can start again at once
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.balanceButton()->isEnabled());
    }

    /// The job's body with Cancel at a known evaluation: it stops before the next one.
    void cancelStopsBetweenEvaluations() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        BalancePanel& panel = *window.balancePanel();
        chooseBodies(panel, {"link1", "link2", "link4", "link6"}, 0, 20, 0.5);
        panel.startsBox()->setValue(50);
        panel.evaluationsBox()->setValue(1'000'000);
        BalanceJobInput input = panel.jobInput(true).value();
        std::atomic<bool> cancel = false;
        long reports = 0;
        const BalanceJobOutput out = runBalanceJob(input, cancel, [&](const BalanceProgress& p) {
            reports = p.evaluations;
            if (p.evaluations == 40) {
                cancel = true;
            }
        });
        QVERIFY(out.error.isEmpty());
        QVERIFY(out.cancelled);
        QVERIFY(out.result);
        QCOMPARE(out.result->stop, BalanceStop::Cancelled);
        QCOMPARE(out.result->evaluations, 40L);
        QCOMPARE(reports, 40L);
        QVERIFY(out.result->objectiveAfter <= out.result->objectiveBefore);

        // a Cancel during the first cycle: the optimisation never starts
        std::atomic<bool> early = true;
        const BalanceJobOutput none = runBalanceJob(input, early, {});
        QVERIFY(none.cancelled);
        QVERIFY(!none.result);
        QVERIFY(none.before.ok);
    }

    void boundsAtZeroCannotImprove() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        BalancePanel& panel = *window.balancePanel();
        chooseBodies(panel, {"link1"}, 0, 0, 0.5);
        QVERIFY(runJob(panel, panel.balanceButton()));
        const BalanceJobOutput* out = panel.lastOutput();
        QVERIFY(out->result && !out->result->improved);
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("left as it is")));
        QVERIFY(!panel.applyButton()->isEnabled());
        QVERIFY(!window.document()->isModified());
    }

    void badFormIsExplained() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        BalancePanel& panel = *window.balancePanel();
        chooseBodies(panel, {}, 0, 1, 0.1);
        QTest::mouseClick(panel.balanceButton(), Qt::LeftButton);
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("Tick at least one body")));
        chooseBodies(panel, {"link1"}, 0, 1, 0.1);
        panel.bodyTable()->item(bodyRow(panel, "link1"), BalancePanel::MassMax)->setText("abc");
        QTest::mouseClick(panel.balanceButton(), Qt::LeftButton);
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("not a number")));
        panel.bodyTable()->item(bodyRow(panel, "link1"), BalancePanel::MassMax)->setText("-1");
        QTest::mouseClick(panel.balanceButton(), Qt::LeftButton);
        QVERIFY(!panel.isRunning());
        qInfo("%s", qPrintable(panel.statusLabel()->text()));
        QVERIFY(!panel.statusLabel()->text().isEmpty());
    }

    void spatialRssrAnalyses() {
        MainWindow& window = freshWindow("rssr.json");
        BalancePanel& panel = *window.balancePanel();
        QVERIFY(panel.momentAboutBox(2)->isVisibleTo(&panel));
        QVERIFY(runJob(panel, panel.analyseButton()));
        const BalanceJobOutput* out = panel.lastOutput();
        QVERIFY2(out->before.ok, qPrintable(out->error));
        QVERIFY(out->before.forceSize.rms > 0);
        QCOMPARE(panel.locusChart()->beforePoints(), 101);
    }
};

SSLM_TEST_WIDGETS_MAIN(TestBalancePanel)
} // namespace tst_balance_panel
#include "tst_balance_panel.moc"
