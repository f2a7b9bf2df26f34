// SPDX-License-Identifier: MIT
#pragma once

// The editable description of a mechanism: what the file format stores, what the editor
// changes and undoes. Plain values with stable ids and names; no derived data. SI units
// throughout: m, kg, s, rad, N, N·m. Frames: the ground frame W; each body frame B is attached
// to the body, and every position of a body's points is given in B.
//
// A planar mechanism (MotionSpace::Planar, file format version 1) moves in W's XY plane with
// X right and Y up; only the 2-D members below are used. A spatial mechanism
// (MotionSpace::Spatial, version 2) moves in 3-D: points have a z_B, bodies an inertia tensor,
// gravity a z component, and joints 3-D axes. Its body frames are all parallel to W when every
// joint coordinate is zero (quaternions at identity): a joint's axis has the same components in
// the frames of both of its sides at that pose.

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <Eigen/Core>

namespace sslm {

/// A named point fixed on a body, e.g. a pin location or the scraper blade tip.
struct BodyPoint {
    std::string name;    ///< unique within its body
    Eigen::Vector2d p_B; ///< position in the body frame (m); x and y of a spatial point
    double z_B = 0;      ///< z of the position in the body frame (m); spatial only

    /// The position as a 3-D vector in the body frame (m).
    Eigen::Vector3d position3() const { return {p_B.x(), p_B.y(), z_B}; }

    bool operator==(const BodyPoint&) const = default;
};

/// How the body is drawn and, for "uniform" inertia, how its mass is distributed.
enum class BodyShape {
    Bar,   ///< slender rod through its points; uniform inertia m·L²/12, L = largest point spacing
    Plate, ///< uniform lamina over the polygon of its points (in the order given)
    Block, ///< rectangular slider block of width × height centred on the COM
};

/// A point mass added to a body, e.g. a balancing counterweight: compileModel folds it into the
/// body's mass, centre of mass and inertia (parallel-axis theorem; spec/counterweights.hpp).
struct CounterweightSpec {
    std::string name; ///< optional label, unique within its body when given
    double mass = 0;  ///< kg, > 0
    Eigen::Vector2d p_B = Eigen::Vector2d::Zero(); ///< its centre in the body frame (m)
    double z_B = 0; ///< z of its centre in the body frame (m); spatial only
    /// Planar: moment of inertia about its own centre (kg·m², ≥ 0); empty means a point mass.
    std::optional<double> inertia;
    /// Spatial: inertia tensor about its own centre in the body frame (kg·m²); empty means a
    /// point mass.
    std::optional<Eigen::Matrix3d> inertiaTensor;

    /// The position as a 3-D vector in the body frame (m).
    Eigen::Vector3d position3() const { return {p_B.x(), p_B.y(), z_B}; }

    bool operator==(const CounterweightSpec&) const = default;
};

/// What a visual shape is: a triangle mesh file or a primitive.
enum class VisualKind { Mesh, Box, Cylinder, Sphere };

/// A shape drawn with a body (or the ground) in the 3-D view, e.g. a CAD part's mesh. It has no
/// effect on the dynamics: the body's mass properties are its own keys.
struct VisualSpec {
    VisualKind kind = VisualKind::Mesh;
    /// Mesh: the STL or OBJ file as written, relative to the mechanism file's folder or absolute.
    std::string file;
    Eigen::Vector3d scale = Eigen::Vector3d::Ones(); ///< mesh: per-axis scale (file units → m)
    Eigen::Vector3d size = Eigen::Vector3d::Zero();  ///< box: edge lengths along its x, y, z (m)
    double radius = 0;                               ///< cylinder, sphere (m)
    double length = 0;                               ///< cylinder: along its z (m)
    /// The shape's origin in the body frame (m), and its orientation as roll, pitch, yaw (rad):
    /// R = Rz(yaw)·Ry(pitch)·Rx(roll) turns the shape's axes into the body frame's.
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
    Eigen::Vector3d rpy = Eigen::Vector3d::Zero();
    /// Red, green, blue in [0, 1]; empty means the body's colour in the view.
    std::optional<Eigen::Vector3d> color;

