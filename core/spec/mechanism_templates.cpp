// SPDX-License-Identifier: MIT
// Over 600 lines: The Insert ▸ Template mechanisms, each a short generator sized by its options;
// one catalogue.
#include "core/spec/mechanism_templates.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <stdexcept>

#include "core/spec/spec_text.hpp"

namespace sslm {

namespace {

using spec_text::number;
using text::metres;

/// Relative distance from a dyad's reach limits below which the pose counts as a toggle.
constexpr double kToggleTol = 1e-9;
/// A plate whose outline is thinner than this fraction of its size is drawn as a bar.
constexpr double kCollinearTol = 1e-9;

[[noreturn]] void fail(const char* where, const std::string& message) {
    throw std::invalid_argument(std::string(where) + ": " + message);
}

/// `value` rounded to 12 significant digits, so that masses and centres of mass computed from
/// the densities read cleanly in the file (0.45, not 0.44999999999999996).
double tidy(double value) {
    return std::strtod(text::number(value, 12).c_str(), nullptr);
}

/// Throws unless `value` is a finite length > 0.
void requireLength(const char* where, const char* what, double value) {
    if (!std::isfinite(value) || value <= 0) {
        fail(where,
             std::string("the ") + what + " must be a positive length in m, got " + number(value));
    }
}

/// Throws unless `value` is finite and > 0: "`what` must be positive (`unit`), got …".
void requirePositive(const char* where, const std::string& what, const char* unit, double value) {
    if (!std::isfinite(value) || value <= 0) {
        fail(where, what + " must be positive (" + unit + "), got " + number(value));
    }
}

void requireFinite(const char* where, const char* what, const Eigen::Vector2d& value) {
    if (!value.allFinite()) {
        fail(where, std::string("the ") + what + " must be finite");
    }
}

void requireFinite(const char* where, const char* what, double value) {
    if (!std::isfinite(value)) {
        fail(where, std::string("the ") + what + " must be finite, got " + number(value));
    }
}

Eigen::Vector2d direction(double angle) {
    return {std::cos(angle), std::sin(angle)};
}

Eigen::Vector2d rotated(double angle, const Eigen::Vector2d& v) {
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    return {c * v.x() - s * v.y(), s * v.x() + c * v.y()};
}

double angleOf(const Eigen::Vector2d& v) {
    return std::atan2(v.y(), v.x());
}

/// One side of a dyad, for messages: "the coupler" from "J2".
struct DyadSide {
    std::string link;  ///< e.g. "coupler"
    std::string pivot; ///< the point the link turns about, e.g. "J2"
};

/// The moving pin of a dyad: the meeting point of the circles (centre1, r1) and (centre2, r2),
/// left (mirror = false) or right (true) of the chord centre1 → centre2. Throws when the
/// circles do not meet or only touch (a toggle pose), explaining with the link names.
Eigen::Vector2d closeDyad(const char* where,
                          const std::string& what,
                          const std::string& input,
                          const Eigen::Vector2d& centre1,
                          double r1,
                          const DyadSide& side1,
                          const Eigen::Vector2d& centre2,
                          double r2,
                          const DyadSide& side2,
                          bool mirror) {
    const Eigen::Vector2d chord = centre2 - centre1;
    const double d = chord.norm();
    const double reach = r1 + r2;
    const std::string apart = side1.pivot + " and " + side2.pivot + " are " + metres(d) + " apart";
    if (d > reach * (1 + kToggleTol)) {
        fail(where, what + " cannot close at " + input + ": the " + side1.link + " (" + metres(r1) +
                        ") and the " + side2.link + " (" + metres(r2) + ") reach at most " +
                        metres(reach) + ", but " + apart +
                        "; lengthen them, bring the pivots closer or change the input");
    }
    if (d < std::abs(r1 - r2) * (1 - kToggleTol)) {
        const bool firstLonger = r1 > r2;
        fail(where, what + " cannot close at " + input + ": the " +
                        (firstLonger ? side1.link : side2.link) + " (" + metres(std::max(r1, r2)) +
                        ") is longer than the " + (firstLonger ? side2.link : side1.link) + " (" +
                        metres(std::min(r1, r2)) + ") plus the " + metres(d) + " between " +
                        side1.pivot + " and " + side2.pivot +
                        "; make them closer in length or change the input");
    }
    if (d < kToggleTol * reach || std::abs(d - reach) <= kToggleTol * reach ||
        std::abs(d - std::abs(r1 - r2)) <= kToggleTol * reach) {
        fail(where, what + " is at a toggle position at " + input + ": the " + side1.link +
                        " and the " + side2.link +
                        " are aligned, so the pose is singular; change the input or a length");
    }
    const double along = (d * d + r1 * r1 - r2 * r2) / (2 * d);
    const double across = std::sqrt(std::max(0.0, r1 * r1 - along * along));
    const Eigen::Vector2d unit = chord / d;
    const Eigen::Vector2d left(-unit.y(), unit.x());
    return centre1 + along * unit + (mirror ? -across : across) * left;
}

/// Throws when a four-bar loop (ground g, crank a, coupler b, rocker c) closes at no crank angle:
/// the crank pin stays between |g − a| and g + a from the rocker pivot, the dyad spans
/// |b − c| to b + c.
void requireFourBarCloses(
    const char* where, const std::string& what, double g, double a, double b, double c) {
    const double nearest = std::abs(g - a);
    const double farthest = g + a;
    const double shortest = std::abs(b - c);
    const double longest = b + c;
    if (longest < nearest || shortest > farthest) {
        fail(where, what + " cannot close at any crank angle: the crank pin stays " +
                        metres(nearest) + " to " + metres(farthest) +
                        " from the rocker pivot, but the coupler and the rocker span only " +
                        metres(shortest) + " to " + metres(longest) +
                        "; change the ground, crank, coupler or rocker length");
    }
}

/// Builds the spec's bodies, joints and initial state from link geometry and body angles at the
/// initial pose.
class Builder {
public:
    Builder(const char* where, const TemplateMaterial& material)
        : m_where(where), m_material(material) {
        requirePositive(where, "the bar density", "kg/m", material.barDensity);
        requirePositive(where, "the plate density", "kg/m²", material.plateDensity);
        requirePositive(where, "the block density", "kg/m²", material.blockDensity);
    }

