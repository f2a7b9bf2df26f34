// SPDX-License-Identifier: MIT
#include "core/study/parameter_document.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/spec/spec_text.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kVectorComponents[] = {"x", "y", "z"};

/// The key that names an entry of a list of objects: its id, name or joint; empty if none.
std::string entryKey(const Json& entry) {
    for (const char* key : {"id", "name", "joint"}) {
        if (entry.is_object() && entry.contains(key) && entry[key].is_string()) {
            return entry[key].get<std::string>();
        }
    }
    return {};
}

/// Whether every entry of `list` is a number (a vector such as "at": [x, y]).
bool numberList(const Json& list) {
    return std::ranges::all_of(list, [](const Json& x) { return x.is_number(); });
}

/// The names of the children of `node` as path segments.
std::vector<std::string> childNames(const Json& node) {
    std::vector<std::string> names;
    if (node.is_object()) {
        for (const auto& [key, value] : node.items()) {
            names.push_back(key);
        }
    } else if (node.is_array()) {
        for (std::size_t i = 0; i < node.size(); ++i) {
            const std::string key = entryKey(node[i]);
            if (!key.empty()) {
                names.push_back(key);
            } else if (numberList(node) && node.size() <= 3) {
                names.emplace_back(kVectorComponents[i]);
            } else {
                names.push_back(std::to_string(i));
            }
        }
    }
    return names;
}

/// The child of `node` named `segment`, or null.
template <class J> J* child(J& node, const std::string& segment) {
    if (node.is_object()) {
        const auto it = node.find(segment);
        return it == node.end() ? nullptr : &*it;
    }
    if (!node.is_array()) {
        return nullptr;
    }
    for (auto& entry : node) {
        if (!entryKey(entry).empty() && entryKey(entry) == segment) {
            return &entry;
        }
    }
    if (numberList(node)) {
        for (std::size_t i = 0; i < 3 && i < node.size(); ++i) {
            if (segment == kVectorComponents[i]) {
                return &node[i];
            }
        }
    }
    if (!segment.empty() &&
        std::ranges::all_of(segment, [](char c) { return c >= '0' && c <= '9'; })) {
        const std::size_t i = std::stoul(segment);
        return i < node.size() ? &node[i] : nullptr;
    }
    return nullptr;
}

void collectNames(const Json& node, const std::string& prefix, std::vector<std::string>& names) {
    if (node.is_number()) {
        if (prefix != "version") {
            names.push_back(prefix);
        }
        return;
    }
    const std::vector<std::string> children = childNames(node);
    for (const std::string& name : children) {
        const Json* next = child(node, name);
        if (next != nullptr) {
            collectNames(*next, prefix.empty() ? name : prefix + "." + name, names);
        }
    }
}

} // namespace

struct ParameterDocument::Data {
    Json doc;
};

ParameterDocument::ParameterDocument() : m_data(std::make_unique<Data>()) {}

ParameterDocument::ParameterDocument(const MechanismSpec& spec) : ParameterDocument() {
    m_data->doc = Json::parse(toJson(spec));
}

ParameterDocument ParameterDocument::fromText(std::string_view text) {
    ParameterDocument document;
    try {
        document.m_data->doc = Json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::invalid_argument(std::string("not JSON: ") + e.what());
    }
    if (!document.m_data->doc.is_object()) {
        throw std::invalid_argument("a mechanism file is a JSON object");
    }
    return document;
}

ParameterDocument::ParameterDocument(const ParameterDocument& other)
    : m_data(std::make_unique<Data>(*other.m_data)) {}

ParameterDocument& ParameterDocument::operator=(const ParameterDocument& other) {
    if (this != &other) {
        m_data = std::make_unique<Data>(*other.m_data);
    }
    return *this;
}

ParameterDocument::ParameterDocument(ParameterDocument&&) noexcept = default;
ParameterDocument& ParameterDocument::operator=(ParameterDocument&&) noexcept = default;
ParameterDocument::~ParameterDocument() = default;

namespace {

/// The number named `name` in `doc`; throws ParameterError naming where the path stopped.
template <class J> J& lookUp(J& doc, const std::string& name, const ParameterDocument& self) {
    J* node = &doc;
    std::string matched;
    for (const std::string& segment : text::split(name, '.')) {
        J* next = child(*node, segment);
        if (next == nullptr) {
            std::string where = matched.empty() ? "at the top" : "under '" + matched + "'";
            const std::vector<std::string> children = childNames(*node);
            std::string there = children.empty() ? "'" + matched + "' is a number, not a group"
                                                 : "there: " + text::joinNames(children);
            throw ParameterError(
                "unknown parameter '" + name + "': no '" + segment + "' " + where + " (" + there +
                "); nearest parameters: " + text::joinNames(self.nearestNames(name)));
        }
        node = next;
        matched += (matched.empty() ? "" : ".") + segment;
    }
    if (!node->is_number()) {
        throw ParameterError("parameter '" + name + "' is not a number but a " +
                             std::string(node->type_name()) + "; name one of its numbers, e.g. " +
                             text::joinNames(self.nearestNames(name + ".", 3)));
    }
    return *node;
}

} // namespace

double ParameterDocument::get(const std::string& name) const {
    return lookUp(std::as_const(m_data->doc), name, *this).template get<double>();
}

void ParameterDocument::set(const std::string& name, double value) {
    lookUp(m_data->doc, name, *this) = value;
}

std::vector<std::string> ParameterDocument::parameterNames() const {
    std::vector<std::string> names;
    collectNames(m_data->doc, {}, names);
    return names;
}

std::vector<std::string> ParameterDocument::nearestNames(const std::string& name,
                                                         std::size_t count) const {
    std::vector<std::pair<std::size_t, std::string>> ranked;
    for (std::string& candidate : parameterNames()) {
        ranked.emplace_back(spec_text::editDistance(name, candidate), std::move(candidate));
    }
    std::ranges::stable_sort(ranked,
                             [](const auto& a, const auto& b) { return a.first < b.first; });
    ranked.resize(std::min(count, ranked.size()));
    return text::mapped(ranked, [](const auto& entry) { return entry.second; });
}

std::string ParameterDocument::text(int indent) const {
    return m_data->doc.dump(indent);
}

LoadResult ParameterDocument::spec() const {
    return parseMechanismJson(m_data->doc.dump());
}

} // namespace sslm
