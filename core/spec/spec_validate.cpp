// SPDX-License-Identifier: MIT
// Over 600 lines: Every check on a Spec that the JSON schema cannot express, in the file's section
// order so that reports read top to bottom.
// validateSpec: the checks on a Spec that the JSON schema cannot express. Topology (connectivity,
// mobility, cut sets) is left to the model compiler.

#include "core/spec/spec_validate.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <Eigen/Eigenvalues>

#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_text.hpp"

namespace sslm {
namespace {

using spec_text::element;
using spec_text::inQuotes;
using spec_text::member;
using spec_text::number;

constexpr double kCoincidentTol = 1e-12;   ///< m; points closer than this coincide
constexpr double kUnitAxisTol = 1e-9;      ///< allowed |‖axis‖ − 1| of a prismatic axis
constexpr double kMinPlateArea = 1e-12;    ///< m²; a smaller polygon has no area
constexpr double kPerpendicularTol = 1e-9; ///< allowed |cos| between a universal joint's axes
// Largest magnitudes taken: beyond them the dynamics overflow or lose every digit (a gravity of
// 1e308 m/s² makes the forces infinite at t = 0), and no real mechanism comes near them.
constexpr double kMaxGravity = 1e6;    ///< m/s², about 100 000 g
constexpr double kMaxMass = 1e9;       ///< kg
constexpr double kMaxInertia = 1e12;   ///< kg·m²
constexpr double kMaxCoordinate = 1e6; ///< m, of a point in its body's frame

const std::vector<std::string_view> kMethods = {"sslm", "slm", "augmented", "rcr"};
const std::vector<std::string_view> kIntegrators = {"rk4", "dopri5", "rkf78", "rosenbrock4"};
const std::vector<std::string_view> kStabilisations = {"none", "baumgarte", "projection"};

std::string vectorText(const Eigen::VectorXd& v) {
    return "[" + text::joined(v, ", ", [](double x) { return number(x); }) + "]";
}

/// Signed area of the polygon through the points in order (shoelace formula), m².
double polygonArea(const std::vector<BodyPoint>& points) {
    double twice = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Eigen::Vector2d& a = points[i].p_B;
        const Eigen::Vector2d& b = points[(i + 1) % points.size()].p_B;
        twice += a.x() * b.y() - b.x() * a.y();
    }
    return 0.5 * twice;
}

class Validator {
public:
    explicit Validator(const MechanismSpec& spec) : m_spec(spec) {}

    Diagnostics run() {
        const bool spatial = m_spec.space == MotionSpace::Spatial;
        if (!gravity3(m_spec).allFinite()) {
            error("gravity", "gravity is not finite",
                  spatial ? "write three finite numbers in m/s²"
                          : "write two finite numbers in m/s²");
        } else if (const double g =
                       std::hypot(m_spec.gravity.x(), m_spec.gravity.y(), m_spec.gravityZ);
                   g > kMaxGravity) {
            error("gravity",
                  "gravity is out of range: its magnitude is " + number(g) +
                      " m/s², more than the largest taken, " + number(kMaxGravity) + " m/s²",
                  spatial ? "write gravity in m/s², e.g. [0, 0, -9.81]"
                          : "write gravity in m/s², e.g. [0, -9.81]");
        }
        points(m_spec.ground.points, "ground.points", "the ground");
        bodies();
        joints();
        zeroLengthBars();
        actuators();
        loads();
        twoPointElements();
        traces();
        cuts();
        initial();
        solver();
        return std::move(m_out);
    }

private:
    void error(std::string where, std::string message, std::string hint = {}) {
        m_out.push_back(
            {Diagnostic::Severity::Error, std::move(where), std::move(message), std::move(hint)});
    }
    void warning(std::string where, std::string message, std::string hint = {}) {
        m_out.push_back(
            {Diagnostic::Severity::Warning, std::move(where), std::move(message), std::move(hint)});
    }

    /// Errors for a value that must be finite and > 0.
    void positive(double value, const std::string& where, const std::string& what) {
        if (!std::isfinite(value)) {
            error(where, what + " is not finite", "write a finite positive number");
        } else if (value <= 0) {
            error(where, what + " must be positive, got " + number(value),
                  "write a number greater than 0");
        }
    }

    /// Errors for a finite value above `limit` (in `unit`).
    void atMost(double value,
                double limit,
                const std::string& where,
                const std::string& what,
                const std::string& unit) {
        if (std::isfinite(value) && value > limit) {
            error(where,
                  what + " is out of range: " + number(value) + " " + unit +
                      ", more than the largest taken, " + number(limit) + " " + unit,
                  "check the value and its unit, " + unit);
        }
    }

    void finiteNumber(double value, const std::string& where, const std::string& what) {
        if (!std::isfinite(value)) {
            error(where, what + " is not finite", "write a finite number");
        }
    }

