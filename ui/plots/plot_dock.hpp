// SPDX-License-Identifier: MIT
#pragma once

// A dockable plot: a PlotWidget with its SeriesChooser beside it and a small tool bar (reset
// zoom, show/hide the chooser, export PNG or SVG). The main window can open several. follow()
// adds every run the controller starts and drops the runs its history drops.

#include <memory>
#include <vector>

#include <QDockWidget>

#include "ui/sim/simulation_run.hpp"

class QSplitter;
class QToolBar;

namespace sslm::ui {

class PlotWidget;
class SeriesChooser;
class SimulationController;

class PlotDock : public QDockWidget {
    Q_OBJECT

public:
    explicit PlotDock(const QString& title, QWidget* parent = nullptr);

    PlotWidget* plot() const { return m_plot; }
    SeriesChooser* chooser() const { return m_chooser; }

    /// Plots `run` too and lists its columns in the chooser. With nothing chosen yet, the
    /// preferred columns the run has are chosen, else the joint coordinates.
    void addRun(std::shared_ptr<const SimulationRun> run);
    /// The columns to choose when the first run comes (a layout restored from the settings).
    void setPreferredColumns(const QStringList& names) { m_preferred = names; }
    void removeRun(int runId);

    /// Shows the runs `controller` starts from now on.
    void follow(SimulationController* controller);

    /// Asks for a file name and exports the plot; false if cancelled or failed.
    bool exportWithDialog();
    /// The export's file name without folder or extension: what the plot shows when it is one
    /// family ("actuator_forces" for τ), else the dock's title ("joint_coordinates").
    QString exportBaseName() const;

private:
    void updateChooserColumns();

    PlotWidget* m_plot = nullptr;
    SeriesChooser* m_chooser = nullptr;
    QSplitter* m_splitter = nullptr;
    QToolBar* m_toolBar = nullptr;
    std::vector<std::shared_ptr<const SimulationRun>> m_runs;
    QStringList m_preferred;
};

} // namespace sslm::ui
