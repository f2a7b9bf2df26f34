// SPDX-License-Identifier: MIT
#pragma once

// Runs the built sslm executable and reads what it writes: shared by the command-line tests.

#include <vector>

#include <QtTest>

namespace sslm::fixtures {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline Run runSslm(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral(SSLM_CLI_EXE), arguments);
    Run run;
    if (!process.waitForStarted(10000)) {
        run.err = "could not start " SSLM_CLI_EXE;
        return run;
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        run.err = "timed out";
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

inline QString example(const char* name) {
    return QStringLiteral(SSLM_EXAMPLES_DIR "/") + QString::fromLatin1(name);
}

/// A CSV file of numbers with a header line.
struct Csv {
    QStringList header;
    std::vector<std::vector<double>> rows;

    qsizetype column(const QString& name) const { return header.indexOf(name); }
};

inline Csv readCsv(const QString& path) {
    Csv csv;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        return csv;
    }
    const QStringList lines =
        QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.isEmpty()) {
        return csv;
    }
    csv.header = lines.front().split(QLatin1Char(','));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        std::vector<double> row;
        for (const QString& cell : lines.at(i).split(QLatin1Char(','))) {
            row.push_back(cell.toDouble());
        }
        csv.rows.push_back(std::move(row));
    }
    return csv;
}

/// The done-means run: dopri5 at rtol = atol = 1e-12 over 2 s, CSV to `out`.
inline QStringList tightSimulation(const char* file, const QString& solver, const QString& out) {
    return {"simulate", example(file), "--integrator", "dopri5",  "--rtol",
            "1e-12",    "--atol",      "1e-12",        "--t-end", "2",
            "--solver", solver,        "--out",        out};
}

} // namespace sslm::fixtures
