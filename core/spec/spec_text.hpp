// SPDX-License-Identifier: MIT
#pragma once

// Text helpers shared by the mechanism-file reader and the Spec validator: JSON paths such as
// "joints[3].parent.body" and "did you mean" hints. User text quoted safely into messages and
// numbers come from core/util/text.hpp, named here too.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/text.hpp"

namespace sslm::spec_text {

using text::inQuotes;
using text::number;
using text::shortened;

/// The path of member `key` of the object at `path`: "a.key", or "a[\"odd key\"]" when the key
/// is not a plain identifier. Very long keys are shortened.
std::string member(const std::string& path, std::string_view key);

/// The path of element `index` of the array at `path`: "a[index]".
std::string element(const std::string& path, std::size_t index);

/// A body as messages name it: its display name as the file gives it ("#2 rocker"), else its
/// id in quotes ('link2'); shortened, control characters replaced.
std::string bodyName(std::string_view id, std::string_view name);

/// Levenshtein distance (insertions, deletions, substitutions), case-sensitive.
std::size_t editDistance(std::string_view a, std::string_view b);

/// The hint for `word`, which is none of `candidates`: "did you mean 'x'?" when x is the
/// candidate closest to it and close enough to be a plausible typo, else `otherwise` followed
/// by the candidates quoted ("use one of 'a', 'b'").
std::string suggestion(std::string_view word,
                       const std::vector<std::string_view>& candidates,
                       std::string_view otherwise);

/// "'a', 'b', 'c'", at most `limit` items followed by "and N more".
std::string listQuoted(const std::vector<std::string>& items, std::size_t limit = 20);
std::string listQuoted(const std::vector<std::string_view>& items, std::size_t limit = 20);

} // namespace sslm::spec_text
