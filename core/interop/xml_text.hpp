// SPDX-License-Identifier: MIT
#pragma once

// Text for the exporters' XML (MJCF, SDFormat, URDF): numbers in the shortest form that reads
// back to the same double, in the C locale; attribute values and comments made safe; the
// primitive shapes URDF and SDFormat name alike.

#include <array>
#include <charconv>
#include <string>
#include <string_view>
#include <utility>

#include <Eigen/Core>

#include "core/spec/mechanism_spec.hpp"

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

/// How a format writes an element's values: as attributes, <box size="1 2 3"/> (URDF), or as
/// child elements, <box><size>1 2 3</size></box> (SDFormat).
enum class XmlValueStyle { Attributes, Elements };

/// <tag name="value" …/> or <tag><name>value</name>…</tag>, values already escaped.
inline std::string
xmlElement(std::string_view tag,
           std::initializer_list<std::pair<std::string_view, std::string>> values,
           XmlValueStyle style) {
    const std::string name(tag);
    if (style == XmlValueStyle::Attributes) {
        std::string out = "<" + name;
        for (const auto& [key, value] : values) {
            out += " " + std::string(key) + "=\"" + value + "\"";
        }
        return out + "/>";
    }
    std::string out = "<" + name + ">";
    for (const auto& [key, value] : values) {
        out += "<" + std::string(key) + ">" + value + "</" + std::string(key) + ">";
    }
    return out + "</" + name + ">";
}

/// The <box>, <cylinder> or <sphere> element of a primitive visual (m), named alike in URDF and
/// SDFormat; empty for a mesh, whose element each format writes its own way.
inline std::string primitiveGeometry(const VisualSpec& v, XmlValueStyle style) {
    switch (v.kind) {
    case VisualKind::Box:
        return xmlElement("box", {{"size", xmlVector(v.size)}}, style);
    case VisualKind::Cylinder:
        return xmlElement(
            "cylinder", {{"radius", xmlNumber(v.radius)}, {"length", xmlNumber(v.length)}}, style);
    case VisualKind::Sphere:
        return xmlElement("sphere", {{"radius", xmlNumber(v.radius)}}, style);
    case VisualKind::Mesh:
        break;
    }
    return {};
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
