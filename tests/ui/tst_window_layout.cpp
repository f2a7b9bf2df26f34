// SPDX-License-Identifier: MIT
// The window's layout at 1024×700 and at 1600×1000, with the scraper open and a run made with
// F5: the Loops and cuts panel's buttons show their whole text; the graph's edge legend covers
// no node, its labels are at least 9 pt and its cut-picking targets at least 20 px; the 3-D
// view's info box leaves the mechanism and most of the view free, and its joint labels do not
// overlap; the plot legends read whole; the Edit tab's tools are all on screen (none folded
// behind »); the Simulation panel's labels and fields are not clipped, in Forced mode too.
// With SSLM_LAYOUT_SCREENSHOT_DIR set, the window is written there as layout_WxH.png.

#include <algorithm>
#include <memory>

#include <QChart>
#include <QComboBox>
#include <QFontInfo>
#include <QFormLayout>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QListView>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "ui/editor/editor_widget.hpp"
#include "ui/graph/body_node_item.hpp"
#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/graph_side_panel.hpp"
#include "ui/graph/joint_edge_item.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/plots/series_chooser.hpp"
#include "ui/run/run_list.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/style/palette.hpp"
#include "ui/style/theme.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/charts.hpp"
#include "tests/ui/fixtures/main_window.hpp"

namespace tst_window_layout {

using namespace sslm;
using namespace sslm::ui;

namespace {

constexpr double kMinLabelPoints = 9.0;
constexpr double kMinTargetPx = 20.0;
constexpr double kMaxInfoBoxShare = 0.2; ///< of the 3-D view's area
/// px: the window's least width (it was ~1020 px: the default docks forced it)
constexpr int kMaxLeastWidth = 880;

/// Whether `widget`'s text is drawn whole: its text's width fits in the widget (less `pad`).
bool textFits(const QWidget* widget, const QString& text, int pad) {
    return widget->fontMetrics().horizontalAdvance(text) + pad <= widget->width();
}

/// The scroll area `widget` sits in, if any.
QScrollArea* scrollAreaOf(QWidget* widget) {
    for (QWidget* w = widget; w; w = w->parentWidget()) {
        if (auto* area = qobject_cast<QScrollArea*>(w)) {
            return area;
        }
    }
    return nullptr;
}

/// The part of `widget` that is on screen, clipped by its ancestors, in its own coordinates.
QRect visiblePart(QWidget* widget) {
    return widget->visibleRegion().boundingRect();
}

} // namespace

class TstWindowLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() { QSettings().clear(); }