    /// Records entry `i` of the list at `list` under `key` in `seen`; false, with an error at
    /// `where` ("<what> (also <list>[k])"), when entry k has the key already.
    bool firstOf(std::unordered_map<std::string, std::size_t>& seen,
                 const std::string& key,
                 std::size_t i,
                 const std::string& list,
                 const std::string& where,
                 const std::string& what,
                 const std::string& hint) {
        const auto [it, fresh] = seen.emplace(key, i);
        if (!fresh) {
            error(where, what + " (also " + element(list, it->second) + ")", hint);
        }
        return fresh;
    }

    /// Errors unless `axis` is a finite unit vector; `what` names it ("the axis of ...").
    bool unitAxis(const Eigen::VectorXd& axis, const std::string& where, const std::string& what) {
        if (!axis.allFinite()) {
            error(where, what + " is not finite");
            return false;
        }
        const double length = axis.norm();
        if (std::abs(length - 1) > kUnitAxisTol) {
            error(where, what + " must be a unit vector, its length is " + number(length),
                  length > 0 ? "write a unit vector, e.g. " + vectorText(axis / length)
                             : std::string("write a unit vector"));
            return false;
        }
        return true;
    }

    // -- bodies and their points

    void
    points(const std::vector<BodyPoint>& pts, const std::string& path, const std::string& owner) {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            const std::string p = element(path, i);
            if (pts[i].name.empty()) {
                error(member(p, "name"), "a point of " + owner + " has an empty name",
                      "name it, e.g. \"J1\"");
            } else {
                firstOf(seen, pts[i].name, i, path, member(p, "name"),
                        "duplicate point name " + inQuotes(pts[i].name) + " on " + owner,
                        "point names must be unique within a body");
            }
            if (!pts[i].position3().allFinite()) {
                error(member(p, "at"),
                      "the position of point " + inQuotes(pts[i].name) + " is not finite");
            } else {
                atMost(pts[i].position3().cwiseAbs().maxCoeff(), kMaxCoordinate, member(p, "at"),
                       "a coordinate of point " + inQuotes(pts[i].name) + " on " + owner, "m");
            }
        }
    }

