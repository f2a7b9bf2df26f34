// SPDX-License-Identifier: MIT
// Over 600 lines: The file format's one reader: every section of a version 1 or 2 document, each
// problem reported with its JSON path.
#include "core/spec/spec_document_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_json.hpp"
#include "core/spec/spec_text.hpp"

namespace sslm::spec_json {
namespace {

using spec_text::element;
using spec_text::inQuotes;
using spec_text::member;

constexpr std::size_t kMaxItems = 10'000;        ///< bodies, joints, points, ... per list
constexpr std::size_t kMaxTablePoints = 100'000; ///< (t, value) pairs per table signal
constexpr double kSymmetryTol = 1e-12; ///< relative, between the mirrored entries of a tensor

/// The hint for spatial data in a planar file.
constexpr const char* kWriteVersion2 = "write \"version\": 2 for a spatial mechanism";

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
        const std::optional<int> version = header(doc);
        if (!version) {
            return;
        }
        // the version says the space: 1 planar, 2 spatial
        m_spatial = *version == kSpatialFormatVersion;
        spec.space = m_spatial ? MotionSpace::Spatial : MotionSpace::Planar;
        unknownKeys(doc, {}, kTopKeys);
        readOptional(doc, {}, "name", &Reader::string, spec.name);
        readOptional(doc, {}, "description", &Reader::string, spec.description);
        readOptional(doc, {}, "units", &Reader::units);
        readOptional(doc, {}, "gravity", &Reader::position,
                     m_spatial ? "[gx, gy, gz] in m/s²" : "[gx, gy] in m/s²", spec.gravity,
                     spec.gravityZ);
        readOptional(doc, {}, "ground", &Reader::ground, spec.ground);
        list(doc, {}, "bodies", true, "a body", spec.bodies, &Reader::body);
        list(doc, {}, "joints", true, "a joint", spec.joints, &Reader::joint);
        list(doc, {}, "actuators", false, "an actuator", spec.actuators, &Reader::actuator);
        list(doc, {}, "loads", false, "a load", spec.loads, &Reader::load);
        list(doc, {}, "two_point_elements", false, "a two-point element", spec.twoPointElements,
             &Reader::twoPoint);
        list(doc, {}, "traces", false, "a traced point", spec.tracedPoints, &Reader::trace);
        list(doc, {}, "cuts", false, "a joint name", spec.cuts, &Reader::string);
        readOptional(doc, {}, "initial", &Reader::initial, spec.initial);
        readOptional(doc, {}, "solver", &Reader::solver, spec.solver);
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

    /// Reads member `key` of `object`, if it is there, with `read(value, its path, args...)`;
    /// true if it is there.
    template <class Read, class... Args>
    bool readOptional(const Json& object,
                      const std::string& path,
                      std::string_view key,
                      Read read,
                      Args&&... args) {
        const Json* v = find(object, key);
        if (v != nullptr) {
            (this->*read)(*v, member(path, key), std::forward<Args>(args)...);
        }
        return v != nullptr;
    }

    /// readOptional for a member that must be there: its absence is an error with `hint`.
    template <class Read, class... Args>
    void readRequired(const Json& object,
                      const std::string& path,
                      std::string_view key,
                      std::string hint,
                      Read read,
                      Args&&... args) {
        if (const Json* v = required(object, path, key, std::move(hint))) {
            (this->*read)(*v, member(path, key), std::forward<Args>(args)...);
        }
    }

    bool isObject(const Json& v, const std::string& path, std::string_view what) {
        if (v.is_object()) {
            return true;
        }
        m_report.error(path, "expected " + std::string(what) + " (a JSON object {...}), found " +
                                 describe(v));
        return false;
    }

    /// isObject, then a warning for each key that is neither `known` nor `reported` (elsewhere).
    bool isObject(const Json& v,
                  const std::string& path,
                  std::string_view what,
                  const Keys& known,
                  const Keys& reported = {}) {
        if (!isObject(v, path, what)) {
            return false;
        }
        unknownKeys(v, path, known, reported);
        return true;
    }

    /// An error for a container of more than `limit` entries.
    bool withinLimit(const Json& v, const std::string& path, std::size_t limit, std::string hint) {
        if (v.size() <= limit) {
            return true;
        }
        m_report.error(path,
                       "too many entries: " + std::to_string(v.size()) + " (the limit is " +
                           std::to_string(limit) + ")",
                       std::move(hint));
        return false;
    }

    bool isArray(const Json& v, const std::string& path, std::size_t limit, std::string_view what) {
        if (!v.is_array()) {
            m_report.error(path, "expected an array [...] of " + std::string(what) + ", found " +
                                     describe(v));
            return false;
        }
        return withinLimit(v, path, limit,
                           "split the mechanism or check that this is the right file");
    }

