// SPDX-License-Identifier: MIT
#include "app/cli/drive_history_csv.hpp"

#include <charconv>
#include <fstream>
#include <map>
#include <string_view>
#include <vector>

#include "app/cli/load_model.hpp"
#include "core/kinematics/configuration.hpp"

namespace sslm::cli {

namespace {

std::vector<std::string_view> splitFields(std::string_view line) {
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    std::vector<std::string_view> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        fields.push_back(line.substr(start, comma - start));
        if (comma == std::string_view::npos) {
            return fields;
        }
        start = comma + 1;
    }
}

std::optional<double> parseNumber(std::string_view text) {
    while (!text.empty() && text.front() == ' ') {
        text.remove_prefix(1);
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

/// Where each column a drive history needs is in the header, and what it drives.
struct HistoryColumns {
    int t = -1;
    std::vector<int> q;
    std::vector<int> qd;
    std::vector<int> tau;
    std::vector<int> driven;          ///< the coordinates with a tau column
    std::vector<std::string> missing; ///< needed columns the header lacks
};

HistoryColumns historyColumns(const std::vector<std::string_view>& header, const Model& model) {
    std::map<std::string, int, std::less<>> columnOf;
    for (std::size_t c = 0; c < header.size(); ++c) {
        columnOf.emplace(std::string(header[c]), static_cast<int>(c));
    }
    const auto column = [&](const std::string& name) {
        const auto it = columnOf.find(name);
        return it == columnOf.end() ? -1 : it->second;
    };
    HistoryColumns columns;
    for (const std::string& name : positionNames(model)) {
        columns.q.push_back(column("q." + name));
        if (columns.q.back() < 0) {
            columns.missing.push_back("q." + name);
        }
    }
    for (std::size_t k = 0; k < model.coordinates.size(); ++k) {
        const std::string& name = model.coordinates[k].name;
        columns.qd.push_back(column("qd." + name));
        if (columns.qd.back() < 0) {
            columns.missing.push_back("qd." + name);
        }
        if (const int tau = column("tau." + name); tau >= 0) {
            columns.driven.push_back(static_cast<int>(k));
            columns.tau.push_back(tau);
        }
    }
    columns.t = column("t");
    if (columns.t < 0) {
        columns.missing.insert(columns.missing.begin(), "t");
    }
    return columns;
}

/// Reads the rows after the header: t into history.t, q, qd and tau of each row one after the
/// other into `values`; false after saying on `err` which row is bad.
bool readRows(std::istream& in,
              const std::string& path,
              const std::vector<std::string_view>& header,
              const HistoryColumns& columns,
              DriveHistory& history,
              std::vector<double>& values,
              std::ostream& err) {
    std::string line;
    long lineNumber = 1;
    const std::size_t width = header.size();
    while (std::getline(in, line)) {
        ++lineNumber;
        if (line.empty() || line == "\r") {
            continue;
        }
        const std::vector<std::string_view> fields = splitFields(line);
        if (fields.size() != width) {
            err << path << ":" << lineNumber << ": error: " << fields.size()
                << " fields where the header has " << width << "\n";
            return false;
        }
        const auto read = [&](int c, double& out) {
            const std::optional<double> value = parseNumber(fields[static_cast<std::size_t>(c)]);
            if (!value) {
                err << path << ":" << lineNumber << ": error: column "
                    << header[static_cast<std::size_t>(c)] << " holds \""
                    << fields[static_cast<std::size_t>(c)] << "\", not a number\n";
                return false;
            }
            out = *value;
            return true;
        };
        double t = 0;
        if (!read(columns.t, t)) {
            return false;
        }
        history.t.push_back(t);
        for (const std::vector<int>* row : {&columns.q, &columns.qd, &columns.tau}) {
            for (const int c : *row) {
                double value = 0;
                if (!read(c, value)) {
                    return false;
                }
                values.push_back(value);
            }
        }
    }
    return true;
}

} // namespace

std::optional<DriveHistory>
readDriveHistory(const std::string& path, const Model& model, std::ostream& err) {
    std::ifstream in(path);
    if (!in) {
        err << path << ": error: cannot open the inverse-dynamics CSV\n";
        return std::nullopt;
    }
    std::string headerLine;
    if (!std::getline(in, headerLine)) {
        err << path << ": error: the file is empty; write it with `sslm inverse ... --out " << path
            << "`\n";
        return std::nullopt;
    }
    const std::vector<std::string_view> header = splitFields(headerLine);
    const HistoryColumns columns = historyColumns(header, model);
    if (!columns.missing.empty()) {
        err << path << ":1: error: the header has no column " << joinNames(columns.missing)
            << "; use a CSV that `sslm inverse` wrote for this mechanism with the same cut "
               "joints (--cut)\n";
        return std::nullopt;
    }
    if (columns.driven.empty()) {
        err << path << ":1: error: the header has no tau.<coordinate> column for any coordinate "
            << "of " << model.name << "; use a CSV that `sslm inverse` wrote for it\n";
        return std::nullopt;
    }
    DriveHistory history;
    history.driven = columns.driven;
    std::vector<double> values;
    if (!readRows(in, path, header, columns, history, values, err)) {
        return std::nullopt;
    }
    // samples are columns: q, qd and tau of sample k are consecutive in `values`
    const auto count = static_cast<Eigen::Index>(history.t.size());
    const auto nd = static_cast<Eigen::Index>(history.driven.size());
    const auto np = static_cast<Eigen::Index>(model.nq());
    const auto nv = static_cast<Eigen::Index>(model.coordinates.size());
    const Eigen::Map<const Eigen::MatrixXd> all(values.data(), np + nv + nd, count);
    history.q = all.topRows(np);
    history.qd = all.middleRows(np, nv);
    history.tau = all.bottomRows(nd);
    if (const std::string problem = driveHistoryError(model, history); !problem.empty()) {
        err << path << ": error: " << problem << "\n";
        return std::nullopt;
    }
    return history;
}

} // namespace sslm::cli
