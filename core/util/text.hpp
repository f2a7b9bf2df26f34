// SPDX-License-Identifier: MIT
#pragma once

// Text for messages shared across core and the CLI: user text quoted safely, text shortened
// without splitting a UTF-8 sequence, numbers and lengths, and lists of names.

#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
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

/// `prefix` followed by the smallest k ≥ 1 for which taken(name) is false: numberedName("J",
/// isJoint) is "J4" when J1, J2 and J3 are joints.
std::string numberedName(const std::string& prefix,
                         const std::function<bool(const std::string&)>& taken);

/// `text` cut at every `separator`: split("a:b:", ':') is {"a", "b", ""}, split("", ':') {""}.
std::vector<std::string> split(std::string_view text, char separator);

/// std::invoke(name, item) for each of `items`: mapped(spec.joints, &JointSpec::name), or
/// mapped(model.cuts, [&](int j) { return model.joints[j].name; }).
template <class Range, class Name> std::vector<std::string> mapped(const Range& items, Name name) {
    std::vector<std::string> out;
    for (const auto& item : items) {
        out.emplace_back(std::invoke(name, item));
    }
    return out;
}

/// The set of std::invoke(name, item) over `items`: nameSet(spec.bodies, &BodySpec::id).
template <class Range, class Name> std::set<std::string> nameSet(const Range& items, Name name) {
    std::set<std::string> out;
    for (const auto& item : items) {
        out.emplace(std::invoke(name, item));
    }
    return out;
}

/// joinNames(mapped(items, name), separator).
template <class Range, class Name>
std::string joined(const Range& items, std::string_view separator, Name name) {
    return joinNames(mapped(items, name), separator);
}

/// The name of `kind` in a table of an enum's names, or `fallback`.
template <class Kind, std::size_t N>
const char*
nameIn(const std::pair<Kind, const char*> (&names)[N], Kind kind, const char* fallback = "?") {
    for (const auto& [known, name] : names) {
        if (known == kind) {
            return name;
        }
    }
    return fallback;
}

/// The value named `name` in a table of an enum's names, if any.
template <class Kind, std::size_t N>
std::optional<Kind> kindIn(const std::pair<Kind, const char*> (&names)[N],
                           const std::string& name) {
    for (const auto& [kind, known] : names) {
        if (name == known) {
            return kind;
        }
    }
    return std::nullopt;
}

/// "'name' (a, b, c)": an unknown name and the table's names.
template <class Kind, std::size_t N>
std::string unknownName(const std::pair<Kind, const char*> (&names)[N], const std::string& name) {
    return "'" + name + "' (" + joined(names, ", ", [](const auto& n) { return n.second; }) + ")";
}

} // namespace sslm::text
