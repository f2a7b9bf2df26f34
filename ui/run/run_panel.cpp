// SPDX-License-Identifier: MIT
#include "ui/run/run_panel.hpp"

#include <cmath>

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/input/number_box.hpp"
#include "ui/run/actuator_inputs.hpp"
#include "ui/style/palette.hpp"
#include "ui/style/resources.hpp"
#include "ui/style/style_sheet.hpp"

namespace sslm::ui {

namespace {

constexpr int kMaxSamples = 100'000'000; // as `sslm simulate`: t_end / sample ≤ 10⁸

QDoubleSpinBox* secondsBox(double min, double max, int decimals, const QString& tip) {
    return numberBox(tip, QStringLiteral(" s"), min, max, decimals);
}

QLineEdit* numberEdit(const QString& tip) {
    auto* edit = new QLineEdit;
    edit->setToolTip(tip);
    edit->setClearButtonEnabled(false);
    return edit;
}

/// A positive finite number from `edit`, or NaN.
double positiveNumber(const QLineEdit* edit) {
    bool ok = false;
    const double value = edit->text().trimmed().toDouble(&ok);
    return ok && std::isfinite(value) && value > 0.0 ? value : std::nan("");
}

void markInvalid(QWidget* widget, bool invalid) {
    setInvalid(widget, invalid);
}

QString shortNumber(double value) {
    return QString::number(value, 'g', 6);
}

/// The edit's number, or `exact` when the edit still shows it (the text rounds it).
double lineValue(const QLineEdit* edit, double exact) {
    return edit->text().trimmed() == shortNumber(exact) ? exact : positiveNumber(edit);
}

/// The box's value, or `exact` when the box still shows it (the box rounds it).
double boxValue(const QDoubleSpinBox* box, double exact) {
    return std::abs(box->value() - exact) <= 0.5 * std::pow(10.0, -box->decimals()) ? exact
                                                                                    : box->value();
}

} // namespace

RunPanel::RunPanel(QWidget* parent) : QDockWidget(tr("Simulation"), parent) {
    setObjectName(QStringLiteral("RunPanel"));
    createActions();
    createRunKindEditors();
    createSolverEditors();
    fitEditorsToDock();
    QGroupBox* runKindGroup = buildRunKindGroup();
    QGroupBox* solverGroup = buildSolverGroup();
    QGroupBox* stabilisationGroup = buildStabilisationGroup();
    m_actuatorInputs = new ActuatorInputs;
    QGroupBox* cutsGroup = buildCutsGroup();
    createMessageLabel();
    QGridLayout* buttons = buildRunButtons();
    layOutContent(buttons, runKindGroup, solverGroup, stabilisationGroup, cutsGroup);
    connectValidation();
    setSettings(m_defaults);
    setCuts({});
    setRunState(false, false);
    m_start->setEnabled(false); // nothing to run before a mechanism is loaded
}

void RunPanel::createActions() {
    // actions: window-wide shortcuts
    m_start = new QAction(tr("Start"), this);
    m_start->setShortcut(QKeySequence(Qt::Key_F5));
    m_start->setToolTip(tr("Start a new run with these settings and the current cuts (F5)"));
    m_pauseResume = new QAction(tr("Pause"), this);
    m_pauseResume->setShortcut(QKeySequence(Qt::Key_F6));
    m_pauseResume->setToolTip(tr("Pause or resume the run (F6)"));
    m_stop = new QAction(tr("Stop"), this);
    m_stop->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_stop->setToolTip(tr("Stop the run; its samples are kept (Shift+F5)"));
    m_restart = new QAction(tr("Restart"), this);
    m_restart->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
    m_restart->setToolTip(tr("Run the last run again with its model, cuts and settings (Ctrl+F5)"));
    m_start->setIcon(actionIcon(QStringLiteral("run-start")));
    m_pauseResume->setIcon(actionIcon(QStringLiteral("run-pause")));
    m_stop->setIcon(actionIcon(QStringLiteral("run-stop")));
    m_restart->setIcon(actionIcon(QStringLiteral("run-restart")));
    for (QAction* action : {m_start, m_pauseResume, m_stop, m_restart}) {
        action->setShortcutContext(Qt::WindowShortcut);
    }
    connect(m_start, &QAction::triggered, this, [this] {
        if (validate()) {
            Q_EMIT startRequested();
        }
    });
    connect(m_pauseResume, &QAction::triggered, this, [this] {
        if (m_paused) {
            Q_EMIT resumeRequested();
        } else {
            Q_EMIT pauseRequested();
        }
    });
    connect(m_stop, &QAction::triggered, this, &RunPanel::stopRequested);
    connect(m_restart, &QAction::triggered, this, &RunPanel::restartRequested);
}

void RunPanel::createRunKindEditors() {
    m_runKind = new QComboBox;
    for (const RunKind kind : {RunKind::Forward, RunKind::Inverse, RunKind::Forced}) {
        m_runKind->addItem(runKindText(kind), static_cast<int>(kind));
    }
    m_runKind->setToolTip(
        tr("Forward dynamics: the mechanism moves under gravity, springs and the actuator "
           "inputs below.\nInverse dynamics: the actuated coordinates turn at their initial "
           "rates (the scraper's crank at 45 rpm); plots the driving torque, the cut "
           "multipliers and every joint's reaction.\nForced simulation (seed 000): the torques "
           "of that inverse dynamics drive the forward dynamics; plots the deviation from the "
           "desired motion."));
    connect(m_runKind, &QComboBox::currentIndexChanged, this, [this] {
        m_runKindNote->hide(); // the kind on the form is the user's choice again
        updateEnabledFields();
    });
    // the same choice in the Simulation menu, kept in step with the box
    auto* kinds = new QActionGroup(this);
    for (const RunKind kind : {RunKind::Forward, RunKind::Inverse, RunKind::Forced}) {
        QAction* action = kinds->addAction(runKindText(kind));
        action->setCheckable(true);
        action->setData(static_cast<int>(kind));
        action->setToolTip(m_runKind->toolTip());
        connect(action, &QAction::triggered, this, [this, kind] {
            m_runKind->setCurrentIndex(m_runKind->findData(static_cast<int>(kind)));
        });
        m_runKindActions.append(action);
    }
    const auto checkKind = [this] {
        for (QAction* action : m_runKindActions) {
            action->setChecked(action->data().toInt() == m_runKind->currentData().toInt());
        }
    };
    connect(m_runKind, &QComboBox::currentIndexChanged, this, checkKind);
    checkKind();
    m_runKindNote = new QLabel;
    m_runKindNote->setWordWrap(true);
    m_runKindNote->hide();
    const auto gainBox = [](const QString& suffix, const QString& tip) {
        return numberBox(tip, suffix, 0.0, 1e7, 3);
    };
    m_forcedKp = gainBox(tr(" N·m/rad"),
                         tr("Forced simulation: PD correction about the desired motion, "
                            "stiffness (N·m/rad, or N/m for a slider). 0 with kd = 0: open loop, "
                            "as in the paper."));
    m_forcedKd = gainBox(tr(" N·m·s/rad"),
                         tr("Forced simulation: PD correction, damping (N·m·s/rad, or N·s/m). "
                            "An unstable motion (the 3-RRR under gravity) needs it to stay on the "
                            "desired path; e.g. kp 400, kd 40."));
}

void RunPanel::createSolverEditors() {
    m_solver = new QComboBox;
    m_solver->addItem(tr("SSLM"), static_cast<int>(SolverKind::Sslm));
    m_solver->addItem(tr("SLM"), static_cast<int>(SolverKind::Slm));
    m_solver->addItem(tr("Augmented"), static_cast<int>(SolverKind::Augmented));
    m_solver->addItem(tr("RCR"), static_cast<int>(SolverKind::Rcr));
    m_solver->setToolTip(tr("How the loop constraints enter the dynamics. SSLM finds the Lagrange "
                            "multipliers λ subsystem by subsystem (block-wise GICM); SLM from the "
                            "whole J M⁻¹ Jᵀ; Augmented from the KKT system. RCR (recursive "
                            "coordinate reduction, Anderson & Critchley) reduces every loop to "
                            "its independent coordinates and holds the constraints at velocity "
                            "level (no Baumgarte). All give the same motion."));
    m_independent = new QLineEdit;
    m_independent->setPlaceholderText(tr("chosen per loop"));
    m_independent->setToolTip(
        tr("RCR: coordinates to keep independent, e.g. theta2 (comma-separated). Empty: RCR "
           "chooses per loop for conditioning at the pose and switches when a loop nears a "
           "singular pose; a named choice that is invalid or ill-conditioned stops the run "
           "with the loop and coordinates named."));
    m_integrator = new QComboBox;
    m_integrator->addItem(tr("Dopri5"), static_cast<int>(IntegratorKind::Dopri5));
    m_integrator->addItem(tr("RKF78"), static_cast<int>(IntegratorKind::Rkf78));
    m_integrator->addItem(tr("Rosenbrock4"), static_cast<int>(IntegratorKind::Rosenbrock4));
    m_integrator->addItem(tr("RK4 (fixed step)"), static_cast<int>(IntegratorKind::Rk4));
    m_integrator->setToolTip(
        tr("Dopri5: Dormand–Prince, ode45's method, a good default. RKF78: for tight "
           "tolerances. Rosenbrock4: stiff springs and dampers. RK4: fixed step."));
    m_tEnd = secondsBox(1e-3, 1e6, 3, tr("Simulated time at which the run ends"));
    m_step = numberEdit(tr("Fixed step of RK4 (s). The adaptive methods choose their own step."));
    m_rtol = numberEdit(tr("Relative error tolerance per step of the adaptive integrators"));
    m_atol = numberEdit(tr("Absolute error tolerance per step of the adaptive integrators"));
    m_sample = secondsBox(1e-5, 1e3, 5,
                          tr("Interval of the outputs (plots, playback, CSV), independent of "
                             "the integrator's steps"));
    m_stabilisation = new QComboBox;
    m_stabilisation->addItem(tr("Projection"), static_cast<int>(Stabilisation::Projection));
    m_stabilisation->addItem(tr("Baumgarte"), static_cast<int>(Stabilisation::Baumgarte));
    m_stabilisation->addItem(tr("None"), static_cast<int>(Stabilisation::None));
    m_stabilisation->setToolTip(
        tr("Keeps the loops closed during integration. Projection: q and q̇ are projected "
           "back onto the constraints after each step. Baumgarte: the constraint acceleration "
           "is damped (α, β). None: the drift grows with time."));
    m_alpha = numberBox(tr("Baumgarte α: Ψ = −J̇q̇ − 2α J q̇ − β² Φ (damping of the velocity "
                           "violation)"),
                        QStringLiteral(" 1/s"), 0, 1e4, 2);
    m_beta = numberBox(tr("Baumgarte β: stiffness of the position violation's correction"),
                       QStringLiteral(" 1/s"), 0, 1e4, 2);
}

void RunPanel::fitEditorsToDock() {
    // narrow enough for a side dock: the combo boxes do not widen to their longest item
    for (QComboBox* box : {m_runKind, m_solver, m_integrator, m_stabilisation}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
    }
    for (QWidget* field : std::initializer_list<QWidget*>{m_tEnd, m_step, m_rtol, m_atol, m_sample,
                                                          m_alpha, m_beta}) {
        field->setMinimumWidth(90);
    }
}

QGroupBox* RunPanel::buildRunKindGroup() {
    // What the run computes, first and full width: the kind, and the Forced run's gains (each
    // label above its field, whatever the dock's width). Rows that come and go are widgets shown
    // and hidden, never QFormLayout::setRowVisible: in Qt 6.4 a wrapped row above a hidden one
    // lost its field (the kind selector vanished in a narrow dock).
    m_forcedGains = new QWidget;
    auto* gainsForm = new QFormLayout(m_forcedGains);
    gainsForm->setContentsMargins(0, 0, 0, 0);
    gainsForm->setRowWrapPolicy(QFormLayout::WrapAllRows);
    gainsForm->addRow(tr("Correction kp"), m_forcedKp);
    gainsForm->addRow(tr("Correction kd"), m_forcedKd);
    auto* runKindLayout = new QVBoxLayout;
    runKindLayout->addWidget(m_runKind);
    runKindLayout->addWidget(m_runKindNote);
    runKindLayout->addWidget(m_forcedGains);
    auto* runKindGroup = new QGroupBox(tr("Run"));
    runKindGroup->setLayout(runKindLayout);
    return runKindGroup;
}

QGroupBox* RunPanel::buildSolverGroup() {
    m_independentRow = new QWidget;
    auto* independentForm = new QFormLayout(m_independentRow);
    independentForm->setContentsMargins(0, 0, 0, 0);
    independentForm->setRowWrapPolicy(QFormLayout::WrapAllRows);
    independentForm->addRow(tr("Independent coordinates (RCR)"), m_independent);

    // a row too wide for the dock ("Baumgarte β") puts its label above its field rather than
    // clipping the field
    auto* solverForm = new QFormLayout;
    solverForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    solverForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    // RCR's coordinates sit under the solver in the Solver row's field, not in a row of their
    // own: Qt 6.4's QFormLayout writes past its row data when a form that wraps long rows (a
    // height-for-width layout) has a hidden row
    auto* solverField = new QWidget;
    auto* solverColumn = new QVBoxLayout(solverField);
    solverColumn->setContentsMargins(0, 0, 0, 0);
    solverColumn->addWidget(m_solver);
    solverColumn->addWidget(m_independentRow);
    solverForm->addRow(tr("Solver"), solverField);
    solverForm->addRow(tr("Integrator"), m_integrator);
    solverForm->addRow(tr("End time"), m_tEnd);
    solverForm->addRow(tr("Step (RK4)"), m_step);
    solverForm->addRow(tr("Rel. tolerance"), m_rtol);
    solverForm->addRow(tr("Abs. tolerance"), m_atol);
    solverForm->addRow(tr("Sample every"), m_sample);
    auto* resetButton = new QToolButton;
    resetButton->setText(tr("Reset to the file's settings"));
    resetButton->setToolTip(tr("Put the mechanism file's solver block back on the form"));
    resetButton->setAutoRaise(true);
    connect(resetButton, &QToolButton::clicked, this, [this] { setSettings(m_defaults); });
    solverForm->addRow(resetButton);
    auto* solverGroup = new QGroupBox(tr("Solver"));
    solverGroup->setLayout(solverForm);
    return solverGroup;
}

QGroupBox* RunPanel::buildStabilisationGroup() {
    auto* stabilisationForm = new QFormLayout;
    stabilisationForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    stabilisationForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    stabilisationForm->addRow(tr("Method"), m_stabilisation);
    stabilisationForm->addRow(tr("Baumgarte α"), m_alpha);
    stabilisationForm->addRow(tr("Baumgarte β"), m_beta);
    auto* stabilisationGroup = new QGroupBox(tr("Constraint stabilisation"));
    stabilisationGroup->setLayout(stabilisationForm);
    return stabilisationGroup;
}

QGroupBox* RunPanel::buildCutsGroup() {
    m_cuts = new QLabel;
    m_cuts->setWordWrap(true);
    m_cuts->setTextFormat(Qt::RichText);
    m_cuts->setToolTip(tr("The joints cut to open the loops. Click joints in the graph view to "
                          "change them; the next run uses the new cuts."));
    auto* cutsLayout = new QVBoxLayout;
    cutsLayout->addWidget(m_cuts);
    auto* cutsGroup = new QGroupBox(tr("Cut joints"));
    cutsGroup->setLayout(cutsLayout);
    return cutsGroup;
}

void RunPanel::createMessageLabel() {
    m_message = new QLabel;
    m_message->setWordWrap(true);
    setStyleRole(m_message, StyleRole::ErrorText);
    m_message->hide();
}

QGridLayout* RunPanel::buildRunButtons() {
    auto* buttons = new QGridLayout;
    int index = 0;
    for (QAction* action : {m_start, m_pauseResume, m_stop, m_restart}) {
        auto* button = new QToolButton;
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        button->setMinimumHeight(28);
        buttons->addWidget(button, index / 2, index % 2);
        ++index;
    }
    return buttons;
}

void RunPanel::layOutContent(QGridLayout* buttons,
                             QGroupBox* runKindGroup,
                             QGroupBox* solverGroup,
                             QGroupBox* stabilisationGroup,
                             QGroupBox* cutsGroup) {
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(buttons);
    layout->addWidget(m_message);
    layout->addWidget(runKindGroup);
    layout->addWidget(solverGroup);
    layout->addWidget(stabilisationGroup);
    layout->addWidget(m_actuatorInputs);
    layout->addWidget(cutsGroup);
    layout->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setWidget(scroll);
}

void RunPanel::connectValidation() {
    connect(m_integrator, &QComboBox::currentIndexChanged, this, &RunPanel::updateEnabledFields);
    connect(m_solver, &QComboBox::currentIndexChanged, this, &RunPanel::updateEnabledFields);
    connect(m_independent, &QLineEdit::editingFinished, this, &RunPanel::validate);
    connect(m_stabilisation, &QComboBox::currentIndexChanged, this, &RunPanel::updateEnabledFields);
    for (QLineEdit* edit : {m_step, m_rtol, m_atol}) {
        connect(edit, &QLineEdit::editingFinished, this, &RunPanel::validate);
    }
    for (QDoubleSpinBox* box : {m_tEnd, m_sample}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, &RunPanel::validate);
    }
}