    bool operator==(const VisualSpec&) const = default;
};

/// A rigid moving body.
struct BodySpec {
    std::string id;   ///< stable identifier referenced by joints (unique, not "ground")
    std::string name; ///< display name, e.g. "#1 crank"
    double mass = 0;  ///< kg, > 0
    Eigen::Vector2d com_B = Eigen::Vector2d::Zero(); ///< centre of mass in the body frame (m)
    double comZ_B = 0; ///< z of the centre of mass in the body frame (m); spatial only
    /// Moment of inertia about the COM (kg·m²); empty means "uniform from the shape geometry".
    /// Planar only.
    std::optional<double> inertiaCom;
    /// Spatial: inertia tensor about the COM in the body frame (kg·m², symmetric positive
    /// definite); empty means "uniform from the shape geometry" (a round bar, see compile.hpp).
    std::optional<Eigen::Matrix3d> inertiaTensor;
    BodyShape shape = BodyShape::Bar;
    double blockWidth = 0;  ///< m, Block shape only
    double blockHeight = 0; ///< m, Block shape only
    std::vector<BodyPoint> points;
    /// Added point masses; `mass`, `com_B` and the inertia above are the body's own, without
    /// them.
    std::vector<CounterweightSpec> counterweights;
    /// Shapes drawn with the body (meshes, primitives); drawing only.
    std::vector<VisualSpec> visuals;

    bool operator==(const BodySpec&) const = default;
};

/// The fixed ground: a set of named pivot points in the ground frame W.
struct GroundSpec {
    std::string name = "ground";
    std::vector<BodyPoint> points;
    /// Shapes drawn with the ground (a base part's mesh); drawing only.
    std::vector<VisualSpec> visuals;

    bool operator==(const GroundSpec&) const = default;
};

/// Revolute and Prismatic exist in both spaces; the others are spatial only. Coordinates per
/// joint (velocity): revolute 1, prismatic 1, cylindrical 2 (turn, slide), universal 2 (about
/// the first axis, then the second), spherical 3 (relative angular velocity in the parent-side
/// frame; its position is a unit quaternion, 4 numbers).
enum class JointType { Revolute, Prismatic, Cylindrical, Universal, Spherical };

/// Whether a mechanism moves in a plane (file version 1) or in space (version 2).
enum class MotionSpace { Planar, Spatial };

/// A joint end: a named point on a body (body id "ground" for the ground).
struct JointEnd {
    std::string body;
    std::string point;

    bool operator==(const JointEnd&) const = default;
};

/// Linear spring and viscous damper acting on a joint's coordinate.
struct SpringDamperSpec {
    double stiffness = 0;    ///< N·m/rad (revolute) or N/m (prismatic)
    double restPosition = 0; ///< coordinate value at which the spring is relaxed (rad or m)
    double damping = 0;      ///< N·m·s/rad (revolute) or N·s/m (prismatic)

    bool operator==(const SpringDamperSpec&) const = default;
};

/// Friction on a joint's coordinate, by the smooth law τ = −τ_c·tanh(q̇/v_s) − c·q̇ (on the
/// coordinate, opposing its rate). Smooth rather than stiction-switched: the force is continuous
/// in q̇, so an adaptive integrator neither chatters nor stalls at a reversal; where a stiction
/// law would stick (the other forces below τ_c) the joint creeps instead, at under
/// v_s·atanh(|τ_other|/τ_c).
/// A revolute joint may add pin friction, τ_p = −μ·r·|F_r|·tanh(q̇/v_s), which grows with the
/// force F_r its pin carries across its axis (dynamics/pin_friction.hpp): both pinRadius and
/// pinCoefficient, or neither (0).
struct JointFrictionSpec {
    double coulomb = 0;              ///< τ_c: N·m (revolute) or N (prismatic), ≥ 0
    double viscous = 0;              ///< c: N·m·s/rad or N·s/m, ≥ 0
    double smoothingVelocity = 1e-3; ///< v_s: rad/s or m/s, > 0
    double pinRadius = 0;            ///< r: the pin's radius (m), ≥ 0; revolute joints only
    double pinCoefficient = 0;       ///< μ: the pin's friction coefficient (1), ≥ 0