    void layoutFits_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void layoutFits() {
        QFETCH(QSize, size);
        auto window = fixtures::openWindow("carpet_scraper.json", size);
        qInfo("window %dx%d (asked %dx%d)", window->width(), window->height(), size.width(),
              size.height());
        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
        const auto run = fixtures::runWithF5(*window);
        QVERIFY(run && run->summary()->ok);
        QTest::qWait(100);
        QApplication::processEvents();
        if (const QByteArray dir = qgetenv("SSLM_LAYOUT_SCREENSHOT_DIR"); !dir.isEmpty()) {
            window->grab().save(QStringLiteral("%1/layout_%2x%3.png")
                                    .arg(QString::fromLocal8Bit(dir))
                                    .arg(size.width())
                                    .arg(size.height()));
        }

        // Loops and cuts: whole button texts, or a scroll bar to reach them
        MechanismGraphView& graph = *window->graphView();
        for (QPushButton* button :
             {graph.panel()->automaticButton(), graph.panel()->fileCutsButton()}) {
            QVERIFY2(textFits(button, button->text(), 4), qPrintable(button->text()));
            const bool whollyShown = visiblePart(button).width() >= button->width();
            QScrollArea* area = scrollAreaOf(button);
            const bool scrolls = area && area->horizontalScrollBar()->isVisible();
            QVERIFY2(whollyShown || scrolls, qPrintable(button->text()));
        }

        // every stacked dock's tab shows its whole title (a tab row too wide scrolls)
        int tabs = 0;
        for (QTabBar* bar : window->findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
            if (!bar->isVisible()) {
                continue;
            }
            for (int i = 0; i < bar->count(); ++i) {
                const QString title = bar->tabText(i);
                const int needed = bar->fontMetrics().horizontalAdvance(title);
                QVERIFY2(bar->elideMode() == Qt::ElideNone && bar->tabRect(i).width() >= needed,
                         qPrintable(QStringLiteral("tab \"%1\": %2 px for %3 px of text")
                                        .arg(title)
                                        .arg(bar->tabRect(i).width())
                                        .arg(needed)));
                ++tabs;
            }
        }
        QVERIFY(tabs >= 10); // Loops and cuts … Statics, the plots' pairs

        // the Runs list: room for three runs at least
        QListView* runs = window->runList()->view();
        const int rowHeight = std::max(18, runs->sizeHintForRow(0));
        qInfo("Runs list %d px high: %d rows of %d px", runs->viewport()->height(),
              runs->viewport()->height() / rowHeight, rowHeight);
        QVERIFY2(runs->viewport()->height() >= 3 * rowHeight,
                 qPrintable(QString::number(runs->viewport()->height())));

        // the graph: room to read it (it had ~140 px at 1280x800), legend clear of the nodes,
        // legible labels, large targets
        GraphCanvas& canvas = *graph.canvas();
        qInfo("graph canvas %dx%d, %s", canvas.viewport()->width(), canvas.viewport()->height(),
              graph.splitOrientation() == Qt::Horizontal ? "beside its panel" : "above its panel");
        const int leastHeight = window->height() >= 800 ? 200 : 130;
        QVERIFY2(canvas.viewport()->width() >= std::min(400, window->width() / 4) &&
                     canvas.viewport()->height() >= leastHeight,
                 qPrintable(QStringLiteral("%1x%2")
                                .arg(canvas.viewport()->width())
                                .arg(canvas.viewport()->height())));
        // the legend has a strip of its own below the viewport that shows the nodes
        const int legendTop = canvas.contentsRect().bottom() + 1 - canvas.legendHeight();
        QVERIFY(canvas.viewport()->geometry().bottom() < legendTop);
        QVERIFY(canvas.legendHeight() > canvas.fontMetrics().height());
        const double scale = canvas.transform().m11();
        const double labelPx = QFontInfo(canvas.scene()->font()).pixelSize() * scale;
        const double minimumPx = kMinLabelPoints * canvas.logicalDpiY() / 72.0;
        qInfo("graph: scale %.2f, labels %.1f px (9 pt = %.1f px)", scale, labelPx, minimumPx);
        QVERIFY2(labelPx >= minimumPx - 0.01, qPrintable(QString::number(labelPx)));
        int nodes = 0;
        int edges = 0;
        for (QGraphicsItem* item : canvas.scene()->items()) {
            if (auto* node = dynamic_cast<BodyNodeItem*>(item)) {
                const QRect drawn = canvas.mapFromScene(node->sceneBoundingRect())
                                        .boundingRect()
                                        .intersected(canvas.viewport()->rect())
                                        .translated(canvas.viewport()->pos());
                QVERIFY2(drawn.isEmpty() || drawn.bottom() < legendTop,
                         "a node under the graph's legend");
                ++nodes;
            } else if (auto* edge = dynamic_cast<JointEdgeItem*>(item)) {
                const QRectF target =
                    canvas.mapFromScene(edge->mapToScene(edge->labelRect())).boundingRect();
                QVERIFY2(target.height() >= kMinTargetPx,
                         qPrintable(QString::number(target.height())));
                ++edges;
            }
        }
        QVERIFY(nodes > 3 && edges > 3);

        // the 3-D view: a modest info box, clear of the mechanism; labels apart
        MechanismView& view = *window->mechanismView();
        const QRectF box = view.legendBox();
        const double share = box.width() * box.height() / (view.width() * view.height());
        qInfo("3-D view %dx%d: info box %.0fx%.0f px, %.0f %% of it", view.width(), view.height(),
              box.width(), box.height(), 100 * share);
        QVERIFY2(share <= kMaxInfoBoxShare, qPrintable(QString::number(share)));
        const std::vector<QRectF> labels = view.jointLabelRects();
        for (std::size_t a = 0; a < labels.size(); ++a) {
            for (std::size_t b = a + 1; b < labels.size(); ++b) {
                QVERIFY2(!labels[a].intersects(labels[b]), "two joint labels overlap");
            }
            QVERIFY2(!labels[a].intersects(box), "a joint label under the info box");
        }

        // plot legends read whole; a plot too narrow for its legend has none, and its series
        // list shows each chosen column's curve colour instead; no text of a plot is elided
        for (PlotDock* dock :
             {window->jointPlotDock(), window->reactionPlotDock(), window->cpuPlotDock()}) {
            PlotWidget& plot = *dock->plot();
            QVERIFY(!plot.dataSeries().isEmpty());
            if (dock->isVisible() && !dock->visibleRegion().isEmpty()) {
                const QString elided = fixtures::elidedText(*plot.chart());
                QVERIFY2(
                    elided.isEmpty(),
                    qPrintable(
                        QStringLiteral("%1: \"%2\" in %3")
                            .arg(dock->windowTitle(), elided,
                                 fixtures::chartTexts(*plot.chart()).join(QStringLiteral(" | ")))));
            }
            if (plot.legendNamesColumns()) {
                const QStringList texts = fixtures::legendTexts(*plot.chart());
                for (QLineSeries* series : plot.dataSeries()) {
                    QVERIFY2(texts.contains(series->name()), qPrintable(series->name()));
                }
                continue;
            }
            qInfo("%s: no room for the legend, the series list shows the colours",
                  qPrintable(dock->windowTitle()));
            QVERIFY(!plot.chart()->legend()->isVisible());
            QTreeWidget* tree = dock->chooser()->findChild<QTreeWidget*>();
            QVERIFY(tree);
            int swatches = 0;
            for (QTreeWidgetItemIterator it(tree); *it; ++it) {
                const QString name = (*it)->toolTip(0);
                if (plot.selectedColumns().contains(name)) {
                    QCOMPARE((*it)->data(0, Qt::DecorationRole).value<QColor>(),
                             plot.columnColour(name));
                    ++swatches;
                }
            }
            QCOMPARE(swatches, plot.selectedColumns().size());
        }

        // the Simulation panel, in Forced mode: no label or field clipped
        RunPanel& panel = *window->runPanel();
        panel.runKindBox()->setFocus();
        QTest::keyClick(panel.runKindBox(), Qt::Key_Down);
        QTest::keyClick(panel.runKindBox(), Qt::Key_Down);
        QCOMPARE(panel.runKind(), RunKind::Forced);
        QApplication::processEvents();
        for (QFormLayout* form : panel.findChildren<QFormLayout*>()) {
            for (int row = 0; row < form->rowCount(); ++row) {
                QLayoutItem* labelItem = form->itemAt(row, QFormLayout::LabelRole);
                QLayoutItem* fieldItem = form->itemAt(row, QFormLayout::FieldRole);
                auto* label = labelItem ? qobject_cast<QLabel*>(labelItem->widget()) : nullptr;
                QWidget* field = fieldItem ? fieldItem->widget() : nullptr;
                if (label && label->isVisible()) {
                    QVERIFY2(textFits(label, label->text(), 0), qPrintable(label->text()));
                }
                if (field && field->isVisible()) {
                    // the whole field within the panel's width: the panel scrolls down only
                    QScrollArea* area = scrollAreaOf(field);
                    QVERIFY(area);
                    QWidget* content = area->widget();
                    const int right = field->mapTo(content, QPoint(field->width(), 0)).x();
                    QVERIFY2(content->width() <= area->viewport()->width() &&
                                 right <= content->width() &&
                                 area->horizontalScrollBar()->value() == 0,
                             qPrintable(QStringLiteral("%1: field to x = %2, panel %3 px")
                                            .arg(label ? label->text() : QString())
                                            .arg(right)
                                            .arg(area->viewport()->width())));
                    QVERIFY2(field->width() >= field->minimumSizeHint().width(),
                             qPrintable(label ? label->text() : QString()));
                }
            }
        }

        // the Edit tab: every tool on screen, none folded behind »
        window->centralTabs()->setCurrentIndex(1);
        QApplication::processEvents();
        if (const QByteArray dir = qgetenv("SSLM_LAYOUT_SCREENSHOT_DIR"); !dir.isEmpty()) {
            window->grab().save(QStringLiteral("%1/layout_edit_%2x%3.png")
                                    .arg(QString::fromLocal8Bit(dir))
                                    .arg(size.width())
                                    .arg(size.height()));
        }
        for (QToolBar* bar : window->editor()->findChildren<QToolBar*>()) {
            for (QAction* action : bar->actions()) {
                if (action->isSeparator()) {
                    continue;
                }
                QWidget* button = bar->widgetForAction(action);
                QVERIFY2(button && button->isVisible(), qPrintable(action->text()));
                QVERIFY2(bar->rect().contains(button->geometry()), qPrintable(action->text()));
            }
        }
    }

