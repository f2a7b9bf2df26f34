// SPDX-License-Identifier: MIT
#include "ui/sim/run_kind.hpp"

#include <QCoreApplication>

namespace sslm::ui {

QString runKindText(RunKind kind) {
    switch (kind) {
    case RunKind::Forward:
        return QCoreApplication::translate("RunKind", "Forward dynamics");
    case RunKind::Inverse:
        return QCoreApplication::translate("RunKind", "Inverse dynamics");
    case RunKind::Forced:
        return QCoreApplication::translate("RunKind", "Forced simulation");
    }
    return {};
}

std::vector<int> PrescribedDrive::drivenCoordinates() const {
    std::vector<int> driven;
    driven.reserve(motions.size());
    for (const DrivenMotion& motion : motions) {
        driven.push_back(motion.coordinate);
    }
    return driven;
}

} // namespace sslm::ui
