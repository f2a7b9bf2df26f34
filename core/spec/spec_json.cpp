// SPDX-License-Identifier: MIT
#include "core/spec/spec_json.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <random>
#include <stdexcept>
#include <system_error>
#include <unordered_set>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#include <nlohmann/json.hpp>

#include "core/spec/spec_text.hpp"

namespace sslm {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using Keys = std::vector<std::string_view>;
using spec_text::element;
using spec_text::inQuotes;
using spec_text::member;

constexpr std::size_t kMaxDepth = 64;            ///< nesting levels of arrays and objects
constexpr std::size_t kMaxValues = 2'000'000;    ///< JSON values in one document
constexpr std::size_t kMaxItems = 10'000;        ///< bodies, joints, points, ... per list
constexpr std::size_t kMaxTablePoints = 100'000; ///< (t, value) pairs per table signal
constexpr std::size_t kMaxDiagnostics = 200;     ///< problems listed per document
constexpr std::size_t kMaxMessageBytes = 240;    ///< parser detail quoted into a message

// the keys each object may hold, in the order the writer emits them
const Keys kTopKeys = {"format",  "version", "name",    "description", "units",
                       "gravity", "ground",  "bodies",  "joints",      "actuators",
                       "traces",  "cuts",    "initial", "solver"};
const Keys kUnitKeys = {"length", "mass", "time", "angle"};
const Keys kGroundKeys = {"name", "points"};
const Keys kPointKeys = {"name", "at"};
const Keys kBodyKeys = {"id", "name", "mass", "com", "inertia", "shape", "block_size", "points"};
const Keys kJointKeys = {"name",  "type",   "coordinate", "parent",
                         "child", "offset", "axis",       "spring_damper"};
const Keys kEndKeys = {"body", "point"};
const Keys kSpringKeys = {"stiffness", "rest", "damping"};
const Keys kActuatorKeys = {"joint", "kind", "force", "pd"};
const Keys kPdKeys = {"kp", "kd", "reference"};
const Keys kSignalKeys = {"type", "value", "rate", "amplitude", "frequency", "phase", "points"};
const Keys kTraceKeys = {"name", "body", "point"};
const Keys kInitialKeys = {"independent", "rates", "assembly_guess"};
const Keys kSolverKeys = {"method", "integrator",      "t_end",         "step",     "rtol",
                          "atol",   "sample_interval", "stabilisation", "baumgarte"};
const Keys kBaumgarteKeys = {"alpha", "beta"};

template <class Enum> using Words = std::vector<std::pair<std::string_view, Enum>>;

const Words<BodyShape> kShapeWords = {
    {"bar", BodyShape::Bar}, {"plate", BodyShape::Plate}, {"block", BodyShape::Block}};
const Words<JointType> kJointTypeWords = {{"revolute", JointType::Revolute},
                                          {"prismatic", JointType::Prismatic}};
const Words<SignalSpec::Kind> kSignalWords = {
    {"zero", SignalSpec::Kind::Zero},     {"constant", SignalSpec::Kind::Constant},
    {"linear", SignalSpec::Kind::Linear}, {"sinusoid", SignalSpec::Kind::Sinusoid},
    {"table", SignalSpec::Kind::Table},   {"spline", SignalSpec::Kind::Spline}};
const Words<ActuatorSpec::Kind> kActuatorWords = {{"force", ActuatorSpec::Kind::Force},
                                                  {"pd", ActuatorSpec::Kind::PdTracking}};

template <class Enum> std::string_view wordOf(const Words<Enum>& words, Enum value) {
    for (const auto& [word, v] : words) {
        if (v == value) {
            return word;
        }
    }
    return words.front().first;
}

/// The signal fields (besides "type") that a kind uses.
Keys signalFieldsOf(SignalSpec::Kind kind) {
    switch (kind) {
    case SignalSpec::Kind::Zero:
        return {};
    case SignalSpec::Kind::Constant:
        return {"value"};
    case SignalSpec::Kind::Linear:
        return {"value", "rate"};
    case SignalSpec::Kind::Sinusoid:
        return {"value", "amplitude", "frequency", "phase"};
    case SignalSpec::Kind::Table:
    case SignalSpec::Kind::Spline:
        return {"points"};
    }
    return {};
}

bool contains(const Keys& keys, std::string_view key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

/// Drops nlohmann's "[json.exception.type.id] " prefix and bounds the length.
std::string exceptionDetail(const std::exception& e) {
    std::string_view what = e.what();
    if (what.rfind("[json.exception.", 0) == 0) {
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
// diagnostics

/// Collects diagnostics, listing at most kMaxDiagnostics of them.
class Report {
public:
    explicit Report(Diagnostics& out) : m_out(out) {}

    void error(std::string where, std::string message, std::string hint = {}) {
        ++m_errors;
        add({Diagnostic::Severity::Error, std::move(where), std::move(message), std::move(hint)});
    }
    void warning(std::string where, std::string message, std::string hint = {}) {
        add({Diagnostic::Severity::Warning, std::move(where), std::move(message), std::move(hint)});
    }
    bool hasErrors() const { return m_errors > 0; }

private:
    void add(Diagnostic d) {
        if (m_out.size() < kMaxDiagnostics) {
            m_out.push_back(std::move(d));
        } else if (m_out.size() == kMaxDiagnostics) {
            m_out.push_back({Diagnostic::Severity::Warning,
                             {},
                             "too many problems; only the first " +
                                 std::to_string(kMaxDiagnostics) + " are listed",
                             "fix these and load the file again"});
        }
    }

    Diagnostics& m_out;
    std::size_t m_errors = 0;
};

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

// ---------------------------------------------------------------------------------------------
// reading the document into a Spec

/// "a string '1.5'", "an array", ... for messages.
std::string describe(const Json& v) {
    switch (v.type()) {
    case Json::value_t::string:
        return "a string " + inQuotes(v.get_ref<const std::string&>());
    case Json::value_t::object:
        return "an object";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::boolean:
        return v.get<bool>() ? "true" : "false";
    case Json::value_t::null:
        return "null";
    default:
        return std::string("a ") + v.type_name();
    }
}

/// Reads the JSON document into a Spec, reporting every problem with its JSON path.
class Reader {
public:
    explicit Reader(Report& report) : m_report(report) {}

    void document(const Json& doc, MechanismSpec& spec) {
        if (!doc.is_object()) {
            m_report.error(
                {}, "a mechanism file must hold one JSON object, found " + describe(doc),
                "start the file with { \"format\": \"sslm-mechanism\", \"version\": 1, ...");
            return;
        }
        // identify the file first: nothing else means anything in a foreign or future format
        if (!header(doc)) {
            return;
        }
        unknownKeys(doc, {}, kTopKeys);
        optString(doc, {}, "name", spec.name);
        optString(doc, {}, "description", spec.description);
        if (const Json* v = find(doc, "units")) {
            units(*v, "units");
        }
        optVec2(doc, {}, "gravity", "[gx, gy] in m/s²", spec.gravity);
        if (const Json* v = find(doc, "ground")) {
            ground(*v, "ground", spec.ground);
        }
        list(doc, {}, "bodies", true, "a body", spec.bodies,
             [this](const Json& v, const std::string& p, BodySpec& b) { body(v, p, b); });
        list(doc, {}, "joints", true, "a joint", spec.joints,
             [this](const Json& v, const std::string& p, JointSpec& j) { joint(v, p, j); });
        list(doc, {}, "actuators", false, "an actuator", spec.actuators,
             [this](const Json& v, const std::string& p, ActuatorSpec& a) { actuator(v, p, a); });
        list(doc, {}, "traces", false, "a traced point", spec.tracedPoints,
             [this](const Json& v, const std::string& p, TracedPointSpec& t) { trace(v, p, t); });
        list(doc, {}, "cuts", false, "a joint name", spec.cuts,
             [this](const Json& v, const std::string& p, std::string& s) { string(v, p, s); });
        if (const Json* v = find(doc, "initial")) {
            initial(*v, "initial", spec.initial);
        }
        if (const Json* v = find(doc, "solver")) {
            solver(*v, "solver", spec.solver);
        }
    }

private:
    // -- generic pieces

    static const Json* find(const Json& object, std::string_view key) {
        const auto it = object.find(std::string(key));
        return it == object.end() ? nullptr : &*it;
    }

    const Json*
    required(const Json& object, const std::string& path, std::string_view key, std::string hint) {
        const Json* v = find(object, key);
        if (v == nullptr) {
            m_report.error(member(path, key), "missing required key " + inQuotes(key),
                           std::move(hint));
        }
        return v;
    }

    bool isObject(const Json& v, const std::string& path, std::string_view what) {
        if (v.is_object()) {
            return true;
        }
        m_report.error(path, "expected " + std::string(what) + " (a JSON object {...}), found " +
                                 describe(v));
        return false;
    }

    bool isArray(const Json& v, const std::string& path, std::size_t limit, std::string_view what) {
        if (!v.is_array()) {
            m_report.error(path, "expected an array [...] of " + std::string(what) + ", found " +
                                     describe(v));
            return false;
        }
        if (v.size() > limit) {
            m_report.error(path,
                           "too many entries: " + std::to_string(v.size()) + " (the limit is " +
                               std::to_string(limit) + ")",
                           "split the mechanism or check that this is the right file");
            return false;
        }
        return true;
    }

    void unknownKeys(const Json& object, const std::string& path, const Keys& known) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (contains(known, it.key())) {
                continue;
            }
            std::string hint;
            if (const auto guess = spec_text::nearest(it.key(), known)) {
                hint = "did you mean '" + *guess + "'?";
            } else {
                hint = "known keys here: " + spec_text::listQuoted(known);
            }
            m_report.warning(member(path, it.key()),
                             "unknown key " + inQuotes(it.key()) + " (ignored)", std::move(hint));
        }
    }

    template <class Item, class ReadItem>
    void list(const Json& object,
              const std::string& path,
              std::string_view key,
              bool isRequired,
              std::string_view what,
              std::vector<Item>& out,
              ReadItem readItem) {
        const Json* v =
            isRequired ? required(object, path, key, "add \"" + std::string(key) + "\": [ ... ]")
                       : find(object, key);
        const std::string p = member(path, key);
        if (v == nullptr || !isArray(*v, p, kMaxItems, what)) {
            return;
        }
        out.resize(v->size());
        for (std::size_t i = 0; i < v->size(); ++i) {
            readItem((*v)[i], element(p, i), out[i]);
        }
    }

    bool number(const Json& v, const std::string& path, std::string_view unit, double& out) {
        if (!v.is_number()) {
            std::string hint = "write a plain number";
            // a number in quotes is the most common slip
            if (v.is_string()) {
                const std::string& s = v.get_ref<const std::string&>();
                char* end = nullptr;
                const double x = std::strtod(s.c_str(), &end);
                if (!s.empty() && end == s.c_str() + s.size() && std::isfinite(x)) {
                    hint = "remove the quotes: " + s;
                }
            }
            m_report.error(path,
                           "expected a number" +
                               (unit.empty() ? std::string() : " in " + std::string(unit)) +
                               ", found " + describe(v),
                           std::move(hint));
            return false;
        }
        const double x = v.get<double>();
        if (!std::isfinite(x)) {
            m_report.error(path, "the number is not finite", "write a finite number");
            return false;
        }
        out = x;
        return true;
    }

    bool string(const Json& v, const std::string& path, std::string& out) {
        if (!v.is_string()) {
            m_report.error(path, "expected a string in double quotes, found " + describe(v));
            return false;
        }
        out = v.get<std::string>();
        return true;
    }

    bool vec2(const Json& v, const std::string& path, std::string_view form, Eigen::Vector2d& out) {
        if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number()) {
            const std::string found =
                v.is_array() ? "an array of " + std::to_string(v.size()) + " values" : describe(v);
            m_report.error(path, "expected " + std::string(form) + ", found " + found,
                           "write two numbers in brackets, e.g. [0.1, 0]");
            return false;
        }
        Eigen::Vector2d x;
        if (!number(v[0], element(path, 0), {}, x.x()) ||
            !number(v[1], element(path, 1), {}, x.y())) {
            return false;
        }
        out = x;
        return true;
    }

    template <class Enum>
    bool word(const Json& v, const std::string& path, const Words<Enum>& words, Enum& out) {
        Keys allowed;
        for (const auto& [w, value] : words) {
            allowed.push_back(w);
        }
        if (v.is_string()) {
            const std::string& s = v.get_ref<const std::string&>();
            for (const auto& [w, value] : words) {
                if (s == w) {
                    out = value;
                    return true;
                }
            }
            const auto guess = spec_text::nearest(s, allowed);
            m_report.error(path, "unknown value " + inQuotes(s),
                           guess ? "did you mean '" + *guess + "'?"
                                 : "use one of " + spec_text::listQuoted(allowed));
            return false;
        }
        m_report.error(path, "expected one of " + spec_text::listQuoted(allowed) + ", found " +
                                 describe(v));
        return false;
    }

    void optNumber(const Json& object,
                   const std::string& path,
                   std::string_view key,
                   std::string_view unit,
                   double& out) {
        if (const Json* v = find(object, key)) {
            number(*v, member(path, key), unit, out);
        }
    }

    void
    optString(const Json& object, const std::string& path, std::string_view key, std::string& out) {
        if (const Json* v = find(object, key)) {
            string(*v, member(path, key), out);
        }
    }

    void optVec2(const Json& object,
                 const std::string& path,
                 std::string_view key,
                 std::string_view form,
                 Eigen::Vector2d& out) {
        if (const Json* v = find(object, key)) {
            vec2(*v, member(path, key), form, out);
        }
    }

    // -- the sections

    bool header(const Json& doc) {
        bool ok = true;
        const Json* format = find(doc, "format");
        if (format == nullptr) {
            m_report.error("format",
                           "missing required key 'format': this is not marked as an SSLM "
                           "mechanism file",
                           "add \"format\": \"sslm-mechanism\" at the top of the file");
            ok = false;
        } else if (!format->is_string() || format->get_ref<const std::string&>() != kFormatName) {
            m_report.error("format", "not an SSLM mechanism file: 'format' is " + describe(*format),
                           "expected \"format\": \"sslm-mechanism\"");
            ok = false;
        }
        const Json* version = find(doc, "version");
        if (version == nullptr) {
            m_report.error("version", "missing required key 'version'", "add \"version\": 1");
            ok = false;
        } else if (!version->is_number_integer()) {
            m_report.error("version",
                           "expected an integer format version, found " + describe(*version),
                           "write \"version\": 1");
            ok = false;
        } else {
            const bool newer = version->is_number_unsigned()
                                   ? version->get<std::uint64_t>() > kFormatVersion
                                   : version->get<std::int64_t>() > kFormatVersion;
            const bool older = !version->is_number_unsigned() && version->get<std::int64_t>() < 1;
            if (newer) {
                m_report.error("version",
                               "file format version " + version->dump() +
                                   " is newer than this program supports (version " +
                                   std::to_string(kFormatVersion) + ")",
                               "open the file with a newer SSLM Studio");
                ok = false;
            } else if (older) {
                m_report.error("version",
                               "file format version " + version->dump() + " does not exist",
                               "write \"version\": 1");
                ok = false;
            }
        }
        return ok;
    }

    void units(const Json& v, const std::string& path) {
        if (!isObject(v, path, "the units")) {
            return;
        }
        unknownKeys(v, path, kUnitKeys);
        static const std::pair<std::string_view, std::string_view> kSi[] = {
            {"length", "m"}, {"mass", "kg"}, {"time", "s"}, {"angle", "rad"}};
        for (const auto& [key, si] : kSi) {
            const Json* u = find(v, key);
            if (u == nullptr) {
                continue;
            }
            const std::string p = member(path, key);
            if (!u->is_string()) {
                m_report.error(p, "expected the unit name \"" + std::string(si) + "\", found " +
                                      describe(*u));
            } else if (u->get_ref<const std::string&>() != si) {
                m_report.error(p,
                               "only SI units are supported: " + std::string(key) + " must be in " +
                                   inQuotes(si) + ", not " +
                                   inQuotes(u->get_ref<const std::string&>()),
                               "convert the values to SI and write \"" + std::string(key) +
                                   "\": \"" + std::string(si) + "\"");
            }
        }
    }

    void points(const Json& v, const std::string& path, std::vector<BodyPoint>& out) {
        if (!isArray(v, path, kMaxItems, "points {\"name\": ..., \"at\": [x, y]}")) {
            return;
        }
        out.resize(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string p = element(path, i);
            if (!isObject(v[i], p, "a point {\"name\": ..., \"at\": [x, y]}")) {
                continue;
            }
            unknownKeys(v[i], p, kPointKeys);
            if (const Json* name = required(v[i], p, "name", "name the point, e.g. \"J1\"")) {
                string(*name, member(p, "name"), out[i].name);
            }
            if (const Json* at =
                    required(v[i], p, "at", "give its position, e.g. \"at\": [0, 0]")) {
                vec2(*at, member(p, "at"), "[x, y] in m", out[i].p_B);
            }
        }
    }

    void ground(const Json& v, const std::string& path, GroundSpec& g) {
        if (!isObject(v, path, "the ground")) {
            return;
        }
        unknownKeys(v, path, kGroundKeys);
        optString(v, path, "name", g.name);
        if (const Json* p = find(v, "points")) {
            points(*p, member(path, "points"), g.points);
        }
    }

    void body(const Json& v, const std::string& path, BodySpec& b) {
        if (!isObject(v, path, "a body")) {
            return;
        }
        unknownKeys(v, path, kBodyKeys);
        if (const Json* id = required(v, path, "id", "give the body a unique id, e.g. \"link1\"")) {
            string(*id, member(path, "id"), b.id);
        }
        optString(v, path, "name", b.name);
        if (const Json* mass = required(v, path, "mass", "add the body's mass in kg")) {
            number(*mass, member(path, "mass"), "kg", b.mass);
        }
        optVec2(v, path, "com", "[x, y] in m", b.com_B);
        if (const Json* inertia = find(v, "inertia")) {
            const std::string p = member(path, "inertia");
            if (inertia->is_string() && inertia->get_ref<const std::string&>() == "uniform") {
                b.inertiaCom.reset();
            } else if (inertia->is_number()) {
                double value = 0;
                if (number(*inertia, p, "kg·m²", value)) {
                    b.inertiaCom = value;
                }
            } else {
                m_report.error(
                    p, "expected a number in kg·m² or \"uniform\", found " + describe(*inertia),
                    "give the moment of inertia about the COM, or \"uniform\" to "
                    "compute it from the shape");
            }
        }
        if (const Json* shape = find(v, "shape")) {
            word(*shape, member(path, "shape"), kShapeWords, b.shape);
        }
        if (const Json* size = find(v, "block_size")) {
            Eigen::Vector2d wh(0, 0);
            if (vec2(*size, member(path, "block_size"), "[width, height] in m", wh)) {
                b.blockWidth = wh.x();
                b.blockHeight = wh.y();
            }
            if (b.shape != BodyShape::Block) {
                m_report.warning(member(path, "block_size"),
                                 "'block_size' has no effect unless \"shape\" is \"block\"",
                                 "remove it or set \"shape\": \"block\"");
            }
        }
        if (const Json* p = required(v, path, "points",
                                     "list the body's named points, e.g. [{\"name\": \"J1\", "
                                     "\"at\": [0, 0]}]")) {
            points(*p, member(path, "points"), b.points);
        }
    }

    void end(const Json& v, const std::string& path, JointEnd& e) {
        if (!isObject(v, path, "a joint end {\"body\": ..., \"point\": ...}")) {
            return;
        }
        unknownKeys(v, path, kEndKeys);
        if (const Json* b = required(v, path, "body", "name a body id, or \"ground\"")) {
            string(*b, member(path, "body"), e.body);
        }
        if (const Json* p = required(v, path, "point", "name a point of that body")) {
            string(*p, member(path, "point"), e.point);
        }
    }

    void joint(const Json& v, const std::string& path, JointSpec& j) {
        if (!isObject(v, path, "a joint")) {
            return;
        }
        unknownKeys(v, path, kJointKeys);
        if (const Json* name = required(v, path, "name", "name the joint, e.g. \"J1\"")) {
            string(*name, member(path, "name"), j.name);
        }
        if (const Json* type =
                required(v, path, "type", "add \"type\": \"revolute\" or \"prismatic\"")) {
            word(*type, member(path, "type"), kJointTypeWords, j.type);
        }
        optString(v, path, "coordinate", j.coordinate);
        if (const Json* parent =
                required(v, path, "parent", "add \"parent\": {\"body\": ..., \"point\": ...}")) {
            end(*parent, member(path, "parent"), j.parent);
        }
        if (const Json* child =
                required(v, path, "child", "add \"child\": {\"body\": ..., \"point\": ...}")) {
            end(*child, member(path, "child"), j.child);
        }
        optNumber(v, path, "offset", "rad", j.offset);
        optVec2(v, path, "axis", "a unit vector [ax, ay] in the parent frame", j.axis_P);
        if (const Json* sd = find(v, "spring_damper")) {
            const std::string p = member(path, "spring_damper");
            if (isObject(*sd, p, "a spring-damper")) {
                unknownKeys(*sd, p, kSpringKeys);
                SpringDamperSpec s;
                optNumber(*sd, p, "stiffness", "N·m/rad or N/m", s.stiffness);
                optNumber(*sd, p, "rest", "rad or m", s.restPosition);
                optNumber(*sd, p, "damping", "N·m·s/rad or N·s/m", s.damping);
                j.springDamper = s;
            }
        }
    }

    void signal(const Json& v, const std::string& path, SignalSpec& s) {
        if (!isObject(v, path, "a signal {\"type\": ...}")) {
            return;
        }
        unknownKeys(v, path, kSignalKeys);
        if (const Json* type = required(v, path, "type",
                                        "add \"type\": \"zero\", \"constant\", \"linear\", "
                                        "\"sinusoid\", \"table\" or \"spline\"")) {
            word(*type, member(path, "type"), kSignalWords, s.kind);
        }
        optNumber(v, path, "value", {}, s.value);
        optNumber(v, path, "rate", "per s", s.rate);
        optNumber(v, path, "amplitude", {}, s.amplitude);
        optNumber(v, path, "frequency", "Hz", s.frequency);
        optNumber(v, path, "phase", "rad", s.phase);
        if (const Json* points = find(v, "points")) {
            const std::string p = member(path, "points");
            if (isArray(*points, p, kMaxTablePoints, "[t, value] pairs")) {
                s.table.resize(points->size());
                for (std::size_t i = 0; i < points->size(); ++i) {
                    Eigen::Vector2d tv(0, 0);
                    if (vec2((*points)[i], element(p, i), "[t, value] with t in s", tv)) {
                        s.table[i] = {tv.x(), tv.y()};
                    }
                }
            }
        } else if (s.kind == SignalSpec::Kind::Table || s.kind == SignalSpec::Kind::Spline) {
            m_report.error(member(path, "points"),
                           std::string("a ") + std::string(wordOf(kSignalWords, s.kind)) +
                               " signal needs 'points'",
                           "add \"points\": [[0, 0], [1, 1]] with times in s");
        }
        // fields the kind does not use are kept, but say so
        const Keys used = signalFieldsOf(s.kind);
        for (const std::string_view key : kSignalKeys) {
            if (key != "type" && !contains(used, key) && find(v, key) != nullptr) {
                m_report.warning(member(path, key),
                                 inQuotes(key) + " has no effect on a " +
                                     std::string(wordOf(kSignalWords, s.kind)) + " signal",
                                 "remove it or change \"type\"");
            }
        }
    }

    void actuator(const Json& v, const std::string& path, ActuatorSpec& a) {
        if (!isObject(v, path, "an actuator")) {
            return;
        }
        unknownKeys(v, path, kActuatorKeys);
        if (const Json* joint = required(v, path, "joint", "name the actuated joint")) {
            string(*joint, member(path, "joint"), a.joint);
        }
        const Json* force = find(v, "force");
        const Json* pd = find(v, "pd");
        // the kind: explicit, or whichever block is present
        if (const Json* kind = find(v, "kind")) {
            if (word(*kind, member(path, "kind"), kActuatorWords, a.kind)) {
                const bool isForce = a.kind == ActuatorSpec::Kind::Force;
                if ((isForce ? force : pd) == nullptr) {
                    m_report.error(member(path, isForce ? "force" : "pd"),
                                   std::string("\"kind\" is \"") + (isForce ? "force" : "pd") +
                                       "\" but the '" + (isForce ? "force" : "pd") +
                                       "' block is missing",
                                   isForce ? "add \"force\": {\"type\": \"zero\"}"
                                           : "add \"pd\": {\"kp\": ..., \"kd\": ...}");
                }
            }
        } else if (pd != nullptr) { // with a 'force' too, that force is the feedforward
            a.kind = ActuatorSpec::Kind::PdTracking;
        } else if (force != nullptr) {
            a.kind = ActuatorSpec::Kind::Force;
        } else {
            m_report.error(path, "the actuator has neither 'force' nor 'pd'",
                           "add \"force\": {\"type\": \"zero\"} or \"pd\": {\"kp\": ..., \"kd\": "
                           "...}");
        }
        if (force != nullptr) {
            signal(*force, member(path, "force"), a.force);
        }
        if (pd != nullptr) {
            const std::string p = member(path, "pd");
            if (isObject(*pd, p, "PD tracking gains {\"kp\": ..., \"kd\": ...}")) {
                unknownKeys(*pd, p, kPdKeys);
                if (const Json* kp = required(*pd, p, "kp", "add the stiffness gain kp")) {
                    number(*kp, member(p, "kp"), "N·m/rad or N/m", a.kp);
                }
                if (const Json* kd = required(*pd, p, "kd", "add the damping gain kd")) {
                    number(*kd, member(p, "kd"), "N·m·s/rad or N·s/m", a.kd);
                }
                if (const Json* ref = find(*pd, "reference")) {
                    signal(*ref, member(p, "reference"), a.reference);
                }
            }
        }
    }

    void trace(const Json& v, const std::string& path, TracedPointSpec& t) {
        if (!isObject(v, path, "a traced point")) {
            return;
        }
        unknownKeys(v, path, kTraceKeys);
        if (const Json* name = required(v, path, "name", "name the trace, e.g. \"blade_tip\"")) {
            string(*name, member(path, "name"), t.name);
        }
        if (const Json* b = required(v, path, "body", "name a body id")) {
            string(*b, member(path, "body"), t.at.body);
        }
        if (const Json* p = required(v, path, "point", "name a point of that body")) {
            string(*p, member(path, "point"), t.at.point);
        }
    }

    void coordinateValues(const Json& v,
                          const std::string& path,
                          std::string_view unit,
                          std::vector<std::pair<std::string, double>>& out) {
        if (!isObject(v, path, "coordinate values {\"theta1\": 0.5, ...}")) {
            return;
        }
        if (v.size() > kMaxItems) {
            m_report.error(path, "too many entries: " + std::to_string(v.size()) +
                                     " (the limit is " + std::to_string(kMaxItems) + ")");
            return;
        }
        for (auto it = v.begin(); it != v.end(); ++it) {
            double x = 0;
            if (number(it.value(), member(path, it.key()), unit, x)) {
                out.emplace_back(it.key(), x);
            }
        }
    }

    void initial(const Json& v, const std::string& path, InitialStateSpec& s) {
        if (!isObject(v, path, "the initial state")) {
            return;
        }
        unknownKeys(v, path, kInitialKeys);
        if (const Json* x = find(v, "independent")) {
            coordinateValues(*x, member(path, "independent"), "rad or m", s.independent);
        }
        if (const Json* x = find(v, "rates")) {
            coordinateValues(*x, member(path, "rates"), "rad/s or m/s", s.rates);
        }
        if (const Json* x = find(v, "assembly_guess")) {
            coordinateValues(*x, member(path, "assembly_guess"), "rad or m", s.assemblyGuess);
        }
    }

    void solver(const Json& v, const std::string& path, SolverSettingsSpec& s) {
        if (!isObject(v, path, "the solver settings")) {
            return;
        }
        unknownKeys(v, path, kSolverKeys);
        optString(v, path, "method", s.method);
        optString(v, path, "integrator", s.integrator);
        optNumber(v, path, "t_end", "s", s.tEnd);
        optNumber(v, path, "step", "s", s.step);
        optNumber(v, path, "rtol", {}, s.rtol);
        optNumber(v, path, "atol", {}, s.atol);
        optNumber(v, path, "sample_interval", "s", s.sampleInterval);
        optString(v, path, "stabilisation", s.stabilisation);
        if (const Json* b = find(v, "baumgarte")) {
            const std::string p = member(path, "baumgarte");
            if (isObject(*b, p, "Baumgarte gains {\"alpha\": ..., \"beta\": ...}")) {
                unknownKeys(*b, p, kBaumgarteKeys);
                optNumber(*b, p, "alpha", "1/s", s.baumgarteAlpha);
                optNumber(*b, p, "beta", "1/s", s.baumgarteBeta);
            }
        }
    }

    Report& m_report;
};

// ---------------------------------------------------------------------------------------------
// writing

Json vec2Json(const Eigen::Vector2d& v) {
    return Json::array({v.x(), v.y()});
}

Json pointsJson(const std::vector<BodyPoint>& points) {
    Json out = Json::array();
    for (const BodyPoint& p : points) {
        Json j = Json::object();
        j["name"] = p.name;
        j["at"] = vec2Json(p.p_B);
        out.push_back(std::move(j));
    }
    return out;
}

Json endJson(const JointEnd& e) {
    Json j = Json::object();
    j["body"] = e.body;
    j["point"] = e.point;
    return j;
}

/// The kind's own fields always, any other field only when it is not the default (lossless).
Json signalJson(const SignalSpec& s) {
    const Keys used = signalFieldsOf(s.kind);
    Json j = Json::object();
    j["type"] = wordOf(kSignalWords, s.kind);
    const std::pair<std::string_view, double> fields[] = {{"value", s.value},
                                                          {"rate", s.rate},
                                                          {"amplitude", s.amplitude},
                                                          {"frequency", s.frequency},
                                                          {"phase", s.phase}};
    for (const auto& [key, value] : fields) {
        if (contains(used, key) || value != 0.0) {
            j[std::string(key)] = value;
        }
    }
    if (contains(used, "points") || !s.table.empty()) {
        Json points = Json::array();
        for (const auto& [t, value] : s.table) {
            points.push_back(Json::array({t, value}));
        }
        j["points"] = std::move(points);
    }
    return j;
}

Json actuatorJson(const ActuatorSpec& a) {
    const bool isForce = a.kind == ActuatorSpec::Kind::Force;
    const bool writeForce = isForce || a.force != SignalSpec{};
    const bool writePd = !isForce || a.kp != 0.0 || a.kd != 0.0 || a.reference != SignalSpec{};
    Json j = Json::object();
    j["joint"] = a.joint;
    // both blocks for a PD with a feedforward force, or when an inactive block holds data;
    // then "kind" says which acts
    if (writeForce && writePd) {
        j["kind"] = wordOf(kActuatorWords, a.kind);
    }
    if (writeForce) {
        j["force"] = signalJson(a.force);
    }
    if (writePd) {
        Json pd = Json::object();
        pd["kp"] = a.kp;
        pd["kd"] = a.kd;
        pd["reference"] = signalJson(a.reference);
        j["pd"] = std::move(pd);
    }
    return j;
}

Json bodyJson(const BodySpec& b) {
    Json j = Json::object();
    j["id"] = b.id;
    j["name"] = b.name;
    j["mass"] = b.mass;
    j["com"] = vec2Json(b.com_B);
    if (b.inertiaCom) {
        j["inertia"] = *b.inertiaCom;
    } else {
        j["inertia"] = "uniform";
    }
    j["shape"] = wordOf(kShapeWords, b.shape);
    if (b.shape == BodyShape::Block || b.blockWidth != 0.0 || b.blockHeight != 0.0) {
        j["block_size"] = Json::array({b.blockWidth, b.blockHeight});
    }
    j["points"] = pointsJson(b.points);
    return j;
}

Json jointJson(const JointSpec& s) {
    Json j = Json::object();
    j["name"] = s.name;
    j["type"] = wordOf(kJointTypeWords, s.type);
    if (!s.coordinate.empty()) {
        j["coordinate"] = s.coordinate;
    }
    j["parent"] = endJson(s.parent);
    j["child"] = endJson(s.child);
    if (s.offset != 0.0) {
        j["offset"] = s.offset;
    }
    if (s.type == JointType::Prismatic || s.axis_P != Eigen::Vector2d::UnitX()) {
        j["axis"] = vec2Json(s.axis_P);
    }
    if (s.springDamper) {
        Json sd = Json::object();
        sd["stiffness"] = s.springDamper->stiffness;
        sd["rest"] = s.springDamper->restPosition;
        sd["damping"] = s.springDamper->damping;
        j["spring_damper"] = std::move(sd);
    }
    return j;
}

Json valuesJson(const std::vector<std::pair<std::string, double>>& values) {
    Json j = Json::object();
    for (const auto& [name, value] : values) {
        j[name] = value;
    }
    return j;
}

Json documentJson(const MechanismSpec& spec) {
    Json doc = Json::object();
    doc["format"] = kFormatName;
    doc["version"] = kFormatVersion;
    doc["name"] = spec.name;
    doc["description"] = spec.description;
    doc["units"] = Json::object({{"length", "m"}, {"mass", "kg"}, {"time", "s"}, {"angle", "rad"}});
    doc["gravity"] = vec2Json(spec.gravity);
    doc["ground"] = Json::object({{"name", spec.ground.name}});
    doc["ground"]["points"] = pointsJson(spec.ground.points);
    doc["bodies"] = Json::array();
    for (const BodySpec& b : spec.bodies) {
        doc["bodies"].push_back(bodyJson(b));
    }
    doc["joints"] = Json::array();
    for (const JointSpec& j : spec.joints) {
        doc["joints"].push_back(jointJson(j));
    }
    doc["actuators"] = Json::array();
    for (const ActuatorSpec& a : spec.actuators) {
        doc["actuators"].push_back(actuatorJson(a));
    }
    doc["traces"] = Json::array();
    for (const TracedPointSpec& t : spec.tracedPoints) {
        doc["traces"].push_back(
            Json::object({{"name", t.name}, {"body", t.at.body}, {"point", t.at.point}}));
    }
    doc["cuts"] = Json::array();
    for (const std::string& c : spec.cuts) {
        doc["cuts"].push_back(c);
    }
    Json initial = Json::object();
    initial["independent"] = valuesJson(spec.initial.independent);
    initial["rates"] = valuesJson(spec.initial.rates);
    initial["assembly_guess"] = valuesJson(spec.initial.assemblyGuess);
    doc["initial"] = std::move(initial);
    const SolverSettingsSpec& s = spec.solver;
    Json solver = Json::object();
    solver["method"] = s.method;
    solver["integrator"] = s.integrator;
    solver["t_end"] = s.tEnd;
    solver["step"] = s.step;
    solver["rtol"] = s.rtol;
    solver["atol"] = s.atol;
    solver["sample_interval"] = s.sampleInterval;
    solver["stabilisation"] = s.stabilisation;
    solver["baumgarte"] = Json::object({{"alpha", s.baumgarteAlpha}, {"beta", s.baumgarteBeta}});
    doc["solver"] = std::move(solver);
    return doc;
}

std::string scalarText(const Json& v) {
    // shortest text that reads back to the same double; invalid UTF-8 is replaced, not thrown
    return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

constexpr std::size_t kLineWidth = 100; ///< columns an inline object may fill

/// The one-line text of a scalar, an array of scalars, or an object holding only those;
/// nothing for anything nested deeper.
std::optional<std::string> flatText(const Json& v, bool allowObject) {
    if (!v.is_object() && !v.is_array()) {
        return scalarText(v);
    }
    std::string out = v.is_array() ? "[" : "{";
    for (auto it = v.begin(); it != v.end(); ++it) {
        out += it == v.begin() ? "" : ", ";
        if (v.is_array()) {
            if (it->is_object() || it->is_array()) {
                return std::nullopt;
            }
            out += scalarText(*it);
            continue;
        }
        if (!allowObject || it->is_object()) {
            return std::nullopt;
        }
        const std::optional<std::string> value = flatText(*it, false);
        if (!value) {
            return std::nullopt;
        }
        out += scalarText(Json(it.key())) + ": " + *value;
    }
    return out + (v.is_array() ? "]" : "}");
}

/// Two-space indented JSON; arrays of numbers always, and small flat arrays and objects when
/// they fit, on one line ("at": [0.1, 0], {"body": "ground", "point": "O1"}).
void print(const Json& v, std::size_t indent, std::string& out) {
    const std::size_t column = out.size() - (out.rfind('\n') + 1);
    if (const std::optional<std::string> flat = flatText(v, true)) {
        const bool numbers =
            std::all_of(v.begin(), v.end(), [](const Json& x) { return x.is_number(); });
        if (!v.is_structured() || (v.is_array() && numbers) ||
            column + flat->size() + 1 <= kLineWidth) {
            out += *flat;
            return;
        }
    }
    const bool isArray = v.is_array();
    out += isArray ? "[\n" : "{\n";
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (it != v.begin()) {
            out += ",\n";
        }
        out.append(indent + 2, ' ');
        if (!isArray) {
            out += scalarText(Json(it.key())) + ": ";
        }
        print(*it, indent + 2, out);
    }
    out += '\n';
    out.append(indent, ' ');
    out += isArray ? ']' : '}';
}

std::string randomSuffix() {
    static std::mt19937_64 engine{
        std::random_device{}() ^
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())};
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(engine()));
    return buffer;
}

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
        Reader(report).document(doc, spec);
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
    // refuse what cannot be a mechanism file before reading a byte
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) {
        return fail("cannot open mechanism file " + inQuotes(where) + ": the file does not exist",
                    "check the path");
    }
    if (ec) {
        return fail("cannot open mechanism file " + inQuotes(where) + ": " + ec.message());
    }
    if (fs::is_directory(status)) {
        return fail(inQuotes(where) + " is a folder, not a mechanism file");
    }
    if (!fs::is_regular_file(status)) {
        return fail(inQuotes(where) + " is not a regular file");
    }
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) {
        return fail("cannot read mechanism file " + inQuotes(where) + ": " + ec.message());
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
            return fail("cannot open mechanism file " + inQuotes(where) + ": " +
                        systemMessage(errno));
        }
        text.resize(static_cast<std::size_t>(size) + 1);
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        if (in.bad()) {
            return fail("cannot read mechanism file " + inQuotes(where) + ": " +
                        systemMessage(errno));
        }
        text.resize(static_cast<std::size_t>(in.gcount()));
        if (text.size() > size) {
            return fail("the file " + inQuotes(where) + " changed while it was read", "try again");
        }
    } catch (const std::exception& e) {
        return fail("cannot read mechanism file " + inQuotes(where) + ": " + e.what());
    }
    return parseMechanismJson(text);
}

