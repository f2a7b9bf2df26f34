// SPDX-License-Identifier: MIT
#include <cerrno>
#include <cstdint>
#include <fstream>
#include <new>
#include <stdexcept>
#include <system_error>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/spec/spec_document_reader.hpp"
#include "core/spec/spec_json.hpp"
#include "core/spec/spec_json_schema.hpp"
#include "core/spec/spec_text.hpp"

// Reading mechanism files: the file and its JSON text, parsed with limits against hostile
// documents, every syntax error naming its JSON path; spec_document_reader.cpp reads the
// document into a MechanismSpec.

namespace sslm {
namespace {

namespace fs = std::filesystem;
using namespace spec_json;
using spec_text::element;
using spec_text::inQuotes;
using spec_text::member;

constexpr std::size_t kMaxDepth = 64;         ///< nesting levels of arrays and objects
constexpr std::size_t kMaxValues = 2'000'000; ///< JSON values in one document
constexpr std::size_t kMaxMessageBytes = 240; ///< parser detail quoted into a message

/// Drops nlohmann's "[json.exception.type.id] " prefix and bounds the length.
std::string exceptionDetail(const std::exception& e) {
    std::string_view what = e.what();
    if (what.starts_with("[json.exception.")) {
        const std::size_t end = what.find("] ");
        if (end != std::string_view::npos) {
            what.remove_prefix(end + 2);
        }
    }
    // the parser quotes raw input bytes; keep the message printable ASCII
    std::string detail = spec_text::shortened(what, kMaxMessageBytes);
    for (char& c : detail) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20u || byte >= 0x7fu) {
            c = '?';
        }
    }
    return detail;
}

// ---------------------------------------------------------------------------------------------
// parsing: limits and the JSON path of the parser's position

/// Thrown from the parser callback to stop reading a hostile document at once.
class LimitExceeded : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Parser callback: follows the JSON path of the value being parsed, so that syntax errors can
/// name it; enforces the nesting and size limits; reports duplicate keys.
class ParseTracker {
public:
    explicit ParseTracker(Report& report) : m_report(report) {}

    bool onEvent(Json::parse_event_t event, const Json& parsed) {
        switch (event) {
        case Json::parse_event_t::object_start:
        case Json::parse_event_t::array_start:
            countValue();
            if (m_frames.size() >= kMaxDepth) {
                throw LimitExceeded("the JSON is nested more than " + std::to_string(kMaxDepth) +
                                    " levels deep");
            }
            m_frames.push_back(Frame{event == Json::parse_event_t::object_start, {}, false, 0, {}});
            break;
        case Json::parse_event_t::key: {
            Frame& top = m_frames.back();
            top.key = parsed.get<std::string>();
            top.hasKey = true;
            if (!top.keys.insert(top.key).second) {
                m_report.error(path(), "duplicate key " + inQuotes(top.key),
                               "remove one of them; JSON keeps only the last value");
            }
            break;
        }
        case Json::parse_event_t::value:
            countValue();
            finishValue();
            break;
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end:
            m_frames.pop_back();
            finishValue();
            break;
        }
        return true;
    }

    /// The JSON path of the value being parsed, e.g. "bodies[2].mass".
    std::string path() const {
        std::string p;
        for (const Frame& f : m_frames) {
            if (f.isObject && !f.hasKey) {
                break;
            }
            p = f.isObject ? member(p, f.key) : element(p, f.index);
        }
        return p;
    }

private:
    struct Frame {
        bool isObject = false;
        std::string key; ///< objects: the key being parsed
        bool hasKey = false;
        std::size_t index = 0; ///< arrays: the element being parsed
        std::unordered_set<std::string> keys;
    };

    void countValue() {
        if (++m_values > kMaxValues) {
            throw LimitExceeded("the JSON has more than " + std::to_string(kMaxValues) + " values");
        }
    }
    void finishValue() {
        if (!m_frames.empty() && !m_frames.back().isObject) {
            ++m_frames.back().index;
        }
    }

    Report& m_report;
    std::vector<Frame> m_frames;
    std::size_t m_values = 0;
};

std::string systemMessage(int error) {
    return std::error_code(error, std::generic_category()).message();
}

} // namespace

// ---------------------------------------------------------------------------------------------