    /// Whether the friction has a pin part (μ·r > 0).
    bool hasPin() const { return pinRadius > 0 && pinCoefficient > 0; }

    bool operator==(const JointFrictionSpec&) const = default;
};

/// Travel limits of a joint's coordinate, each enforced by a stiff one-sided spring: with δ the
/// penetration past the limit, the force pushing back is k·δ·(1 + α·tanh(δ̇/v)) with
/// α = (1 − e²)/(1 + e²) and v = 1e-3 rad/s or m/s. Going in it stores ½k(1+α)δ², coming out
/// it returns ½k(1−α)δ², so the coordinate leaves a stop at e times the speed it arrived
/// with, whatever the mass behind it (a hysteretic contact: no impulse, no memory).
struct JointLimitsSpec {
    std::optional<double> lower; ///< rad or m; none: no lower stop
    std::optional<double> upper; ///< rad or m; none: no upper stop
    double stiffness = 1e5;      ///< k: N·m/rad or N/m, > 0
    double restitution = 0.5;    ///< e, in (0, 1]

    bool operator==(const JointLimitsSpec&) const = default;
};

/// A one-degree-of-freedom joint between two bodies.
///
/// Revolute: the two end points coincide and φ_child = φ_parent + q + offset (rad), with φ the
/// body angle in W, counter-clockwise positive.
/// Prismatic: φ_child = φ_parent + offset and p_child = p_parent + q·axis, with `axis` a unit
/// vector in the parent's frame and q in m.
/// "parent" and "child" name the joint's own sides (A and B of a cut); the spanning tree may
/// traverse the joint either way.
struct JointSpec {
    std::string name; ///< e.g. "J1"
    JointType type = JointType::Revolute;
    std::string coordinate; ///< coordinate name, e.g. "theta1"; empty means the joint's name
    JointEnd parent;
    JointEnd child;
    double offset = 0;                                 ///< rad; planar only
    Eigen::Vector2d axis_P = Eigen::Vector2d::UnitX(); ///< planar prismatic axis, parent frame
    /// Spatial: the axis of a revolute, prismatic or cylindrical joint (in both sides' frames,
    /// see the file comment), or a universal joint's first axis, fixed in the parent; unit.
    Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();
    /// Spatial universal joint: its second axis, fixed in the child; unit and perpendicular to
    /// `axis`.
    Eigen::Vector3d axis2 = Eigen::Vector3d::UnitY();
    /// Spatial joints with several coordinates: their names in order (cylindrical: turn,
    /// slide; universal: first, second axis; spherical: ω_x, ω_y, ω_z). Empty means
    /// "<joint>.1", "<joint>.2", … (see joint_kinds.hpp).
    std::vector<std::string> coordinates;
    std::optional<SpringDamperSpec> springDamper;
    std::optional<JointFrictionSpec> friction;
    std::optional<JointLimitsSpec> limits;

    /// The coordinate name in effect.
    const std::string& coordinateName() const { return coordinate.empty() ? name : coordinate; }

    bool operator==(const JointSpec&) const = default;
};

/// A revolute joint `name` from `parent` to `child` whose coordinate is `coordinate` (empty:
/// the joint's name), with no offset.
inline JointSpec
revoluteJoint(std::string name, std::string coordinate, JointEnd parent, JointEnd child) {
    JointSpec joint;
    joint.name = std::move(name);
    joint.type = JointType::Revolute;
    joint.coordinate = std::move(coordinate);
    joint.parent = std::move(parent);
    joint.child = std::move(child);
    return joint;
}

/// A scalar function of time used for actuator forces and reference motions.
struct SignalSpec {
    enum class Kind {
        Zero,     ///< 0
        Constant, ///< value
        Linear,   ///< value + rate·t
        Sinusoid, ///< value + amplitude·sin(2π·frequency·t + phase)
        Table,    ///< piecewise-linear through (t, value) points, held constant outside
        Spline,   ///< C² natural cubic spline through (t, value) points, held constant outside
    };
    Kind kind = Kind::Zero;
    double value = 0;
    double rate = 0;
    double amplitude = 0;
    double frequency = 0;                         ///< Hz
    double phase = 0;                             ///< rad
    std::vector<std::pair<double, double>> table; ///< (t in s, value), t strictly increasing