    void groundPoint(const std::string& name, const Eigen::Vector2d& p_W) {
        m_spec.ground.points.push_back({name, p_W});
    }

    /// A link with the pin `from` at its frame origin, the pin `to` at `length` (m) along its
    /// x-axis and the `extra` points (body frame): a uniform plate over their polygon when they
    /// span an area, else a uniform bar between the two farthest apart.
    void link(const std::string& id,
              const std::string& name,
              const std::string& from,
              const std::string& to,
              double length,
              double angle_W,
              const std::vector<BodyPoint>& extra = {}) {
        BodySpec body;
        body.id = id;
        body.name = name;
        body.points = {{from, {0.0, 0.0}}, {to, {length, 0.0}}};
        body.points.insert(body.points.end(), extra.begin(), extra.end());
        double twiceArea = 0;
        double size = 0;
        Eigen::Vector2d centroid = Eigen::Vector2d::Zero();
        const std::size_t n = body.points.size();
        for (std::size_t i = 0; i < n; ++i) {
            const Eigen::Vector2d& p = body.points[i].p_B;
            const Eigen::Vector2d& q = body.points[(i + 1) % n].p_B;
            const double cross = p.x() * q.y() - q.x() * p.y();
            twiceArea += cross;
            centroid += cross * (p + q);
        }
        std::size_t first = 0;
        std::size_t second = 0;
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t j = i + 1; j < n; ++j) {
                const double spacing = (body.points[i].p_B - body.points[j].p_B).norm();
                if (spacing > size) {
                    size = spacing;
                    first = i;
                    second = j;
                }
            }
        }
        if (std::abs(twiceArea) > kCollinearTol * size * size) {
            const double area = 0.5 * std::abs(twiceArea);
            body.shape = BodyShape::Plate;
            body.mass = tidy(m_material.plateDensity * area);
            body.com_B = (centroid / (3.0 * twiceArea)).unaryExpr(&tidy);
        } else {
            body.shape = BodyShape::Bar;
            body.mass = tidy(m_material.barDensity * size);
            body.com_B =
                (0.5 * (body.points[first].p_B + body.points[second].p_B)).unaryExpr(&tidy);
        }
        add(std::move(body), angle_W);
    }

