// SPDX-License-Identifier: MIT
#pragma once

// The Statics panel (issue 37): where the mechanism comes to rest and how it vibrates there.
//   Form: when the loads and actuators are read (s) and, optionally, one coordinate held at a
//   value. Find Rest Pose: the equilibrium nearest the file's initial pose and the vibration
//   modes about it, on a worker thread; the 3-D view shows the rest pose.
//   Results: stable or not, the residual, every coordinate at rest; each mode's frequency (Hz)
//   and damping ratio. Animate: the chosen mode's shape swings in the 3-D view, as far as the
//   amplitude slider says (rad or m of its largest coordinate). Run Mode: a forward run from
//   the rest pose displaced along the shape, four periods long, into the Runs list, where it
//   plays back and exports to video like any run.
//   Holding effort (a second tab): the force that holds a coordinate still over a stroke
//   (from, to, points), the others settling, plotted; with progress and Cancel.

#include <memory>
#include <vector>

#include <QElapsedTimer>
#include <QWidget>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "ui/statics/statics_job.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace sslm::ui {

class HoldingEffortChart;

class StaticsPanel : public QWidget {
    Q_OBJECT

public:
    explicit StaticsPanel(QWidget* parent = nullptr);

    /// The mechanism, compiled with its cuts, at its assembled initial pose q0 (the searches
    /// start there). Null: none (the panel is disabled). Clears the results.
    void setMechanism(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0);

    /// Find Rest Pose now (what the button does); false when it cannot start.
    bool findRestPose();
    /// Plot Holding Effort now; false when it cannot start (the reason in the status line).
    bool plotHoldingEffort();
    bool isRunning() const { return m_job->isRunning(); }

    /// The last rest pose and modes (null before the first, or when the last search failed).
    const VibrationAnalysis* analysis() const;
    /// The last holding curve (empty before the first).
    const std::vector<HoldingPoint>& curve() const { return m_curve; }
    /// The pose of `mode` (0-based) displaced by the slider's amplitude times `phase` (−1 … 1).
    bool modePose(int mode, double phase, Eigen::VectorXd& q) const;
    /// The slider's amplitude (rad or m of the mode's largest coordinate).
    double amplitude() const;

    // the form and results (tests)
    QDoubleSpinBox* timeBox() const { return m_time; }
    QComboBox* holdBox() const { return m_hold; }
    QDoubleSpinBox* holdValueBox() const { return m_holdValue; }
    QPushButton* findButton() const { return m_find; }
    QLabel* statusLabel() const { return m_status; }
    QTableWidget* poseTable() const { return m_pose; }
    QTableWidget* modeTable() const { return m_modes; }
    QCheckBox* animateBox() const { return m_animate; }
    QSlider* amplitudeSlider() const { return m_amplitude; }
    QPushButton* runModeButton() const { return m_runMode; }
    QComboBox* sweepBox() const { return m_sweep; }
    QDoubleSpinBox* sweepFromBox() const { return m_from; }
    QDoubleSpinBox* sweepToBox() const { return m_to; }
    QSpinBox* sweepPointsBox() const { return m_points; }
    QPushButton* curveButton() const { return m_plot; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    HoldingEffortChart* chart() const { return m_chart; }
    /// The results' tabs: rest pose and modes (0), holding effort (1).
    QTabWidget* resultTabs() const { return m_tabs; }

    /// Mode table columns.
    enum ModeColumn { ModeNumber, Frequency, DampingRatio };

Q_SIGNALS:
    /// Show this pose in the 3-D view (the rest pose, or a frame of a mode's animation).
    void poseRequested(const Eigen::VectorXd& q);
    /// Run Mode: a forward run from `q0` at rest, `period` (s) the mode's.
    void modeRunRequested(const Eigen::VectorXd& q0, double period, const QString& name);
    /// A line for the status bar.
    void message(const QString& text);
    /// A job (rest pose or holding curve) ended and its results are shown.
    void jobFinished();

private:
    // the constructor's parts, in the widgets' order
    QWidget* buildForm();
    QWidget* buildResults();
    QWidget* buildCurve();

    /// A job's end: its results shown (unless the mechanism changed meanwhile), jobFinished().
    void showOutput(const std::shared_ptr<const StaticsJobOutput>& output);
    void showResults(const std::shared_ptr<const StaticsJobOutput>& output);
    void setStatus(const QString& text, bool error);
    void setBusy(bool busy);
    void updateButtons();
    void fillCoordinateBoxes();
    void setAnimating(bool on);
    void animationFrame();
    EquilibriumOptions options() const;

    std::shared_ptr<const Model> m_model;
    Eigen::VectorXd m_q0;
    StaticsJob* m_job = nullptr;
    std::shared_ptr<const StaticsJobOutput> m_rest; ///< the last rest-pose job's output
    std::vector<HoldingPoint> m_curve;

    QDoubleSpinBox* m_time = nullptr;
    QComboBox* m_hold = nullptr;
    QDoubleSpinBox* m_holdValue = nullptr;
    QPushButton* m_find = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableWidget* m_pose = nullptr;
    QTableWidget* m_modes = nullptr;
    QCheckBox* m_animate = nullptr;
    QSlider* m_amplitude = nullptr;
    QLabel* m_amplitudeText = nullptr;
    QPushButton* m_runMode = nullptr;
    QComboBox* m_sweep = nullptr;
    QDoubleSpinBox* m_from = nullptr;
    QDoubleSpinBox* m_to = nullptr;
    QSpinBox* m_points = nullptr;
    QPushButton* m_plot = nullptr;
    HoldingEffortChart* m_chart = nullptr;
    QTimer* m_frames = nullptr;
    QElapsedTimer m_clock;
};

} // namespace sslm::ui
