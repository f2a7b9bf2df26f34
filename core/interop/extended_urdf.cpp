// SPDX-License-Identifier: MIT
#include "core/interop/extended_urdf.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>

namespace sslm {

namespace {

/// A YAML flow value of the files' subset: a string, or a list of values.
struct Value {
    std::string text;
    std::vector<Value> items;
    bool isList = false;
};

/// Parses "[a, 'b', [c, d]]" or a bare or quoted word; false on a syntax error.
class FlowParser {
public:
    explicit FlowParser(const std::string& text) : m_text(text) {}

    bool parse(Value& out) {
        if (!value(out)) {
            return false;
        }
        skipSpace();
        return m_at == m_text.size();
    }

private:
    void skipSpace() {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at]))) {
            ++m_at;
        }
    }

    bool value(Value& out) {
        skipSpace();
        if (m_at >= m_text.size()) {
            return false;
        }
        const char c = m_text[m_at];
        if (c == '[') {
            ++m_at;
            out.isList = true;
            skipSpace();
            if (m_at < m_text.size() && m_text[m_at] == ']') {
                ++m_at;
                return true;
            }
            while (true) {
                Value item;
                if (!value(item)) {
                    return false;
                }
                out.items.push_back(std::move(item));
                skipSpace();
                if (m_at < m_text.size() && m_text[m_at] == ',') {
                    ++m_at;
                    continue;
                }
                if (m_at < m_text.size() && m_text[m_at] == ']') {
                    ++m_at;
                    return true;
                }
                return false;
            }
        }
        if (c == '\'' || c == '"') {
            const std::size_t end = m_text.find(c, m_at + 1);
            if (end == std::string::npos) {
                return false;
            }
            out.text = m_text.substr(m_at + 1, end - m_at - 1);
            m_at = end + 1;
            return true;
        }
        const std::size_t begin = m_at;
        while (m_at < m_text.size() && m_text[m_at] != ',' && m_text[m_at] != ']' &&
               m_text[m_at] != '[') {
            ++m_at;
        }
        out.text = m_text.substr(begin, m_at - begin);
        while (!out.text.empty() && std::isspace(static_cast<unsigned char>(out.text.back()))) {
            out.text.pop_back();
        }
        return !out.text.empty();
    }

    const std::string& m_text;
    std::size_t m_at = 0;
};

std::string trimmed(const std::string& s) {
    const auto first =
        std::find_if_not(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c) != 0; });
    const auto last = std::find_if_not(s.rbegin(), s.rend(),
                                       [](unsigned char c) { return std::isspace(c) != 0; });
    return first >= last.base() ? std::string() : std::string(first, last.base());
}

/// A line without its comment (a '#' outside quotes).
std::string withoutComment(const std::string& line) {
    char quote = 0;
    for (std::size_t k = 0; k < line.size(); ++k) {
        const char c = line[k];
        if (quote != 0) {
            quote = c == quote ? 0 : quote;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#') {
            return line.substr(0, k);
        }
    }
    return line;
}

struct Entry {
    int line = 0;
    std::string flow; ///< the value as one flow text
};

using Entries = std::map<std::string, Entry>;

/// Reports the file's problems: at `line` (0: the file as a whole) and `key` (empty: none).
struct ErrorSink {
    const std::string& source;
    Diagnostics& diagnostics;

    void operator()(int line,
                    const std::string& key,
                    const std::string& message,
                    const std::string& hint) const {
        Diagnostic d;
        d.where = source + (line > 0 ? ":" + std::to_string(line) : std::string()) +
                  (key.empty() ? std::string() : ": " + key);
        d.message = message;
        d.hint = hint;
        diagnostics.push_back(d);
    }
};

/// The line of `key`, 0 when the file has no such key.
int lineOf(const Entries& entries, const std::string& key) {
    const auto it = entries.find(key);
    return it == entries.end() ? 0 : it->second.line;
}

