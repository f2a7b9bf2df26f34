// SPDX-License-Identifier: MIT
#pragma once

// A mechanism as the editor draws it: its description plus every body's pose in the ground
// frame W, so that an edit can keep the rest of the drawing where it is. The edits below change
// the description and keep the initial state in step with the drawing: every joint's value at
// the drawn poses goes into spec.initial.assembly_guess, so that assembling the edited
// mechanism starts from what is on screen and keeps its branch ("dragging a point re-assembles
// the mechanism"). Edits that change the loops clear the spec's cut list (the compiler then
// chooses). Units: m and rad; W is x right, y up. No Qt.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// A body's pose in W: where its frame's origin is (m) and its angle (rad, counter-clockwise).
struct BodyPose {
    Eigen::Vector2d origin = Eigen::Vector2d::Zero();
    double angle = 0;
};

struct Drawing {
    MechanismSpec spec;
    std::map<std::string, BodyPose> poses; ///< by body id; the ground is W itself
};

/// The coordinate name the editor gives a joint named "J<n>" of `type`: "theta<n>" or "x<n>"
/// (another name is returned as it is).
std::string editorCoordinateName(const std::string& joint, JointType type);

/// The names of the spec's joints and of their coordinates: those a new joint or coordinate
/// must not take.
std::set<std::string> jointAndCoordinateNames(const MechanismSpec& spec);

/// An empty drawing: the ground only, named `name`, no bodies.
Drawing emptyDrawing(const std::string& name);

/// The drawing of `model` (compiled from spec) at the assembled pose q (nv).
Drawing drawingAt(const MechanismSpec& spec, const Model& model, const Eigen::VectorXd& q);

/// The drawing of a spec that need not compile (a half-drawn or broken mechanism): bodies in
/// `kept` keep their pose; the others are placed outwards from the ground along the joints with
/// the joints' values from spec.initial (the assembly guess, else the independent value, else
/// 0), loops left open where they do not close; bodies no joint reaches sit at W's origin.
Drawing drawingFromGuess(const MechanismSpec& spec,
                         const std::map<std::string, BodyPose>& kept = {});

/// Where a named point is in W (m): a ground point, or a body point at its body's pose; empty
/// when the body or point does not exist or the body has no pose.
std::optional<Eigen::Vector2d> pointInWorld(const Drawing& drawing, const JointEnd& point);

/// Every joint's value at the drawn poses (rad for a revolute, m for a prismatic), by
/// coordinate name, in joint order; joints between bodies without a pose are left out.
std::vector<std::pair<std::string, double>> jointValuesAt(const Drawing& drawing);

/// What a new link is made of.
struct LinkOptions {
    double density = 2.0; ///< kg/m of a uniform bar (a 16 mm square steel bar)
};

/// The ends a new link can have: an existing point (a pin there), or a free point in W (m).
using LinkEnd = std::variant<JointEnd, Eigen::Vector2d>;

/// The result of an edit: empty when it was made, else why not (the drawing is unchanged).
using EditError = std::string;

/// Adds a ground pivot at w (m); `name` receives its point name ("O3").
EditError addGroundPivot(Drawing& drawing, const Eigen::Vector2d& w, std::string* name = nullptr);

/// Adds a binary link (a uniform bar) from `from` to `to`. Each end is an existing point, where
/// the link is pinned by a revolute joint (pinned at both ends it closes a loop), or a free
/// point in W (a free end; a link free at both ends floats until it is pinned). `id` receives
/// the new body's id ("L3").
EditError addLink(Drawing& drawing,
                  const LinkEnd& from,
                  const LinkEnd& to,
                  const LinkOptions& options = {},
                  std::string* id = nullptr);
/// addLink from an existing point (so that `{"ground", "O1"}` reads as one).
inline EditError addLink(Drawing& drawing,
                         const JointEnd& from,
                         const LinkEnd& to,
                         const LinkOptions& options = {},
                         std::string* id = nullptr) {
    return addLink(drawing, LinkEnd(from), to, options, id);
}

