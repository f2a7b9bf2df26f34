// SPDX-License-Identifier: MIT
#include "ui/export/python_script.hpp"

#include <QDateTime>
#include <QStringList>

#include "core/sim/sample_csv.hpp"
#include "core/spec/spec_json.hpp"

namespace sslm::ui {

namespace {

/// A Python float literal that reads back as the same double.
QString literal(double value) {
    std::string text;
    appendCsvNumber(text, value); // shortest round-trip form
    QString out = QString::fromStdString(text);
    if (!out.contains(QLatin1Char('.')) && !out.contains(QLatin1Char('e')) &&
        !out.contains(QLatin1String("inf")) && !out.contains(QLatin1String("nan"))) {
        out += QStringLiteral(".0");
    }
    return out;
}

/// A Python string literal (double quotes, escaped).
QString quoted(const QString& text) {
    QString out = text;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    out.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

/// The file's JSON inside a triple-quoted Python string: backslashes doubled, and any run of
/// three quotes broken by escaping its third, so that any text survives.
QString embeddedJson(const MechanismSpec& spec) {
    QString json = QString::fromStdString(toJson(spec));
    json.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    json.replace(QStringLiteral("\"\"\""), QStringLiteral("\"\"\\\""));
    return QStringLiteral("\"\"\"\\\n") + json + QStringLiteral("\"\"\"");
}

} // namespace

QString
pythonScript(const MechanismSpec& spec, const QString& sourcePath, const PythonScriptRun& run) {
    const SimulationSettings& s = run.settings;
    QStringList cuts;
    for (const std::string& cut : run.cuts) {
        cuts << quoted(QString::fromStdString(cut));
    }
    QStringList lines;
    lines << QStringLiteral("#!/usr/bin/env python3")
          << QStringLiteral("\"\"\"%1 as SSLM Studio had it (%2): the mechanism and the run "
                            "settings.")
                 .arg(
                     QString::fromStdString(spec.name).replace(QLatin1Char('"'), QLatin1Char('\'')),
                     QDateTime::currentDateTime().toString(Qt::ISODate))
          << QString()
          << QStringLiteral("Run it with the module on the path, e.g. from the build tree:")
          << QStringLiteral("    PYTHONPATH=build/python /usr/bin/python3 %1")
                 .arg(QStringLiteral("this_script.py"))
          << QStringLiteral("It writes the run's columns (named as in the sslm CLI's CSV) beside "
                            "itself and prints the run's summary.")
          << QStringLiteral("\"\"\"") << QString() << QStringLiteral("import json")
          << QStringLiteral("import pathlib") << QString() << QStringLiteral("import numpy")
          << QStringLiteral("import sslm") << QString();
    if (!sourcePath.isEmpty()) {
        lines << (run.unsavedEdits
                      ? QStringLiteral("# from %1, with the edits not saved there").arg(sourcePath)
                      : QStringLiteral("# the document of %1").arg(sourcePath));
    }
    lines << QStringLiteral("MECHANISM = json.loads(%1)").arg(embeddedJson(spec)) << QString()
          << QStringLiteral("mechanism = sslm.Mechanism.from_dict(MECHANISM)")
          << QStringLiteral("CUT = [%1]").arg(cuts.join(QStringLiteral(", "))) << QString();

    if (run.kind == RunKind::Forward) {
        QStringList options;
        options << QStringLiteral("solver=%1").arg(quoted(QLatin1String(solverName(s.solver))))
                << QStringLiteral("integrator=%1")
                       .arg(quoted(QLatin1String(integratorName(s.integrator))))
                << QStringLiteral("t_end=%1").arg(literal(s.tEnd))
                << QStringLiteral("dt=%1").arg(literal(s.step))
                << QStringLiteral("rtol=%1").arg(literal(s.rtol))
                << QStringLiteral("atol=%1").arg(literal(s.atol))
                << QStringLiteral("sample=%1").arg(literal(s.sampleInterval))
                << QStringLiteral("stabilise=%1")
                       .arg(quoted(QLatin1String(stabilisationName(s.stabilisation))))
                << QStringLiteral("alpha=%1").arg(literal(s.baumgarteAlpha))
                << QStringLiteral("beta=%1").arg(literal(s.baumgarteBeta))
                << QStringLiteral("singularity_tolerance=%1").arg(literal(s.singularityTolerance))
                << QStringLiteral("cut=CUT");
        lines << QStringLiteral("# forward dynamics with the run panel's settings")
              << QStringLiteral("result = mechanism.simulate(") +
                     options.join(QStringLiteral(",\n    ")) + QStringLiteral(")");
    } else {
        QStringList speeds;
        for (const auto& [name, speed] : run.speeds) {
            speeds << QStringLiteral("%1: %2").arg(quoted(QString::fromStdString(name)),
                                                   literal(speed));
        }
        if (run.kind == RunKind::Forced) {
            lines << QStringLiteral("# the window's forced run (the torques of this motion "
                                    "driving the forward dynamics) is")
                  << QStringLiteral("# not in the Python module yet: this is the inverse "
                                    "dynamics of the same motion");
        }
        lines << QStringLiteral("# inverse dynamics: the driven coordinates at constant speed")
              << QStringLiteral("result = mechanism.inverse(speed={%1}, t_end=%2, sample=%3, "
                                "cut=CUT)")
                     .arg(speeds.join(QStringLiteral(", ")), literal(s.tEnd),
                          literal(s.sampleInterval));
    }
    lines << QString() << QStringLiteral("out = pathlib.Path(__file__).with_suffix(\".csv\")")
          << QStringLiteral("numpy.savetxt(out, result.values, delimiter=\",\",")
          << QStringLiteral("              header=\",\".join(result.columns), comments=\"\", "
                            "fmt=\"%.17g\")")
          << QStringLiteral("print(f\"{len(result['t'])} samples written to {out}\")")
          << QStringLiteral("for key, value in result.summary.items():")
          << QStringLiteral("    print(f\"{key}: {value}\")") << QString();
    return lines.join(QLatin1Char('\n'));
}

} // namespace sslm::ui
