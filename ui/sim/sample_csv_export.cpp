// SPDX-License-Identifier: MIT
#include "ui/sim/sample_csv_export.hpp"

#include <string>
#include <vector>

#include <QFile>

#include "core/sim/sample_csv.hpp"
#include "core/util/text.hpp"

namespace sslm::ui {

bool writeSamplesCsv(const SimulationRun& run, const QString& path, QString* error) {
    const Model& model = *run.model();
    // a forward run: the columns of `sslm simulate` (the store also holds |λ| columns the CSV
    // has not); an inverse or forced run: every stored column, named as in the plots
    std::vector<std::string> names;
    if (run.kind() == RunKind::Forward) {
        names = sampleCsvColumns(model);
    } else {
        for (const SampleColumn& column : run.layout().columns()) {
            names.push_back(column.name.toStdString());
        }
    }
    std::vector<int> columns;
    for (const std::string& name : names) {
        const int index = run.layout().indexOf(QString::fromStdString(name));
        if (index < 0) {
            if (error) {
                *error =
                    QStringLiteral("The run has no column %1.").arg(QString::fromStdString(name));
            }
            return false;
        }
        columns.push_back(index);
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error) {
            *error = QStringLiteral("Cannot write %1: %2").arg(path, file.errorString());
        }
        return false;
    }
    const SampleBlock block = run.samples().snapshotSince(0, columns);
    std::string line = text::joinNames(names, ",") + '\n';
    file.write(line.data(), static_cast<qint64>(line.size()));
    for (std::size_t row = 0; row < block.rows; ++row) {
        line.clear();
        for (std::size_t c = 0; c < block.columns.size(); ++c) {
            if (c > 0) {
                line += ',';
            }
            appendCsvNumber(line, block.columns[c][row]);
        }
        line += '\n';
        file.write(line.data(), static_cast<qint64>(line.size()));
    }
    if (!file.flush()) {
        if (error) {
            *error = QStringLiteral("Cannot write %1: %2").arg(path, file.errorString());
        }
        return false;
    }
    return true;
}

} // namespace sslm::ui
