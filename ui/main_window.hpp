// SPDX-License-Identifier: MIT
#pragma once

// The SSLM Studio main window: the 3-D view and the 2-D editor in the centre; the run panel and
// the runs (left); the loops and cuts, Check, History, Properties, Forces, Balance and Statics
// docks (right); the plot docks and the playback timeline (bottom); drag and drop of mechanism
// files.
//
// The menus are small objects in ui/actions/, each owning its actions and asking the window
// through a narrow interface that MainWindow implements with its public API: File
// (file_actions, with File ▸ Export in export_actions), Edit (edit_actions), View
// (view_actions), Simulation (simulation_actions); Help is ui/help/help_menu. The window itself:
//   main_window.cpp               construction, the menus composed, openFile, the screenshot,
//                                 closing, drag and drop
//   main_window_docks.cpp         the docks, the playback bar, the dock toggles, the status
//                                 bar's progress and "Compiling…"
//   main_window_document.cpp      the document: each edit compiled off the GUI thread
//                                 (ui/document/document_compiler) and shown, New, Save, Save As,
//                                 the unsaved-changes prompt, recovery
//   main_window_simulation.cpp    runs, playback, undoable cut changes, and what the CSV,
//                                 Python, PNG and animation exports write
//   main_window_import.cpp        importFile: another tool's model read in the background
//   main_window_model_export.cpp  exportModel: the mechanism written for another tool

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QMainWindow>
#include <QString>

#include "core/interop/model_format.hpp"
#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"
#include "ui/actions/edit_actions.hpp"
#include "ui/actions/export_actions.hpp"
#include "ui/actions/file_actions.hpp"
#include "ui/actions/simulation_actions.hpp"
#include "ui/actions/view_actions.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/document/mechanism_loader.hpp"
#include "ui/sim/run_kind.hpp"
#include "ui/viewport/standard_view.hpp"

class QMenu;
class QAction;
class QDockWidget;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTimer;
class QUndoStack;

namespace sslm {
struct SimulationSummary;
}