void RunPanel::setModel(const Model& model, ModelChange change) {
    std::string error;
    const std::optional<SimulationSettings> fromFile = settingsFromSpec(model.spec.solver, &error);
    m_defaults = fromFile.value_or(SimulationSettings{});
    const bool edited = change == ModelChange::Edited;
    if (!edited) {
        setSettings(m_defaults); // an edit keeps what the user set; Reset brings the file's
    }
    if (!fromFile) {
        m_message->setText(tr("The file's solver block was not usable (%1); defaults are shown.")
                               .arg(QString::fromStdString(error)));
        m_message->show();
    }
    m_coordinates.clear();
    for (const Coordinate& c : model.coordinates) {
        m_coordinates << QString::fromStdString(c.name);
    }
    validate();
    QStringList cuts;
    for (const int j : model.cuts) {
        cuts << QString::fromStdString(model.joints[j].name);
    }
    setCuts(cuts);
    m_actuatorInputs->setModel(model, edited);
}

void RunPanel::setCuts(const QStringList& cuts) {
    const QString list = cuts.isEmpty() ? tr("none (no closed loops)")
                                        : QStringLiteral("<b>%1</b>").arg(cuts.join(", "));
    m_cuts->setText(list + tr("<br><span style='color:%1'>Change them in the graph view "
                              "(click a joint).</span>")
                               .arg(mutedTextColour().name()));
}