    /// A slider block of width × height centred on its frame origin.
    void block(const std::string& id,
               const std::string& name,
               std::vector<BodyPoint> points,
               double width,
               double height,
               double angle_W) {
        BodySpec body;
        body.id = id;
        body.name = name;
        body.points = std::move(points);
        body.shape = BodyShape::Block;
        body.blockWidth = width;
        body.blockHeight = height;
        body.mass = tidy(m_material.blockDensity * width * height);
        add(std::move(body), angle_W);
    }

    /// The revolute joint `name` ("Jk", coordinate "thetak").
    void revolute(const std::string& name, JointEnd parent, JointEnd child) {
        m_spec.joints.push_back(
            revoluteJoint(name, "theta" + name.substr(1), std::move(parent), std::move(child)));
    }

    /// The prismatic joint `name` ("Jk", coordinate "xk") along `axis_P` (unit, parent frame)
    /// whose slide at the initial pose is `slide` (m).
    void prismatic(const std::string& name,
                   JointEnd parent,
                   JointEnd child,
                   const Eigen::Vector2d& axis_P,
                   double slide) {
        JointSpec& joint = m_spec.joints.emplace_back(
            revoluteJoint(name, "x" + name.substr(1), std::move(parent), std::move(child)));
        joint.type = JointType::Prismatic;
        joint.axis_P = axis_P;
        m_slide[name] = slide;
    }

    /// Drives joint `name` (its coordinate held at `value` rad at t = 0, turning at `rate`
    /// rad/s) with a zero force.
    void input(const std::string& name, double value, double rate) {
        m_inputs.push_back({name, value, rate});
    }

    /// The crank `id` on the ground pivot O1 at the origin of W: the input revolute J1 there
    /// (at `angle` rad, turning at `rate` rad/s at t = 0), its pin J2 at `length` (m) along its
    /// x-axis and the revolute J2 to the link `next`.
    void inputCrank(const std::string& id,
                    const std::string& name,
                    double length,
                    double angle,
                    double rate,
                    const std::string& next) {
        groundPoint("O1", Eigen::Vector2d::Zero());
        link(id, name, "J1", "J2", length, angle);
        revolute("J1", {kGroundId, "O1"}, {id, "J1"});
        revolute("J2", {id, "J2"}, {next, "J2"});
        input("J1", angle, rate);
    }

    /// The finished spec: given masses applied, inputs actuated, every other joint's value at
    /// the initial pose as the assembly guess.
    MechanismSpec finish(std::string name,
                         std::string description,
                         std::vector<std::string> cuts,
                         std::vector<TracedPointSpec> traces) {
        for (const auto& [id, mass] : m_material.masses) {
            BodySpec* body = findBody(m_spec, id);
            if (body == nullptr) {
                fail(m_where,
                     "a mass is given for unknown body " + spec_text::inQuotes(id) +
                         "; the bodies are " +
                         spec_text::listQuoted(text::mapped(m_spec.bodies, &BodySpec::id)));
            }
            requirePositive(m_where, "the mass of " + id, "kg", mass);
            body->mass = mass;
        }
        for (const InputJoint& in : m_inputs) {
            const JointSpec& joint = *findJoint(m_spec, in.name);
            m_spec.initial.independent.emplace_back(joint.coordinateName(), in.value);
            m_spec.initial.rates.emplace_back(joint.coordinateName(), in.rate);
            m_spec.actuators.emplace_back().joint = in.name; // a force actuator, zero force
        }
        for (const JointSpec& joint : m_spec.joints) {
            const bool driven = std::ranges::any_of(
                m_inputs, [&](const InputJoint& in) { return in.name == joint.name; });
            if (driven) {
                continue;
            }
            const double value =
                joint.type == JointType::Prismatic
                    ? m_slide.at(joint.name)
                    : std::remainder(m_angle.at(joint.child.body) - m_angle.at(joint.parent.body),
                                     2 * std::numbers::pi);
            m_spec.initial.assemblyGuess.emplace_back(joint.coordinateName(), value);
        }
        m_spec.name = std::move(name);
        m_spec.description = std::move(description);
        m_spec.cuts = std::move(cuts);
        m_spec.tracedPoints = std::move(traces);
        return std::move(m_spec);
    }

private:
    struct InputJoint {
        std::string name;
        double value = 0;
        double rate = 0;
    };

