// SPDX-License-Identifier: MIT
#pragma once

// Ready-made mechanisms for the editor's Insert ▸ Template menu: a four-bar, a slider-crank, a
// five-bar, a Watt II and a Stephenson III six-bar, each sized by a small options struct with
// SI defaults (m, kg, rad). Every template is a complete MechanismSpec: uniform bars and plates
// (inertia "uniform"), revolute and prismatic joints named J1…, the input joints actuated with
// a zero force, a traced point on the coupler, cut joints that make every loop a closed-form
// dyad, and an initial state that assembles (inputs in `initial.independent`, every other
// joint's value at that pose in `initial.assembly_guess`).
//
// Conventions: the first ground pivot O1 is the origin of W, further pivots lie on its x-axis
// unless an option places them; a body's frame has its origin at its first pin and its x-axis
// towards its second pin; ground points Ok, body points Jk and coordinates thetak (revolute) or
// xk (prismatic) are named after the joint Jk at them. Impossible sizes throw
// std::invalid_argument naming the template, the dimension and the fix.

#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// How the templates give their bodies mass: uniform bars and plates of a given density, or
/// masses given per body.
struct TemplateMaterial {
    double barDensity = 2.0;     ///< kg/m: mass per length of a bar (a 16 mm square steel bar)
    double plateDensity = 20.0;  ///< kg/m²: mass per area of a plate (2.5 mm steel sheet)
    double blockDensity = 200.0; ///< kg/m²: mass per drawn area of a slider block (25 mm steel)
    /// Masses by body id (kg, > 0), replacing the density for those bodies, e.g. {"crank", 0.3}.
    std::vector<std::pair<std::string, double>> masses;
};

/// Crank–rocker four-bar: crank O1–J2, coupler J2–J3, rocker O4–J3; J3 is cut.
struct FourBarTemplateOptions {
    double ground = 0.3;  ///< m: O1 (crank pivot) at the origin to O4 (rocker pivot) at (ground, 0)
    double crank = 0.1;   ///< m: O1 to the crank–coupler pin J2
    double coupler = 0.3; ///< m: J2 to the coupler–rocker pin J3
    double rocker = 0.25; ///< m: O4 to J3
    /// Traced coupler point in the coupler frame (m; origin J2, x-axis towards J3). Off the
    /// J2–J3 line the coupler becomes a triangular plate. Empty: the coupler's midpoint.
    std::optional<Eigen::Vector2d> couplerPoint;
    double crankAngle = std::numbers::pi / 3; ///< rad: θ1, crank from the x-axis of W at t = 0
    double crankRate = 0.0;                   ///< rad/s at t = 0
    /// false: J3 to the left of the line from J2 to O4; true: the mirror assembly, to its right.
    bool mirrorAssembly = false;
    TemplateMaterial material;
};

/// Slider-crank: crank O1–J2, connecting rod J2–J3, slider block on a horizontal guide fixed to
/// the ground (prismatic J4 along +x of W through O4 = (0, offset)); J3 is cut.
struct SliderCrankTemplateOptions {
    double crank = 0.1;                       ///< m: O1 to the crank–rod pin J2
    double connectingRod = 0.35;              ///< m: J2 to the rod–slider pin J3
    double offset = 0.0;                      ///< m: height of the guide line above O1
    double sliderWidth = 0.06;                ///< m: block along the guide
    double sliderHeight = 0.04;               ///< m: block across the guide
    double crankAngle = std::numbers::pi / 3; ///< rad: θ1 at t = 0
    double crankRate = 0.0;                   ///< rad/s at t = 0
    /// false: the slider on the +x side of the crank pin J2; true: on the −x side.
    bool mirrorAssembly = false;
    TemplateMaterial material;
};

/// Five-bar with two driven cranks (2 DOF): crank 1 O1–J2, coupler 1 J2–J3, coupler 2 J4–J3,
/// crank 2 O5–J4; the coupler pin J3 is cut and traced.
struct FiveBarTemplateOptions {
    double ground = 0.2;                           ///< m: O1 at the origin to O5 at (ground, 0)
    double crank1 = 0.1;                           ///< m: O1 to J2
    double coupler1 = 0.25;                        ///< m: J2 to the coupler pin J3
    double coupler2 = 0.25;                        ///< m: J4 to J3
    double crank2 = 0.1;                           ///< m: O5 to J4
    double crank1Angle = 2 * std::numbers::pi / 3; ///< rad: θ1 at t = 0
    double crank2Angle = std::numbers::pi / 3;     ///< rad: θ5 at t = 0
    double crank1Rate = 0.0;                       ///< rad/s at t = 0
    double crank2Rate = 0.0;                       ///< rad/s at t = 0
    /// false: J3 to the left of the line J2 → J4 (above the cranks); true: the other side.
    bool mirrorAssembly = false;
    TemplateMaterial material;
};

