// SPDX-License-Identifier: MIT
#pragma once

// Exports the animation of a finished run as an H.264 MP4 or an animated GIF. Each frame is
// the run's pose at the frame time, linearly interpolated between the stored samples, rendered
// by a MechanismView of the exact frame size that the exporter owns (a top-level widget never
// shown on screen), optionally with a plot of chosen series beside it whose time cursor follows
// the frame. Frames go as raw RGB24 into the `ffmpeg` program's stdin (Debian's VTK has no
// video writer); ffmpeg writes a temporary file next to the target, renamed over it at the
// end, so that a failed or cancelled export leaves no partial file.
//
// Rendering uses OpenGL: call exportVideo on the GUI thread.

#include <functional>
#include <limits>
#include <memory>
#include <optional>

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

#include <Eigen/Core>

#include "ui/sim/simulation_run.hpp"
#include "ui/viewport/standard_view.hpp"

namespace sslm::ui {

enum class VideoFormat { Mp4, Gif };

struct VideoExportOptions {
    QString path;          ///< .mp4 or .gif (the suffix picks the format)
    QSize size{1280, 720}; ///< px of the 3-D view; odd sides are rounded down to even
    double fps = 30;       ///< frames per second
    double t0 = 0;         ///< s; clamped to the run's first sample
    double t1 = std::numeric_limits<double>::infinity(); ///< s; clamped to the run's last one
    bool withPlot = false;   ///< a plot panel to the right of the 3-D view
    QStringList plotColumns; ///< SampleLayout names; empty: the joint coordinates q
    bool reactions = false;  ///< cut reaction arrows (scaled on the 90th percentile force)
    bool traces = true;      ///< traces of the marked points, from t0 on
    /// A spatial mechanism's camera direction; none: the isometric view. Ignored in the plane.
    std::optional<StandardView> view;
    /// A spatial mechanism's camera as the window shows it (overrides `view`): the direction
    /// it looks along and the screen's up (unit, W), and its projection.
    struct Camera {
        Eigen::Vector3d direction = -Eigen::Vector3d::UnitZ();
        Eigen::Vector3d up = Eigen::Vector3d::UnitY();
        bool perspective = false;
    };
    std::optional<Camera> camera;
    /// Spatial: the camera turns about the up axis at this rate (degrees per second of video),
    /// the whole turn kept in view; 0 holds it still.
    double orbitDegreesPerSecond = 0;
    /// Where relative mesh files of the mechanism's visuals are read from (its file's folder).
    QString meshFolder;
};

class VideoExporter {
public:
    VideoExporter(std::shared_ptr<const SimulationRun> run, VideoExportOptions options);
    ~VideoExporter();
    VideoExporter(const VideoExporter&) = delete;
    VideoExporter& operator=(const VideoExporter&) = delete;

    /// Renders every frame and encodes it. `progress` (may be empty) is called before each
    /// frame with frame < frameCount, and with frame == frameCount while ffmpeg finishes;
    /// returning false cancels (error "cancelled"). On failure, *error says why: ffmpeg missing
    /// (install the package "ffmpeg"), ffmpeg's own messages, or a file that cannot be written.
    bool exportVideo(const std::function<bool(int frame, int frameCount)>& progress,
                     QString* error);

    /// Frame `frame` (< frameCount()) as exportVideo encodes it; null if the options are not
    /// exportable. Each call sets up the off-screen view anew: for a look at one frame.
    QImage renderFrame(int frame);

    /// The options as used: even size, time range clamped to the run.
    const VideoExportOptions& options() const { return m_options; }
    /// Frames written: round((t1 − t0)·fps), at least 1; frame k shows t0 + k/fps.
    int frameCount() const;
    double frameTime(int frame) const;
    /// Size of the encoded frames: options().size, widened by the plot panel when shown.
    QSize frameSize() const;

    /// Width of the plot panel beside a view of this height (px, even).
    static int plotPanelWidth(int viewHeight);
    /// The format for a file name's suffix (.mp4, .m4v, .gif), if supported.
    static std::optional<VideoFormat> formatForPath(const QString& path);
    /// The ffmpeg program on PATH; empty when it is not installed.
    static QString ffmpegProgram();
    /// The Position-family columns of `run` (the default series of the plot panel).
    static QStringList defaultPlotColumns(const SimulationRun& run);

private:
    struct Frames;

    std::shared_ptr<const SimulationRun> m_run;
    VideoExportOptions m_options;
    QString m_setupError; ///< why the options cannot be exported, if so
};

} // namespace sslm::ui
