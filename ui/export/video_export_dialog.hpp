// SPDX-License-Identifier: MIT
#pragma once

// File ▸ Export ▸ Animation…: a dialog for the options of a VideoExporter (file and format,
// frame size, frame rate, time range, plot panel and its series, reactions and traces), and
// the interactive export that runs it with a cancellable progress dialog.

#include <memory>

#include <QDialog>

#include "ui/export/video_exporter.hpp"
#include "ui/sim/simulation_run.hpp"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace sslm::ui {

class RunInterpolation;

class VideoExportDialog : public QDialog {
    Q_OBJECT

public:
    /// Options for `run`, starting from `defaults` (time range clamped to the run; empty
    /// plot columns: the joint coordinates).
    VideoExportDialog(const SimulationRun& run,
                      const VideoExportOptions& defaults,
                      QWidget* parent = nullptr);

    VideoExportOptions options() const;

private:
    // the constructor's parts, called in this order (the widgets' creation order)
    /// The file's path (its suffix picks the format) and Browse….
    QHBoxLayout* buildFileRow(const SimulationRun& run, const VideoExportOptions& defaults);
    /// The frame size: a preset or Custom, width × height.
    QHBoxLayout* buildSizeRow(const VideoExportOptions& defaults);
    /// The frame rate box (m_fps).
    void createFpsBox(const VideoExportOptions& defaults);
    /// The time range within the run, from … to.
    QHBoxLayout* buildTimeRow(const RunInterpolation& range, const VideoExportOptions& defaults);
    /// The plot check box and the list of its series.
    void createSeriesList(const SimulationRun& run, const VideoExportOptions& defaults);
    /// The reactions and traces check boxes; the camera and mesh folder passed through.
    void createOverlayOptions(const VideoExportOptions& defaults);
    /// The form of all rows, with the camera turn for a spatial run.
    QFormLayout* buildForm(const SimulationRun& run,
                           const VideoExportOptions& defaults,
                           QHBoxLayout* fileRow,
                           QHBoxLayout* sizeRow,
                           QHBoxLayout* timeRow);
    /// Export and Cancel, and the updates of the state as the fields change.
    void createButtons();
    /// The form above the buttons.
    void layOutDialog(QFormLayout* form);

    void browse();
    void updateState();

    QLineEdit* m_path;
    QComboBox* m_sizePreset;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_fps;
    QDoubleSpinBox* m_t0;
    QDoubleSpinBox* m_t1;
    QCheckBox* m_withPlot;
    QListWidget* m_series;
    QCheckBox* m_reactions;
    QCheckBox* m_traces;
    QDoubleSpinBox* m_orbit = nullptr;                  ///< spatial runs: the camera's turn (°/s)
    std::optional<VideoExportOptions::Camera> m_camera; ///< the window's, passed through
    QString m_meshFolder;                               ///< passed through
    QDialogButtonBox* m_buttons;
};

/// Asks for the options, then exports `run`'s animation with a progress dialog; reports
/// failures in a message box. `defaults` seeds the dialog (e.g. the view's reactions and traces
/// settings).
void exportAnimationInteractively(QWidget* parent,
                                  std::shared_ptr<const SimulationRun> run,
                                  const VideoExportOptions& defaults);
void exportAnimationInteractively(QWidget* parent, std::shared_ptr<const SimulationRun> run);

} // namespace sslm::ui