    void add(BodySpec body, double angle_W) {
        m_angle[body.id] = angle_W;
        m_spec.bodies.push_back(std::move(body));
    }

    const char* m_where;
    const TemplateMaterial& m_material;
    MechanismSpec m_spec;
    std::map<std::string, double> m_angle{{kGroundId, 0.0}}; ///< body angle in W at t = 0 (rad)
    std::map<std::string, double> m_slide;                   ///< prismatic slide at t = 0 (m)
    std::vector<InputJoint> m_inputs;
};

std::string crankAt(double angle) {
    return "crank angle " + number(angle) + " rad";
}

} // namespace

MechanismSpec fourBarTemplate(const FourBarTemplateOptions& o) {
    constexpr const char* kWhere = "four-bar template";
    requireLength(kWhere, "ground link", o.ground);
    requireLength(kWhere, "crank", o.crank);
    requireLength(kWhere, "coupler", o.coupler);
    requireLength(kWhere, "rocker", o.rocker);
    requireFinite(kWhere, "crank angle", o.crankAngle);
    requireFinite(kWhere, "crank rate", o.crankRate);
    if (o.couplerPoint) {
        requireFinite(kWhere, "coupler point", *o.couplerPoint);
    }
    requireFourBarCloses(kWhere, "the four-bar", o.ground, o.crank, o.coupler, o.rocker);

    // the pose at the initial crank angle: J3 where the coupler and rocker circles meet
    const Eigen::Vector2d o1 = Eigen::Vector2d::Zero();
    const Eigen::Vector2d o4(o.ground, 0.0);
    const Eigen::Vector2d j2 = o1 + o.crank * direction(o.crankAngle);
    const Eigen::Vector2d j3 =
        closeDyad(kWhere, "the four-bar", crankAt(o.crankAngle), j2, o.coupler, {"coupler", "J2"},
                  o4, o.rocker, {"rocker", "O4"}, o.mirrorAssembly);

    Builder b(kWhere, o.material);
    b.inputCrank("crank", "#1 crank", o.crank, o.crankAngle, o.crankRate, "coupler");
    b.groundPoint("O4", o4);
    const Eigen::Vector2d point = o.couplerPoint.value_or(Eigen::Vector2d(0.5 * o.coupler, 0.0));
    b.link("coupler", "#2 coupler", "J2", "J3", o.coupler, angleOf(j3 - j2), {{"P", point}});
    b.link("rocker", "#3 rocker", "J4", "J3", o.rocker, angleOf(j3 - o4));
    b.revolute("J3", {"coupler", "J3"}, {"rocker", "J3"});
    b.revolute("J4", {kGroundId, "O4"}, {"rocker", "J4"});
    return b.finish(
        "Four-bar",
        "A four-bar linkage from the template: #1 crank (" + metres(o.crank) +
            ") on the ground pivot O1 at the origin, #2 coupler (" + metres(o.coupler) +
            ", J2 to J3) and #3 rocker (" + metres(o.rocker) + ") on O4 at (" + number(o.ground) +
            ", 0) m. The coupler-rocker pin J3 is cut, leaving one loop and one degree of "
            "freedom, theta1 at the crank (actuated, zero torque). The coupler point P is traced. "
            "Uniform bars and plates; it starts at theta1 = " +
            number(o.crankAngle) + " rad.",
        {"J3"}, {{"coupler_point", {"coupler", "P"}}});
}

