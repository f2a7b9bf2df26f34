// SPDX-License-Identifier: MIT
#include "ui/export/ffmpeg_pipe.hpp"

#include <cstring>

namespace sslm::ui {

namespace {

constexpr int kStartTimeoutMs = 10000;
constexpr int kPollMs = 50;
/// Frames ffmpeg may lag behind before writeFrame waits.
constexpr qint64 kBufferedFrames = 3;

} // namespace

FfmpegPipe::~FfmpegPipe() {
    kill();
}

bool FfmpegPipe::start(const QString& program,
                       const QSize& size,
                       double fps,
                       const QStringList& outputArguments,
                       QString* error) {
    m_size = size;
    m_stderr.clear();
    QStringList arguments{QStringLiteral("-hide_banner"),
                          QStringLiteral("-loglevel"),
                          QStringLiteral("error"),
                          QStringLiteral("-y"),
                          QStringLiteral("-f"),
                          QStringLiteral("rawvideo"),
                          QStringLiteral("-pix_fmt"),
                          QStringLiteral("rgb24"),
                          QStringLiteral("-s"),
                          QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
                          QStringLiteral("-r"),
                          QString::number(fps, 'g', 10),
                          QStringLiteral("-i"),
                          QStringLiteral("-")};
    arguments += outputArguments;
    m_process.setProgram(program);
    m_process.setArguments(arguments);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.start(QIODevice::ReadWrite);
    if (!m_process.waitForStarted(kStartTimeoutMs)) {
        if (error) {
            *error = QStringLiteral("Could not start %1: %2. Install the package \"ffmpeg\" "
                                    "(e.g. sudo apt-get install ffmpeg).")
                         .arg(program, m_process.errorString());
        }
        return false;
    }
    return true;
}

bool FfmpegPipe::writeFrame(const QImage& frame, QString* error) {
    if (m_process.state() != QProcess::Running) {
        if (error) {
            *error = failure(QStringLiteral("ffmpeg stopped while receiving frames"));
        }
        return false;
    }
    QImage rgb = frame.size() == m_size
                     ? frame.convertToFormat(QImage::Format_RGB888)
                     : frame.scaled(m_size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                           .convertToFormat(QImage::Format_RGB888);
    // QImage pads its lines to 4 bytes; rawvideo wants them packed
    const qsizetype lineBytes = static_cast<qsizetype>(m_size.width()) * 3;
    m_frame.resize(lineBytes * m_size.height());
    for (int y = 0; y < m_size.height(); ++y) {
        std::memcpy(m_frame.data() + y * lineBytes, rgb.constScanLine(y),
                    static_cast<std::size_t>(lineBytes));
    }
    if (m_process.write(m_frame) != m_frame.size()) {
        if (error) {
            *error = failure(QStringLiteral("Could not send a frame to ffmpeg"));
        }
        return false;
    }
    // let ffmpeg catch up so that at most a few frames wait in memory
    while (m_process.bytesToWrite() > kBufferedFrames * m_frame.size()) {
        m_process.waitForBytesWritten(kPollMs);
        m_stderr += m_process.readAllStandardError();
        if (m_process.state() != QProcess::Running) {
            if (error) {
                *error = failure(QStringLiteral("ffmpeg stopped while receiving frames"));
            }
            return false;
        }
    }
    m_stderr += m_process.readAllStandardError();
    return true;
}

bool FfmpegPipe::finish(const std::function<bool()>& keepAlive, QString* error) {
    // flush what is still buffered, then signal the end of the input
    while (m_process.bytesToWrite() > 0 && m_process.state() == QProcess::Running) {
        m_process.waitForBytesWritten(kPollMs);
        if (keepAlive && !keepAlive()) {
            kill();
            return false;
        }
    }
    m_process.closeWriteChannel();
    while (m_process.state() != QProcess::NotRunning) {
        m_process.waitForFinished(kPollMs);
        m_stderr += m_process.readAllStandardError();
        if (keepAlive && !keepAlive()) {
            kill();
            return false;
        }
    }
    m_stderr += m_process.readAllStandardError();
    if (m_process.exitStatus() != QProcess::NormalExit || m_process.exitCode() != 0) {
        if (error) {
            *error =
                failure(QStringLiteral("ffmpeg failed (exit code %1)").arg(m_process.exitCode()));
        }
        return false;
    }
    return true;
}

void FfmpegPipe::kill() {
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(kStartTimeoutMs);
    }
}

QString FfmpegPipe::stderrTail(int lines) {
    m_stderr += m_process.readAllStandardError();
    QStringList all = QString::fromLocal8Bit(m_stderr).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (all.size() > lines) {
        all = all.mid(all.size() - lines);
    }
    return all.join(QLatin1Char('\n'));
}

QString FfmpegPipe::failure(const QString& what) {
    const QString tail = stderrTail();
    return tail.isEmpty() ? what : what + QStringLiteral(":\n") + tail;
}

} // namespace sslm::ui
