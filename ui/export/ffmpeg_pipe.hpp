// SPDX-License-Identifier: MIT
#pragma once

// The `ffmpeg` program as a video encoder fed through its stdin: raw RGB24 frames of a fixed
// size and rate in, the encoded file out. Writes block while ffmpeg lags behind (a few frames
// are buffered), so memory stays bounded. Errors come back as text with the tail of ffmpeg's
// own messages.

#include <functional>

#include <QByteArray>
#include <QImage>
#include <QProcess>
#include <QSize>
#include <QString>
#include <QStringList>

namespace sslm::ui {

class FfmpegPipe {
public:
    FfmpegPipe() = default;
    ~FfmpegPipe(); ///< kills ffmpeg if it still runs
    FfmpegPipe(const FfmpegPipe&) = delete;
    FfmpegPipe& operator=(const FfmpegPipe&) = delete;

    /// Starts `program` reading frames of `size` at `fps` from stdin, with `outputArguments`
    /// (codec, filters, format, output file) after the input's. False with *error if it cannot
    /// be started.
    bool start(const QString& program,
               const QSize& size,
               double fps,
               const QStringList& outputArguments,
               QString* error);
    /// Sends one frame (converted to RGB24 and scaled to the size if needed).
    bool writeFrame(const QImage& frame, QString* error);
    /// Closes stdin and waits for ffmpeg to finish; `keepAlive` is called while waiting and
    /// may return false to give up (which kills ffmpeg). True if ffmpeg exited with 0.
    bool finish(const std::function<bool()>& keepAlive, QString* error);
    /// Kills ffmpeg and waits for it to end.
    void kill();

    /// The last `lines` lines ffmpeg printed on stderr.
    QString stderrTail(int lines = 12);

private:
    QString failure(const QString& what);

    QProcess m_process;
    QSize m_size;
    QByteArray m_stderr;
    QByteArray m_frame; ///< reused RGB24 buffer
};

} // namespace sslm::ui
