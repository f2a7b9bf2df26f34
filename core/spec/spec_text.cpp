// SPDX-License-Identifier: MIT
#include "core/spec/spec_text.hpp"

#include <algorithm>
#include <optional>
#include <span>

namespace sslm::spec_text {
namespace {

constexpr std::size_t kMaxShownBytes = 60;

bool isIdentifier(std::string_view key) {
    if (key.empty()) {
        return false;
    }
    return std::ranges::all_of(key, [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-';
    });
}

} // namespace

std::string member(const std::string& path, std::string_view key) {
    if (isIdentifier(key)) {
        return path.empty() ? std::string(key) : path + "." + std::string(key);
    }
    // odd keys are written as ["key"] with quotes and backslashes escaped
    std::string escaped;
    for (const char c : shortened(key, kMaxShownBytes)) {
        if (c == '"' || c == '\\') {
            escaped += '\\';
        }
        escaped += (static_cast<unsigned char>(c) < 0x20u) ? '?' : c;
    }
    return path + "[\"" + escaped + "\"]";
}

std::string element(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

std::string bodyName(std::string_view id, std::string_view name) {
    if (name.empty() || name == id) {
        return id == "ground" ? std::string(id) : inQuotes(id); // "the ground (1 m)"
    }
    const std::string quoted = inQuotes(name);
    return quoted.substr(1, quoted.size() - 2);
}

std::size_t editDistance(std::string_view a, std::string_view b) {
    // one row of the Wagner-Fischer table
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] =
                std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string suggestion(std::string_view word,
                       const std::vector<std::string_view>& candidates,
                       std::string_view otherwise) {
    std::optional<std::string_view> best;
    std::size_t bestDistance = 0;
    // long words are no typo of a known key; skip them rather than spend quadratic time
    if (!word.empty() && word.size() <= 64) {
        for (const std::string_view candidate : candidates) {
            const std::size_t d = editDistance(word, candidate);
            if (!best || d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
    }
    // plausible: at most a third of the longer word changed, and never more than 3 edits
    if (best && bestDistance <= 3 && 3 * bestDistance <= std::max(word.size(), best->size())) {
        return "did you mean '" + std::string(*best) + "'?";
    }
    return std::string(otherwise) + listQuoted(candidates);
}

std::string listQuoted(const std::vector<std::string>& items, std::size_t limit) {
    return listQuoted(std::vector<std::string_view>(items.begin(), items.end()), limit);
}

std::string listQuoted(const std::vector<std::string_view>& items, std::size_t limit) {
    const std::size_t shown = std::min(items.size(), limit);
    std::string out = text::joined(std::span(items).first(shown), ", ", inQuotes);
    if (items.size() > shown) {
        out += " and " + std::to_string(items.size() - shown) + " more";
    }
    return out;
}

} // namespace sslm::spec_text
