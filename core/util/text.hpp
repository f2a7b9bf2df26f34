// SPDX-License-Identifier: MIT
#pragma once

// Text for messages shared across core and the CLI: user text quoted safely, text shortened
// without splitting a UTF-8 sequence, numbers and lengths, and lists of names.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sslm::text {

/// `text` shortened to at most `limit` bytes (without splitting a UTF-8 sequence), "..." appended
/// when shortened.
std::string shortened(std::string_view text, std::size_t limit);

/// User text in single quotes for a message, shortened to about 60 bytes, control characters
/// replaced.
std::string inQuotes(std::string_view text);

/// A number for a message with at most `significantDigits` digits ("1.5", "-0.001", "inf").
std::string number(double value, int significantDigits = 10);

/// A length for a message: number(value, significantDigits) and " m", e.g. "0.35 m".
std::string metres(double value, int significantDigits = 10);

/// The names joined by `separator`: joinNames({"J1", "J2"}, ", ") is "J1, J2"; "" when empty.
std::string joinNames(const std::vector<std::string>& names, std::string_view separator = ", ");

/// std::invoke(name, item) for each of `items`: mapped(spec.joints, &JointSpec::name), or
/// mapped(model.cuts, [&](int j) { return model.joints[j].name; }).
template <class Range, class Name> std::vector<std::string> mapped(const Range& items, Name name) {
    std::vector<std::string> out;
    for (const auto& item : items) {
        out.emplace_back(std::invoke(name, item));
    }
    return out;
}

/// joinNames(mapped(items, name), separator).
template <class Range, class Name>
std::string joined(const Range& items, std::string_view separator, Name name) {
    return joinNames(mapped(items, name), separator);
}

} // namespace sslm::text
