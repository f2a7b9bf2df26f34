// SPDX-License-Identifier: MIT
#include "ui/main_window.hpp"

#include <QAction>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QWindow>

#include "ui/actions/edit_actions.hpp"
#include "ui/actions/export_actions.hpp"
#include "ui/actions/file_actions.hpp"
#include "ui/actions/simulation_actions.hpp"
#include "ui/actions/view_actions.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/help/help_menu.hpp"
#include "ui/input/field_undo_router.hpp"
#include "ui/input/wheel_guard.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/plots/series_chooser.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/style/resources.hpp"
#include "ui/style/style_sheet.hpp"
#include "ui/style/theme.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace sslm::ui {

namespace {

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
/// The View ▸ New Plot docks open at the close, as the columns each showed (the joint and
/// reaction plots choose theirs for each mechanism).
const QString kExtraPlotsKey = QStringLiteral("mainWindow/extraPlotColumns");
/// The docks' layout: 3 added Torque vs angle, 4 the Check panel, 5 the History, 7 more room
/// for the graph and the Runs list; older layouts are ignored.
constexpr int kStateVersion = 8;

QString firstJsonFile(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) {
        return {};
    }
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() &&
            url.toLocalFile().endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
            return url.toLocalFile();
        }
    }
    return {};
}

QString modelSummary(const LoadedMechanism& m) {
    const sslm::Model& model = *m.model;
    QStringList cuts;
    for (const int j : model.cuts) {
        cuts << QString::fromStdString(model.joints[j].name);
    }
    return QStringLiteral("%1 bodies · %2 loops · cut %3 · %4 subsystems · %5 coordinates · "
                          "assembly |Φ| = %6")
        .arg(model.bodies.size() - 1)
        .arg(model.nLoops())
        .arg(cuts.isEmpty() ? QStringLiteral("none") : cuts.join(QStringLiteral(", ")))
        .arg(model.subsystems.size())
        .arg(model.nv())
        .arg(m.assembly.residual, 0, 'g', 2);
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_view(new MechanismView(this)) {
    WheelGuard::installOnApplication(); // before any box is shown (polished)
    FieldUndoRouter::installOnApplication();
    setWindowTitle(QStringLiteral("SSLM Studio"));
    setWindowIcon(applicationIcon());
    setStyleSheet(studioStyleSheet());
    // light or dark: the style sheet's colours follow (the widgets repaint themselves)
    connect(ThemeWatcher::instance(), &ThemeWatcher::themeChanged, this,
            [this] { setStyleSheet(studioStyleSheet()); });
    // the centre: the 3-D view, and the 2-D editor of the same document
    m_centralTabs = new QTabWidget(this);
    m_centralTabs->setDocumentMode(true);
    // the 3-D view, under a banner that says when it is not showing the edited drawing
    m_staleBanner = new QLabel;
    m_staleBanner->setWordWrap(true);
    m_staleBanner->setTextFormat(Qt::RichText);
    setStyleRole(m_staleBanner, StyleRole::WarningBanner);
    m_staleBanner->hide();
    connect(m_staleBanner, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link == QLatin1String("properties")) {
            m_propertiesDock->show();
            m_propertiesDock->raise();
        } else {
            m_centralTabs->setCurrentIndex(1);
        }
    });
    auto* viewPage = new QWidget;
    auto* viewLayout = new QVBoxLayout(viewPage);
    viewLayout->setContentsMargins(0, 0, 0, 0);
    viewLayout->setSpacing(0);
    viewLayout->addWidget(m_staleBanner);
    viewLayout->addWidget(m_view, 1);
    m_centralTabs->addTab(viewPage, tr("3-D View"));
    m_editor = new EditorWidget;
    m_centralTabs->addTab(m_editor, tr("Edit"));
    m_centralTabs->setTabToolTip(1, tr("Draw and edit the mechanism in 2-D: pivots, links, "
                                       "points; every edit can be undone (Ctrl+Z)"));
    setCentralWidget(m_centralTabs);
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    createDocks();
    createMenus();
    addHelpMenu(this);
    addDockToggles();
    createStatusWidgets();
    connectSimulation();
    connectDocument();
    m_editor->setDocument(m_document);
    connect(m_editor, &EditorWidget::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    statusBar()->showMessage(tr("Open a mechanism (Ctrl+O) or pick one from File ▸ Examples"));
    resize(1480, 920);
    const QSettings settings;
    // the plot docks of the last session, with their columns, before their places are restored
    for (const QVariant& columns : settings.value(kExtraPlotsKey).toList()) {
        addPlotDock()->setPreferredColumns(columns.toStringList());
    }
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    m_dockSizesPending = !restoreState(settings.value(kStateKey).toByteArray(), kStateVersion);
    for (PlotDock* dock : m_extraPlots) {
        dock->show(); // open at the close (a dock of that name may have been closed before)
    }
}

