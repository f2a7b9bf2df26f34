// SPDX-License-Identifier: MIT
#pragma once

// Text for messages shared across core and the CLI: user text quoted safely, and text shortened
// without splitting a UTF-8 sequence.

#include <cstddef>
#include <string>
#include <string_view>

namespace sslm::text {

/// `text` shortened to at most `limit` bytes (without splitting a UTF-8 sequence), "..." appended
/// when shortened.
std::string shortened(std::string_view text, std::size_t limit);

/// User text in single quotes for a message, shortened to about 60 bytes, control characters
/// replaced.
std::string inQuotes(std::string_view text);

} // namespace sslm::text