/// Watt II six-bar: two four-bars in series sharing the ternary rocker (ground and rocker are
/// the ternary links, joined by J3). Loop 1: crank O1–J2, coupler J2–J6, rocker arm O3–J6;
/// loop 2: rocker point J4, second coupler J4–J7, output rocker O5–J7. J6 and J7 are cut.
struct WattSixBarTemplateOptions {
    double ground1 = 0.24;                   ///< m: O1 at the origin to O3 at (ground1, 0)
    double crank = 0.1;                      ///< m: O1 to J2
    double coupler = 0.3;                    ///< m: J2 to J6
    double rockerArm = 0.2;                  ///< m: O3 to J6 (the rocker's x-axis)
    Eigen::Vector2d rockerPoint{0.16, 0.14}; ///< m: J4 in the rocker frame (origin O3)
    double ground2 = 0.36;                   ///< m: O3 to O5 at (ground1 + ground2, 0)
    double coupler2 = 0.4;                   ///< m: J4 to J7
    double output = 0.24;                    ///< m: O5 to J7
    double crankAngle = 0.5;                 ///< rad: θ1 at t = 0
    double crankRate = 0.0;                  ///< rad/s at t = 0
    /// false: J6 and J7 to the left of their dyads' chords J2 → O3 and J4 → O5; true: right.
    bool mirrorAssembly = false;
    TemplateMaterial material;
};

/// Stephenson III six-bar: a crank–rocker four-bar whose ternary coupler drives a dyad to a
/// third ground pivot (ground and coupler are the ternary links, not joined to each other).
/// Loop 1: crank O1–J2, coupler J2–J6, rocker O3–J6; loop 2: coupler point J4, output coupler
/// J4–J7, output rocker O5–J7. J6 and J7 are cut; the coupler point J4 is traced.
struct StephensonSixBarTemplateOptions {
    double ground = 0.3;                      ///< m: O1 at the origin to O3 at (ground, 0)
    double crank = 0.1;                       ///< m: O1 to J2
    double coupler = 0.3;                     ///< m: J2 to J6 (the coupler's x-axis)
    double rocker = 0.25;                     ///< m: O3 to J6
    Eigen::Vector2d couplerPoint{0.15, 0.15}; ///< m: J4 in the coupler frame (origin J2)
    Eigen::Vector2d outputPivot{0.4, 0.0};    ///< m: O5 in W
    double outputCoupler = 0.35;              ///< m: J4 to J7
    double output = 0.3;                      ///< m: O5 to J7
    double crankAngle = std::numbers::pi / 3; ///< rad: θ1 at t = 0
    double crankRate = 0.0;                   ///< rad/s at t = 0
    /// false: J6 and J7 to the left of their dyads' chords J2 → O3 and J4 → O5; true: right.
    bool mirrorAssembly = false;
    TemplateMaterial material;
};

MechanismSpec fourBarTemplate(const FourBarTemplateOptions& options = {});
MechanismSpec sliderCrankTemplate(const SliderCrankTemplateOptions& options = {});
MechanismSpec fiveBarTemplate(const FiveBarTemplateOptions& options = {});
MechanismSpec wattSixBarTemplate(const WattSixBarTemplateOptions& options = {});
MechanismSpec stephensonSixBarTemplate(const StephensonSixBarTemplateOptions& options = {});

/// One entry of the Insert ▸ Template menu.
struct MechanismTemplateInfo {
    std::string id;          ///< stable key, e.g. "four_bar"
    std::string displayName; ///< menu text, e.g. "Four-bar"
    std::string description; ///< one line for the tool tip or status bar
    int dof = 1;             ///< degrees of freedom (inputs to drive)
};

/// The templates in menu order.
std::vector<MechanismTemplateInfo> mechanismTemplates();

/// The template `id` (from mechanismTemplates()) with its default options. Throws
/// std::invalid_argument for an unknown id.
MechanismSpec mechanismTemplate(std::string_view id);

} // namespace sslm