    // two runs plotted: the legend names both (the line style tells them apart); each plot,
    // the CPU time's too, reads whole
    // a window asked narrow is as narrow as its contents allow, from its first show (the
    // default dock sizes made it 1027 px whatever was asked)
    void narrowWindowKeepsItsWidth() {
        auto window = fixtures::openWindow("carpet_scraper.json", QSize(700, 600));
        const int least = window->minimumSizeHint().width();
        qInfo("asked 700 px: %d px, least %d px", window->width(), least);
        QVERIFY2(least <= kMaxLeastWidth, qPrintable(QString::number(least)));
        QVERIFY2(window->width() <= kMaxLeastWidth, qPrintable(QString::number(window->width())));
        window->resize(900, 600);
        QTest::qWait(20);
        QCOMPARE(window->width(), 900);
    }

    // dark when the desktop is (its palette), and on the user's choice while open: the plots,
    // the graph's paper, the 3-D view and the style sheet's messages follow; light again after
    void darkThemeFollowsThePalette_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void darkThemeFollowsThePalette() {
        QFETCH(QSize, size);
        const auto shoot = [&size](MainWindow& window, const char* name) {
            if (const QByteArray dir = qgetenv("SSLM_LAYOUT_SCREENSHOT_DIR"); !dir.isEmpty()) {
                window.grab().save(QStringLiteral("%1/layout_%2_%3x%4.png")
                                       .arg(QString::fromLocal8Bit(dir), QLatin1String(name))
                                       .arg(size.width())
                                       .arg(size.height()));
            }
        };
        const auto isDark = [](MainWindow& window) {
            const QImage view = window.mechanismView()->snapshot();
            const int viewLightness = view.pixelColor(view.width() / 2, 2).lightness();
            const int paper = window.graphView()->canvas()->backgroundBrush().color().lightness();
            const bool plotDark =
                window.jointPlotDock()->plot()->chart()->theme() == QChart::ChartThemeDark;
            qInfo("3-D view %d, graph paper %d, plot %s", viewLightness, paper,
                  plotDark ? "dark" : "light");
            return viewLightness < 100 && paper < 100 && plotDark;
        };
        const auto isLight = [](MainWindow& window) {
            const QImage view = window.mechanismView()->snapshot();
            qInfo("light? 3-D view %d, graph paper %d, plot %d",
                  view.pixelColor(view.width() / 2, 2).lightness(),
                  window.graphView()->canvas()->backgroundBrush().color().lightness(),
                  int(window.jointPlotDock()->plot()->chart()->theme()));
            return view.pixelColor(view.width() / 2, 2).lightness() > 200 &&
                   window.graphView()->canvas()->backgroundBrush().color().lightness() > 200 &&
                   window.jointPlotDock()->plot()->chart()->theme() == QChart::ChartThemeLight;
        };

        // the desktop's palette is dark before the window opens (as a dark desktop gives it)
        QApplication::setPalette(darkPalette());
        {
            auto window = fixtures::openWindow("carpet_scraper.json", size);
            fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
            QVERIFY(fixtures::runWithF5(*window));
            QTest::qWait(100);
            QVERIFY(isDarkTheme());
            QVERIFY(isDark(*window));
            QVERIFY(window->styleSheet().contains(infoMessageColours().background.name()));
            shoot(*window, "dark");
            for (PlotDock* dock : {window->jointPlotDock(), window->reactionPlotDock()}) {
                const QString elided = fixtures::elidedText(*dock->plot()->chart());
                QVERIFY2(elided.isEmpty(), qPrintable(elided));
            }
            // the user picks Light while it is open, then the desktop's scheme again
            applyThemeChoice(ThemeChoice::Light);
            QTest::qWait(50);
            QVERIFY(!isDarkTheme());
            QVERIFY(isLight(*window));
            QVERIFY(window->styleSheet().contains(infoMessageColours().background.name()));
            shoot(*window, "light");
            QCOMPARE(savedThemeChoice(), ThemeChoice::Light);
            applyThemeChoice(ThemeChoice::Dark);
            QTest::qWait(50);
            QVERIFY(isDark(*window));
            QCOMPARE(window->jointPlotDock()->plot()->dataSeries().size(), 7); // curves kept
        }
        applyThemeChoice(ThemeChoice::Desktop);
        QCOMPARE(savedThemeChoice(), ThemeChoice::Desktop);
        QVERIFY(!isDarkTheme()); // Xvfb's desktop: Fusion's light palette
    }