    /// Warns about the keys that are neither `known` nor `reported` (elsewhere).
    void unknownKeys(const Json& object,
                     const std::string& path,
                     const Keys& known,
                     const Keys& reported = {}) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (contains(known, it.key()) || contains(reported, it.key())) {
                continue;
            }
            m_report.warning(member(path, it.key()),
                             "unknown key " + inQuotes(it.key()) + " (ignored)",
                             spec_text::suggestion(it.key(), known, "known keys here: "));
        }
    }

    /// The array `v` of `what`, each element read into `out` by the member `readItem`.
    template <class Item, class Read>
    void items(const Json& v,
               const std::string& path,
               std::string_view what,
               std::vector<Item>& out,
               Read readItem,
               std::size_t limit = kMaxItems) {
        if (!isArray(v, path, limit, what)) {
            return;
        }
        out.resize(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) {
            (this->*readItem)(v[i], element(path, i), out[i]);
        }
    }

    /// items() of member `key` of `object`.
    template <class Item, class Read>
    void list(const Json& object,
              const std::string& path,
              std::string_view key,
              bool isRequired,
              std::string_view what,
              std::vector<Item>& out,
              Read readItem) {
        const Json* v =
            isRequired ? required(object, path, key, "add \"" + std::string(key) + "\": [ ... ]")
                       : find(object, key);
        if (v != nullptr) {
            items(*v, member(path, key), what, out, readItem);
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

    static bool isNumbers(const Json& v, std::size_t count) {
        return v.is_array() && v.size() == count &&
               std::ranges::all_of(v, [](const Json& x) { return x.is_number(); });
    }

    static std::string foundText(const Json& v) {
        return v.is_array() ? "an array of " + std::to_string(v.size()) + " values" : describe(v);
    }

    /// `N` numbers in brackets; `hint` for an array of the wrong length or type.
    template <int N>
    bool vector(const Json& v,
                const std::string& path,
                std::string_view form,
                std::string hint,
                Eigen::Matrix<double, N, 1>& out) {
        if (!isNumbers(v, N)) {
            m_report.error(path, "expected " + std::string(form) + ", found " + foundText(v),
                           std::move(hint));
            return false;
        }
        Eigen::Matrix<double, N, 1> x;
        for (int i = 0; i < N; ++i) {
            if (!number(v[i], element(path, i), {}, x[i])) {
                return false;
            }
        }
        out = x;
        return true;
    }

    bool vec2(const Json& v, const std::string& path, std::string_view form, Eigen::Vector2d& out) {
        return vector<2>(v, path, form, "write two numbers in brackets, e.g. [0.1, 0]", out);
    }

    bool vec3(const Json& v, const std::string& path, std::string_view form, Eigen::Vector3d& out) {
        return vector<3>(v, path, form, "write three numbers in brackets, e.g. [0.1, 0, 0]", out);
    }

    /// "[x, y, z]" in a spatial file, "[x, y]" in a planar one.
    std::string positionForm() const { return m_spatial ? "[x, y, z]" : "[x, y]"; }

    /// The origin written as positionForm() says.
    std::string origin() const { return m_spatial ? "[0, 0, 0]" : "[0, 0]"; }

    /// A position (or gravity): [x, y] in a planar file, [x, y, z] in a spatial one; z is left
    /// alone in a planar file.
    bool position(const Json& v,
                  const std::string& path,
                  std::string_view form,
                  Eigen::Vector2d& xy,
                  double& z) {
        if (m_spatial) {
            Eigen::Vector3d x;
            if (!vec3(v, path, form, x)) {
                return false;
            }
            xy = x.head<2>();
            z = x.z();
            return true;
        }
        return planarVec2(v, path, form, xy);
    }

    /// [x, y] in a planar file, where three numbers mean the file should be spatial.
    bool planarVec2(const Json& v,
                    const std::string& path,
                    std::string_view form,
                    Eigen::Vector2d& out) {
        if (isNumbers(v, 3)) {
            m_report.error(path, "expected " + std::string(form) + ", found " + foundText(v),
                           "a planar (version 1) file has two numbers here; " +
                               std::string(kWriteVersion2));
            return false;
        }
        return vec2(v, path, form, out);
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
            m_report.error(path, "unknown value " + inQuotes(s),
                           spec_text::suggestion(s, allowed, "use one of "));
            return false;
        }
        m_report.error(path, "expected one of " + spec_text::listQuoted(allowed) + ", found " +
                                 describe(v));
        return false;
    }

    /// A key a planar (version 1) file cannot hold: an error naming the fix.
    void spatialOnly(const Json& object,
                     const std::string& path,
                     std::string_view key,
                     std::string_view what) {
        if (find(object, key) != nullptr) {
            m_report.error(member(path, key),
                           inQuotes(key) + " is " + std::string(what) +
                               ", which a planar (version 1) file does not have",
                           std::string(kWriteVersion2) + ", or remove it");
        }
    }

    // -- the sections

    /// The file's format version when the file is a mechanism this program reads.
    std::optional<int> header(const Json& doc) {
        const std::size_t errors = m_report.errorCount();
        const Json* format = find(doc, "format");
        if (format == nullptr) {
            m_report.error("format",
                           "missing required key 'format': this is not marked as an SSLM "
                           "mechanism file",
                           "add \"format\": \"sslm-mechanism\" at the top of the file");
        } else if (!format->is_string() || format->get_ref<const std::string&>() != kFormatName) {
            m_report.error("format", "not an SSLM mechanism file: 'format' is " + describe(*format),
                           "expected \"format\": \"sslm-mechanism\"");
        }
        const Json* version = find(doc, "version");
        if (version == nullptr) {
            m_report.error("version", "missing required key 'version'",
                           "add \"version\": 1 for a planar mechanism, 2 for a spatial one");
        } else if (!version->is_number_integer()) {
            m_report.error("version",
                           "expected an integer format version, found " + describe(*version),
                           "write \"version\": 1 for a planar mechanism, 2 for a spatial one");
        } else if (version->is_number_unsigned() ? version->get<std::uint64_t>() > kFormatVersion
                                                 : version->get<std::int64_t>() > kFormatVersion) {
            m_report.error("version",
                           "file format version " + version->dump() +
                               " is newer than this program supports (version " +
                               std::to_string(kFormatVersion) + ")",
                           "open the file with a newer SSLM Studio");
        } else if (!version->is_number_unsigned() && version->get<std::int64_t>() < 1) {
            m_report.error("version", "file format version " + version->dump() + " does not exist",
                           "write \"version\": 1 for a planar mechanism, 2 for a spatial one");
        }
        // read nothing else of a file whose header is wrong
        if (m_report.errorCount() > errors) {
            return std::nullopt;
        }
        return static_cast<int>(version->get<std::int64_t>());
    }

    void units(const Json& v, const std::string& path) {
        if (!isObject(v, path, "the units", kUnitKeys)) {
            return;
        }
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
        items(v, path, "points {\"name\": ..., \"at\": " + positionForm() + "}", out,
              &Reader::point);
    }

    void point(const Json& v, const std::string& path, BodyPoint& out) {
        if (!isObject(v, path, "a point {\"name\": ..., \"at\": " + positionForm() + "}",
                      kPointKeys)) {
            return;
        }
        readRequired(v, path, "name", "name the point, e.g. \"J1\"", &Reader::string, out.name);
        readRequired(v, path, "at", "give its position, e.g. \"at\": " + origin(),
                     &Reader::position, positionForm() + " in m", out.p_B, out.z_B);
    }

    void ground(const Json& v, const std::string& path, GroundSpec& g) {
        if (!isObject(v, path, "the ground", kGroundKeys)) {
            return;
        }
        readOptional(v, path, "name", &Reader::string, g.name);
        readOptional(v, path, "points", &Reader::points, g.points);
        visuals(v, path, g.visuals);
    }

    void body(const Json& v, const std::string& path, BodySpec& b) {
        if (!isObject(v, path, "a body", kBodyKeys)) {
            return;
        }
        readRequired(v, path, "id", "give the body a unique id, e.g. \"link1\"", &Reader::string,
                     b.id);
        readOptional(v, path, "name", &Reader::string, b.name);
        readRequired(v, path, "mass", "add the body's mass in kg", &Reader::number, "kg", b.mass);
        readOptional(v, path, "com", &Reader::position, positionForm() + " in m", b.com_B,
                     b.comZ_B);
        if (const Json* inertia = find(v, "inertia")) {
            if (inertia->is_string() && inertia->get_ref<const std::string&>() == "uniform") {
                b.inertiaCom.reset();
                b.inertiaTensor.reset();
            } else {
                this->inertia(*inertia, member(path, "inertia"), "a number in kg·m² or \"uniform\"",
                              inertia->is_array()
                                  ? "a planar (version 1) body has one moment of inertia; " +
                                        std::string(kWriteVersion2) + " with an inertia tensor"
                                  : "give the moment of inertia about the COM, or \"uniform\" to "
                                    "compute it from the shape",
                              b.inertiaCom, b.inertiaTensor);
            }
        }
        readOptional(v, path, "shape", &Reader::word<BodyShape>, kShapeWords, b.shape);
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
        readRequired(v, path, "points",
                     "list the body's named points, e.g. [{\"name\": \"J1\", \"at\": [0, 0]}]",
                     &Reader::points, b.points);
        list(v, path, "counterweights", false, "counterweights {\"mass\": ..., \"at\": ...}",
             b.counterweights, &Reader::counterweight);
        visuals(v, path, b.visuals);
    }

    void visuals(const Json& owner, const std::string& path, std::vector<VisualSpec>& out) {
        list(owner, path, "visuals", false, "visuals {\"type\": \"mesh\", \"file\": ...}", out,
             &Reader::visual);
    }

    /// A shape drawn with a body: a mesh file or a primitive, its pose in the body frame and an
    /// optional colour. Positions are [x, y, z] in both versions (the view is 3-D).
    void visual(const Json& v, const std::string& path, VisualSpec& shape) {
        if (!isObject(v, path, "a visual {\"type\": \"mesh\", \"file\": \"part.stl\"}",
                      kVisualKeys)) {
            return;
        }
        readRequired(v, path, "type",
                     "say what it is: \"mesh\", \"box\", \"cylinder\" or \"sphere\"",
                     &Reader::word<VisualKind>, kVisualWords, shape.kind);
        const auto positiveNumber = [&](std::string_view key, std::string_view hint, double& out) {
            if (const Json* x = required(v, path, key, std::string(hint))) {
                if (number(*x, member(path, key), "m", out) && !(out > 0)) {
                    m_report.error(member(path, key), "must be positive",
                                   "give a length in m greater than 0");
                }
            }
        };
        // the vector `x` (if there) at `key`, every component of which must be positive
        const auto positiveVec3 = [&](const Json* x, std::string_view key, std::string_view form,
                                      Eigen::Vector3d& out, const char* message, const char* hint) {
            if (x != nullptr && vec3(*x, member(path, key), form, out) && !(out.minCoeff() > 0)) {
                m_report.error(member(path, key), message, hint);
            }
        };
        switch (shape.kind) {
        case VisualKind::Mesh:
            readRequired(v, path, "file",
                         "name the STL or OBJ file, relative to this mechanism file's folder",
                         &Reader::string, shape.file);
            positiveVec3(find(v, "scale"), "scale", "[sx, sy, sz]", shape.scale,
                         "every scale factor must be positive",
                         "e.g. [0.001, 0.001, 0.001] for a mesh drawn in mm");
            break;
        case VisualKind::Box:
            positiveVec3(required(v, path, "size", "give the edge lengths [a, b, c] in m"), "size",
                         "[a, b, c] in m", shape.size, "every edge length must be positive",
                         "give the box's edge lengths in m, each greater than 0");
            break;
        case VisualKind::Cylinder:
            positiveNumber("radius", "give the cylinder's radius in m", shape.radius);
            positiveNumber("length", "give the cylinder's length along its z in m", shape.length);
            break;
        case VisualKind::Sphere:
            positiveNumber("radius", "give the sphere's radius in m", shape.radius);
            break;
        }
        readOptional(v, path, "at", &Reader::vec3, "[x, y, z] in m (the body frame)",
                     shape.position);
        readOptional(v, path, "rpy", &Reader::vec3, "[roll, pitch, yaw] in rad", shape.rpy);
        if (const Json* color = find(v, "color")) {
            Eigen::Vector3d rgb;
            if (vec3(*color, member(path, "color"), "[red, green, blue] each in [0, 1]", rgb)) {
                if (rgb.minCoeff() < 0 || rgb.maxCoeff() > 1) {
                    m_report.error(member(path, "color"), "each component must lie in [0, 1]",
                                   "e.g. [0.8, 0.5, 0.2]");
                } else {
                    shape.color = rgb;
                }
            }
        }
    }

    /// A point mass on a body: mass, position in the body frame, optional inertia about its own
    /// centre.
    void counterweight(const Json& v, const std::string& path, CounterweightSpec& c) {
        if (!isObject(v, path, "a counterweight {\"mass\": ..., \"at\": " + positionForm() + "}",
                      kCounterweightKeys)) {
            return;
        }
        readOptional(v, path, "name", &Reader::string, c.name);
        readRequired(v, path, "mass", "add the counterweight's mass in kg, e.g. 0.5",
                     &Reader::number, "kg", c.mass);
        readRequired(v, path, "at", "give its centre in the body frame, e.g. \"at\": " + origin(),
                     &Reader::position, positionForm() + " in m", c.p_B, c.z_B);
        readOptional(v, path, "inertia", &Reader::inertia, "a number in kg·m²",
                     "give the moment of inertia about the counterweight's own centre, or leave "
                     "\"inertia\" out for a point mass",
                     c.inertia, c.inertiaTensor);
    }

    /// An inertia about the centre: a tensor in a spatial file, one moment in kg·m² in a planar
    /// one, where anything else is an error: `expected` and `hint` say what to write.
    void inertia(const Json& v,
                 const std::string& path,
                 std::string_view expected,
                 std::string hint,
                 std::optional<double>& moment,
                 std::optional<Eigen::Matrix3d>& tensor) {
        if (m_spatial) {
            inertiaTensor(v, path, tensor);
        } else if (v.is_number()) {
            double value = 0;
            if (number(v, path, "kg·m²", value)) {
                moment = value;
            }
        } else {
            m_report.error(path, "expected " + std::string(expected) + ", found " + describe(v),
                           std::move(hint));
        }
    }

    /// A spatial inertia tensor about the COM in the body frame: 3 symmetric rows, or the six
    /// [Ixx, Iyy, Izz, Ixy, Ixz, Iyz].
    void
    inertiaTensor(const Json& v, const std::string& path, std::optional<Eigen::Matrix3d>& out) {
        static const std::string kForms =
            "the 3 × 3 rows [[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]], the six "
            "[Ixx, Iyy, Izz, Ixy, Ixz, Iyz], or \"uniform\"";
        Eigen::Matrix3d tensor;
        if (isNumbers(v, 6)) {
            Eigen::Matrix<double, 6, 1> six;
            if (!vector<6>(v, path, {}, {}, six)) {
                return;
            }
            tensor << six[0], six[3], six[4], //
                six[3], six[1], six[5],       //
                six[4], six[5], six[2];
            out = tensor;
            return;
        }
        const bool rows = v.is_array() && v.size() == 3 &&
                          std::ranges::all_of(v, [](const Json& r) { return r.is_array(); });
        if (!rows) {
            m_report.error(path,
                           "expected an inertia tensor in kg·m² (3 rows of 3 numbers, or 6 "
                           "numbers), found " +
                               foundText(v),
                           v.is_number() ? "a spatial body's inertia is a tensor about the COM "
                                           "in the body frame: write " +
                                               kForms
                                         : "write " + kForms);
            return;
        }
        bool ok = true;
        for (int r = 0; r < 3; ++r) {
            Eigen::Vector3d row;
            if (vector<3>(v[r], element(path, r), "a row of 3 numbers in kg·m²",
                          "write each row as three numbers, e.g. [0.01, 0, 0]", row)) {
                tensor.row(r) = row.transpose();
            } else {
                ok = false;
            }
        }
        if (!ok) {
            return;
        }
        // the rows must mirror each other: Ixy, Ixz and Iyz are each written twice
        const double scale = tensor.cwiseAbs().maxCoeff();
        for (int r = 0; r < 3; ++r) {
            for (int c = r + 1; c < 3; ++c) {
                if (std::abs(tensor(r, c) - tensor(c, r)) > kSymmetryTol * scale) {
                    m_report.error(element(element(path, c), r),
                                   "the inertia tensor is not symmetric: row " + std::to_string(c) +
                                       " has " + text::number(tensor(c, r)) + " where row " +
                                       std::to_string(r) + " column " + std::to_string(c) +
                                       " has " + text::number(tensor(r, c)),
                                   "write the same product of inertia in both places, or give "
                                   "the six [Ixx, Iyy, Izz, Ixy, Ixz, Iyz]");
                    ok = false;
                }
            }
        }
        if (ok) {
            out = tensor;
        }
    }

    void end(const Json& v, const std::string& path, JointEnd& e) {
        endOf(v, path, "a joint end {\"body\": ..., \"point\": ...}", e);
    }

    /// An end of a two-point element: a joint end by another name.
    void twoPointEnd(const Json& v, const std::string& path, JointEnd& e) {
        endOf(v, path, "an end {\"body\": ..., \"point\": ...}", e);
    }

    /// {"body": ..., "point": ...}, `what` in the message for anything else.
    void endOf(const Json& v, const std::string& path, std::string_view what, JointEnd& e) {
        if (!isObject(v, path, what, kEndKeys)) {
            return;
        }
        readRequired(v, path, "body", "name a body id, or \"ground\"", &Reader::string, e.body);
        readRequired(v, path, "point", "name a point of that body", &Reader::string, e.point);
    }

    /// A joint's type; a planar file names (and suggests) the planar words only.
    void jointType(const Json& v, const std::string& path, JointType& type) {
        for (const auto& [w, spatialType] : kJointTypeWords) {
            if (!m_spatial && !isPlanarJointType(spatialType) && v.is_string() &&
                v.get_ref<const std::string&>() == w) {
                type = spatialType;
                m_report.error(
                    path, "a " + std::string(w) + " joint needs a spatial mechanism",
                    "a planar (version 1) file has revolute and prismatic joints only; " +
                        std::string(kWriteVersion2));
                return;
            }
        }
        word(v, path, m_spatial ? kJointTypeWords : kPlanarJointTypeWords, type);
    }

    void joint(const Json& v, const std::string& path, JointSpec& j) {
        // a planar file's spatial keys are errors below, not unknown keys
        if (!isObject(v, path, "a joint", m_spatial ? kJointKeys : kPlanarJointKeys,
                      kSpatialJointKeys)) {
            return;
        }
        readRequired(v, path, "name", "name the joint, e.g. \"J1\"", &Reader::string, j.name);
        readRequired(v, path, "type",
                     m_spatial ? "add \"type\": \"revolute\", \"prismatic\", \"cylindrical\", "
                                 "\"universal\" or \"spherical\""
                               : "add \"type\": \"revolute\" or \"prismatic\"",
                     &Reader::jointType, j.type);
        readOptional(v, path, "coordinate", &Reader::string, j.coordinate);
        if (m_spatial) {
            list(v, path, "coordinates", false, "coordinate names", j.coordinates, &Reader::string);
        } else {
            spatialOnly(v, path, "coordinates", "for spatial joints with several coordinates");
        }
        readRequired(v, path, "parent", "add \"parent\": {\"body\": ..., \"point\": ...}",
                     &Reader::end, j.parent);
        readRequired(v, path, "child", "add \"child\": {\"body\": ..., \"point\": ...}",
                     &Reader::end, j.child);
        if (m_spatial) {
            spatialJoint(v, path, j);
        } else {
            readOptional(v, path, "offset", &Reader::number, "rad", j.offset);
            readOptional(v, path, "axis", &Reader::planarVec2,
                         "a unit vector [ax, ay] in the parent frame", j.axis_P);
            spatialOnly(v, path, "axis2", "the second axis of a spatial universal joint");
        }
        if (const Json* sd = find(v, "spring_damper")) {
            const std::string p = member(path, "spring_damper");
            if (isObject(*sd, p, "a spring-damper", kSpringKeys)) {
                SpringDamperSpec s;
                readOptional(*sd, p, "stiffness", &Reader::number, "N·m/rad or N/m", s.stiffness);
                readOptional(*sd, p, "rest", &Reader::number, "rad or m", s.restPosition);
                readOptional(*sd, p, "damping", &Reader::number, "N·m·s/rad or N·s/m", s.damping);
                j.springDamper = s;
            }
        }
        if (const Json* f = find(v, "friction")) {
            const std::string p = member(path, "friction");
            if (isObject(*f, p, "a joint friction", kFrictionKeys)) {
                JointFrictionSpec friction;
                readOptional(*f, p, "coulomb", &Reader::number, "N·m or N", friction.coulomb);
                readOptional(*f, p, "viscous", &Reader::number, "N·m·s/rad or N·s/m",
                             friction.viscous);
                readOptional(*f, p, "smoothing_velocity", &Reader::number, "rad/s or m/s",
                             friction.smoothingVelocity);
                readOptional(*f, p, "pin_radius", &Reader::number, "m", friction.pinRadius);
                readOptional(*f, p, "pin_coefficient", &Reader::number, "a number ≥ 0",
                             friction.pinCoefficient);
                j.friction = friction;
            }
        }
        if (const Json* l = find(v, "limits")) {
            const std::string p = member(path, "limits");
            if (isObject(*l, p, "joint limits", kLimitsKeys)) {
                JointLimitsSpec limits;
                for (auto [key, bound] :
                     {std::pair{"lower", &limits.lower}, std::pair{"upper", &limits.upper}}) {
                    double value = 0;
                    if (readOptional(*l, p, key, &Reader::number, "rad or m", value)) {
                        *bound = value;
                    }
                }
                readOptional(*l, p, "stiffness", &Reader::number, "N·m/rad or N/m",
                             limits.stiffness);
                readOptional(*l, p, "restitution", &Reader::number, "a number in (0, 1]",
                             limits.restitution);
                j.limits = limits;
            }
        }
    }

    /// A spatial joint's axes; a planar joint's offset has no meaning in space.
    void spatialJoint(const Json& v, const std::string& path, JointSpec& j) {
        if (find(v, "offset") != nullptr) {
            m_report.error(member(path, "offset"), "'offset' is for planar (version 1) joints only",
                           "remove it: a spatial mechanism's body frames are all parallel to W "
                           "when every coordinate is zero; place the bodies' points to suit");
        }
        const std::string word = jointTypeWord(j.type);
        if (readOptional(v, path, "axis", &Reader::vec3, "a unit vector [ax, ay, az]", j.axis) &&
            j.type == JointType::Spherical) {
            // an axis on a ball joint usually means the wrong type: refuse, do not guess
            m_report.error(member(path, "axis"),
                           "spherical joint " + inQuotes(j.name) +
                               " has an axis, but a spherical joint turns about every axis",
                           "remove \"axis\", or give the joint the type that has this axis "
                           "(\"revolute\", \"cylindrical\" or \"universal\")");
        }
        if (readOptional(v, path, "axis2", &Reader::vec3,
                         "a unit vector [ax, ay, az] fixed in the child", j.axis2) &&
            j.type != JointType::Universal) {
            m_report.error(member(path, "axis2"),
                           word + " joint " + inQuotes(j.name) +
                               " has a second axis, which only a universal joint has",
                           "remove \"axis2\" or set \"type\": \"universal\"");
        }
        if (coordinateCount(j.type) > 1 && find(v, "coordinate") != nullptr) {
            m_report.warning(member(path, "coordinate"),
                             "'coordinate' has no effect on a " + word + " joint: it has " +
                                 std::to_string(coordinateCount(j.type)) + " coordinates",
                             "name them with \"coordinates\": [...]");
        }
    }

    /// A [t, value] pair of a table signal.
    void tablePoint(const Json& v, const std::string& path, std::pair<double, double>& out) {
        Eigen::Vector2d tv(0, 0);
        if (vec2(v, path, "[t, value] with t in s", tv)) {
            out = {tv.x(), tv.y()};
        }
    }

    void signal(const Json& v, const std::string& path, SignalSpec& s) {
        if (!isObject(v, path, "a signal {\"type\": ...}", kSignalKeys)) {
            return;
        }
        readRequired(v, path, "type",
                     "add \"type\": \"zero\", \"constant\", \"linear\", \"sinusoid\", \"table\" "
                     "or \"spline\"",
                     &Reader::word<SignalSpec::Kind>, kSignalWords, s.kind);
        readOptional(v, path, "value", &Reader::number, "", s.value);
        readOptional(v, path, "rate", &Reader::number, "per s", s.rate);
        readOptional(v, path, "amplitude", &Reader::number, "", s.amplitude);
        readOptional(v, path, "frequency", &Reader::number, "Hz", s.frequency);
        readOptional(v, path, "phase", &Reader::number, "rad", s.phase);
        const std::string kind(wordOf(kSignalWords, s.kind));
        if (const Json* points = find(v, "points")) {
            items(*points, member(path, "points"), "[t, value] pairs", s.table, &Reader::tablePoint,
                  kMaxTablePoints);
        } else if (s.kind == SignalSpec::Kind::Table || s.kind == SignalSpec::Kind::Spline) {
            m_report.error(member(path, "points"), "a " + kind + " signal needs 'points'",
                           "add \"points\": [[0, 0], [1, 1]] with times in s");
        }
        // fields the kind does not use are kept, but say so
        const Keys used = signalFieldsOf(s.kind);
        for (const std::string_view key : kSignalKeys) {
            if (key != "type" && !contains(used, key) && find(v, key) != nullptr) {
                m_report.warning(member(path, key),
                                 inQuotes(key) + " has no effect on a " + kind + " signal",
                                 "remove it or change \"type\"");
            }
        }
    }

    void actuator(const Json& v, const std::string& path, ActuatorSpec& a) {
        if (!isObject(v, path, "an actuator", kActuatorKeys)) {
            return;
        }
        readRequired(v, path, "joint", "name the actuated joint", &Reader::string, a.joint);
        const Json* force = find(v, "force");
        const Json* pd = find(v, "pd");
        // the kind: explicit, or whichever block is present
        if (const Json* kind = find(v, "kind")) {
            if (word(*kind, member(path, "kind"), kActuatorWords, a.kind)) {
                const bool isForce = a.kind == ActuatorSpec::Kind::Force;
                const std::string block = isForce ? "force" : "pd";
                if ((isForce ? force : pd) == nullptr) {
                    m_report.error(member(path, block),
                                   "\"kind\" is \"" + block + "\" but the '" + block +
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
        readOptional(v, path, "force", &Reader::signal, a.force);
        if (pd != nullptr) {
            const std::string p = member(path, "pd");
            if (isObject(*pd, p, "PD tracking gains {\"kp\": ..., \"kd\": ...}", kPdKeys)) {
                readRequired(*pd, p, "kp", "add the stiffness gain kp", &Reader::number,
                             "N·m/rad or N/m", a.kp);
                readRequired(*pd, p, "kd", "add the damping gain kd", &Reader::number,
                             "N·m·s/rad or N·s/m", a.kd);
                readOptional(*pd, p, "reference", &Reader::signal, a.reference);
            }
        }
    }

    /// `what` named by `name`, e.g. "load 'cutting'", or "the <what>" when it has none.
    static std::string named(std::string_view what, const std::string& name) {
        return name.empty() ? "the " + std::string(what) : std::string(what) + " " + inQuotes(name);
    }

    /// A unit vector: [x, y] in a planar file (z = 0), [x, y, z] in a spatial one.
    bool
    direction(const Json& v, const std::string& path, std::string_view form, Eigen::Vector3d& out) {
        if (m_spatial) {
            return vec3(v, path, form, out);
        }
        Eigen::Vector2d xy;
        if (!planarVec2(v, path, form, xy)) {
            return false;
        }
        out = {xy.x(), xy.y(), 0.0};
        return true;
    }

    bool boolean(const Json& v, const std::string& path, bool& out) {
        if (!v.is_boolean()) {
            m_report.error(path, "expected true or false, found " + describe(v),
                           v.is_string() ? "remove the quotes" : "write true or false");
            return false;
        }
        out = v.get<bool>();
        return true;
    }

    /// A load on a body: a force at one of its points along a direction, and a torque about an
    /// axis (spatial; a planar torque is about z), each a signal; at least one of the two.
    void load(const Json& v, const std::string& path, LoadSpec& l) {
        // a planar file's "axis" is an error below, not an unknown key
        if (!isObject(v, path, "a load", m_spatial ? kLoadKeys : kPlanarLoadKeys,
                      kSpatialLoadKeys)) {
            return;
        }
        readRequired(v, path, "name", "name the load, e.g. \"cutting force\"", &Reader::string,
                     l.name);
        const std::string who = named("load", l.name);
        readRequired(v, path, "body", "name the body the load acts on", &Reader::string, l.at.body);
        readRequired(v, path, "point", "name the point of that body where the force acts",
                     &Reader::string, l.at.point);
        readOptional(v, path, "frame", &Reader::word<LoadSpec::Frame>, kLoadFrameWords, l.frame);
        const std::string example = m_spatial ? "[0, 0, -1]" : "[0, -1]";
        const bool hasForce = readOptional(v, path, "force", &Reader::signal, l.force);
        const bool hasDirection = readOptional(
            v, path, "direction", &Reader::direction,
            m_spatial ? "a unit vector [dx, dy, dz]" : "a unit vector [dx, dy]", l.direction);
        if (hasForce && !hasDirection) {
            m_report.error(member(path, "direction"), who + " has a force but no 'direction'",
                           "add \"direction\": " + example +
                               ", a unit vector in the frame \"frame\" names");
        }
        const bool hasTorque = readOptional(v, path, "torque", &Reader::signal, l.torque);
        if (m_spatial) {
            const bool hasAxis =
                readOptional(v, path, "axis", &Reader::vec3, "a unit vector [ax, ay, az]", l.axis);
            if (hasTorque && !hasAxis) {
                m_report.error(member(path, "axis"), who + " has a torque but no 'axis'",
                               "add \"axis\": [0, 0, 1], a unit vector in the frame "
                               "\"frame\" names");
            }
        } else {
            spatialOnly(v, path, "axis",
                        "the torque axis of a spatial load (a planar torque is "
                        "about z)");
        }
        if (!hasForce && !hasTorque) {
            m_report.error(member(path, "force"), who + " has neither 'force' nor 'torque'",
                           "add \"force\": {\"type\": \"constant\", \"value\": ...} with a "
                           "\"direction\", or \"torque\": {...}");
        }
    }

    /// A spring-damper or a cylinder between two points.
    void twoPoint(const Json& v, const std::string& path, TwoPointSpec& e) {
        if (!isObject(v, path, "a two-point element", kTwoPointKeys)) {
            return;
        }
        readRequired(v, path, "name", "name the element, e.g. \"gas spring\"", &Reader::string,
                     e.name);
        bool typed = false;
        if (const Json* type =
                required(v, path, "type", "add \"type\": \"spring\" or \"cylinder\"")) {
            typed = word(*type, member(path, "type"), kTwoPointWords, e.kind);
        }
        const bool spring = e.kind == TwoPointSpec::Kind::Spring;
        const std::string kind(wordOf(kTwoPointWords, e.kind));
        const std::string who = named(typed ? kind : "two-point element", e.name);
        readRequired(v, path, "first", "add \"first\": {\"body\": ..., \"point\": ...}",
                     &Reader::twoPointEnd, e.first);
        readRequired(v, path, "second", "add \"second\": {\"body\": ..., \"point\": ...}",
                     &Reader::twoPointEnd, e.second);
        // a spring's own numbers: its stiffness and free length must be said
        if (typed && spring) {
            readRequired(v, path, "stiffness", "add the spring's stiffness in N/m", &Reader::number,
                         "N/m", e.stiffness);
            readRequired(v, path, "rest_length", "add the spring's free length in m, > 0",
                         &Reader::number, "m", e.restLength);
        } else {
            readOptional(v, path, "stiffness", &Reader::number, "N/m", e.stiffness);
            readOptional(v, path, "rest_length", &Reader::number, "m", e.restLength);
        }
        readOptional(v, path, "damping", &Reader::number, "N·s/m", e.damping);
        readOptional(v, path, "preload", &Reader::number, "N", e.preload);
        // a cylinder's: a force signal, PD tracking of a length signal, or both
        const bool hasForce = readOptional(v, path, "force", &Reader::signal, e.force);
        const Json* track = find(v, "track_length");
        if (track != nullptr) {
            const std::string p = member(path, "track_length");
            if (isObject(*track, p,
                         "PD tracking of a length {\"kp\": ..., \"kd\": ..., \"length\": ...}",
                         kTrackLengthKeys)) {
                e.tracksLength = true;
                readOptional(*track, p, "active", &Reader::boolean, e.tracksLength);
                readRequired(*track, p, "kp", "add the stiffness gain kp in N/m", &Reader::number,
                             "N/m", e.kp);
                readRequired(*track, p, "kd", "add the damping gain kd in N·s/m", &Reader::number,
                             "N·s/m", e.kd);
                readRequired(*track, p, "length",
                             "add the length to track, e.g. \"length\": {\"type\": "
                             "\"constant\", \"value\": 0.3} in m",
                             &Reader::signal, e.length);
            }
        }
        if (typed && !spring && !hasForce && track == nullptr) {
            m_report.error(member(path, "force"), who + " has neither 'force' nor 'track_length'",
                           "add \"force\": {\"type\": \"constant\", \"value\": ...} in N, or "
                           "\"track_length\": {\"kp\": ..., \"kd\": ..., \"length\": ...}");
        }
        // fields the kind does not use are kept, but say so
        if (typed) {
            for (const std::string_view key : spring ? kCylinderOnlyKeys : kSpringOnlyKeys) {
                if (find(v, key) != nullptr) {
                    m_report.warning(member(path, key),
                                     inQuotes(key) + " has no effect on a " + kind,
                                     std::string("remove it or set \"type\": \"") +
                                         (spring ? "cylinder" : "spring") + "\"");
                }
            }
        }
    }

    void trace(const Json& v, const std::string& path, TracedPointSpec& t) {
        if (!isObject(v, path, "a traced point", kTraceKeys)) {
            return;
        }
        readRequired(v, path, "name", "name the trace, e.g. \"blade_tip\"", &Reader::string,
                     t.name);
        readRequired(v, path, "body", "name a body id", &Reader::string, t.at.body);
        readRequired(v, path, "point", "name a point of that body", &Reader::string, t.at.point);
    }

    void coordinateValues(const Json& v,
                          const std::string& path,
                          std::string_view unit,
                          std::vector<std::pair<std::string, double>>& out) {
        if (!isObject(v, path, "coordinate values {\"theta1\": 0.5, ...}") ||
            !withinLimit(v, path, kMaxItems, {})) {
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
        if (!isObject(v, path, "the initial state", kInitialKeys)) {
            return;
        }
        readOptional(v, path, "independent", &Reader::coordinateValues, "rad or m", s.independent);
        readOptional(v, path, "rates", &Reader::coordinateValues, "rad/s or m/s", s.rates);
        readOptional(v, path, "assembly_guess", &Reader::coordinateValues, "rad or m",
                     s.assemblyGuess);
    }

    void solver(const Json& v, const std::string& path, SolverSettingsSpec& s) {
        if (!isObject(v, path, "the solver settings", kSolverKeys)) {
            return;
        }
        readOptional(v, path, "method", &Reader::string, s.method);
        readOptional(v, path, "integrator", &Reader::string, s.integrator);
        readOptional(v, path, "t_end", &Reader::number, "s", s.tEnd);
        readOptional(v, path, "step", &Reader::number, "s", s.step);
        readOptional(v, path, "rtol", &Reader::number, "", s.rtol);
        readOptional(v, path, "atol", &Reader::number, "", s.atol);
        readOptional(v, path, "sample_interval", &Reader::number, "s", s.sampleInterval);
        readOptional(v, path, "stabilisation", &Reader::string, s.stabilisation);
        if (const Json* b = find(v, "baumgarte")) {
            const std::string p = member(path, "baumgarte");
            if (isObject(*b, p, "Baumgarte gains {\"alpha\": ..., \"beta\": ...}",
                         kBaumgarteKeys)) {
                readOptional(*b, p, "alpha", &Reader::number, "1/s", s.baumgarteAlpha);
                readOptional(*b, p, "beta", &Reader::number, "1/s", s.baumgarteBeta);
            }
        }
        list(v, path, "rcr_independent", false, "a coordinate name", s.rcrIndependent,
             &Reader::string);
    }

    Report& m_report;
    bool m_spatial = false; ///< a version 2 file
};

} // namespace

void readDocument(const Json& doc, MechanismSpec& spec, Report& report) {
    Reader(report).document(doc, spec);
}

} // namespace sslm::spec_json