void RunPanel::setSettings(const SimulationSettings& s) {
    m_shown = s;
    m_solver->setCurrentIndex(m_solver->findData(static_cast<int>(s.solver)));
    QStringList independent;
    for (const std::string& name : s.independent) {
        independent << QString::fromStdString(name);
    }
    m_independent->setText(independent.join(QStringLiteral(", ")));
    m_integrator->setCurrentIndex(m_integrator->findData(static_cast<int>(s.integrator)));
    m_tEnd->setValue(s.tEnd);
    m_step->setText(shortNumber(s.step));
    m_rtol->setText(shortNumber(s.rtol));
    m_atol->setText(shortNumber(s.atol));
    m_sample->setValue(s.sampleInterval);
    m_stabilisation->setCurrentIndex(m_stabilisation->findData(static_cast<int>(s.stabilisation)));
    m_alpha->setValue(s.baumgarteAlpha);
    m_beta->setValue(s.baumgarteBeta);
    updateEnabledFields();
    validate();
}

ForcedDriveGains RunPanel::forcedGains() const {
    return {m_forcedKp->value(), m_forcedKd->value()};
}

RunKind RunPanel::runKind() const {
    return static_cast<RunKind>(m_runKind->currentData().toInt());
}

void RunPanel::setRunKind(RunKind kind) {
    m_runKind->setCurrentIndex(m_runKind->findData(static_cast<int>(kind)));
}