namespace sslm::ui {

class InputAnglePlot;
class BalancePanel;
class CheckPanel;
class DocumentCompiler;
class EditorWidget;
class ForceElementsPanel;
class StaticsPanel;
class PropertiesPanel;
class MechanismDocument;
class MechanismGraphView;
class MechanismView;
class PlaybackBar;
class PlotDock;
class RunList;
class RunPanel;
class SimulationController;
class SimulationRun;

class MainWindow : public QMainWindow,
                   public FileCommands,
                   public ExportCommands,
                   public EditCommands,
                   public ViewCommands,
                   public SimulationCommands {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads a mechanism file and shows its assembled pose. On failure the previous mechanism
    /// stays; the reason goes to `error` when given, else to an error dialog.
    bool openFile(const QString& path, QString* error = nullptr) override;

    /// Imports another tool's model file (URDF with loop closures, SDFormat, MJCF; see
    /// core/interop) in the background as a new, unsaved document and shows what was mapped,
    /// approximated and dropped. A malformed file changes nothing: the reason (file, line, element,
    /// fix) goes to `error` when given, else to an error dialog; with `error` given no dialog is
    /// shown.
    bool importFile(const QString& path, QString* error = nullptr) override;
    /// The last import's report as `sslm import` prints it; empty before one.
    const QString& lastImportReport() const { return m_lastImportReport; }
    /// Whether openFile imports `path` (its extension is another tool's model format).
    static bool isImportable(const QString& path);
    /// Writes the mechanism as edited, with its current cut joints, in another tool's format
    /// chosen by the extension of `path` (.urdf: URDF with URDF+ loops; .sdf, .world:
    /// SDFormat; .xml, .mjcf: MJCF), atomically, mesh files relative to the file's folder
    /// (core/interop/mechanism_export.hpp). The mechanism is unchanged. On failure nothing is
    /// written and the reason (naming the element and the fix) goes to `error` when given, else
    /// to a dialog; on success without `error` the report dialog is shown.
    bool exportModel(const QString& path, QString* error = nullptr) override;
    /// The last model export's report as `sslm export` prints it; empty before one.
    const QString& lastExportReport() const { return m_lastExportReport; }
    /// The export format of a file name by its extension (modelFormatOf), none if unknown.
    static std::optional<ModelFormat> exportFormatOf(const QString& path);

    /// Opens `file`, shows the window at `size` (logical pixels), renders the assembled pose
    /// and writes the whole window to `png`. False with the reason in `error` on failure; load
    /// warnings are put in `error` too.
    bool writeScreenshot(const QString& file,
                         const QString& png,
                         const QSize& size,
                         QString* error,
                         StandardView view = StandardView::Iso);

    /// The mechanism on screen (null before the first successful load).
    std::shared_ptr<const sslm::Model> currentModel() const;
    /// The loaded mechanism with its initial state; empty before the first successful load.
    const std::optional<LoadedMechanism>& currentMechanism() const override { return m_current; }
    MechanismView* mechanismView() const override { return m_view; }
    /// Above the 3-D view while the edited drawing does not compile: what the view shows
    /// instead (the last mechanism that compiled, or nothing) and where to fix it.
    QLabel* staleBanner() const { return m_staleBanner; }
    /// The Edit tab (2-D editor of the document) and the tabs of the centre.
    EditorWidget* editor() const { return m_editor; }
    QTabWidget* centralTabs() const override { return m_centralTabs; }
    /// The View menu, for docks to add their toggle actions.
    QMenu* viewMenu() const { return m_viewActions->menu(); }

    RunPanel* runPanel() const override { return m_runPanel; }
    RunList* runList() const { return m_runList; }
    MechanismGraphView* graphView() const { return m_graph; }
    QDockWidget* graphDock() const { return m_graphDock; }
    /// Live validation of the document.
    CheckPanel* checkPanel() const { return m_checkPanel; }
    QDockWidget* checkDock() const { return m_checkDock; }
    /// The Properties dock: the editor's selection, or a spatial mechanism's bodies and joints.
    PropertiesPanel* properties() const { return m_properties; }
    QDockWidget* propertiesDock() const { return m_propertiesDock; }
    /// The undo history (QUndoView of undoStack()).
    QDockWidget* historyDock() const { return m_historyDock; }
    PlotDock* jointPlotDock() const { return m_jointPlot; }
    PlotDock* reactionPlotDock() const { return m_reactionPlot; }
    PlotDock* cpuPlotDock() const { return m_cpuPlot; }
    /// Driving torque against input angle of the playback run.
    InputAnglePlot* torqueAnglePlot() const { return m_torqueAngle; }
    QDockWidget* torqueAngleDock() const { return m_torqueAngleDock; }
    /// The Balance dock: shaking over a cycle and counterweights that reduce it (issue 16).
    BalancePanel* balancePanel() const { return m_balancePanel; }
    ForceElementsPanel* forcesPanel() const { return m_forces; }
    QDockWidget* forcesDock() const { return m_forcesDock; }
    QDockWidget* balanceDock() const override { return m_balanceDock; }
    /// The Statics dock: rest pose, vibration modes and holding effort (issue 37).
    StaticsPanel* staticsPanel() const { return m_staticsPanel; }
    QDockWidget* staticsDock() const override { return m_staticsDock; }
    /// Simulation ▸ Next Assembly Mode: the mechanism's next assembly at its inputs in the view,
    /// and the initial state runs start from (its dependent rates follow the inputs' rates).
    void nextAssemblyMode() override;
    /// The assembly modes of the mechanism on screen at its inputs (listed on the first Next
    /// Assembly Mode) and the one shown, 0-based.
    const std::vector<Eigen::VectorXd>& assemblyModes() const { return m_assemblyModes; }
    int assemblyMode() const { return m_assemblyMode; }
    SimulationActions* simulationActions() const { return m_simulationActions; }
    PlaybackBar* playbackBar() const override { return m_playback; }
    SimulationController* controller() const override { return m_controller; }
    QUndoStack* undoStack() const override { return m_undoStack; }
    /// File ▸ Export ▸ Animation…, for the video exporter (ui/export/).
    QAction* exportAnimationAction() const { return m_exportActions->animationAction(); }

    /// Starts a run of the current model with the run panel's kind and settings; false (reason
    /// in the panel and the status bar) when there is no model, the settings are invalid, or the
    /// actuated joints cannot prescribe the motion of an inverse or forced run.
    bool startSimulation();
    /// Makes the run the one the timeline scrubs, the 3-D view shows and the exports write
    /// (its last sample is shown); false if there is no such run.
    bool playBackRun(int runId);
    /// Writes the playback run's samples (else the last run's) with the CLI's columns.
    bool exportSamplesCsv(const QString& path, QString* error = nullptr) override;
    /// Writes a script for the Python module that reproduces the mechanism (as edited, with its
    /// cuts) and the run panel's settings (python_script.hpp); false with the reason on failure.
    bool exportPythonScript(const QString& path, QString* error = nullptr) override;
    /// A new plot dock (View ▸ New Plot), tabbed with the λ plot, showing the runs kept.
    PlotDock* addPlotDock() override;
    /// Writes the 3-D view as a PNG.
    bool exportViewPng(const QString& path) override;

    // the document (main_window_document.cpp)
    MechanismDocument* document() const override { return m_document; }
    /// An edit of the document is being compiled off the GUI thread: the mechanism on screen
    /// is the one before it (Start waits); documentCompiled() follows.
    bool isCompiling() const;
    /// Adds `part` to the drawing as one undoable edit, 0.15 m to the right of what is drawn,
    /// and shows the Edit tab; false (reason in `error` and the status bar) if it cannot be.
    bool insertIntoDrawing(const MechanismSpec& part, QString* error = nullptr) override;
    /// Saves to the document's file (Save As when it has none); false if cancelled or failed
    /// (reason in `error`, else in a message box).
    bool save(QString* error = nullptr) override;
    /// Saves to `path` and makes it the window's file.
    bool saveAs(const QString& path, QString* error = nullptr) override;
    /// With unsaved changes, asks whether to save them first; false when the user cancels (or
    /// the save fails), so that the caller keeps the document.
    bool confirmDiscardChanges() override;
    /// Offers to restore the copies a crashed session left (a dialog per copy); returns the
    /// number restored (the last one is shown).
    int offerRecovery();
    /// A new, untitled document holding `spec` (a template, or a drawing to finish in the Edit
    /// tab). One that does not compile yet is shown in the editor and the Check panel only
    /// (`error` receives why); simulation waits until it compiles.
    bool newDocument(const MechanismSpec& spec, QString* error = nullptr) override;
    /// Shows a recovery copy as the current, unsaved document; false (reason set) if unreadable.
    bool restoreRecovery(const RecoveryEntry& entry, QString* error = nullptr);

    /// Folder of the bundled examples: next to the executable when installed
    /// (../share/sslm-studio/examples), else the source tree's; empty if neither exists.
    static QString examplesDirectory();

Q_SIGNALS:
    /// A mechanism was loaded (or reloaded) and is on screen.
    void mechanismLoaded(const sslm::ui::LoadedMechanism& mechanism);
    /// The edited document's compile ended and its outcome is on screen: the mechanism, or
    /// the banner saying why it does not compile.
    void documentCompiled();

public Q_SLOTS:
    /// The video/GIF export; filled in by ui/export/.
    void exportAnimation() override;

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// An inverse or forced run: the actuated coordinates turn at their initial rates.
    bool startPrescribedRun(RunKind kind, const SimulationSettings& settings);
    /// The plots' series for a run of its kind: q; τ and joint reactions; deviations. With
    /// `replace` false, only added to a plot where none of them is chosen (other cuts).
    void showDefaultSeries(const SimulationRun& run, bool replace);
    /// The File (with Export), Edit, View and Simulation menus, in that order.
    void createMenus();
    /// Makes `mechanism` (compiled from the document) the one on screen; the runs stay. An
    /// `edited` one is the same document changed: the run settings on the form stay too.
    void showMechanism(LoadedMechanism mechanism, bool edited = false);
    /// The Balance panel's result: the bodies' counterweights of `balanced` into the document,
    /// as one undoable edit named `text`.
    void applyCounterweights(const MechanismSpec& balanced, const QString& text);
    /// The Statics panel's Run Mode: a forward run from `q0` at rest over four periods of
    /// `period` (s), named `name`.
    void runMode(const Eigen::VectorXd& q0, double period, const QString& name);
    /// The coordinates an inverse or forced run drives: the actuated ones, or without an
    /// actuator the file's independent ones (`inputs` true); a reason in `problem` when none.
    std::vector<int> prescribedCoordinates(std::string& problem, bool& inputs) const;
    /// Offers the 2-D Edit tab for a planar description; a spatial one gets the 3-D view, and
    /// the tab says why it is not offered.
    void updateEditTab(const MechanismSpec& spec);
    /// Makes `spec`, which does not compile (for `reason`), the document: the Edit tab shows it
    /// to be finished; nothing is simulated and the 3-D view is empty under its banner.
    void showUnfinished(const MechanismSpec& spec,
                        const QString& path,
                        bool modified,
                        const QString& reason);
    /// Shows the banner over the 3-D view: the drawing does not compile, for `reason`.
    void showStaleBanner(const QString& reason);
    /// Title "name[*] — SSLM Studio" for the document's file (or "Untitled").
    void updateWindowTitle();
    /// The document's spec changed: unless what is shown is its outcome already, compile it
    /// off the GUI thread (a compile still running for an earlier spec is superseded).
    void onDocumentChanged();
    /// The compile of the document as it is now: shows the mechanism, or the stale banner.
    void onDocumentCompiled(const LoadOutcome& outcome);
    /// The document is the one on screen: it compiled, and no edit of it is being compiled.
    bool documentShownCompiles() const;
    /// The status bar's "Compiling…" (after a moment, so a quick compile does not flicker)
    /// and Start disabled while an edit compiles.
    void showCompiling(bool busy);
    void connectDocument();
    /// Keeps the document's cut list equal to the graph view's choice (saved with it).
    void adoptCutsIntoDocument(const Model& model);

    // main_window_docks.cpp
    void createDocks();
    /// The right-hand docks: loops and cuts, Check, History, Properties, Forces, Balance,
    /// Statics.
    void createSideDocks();
    /// The bottom docks: the joint, reaction and CPU plots, torque against angle.
    void createPlotDocks();
    /// Dock sizes for a window without a saved layout, once it has its size.
    void applyDefaultDockSizes();
    /// View ▸ New Plot and the docks' toggles.
    void addDockToggles();
    void createStatusWidgets();

    // main_window_simulation.cpp
    void connectSimulation();
    void onRunStarted();
    void onProgress(double t, double tEnd, double realTimeFactor);
    void onRunFinished(const sslm::SimulationSummary& summary);
    void updateRunActions();
    /// Shows sample `index` of the playback run: pose, traces, reactions, time cursors.
    void showSample(int index);
    void onCutsChanged(const std::vector<std::string>& cuts,
                       std::shared_ptr<const sslm::Model> model);
    /// Makes `model` (recompiled with other cuts) the current one: assembles its initial state
    /// and shows it; the next run uses it.
    void adoptModel(std::shared_ptr<const sslm::Model> model);
    /// Stops a run still going and waits for it to end.
    void stopRun();

    MechanismView* m_view = nullptr;
    QLabel* m_staleBanner = nullptr;
    QString m_lastImportReport;
    QString m_lastExportReport;
    std::optional<LoadedMechanism> m_current;

    RunPanel* m_runPanel = nullptr;
    QDockWidget* m_runsDock = nullptr;
    RunList* m_runList = nullptr;
    QDockWidget* m_graphDock = nullptr;
    MechanismGraphView* m_graph = nullptr;
    PlotDock* m_jointPlot = nullptr;
    PlotDock* m_reactionPlot = nullptr;
    PlotDock* m_cpuPlot = nullptr;
    InputAnglePlot* m_torqueAngle = nullptr;
    QDockWidget* m_torqueAngleDock = nullptr;
    BalancePanel* m_balancePanel = nullptr;
    QDockWidget* m_balanceDock = nullptr;
    QDockWidget* m_forcesDock = nullptr;
    ForceElementsPanel* m_forces = nullptr;
    StaticsPanel* m_staticsPanel = nullptr;
    std::vector<Eigen::VectorXd> m_assemblyModes; ///< of m_assemblyModesOf at its inputs
    std::shared_ptr<const Model> m_assemblyModesOf;
    int m_assemblyMode = 0;
    QDockWidget* m_staticsDock = nullptr;
    RunKind m_lastRunKind = RunKind::Forward; ///< the plots' series were chosen for this kind
    PlaybackBar* m_playback = nullptr;
    SimulationController* m_controller = nullptr;
    QUndoStack* m_undoStack = nullptr;
    MechanismDocument* m_document = nullptr;
    CheckPanel* m_checkPanel = nullptr;
    EditorWidget* m_editor = nullptr;
    QTabWidget* m_centralTabs = nullptr;
    bool m_documentCompiles = true; ///< false while an edit leaves the document uncompilable
    /// The description whose outcome is on screen: the mechanism shown when it compiled, else
    /// the drawing under the stale banner. A document equal to it needs no compile, so what
    /// the window itself puts in the document (a file opened, a cut change) is not compiled
    /// again.
    MechanismSpec m_shownSpec;
    DocumentCompiler* m_compiler = nullptr; ///< the edits' compiles, off the GUI thread
    QLabel* m_compilingLabel = nullptr;     ///< "Compiling…" in the status bar
    QTimer* m_compilingDelay = nullptr;     ///< shows it when a compile takes a while
    QDockWidget* m_checkDock = nullptr;
    QDockWidget* m_historyDock = nullptr;
    PropertiesPanel* m_properties = nullptr;
    QDockWidget* m_propertiesDock = nullptr;
    QProgressBar* m_progressBar = nullptr;
    QLabel* m_progressLabel = nullptr;
    FileActions* m_fileActions = nullptr;             ///< the File menu
    EditActions* m_editActions = nullptr;             ///< the Edit menu
    ViewActions* m_viewActions = nullptr;             ///< the View menu
    SimulationActions* m_simulationActions = nullptr; ///< the Simulation menu
    ExportActions* m_exportActions = nullptr;         ///< File ▸ Export
    bool m_dockSizesPending = true;      ///< no saved layout: size the docks on the first show
    std::vector<PlotDock*> m_extraPlots; ///< plot docks added from View ▸ New Plot
    int m_shownSample = -1; ///< sample of the playback run on screen, -1 for the initial pose
    bool m_reactionDefaultsPending = true; ///< the λ plot picks |λ| columns on the next run
};

} // namespace sslm::ui