MechanismSpec sliderCrankTemplate(const SliderCrankTemplateOptions& o) {
    constexpr const char* kWhere = "slider-crank template";
    requireLength(kWhere, "crank", o.crank);
    requireLength(kWhere, "connecting rod", o.connectingRod);
    requireLength(kWhere, "slider width", o.sliderWidth);
    requireLength(kWhere, "slider height", o.sliderHeight);
    requireFinite(kWhere, "guide offset", o.offset);
    requireFinite(kWhere, "crank angle", o.crankAngle);
    requireFinite(kWhere, "crank rate", o.crankRate);
    if (std::abs(o.offset) - o.crank >= o.connectingRod) {
        fail(kWhere, "the slider-crank cannot close at any crank angle: the crank pin stays at "
                     "least " +
                         metres(std::abs(o.offset) - o.crank) +
                         " from the guide line, more than the connecting rod's " +
                         metres(o.connectingRod) + "; lengthen the rod or reduce the offset");
    }

    // the pose: the rod reaches down (or up) to the guide line y = offset
    const Eigen::Vector2d j2 = o.crank * direction(o.crankAngle);
    const double rise = o.offset - j2.y();
    if (std::abs(rise) >= o.connectingRod * (1 - kToggleTol)) {
        fail(kWhere,
             "the slider-crank " +
                 std::string(std::abs(rise) > o.connectingRod ? "cannot close" : "is singular") +
                 " at " + crankAt(o.crankAngle) + ": the crank pin J2 is " +
                 metres(std::abs(rise)) + " from the guide line and the connecting rod " +
                 metres(o.connectingRod) +
                 " long, so the rod cannot reach the guide at an angle; lengthen the rod, "
                 "reduce the offset or change the crank angle");
    }
    const double run = std::sqrt(o.connectingRod * o.connectingRod - rise * rise);
    const Eigen::Vector2d j3(j2.x() + (o.mirrorAssembly ? -run : run), o.offset);

    Builder b(kWhere, o.material);
    b.inputCrank("crank", "#1 crank", o.crank, o.crankAngle, o.crankRate, "connecting_rod");
    b.groundPoint("O4", {0.0, o.offset});
    b.link("connecting_rod", "#2 connecting rod", "J2", "J3", o.connectingRod, angleOf(j3 - j2),
           {{"mid", {0.5 * o.connectingRod, 0.0}}});
    b.block("slider", "#3 slider", {{"J4", {0.0, 0.0}}, {"J3", {0.0, 0.0}}}, o.sliderWidth,
            o.sliderHeight, 0.0);
    b.revolute("J3", {"connecting_rod", "J3"}, {"slider", "J3"});
    b.prismatic("J4", {kGroundId, "O4"}, {"slider", "J4"}, Eigen::Vector2d::UnitX(), j3.x());
    return b.finish(
        "Slider-crank",
        "A slider-crank from the template: #1 crank (" + metres(o.crank) +
            ") on the ground pivot O1 at the origin, #2 connecting rod (" +
            metres(o.connectingRod) + ") and #3 slider block (" + metres(o.sliderWidth) + " x " +
            metres(o.sliderHeight) +
            ") on a guide fixed to the ground: the prismatic joint J4 along +X through O4 at (0, " +
            number(o.offset) +
            ") m, coordinate x4 in metres. The rod-slider pin J3 is cut, leaving one loop and one "
            "degree of freedom, theta1 at the crank (actuated, zero torque). The rod midpoint is "
            "traced. Uniform bars and a solid block; it starts at theta1 = " +
            number(o.crankAngle) + " rad.",
        {"J3"}, {{"rod_midpoint", {"connecting_rod", "mid"}}});
}

