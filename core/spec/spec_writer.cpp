// SPDX-License-Identifier: MIT
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/spec/spec_json.hpp"
#include "core/spec/spec_json_schema.hpp"
#include "core/spec/spec_text.hpp"
#include "core/util/atomic_file.hpp"

// Writing mechanism files: MechanismSpec → JSON text (lossless, compact where it reads best),
// saved atomically (core/util/atomic_file). A planar spec is written as version 1, a spatial one
// as version 2 with 3-D positions, inertia tensors and the spatial joints' axes.

namespace sslm {
namespace {

using namespace spec_json;
using spec_text::inQuotes;

Json vec2Json(const Eigen::Vector2d& v) {
    return Json::array({v.x(), v.y()});
}

Json vec3Json(const Eigen::Vector3d& v) {
    return Json::array({v.x(), v.y(), v.z()});
}

/// [x, y] in a planar file, [x, y, z] in a spatial one.
Json positionJson(bool spatial, const Eigen::Vector2d& xy, double z) {
    return spatial ? vec3Json({xy.x(), xy.y(), z}) : vec2Json(xy);
}

/// Sets member `key` of `j` to `value` when `write`: for members written only when they act or
/// hold data.
void putIf(Json& j, std::string_view key, bool write, Json value) {
    if (write) {
        j[std::string(key)] = std::move(value);
    }
}

/// The array of `toJson(args..., item)` for the items in order.
template <class Item, class ToJson, class... Args>
Json arrayJson(const std::vector<Item>& items, ToJson toJson, const Args&... args) {
    Json out = Json::array();
    for (const Item& item : items) {
        out.push_back(toJson(args..., item));
    }
    return out;
}

Json pointsJson(bool spatial, const std::vector<BodyPoint>& points) {
    return arrayJson(points, [spatial](const BodyPoint& p) {
        return Json::object({{"name", p.name}, {"at", positionJson(spatial, p.p_B, p.z_B)}});
    });
}

Json endJson(const JointEnd& e) {
    return Json::object({{"body", e.body}, {"point", e.point}});
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
        putIf(j, key, contains(used, key) || value != 0.0, value);
    }
    putIf(j, "points", contains(used, "points") || !s.table.empty(),
          arrayJson(s.table, [](const std::pair<double, double>& point) {
              return Json::array({point.first, point.second});
          }));
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
    putIf(j, "kind", writeForce && writePd, wordOf(kActuatorWords, a.kind));
    putIf(j, "force", writeForce, signalJson(a.force));
    putIf(j, "pd", writePd,
          Json::object({{"kp", a.kp}, {"kd", a.kd}, {"reference", signalJson(a.reference)}}));
    return j;
}

/// A load: its place and frame always; the force with its direction, and the torque (with its
/// axis in a spatial file), when they are not zero, and the force when both are, so that the file
/// reads back; a direction or axis that differs from the default whatever the signals. A planar
/// file writes the direction's x and y and no axis: its torque is about z.
Json loadJson(bool spatial, const LoadSpec& l) {
    const LoadSpec defaults;
    // a unit vector's −0 components as 0: the default direction −UnitY is (−0, −1, −0)
    const Eigen::Vector3d direction = l.direction + Eigen::Vector3d::Zero();
    const Eigen::Vector3d axis = l.axis + Eigen::Vector3d::Zero();
    const bool writeTorque = l.torque != SignalSpec{};
    const bool writeForce = l.force != SignalSpec{} || !writeTorque;
    Json j = Json::object();
    j["name"] = l.name;
    j["body"] = l.at.body;
    j["point"] = l.at.point;
    j["frame"] = wordOf(kLoadFrameWords, l.frame);
    putIf(j, "direction", writeForce || l.direction != defaults.direction,
          spatial ? vec3Json(direction) : vec2Json(direction.head<2>()));
    putIf(j, "force", writeForce, signalJson(l.force));
    putIf(j, "axis", spatial && (writeTorque || l.axis != defaults.axis), vec3Json(axis));
    putIf(j, "torque", writeTorque, signalJson(l.torque));
    return j;
}

/// A two-point element: the kind's own fields always (a spring's damping and preload when not 0,
/// a tracking cylinder's force when not zero); any other field only when it is not the default.
/// A PD block that holds data while tracking is off is written with "active": false.
Json twoPointJson(const TwoPointSpec& e) {
    const bool spring = e.kind == TwoPointSpec::Kind::Spring;
    const bool writeTrack =
        e.tracksLength || e.kp != 0.0 || e.kd != 0.0 || e.length != SignalSpec{};
    Json j = Json::object();
    j["name"] = e.name;
    j["type"] = wordOf(kTwoPointWords, e.kind);
    j["first"] = endJson(e.first);
    j["second"] = endJson(e.second);
    putIf(j, "stiffness", spring || e.stiffness != 0.0, e.stiffness);
    putIf(j, "rest_length", spring || e.restLength != 0.0, e.restLength);
    putIf(j, "damping", e.damping != 0.0, e.damping);
    putIf(j, "preload", e.preload != 0.0, e.preload);
    putIf(j, "force", (!spring && !e.tracksLength) || e.force != SignalSpec{}, signalJson(e.force));
    if (writeTrack) {
        Json track = Json::object();
        putIf(track, "active", !e.tracksLength, false);
        track["kp"] = e.kp;
        track["kd"] = e.kd;
        track["length"] = signalJson(e.length);
        j["track_length"] = std::move(track);
    }
    return j;
}

/// The inertia of a body or counterweight as its file version writes it: the three rows of the
/// tensor in a spatial file, the moment in a planar one; null when there is none.
Json inertiaJson(bool spatial,
                 const std::optional<double>& moment,
                 const std::optional<Eigen::Matrix3d>& tensor) {
    if (spatial && tensor) {
        Json rows = Json::array();
        for (int r = 0; r < 3; ++r) {
            rows.push_back(vec3Json(tensor->row(r).transpose()));
        }
        return rows;
    }
    if (!spatial && moment) {
        return *moment;
    }
    return nullptr;
}

/// `name` when given, `mass`, `at`, and `inertia` when given.
Json counterweightJson(bool spatial, const CounterweightSpec& c) {
    Json j = Json::object();
    putIf(j, "name", !c.name.empty(), c.name);
    j["mass"] = c.mass;
    j["at"] = positionJson(spatial, c.p_B, c.z_B);
    if (Json inertia = inertiaJson(spatial, c.inertia, c.inertiaTensor); !inertia.is_null()) {
        j["inertia"] = std::move(inertia);
    }
    return j;
}

/// `type` and the kind's own fields always; any other field only when it is not the default
/// (lossless, and short for the usual mesh with a pose).
Json visualJson(const VisualSpec& v) {
    Json j = Json::object();
    j["type"] = wordOf(kVisualWords, v.kind);
    putIf(j, "file", v.kind == VisualKind::Mesh || !v.file.empty(), v.file);
    putIf(j, "scale", v.scale != Eigen::Vector3d::Ones(), vec3Json(v.scale));
    putIf(j, "size", v.kind == VisualKind::Box || !v.size.isZero(0), vec3Json(v.size));
    putIf(j, "radius",
          v.kind == VisualKind::Cylinder || v.kind == VisualKind::Sphere || v.radius != 0.0,
          v.radius);
    putIf(j, "length", v.kind == VisualKind::Cylinder || v.length != 0.0, v.length);
    putIf(j, "at", !v.position.isZero(0), vec3Json(v.position));
    putIf(j, "rpy", !v.rpy.isZero(0), vec3Json(v.rpy));
    if (v.color) {
        j["color"] = vec3Json(*v.color);
    }
    return j;
}

Json bodyJson(bool spatial, const BodySpec& b) {
    Json j = Json::object();
    j["id"] = b.id;
    j["name"] = b.name;
    j["mass"] = b.mass;
    j["com"] = positionJson(spatial, b.com_B, b.comZ_B);
    const Json inertia = inertiaJson(spatial, b.inertiaCom, b.inertiaTensor);
    j["inertia"] = inertia.is_null() ? Json("uniform") : inertia;
    j["shape"] = wordOf(kShapeWords, b.shape);
    putIf(j, "block_size",
          b.shape == BodyShape::Block || b.blockWidth != 0.0 || b.blockHeight != 0.0,
          Json::array({b.blockWidth, b.blockHeight}));
    j["points"] = pointsJson(spatial, b.points);
    putIf(j, "counterweights", !b.counterweights.empty(),
          arrayJson(b.counterweights, counterweightJson, spatial));
    putIf(j, "visuals", !b.visuals.empty(), arrayJson(b.visuals, visualJson));
    return j;
}

Json jointJson(bool spatial, const JointSpec& s) {
    Json j = Json::object();
    j["name"] = s.name;
    j["type"] = wordOf(kJointTypeWords, s.type);
    putIf(j, "coordinate", !s.coordinate.empty(), s.coordinate);
    putIf(j, "coordinates", spatial && !s.coordinates.empty(), s.coordinates);
    j["parent"] = endJson(s.parent);
    j["child"] = endJson(s.child);
    if (spatial) {
        // every axis that acts, and no other: the reader refuses an axis on a ball joint and
        // a second axis on anything but a universal joint (a type changed in the editor may
        // leave one behind)
        putIf(j, "axis", s.type != JointType::Spherical, vec3Json(s.axis));
        putIf(j, "axis2", s.type == JointType::Universal, vec3Json(s.axis2));
    } else {
        putIf(j, "offset", s.offset != 0.0, s.offset);
        putIf(j, "axis", s.type == JointType::Prismatic || s.axis_P != Eigen::Vector2d::UnitX(),
              vec2Json(s.axis_P));
    }
    if (s.springDamper) {
        const SpringDamperSpec& sd = *s.springDamper;
        j["spring_damper"] = Json::object(
            {{"stiffness", sd.stiffness}, {"rest", sd.restPosition}, {"damping", sd.damping}});
    }
    if (s.friction) {
        const JointFrictionSpec& f = *s.friction;
        Json friction = Json::object({{"coulomb", f.coulomb},
                                      {"viscous", f.viscous},
                                      {"smoothing_velocity", f.smoothingVelocity}});
        // the pin part only when there is one, so that files without it stay as they were
        if (f.pinRadius != 0.0 || f.pinCoefficient != 0.0) {
            friction["pin_radius"] = f.pinRadius;
            friction["pin_coefficient"] = f.pinCoefficient;
        }
        j["friction"] = std::move(friction);
    }
    if (s.limits) {
        const JointLimitsSpec& l = *s.limits;
        Json limits = Json::object();
        putIf(limits, "lower", l.lower.has_value(), l.lower.value_or(0.0));
        putIf(limits, "upper", l.upper.has_value(), l.upper.value_or(0.0));
        limits["stiffness"] = l.stiffness;
        limits["restitution"] = l.restitution;
        j["limits"] = std::move(limits);
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
    const bool spatial = spec.space == MotionSpace::Spatial;
    doc["version"] = spatial ? kSpatialFormatVersion : kPlanarFormatVersion;
    doc["name"] = spec.name;
    doc["description"] = spec.description;
    doc["units"] = Json::object({{"length", "m"}, {"mass", "kg"}, {"time", "s"}, {"angle", "rad"}});
    doc["gravity"] = positionJson(spatial, spec.gravity, spec.gravityZ);
    doc["ground"] = Json::object({{"name", spec.ground.name}});
    doc["ground"]["points"] = pointsJson(spatial, spec.ground.points);
    putIf(doc["ground"], "visuals", !spec.ground.visuals.empty(),
          arrayJson(spec.ground.visuals, visualJson));
    doc["bodies"] = arrayJson(spec.bodies, bodyJson, spatial);
    doc["joints"] = arrayJson(spec.joints, jointJson, spatial);
    doc["actuators"] = arrayJson(spec.actuators, actuatorJson);
    // the newer sections only when they hold elements: files without them stay as they were
    putIf(doc, "loads", !spec.loads.empty(), arrayJson(spec.loads, loadJson, spatial));
    putIf(doc, "two_point_elements", !spec.twoPointElements.empty(),
          arrayJson(spec.twoPointElements, twoPointJson));
    doc["traces"] = arrayJson(spec.tracedPoints, [](const TracedPointSpec& t) {
        return Json::object({{"name", t.name}, {"body", t.at.body}, {"point", t.at.point}});
    });
    doc["cuts"] = spec.cuts;
    doc["initial"] = Json::object({{"independent", valuesJson(spec.initial.independent)},
                                   {"rates", valuesJson(spec.initial.rates)},
                                   {"assembly_guess", valuesJson(spec.initial.assemblyGuess)}});
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
    putIf(solver, "rcr_independent", !s.rcrIndependent.empty(), s.rcrIndependent);
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
std::optional<std::string> flatText(const Json& v) {
    if (!v.is_structured()) {
        return scalarText(v);
    }
    std::string out = v.is_array() ? "[" : "{";
    for (auto it = v.begin(); it != v.end(); ++it) {
        // an array holds scalars only, an object scalars and arrays of scalars
        const std::optional<std::string> value =
            it->is_object() || (v.is_array() && it->is_array()) ? std::nullopt : flatText(*it);
        if (!value) {
            return std::nullopt;
        }
        out += it == v.begin() ? "" : ", ";
        out += v.is_object() ? scalarText(Json(it.key())) + ": " + *value : *value;
    }
    return out + (v.is_array() ? "]" : "}");
}

/// Two-space indented JSON; arrays of numbers always, and small flat arrays and objects when
/// they fit, on one line ("at": [0.1, 0], {"body": "ground", "point": "O1"}).
void print(const Json& v, std::size_t indent, std::string& out) {
    const std::size_t column = out.size() - (out.rfind('\n') + 1);
    if (const std::optional<std::string> flat = flatText(v)) {
        const bool numbers = std::ranges::all_of(v, [](const Json& x) { return x.is_number(); });
        if (!v.is_structured() || (v.is_array() && numbers) ||
            column + flat->size() + 1 <= kLineWidth) {
            out += *flat;
            return;
        }
    }
    const bool isArray = v.is_array();
    out += isArray ? "[\n" : "{\n";
    for (auto it = v.begin(); it != v.end(); ++it) {
        out += it == v.begin() ? "" : ",\n";
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

} // namespace

// ---------------------------------------------------------------------------------------------

std::string toJson(const MechanismSpec& spec) {
    std::string out;
    print(documentJson(spec), 0, out);
    out += '\n';
    return out;
}

std::optional<std::string> saveMechanismFile(const MechanismSpec& spec,
                                             const std::filesystem::path& path) {
    const std::string cannotSave = "cannot save " + inQuotes(path.string()) + ": ";
    std::string text;
    try {
        text = toJson(spec);
    } catch (const std::exception& e) {
        return cannotSave + e.what();
    }
    if (std::optional<std::string> failure = writeFileAtomically(path, text)) {
        return cannotSave + *failure;
    }
    return std::nullopt;
}

} // namespace sslm
