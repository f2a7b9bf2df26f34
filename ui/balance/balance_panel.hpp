// SPDX-License-Identifier: MIT
#pragma once

// The Balance panel (issue 16, seed 002 §5): what the mechanism shakes its frame with over one
// cycle of its input motion, and counterweights that reduce it.
//   Form: the bodies that get a counterweight (mass bounds in kg, reach in m about the body
//   frame's origin), the objective's weights on the RMS shaking force, moment and driving
//   torque (RMS or peak), the point the moment is taken about (m, ground frame), an optional
//   added-mass limit, random restarts and the evaluation budget, samples per cycle.
//   Analyse: the cycle as it is. Balance: the optimisation on a worker thread, with progress and
//   Cancel (which keeps nothing).
//   Results: RMS and peak of |F|, |M| and τ before and after with their ratio, the
//   counterweights found, the shaking-force locus and the curves over the cycle.
//   Apply: the counterweights into the document as one undoable edit; Save As: a new file,
//   never over the open one.
// The cycle is the actuated coordinates (else the file's inputs) turning at their initial
// rates from the initial pose, one turn of the crank.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QString>
#include <QWidget>

#include <Eigen/Core>

#include "core/balance/counterweight_balance.hpp"
#include "ui/balance/balance_job.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace sslm::ui {

class CycleCurveChart;
class ShakingLocusChart;

class BalancePanel : public QWidget {
    Q_OBJECT

public:
    explicit BalancePanel(QWidget* parent = nullptr);

    /// The mechanism to study, compiled with its cuts, at its assembled initial state q0, qd0;
    /// its file `path` (empty: not saved). Null: none (the panel is disabled). Results of
    /// another mechanism stay on screen but can no longer be applied.
    void setMechanism(std::shared_ptr<const Model> model,
                      const Eigen::VectorXd& q0,
                      const Eigen::VectorXd& qd0,
                      const QString& path);

    /// The form's settings, or empty with the reason.
    std::optional<BalanceSettings> settings(QString* error = nullptr) const;
    /// The cycle's motions from the initial state, or empty with the reason.
    std::optional<std::vector<DrivenMotion>> motions(QString* error = nullptr) const;
    /// What Balance (`optimise`) or Analyse would run now, or empty with the reason.
    std::optional<BalanceJobInput> jobInput(bool optimise, QString* error = nullptr) const;

    bool isRunning() const { return m_job->isRunning(); }
    /// The last finished job's output (null before the first).
    const BalanceJobOutput* lastOutput() const { return m_output.get(); }
    /// The balanced description of the last job, when it improved and still fits the mechanism.
    std::optional<MechanismSpec> balancedSpec() const;
    /// Writes balancedSpec() to `path` (not the open file); false with the reason.
    bool saveBalanced(const QString& path, QString* error = nullptr) const;