MechanismSpec fiveBarTemplate(const FiveBarTemplateOptions& o) {
    constexpr const char* kWhere = "five-bar template";
    requireLength(kWhere, "ground link", o.ground);
    requireLength(kWhere, "crank 1", o.crank1);
    requireLength(kWhere, "coupler 1", o.coupler1);
    requireLength(kWhere, "coupler 2", o.coupler2);
    requireLength(kWhere, "crank 2", o.crank2);
    requireFinite(kWhere, "crank 1 angle", o.crank1Angle);
    requireFinite(kWhere, "crank 2 angle", o.crank2Angle);
    requireFinite(kWhere, "crank 1 rate", o.crank1Rate);
    requireFinite(kWhere, "crank 2 rate", o.crank2Rate);

    // the pose: J3 where the two coupler circles about the crank pins meet
    const Eigen::Vector2d o5(o.ground, 0.0);
    const Eigen::Vector2d j2 = o.crank1 * direction(o.crank1Angle);
    const Eigen::Vector2d j4 = o5 + o.crank2 * direction(o.crank2Angle);
    const Eigen::Vector2d j3 = closeDyad(
        kWhere, "the five-bar",
        "crank angles " + number(o.crank1Angle) + " and " + number(o.crank2Angle) + " rad", j2,
        o.coupler1, {"coupler 1", "J2"}, j4, o.coupler2, {"coupler 2", "J4"}, o.mirrorAssembly);

    Builder b(kWhere, o.material);
    b.inputCrank("crank1", "#1 crank 1", o.crank1, o.crank1Angle, o.crank1Rate, "coupler1");
    b.groundPoint("O5", o5);
    b.link("coupler1", "#2 coupler 1", "J2", "J3", o.coupler1, angleOf(j3 - j2));
    b.link("coupler2", "#3 coupler 2", "J4", "J3", o.coupler2, angleOf(j3 - j4));
    b.link("crank2", "#4 crank 2", "J5", "J4", o.crank2, o.crank2Angle);
    b.revolute("J3", {"coupler1", "J3"}, {"coupler2", "J3"});
    b.revolute("J4", {"crank2", "J4"}, {"coupler2", "J4"});
    b.revolute("J5", {kGroundId, "O5"}, {"crank2", "J5"});
    b.input("J5", o.crank2Angle, o.crank2Rate);
    return b.finish(
        "Five-bar",
        "A five-bar linkage from the template, two degrees of freedom: #1 crank 1 (" +
            metres(o.crank1) + ") on O1 at the origin and #4 crank 2 (" + metres(o.crank2) +
            ") on O5 at (" + number(o.ground) + ", 0) m carry #2 coupler 1 (" + metres(o.coupler1) +
            ") and #3 coupler 2 (" + metres(o.coupler2) +
            "), pinned together at J3. J3 is cut, leaving one loop; theta1 (J1) and theta5 (J5) "
            "are the inputs (actuated, zero torque). The coupler pin J3 is traced. Uniform bars; "
            "it starts at theta1 = " +
            number(o.crank1Angle) + " rad, theta5 = " + number(o.crank2Angle) + " rad.",
        {"J3"}, {{"coupler_pin", {"coupler1", "J3"}}});
}

MechanismSpec wattSixBarTemplate(const WattSixBarTemplateOptions& o) {
    constexpr const char* kWhere = "Watt six-bar template";
    requireLength(kWhere, "first ground link (O1 to O3)", o.ground1);
    requireLength(kWhere, "crank", o.crank);
    requireLength(kWhere, "coupler", o.coupler);
    requireLength(kWhere, "rocker arm", o.rockerArm);
    requireLength(kWhere, "second ground link (O3 to O5)", o.ground2);
    requireLength(kWhere, "second coupler", o.coupler2);
    requireLength(kWhere, "output rocker", o.output);
    requireFinite(kWhere, "rocker point", o.rockerPoint);
    requireFinite(kWhere, "crank angle", o.crankAngle);
    requireFinite(kWhere, "crank rate", o.crankRate);
    if (o.rockerPoint.norm() == 0) {
        fail(kWhere, "the rocker point J4 must not be at the rocker pivot O3");
    }
    requireFourBarCloses(kWhere, "loop 1 (crank, coupler, rocker)", o.ground1, o.crank, o.coupler,
                         o.rockerArm);

    // the pose: loop 1 closes at J6, then loop 2 at J7
    const Eigen::Vector2d o3(o.ground1, 0.0);
    const Eigen::Vector2d o5(o.ground1 + o.ground2, 0.0);
    const std::string input = crankAt(o.crankAngle);
    const Eigen::Vector2d j2 = o.crank * direction(o.crankAngle);
    const Eigen::Vector2d j6 =
        closeDyad(kWhere, "loop 1 (crank, coupler, rocker)", input, j2, o.coupler,
                  {"coupler", "J2"}, o3, o.rockerArm, {"rocker arm", "O3"}, o.mirrorAssembly);
    const double rockerAngle = angleOf(j6 - o3);
    const Eigen::Vector2d j4 = o3 + rotated(rockerAngle, o.rockerPoint);
    const Eigen::Vector2d j7 = closeDyad(kWhere, "loop 2 (rocker, second coupler, output)", input,
                                         j4, o.coupler2, {"second coupler", "J4"}, o5, o.output,
                                         {"output rocker", "O5"}, o.mirrorAssembly);

    Builder b(kWhere, o.material);
    b.inputCrank("crank", "#1 crank", o.crank, o.crankAngle, o.crankRate, "coupler");
    b.groundPoint("O3", o3);
    b.groundPoint("O5", o5);
    b.link("coupler", "#2 coupler", "J2", "J6", o.coupler, angleOf(j6 - j2));
    b.link("rocker", "#3 ternary rocker", "J3", "J6", o.rockerArm, rockerAngle,
           {{"J4", o.rockerPoint}});
    b.link("coupler2", "#4 second coupler", "J4", "J7", o.coupler2, angleOf(j7 - j4),
           {{"mid", {0.5 * o.coupler2, 0.0}}});
    b.link("output", "#5 output rocker", "J5", "J7", o.output, angleOf(j7 - o5));
    b.revolute("J3", {kGroundId, "O3"}, {"rocker", "J3"});
    b.revolute("J4", {"rocker", "J4"}, {"coupler2", "J4"});
    b.revolute("J5", {kGroundId, "O5"}, {"output", "J5"});
    b.revolute("J6", {"coupler", "J6"}, {"rocker", "J6"});
    b.revolute("J7", {"coupler2", "J7"}, {"output", "J7"});
    return b.finish(
        "Watt II six-bar",
        "A Watt II six-bar from the template: two four-bars in series sharing the ternary rocker "
        "#3, so the two ternary links (the ground and #3) are joined directly by J3. Loop 1 is "
        "the ground, #1 crank (" +
            metres(o.crank) + ") on O1, #2 coupler (" + metres(o.coupler) + ") and the " +
            metres(o.rockerArm) + " arm of #3 on O3 at (" + number(o.ground1) +
            ", 0) m; loop 2 is the ground, the second arm of #3 (J3 to J4), #4 second coupler (" +
            metres(o.coupler2) + ") and #5 output rocker (" + metres(o.output) + ") on O5 at (" +
            number(o.ground1 + o.ground2) +
            ", 0) m. The cut joints J6 and J7 make each loop a closed-form dyad. One degree of "
            "freedom, theta1 at the crank (actuated, zero torque); the second coupler's midpoint "
            "is traced. Uniform bars and a triangular plate; it starts at theta1 = " +
            number(o.crankAngle) + " rad.",
        {"J6", "J7"}, {{"coupler2_midpoint", {"coupler2", "mid"}}});
}

