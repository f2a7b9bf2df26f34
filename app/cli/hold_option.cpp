// SPDX-License-Identifier: MIT
#include "app/cli/hold_option.hpp"

#include <charconv>
#include <iostream>

#include "app/cli/load_model.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/statics/static_coordinates.hpp"

namespace sslm::cli {

namespace {

std::optional<double> number(std::string_view text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

} // namespace

std::optional<std::vector<CoordinateHold>>
parseHolds(const Model& model, const std::vector<std::string>& items, std::string& error) {
    std::vector<CoordinateHold> holds;
    for (const std::string& item : items) {
        const std::size_t eq = item.find('=');
        const std::optional<double> value =
            eq == std::string::npos ? std::nullopt : number(item.substr(eq + 1));
        if (!value) {
            error = "--hold '" + item + "' is not COORD=VALUE (rad or m), e.g. theta1=0.5";
            return std::nullopt;
        }
        const int k = namedCoordinate(model, item.substr(0, eq), error);
        if (k < 0) {
            error = "--hold '" + item + "': " + error;
            return std::nullopt;
        }
        holds.push_back({k, *value});
    }
    return holds;
}

std::optional<Sweep> parseSweep(const Model& model, const std::string& text, std::string& error) {
    const std::size_t eq = text.find('=');
    const std::string range = eq == std::string::npos ? std::string() : text.substr(eq + 1);
    const std::size_t first = range.find(':');
    const std::size_t second = first == std::string::npos ? first : range.find(':', first + 1);
    const std::optional<double> from =
        second == std::string::npos ? std::nullopt : number(range.substr(0, first));
    const std::optional<double> to =
        from ? number(range.substr(first + 1, second - first - 1)) : std::nullopt;
    const std::optional<double> count = to ? number(range.substr(second + 1)) : std::nullopt;
    if (!count || *count < 2 || *count > 100000 || *count != static_cast<int>(*count)) {
        error = "--sweep '" + text +
                "' is not COORD=FROM:TO:N with N from 2 to 100000, e.g. theta1=0:6.283:73";
        return std::nullopt;
    }
    Sweep sweep;
    sweep.coordinate = namedCoordinate(model, text.substr(0, eq), error);
    if (sweep.coordinate < 0) {
        error = "--sweep '" + text + "': " + error;
        return std::nullopt;
    }
    const int n = static_cast<int>(*count);
    for (int i = 0; i < n; ++i) {
        sweep.values.push_back(*from + (*to - *from) * i / (n - 1));
    }
    return sweep;
}

std::optional<StaticsStart> startStatics(const std::string& verb,
                                         const std::string& file,
                                         const std::optional<std::string>& cuts,
                                         const std::vector<std::string>& holds,
                                         double time) {
    StaticsStart start;
    start.model = loadModel(file, cuts, std::cerr);
    if (!start.model) {
        return std::nullopt;
    }
    const std::optional<InitialState> initial = assembleOrExplain(*start.model, file, std::cerr);
    if (!initial) {
        return std::nullopt;
    }
    start.pose = initial->q;
    std::string error;
    const std::optional<std::vector<CoordinateHold>> parsed =
        parseHolds(*start.model, holds, error);
    if (!parsed) {
        std::cerr << "sslm " << verb << ": error: " << error << '\n';
        return std::nullopt;
    }
    start.options.holds = *parsed;
    start.options.time = time;
    return start;
}

} // namespace sslm::cli
