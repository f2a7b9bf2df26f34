// SPDX-License-Identifier: MIT
#include "core/study/study_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/util/text.hpp"

namespace sslm {

namespace {

constexpr std::pair<StudyMetric::Function, const char*> kFunctions[] = {
    {StudyMetric::Function::Max, "max"},         {StudyMetric::Function::Min, "min"},
    {StudyMetric::Function::MaxAbs, "max_abs"},  {StudyMetric::Function::Mean, "mean"},
    {StudyMetric::Function::Rms, "rms"},         {StudyMetric::Function::Final, "final"},
    {StudyMetric::Function::Initial, "initial"}, {StudyMetric::Function::Range, "range"},
};

constexpr const char* kForms = "FUNCTION(COLUMN) with FUNCTION max, min, max_abs, mean, rms, "
                               "final, initial or range, or summary.KEY";

} // namespace

StudyMetric parseMetric(const std::string& text) {
    StudyMetric metric;
    metric.text = text;
    if (text.starts_with("summary.") && text.size() > 8) {
        metric.function = StudyMetric::Function::Summary;
        metric.column = text.substr(8);
        return metric;
    }
    const auto open = text.find('(');
    if (open == std::string::npos || text.back() != ')' || open + 2 >= text.size()) {
        throw std::invalid_argument("metric '" + text + "': expected " + kForms);
    }
    const std::string name = text.substr(0, open);
    const auto function = text::kindIn(kFunctions, name);
    if (!function) {
        throw std::invalid_argument("metric '" + text + "': unknown function '" + name +
                                    "'; expected " + kForms);
    }
    metric.function = *function;
    metric.column = text.substr(open + 1, text.size() - open - 2);
    return metric;
}

double evaluateMetric(const StudyMetric& metric, const RunTable& table) {
    if (metric.function == StudyMetric::Function::Summary) {
        const nlohmann::json summary = nlohmann::json::parse(table.summaryJson);
        if (!summary.contains(metric.column) || !summary[metric.column].is_number()) {
            std::vector<std::string> keys;
            for (const auto& [key, value] : summary.items()) {
                if (value.is_number()) {
                    keys.push_back(key);
                }
            }
            throw std::invalid_argument("metric '" + metric.text +
                                        "': the run's summary has no "
                                        "number '" +
                                        metric.column + "' (it has " + text::joinNames(keys) + ")");
        }
        return summary[metric.column].get<double>();
    }
    const auto column = std::ranges::find(table.columns, metric.column);
    if (column == table.columns.end()) {
        throw std::invalid_argument("metric '" + metric.text + "': the run has no column '" +
                                    metric.column + "' (its columns are " +
                                    text::joinNames(table.columns) + ")");
    }
    const std::size_t rows = table.rows();
    if (rows == 0) {
        throw std::invalid_argument("metric '" + metric.text + "': the run has no samples");
    }
    const std::size_t width = table.columns.size();
    const std::size_t c = static_cast<std::size_t>(column - table.columns.begin());
    const auto at = [&](std::size_t row) {
        return table.values[row * width + c];
    };
    double max = -INFINITY;
    double min = INFINITY;
    double maxAbs = 0;
    double sum = 0;
    double squares = 0;
    for (std::size_t row = 0; row < rows; ++row) {
        const double x = at(row);
        max = std::max(max, x);
        min = std::min(min, x);
        maxAbs = std::max(maxAbs, std::abs(x));
        sum += x;
        squares += x * x;
    }
    const double n = static_cast<double>(rows);
    switch (metric.function) {
    case StudyMetric::Function::Max:
        return max;
    case StudyMetric::Function::Min:
        return min;
    case StudyMetric::Function::MaxAbs:
        return maxAbs;
    case StudyMetric::Function::Mean:
        return sum / n;
    case StudyMetric::Function::Rms:
        return std::sqrt(squares / n);
    case StudyMetric::Function::Final:
        return at(rows - 1);
    case StudyMetric::Function::Initial:
        return at(0);
    case StudyMetric::Function::Range:
        return max - min;
    case StudyMetric::Function::Summary:
        break;
    }
    return 0.0;
}

} // namespace sslm