LoadResult parseMechanismJson(std::string_view text) {
    LoadResult result;
    Report report(result.diagnostics);
    if (text.size() > kMaxFileBytes) {
        report.error({},
                     "the text is " + std::to_string(text.size()) +
                         " bytes, more than the limit of " + std::to_string(kMaxFileBytes) +
                         " bytes for a mechanism",
                     "check that this is a mechanism file");
        return result;
    }
    // parse with limits; the tracker knows where the parser is when it fails
    ParseTracker tracker(report);
    Json doc;
    try {
        doc = Json::parse(
            text.data(), text.data() + text.size(),
            [&tracker](int, Json::parse_event_t event, Json& parsed) {
                return tracker.onEvent(event, parsed);
            },
            /*allow_exceptions=*/true, /*ignore_comments=*/false);
    } catch (const LimitExceeded& e) {
        report.error(tracker.path(), e.what(), "the file is damaged or not a mechanism file");
        return result;
    } catch (const Json::parse_error& e) {
        // nlohmann's text reads "parse error at line L, column C: <detail>"; a syntax error is
        // placed by its line and column, the path the parser had reached only helps find it
        std::string detail = exceptionDetail(e);
        const std::string prefix = "parse error";
        const std::string reading =
            tracker.path().empty() ? std::string() : " (while reading " + tracker.path() + ")";
        if (const std::size_t colon = detail.find(':');
            detail.rfind(prefix, 0) == 0 && colon != std::string::npos) {
            detail = detail.substr(prefix.size(), colon - prefix.size()) + reading +
                     detail.substr(colon);
        } else {
            detail = reading + ": " + detail;
        }
        report.error({}, "invalid JSON" + detail,
                     "the file is cut short or has a typo near that position");
        return result;
    } catch (const Json::out_of_range& e) {
        report.error(tracker.path(), "invalid number: " + exceptionDetail(e),
                     "numbers must be finite doubles (magnitude below 1.8e308)");
        return result;
    } catch (const Json::exception& e) {
        report.error(tracker.path(), "cannot read the JSON: " + exceptionDetail(e));
        return result;
    } catch (const std::bad_alloc&) {
        report.error({}, "out of memory while reading the JSON");
        return result;
    }
    // turn the document into a Spec
    MechanismSpec spec;
    try {
        readDocument(doc, spec, report);
    } catch (const std::bad_alloc&) {
        report.error({}, "out of memory while reading the mechanism");
    } catch (const std::exception& e) {
        report.error({}, std::string("cannot read the mechanism: ") + e.what());
    }
    if (!report.hasErrors()) {
        result.spec = std::move(spec);
    }
    return result;
}

LoadResult loadMechanismFile(const std::filesystem::path& path) {
    LoadResult result;
    const std::string where = path.string();
    const auto fail = [&](std::string message, std::string hint = {}) {
        result.diagnostics.push_back(
            {Diagnostic::Severity::Error, where, std::move(message), std::move(hint)});
        return result;
    };
    const std::string cannotOpen = "cannot open mechanism file " + inQuotes(where) + ": ";
    const std::string cannotRead = "cannot read mechanism file " + inQuotes(where) + ": ";
    // refuse what cannot be a mechanism file before reading a byte
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) {
        return fail(cannotOpen + "the file does not exist", "check the path");
    }
    if (ec) {
        return fail(cannotOpen + ec.message());
    }
    if (fs::is_directory(status)) {
        return fail(inQuotes(where) + " is a folder, not a mechanism file");
    }
    if (!fs::is_regular_file(status)) {
        return fail(inQuotes(where) + " is not a regular file");
    }
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) {
        return fail(cannotRead + ec.message());
    }
    if (size > kMaxFileBytes) {
        return fail("the file is " + std::to_string(size) + " bytes, larger than the limit of " +
                        std::to_string(kMaxFileBytes) + " bytes for a mechanism file",
                    "check that this is a mechanism file");
    }
    // read it whole, never more than the limit even if it grows meanwhile
    std::string text;
    try {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            return fail(cannotOpen + systemMessage(errno));
        }
        text.resize(static_cast<std::size_t>(size) + 1);
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        if (in.bad()) {
            return fail(cannotRead + systemMessage(errno));
        }
        text.resize(static_cast<std::size_t>(in.gcount()));
        if (text.size() > size) {
            return fail("the file " + inQuotes(where) + " changed while it was read", "try again");
        }
    } catch (const std::exception& e) {
        return fail(cannotRead + e.what());
    }
    return parseMechanismJson(text);
}

} // namespace sslm