std::string toJson(const MechanismSpec& spec) {
    std::string out;
    print(documentJson(spec), 0, out);
    out += '\n';
    return out;
}

std::optional<std::string> saveMechanismFile(const MechanismSpec& spec,
                                             const std::filesystem::path& path) {
    const std::string name = path.string();
    std::string text;
    try {
        text = toJson(spec);
    } catch (const std::exception& e) {
        return "cannot save " + inQuotes(name) + ": " + e.what();
    }
    if (!path.has_filename()) {
        return "cannot save " + inQuotes(name) + ": the path has no file name";
    }
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        return "cannot save " + inQuotes(name) + ": the folder " + inQuotes(folder.string()) +
               " does not exist";
    }
    // a new temporary file beside the target, so that the rename stays on one file system
    fs::path temporary;
    std::FILE* file = nullptr;
    int openError = 0;
    for (int attempt = 0; attempt < 16 && file == nullptr; ++attempt) {
        temporary = folder / ("." + path.filename().string() + "." + randomSuffix() + ".tmp");
        file = std::fopen(temporary.string().c_str(), "wbx");
        openError = errno;
    }
    if (file == nullptr) {
        return "cannot save " + inQuotes(name) + ": cannot create a temporary file in " +
               inQuotes(folder.string()) + ": " + systemMessage(openError);
    }
    // write, flush to disk and close, checking each step
    bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    int writeError = ok ? 0 : errno;
    if (ok && std::fflush(file) != 0) {
        ok = false;
        writeError = errno;
    }
#if defined(__unix__) || defined(__APPLE__)
    if (ok && ::fsync(::fileno(file)) != 0) {
        ok = false;
        writeError = errno;
    }
#endif
    if (std::fclose(file) != 0 && ok) {
        ok = false;
        writeError = errno;
    }
    if (!ok) {
        fs::remove(temporary, ec);
        return "cannot save " + inQuotes(name) + ": writing failed: " + systemMessage(writeError);
    }
    // the rename replaces the old file in one step, or leaves it untouched
    fs::rename(temporary, path, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        return "cannot save " + inQuotes(name) + ": " + ec.message();
    }
    return std::nullopt;
}

} // namespace sslm
