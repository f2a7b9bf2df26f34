// SPDX-License-Identifier: MIT
// The plots show the runs of the document being worked on: runs are named by what differs
// ("Run 2 · cuts J3,J9,J10" after a cut change made by clicking the graph); the Cut reactions
// plot picks the new cut's |λ| so that the new run shows there beside the old one; the legend
// labels are whole; another file opened with Ctrl+O hides the earlier runs from the plots (they
// stay listed, unchecked), its run fills them alone, and the plot exported with the dock's
// Export button carries its mechanism's title and is named after what it shows (a τ plot is
// actuator_forces, not joint_coordinates).

#include <algorithm>
#include <memory>

#include <QAbstractItemView>
#include <QChart>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/run/run_list.hpp"
#include "ui/sim/run_history.hpp"
#include "ui/sim/sample_layout.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/sim/simulation_run.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/charts.hpp"
#include "tests/ui/fixtures/dialogs.hpp"
#include "tests/ui/fixtures/main_window.hpp"

namespace tst_plot_documents {

using namespace sslm;
using namespace sslm::ui;

namespace {

/// The run names of the curves of `plot` ("label · run name" when several runs are shown).
QStringList curveNames(PlotWidget& plot, int runId = -1) {
    QStringList names;
    for (QLineSeries* series : plot.dataSeries(runId)) {
        names << series->name();
    }
    return names;
}

/// Answers the file dialog up next with `path` (chosen in the dialog, which is accepted: under
/// Xvfb the dialog's name field does not take typed keys).
void answerNextFileDialog(QObject* owner, const QString& path) {
    fixtures::answerNextDialog(owner, [path](QWidget* dialog) {
        auto* files = qobject_cast<QFileDialog*>(dialog);
        QVERIFY2(files, "a file dialog was expected");
        files->selectFile(path);
        QMetaObject::invokeMethod(files, "accept"); // QDialog::accept is a public slot
    });
}

QToolButton* toolButton(QDockWidget& dock, const QString& textStart) {
    for (QToolBar* bar : dock.findChildren<QToolBar*>()) {
        for (QAction* action : bar->actions()) {
            if (action->text().startsWith(textStart)) {
                return qobject_cast<QToolButton*>(bar->widgetForAction(action));
            }
        }
    }
    return nullptr;
}

} // namespace

class TstPlotDocuments : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() { QSettings().clear(); }

    void runsOfOneDocumentAreNamedByWhatDiffers() {
        auto window = fixtures::openWindow("carpet_scraper.json", QSize(1600, 1000));
        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
        PlotWidget& joints = *window->jointPlotDock()->plot();
        PlotWidget& reactions = *window->reactionPlotDock()->plot();

        const auto first = fixtures::runWithF5(*window);
        QVERIFY(first && first->summary()->ok);
        QCOMPARE(first->name(), QStringLiteral("Run 1 · carpet_scraper.json"));

        // J3 clicked in the graph is cut instead of J8
        MechanismGraphView& graph = *window->graphView();
        QApplication::processEvents();
        const QPoint at = graph.jointPosition(QStringLiteral("J3"));
        QTest::mouseClick(graph.canvas()->viewport(), Qt::LeftButton, {}, at);
        const auto second = fixtures::runWithF5(*window);
        QVERIFY(second && second->summary()->ok);
        QStringList cuts = second->cuts();
        QCOMPARE(second->name(), QStringLiteral("Run 2 · cuts %1").arg(cuts.join(',')));
        QVERIFY(cuts.contains(QStringLiteral("J3")));

        // both runs in the joint plot; the λ plot shows the old cut's |λ| for run 1 and the
        // new cut's for run 2
        QCOMPARE(joints.runIds(), (QList<int>{first->id(), second->id()}));
        QCOMPARE(reactions.runIds(), (QList<int>{first->id(), second->id()}));
        const QStringList reactionCurves = curveNames(reactions);
        qInfo() << "Cut reactions:" << reactionCurves;
        const auto shows = [&](int runId, const QString& cut) {
            const QStringList curves = curveNames(reactions, runId);
            return std::any_of(curves.begin(), curves.end(),
                               [&](const QString& c) { return c.contains(cut); });
        };
        QVERIFY(shows(first->id(), QStringLiteral("J8")));
        QVERIFY(shows(second->id(), QStringLiteral("J3")));
        for (QLineSeries* series : reactions.dataSeries()) {
            QVERIFY2(series->count() > 0, qPrintable(series->name()));
        }

        // the legends read whole: every curve's name in full, or the runs only, or no legend (a
        // plot too small for it) and the colours in the series list
        QApplication::processEvents();
        for (PlotWidget* plot : {&joints, &reactions}) {
            if (!plot->isLegendShown()) {
                QVERIFY(!plot->chart()->legend()->isVisible());
                continue;
            }
            const QStringList texts = fixtures::legendTexts(*plot->chart());
            for (const QString& label : plot->legendLabels()) {
                QVERIFY2(texts.contains(label), qPrintable(label));
            }
            if (plot->legendNamesColumns()) {
                for (QLineSeries* series : plot->dataSeries()) {
                    QVERIFY2(texts.contains(series->name()), qPrintable(series->name()));
                }
            }
        }
    }