/// The brackets `part` opens less those it closes, outside quotes.
int bracketDepth(const std::string& part) {
    int depth = 0;
    char quote = 0;
    for (const char c : part) {
        if (quote != 0) {
            quote = c == quote ? 0 : quote;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else {
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
        }
    }
    return depth;
}

/// The top-level keys in file order, each value as flow text; false after reporting an error.
bool readEntries(const std::string& text,
                 const ErrorSink& error,
                 Entries& entries,
                 std::vector<std::string>& order) {
    // a value is the rest of its line (continued while its brackets are open), or its "- item"
    // lines, where "- - a" and the deeper "- b" lines under it are one nested list (PyYAML's
    // block style)
    std::istringstream in(text);
    std::string raw;
    std::string key;
    std::vector<std::string> blockItems;
    std::size_t nestedIndent = std::string::npos; ///< column of the open nested list's items
    int open = 0;                                 ///< brackets open in the current flow value
    int number = 0;
    const auto closeBlock = [&] {
        if (!key.empty() && entries[key].flow.empty()) {
            std::string flow = "[";
            for (std::size_t k = 0; k < blockItems.size(); ++k) {
                flow += (k ? ", " : "") + blockItems[k] +
                        (blockItems[k].front() == '[' && blockItems[k].back() != ']' ? "]" : "");
            }
            entries[key].flow = flow + "]";
        }
        blockItems.clear();
        nestedIndent = std::string::npos;
    };
    while (std::getline(in, raw)) {
        ++number;
        const std::string line = withoutComment(raw);
        const std::string content = trimmed(line);
        if (content.empty() || content == "---") {
            continue;
        }
        if (open > 0) { // a flow value that goes on
            entries[key].flow += " " + content;
            open += bracketDepth(content);
            continue;
        }
        const std::size_t indent = line.find_first_not_of(" \t");
        const bool indented = indent > 0;
        if (content.front() == '-' && (indented || !key.empty())) {
            if (key.empty() || !entries[key].flow.empty()) {
                error(number, key, "a list item belongs to no key",
                      "write it under its key (\"closed_loop:\", \"type:\", …)");
                return false;
            }
            const std::string item = trimmed(content.substr(1));
            if (nestedIndent != std::string::npos && indent == nestedIndent) {
                blockItems.back() += ", " + item; // the next item of the nested list
            } else if (!item.empty() && item.front() == '-') {
                blockItems.push_back("[" + trimmed(item.substr(1)));
                nestedIndent = line.find('-', indent + 1);
            } else {
                nestedIndent = std::string::npos;
                blockItems.push_back(item);
            }
            continue;
        }
        closeBlock();
        const std::size_t colon = content.find(':');
        if (colon == std::string::npos || indented) {
            error(number, "", "expected \"key: value\"",
                  "an Extended URDF YAML file holds closed_loop, type, name_mot, joint_name and "
                  "joint_type");
            return false;
        }
        key = trimmed(content.substr(0, colon));
        entries[key] = Entry{number, trimmed(content.substr(colon + 1))};
        open = bracketDepth(entries[key].flow);
        order.push_back(key);
    }
    closeBlock();
    return true;
}

/// The list `name` holds into `items` (none: left as is); false after reporting a non-list.
bool readList(const Entries& entries,
              const ErrorSink& error,
              const std::string& name,
              std::vector<Value>& items) {
    const auto it = entries.find(name);
    if (it == entries.end()) {
        return true;
    }
    Value value;
    if (!FlowParser(it->second.flow).parse(value) || !value.isList) {
        error(it->second.line, name, "the value is not a list",
              "write a list, e.g. " + name + ": ['a', 'b']");
        return false;
    }
    items = std::move(value.items);
    return true;
}

/// The names the list `name` holds, appended to `texts`; false after reporting otherwise.
bool readStrings(const Entries& entries,
                 const ErrorSink& error,
                 const std::string& name,
                 std::vector<std::string>& texts) {
    std::vector<Value> items;
    if (!readList(entries, error, name, items)) {
        return false;
    }
    for (const Value& item : items) {
        if (item.isList) {
            error(lineOf(entries, name), name, "a list inside the list",
                  "give " + name + " one name per item");
            return false;
        }
        texts.push_back(item.text);
    }
    return true;
}

/// The closed_loop pairs and their types (6d by default) into `out`; false after reporting.
bool readClosures(const std::vector<Value>& loops,
                  const Entries& entries,
                  const ErrorSink& error,
                  ExtendedUrdf& out) {
    for (const Value& pair : loops) {
        if (!pair.isList || pair.items.size() != 2 || pair.items[0].isList ||
            pair.items[1].isList) {
            error(lineOf(entries, "closed_loop"), "closed_loop",
                  "every closed loop is a pair of frame names",
                  "write closed_loop: [['frame_A', 'frame_B'], …]");
            return false;
        }
        out.closedLoop.emplace_back(pair.items[0].text, pair.items[1].text);
    }
    if (out.types.empty()) {
        out.types.assign(out.closedLoop.size(), "6d"); // the authors' default
    }
    if (out.types.size() != out.closedLoop.size()) {
        error(lineOf(entries, "type"), "type",
              "closed_loop has " + std::to_string(out.closedLoop.size()) + " pair(s) but type " +
                  std::to_string(out.types.size()) + " entry(ies)",
              "give one type (6d or 3d) per pair");
        return false;
    }
    for (std::string& t : out.types) {
        std::transform(t.begin(), t.end(), t.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (t != "6d" && t != "3d") {
            error(lineOf(entries, "type"), "type", "unknown closure type '" + t + "'",
                  "use 6d (the frames held together rigidly) or 3d (at a point)");
            return false;
        }
    }
    return true;
}

/// The joint_name/joint_type pairs into `out`, types upper-cased; false after reporting.
bool readJointTypes(const std::vector<std::string>& jointNames,
                    const std::vector<std::string>& jointTypes,
                    const Entries& entries,
                    const ErrorSink& error,
                    ExtendedUrdf& out) {
    if (jointNames.size() != jointTypes.size()) {
        error(lineOf(entries, "joint_type"), "joint_type",
              "joint_name has " + std::to_string(jointNames.size()) +
                  " entry(ies) but joint_type " + std::to_string(jointTypes.size()),
              "give one type per joint name");
        return false;
    }
    for (std::size_t k = 0; k < jointNames.size(); ++k) {
        std::string t = jointTypes[k];
        std::transform(t.begin(), t.end(), t.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        if (t != "SPHERICAL" && t != "CARDAN" && t != "FIXED") {
            error(lineOf(entries, "joint_type"), "joint_type",
                  "unknown joint type '" + jointTypes[k] + "' for " + jointNames[k],
                  "use SPHERICAL, CARDAN or FIXED");
            return false;
        }
        out.jointTypes.emplace_back(jointNames[k], t);
    }
    return true;
}

} // namespace

std::optional<std::filesystem::path> extendedUrdfYamlOf(const std::filesystem::path& urdf) {
    for (const char* extension : {".yaml", ".yml"}) {
        std::filesystem::path candidate = urdf;
        candidate.replace_extension(extension);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(candidate, ec)) {
            continue;
        }
        // only a file with Extended URDF's keys: a robot.yaml of controller settings is not
        std::ifstream in(candidate);
        std::string line;
        while (std::getline(in, line)) {
            for (const char* key : {"closed_loop:", "name_mot:", "joint_name:", "joint_type:"}) {
                if (line.rfind(key, 0) == 0) {
                    return candidate;
                }
            }
        }
    }
    return std::nullopt;
}

std::optional<ExtendedUrdf> parseExtendedUrdfYaml(const std::string& text,
                                                  const std::string& source,
                                                  Diagnostics& diagnostics) {
    const ErrorSink error{source, diagnostics};
    Entries entries;
    std::vector<std::string> order;
    if (!readEntries(text, error, entries, order)) {
        return std::nullopt;
    }
    ExtendedUrdf out;
    out.file = source;
    std::vector<Value> loops;
    std::vector<std::string> jointNames;
    std::vector<std::string> jointTypes;
    if (!readList(entries, error, "closed_loop", loops) ||
        !readStrings(entries, error, "type", out.types) ||
        !readStrings(entries, error, "name_mot", out.motors) ||
        !readStrings(entries, error, "joint_name", jointNames) ||
        !readStrings(entries, error, "joint_type", jointTypes)) {
        return std::nullopt;
    }
    if (!readClosures(loops, entries, error, out) ||
        !readJointTypes(jointNames, jointTypes, entries, error, out)) {
        return std::nullopt;
    }
    for (const std::string& k : order) {
        if (k != "closed_loop" && k != "type" && k != "name_mot" && k != "joint_name" &&
            k != "joint_type") {
            out.otherKeys.push_back(k);
        }
    }
    return out;
}

std::optional<ExtendedUrdf> readExtendedUrdfYaml(const std::filesystem::path& file,
                                                 Diagnostics& diagnostics) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        Diagnostic d;
        d.where = file.string();
        d.message = "cannot read the Extended URDF YAML file";
        d.hint = "check that the file exists and is readable";
        diagnostics.push_back(d);
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseExtendedUrdfYaml(text.str(), file.string(), diagnostics);
}

} // namespace sslm
