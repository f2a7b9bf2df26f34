// SPDX-License-Identifier: MIT
#include "ui/plots/plot_dock.hpp"

#include <algorithm>

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QSplitter>
#include <QToolBar>
#include <QVBoxLayout>

#include "ui/export/export_folder.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/plots/series_chooser.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/style/resources.hpp"

namespace sslm::ui {

PlotDock::PlotDock(const QString& title, QWidget* parent) : QDockWidget(title, parent) {
    setObjectName(QStringLiteral("PlotDock.") + title);
    auto* content = new QWidget(this);
    m_plot = new PlotWidget;
    m_chooser = new SeriesChooser;
    m_splitter = new QSplitter(Qt::Horizontal);
    m_splitter->addWidget(m_chooser);
    m_splitter->addWidget(m_plot);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({220, 640});

    m_toolBar = new QToolBar;
    m_toolBar->setIconSize(QSize(16, 16));
    QAction* chooserAction =
        m_toolBar->addAction(actionIcon(QStringLiteral("plot-series")), QStringLiteral("Series"));
    chooserAction->setCheckable(true);
    chooserAction->setChecked(true);
    chooserAction->setToolTip(QStringLiteral("Show or hide the series list"));
    connect(chooserAction, &QAction::toggled, m_chooser, &QWidget::setVisible);
    m_plot->resetZoomAction()->setIcon(actionIcon(QStringLiteral("zoom-reset")));
    m_toolBar->addAction(m_plot->resetZoomAction());
    QAction* exportAction = m_toolBar->addAction(actionIcon(QStringLiteral("document-export")),
                                                 QStringLiteral("Export…"));
    exportAction->setToolTip(QStringLiteral("Save the plot as PNG or SVG"));
    connect(exportAction, &QAction::triggered, this, &PlotDock::exportWithDialog);

    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_splitter);
    setWidget(content);

    connect(m_chooser, &SeriesChooser::selectionChanged, m_plot, &PlotWidget::setSelectedColumns);
    // a plot too narrow for its legend: the series list names the curves' colours
    connect(m_plot, &PlotWidget::legendChanged, this, [this] {
        QHash<QString, QColor> colours;
        if (!m_plot->legendNamesColumns()) {
            for (const QString& name : m_plot->selectedColumns()) {
                colours.insert(name, m_plot->columnColour(name));
            }
        }
        m_chooser->setColumnColours(colours);
    });
}

void PlotDock::addRun(std::shared_ptr<const SimulationRun> run) {
    if (!run) {
        return;
    }
    m_runs.push_back(run);
    m_plot->addRun(std::move(run));
    updateChooserColumns();
    if (m_chooser->selectedColumns().isEmpty()) {
        QStringList preferred;
        QStringList coordinates;
        for (const SampleColumn& column : m_runs.back()->layout().columns()) {
            if (m_preferred.contains(column.name)) {
                preferred.append(column.name);
            }
            if (column.family == SeriesFamily::Position) {
                coordinates.append(column.name);
            }
        }
        m_chooser->setSelectedColumns(preferred.isEmpty() ? coordinates : preferred);
    }
}

void PlotDock::removeRun(int runId) {
    m_runs.erase(std::remove_if(m_runs.begin(), m_runs.end(),
                                [runId](const auto& run) { return run->id() == runId; }),
                 m_runs.end());
    m_plot->removeRun(runId);
    updateChooserColumns();
}

void PlotDock::follow(SimulationController* controller) {
    // pulled at the controller's reports, whose pace adapts to the drawing cost, so that the
    // plots, the pose and the progress are drawn in one frame
    m_plot->setRefreshDrivenByOwner(true);
    connect(controller, &SimulationController::samplesAvailable, m_plot, &PlotWidget::refresh);
    connect(controller, &SimulationController::finished, m_plot, &PlotWidget::refresh);
    connect(controller, &SimulationController::started, this,
            [this, controller] { addRun(controller->currentRun()); });
    connect(controller->history(), &RunHistory::runRemoved, this, &PlotDock::removeRun);
    connect(controller->history(), &RunHistory::runShownChanged, this,
            [this, history = controller->history()](int runId, bool shown) {
                if (!shown) {
                    removeRun(runId);
                } else if (const std::shared_ptr<SimulationRun> run = history->find(runId)) {
                    addRun(run);
                }
            });
}

QString PlotDock::exportBaseName() const {
    const QStringList& families = m_plot->plottedFamilies();
    const QString shown = families.size() == 1 ? families.front() : windowTitle();
    // letters and digits of the Latin alphabet, runs of anything else one '_'
    QString base;
    for (const QChar c : shown.toLower()) {
        if ((c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
            (c >= QLatin1Char('0') && c <= QLatin1Char('9'))) {
            base += c;
        } else if (!base.isEmpty() && !base.endsWith(QLatin1Char('_'))) {
            base += QLatin1Char('_');
        }
    }
    while (base.endsWith(QLatin1Char('_'))) {
        base.chop(1);
    }
    // a family's symbol ("Joint coordinates q", "Joint rates q̇") is not part of the name
    if (const qsizetype last = base.lastIndexOf(QLatin1Char('_'));
        last > 0 && last == base.size() - 2) {
        base.chop(2);
    }
    return base.isEmpty() ? QStringLiteral("plot") : base;
}

bool PlotDock::exportWithDialog() {
    QString filter;
    const QString base = exportBaseName();
    const QString path = QFileDialog::getSaveFileName(
        this, QStringLiteral("Export plot"),
        QDir(exportFolder()).filePath(base + QStringLiteral(".png")),
        QStringLiteral("PNG image (*.png);;SVG drawing (*.svg)"), &filter);
    if (path.isEmpty()) {
        return false;
    }
    rememberExportFolder(path);
    const bool svg = path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive) ||
                     (!path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) &&
                      filter.contains(QStringLiteral("svg")));
    const bool ok = svg ? m_plot->exportSvg(path) : m_plot->exportPng(path);
    if (!ok) {
        QMessageBox::warning(this, QStringLiteral("Export plot"),
                             QStringLiteral("Could not write %1.").arg(path));
    }
    return ok;
}

void PlotDock::updateChooserColumns() {
    std::vector<SampleColumn> columns;
    for (const auto& run : m_runs) {
        columns.insert(columns.end(), run->layout().columns().begin(),
                       run->layout().columns().end());
    }
    m_chooser->setColumns(columns);
}

} // namespace sslm::ui
