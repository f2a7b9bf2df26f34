// SPDX-License-Identifier: MIT
#pragma once

// sslm-studio FILE --export-video OUT [--t-end T] [--fps F] [--size WxH] [--with-plot]
// [--reactions] [--view iso|front|top|side] [--orbit DEG_PER_S]: loads FILE, simulates it on the
// calling thread with the file's solver settings (t_end overridden), exports the animation and
// reports on stderr. Needs a QApplication (rendering uses OpenGL).

#include <QString>

namespace sslm::ui {

/// The command line's arguments as given (empty strings: the defaults).
struct VideoCommand {
    QString file;   ///< mechanism (.json)
    QString output; ///< .mp4 or .gif
    QString tEnd;   ///< s; empty: the file's t_end
    QString fps;    ///< empty: 30
    QString size;   ///< "WxH"; empty: 1280x720
    bool withPlot = false;
    bool reactions = false;
    QString view;  ///< "iso", "front", "top" or "side"; empty: iso (spatial mechanisms only)
    QString orbit; ///< degrees per second the camera turns; empty: 0
};

/// Runs the command; the process exit code: 0 on success, 2 for bad arguments, 1 otherwise.
int runVideoCommand(const VideoCommand& command);

} // namespace sslm::ui