void RunPanel::startNewDocument() {
    m_runKindNote->hide(); // a note on the previous document's kind is about that one only
    const RunKind previous = runKind();
    if (previous == RunKind::Forward) {
        return;
    }
    setRunKind(RunKind::Forward);
    m_runKindNote->setText(
        tr("Run set back to %1 for this mechanism (it was %2 for the "
           "previous one); choose another above or in the Simulation menu.")
            .arg(runKindText(RunKind::Forward).toLower(), runKindText(previous).toLower()));
    m_runKindNote->show();
}

QString RunPanel::runKindNote() const {
    return m_runKindNote->isVisibleTo(this) ? m_runKindNote->text() : QString();
}

std::optional<SimulationSettings> RunPanel::settings() {
    if (!validate()) {
        return std::nullopt;
    }
    // values still as set are taken exactly, not as the editors round them
    SimulationSettings s = m_shown; // keeps the singularity thresholds
    s.solver = static_cast<SolverKind>(m_solver->currentData().toInt());
    s.independent.clear();
    if (s.solver == SolverKind::Rcr) {
        for (const QString& name : independentNames()) {
            s.independent.push_back(name.toStdString());
        }
    }
    s.integrator = static_cast<IntegratorKind>(m_integrator->currentData().toInt());
    s.tEnd = boxValue(m_tEnd, m_shown.tEnd);
    s.step = lineValue(m_step, m_shown.step);
    s.rtol = lineValue(m_rtol, m_shown.rtol);
    s.atol = lineValue(m_atol, m_shown.atol);
    s.sampleInterval = boxValue(m_sample, m_shown.sampleInterval);
    s.stabilisation = static_cast<Stabilisation>(m_stabilisation->currentData().toInt());
    s.baumgarteAlpha = boxValue(m_alpha, m_shown.baumgarteAlpha);
    s.baumgarteBeta = boxValue(m_beta, m_shown.baumgarteBeta);
    return s;
}

