// SPDX-License-Identifier: MIT
#include "ui/sim/sample_csv_export.hpp"

#include <charconv>
#include <string>
#include <vector>

#include <QFile>

#include "core/sim/sample_csv.hpp"

namespace sslm::ui {

bool writeSamplesCsv(const SimulationRun& run, const QString& path, QString* error) {
    const Model& model = *run.model();
    // the store's index of each CSV column (the store also holds |λ| columns the CSV has not)
    const std::vector<std::string> names = sampleCsvColumns(model);
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
    std::string line = sampleCsvHeader(model) + '\n';
    file.write(line.data(), static_cast<qint64>(line.size()));
    char number[32];
    for (std::size_t row = 0; row < block.rows; ++row) {
        line.clear();
        for (std::size_t c = 0; c < block.columns.size(); ++c) {
            if (c > 0) {
                line += ',';
            }
            const auto result =
                std::to_chars(number, number + sizeof number, block.columns[c][row]);
            line.append(number, result.ptr);
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
