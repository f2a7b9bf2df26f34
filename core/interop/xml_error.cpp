// SPDX-License-Identifier: MIT
#include "core/interop/xml_error.hpp"

#include "core/interop/import_sink.hpp"

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

const tinyxml2::XMLElement* parseRootElement(tinyxml2::XMLDocument& doc,
                                             std::string_view text,
                                             std::string_view root,
                                             const std::string& hint,
                                             ImportSink& sink) {
    if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
        sink.add(malformedXml(doc, sink.source()));
        return nullptr;
    }
    const tinyxml2::XMLElement* element = doc.RootElement();
    if (element == nullptr || std::string_view(element->Name()) != root) {
        sink.error(element ? element->Name() : "", element ? element->GetLineNum() : 0,
                   "the root element is not <" + std::string(root) + ">", hint);
        return nullptr;
    }
    return element;
}

} // namespace sslm
