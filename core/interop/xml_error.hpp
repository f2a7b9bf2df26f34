// SPDX-License-Identifier: MIT
#pragma once

// TinyXML2's parse error as the importers report it: the file and line, TinyXML2's own detail,
// and the usual fixes; and the first pass's start, the text parsed and its root element checked.
// Shared by the URDF and SDFormat importers.

#include <string>
#include <string_view>

#include "core/util/diagnostic.hpp"

#include <tinyxml2.h>

namespace sslm {

class ImportSink;

/// The error of a `doc` whose Parse failed; `source` names the file.
Diagnostic malformedXml(const tinyxml2::XMLDocument& doc, const std::string& source);

/// Parses `text` into `doc` and returns its root element when it is <`root`>; otherwise adds the
/// error to `sink`, located at its line (the XML malformed, or another root with `hint`, the
/// file's form), and returns nullptr.
const tinyxml2::XMLElement* parseRootElement(tinyxml2::XMLDocument& doc,
                                             std::string_view text,
                                             std::string_view root,
                                             const std::string& hint,
                                             ImportSink& sink);

} // namespace sslm