/// Adds a point to `body` at w (m); one off the line of a bar's points makes it a plate (its
/// outline through its points in the order added). `name` receives the point's name ("P3").
EditError addPointToBody(Drawing& drawing,
                         const std::string& body,
                         const Eigen::Vector2d& w,
                         std::string* name = nullptr);

/// Adds a slider: a block at w (m) on a straight guide from `guide` towards w, joined to it by
/// a prismatic joint whose coordinate is the distance along the guide (m). The guide starts at
/// an existing point (fixed to the ground or to a link) or at a free point in W, where a new
/// ground point is put. The block has a point "P1" at its centre to pin links to. `id`
/// receives the block's id.
EditError addSlider(Drawing& drawing,
                    const LinkEnd& guide,
                    const Eigen::Vector2d& w,
                    const LinkOptions& options = {},
                    std::string* id = nullptr);
/// addSlider on a guide from an existing point (so that `{"ground", "O2"}` reads as one).
inline EditError addSlider(Drawing& drawing,
                           const JointEnd& guide,
                           const Eigen::Vector2d& w,
                           const LinkOptions& options = {},
                           std::string* id = nullptr) {
    return addSlider(drawing, LinkEnd(guide), w, options, id);
}

/// Moves a point to w (m) with the points pinned to it, keeping every body's pose: the bodies
/// change shape (a bar's length, a plate's outline; a bar whose points leave one line becomes a
/// plate); a centre of mass that was at the centroid of its body's points stays there. Ground
/// points move too.
EditError movePoint(Drawing& drawing, const JointEnd& point, const Eigen::Vector2d& w);

/// Pins the points a and b of two bodies together with a revolute joint (a is its parent);
/// when they are apart, assembling the mechanism brings them together. `name` receives the
/// joint's name.
EditError
addPin(Drawing& drawing, const JointEnd& a, const JointEnd& b, std::string* name = nullptr);

/// Removes a joint (and its actuator, traces stay); its bodies may be left unconnected.
EditError removeJoint(Drawing& drawing, const std::string& joint);

/// Removes a body with its joints, actuators and traced points.
EditError removeBody(Drawing& drawing, const std::string& body);

/// Makes `joint`'s coordinate an input: independent in the initial state at its drawn value
/// and driven by an actuator (zero force until the user chooses one).
EditError setInput(Drawing& drawing, const std::string& joint);

/// Makes `joint`'s coordinate dependent again (its initial value and rate are dropped; its
/// actuator stays).
EditError clearInput(Drawing& drawing, const std::string& joint);

/// The initial rate of an input joint's coordinate (rad/s or m/s); `joint` must be an input
/// (setInput).
EditError setInputRate(Drawing& drawing, const std::string& joint, double rate);

/// The input joint at `point` (a joint whose coordinate is independent), if any.
std::optional<std::string> inputJointAt(const Drawing& drawing, const JointEnd& point);

/// A body's editable properties.
struct BodyProperties {
    std::string name;
    double mass = 0;                                 ///< kg, > 0
    Eigen::Vector2d com_B = Eigen::Vector2d::Zero(); ///< centre of mass in the body frame (m)
    std::optional<double> inertiaCom; ///< kg·m² about the COM; empty: uniform from the shape
    /// Point masses fixed to the body (folded into its mass properties when compiled).
    std::vector<CounterweightSpec> counterweights;
    /// Shapes drawn with the body (CAD meshes, primitives); drawing only.
    std::vector<VisualSpec> visuals;
};

/// The properties of `body`, if it exists.
std::optional<BodyProperties> bodyProperties(const Drawing& drawing, const std::string& body);

/// Sets a body's name, mass, centre of mass, inertia, counterweights and visuals.
EditError
setBodyProperties(Drawing& drawing, const std::string& body, const BodyProperties& properties);

/// Traces `point` (its path is drawn and reported: a coupler curve), or stops tracing it when it
/// is traced already; `traced` receives which.
EditError toggleTrace(Drawing& drawing, const JointEnd& point, bool* traced = nullptr);

/// Writes the drawn joint values into spec.initial: the assembly guess for every coordinate,
/// and the value of each independent coordinate that still exists (others are dropped).
void keepDrawnPose(Drawing& drawing);

} // namespace sslm
