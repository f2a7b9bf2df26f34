// SPDX-License-Identifier: MIT
#include "ui/sim/assembly_mode_listing.hpp"

#include <algorithm>
#include <atomic>

#include <QEventLoop>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/workspace.hpp"

namespace sslm::ui {

namespace {

constexpr int kDialogAfterMs = 300; ///< a quick listing shows no dialog
constexpr int kPollMs = 50;         ///< how often the dialog reads the worker's count

/// What the worker and the dialog share: the worker counts, the dialog cancels.
struct Listing {
    std::atomic<int> tried{0};
    std::atomic<int> trials{1};
    std::atomic<bool> cancelled{false};
};

} // namespace

std::optional<std::vector<Eigen::VectorXd>>
listAssemblyModes(std::shared_ptr<const Model> model, Eigen::VectorXd q, QWidget* parent) {
    auto listing = std::make_shared<Listing>();
    QFutureWatcher<std::vector<Eigen::VectorXd>> watcher;
    QEventLoop wait;
    QObject::connect(&watcher, &QFutureWatcherBase::finished, &wait, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run([model, q = std::move(q), listing] {
        Workspace ws(*model);
        return assemblyModes(*model, ws, q, model->independent, {}, [&](int tried, int trials) {
            listing->tried.store(tried);
            listing->trials.store(trials);
            return !listing->cancelled.load();
        });
    }));
    if (!watcher.isFinished()) {
        QProgressDialog dialog(QObject::tr("Listing the assembly modes at these inputs:\nthe "
                                           "first assembly…"),
                               QObject::tr("Cancel"), 0, 1, parent);
        dialog.setWindowTitle(QObject::tr("Assembly Modes"));
        dialog.setWindowModality(Qt::WindowModal);
        dialog.setMinimumDuration(kDialogAfterMs);
        dialog.setAutoReset(false);
        QObject::connect(&dialog, &QProgressDialog::canceled, &wait,
                         [listing] { listing->cancelled.store(true); });
        QTimer poll;
        poll.setInterval(kPollMs);
        QObject::connect(&poll, &QTimer::timeout, &dialog, [&dialog, listing] {
            const int tried = listing->tried.load();
            const int trials = listing->trials.load();
            dialog.setMaximum(trials);
            dialog.setLabelText(QObject::tr("Listing the assembly modes at these inputs:\n"
                                            "assembly %1 of %2 tried")
                                    .arg(tried)
                                    .arg(trials));
            // the maximum itself would close the dialog before the worker has finished, and
            // the minimum again would restart its 300 ms wait
            const int value = std::min(tried, trials - 1);
            if (value != dialog.value()) {
                dialog.setValue(value);
            }
        });
        dialog.setValue(0);
        poll.start();
        wait.exec();
    }
    if (listing->cancelled.load()) {
        return std::nullopt;
    }
    return watcher.result();
}

} // namespace sslm::ui