MechanismSpec stephensonSixBarTemplate(const StephensonSixBarTemplateOptions& o) {
    constexpr const char* kWhere = "Stephenson six-bar template";
    requireLength(kWhere, "ground link (O1 to O3)", o.ground);
    requireLength(kWhere, "crank", o.crank);
    requireLength(kWhere, "coupler", o.coupler);
    requireLength(kWhere, "rocker", o.rocker);
    requireLength(kWhere, "output coupler", o.outputCoupler);
    requireLength(kWhere, "output rocker", o.output);
    requireFinite(kWhere, "coupler point", o.couplerPoint);
    requireFinite(kWhere, "output pivot", o.outputPivot);
    requireFinite(kWhere, "crank angle", o.crankAngle);
    requireFinite(kWhere, "crank rate", o.crankRate);
    if (o.couplerPoint.norm() == 0) {
        fail(kWhere, "the coupler point J4 must not coincide with the crank pin J2");
    }
    const Eigen::Vector2d o3(o.ground, 0.0);
    for (const auto& [name, pivot] :
         {std::pair{"O1", Eigen::Vector2d::Zero().eval()}, std::pair{"O3", o3}}) {
        if ((o.outputPivot - pivot).norm() == 0) {
            fail(kWhere, std::string("the output pivot O5 must not coincide with ") + name);
        }
    }
    requireFourBarCloses(kWhere, "loop 1 (crank, coupler, rocker)", o.ground, o.crank, o.coupler,
                         o.rocker);

    // the pose: the four-bar closes at J6, then the output dyad at J7
    const std::string input = crankAt(o.crankAngle);
    const Eigen::Vector2d j2 = o.crank * direction(o.crankAngle);
    const Eigen::Vector2d j6 =
        closeDyad(kWhere, "loop 1 (crank, coupler, rocker)", input, j2, o.coupler,
                  {"coupler", "J2"}, o3, o.rocker, {"rocker", "O3"}, o.mirrorAssembly);
    const double couplerAngle = angleOf(j6 - j2);
    const Eigen::Vector2d j4 = j2 + rotated(couplerAngle, o.couplerPoint);
    const Eigen::Vector2d j7 =
        closeDyad(kWhere, "loop 2 (coupler, output coupler, output)", input, j4, o.outputCoupler,
                  {"output coupler", "J4"}, o.outputPivot, o.output, {"output rocker", "O5"},
                  o.mirrorAssembly);

    Builder b(kWhere, o.material);
    b.inputCrank("crank", "#1 crank", o.crank, o.crankAngle, o.crankRate, "coupler");
    b.groundPoint("O3", o3);
    b.groundPoint("O5", o.outputPivot);
    b.link("coupler", "#2 ternary coupler", "J2", "J6", o.coupler, couplerAngle,
           {{"J4", o.couplerPoint}});
    b.link("rocker", "#3 rocker", "J3", "J6", o.rocker, angleOf(j6 - o3));
    b.link("output_coupler", "#4 output coupler", "J4", "J7", o.outputCoupler, angleOf(j7 - j4));
    b.link("output", "#5 output rocker", "J5", "J7", o.output, angleOf(j7 - o.outputPivot));
    b.revolute("J3", {kGroundId, "O3"}, {"rocker", "J3"});
    b.revolute("J4", {"coupler", "J4"}, {"output_coupler", "J4"});
    b.revolute("J5", {kGroundId, "O5"}, {"output", "J5"});
    b.revolute("J6", {"coupler", "J6"}, {"rocker", "J6"});
    b.revolute("J7", {"output_coupler", "J7"}, {"output", "J7"});
    return b.finish(
        "Stephenson III six-bar",
        "A Stephenson III six-bar from the template: a crank-rocker four-bar (#1 crank " +
            metres(o.crank) + " on O1 at the origin, #2 ternary coupler " + metres(o.coupler) +
            ", #3 rocker " + metres(o.rocker) + " on O3 at (" + number(o.ground) +
            ", 0) m) whose coupler point J4 drives a dyad, #4 output coupler (" +
            metres(o.outputCoupler) + ") and #5 output rocker (" + metres(o.output) +
            ") on the third ground pivot O5 at (" + number(o.outputPivot.x()) + ", " +
            number(o.outputPivot.y()) +
            ") m. The ternary links (the ground and #2) are not joined to each other. The cut "
            "joints J6 and J7 make each loop a closed-form dyad. One degree of freedom, theta1 at "
            "the crank (actuated, zero torque); the coupler point J4 is traced. Uniform bars and "
            "a triangular plate; it starts at theta1 = " +
            number(o.crankAngle) + " rad.",
        {"J6", "J7"}, {{"coupler_point", {"coupler", "J4"}}});
}