    void anotherDocumentHidesTheEarlierRuns() {
        auto window = fixtures::openWindow("carpet_scraper.json", QSize(1600, 1000));
        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
        const auto scraper = fixtures::runWithF5(*window);
        QVERIFY(scraper && scraper->summary()->ok);

        // Ctrl+O, the slider-crank chosen in the file dialog
        answerNextFileDialog(window.get(), fixtures::example("slider_crank.json"));
        window->activateWindow();
        QTest::keyClick(window.get(), Qt::Key_O, Qt::ControlModifier);
        QTRY_COMPARE(window->currentModel()->name, std::string("Slider-crank"));

        PlotWidget& joints = *window->jointPlotDock()->plot();
        PlotWidget& reactions = *window->reactionPlotDock()->plot();
        RunHistory& history = *window->controller()->history();
        QCOMPARE(history.size(), 1); // still listed
        QVERIFY(!history.isShown(scraper->id()));
        QVERIFY(joints.runIds().isEmpty());
        QVERIFY(reactions.runIds().isEmpty());

        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
        const auto crank = fixtures::runWithF5(*window);
        QVERIFY(crank && crank->summary()->ok);
        QCOMPARE(crank->name(), QStringLiteral("Run 2 · slider_crank.json"));
        QCOMPARE(joints.runIds(), QList<int>{crank->id()});
        QCOMPARE(reactions.runIds(), QList<int>{crank->id()});
        QVERIFY(!reactions.dataSeries().isEmpty()); // the slider-crank's own cut
        for (QLineSeries* series : reactions.dataSeries()) {
            QVERIFY2(series->count() > 0, qPrintable(series->name()));
        }

        // the export is named after what the plot shows: one family's name, else the dock's
        PlotDock& jointDock = *window->jointPlotDock();
        QCOMPARE(jointDock.exportBaseName(), QStringLiteral("joint_coordinates"));
        const QStringList chosen = joints.selectedColumns();
        QString tau;
        for (const SampleColumn& column : crank->layout().columns()) {
            if (column.family == SeriesFamily::Actuator) {
                tau = column.name;
            }
        }
        QVERIFY(!tau.isEmpty());
        joints.setSelectedColumns({tau});
        QCOMPARE(jointDock.exportBaseName(), QStringLiteral("actuator_forces"));
        joints.setSelectedColumns(chosen + QStringList{tau});
        QCOMPARE(jointDock.exportBaseName(), QStringLiteral("joint_coordinates"));
        joints.setSelectedColumns(chosen);

        // the Joint coordinates plot exported as SVG with its Export button
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("crank.svg"));
        QToolButton* exportButton = toolButton(*window->jointPlotDock(), QStringLiteral("Export"));
        QVERIFY(exportButton);
        answerNextFileDialog(window.get(), svg);
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QTRY_VERIFY(QFile::exists(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const QString title =
            text.section(QStringLiteral("<title>"), 1).section(QStringLiteral("</title>"), 0, 0);
        qInfo() << "SVG title:" << title;
        QVERIFY2(title.contains(QStringLiteral("Slider-crank")), qPrintable(title));
        QVERIFY2(!title.contains(QStringLiteral("scraper"), Qt::CaseInsensitive),
                 qPrintable(title));
    }
};

SSLM_WINDOW_TEST_MAIN(TstPlotDocuments, "tst_plot_documents")
} // namespace tst_plot_documents

#include "tst_plot_documents.moc"
