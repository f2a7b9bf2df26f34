// SPDX-License-Identifier: MIT
#include "core/util/text.hpp"

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

} // namespace sslm::text
