// SPDX-License-Identifier: MIT
#pragma once

// TinyXML2's parse error as the importers report it: the file and line, TinyXML2's own detail,
// and the usual fixes. Shared by the URDF and SDFormat importers' first pass.

#include <string>

#include "core/util/diagnostic.hpp"

#include <tinyxml2.h>

namespace sslm {

/// The error of a `doc` whose Parse failed; `source` names the file.
Diagnostic malformedXml(const tinyxml2::XMLDocument& doc, const std::string& source);

} // namespace sslm
