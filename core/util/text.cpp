// SPDX-License-Identifier: MIT
#include "core/util/text.hpp"

#include <cstdio>

namespace sslm::text {
namespace {

constexpr std::size_t kMaxQuotedBytes = 60;

/// A prefix of `text` of at most `limit` bytes that does not split a UTF-8 sequence.
std::string_view utf8Prefix(std::string_view text, std::size_t limit) {
    if (text.size() <= limit) {
        return text;
    }
    std::size_t n = limit;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0u) == 0x80u) {
        --n;
    }
    return text.substr(0, n);
}

} // namespace

std::string shortened(std::string_view text, std::size_t limit) {
    std::string out(utf8Prefix(text, limit));
    if (out.size() < text.size()) {
        out += "...";
    }
    return out;
}

std::string inQuotes(std::string_view text) {
    std::string out = "'";
    for (const char c : shortened(text, kMaxQuotedBytes)) {
        out += (static_cast<unsigned char>(c) < 0x20u || c == 0x7f) ? '?' : c;
    }
    return out + "'";
}

std::string number(double value, int significantDigits) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", significantDigits, value);
    return buffer;
}

std::string metres(double value, int significantDigits) {
    return number(value, significantDigits) + " m";
}

std::string numberedName(const std::string& prefix,
                         const std::function<bool(const std::string&)>& taken) {
    for (int k = 1;; ++k) {
        std::string name = prefix + std::to_string(k);
        if (!taken(name)) {
            return name;
        }
    }
}

std::vector<std::string> split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    for (std::size_t begin = 0;;) {
        const std::size_t end = text.find(separator, begin);
        parts.emplace_back(text.substr(begin, end == std::string_view::npos ? end : end - begin));
        if (end == std::string_view::npos) {
            return parts;
        }
        begin = end + 1;
    }
}

std::string joinNames(const std::vector<std::string>& names, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) {
            out += separator;
        }
        out += names[i];
    }
    return out;
}

} // namespace sslm::text