    void bodies() {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < m_spec.bodies.size(); ++i) {
            const BodySpec& b = m_spec.bodies[i];
            const std::string path = element("bodies", i);
            const std::string owner = spec_text::bodyName(b.id, b.name);
            // identity
            if (b.id.empty()) {
                error(member(path, "id"), "the body id is empty",
                      "give it an id such as \"link1\"");
            } else if (b.id == kGroundId) {
                error(member(path, "id"), "the body id 'ground' is reserved for the fixed ground",
                      "rename the body, e.g. \"base\"; fixed pivots go in \"ground\".\"points\"");
            } else if (firstOf(seen, b.id, i, "bodies", member(path, "id"),
                               "duplicate body id " + inQuotes(b.id), "body ids must be unique")) {
                m_bodyIndex.emplace(b.id, i);
            }
            // mass properties
            positive(b.mass, member(path, "mass"), "the mass of " + owner + " (kg)");
            atMost(b.mass, kMaxMass, member(path, "mass"), "the mass of " + owner, "kg");
            if (!b.com_B.allFinite() || !std::isfinite(b.comZ_B)) {
                error(member(path, "com"), "the centre of mass of " + owner + " is not finite");
            }
            if (b.inertiaTensor) {
                inertiaTensor(*b.inertiaTensor, member(path, "inertia"), owner);
            }
            if (b.inertiaCom) {
                positive(*b.inertiaCom, member(path, "inertia"),
                         "the moment of inertia of " + owner + " (kg·m²)");
                atMost(*b.inertiaCom, kMaxInertia, member(path, "inertia"),
                       "the moment of inertia of " + owner, "kg·m²");
            }
            points(b.points, member(path, "points"), owner);
            counterweights(b.counterweights, member(path, "counterweights"), owner);
            // shape
            if (b.shape == BodyShape::Plate && !b.inertiaCom) {
                if (b.points.size() < 3) {
                    error(member(path, "points"),
                          "plate " + owner + " has " + std::to_string(b.points.size()) +
                              " points, but a uniform plate needs at least 3 for its outline",
                          "add outline points or give \"inertia\" explicitly");
                } else if (std::abs(polygonArea(b.points)) < kMinPlateArea) {
                    error(member(path, "points"),
                          "the outline of plate " + owner +
                              " has no area, so its uniform inertia is undefined",
                          "move the points apart or give \"inertia\" explicitly");
                }
            }
            if (b.shape == BodyShape::Block &&
                !(b.blockWidth > 0 && b.blockHeight > 0 && std::isfinite(b.blockWidth) &&
                  std::isfinite(b.blockHeight))) {
                error(member(path, "block_size"),
                      "block " + owner + " needs a positive size, got " + number(b.blockWidth) +
                          " x " + number(b.blockHeight) + " m",
                      "write \"block_size\": [width, height] in m");
            }
        }
    }

    // -- joints

    /// The points of a body id, or nullptr for an unknown id.
    const std::vector<BodyPoint>* pointsOf(const std::string& body) const {
        if (body == kGroundId) {
            return &m_spec.ground.points;
        }
        const auto it = m_bodyIndex.find(body);
        return it == m_bodyIndex.end() ? nullptr : &m_spec.bodies[it->second].points;
    }

    std::string knownBodies() const {
        std::vector<std::string> ids = text::mapped(m_spec.bodies, &BodySpec::id);
        ids.insert(ids.begin(), kGroundId);
        return "known bodies: " + spec_text::listQuoted(ids);
    }

    /// "the ground" or "body 'link1'".
    static std::string bodyText(const std::string& body) {
        return body == kGroundId ? std::string("the ground") : "body " + inQuotes(body);
    }

    /// Checks that `end` (at `path`.body and `path`.point) names an existing point. `who` names
    /// the element the end belongs to ("the first end of spring 's'") in its messages; empty,
    /// the messages speak of the body alone (a joint's or a trace's end). True if it does.
    bool reference(const JointEnd& end, const std::string& path, const std::string& who = {}) {
        const std::vector<BodyPoint>* pts = pointsOf(end.body);
        if (pts == nullptr) {
            error(member(path, "body"),
                  (who.empty() ? "" : who + " is on ") + "unknown body " + inQuotes(end.body),
                  knownBodies());
            return false;
        }
        if (std::ranges::any_of(*pts, [&](const BodyPoint& p) { return p.name == end.point; })) {
            return true;
        }
        const std::vector<std::string> names = text::mapped(*pts, &BodyPoint::name);
        error(member(path, "point"),
              who.empty() ? bodyText(end.body) + " has no point " + inQuotes(end.point)
                          : who + " is at point " + inQuotes(end.point) + ", which " +
                                bodyText(end.body) + " does not have",
              names.empty() ? std::string("it has no points; add one")
                            : "its points: " + spec_text::listQuoted(names));
        return false;
    }

    void joints() {
        std::unordered_map<std::string, std::size_t> coordinates;
        for (std::size_t i = 0; i < m_spec.joints.size(); ++i) {
            const JointSpec& j = m_spec.joints[i];
            const std::string path = element("joints", i);
            // names and coordinates
            if (j.name.empty()) {
                error(member(path, "name"), "the joint name is empty", "name it, e.g. \"J1\"");
            } else {
                firstOf(m_jointIndex, j.name, i, "joints", member(path, "name"),
                        "duplicate joint name " + inQuotes(j.name), "joint names must be unique");
            }
            const int count = coordinateCount(j.type);
            if (!j.coordinates.empty() && static_cast<int>(j.coordinates.size()) != count) {
                error(member(path, "coordinates"),
                      std::string(jointTypeWord(j.type)) + " joint " + inQuotes(j.name) + " has " +
                          std::to_string(count) + " coordinate(s) but " +
                          std::to_string(j.coordinates.size()) + " names are given",
                      "write " + std::to_string(count) + " names, or none for the defaults");
            }
            const char* coordinateKey =
                count > 1 ? "coordinates" : (j.coordinate.empty() ? "name" : "coordinate");
            for (const std::string& coordinate : coordinateNames(j)) {
                if (coordinate.empty()) {
                    continue;
                }
                if (const auto [it, fresh] = coordinates.emplace(coordinate, i); !fresh) {
                    error(member(path, coordinateKey),
                          "coordinate " + inQuotes(coordinate) + " is already used by joint " +
                              inQuotes(m_spec.joints[it->second].name),
                          "coordinate names must be unique");
                } else {
                    m_coordinates.insert(coordinate);
                }
            }
            // ends
            reference(j.parent, member(path, "parent"));
            reference(j.child, member(path, "child"));
            if (j.parent.body == j.child.body) {
                error(member(member(path, "child"), "body"),
                      "joint " + inQuotes(j.name) + " connects body " + inQuotes(j.child.body) +
                          " to itself",
                      "a joint needs two different bodies");
            }
            for (const std::string& body : {j.parent.body, j.child.body}) {
                ++m_jointsOnBody[body];
            }
            // geometry
            finiteNumber(j.offset, member(path, "offset"),
                         "the offset of joint " + inQuotes(j.name));
            if (m_spec.space == MotionSpace::Spatial) {
                spatialAxes(j, path);
            } else if (!isPlanarJointType(j.type)) {
                error(member(path, "type"),
                      std::string(jointTypeWord(j.type)) + " joint " + inQuotes(j.name) +
                          " needs a spatial mechanism",
                      "a planar (version 1) file has revolute and prismatic joints only; write "
                      "the mechanism as a spatial file (\"version\": 2)");
            } else if (j.type == JointType::Prismatic) {
                unitAxis(j.axis_P, member(path, "axis"),
                         "the axis of prismatic joint " + inQuotes(j.name));
            } else if (j.axis_P != Eigen::Vector2d::UnitX()) {
                error(member(path, "axis"), "revolute joint " + inQuotes(j.name) + " has an axis",
                      "remove \"axis\"; only prismatic joints have one");
            }
            coordinateForces(j, path);
        }
    }

    /// A joint's spring-damper, friction and limits: each acts along one coordinate.
    void coordinateForces(const JointSpec& j, const std::string& path) {
        if (coordinateCount(j.type) != 1) {
            const std::pair<bool, const char*> elements[] = {
                {j.springDamper.has_value(), "spring_damper"},
                {j.friction.has_value(), "friction"},
                {j.limits.has_value(), "limits"}};
            for (const auto& [present, key] : elements) {
                if (present) {
                    error(member(path, key),
                          "joint " + inQuotes(j.name) + " is a " + jointTypeWord(j.type) +
                              " joint; its " + key + " acts along one coordinate",
                          std::string("put the ") + key + " on a revolute or prismatic joint");
                }
            }
            return;
        }
        if (j.springDamper) {
            const std::string sd = member(path, "spring_damper");
            const SpringDamperSpec& s = *j.springDamper;
            finiteNumber(s.stiffness, member(sd, "stiffness"), "the stiffness");
            finiteNumber(s.restPosition, member(sd, "rest"), "the rest position");
            finiteNumber(s.damping, member(sd, "damping"), "the damping");
            if (s.stiffness < 0) {
                warning(member(sd, "stiffness"), "negative stiffness pushes the joint away "
                                                 "from its rest position");
            }
            if (s.damping < 0) {
                warning(member(sd, "damping"), "negative damping adds energy");
            }
        }
        if (j.friction) {
            const std::string f = member(path, "friction");
            const JointFrictionSpec& friction = *j.friction;
            const std::pair<double, const char*> levels[] = {{friction.coulomb, "coulomb"},
                                                             {friction.viscous, "viscous"}};
            for (const auto& [value, key] : levels) {
                finiteNumber(value, member(f, key), std::string("the ") + key + " friction");
                if (value < 0) {
                    error(member(f, key),
                          "negative friction: the " + std::string(key) + " friction of joint " +
                              inQuotes(j.name) + " is " + number(value) +
                              ", which would drive the joint instead of resisting it",
                          "write 0 or a positive number");
                }
            }
            positive(friction.smoothingVelocity, member(f, "smoothing_velocity"),
                     "the smoothing velocity");
            pinFriction(j, f);
        }
        if (j.limits) {
            const std::string l = member(path, "limits");
            const JointLimitsSpec& limits = *j.limits;
            if (!limits.lower && !limits.upper) {
                error(l, "the limits of joint " + inQuotes(j.name) + " have neither bound",
                      "add \"lower\" or \"upper\" (rad or m), or remove \"limits\"");
            }
            finiteNumber(limits.lower.value_or(0.0), member(l, "lower"), "the lower limit");
            finiteNumber(limits.upper.value_or(0.0), member(l, "upper"), "the upper limit");
            if (limits.lower && limits.upper && *limits.lower >= *limits.upper) {
                error(l,
                      "lower ≥ upper: the lower limit of joint " + inQuotes(j.name) + ", " +
                          number(*limits.lower) + ", is not below its upper limit, " +
                          number(*limits.upper),
                      "make \"lower\" smaller than \"upper\"");
            }
            positive(limits.stiffness, member(l, "stiffness"), "the stop stiffness");
            if (!(limits.restitution > 0 && limits.restitution <= 1)) {
                error(member(l, "restitution"),
                      "the restitution of the stops of joint " + inQuotes(j.name) + " is " +
                          number(limits.restitution) + ", outside (0, 1]",
                      "write the ratio of leaving to arriving speed, e.g. 0.5 (1: elastic)");
            }
        }
    }

    /// A joint's pin friction (its friction's pin_radius and pin_coefficient, at `f`): both or
    /// neither, not negative, and on a revolute joint only.
    void pinFriction(const JointSpec& j, const std::string& f) {
        const JointFrictionSpec& friction = *j.friction;
        const std::pair<double, const char*> parts[] = {
            {friction.pinRadius, "pin_radius"}, {friction.pinCoefficient, "pin_coefficient"}};
        bool negative = false;
        for (const auto& [value, key] : parts) {
            finiteNumber(value, member(f, key), std::string("the ") + key);
            if (value < 0) {
                negative = true;
                error(member(f, key),
                      "joint " + inQuotes(j.name) + ": friction." + key + " must be ≥ 0, got " +
                          number(value) + " (a negative " + key +
                          " would drive the joint instead of resisting it)",
                      std::string("write 0 or a positive number") +
                          (std::string_view(key) == "pin_radius" ? " (m)"
                                                                 : ", e.g. 0.1 for a greased pin"));
            }
        }
        const bool radius = friction.pinRadius != 0.0;
        const bool coefficient = friction.pinCoefficient != 0.0;
        if (negative || (!radius && !coefficient)) {
            return;
        }
        if (radius != coefficient) {
            const char* missing = radius ? "pin_coefficient" : "pin_radius";
            error(member(f, missing),
                  "joint " + inQuotes(j.name) + ": pin friction needs both friction.pin_radius " +
                      "and friction.pin_coefficient, but " + missing + " is 0",
                  std::string("give ") + missing + " a positive value, or remove both");
        }
        if (j.type != JointType::Revolute) {
            error(member(f, radius ? "pin_radius" : "pin_coefficient"),
                  "joint " + inQuotes(j.name) + " is a " + jointTypeWord(j.type) +
                      " joint; pin friction acts on a revolute joint's pin",
                  "remove pin_radius and pin_coefficient (a slide's friction is its coulomb "
                  "and viscous parts)");
        }
    }

    /// A spatial joint's axes: unit length, and a universal joint's two axes perpendicular.
    void spatialAxes(const JointSpec& j, const std::string& path) {
        const std::string word = jointTypeWord(j.type);
        if (j.type == JointType::Spherical) {
            return;
        }
        const auto unit = [&](const Eigen::Vector3d& axis, const char* key, const char* what) {
            return unitAxis(axis, member(path, key),
                            std::string("the ") + what + " of " + word + " joint " +
                                inQuotes(j.name));
        };
        const bool first =
            unit(j.axis, "axis", j.type == JointType::Universal ? "first axis" : "axis");
        if (j.type != JointType::Universal) {
            return;
        }
        if (unit(j.axis2, "axis2", "second axis") && first &&
            std::abs(j.axis.dot(j.axis2)) > kPerpendicularTol) {
            error(member(path, "axis2"),
                  "the axes of universal joint " + inQuotes(j.name) +
                      " are not perpendicular at the reference pose: the angle between " +
                      vectorText(j.axis) + " and " + vectorText(j.axis2) + " is " +
                      number(std::acos(std::clamp(j.axis.dot(j.axis2), -1.0, 1.0)) * 180.0 /
                             3.14159265358979323846) +
                      "°",
                  "make \"axis\" (fixed in the parent) and \"axis2\" (fixed in the child) "
                  "perpendicular");
        }
    }

    /// Counterweights: positive mass, finite position, an inertia ≥ 0 (a valid tensor in
    /// space), and names unique within the body.
    void counterweights(const std::vector<CounterweightSpec>& weights,
                        const std::string& path,
                        const std::string& owner) {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t k = 0; k < weights.size(); ++k) {
            const CounterweightSpec& w = weights[k];
            const std::string p = element(path, k);
            const std::string what = "counterweight " +
                                     (w.name.empty() ? std::to_string(k) : inQuotes(w.name)) +
                                     " of " + owner;
            if (!w.name.empty()) {
                firstOf(seen, w.name, k, path, member(p, "name"),
                        "duplicate counterweight name " + inQuotes(w.name) + " on " + owner,
                        "give each counterweight of a body its own name");
            }
            positive(w.mass, member(p, "mass"), "the mass of " + what + " (kg)");
            atMost(w.mass, kMaxMass, member(p, "mass"), "the mass of " + what, "kg");
            if (!w.position3().allFinite()) {
                error(member(p, "at"), "the position of " + what + " is not finite",
                      "write its centre in the body frame in m");
            }
            if (w.inertia) {
                if (!std::isfinite(*w.inertia) || *w.inertia < 0) {
                    error(member(p, "inertia"),
                          "the moment of inertia of " + what + " must be ≥ 0, got " +
                              number(*w.inertia),
                          "give it about the counterweight's own centre in kg·m², or leave "
                          "\"inertia\" out for a point mass");
                } else {
                    atMost(*w.inertia, kMaxInertia, member(p, "inertia"),
                           "the moment of inertia of " + what, "kg·m²");
                }
            }
            if (w.inertiaTensor) {
                inertiaTensor(*w.inertiaTensor, member(p, "inertia"), what);
            }
        }
    }

    /// A spatial inertia tensor about the COM: finite, symmetric, positive definite and
    /// physically possible (each principal moment at most the sum of the other two).
    void inertiaTensor(const Eigen::Matrix3d& tensor,
                       const std::string& where,
                       const std::string& owner) {
        if (!tensor.allFinite()) {
            error(where, "the inertia tensor of " + owner + " is not finite");
            return;
        }
        const double scale = tensor.cwiseAbs().maxCoeff();
        if ((tensor - tensor.transpose()).cwiseAbs().maxCoeff() > 1e-12 * scale) {
            error(where, "the inertia tensor of " + owner + " is not symmetric",
                  "write a symmetric 3 × 3 tensor, or [Ixx, Iyy, Izz, Ixy, Ixz, Iyz]");
            return;
        }
        atMost(scale, kMaxInertia, where, "the inertia tensor of " + owner, "kg·m²");
        const Eigen::Vector3d moments =
            Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(tensor, Eigen::EigenvaluesOnly)
                .eigenvalues();
        if (!(moments.minCoeff() > 0)) {
            error(where,
                  "the inertia tensor of " + owner +
                      " is not positive definite: its smallest principal moment is " +
                      number(moments.minCoeff()) + " kg·m²",
                  "give positive moments of inertia about the centre of mass in kg·m²");
        } else if (moments[2] > (moments[0] + moments[1]) * (1 + 1e-9)) {
            error(where,
                  "the inertia tensor of " + owner +
                      " is not physically possible: its largest principal moment " +
                      number(moments[2]) + " kg·m² exceeds the sum of the other two",
                  "check the moments of inertia (kg·m², about the centre of mass)");
        }
    }

    /// A bar whose points all coincide has no length; with two joints on it the model is
    /// degenerate, and its uniform inertia would be 0.
    void zeroLengthBars() {
        for (std::size_t i = 0; i < m_spec.bodies.size(); ++i) {
            const BodySpec& b = m_spec.bodies[i];
            if (b.shape != BodyShape::Bar || b.points.empty()) {
                continue;
            }
            const Eigen::Vector3d first = b.points.front().position3();
            const bool coincide = std::ranges::all_of(b.points, [&](const BodyPoint& p) {
                return (p.position3() - first).norm() <= kCoincidentTol;
            });
            if (!coincide) {
                continue;
            }
            const std::string path = member(element("bodies", i), "points");
            const auto attached = m_jointsOnBody.find(b.id);
            const int joints = attached == m_jointsOnBody.end() ? 0 : attached->second;
            if (b.points.size() >= 2 && joints >= 2) {
                error(path,
                      "bar " + spec_text::bodyName(b.id, b.name) + " has zero length: its points " +
                          spec_text::listQuoted(text::mapped(b.points, &BodyPoint::name)) +
                          " coincide",
                      "move the points apart to the link's real length");
            } else if (!b.inertiaCom && !b.inertiaTensor) {
                error(path,
                      "bar " + spec_text::bodyName(b.id, b.name) +
                          " has zero length, so its uniform inertia would be 0",
                      "give \"inertia\" explicitly or add a point at the far end of the link");
            }
        }
    }

    // -- actuators, traces, cuts

    void signal(const SignalSpec& s, const std::string& path) {
        for (const auto& [key, value] : {std::pair<const char*, double>{"value", s.value},
                                         {"rate", s.rate},
                                         {"amplitude", s.amplitude},
                                         {"frequency", s.frequency},
                                         {"phase", s.phase}}) {
            finiteNumber(value, member(path, key), std::string("the signal's ") + key);
        }
        if (s.kind != SignalSpec::Kind::Table && s.kind != SignalSpec::Kind::Spline) {
            return;
        }
        const std::string points = member(path, "points");
        const char* kind = s.kind == SignalSpec::Kind::Table ? "table" : "spline";
        if (s.table.empty()) {
            error(points, std::string("a ") + kind + " signal needs at least one point",
                  "add \"points\": [[t0, v0], [t1, v1], ...]");
        }
        for (std::size_t k = 0; k < s.table.size(); ++k) {
            const auto [t, value] = s.table[k];
            if (!std::isfinite(t) || !std::isfinite(value)) {
                error(element(points, k), "table point is not finite");
            } else if (k > 0 && !(t > s.table[k - 1].first)) {
                error(element(points, k),
                      "table times must increase strictly: t = " + number(t) +
                          " s follows t = " + number(s.table[k - 1].first) + " s",
                      "sort the points by time and remove repeated times");
            }
        }
    }

    std::string knownJoints() const {
        return "known joints: " +
               spec_text::listQuoted(text::mapped(m_spec.joints, &JointSpec::name));
    }

    void actuators() {
        std::unordered_map<std::string, std::size_t> actuated;
        for (std::size_t i = 0; i < m_spec.actuators.size(); ++i) {
            const ActuatorSpec& a = m_spec.actuators[i];
            const std::string path = element("actuators", i);
            const auto known = m_jointIndex.find(a.joint);
            if (known != m_jointIndex.end() &&
                coordinateCount(m_spec.joints[known->second].type) != 1) {
                error(member(path, "joint"),
                      "the actuator's joint " + inQuotes(a.joint) + " is a " +
                          jointTypeWord(m_spec.joints[known->second].type) +
                          " joint; an actuator drives one coordinate",
                      "actuate a revolute or prismatic joint");
                continue;
            }
            if (known == m_jointIndex.end()) {
                error(member(path, "joint"), "actuator on unknown joint " + inQuotes(a.joint),
                      knownJoints());
            } else if (const auto [it, fresh] = actuated.emplace(a.joint, i); !fresh) {
                error(member(path, "joint"),
                      "joint " + inQuotes(a.joint) + " already has an actuator (" +
                          element("actuators", it->second) + ")",
                      "combine them into one actuator");
            }
            if (a.kind == ActuatorSpec::Kind::Force) {
                signal(a.force, member(path, "force"));
            } else {
                const std::string pd = member(path, "pd");
                finiteNumber(a.kp, member(pd, "kp"), "kp");
                finiteNumber(a.kd, member(pd, "kd"), "kd");
                signal(a.reference, member(pd, "reference"));
            }
        }
    }

    // -- loads and two-point elements

    /// `what` and its name, or its index when it has none: "load 'cutting'", "spring 2".
    static std::string named(const std::string& what, const std::string& name, std::size_t i) {
        return what + " " + (name.empty() ? std::to_string(i) : inQuotes(name));
    }

    /// An error unless `value` (finite) is ≥ 0; `what` names it, `unit` its unit.
    void notNegative(double value,
                     const std::string& where,
                     const std::string& what,
                     const std::string& unit) {
        if (std::isfinite(value) && value < 0) {
            error(where, what + " must not be negative, got " + number(value) + " " + unit,
                  "write 0 or a positive value in " + unit);
        }
    }

    void loads() {
        const bool spatial = m_spec.space == MotionSpace::Spatial;
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < m_spec.loads.size(); ++i) {
            const LoadSpec& l = m_spec.loads[i];
            const std::string path = element("loads", i);
            const std::string who = named("load", l.name, i);
            if (l.name.empty()) {
                error(member(path, "name"), "the load name is empty",
                      "name it, e.g. \"cutting force\"");
            } else {
                firstOf(seen, l.name, i, "loads", member(path, "name"),
                        "duplicate load name " + inQuotes(l.name), "load names must be unique");
            }
            // where it acts: a point of a moving body
            if (l.at.body == kGroundId) {
                error(member(path, "body"), who + " acts on the ground, where it does nothing",
                      m_spec.bodies.empty()
                          ? std::string("put it on a moving body")
                          : "put it on a moving body: " +
                                spec_text::listQuoted(text::mapped(m_spec.bodies, &BodySpec::id)));
            } else {
                reference(l.at, path, who);
            }
            // the force's direction and the torque's axis: unit vectors, in the plane and about
            // z in a planar mechanism
            const std::string direction = member(path, "direction");
            const std::string axis = member(path, "axis");
            if (!spatial && l.direction.z() != 0) {
                error(direction,
                      "the direction of " + who + " has z = " + number(l.direction.z()) +
                          ", but a planar load acts in the XY plane",
                      "set z to 0, or write the mechanism as a spatial file (\"version\": 2)");
            } else if (spatial) {
                unitAxis(l.direction, direction, "the direction of " + who);
            } else {
                unitAxis(Eigen::VectorXd(l.direction.head<2>()), direction,
                         "the direction of " + who);
            }
            if (spatial) {
                unitAxis(l.axis, axis, "the torque axis of " + who);
            } else if (l.axis != Eigen::Vector3d::UnitZ()) {
                error(axis,
                      "the torque of planar " + who + " must be about z, its axis is " +
                          vectorText(l.axis),
                      "set the axis to [0, 0, 1], or write the mechanism as a spatial file "
                      "(\"version\": 2)");
            }
            signal(l.force, member(path, "force"));
            signal(l.torque, member(path, "torque"));
            if (l.force.kind == SignalSpec::Kind::Zero && l.torque.kind == SignalSpec::Kind::Zero) {
                error(member(path, "force"),
                      who + " has neither a force nor a torque, so it does nothing",
                      "give \"force\" (with a \"direction\") or \"torque\" a signal other "
                      "than \"zero\", or remove the load");
            }
        }
    }

    void twoPointElements() {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < m_spec.twoPointElements.size(); ++i) {
            const TwoPointSpec& e = m_spec.twoPointElements[i];
            const std::string path = element("two_point_elements", i);
            const bool spring = e.kind == TwoPointSpec::Kind::Spring;
            const std::string who = named(spring ? "spring" : "cylinder", e.name, i);
            if (e.name.empty()) {
                error(member(path, "name"), "the name of " + who + " is empty",
                      spring ? "name it, e.g. \"gas spring\"" : "name it, e.g. \"boom cylinder\"");
            } else {
                firstOf(seen, e.name, i, "two_point_elements", member(path, "name"),
                        "duplicate two-point element name " + inQuotes(e.name),
                        "the names of springs and cylinders must be unique");
            }
            // the ends: points of two different bodies, or of a body and the ground
            const bool ends = reference(e.first, member(path, "first"), "the first end of " + who);
            if (reference(e.second, member(path, "second"), "the second end of " + who) && ends &&
                e.first.body == e.second.body) {
                error(member(member(path, "second"), "body"),
                      who + " has both ends on " + bodyText(e.first.body) +
                          ", so it exerts no force on the mechanism",
                      "connect two different bodies, or a body and the ground");
            }
            // the numbers
            const std::string track = member(path, "track_length");
            const struct {
                std::string where;
                const char* what;
                double value;
            } numbers[] = {{member(path, "stiffness"), "the stiffness", e.stiffness},
                           {member(path, "rest_length"), "the rest length", e.restLength},
                           {member(path, "damping"), "the damping", e.damping},
                           {member(path, "preload"), "the preload", e.preload},
                           {member(track, "kp"), "the gain kp", e.kp},
                           {member(track, "kd"), "the gain kd", e.kd}};
            for (const auto& [where, what, value] : numbers) {
                finiteNumber(value, where, what + (" of " + who));
            }
            if (spring) {
                notNegative(e.stiffness, member(path, "stiffness"), "the stiffness of " + who,
                            "N/m");
                notNegative(e.damping, member(path, "damping"), "the damping of " + who, "N·s/m");
                if (std::isfinite(e.restLength) && !(e.restLength > 0)) {
                    error(member(path, "rest_length"),
                          "the rest length of " + who + " must be > 0, got " +
                              number(e.restLength) + " m",
                          "give the spring's free length in m, greater than 0");
                }
            } else {
                signal(e.force, member(path, "force"));
                if (e.tracksLength) {
                    notNegative(e.kp, member(track, "kp"), "the gain kp of " + who, "N/m");
                    notNegative(e.kd, member(track, "kd"), "the gain kd of " + who, "N·s/m");
                    signal(e.length, member(track, "length"));
                }
            }
        }
    }

    void traces() {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < m_spec.tracedPoints.size(); ++i) {
            const TracedPointSpec& t = m_spec.tracedPoints[i];
            const std::string path = element("traces", i);
            if (t.name.empty()) {
                error(member(path, "name"), "the trace name is empty",
                      "name it, e.g. \"blade_tip\"");
            } else {
                firstOf(seen, t.name, i, "traces", member(path, "name"),
                        "duplicate trace name " + inQuotes(t.name), "trace names must be unique");
            }
            reference(t.at, path);
        }
    }

    void cuts() {
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < m_spec.cuts.size(); ++i) {
            const std::string& cut = m_spec.cuts[i];
            const std::string path = element("cuts", i);
            if (m_jointIndex.count(cut) == 0) {
                error(path, "cut names unknown joint " + inQuotes(cut), knownJoints());
            } else {
                firstOf(seen, cut, i, "cuts", path, "joint " + inQuotes(cut) + " is cut twice",
                        "list each cut joint once");
            }
        }
    }

    // -- initial state and solver settings

    std::string knownCoordinates() const {
        std::vector<std::string> known(m_coordinates.begin(), m_coordinates.end());
        std::sort(known.begin(), known.end());
        return "known coordinates: " + spec_text::listQuoted(known);
    }

    /// Checks one coordinate → value list; returns the names it holds.
    std::unordered_set<std::string>
    coordinateValues(const std::vector<std::pair<std::string, double>>& values,
                     const std::string& path) {
        std::unordered_set<std::string> names;
        for (const auto& [name, value] : values) {
            const std::string p = member(path, name);
            if (m_coordinates.count(name) == 0) {
                error(p, "unknown coordinate " + inQuotes(name), knownCoordinates());
            }
            if (!names.insert(name).second) {
                error(p, "coordinate " + inQuotes(name) + " is given twice", "keep one value");
            }
            finiteNumber(value, p, "the value of " + inQuotes(name));
        }
        return names;
    }

    void initial() {
        const InitialStateSpec& s = m_spec.initial;
        const auto independent = coordinateValues(s.independent, "initial.independent");
        coordinateValues(s.rates, "initial.rates");
        coordinateValues(s.assemblyGuess, "initial.assembly_guess");
        for (const auto& [name, value] : s.rates) {
            if (m_coordinates.count(name) != 0 && independent.count(name) == 0) {
                error(member("initial.rates", name),
                      "a rate is given for " + inQuotes(name) +
                          ", which is not in initial.independent",
                      "add it to \"independent\" or remove the rate; dependent rates are computed");
            }
        }
    }

    void word(const std::string& value,
              const std::vector<std::string_view>& allowed,
              const std::string& where,
              const std::string& what) {
        if (std::ranges::find(allowed, value) != allowed.end()) {
            return;
        }
        error(where, "unknown " + what + " " + inQuotes(value),
              spec_text::suggestion(value, allowed, "use one of "));
    }

    void solver() {
        const SolverSettingsSpec& s = m_spec.solver;
        word(s.method, kMethods, "solver.method", "method");
        word(s.integrator, kIntegrators, "solver.integrator", "integrator");
        word(s.stabilisation, kStabilisations, "solver.stabilisation", "stabilisation");
        positive(s.tEnd, "solver.t_end", "the end time (s)");
        positive(s.step, "solver.step", "the step (s)");
        positive(s.rtol, "solver.rtol", "the relative tolerance");
        positive(s.atol, "solver.atol", "the absolute tolerance");
        positive(s.sampleInterval, "solver.sample_interval", "the sample interval (s)");
        for (const auto& [key, value] : {std::pair<const char*, double>{"alpha", s.baumgarteAlpha},
                                         {"beta", s.baumgarteBeta}}) {
            const std::string p = member("solver.baumgarte", key);
            if (!std::isfinite(value)) {
                error(p, std::string("Baumgarte ") + key + " is not finite");
            } else if (value < 0) {
                error(p,
                      std::string("Baumgarte ") + key + " must not be negative, got " +
                          number(value),
                      "use 0 or a positive gain in 1/s");
            }
        }
        for (std::size_t i = 0; i < s.rcrIndependent.size(); ++i) {
            const std::string& name = s.rcrIndependent[i];
            if (m_coordinates.count(name) == 0) {
                error(element("solver.rcr_independent", i), "unknown coordinate " + inQuotes(name),
                      knownCoordinates());
            }
        }
    }

    const MechanismSpec& m_spec;
    Diagnostics m_out;
    std::unordered_map<std::string, std::size_t> m_bodyIndex;  ///< first body of each id
    std::unordered_map<std::string, std::size_t> m_jointIndex; ///< first joint of each name
    std::unordered_map<std::string, int> m_jointsOnBody;       ///< joint ends per body id
    std::unordered_set<std::string> m_coordinates;
};

} // namespace

Diagnostics validateSpec(const MechanismSpec& spec) {
    return Validator(spec).run();
}

} // namespace sslm
