// SPDX-License-Identifier: MIT
#include "core/interop/xml_error.hpp"

namespace sslm {

Diagnostic malformedXml(const tinyxml2::XMLDocument& doc, const std::string& source) {
    Diagnostic d;
    d.where = source +
              (doc.ErrorLineNum() > 0 ? ":" + std::to_string(doc.ErrorLineNum()) : std::string());
    // ErrorStr() is "Error=NAME ErrorID=… Line number=N: detail"; keep the detail
    std::string detail = doc.ErrorStr();
    if (const std::size_t at = detail.find("Line number="); at != std::string::npos) {
        const std::size_t start = detail.find(": ", at);
        detail = start == std::string::npos ? std::string() : detail.substr(start + 2);
    }
    d.message = std::string("malformed XML (") + doc.ErrorName() + ")" +
                (detail.empty() ? std::string() : ": " + detail);
    if (doc.ErrorID() == tinyxml2::XML_ERROR_MISMATCHED_ELEMENT) {
        d.message += ": an element is closed by the end tag of another (is the element that "
                     "starts on this line closed?)";
    }
    d.hint = "fix the XML at that line (an unclosed or mismatched tag, a stray '<' or '&', an "
             "unquoted attribute)";
    return d;
}

} // namespace sslm