MainWindow::~MainWindow() = default;

std::shared_ptr<const sslm::Model> MainWindow::currentModel() const {
    return m_current ? m_current->model : nullptr;
}

QString MainWindow::examplesDirectory() {
    return FileActions::examplesDirectory();
}

bool MainWindow::openFile(const QString& path, QString* error) {
    if (isImportable(path)) {
        return importFile(path, error);
    }
    // interactive opens ask about unsaved changes first; scripted ones (error given) do not
    if (error == nullptr && !confirmDiscardChanges()) {
        return false;
    }
    LoadOutcome outcome = loadMechanism(path);
    const QString name = QFileInfo(path).fileName();
    if (!outcome.mechanism && outcome.unfinished) {
        // read, but it does not compile: a drawing to finish in the Edit tab
        showUnfinished(*outcome.unfinished, QFileInfo(path).absoluteFilePath(),
                       /*modified=*/false, outcome.error);
        m_centralTabs->setCurrentIndex(1);
        FileActions::rememberFile(m_document->path());
        const QString message =
            tr("%1 does not compile yet: it is open in the Edit tab to be finished; the Check "
               "panel says what is missing.")
                .arg(name);
        statusBar()->showMessage(message);
        if (error) {
            *error = message + QStringLiteral("\n\n") + outcome.error;
        }
        return true;
    }
    if (!outcome.mechanism) {
        const QString message = tr("%1 could not be opened.\n\n%2").arg(name, outcome.error);
        if (error) {
            *error = message;
        } else {
            const QString kept =
                m_current ? tr("%1 could not be opened; %2 is still shown.")
                                .arg(name, QString::fromStdString(m_current->model->spec.name))
                : m_document->spec().bodies.empty() && m_document->spec().ground.points.empty()
                    ? tr("%1 could not be opened.").arg(name)
                    : tr("%1 could not be opened; the drawing in the Edit tab is kept.").arg(name);
            QMessageBox box(QMessageBox::Critical, tr("Cannot open %1").arg(name), kept,
                            QMessageBox::Ok, this);
            box.setInformativeText(outcome.error);
            box.exec();
        }
        return false;
    }

    showMechanism(std::move(*outcome.mechanism)); // stops the previous mechanism's run
    m_document->reset(m_current->model->spec, m_current->path); // clears the undo history
    m_reactionDefaultsPending = true;
    updateWindowTitle();
    statusBar()->showMessage(modelSummary(*m_current));
    FileActions::rememberFile(m_current->path);
    if (!m_current->warnings.isEmpty()) {
        if (error) {
            *error = m_current->warnings;
        } else {
            QMessageBox::warning(this, tr("Warnings for %1").arg(name), m_current->warnings);
        }
    }
    return true;
}

bool MainWindow::writeScreenshot(
    const QString& file, const QString& png, const QSize& size, QString* error, StandardView view) {
    QString message;
    const bool loaded = openFile(file, &message);
    if (error) {
        *error = message;
    }
    if (!loaded) {
        return false;
    }
    setWindowState(Qt::WindowNoState);
    resize(size);
    show();
    // wait until the window is on screen and laid out, then fit the view to its final size
    QElapsedTimer clock;
    clock.start();
    while ((!windowHandle() || !windowHandle()->isExposed()) && clock.elapsed() < 10000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    QCoreApplication::processEvents();
    m_view->setStandardView(view); // fits; a planar mechanism keeps its top view
    const QImage image = grab().toImage();
    if (image.isNull() || !image.save(png, "PNG")) {
        if (error) {
            *error = tr("Could not write the screenshot %1").arg(png);
        }
        return false;
    }
    return true;
}

void MainWindow::createMenus() {
    m_exportActions = new ExportActions(this, *this);
    m_fileActions = new FileActions(this, *this, *m_exportActions);
    m_editActions = new EditActions(this, *this);
    m_viewActions = new ViewActions(this, *this);
    m_simulationActions = new SimulationActions(this, *this);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!confirmDiscardChanges()) {
        event->ignore();
        return;
    }
    stopRun();
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kStateVersion));
    QVariantList plots;
    for (PlotDock* dock : m_extraPlots) {
        if (dock->toggleViewAction()->isChecked()) { // closed docks do not come back
            plots.append(dock->chooser()->selectedColumns());
        }
    }
    settings.setValue(kExtraPlotsKey, plots);
    QMainWindow::closeEvent(event);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (m_dockSizesPending) {
        m_dockSizesPending = false;
        applyDefaultDockSizes();
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!firstJsonFile(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = firstJsonFile(event->mimeData());
    if (!path.isEmpty()) {
        event->acceptProposedAction();
        openFile(path);
    }
}

} // namespace sslm::ui
