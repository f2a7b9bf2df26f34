// SPDX-License-Identifier: MIT
#pragma once

// The edited document compiled off the GUI thread: compile() hands a description to a worker
// of the global thread pool (compileMechanism: validate, compile with its cuts, assemble) and
// compiled() brings the outcome back on the GUI thread. The last request wins: a generation
// counter drops the outcome of every compile asked before it (or before cancel()), and while
// one compile runs only the newest request waits, so a drag that edits at every mouse move
// compiles as often as the worker keeps up and shows the last one only.

#include <optional>

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include "core/spec/mechanism_spec.hpp"
#include "ui/document/mechanism_loader.hpp"

namespace sslm::ui {

class DocumentCompiler : public QObject {
    Q_OBJECT

public:
    explicit DocumentCompiler(QObject* parent = nullptr);
    ~DocumentCompiler() override;

    /// Compiles `spec` (saved at `path`, may be empty) on a worker; its outcome comes with
    /// compiled() unless another compile() or cancel() follows first.
    void compile(MechanismSpec spec, QString path);
    /// Drops the outcome of the compile asked last: the description it was for is gone.
    void cancel();
    /// A compile was asked whose outcome has not come yet.
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    /// The outcome of the last compile asked (on the GUI thread).
    void compiled(const sslm::ui::LoadOutcome& outcome);
    void busyChanged(bool busy);

private:
    struct Request {
        MechanismSpec spec;
        QString path;
        quint64 generation = 0;
    };
    void startNext();
    void onFinished();
    void setBusy(bool busy);

    QFutureWatcher<LoadOutcome> m_watcher;
    std::optional<Request> m_waiting; ///< the newest request, while a compile runs
    quint64 m_generation = 0;         ///< of the last request; cancel() moves it on
    quint64 m_running = 0;            ///< generation of the compile on the worker
    bool m_workerBusy = false;
    bool m_busy = false;
};

} // namespace sslm::ui
