// SPDX-License-Identifier: MIT
// Names of runs by what tells them apart from the run before.
#include "ui/sim/run_naming.hpp"

#include <QStringList>

#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

namespace {

QString number(double value) {
    return QString::number(value, 'g', 6);
}

/// The settings of `run` that differ from those of `previous`, as "word value".
QStringList settingDifferences(const SimulationRun& run, const SimulationRun& previous) {
    const SimulationSettings& a = run.settings();
    const SimulationSettings& b = previous.settings();
    QStringList out;
    if (run.kind() != previous.kind()) {
        out << runKindText(run.kind()).toLower();
    }
    if (a.solver != b.solver) {
        out << QStringLiteral("solver %1").arg(QString::fromLatin1(solverName(a.solver)).toUpper());
    }
    if (a.integrator != b.integrator) {
        out << QString::fromLatin1(integratorName(a.integrator));
    }
    if (a.integrator == IntegratorKind::Rk4 && a.step != b.step) {
        out << QStringLiteral("step %1 s").arg(number(a.step));
    }
    if (a.rtol != b.rtol) {
        out << QStringLiteral("rtol %1").arg(number(a.rtol));
    }
    if (a.atol != b.atol) {
        out << QStringLiteral("atol %1").arg(number(a.atol));
    }
    if (a.tEnd != b.tEnd) {
        out << QStringLiteral("%1 s").arg(number(a.tEnd));
    }
    if (a.sampleInterval != b.sampleInterval) {
        out << QStringLiteral("sample %1 s").arg(number(a.sampleInterval));
    }
    if (a.stabilisation != b.stabilisation) {
        out << QString::fromLatin1(stabilisationName(a.stabilisation));
    }
    return out;
}

} // namespace

QString
describeRun(const SimulationRun& run, const SimulationRun* previous, const QString& documentLabel) {
    const QString id = QStringLiteral("Run %1").arg(run.id());
    QStringList what;
    if (previous == nullptr) {
        what << (documentLabel.isEmpty() ? QString::fromStdString(run.model()->name)
                                         : documentLabel);
        if (run.kind() != RunKind::Forward) {
            what << runKindText(run.kind()).toLower();
        }
    } else {
        if (run.cuts() != previous->cuts()) {
            what << QStringLiteral("cuts %1").arg(run.cuts().join(QLatin1Char(',')));
        }
        what << settingDifferences(run, *previous);
    }
    what.removeAll(QString());
    return what.isEmpty() ? id : QStringLiteral("%1 · %2").arg(id, what.join(QStringLiteral(", ")));
}

} // namespace sslm::ui