QStringList RunPanel::independentNames() const {
    QStringList names;
    for (const QString& part : m_independent->text().split(QLatin1Char(','))) {
        if (!part.trimmed().isEmpty()) {
            names << part.trimmed();
        }
    }
    return names;
}

QString RunPanel::validationMessage() const {
    return m_message->isVisible() ? m_message->text() : QString();
}

bool RunPanel::validate() {
    QStringList problems;
    const auto check = [&problems](QLineEdit* edit, const QString& what) {
        const bool bad = edit->isEnabled() && std::isnan(positiveNumber(edit));
        markInvalid(edit, bad);
        if (bad) {
            problems << tr("%1 must be a positive number (got “%2”).").arg(what, edit->text());
        }
    };
    check(m_step, tr("The step"));
    QStringList unknown;
    if (m_independent->isEnabled() && !m_coordinates.isEmpty()) {
        for (const QString& name : independentNames()) {
            if (!m_coordinates.contains(name)) {
                unknown << name;
            }
        }
    }
    markInvalid(m_independent, !unknown.isEmpty());
    if (!unknown.isEmpty()) {
        problems << tr("RCR's independent coordinates: no coordinate %1; the coordinates are %2.")
                        .arg(unknown.join(QStringLiteral(", ")),
                             m_coordinates.join(QStringLiteral(", ")));
    }
    check(m_rtol, tr("The relative tolerance"));
    check(m_atol, tr("The absolute tolerance"));
    const bool tooManySamples = m_tEnd->value() / m_sample->value() > kMaxSamples;
    markInvalid(m_sample, tooManySamples);
    if (tooManySamples) {
        problems << tr("End time / sample interval asks for more than 10⁸ samples; choose a "
                       "larger sample interval.");
    }
    m_message->setText(problems.join(QLatin1Char('\n')));
    m_message->setVisible(!problems.isEmpty());
    return problems.isEmpty();
}