    bool operator==(const SignalSpec&) const = default;
};

/// A generalized force on one joint coordinate (N·m or N).
struct ActuatorSpec {
    enum class Kind {
        Force,      ///< τ = force(t)
        PdTracking, ///< τ = force(t) + kp·(q_ref(t) − q) + kd·(q̇_ref(t) − q̇)
    };
    std::string joint;
    Kind kind = Kind::Force;
    SignalSpec force;     ///< the force; PdTracking: the feedforward (zero by default)
    double kp = 0;        ///< PdTracking: N·m/rad or N/m
    double kd = 0;        ///< PdTracking: N·m·s/rad or N·s/m
    SignalSpec reference; ///< PdTracking: q_ref(t)

    bool operator==(const ActuatorSpec&) const = default;
};

/// Loads on a body: a force (N) at one of its named points along a unit direction, and a
/// torque (N·m) about a unit axis, each the product of the unit vector and a signal of time
/// (a zero signal: none). The direction and the axis are fixed in the ground or turn with the
/// body (given in its frame). A planar load's direction lies in the XY plane and its torque is
/// about z.
struct LoadSpec {
    enum class Frame { Ground, Body };
    std::string name; ///< e.g. "cutting force"
    JointEnd at;      ///< the body and its point the force acts at (a body of the mechanism)
    Frame frame = Frame::Ground;
    Eigen::Vector3d direction = -Eigen::Vector3d::UnitY(); ///< unit; planar: z = 0
    SignalSpec force;                                      ///< N along `direction`
    Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();       ///< unit; planar: z
    SignalSpec torque;                                     ///< N·m about `axis`

    bool operator==(const LoadSpec&) const = default;
};

/// A force element along the line between two points, of two bodies or of a body and the
/// ground, of length L (m) and rate L̇ (m/s). Its force f (N) pushes the points apart when
/// positive:
/// - Spring (a spring-damper; a gas spring is one with a preload):
///   f = preload − stiffness·(L − restLength) − damping·L̇;
/// - Cylinder (a hydraulic or electric actuator): f = force(t), and with PD tracking of a
///   length signal f = force(t) + kp·(L_ref(t) − L) + kd·(L̇_ref(t) − L̇).
struct TwoPointSpec {
    enum class Kind { Spring, Cylinder };
    std::string name; ///< e.g. "gas spring"
    Kind kind = Kind::Spring;
    JointEnd first;        ///< a named point of a body or of the ground
    JointEnd second;       ///< the other end, on another body (or the ground)
    double stiffness = 0;  ///< Spring: N/m
    double restLength = 0; ///< Spring: m, > 0
    double damping = 0;    ///< Spring: N·s/m
    double preload = 0;    ///< Spring: N, pushing at the rest length
    SignalSpec force;      ///< Cylinder: N (the feedforward when tracking)
    bool tracksLength = false;
    double kp = 0;     ///< Cylinder tracking: N/m
    double kd = 0;     ///< Cylinder tracking: N·s/m
    SignalSpec length; ///< Cylinder tracking: L_ref(t) (m)

    bool operator==(const TwoPointSpec&) const = default;
};

/// A point whose path is traced and reported (e.g. the scraper blade tip).
struct TracedPointSpec {
    std::string name;
    JointEnd at; ///< a named point on a body

    bool operator==(const TracedPointSpec&) const = default;
};

/// Initial independent coordinates and rates; dependent ones are assembled from them.
struct InitialStateSpec {
    std::vector<std::pair<std::string, double>> independent; ///< coordinate name → value
    std::vector<std::pair<std::string, double>> rates;       ///< coordinate name → rate
    /// Guess for any coordinate, used to pick the assembly mode (the branch nearest the guess)
    /// and to start Newton iterations.
    std::vector<std::pair<std::string, double>> assemblyGuess;