    // the form and results (tests)
    QTableWidget* bodyTable() const { return m_bodies; }
    QDoubleSpinBox* forceWeightBox() const { return m_forceWeight; }
    QDoubleSpinBox* momentWeightBox() const { return m_momentWeight; }
    QDoubleSpinBox* torqueWeightBox() const { return m_torqueWeight; }
    QComboBox* torqueMeasureBox() const { return m_torqueMeasure; }
    QDoubleSpinBox* momentAboutBox(int axis) const { return m_about[axis]; }
    QCheckBox* massLimitBox() const { return m_limitMass; }
    QDoubleSpinBox* massLimitValueBox() const { return m_massLimit; }
    QSpinBox* startsBox() const { return m_starts; }
    QSpinBox* evaluationsBox() const { return m_evaluations; }
    QSpinBox* samplesBox() const { return m_samples; }
    QPushButton* analyseButton() const { return m_analyse; }
    QPushButton* balanceButton() const { return m_balance; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* saveButton() const { return m_save; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QTableWidget* resultTable() const { return m_results; }
    QLabel* counterweightLabel() const { return m_chosen; }
    ShakingLocusChart* locusChart() const { return m_locus; }
    CycleCurveChart* curveChart() const { return m_curves; }

    /// Body table columns.
    enum BodyColumn { BodyName, MassMin, MassMax, Reach };
    /// Result table rows (columns: before, after, after/before).
    enum ResultRow { ForceRms, ForcePeak, MomentRms, MomentPeak, TorqueRms, TorquePeak, AddedMass };

Q_SIGNALS:
    /// Apply: the document's description with the counterweights found, as one undoable edit
    /// named `text` (the receiver merges the counterweights into the document's current spec).
    void applyRequested(const sslm::MechanismSpec& balanced, const QString& text);
    /// A line for the status bar.
    void message(const QString& text);

private:
    // the constructor's parts, called in this order (the widgets' creation order)
    /// The balance job (m_job) with its progress and results connected.
    void createJob();
    /// The table of the bodies that may get a counterweight.
    void createBodyTable();
    /// The objective's weights, the moment's point, the mass limit, starts, budget and samples.
    QFormLayout* buildSettingsForm();
    /// Analyse, Balance, Cancel, Apply and Save As, connected, in a row.
    QHBoxLayout* buildButtons();
    /// The (hidden) progress bar and the status line.
    void createStatus();
    /// The before/after table and the label of the counterweights found.
    void createResultTable();
    /// The shaking force locus and the curves over the cycle, in tabs.
    QTabWidget* buildCharts();
    /// Puts the form, buttons, status, results and charts in a scroll area filling the panel.
    void layOutContent(QFormLayout* form, QHBoxLayout* buttons, QTabWidget* charts);
    /// Updates the buttons and the cycle label when the form changes.
    void connectFormToButtons();

    void start(bool optimise);
    /// One turn of `driven` sampled as the form says, the moment about the form's point.
    InverseRunSettings cycleRun(const std::vector<DrivenMotion>& driven) const;
    void showProgress(long evaluations, long maxEvaluations, double best, double seconds);
    void showOutput(std::shared_ptr<const BalanceJobOutput> output);
    void showResultTable();
    void promptSave();
    void updateButtons();
    void fillBodies();
    void updateCycleLabel();
    void setStatus(const QString& text, bool error = false);

    std::shared_ptr<const Model> m_model;
    Eigen::VectorXd m_q0;
    Eigen::VectorXd m_qd0;
    QString m_path;
    BalanceJob* m_job = nullptr;
    std::shared_ptr<const Model> m_jobModel; ///< the model of the running job
    std::shared_ptr<const BalanceJobOutput> m_output;
    std::shared_ptr<const Model> m_outputModel; ///< the model m_output was computed for
    std::vector<std::string> m_jobBodies;       ///< the running job's bodies, in its order
    std::vector<std::string> m_outputBodies;    ///< m_output's bodies, in its order

    QTableWidget* m_bodies = nullptr;
    QDoubleSpinBox* m_forceWeight = nullptr;
    QDoubleSpinBox* m_momentWeight = nullptr;
    QDoubleSpinBox* m_torqueWeight = nullptr;
    QComboBox* m_torqueMeasure = nullptr;
    QDoubleSpinBox* m_about[3] = {};
    QLabel* m_aboutZLabel = nullptr;
    QCheckBox* m_limitMass = nullptr;
    QDoubleSpinBox* m_massLimit = nullptr;
    QSpinBox* m_starts = nullptr;
    QSpinBox* m_evaluations = nullptr;
    QSpinBox* m_samples = nullptr;
    QLabel* m_cycle = nullptr;
    QPushButton* m_analyse = nullptr;
    QPushButton* m_balance = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_save = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_results = nullptr;
    QLabel* m_chosen = nullptr;
    ShakingLocusChart* m_locus = nullptr;
    CycleCurveChart* m_curves = nullptr;
};

} // namespace sslm::ui