void RunPanel::updateEnabledFields() {
    // inverse dynamics samples the motion: no integrator, solver or stabilisation
    const bool integrates = runKind() != RunKind::Inverse;
    const bool fixedStep =
        static_cast<IntegratorKind>(m_integrator->currentData().toInt()) == IntegratorKind::Rk4;
    m_solver->setEnabled(integrates);
    const bool rcr = static_cast<SolverKind>(m_solver->currentData().toInt()) == SolverKind::Rcr;
    m_independent->setEnabled(integrates && rcr);
    m_independentRow->setVisible(rcr);
    m_integrator->setEnabled(integrates);
    m_stabilisation->setEnabled(integrates);
    m_step->setEnabled(integrates && fixedStep);
    m_rtol->setEnabled(integrates && !fixedStep);
    m_atol->setEnabled(integrates && !fixedStep);
    const bool baumgarte = static_cast<Stabilisation>(m_stabilisation->currentData().toInt()) ==
                           Stabilisation::Baumgarte;
    m_alpha->setEnabled(integrates && baumgarte);
    m_beta->setEnabled(integrates && baumgarte);
    m_forcedGains->setVisible(runKind() == RunKind::Forced);
    // inverse and forced runs replace the actuated joints' inputs with the prescribed motion
    m_actuatorInputs->setEnabled(runKind() == RunKind::Forward);
    validate();
}

void RunPanel::setRunState(bool running, bool paused) {
    m_paused = paused;
    m_start->setEnabled(true);
    m_pauseResume->setEnabled(running);
    m_pauseResume->setText(paused ? tr("Resume") : tr("Pause"));
    m_pauseResume->setIcon(
        actionIcon(paused ? QStringLiteral("run-start") : QStringLiteral("run-pause")));
    m_stop->setEnabled(running);
    m_restart->setEnabled(true);
}

} // namespace sslm::ui