    bool operator==(const InitialStateSpec&) const = default;
};

/// Default settings for a simulation run of this mechanism.
struct SolverSettingsSpec {
    std::string method = "sslm";       ///< sslm | slm | augmented | rcr
    std::string integrator = "dopri5"; ///< rk4 | dopri5 | rkf78 | rosenbrock4
    double tEnd = 5.0;                 ///< s
    double step = 1e-3;                ///< s, fixed-step integrators and initial step
    double rtol = 1e-8;
    double atol = 1e-8;
    double sampleInterval = 0.01;             ///< s
    std::string stabilisation = "projection"; ///< none | baumgarte | projection
    double baumgarteAlpha = 5.0;              ///< 1/s
    double baumgarteBeta = 5.0;               ///< 1/s
    /// rcr: coordinates to keep independent ("rcr_independent"); empty: chosen per loop
    std::vector<std::string> rcrIndependent;

    bool operator==(const SolverSettingsSpec&) const = default;
};

/// A whole mechanism as written in a file.
struct MechanismSpec {
    std::string name;
    std::string description;
    MotionSpace space = MotionSpace::Planar;
    Eigen::Vector2d gravity{0.0, -9.81}; ///< m/s² in W; x and y of a spatial gravity
    double gravityZ = 0;                 ///< z of the gravity (m/s², W); spatial only
    GroundSpec ground;
    std::vector<BodySpec> bodies;
    std::vector<JointSpec> joints;
    std::vector<ActuatorSpec> actuators;
    std::vector<LoadSpec> loads;
    std::vector<TwoPointSpec> twoPointElements;
    std::vector<TracedPointSpec> tracedPoints;
    std::vector<std::string> cuts; ///< joint names to cut; empty means automatic choice
    InitialStateSpec initial;
    SolverSettingsSpec solver;

    bool operator==(const MechanismSpec&) const = default;
};

/// The gravity of `spec` as a 3-D vector in W (m/s²); z = 0 for a planar mechanism.
inline Eigen::Vector3d gravity3(const MechanismSpec& spec) {
    return {spec.gravity.x(), spec.gravity.y(), spec.gravityZ};
}

/// The reserved body id of the ground.
inline constexpr const char* kGroundId = "ground";

/// The body `id`, or null.
inline const BodySpec* findBody(const MechanismSpec& spec, std::string_view id) {
    const auto it = std::ranges::find(spec.bodies, id, &BodySpec::id);
    return it == spec.bodies.end() ? nullptr : &*it;
}
inline BodySpec* findBody(MechanismSpec& spec, std::string_view id) {
    return const_cast<BodySpec*>(findBody(std::as_const(spec), id));
}

/// The joint `name`, or null.
inline const JointSpec* findJoint(const MechanismSpec& spec, std::string_view name) {
    const auto it = std::ranges::find(spec.joints, name, &JointSpec::name);
    return it == spec.joints.end() ? nullptr : &*it;
}
inline JointSpec* findJoint(MechanismSpec& spec, std::string_view name) {
    return const_cast<JointSpec*>(findJoint(std::as_const(spec), name));
}

/// The points of body `id` (kGroundId: the ground's), or null.
inline const std::vector<BodyPoint>* pointsOf(const MechanismSpec& spec, std::string_view id) {
    if (id == kGroundId) {
        return &spec.ground.points;
    }
    const BodySpec* body = findBody(spec, id);
    return body == nullptr ? nullptr : &body->points;
}
inline std::vector<BodyPoint>* pointsOf(MechanismSpec& spec, std::string_view id) {
    return const_cast<std::vector<BodyPoint>*>(pointsOf(std::as_const(spec), id));
}

/// The point `ref` names, or null.
inline const BodyPoint* findBodyPoint(const MechanismSpec& spec, const JointEnd& ref) {
    const std::vector<BodyPoint>* points = pointsOf(spec, ref.body);
    if (points == nullptr) {
        return nullptr;
    }
    const auto it = std::ranges::find(*points, ref.point, &BodyPoint::name);
    return it == points->end() ? nullptr : &*it;
}
inline BodyPoint* findBodyPoint(MechanismSpec& spec, const JointEnd& ref) {
    return const_cast<BodyPoint*>(findBodyPoint(std::as_const(spec), ref));
}

} // namespace sslm
