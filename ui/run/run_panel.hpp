// SPDX-License-Identifier: MIT
#pragma once

// The simulation settings form of SSLM Studio: the run's kind (forward dynamics, inverse
// dynamics of the actuated coordinates at constant speed, or the forced simulation driven by
// that motion's inverse torques), solver, integrator, end time, step, tolerances,
// sample interval and constraint stabilisation, preset from the loaded file's solver block, with
// inline validation; the Start / Pause-Resume / Stop / Restart actions (shortcuts F5, F6,
// Shift+F5, Ctrl+F5) and the cut joints the next run uses (chosen in the graph view).

#include <optional>

#include <QDockWidget>
#include <QList>
#include <QStringList>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"
#include "ui/sim/run_kind.hpp"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLineEdit;

namespace sslm::ui {

class ActuatorInputs;

class RunPanel : public QDockWidget {
    Q_OBJECT

public:
    explicit RunPanel(QWidget* parent = nullptr);

    /// Why the mechanism changed: another document, or an edit (or undo) of the same one.
    enum class ModelChange { Opened, Edited };
    /// Shows `model`'s cuts and keeps its solver block (settingsFromSpec) for Reset; a model
    /// Opened also presets the form from it, an Edited one keeps every setting on the form
    /// (and the actuator inputs of the joints it still drives).
    void setModel(const Model& model, ModelChange change = ModelChange::Opened);
    /// Shows the cut joints of the next run (loop order).
    void setCuts(const QStringList& cuts);

    /// What the next run computes.
    RunKind runKind() const;
    void setRunKind(RunKind kind);
    /// Another document was opened or made: it starts in forward dynamics, since an inverse
    /// or forced run prescribes the motion of the previous mechanism's inputs. When the kind
    /// was another, a note on the panel says it was set back (until the kind is chosen again).
    void startNewDocument();
    /// The note that the run kind was set back for a new document; empty when none is shown.
    QString runKindNote() const;
    /// A forced run's PD correction about the desired motion (0, 0: open loop).
    ForcedDriveGains forcedGains() const;
    /// The settings on the form, or empty with the problems shown inline.
    std::optional<SimulationSettings> settings();
    /// The actuator inputs of the next run (the file's unless changed on the form).
    ActuatorInputs* actuatorInputs() const { return m_actuatorInputs; }
    /// Puts `settings` on the form.
    void setSettings(const SimulationSettings& settings);
    /// Why the form is invalid (empty when valid).
    QString validationMessage() const;

    /// Enables the actions for a run that is idle, running or paused.
    void setRunState(bool running, bool paused);

    QAction* startAction() const { return m_start; }
    QAction* pauseResumeAction() const { return m_pauseResume; }
    QAction* stopAction() const { return m_stop; }
    QAction* restartAction() const { return m_restart; }

    // the form's editors (tests)
    QComboBox* runKindBox() const { return m_runKind; }
    /// Forward, inverse, forced: checkable, exclusive, in step with runKindBox() (the
    /// Simulation menu's choice of what to run).
    const QList<QAction*>& runKindActions() const { return m_runKindActions; }
    QDoubleSpinBox* forcedKpBox() const { return m_forcedKp; }
    QDoubleSpinBox* forcedKdBox() const { return m_forcedKd; }
    QComboBox* solverBox() const { return m_solver; }
    /// RCR: the coordinates to keep independent, comma-separated (empty: chosen per loop).
    QLineEdit* independentEdit() const { return m_independent; }
    QComboBox* integratorBox() const { return m_integrator; }
    QDoubleSpinBox* endTimeBox() const { return m_tEnd; }
    QLineEdit* rtolEdit() const { return m_rtol; }
    QLineEdit* atolEdit() const { return m_atol; }
    QLineEdit* stepEdit() const { return m_step; }
    QDoubleSpinBox* sampleBox() const { return m_sample; }

Q_SIGNALS:
    void startRequested();
    void pauseRequested();
    void resumeRequested();
    void stopRequested();
    void restartRequested();

private:
    // the constructor's parts, called in this order (the widgets' creation order)
    /// Start, Pause-Resume, Stop and Restart with their window-wide shortcuts.
    void createActions();
    /// The run kind box, its Simulation menu actions, the set-back note and the Forced gains.
    void createRunKindEditors();
    /// The solver, RCR coordinates, integrator, time, tolerance and stabilisation editors.
    void createSolverEditors();
    /// Keeps the combo boxes and number fields narrow enough for a side dock.
    void fitEditorsToDock();
    /// The "Run" group: the kind, its note and the Forced run's gains.
    QGroupBox* buildRunKindGroup();
    /// The "Solver" group with its Reset button.
    QGroupBox* buildSolverGroup();
    /// The "Constraint stabilisation" group.
    QGroupBox* buildStabilisationGroup();
    /// The "Cut joints" group.
    QGroupBox* buildCutsGroup();
    /// The hidden inline error message (m_message).
    void createMessageLabel();
    /// The grid of the four run buttons.
    QGridLayout* buildRunButtons();
    /// Stacks the buttons and sections in the scrolled dock content.
    void layOutContent(QGridLayout* buttons,
                       QGroupBox* runKindGroup,
                       QGroupBox* solverGroup,
                       QGroupBox* stabilisationGroup,
                       QGroupBox* cutsGroup);
    /// Re-checks the form and the enabled fields when an editor changes.
    void connectValidation();

    void updateEnabledFields();
    /// Checks the form, marks bad fields and writes the message; true when valid.
    bool validate();
    /// The names typed in m_independent.
    QStringList independentNames() const;

    QComboBox* m_runKind = nullptr;
    QLabel* m_runKindNote = nullptr; ///< the kind was set back to forward for a new document
    QDoubleSpinBox* m_forcedKp = nullptr;
    QDoubleSpinBox* m_forcedKd = nullptr;
    QWidget* m_forcedGains = nullptr;    ///< the Forced run's kp and kd, shown for it only
    QWidget* m_independentRow = nullptr; ///< m_independent with its label, shown for RCR only
    QComboBox* m_solver = nullptr;
    QLineEdit* m_independent = nullptr;
    QStringList m_coordinates; ///< the model's coordinate names, for m_independent
    QComboBox* m_integrator = nullptr;
    QDoubleSpinBox* m_tEnd = nullptr;
    QLineEdit* m_step = nullptr;
    QLineEdit* m_rtol = nullptr;
    QLineEdit* m_atol = nullptr;
    QDoubleSpinBox* m_sample = nullptr;
    QComboBox* m_stabilisation = nullptr;
    QDoubleSpinBox* m_alpha = nullptr;
    QDoubleSpinBox* m_beta = nullptr;
    QLabel* m_cuts = nullptr;
    QLabel* m_message = nullptr;
    QList<QAction*> m_runKindActions;
    QAction* m_start = nullptr;
    QAction* m_pauseResume = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_restart = nullptr;
    SimulationSettings m_defaults; ///< from the file (or the kernel's defaults)
    SimulationSettings m_shown;    ///< last put on the form
    bool m_paused = false;
    ActuatorInputs* m_actuatorInputs = nullptr;
};

} // namespace sslm::ui