std::vector<MechanismTemplateInfo> mechanismTemplates() {
    return {
        {"four_bar", "Four-bar",
         "Crank, coupler and rocker on two ground pivots; one loop, 1 DOF, coupler point traced",
         1},
        {"slider_crank", "Slider-crank",
         "Crank and connecting rod driving a slider on a guide fixed to the ground; 1 DOF", 1},
        {"five_bar", "Five-bar",
         "Two driven cranks joined by two couplers; one loop, 2 DOF, coupler pin traced", 2},
        {"watt_six_bar", "Watt II six-bar",
         "Two four-bars in series sharing a ternary rocker; two loops, 1 DOF", 1},
        {"stephenson_six_bar", "Stephenson III six-bar",
         "Four-bar whose coupler point drives a dyad to a third ground pivot; two loops, 1 DOF", 1},
    };
}

MechanismSpec mechanismTemplate(std::string_view id) {
    if (id == "four_bar") {
        return fourBarTemplate();
    }
    if (id == "slider_crank") {
        return sliderCrankTemplate();
    }
    if (id == "five_bar") {
        return fiveBarTemplate();
    }
    if (id == "watt_six_bar") {
        return wattSixBarTemplate();
    }
    if (id == "stephenson_six_bar") {
        return stephensonSixBarTemplate();
    }
    throw std::invalid_argument(
        "unknown mechanism template " + spec_text::inQuotes(id) + "; the templates are " +
        spec_text::listQuoted(text::mapped(mechanismTemplates(), &MechanismTemplateInfo::id)));
}

} // namespace sslm