    void twoRunsShowALegendNamingBoth_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void twoRunsShowALegendNamingBoth() {
        QFETCH(QSize, size);
        auto window = fixtures::openWindow("carpet_scraper.json", size);
        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.3);
        const auto first = fixtures::runWithF5(*window);
        QVERIFY(first && first->summary()->ok);
        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
        const auto second = fixtures::runWithF5(*window);
        QVERIFY(second && second->summary()->ok && second != first);
        QTest::qWait(100);
        PlotWidget& plot = *window->jointPlotDock()->plot();
        if (const QByteArray dir = qgetenv("SSLM_LAYOUT_SCREENSHOT_DIR"); !dir.isEmpty()) {
            window->grab().save(QStringLiteral("%1/layout_two_runs_joints_%2x%3.png")
                                    .arg(QString::fromLocal8Bit(dir))
                                    .arg(size.width())
                                    .arg(size.height()));
        }
        QVERIFY(plot.isLegendShown());
        const QStringList labels = plot.legendLabels();
        qInfo() << "legend:" << labels;
        // the columns too, or the series list beside the plot shows their colours
        QCOMPARE(labels.size(),
                 (plot.legendNamesColumns() ? plot.selectedColumns().size() : 0) + 2);
        QVERIFY2(labels.contains(first->name()) ||
                     labels.contains(first->name().section(QStringLiteral(" · "), 0, 0)),
                 qPrintable(labels.join(QStringLiteral(", "))));
        QVERIFY2(labels.contains(second->name()) ||
                     labels.contains(second->name().section(QStringLiteral(" · "), 0, 0)),
                 qPrintable(labels.join(QStringLiteral(", "))));
        for (const QString& label : labels) {
            QVERIFY2(fixtures::legendTexts(*plot.chart()).contains(label),
                     qPrintable(label + QStringLiteral(" not in ") +
                                fixtures::legendTexts(*plot.chart()).join(QStringLiteral(" | "))));
        }
        window->cpuPlotDock()->raise();
        QTest::qWait(100);
        if (const QByteArray dir = qgetenv("SSLM_LAYOUT_SCREENSHOT_DIR"); !dir.isEmpty()) {
            window->grab().save(QStringLiteral("%1/layout_two_runs_%2x%3.png")
                                    .arg(QString::fromLocal8Bit(dir))
                                    .arg(size.width())
                                    .arg(size.height()));
        }
        for (PlotDock* dock :
             {window->jointPlotDock(), window->reactionPlotDock(), window->cpuPlotDock()}) {
            if (dock->visibleRegion().isEmpty()) {
                continue; // a tab behind another
            }
            const QString elided = fixtures::elidedText(*dock->plot()->chart());
            QVERIFY2(elided.isEmpty(),
                     qPrintable(QStringLiteral("%1: %2").arg(dock->windowTitle(), elided)));
        }
        QVERIFY(!window->cpuPlotDock()->visibleRegion().isEmpty());
        QCOMPARE(window->cpuPlotDock()->plot()->dataSeries().size(), 4); // λ solve and RHS, twice
    }
};

SSLM_WINDOW_TEST_MAIN(TstWindowLayout, "tst_window_layout")
} // namespace tst_window_layout

#include "tst_window_layout.moc"
