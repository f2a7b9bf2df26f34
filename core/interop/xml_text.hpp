// SPDX-License-Identifier: MIT
#pragma once

// Text for the exporters' XML (MJCF, SDFormat, URDF): numbers in the shortest form that reads
// back to the same double, in the C locale; attribute values and comments made safe.

#include <array>
#include <charconv>
#include <string>
#include <string_view>

#include <Eigen/Core>

namespace sslm {

/// `value` as the shortest text that reads back to it exactly ("0.1", "1e-06", no "-0").
inline std::string xmlNumber(double value) {
    std::array<char, 32> buffer{};
    const auto end =
        std::to_chars(buffer.data(), buffer.data() + buffer.size(), value == 0 ? 0.0 : value).ptr;
    return {buffer.data(), end};
}

/// "x y z", each as xmlNumber.
inline std::string xmlVector(const Eigen::Vector3d& v) {
    return xmlNumber(v.x()) + ' ' + xmlNumber(v.y()) + ' ' + xmlNumber(v.z());
}

/// An attribute value or element text with XML's special characters escaped.
inline std::string xmlEscaped(std::string_view text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

/// Text for an XML comment: "--" may not appear in one.
inline std::string xmlComment(std::string text) {
    std::size_t at = 0;
    while ((at = text.find("--", at)) != std::string::npos) {
        text.replace(at, 2, "- -");
    }
    return text;
}

} // namespace sslm
