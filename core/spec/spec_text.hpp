// SPDX-License-Identifier: MIT
#pragma once

// Text helpers shared by the mechanism-file reader and the Spec validator: JSON paths such as
// "joints[3].parent.body", user text quoted safely into messages, and "did you mean" hints.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sslm::spec_text {

/// The path of member `key` of the object at `path`: "a.key", or "a[\"odd key\"]" when the key
/// is not a plain identifier. Very long keys are shortened.
std::string member(const std::string& path, std::string_view key);

/// The path of element `index` of the array at `path`: "a[index]".
std::string element(const std::string& path, std::size_t index);

/// User text in single quotes for a message, shortened to about 60 bytes, control characters
/// replaced.
std::string inQuotes(std::string_view text);

/// `text` shortened to at most `limit` bytes (without splitting a UTF-8 sequence), "..." appended
/// when shortened.
std::string shortened(std::string_view text, std::size_t limit);

/// A body as messages name it: its display name as the file gives it ("#2 rocker"), else its
/// id in quotes ('link2'); shortened, control characters replaced.
std::string bodyName(std::string_view id, std::string_view name);

/// Levenshtein distance (insertions, deletions, substitutions), case-sensitive.
std::size_t editDistance(std::string_view a, std::string_view b);

/// The candidate closest to `word` if it is close enough to be a plausible typo.
std::optional<std::string> nearest(std::string_view word,
                                   const std::vector<std::string_view>& candidates);

/// "'a', 'b', 'c'", at most `limit` items followed by "and N more".
std::string listQuoted(const std::vector<std::string>& items, std::size_t limit = 20);
std::string listQuoted(const std::vector<std::string_view>& items, std::size_t limit = 20);

/// A number written for a message ("1.5", "-0.001", "inf").
std::string number(double value);

} // namespace sslm::spec_text
