// SPDX-License-Identifier: MIT
// The version and the git commit this build was made from, for `sslm --version` and About.
#pragma once

#include <string_view>

namespace sslm::build {

/// The release version, e.g. "0.1.0" (the CMake project's VERSION).
std::string_view version();

/// The short hash of the git commit the sources were built from, with "-dirty" when the work
/// tree had uncommitted changes; "unknown" when they were not built from a git checkout.
std::string_view commit();

} // namespace sslm::build
