// SPDX-License-Identifier: MIT
#pragma once

// The spatial mechanisms of the seeds with the numbers of ../shared/spec/spatial.md
// (docs/reference-mechanisms.md): the RSSR of seed 002 §6.2 and the spatial ladder family of
// seed 003 §4.3, and a 6-UPS Stewart–Gough platform. All are written in the spatial convention
// of mechanism_spec.hpp: every body frame is parallel to W when every coordinate is zero.

#include <array>
#include <numbers>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// A named point at p (m, body frame) of a spatial body.
BodyPoint spatialPoint(std::string name, const Eigen::Vector3d& p);

/// A spatial body named by its id, with its COM (m, body frame) and inertia tensor about the
/// COM (kg·m², body frame).
BodySpec spatialBody(std::string id,
                     double mass,
                     const Eigen::Vector3d& com,
                     const Eigen::Matrix3d& inertia,
                     std::vector<BodyPoint> points);

/// A spatial joint; `axis` fixed in the parent (and, but for a universal joint, the child),
/// `axis2` a universal joint's second axis fixed in the child.
JointSpec spatialJoint(std::string name,
                       JointType type,
                       JointEnd parent,
                       JointEnd child,
                       const Eigen::Vector3d& axis = Eigen::Vector3d::UnitZ(),
                       const Eigen::Vector3d& axis2 = Eigen::Vector3d::UnitY());

/// The RSSR (R–S–U–R, 1 DOF): crank (J1, revolute about z at the origin, coordinate "theta"),
/// coupler (J2 spherical at the crank tip), rocker (J3 universal at C, J4 revolute about x at
/// D, coordinate "phi"). `cut` is "J3" (the spec's default, 4 equations) or "J2" (3). The
/// initial state is the reference pose θ = 0, φ = 2.004625277 rad, θ̇ = 2π rad/s; its body
/// frames then coincide with W except the rocker's (turned by φ about x).
MechanismSpec rssrSpec(const std::string& cut = "J3");

/// The reference-pose rocker angle of the RSSR (rad), branch with C above D.
inline constexpr double kRssrReferencePhi = 2.004625277;

/// The sizes of an RSSR drawn from File ▸ New From Template, the reference pose θ = 0 with the
/// rocker at `rockerAngle`: the coupler is as long as that pose needs (|C − B|), so the pose
/// always closes. The defaults are the seed's (rssrSpec's numbers); masses stay the seed's,
/// transverse inertias are m·L²/12 of the lengths.
struct RssrTemplateOptions {
    double crank = 0.04;                             ///< m: A to B along x at θ = 0
    double rocker = 0.10;                            ///< m: D to C
    Eigen::Vector3d pivotD = {0.10, 0.12, 0.06};     ///< m: the rocker's ground pivot (W)
    double rockerAngle = kRssrReferencePhi;          ///< rad: φ at the reference pose
    double crankRate = 2.0 * 3.14159265358979323846; ///< rad/s at t = 0
};

/// The RSSR of `options` (cut J3), named "RSSR". Throws std::invalid_argument, naming the size
/// to change, for a non-positive length or a coupler of (nearly) zero length or along x.
MechanismSpec rssrTemplate(const RssrTemplateOptions& options = {});

/// The spatial ladder of `cells` (L ≥ 1) loops: pendulums P0…PL hung from ground by universal
/// joints (coordinates a<i>, b<i>), rungs R1…RL joined to the previous pendulum's tip
/// (c<i>, e<i>) and cut at the next one's tip (joints K1…KL, 4 equations each); 2 DOF for
/// every L, dynamically the same as one Hooke pendulum. Throws std::invalid_argument for
/// cells < 1.
MechanismSpec spatialLadderSpec(int cells);

/// The sizes of a Stewart–Gough platform from File ▸ New From Template; the defaults are
/// the platform described below.
struct StewartPlatformOptions {
    double baseRadius = 0.5;     ///< m: the base joints' circle
    double platformRadius = 0.3; ///< m: the platform joints' circle
    double height = 0.6;         ///< m: the platform above the base at the reference pose
    double platformMass = 5.0;   ///< kg: a disc of the platform radius, 0.02 m thick
    double restLength = 0.69;    ///< m: each leg spring's rest length (1000 N/m)
    double twistRate = 1.0;      ///< rad/s: the platform's initial spin about z
};

/// The 6-UPS Stewart–Gough platform (6 DOF; numbers in docs/reference-mechanisms.md): a base
/// hexagon of radius 0.5 m at z = 0 and a platform hexagon of radius 0.3 m, 0.6 m above it,
/// joint pairs 20° apart. Leg i (1…6) is a cylinder ("cylinder<i>", 1 kg) on a universal joint
/// U<i> at the base (first axis horizontal, fixed in the ground; coordinates "U<i>.1",
/// "U<i>.2"), a piston ("piston<i>", 0.5 kg) on a prismatic joint P<i> along the leg whose
/// coordinate "L<i>" is the leg length (m), and a spherical joint S<i> to the platform (5 kg).
/// S2…S6 are cut (15 equations); Grübler 6·13 − (6·4 + 6·5 + 6·3) = 6. Each P<i> carries a
/// spring (1000 N/m, rest length 0.69 m, no damping) that holds the platform about 1.3 cm below
/// the reference pose, where every U angle is 0 and the platform's frame is W moved up
/// 0.6 m. The initial state is that pose with the leg rates of a 1 rad/s twist about z, so
/// the platform twists and bobs under gravity.
/// Other `options` give other sizes; throws std::invalid_argument, naming the size, for a
/// non-positive radius, height, mass or rest length.
MechanismSpec stewartPlatformSpec(const StewartPlatformOptions& options = {});

/// Places `body` by six input coordinates, appended to spec: slides x, y, z (m, W) of its
/// `point` through three 0.1 kg carriages from the ground's point "O" (added at the origin when
/// missing), then its ZYX angles yaw, pitch, roll (rad) through two 0.1 kg gimbal frames
/// (R_body = Rz(yaw)·Ry(pitch)·Rx(roll)). A prescribed end-effector or platform pose.
void placeByInputs(MechanismSpec& spec, const std::string& body, const std::string& point);

/// The geometry of a 6R arm at its design pose, where every coordinate is 0 and every body
/// frame is W (seed 004's elbow manipulator by default).
struct ElbowManipulatorOptions {
    /// The axes of J1…J6 (unit, W). J2 ∥ J3, and J4, J5, J6 meeting in one point (the wrist
    /// centre), make the arm solvable in closed form, 8 modes (revolute_chain_closed_form.hpp).
    std::array<Eigen::Vector3d, 6> axes = {Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitY(),
                                           Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitX(),
                                           Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitX()};
    /// A point on each axis (m, W): the shoulder 0.5 m up, a 0.45 m upper arm, a 0.4 m forearm
    /// offset 0.15 m sideways from the shoulder axis, the wrist centre at (0.85, 0.15, 0.5).
    std::array<Eigen::Vector3d, 6> points = {
        Eigen::Vector3d(0.0, 0.0, 0.0),   Eigen::Vector3d(0.0, 0.0, 0.5),
        Eigen::Vector3d(0.45, 0.15, 0.5), Eigen::Vector3d(0.85, 0.15, 0.5),
        Eigen::Vector3d(0.85, 0.15, 0.5), Eigen::Vector3d(0.85, 0.15, 0.5)};
    /// The tool centre point (m, W), 0.1 m past the wrist centre.
    Eigen::Vector3d tool = Eigen::Vector3d(0.95, 0.15, 0.5);
    /// The arm's joint angles at the initial pose (rad); the tool's pose there gives the inputs.
    std::array<double, 6> angles = {0.3, -0.4, 0.9, 0.2, 0.6, -0.3};
};

/// A 6R arm (column, upper_arm, forearm, wrist1, wrist2, tool on revolutes J1…J6, coordinates
/// q1…q6) whose tool centre point "TCP" is placed by six inputs (placeByInputs). J6 is cut (5
/// equations); 6 DOF. Arm masses 8, 6, 4, 1, 0.8, 0.5 kg as rods between their joints. The
/// initial state is the tool's pose at the arm angles `angles`, at rest, under gravity.
MechanismSpec elbowManipulatorSpec(const ElbowManipulatorOptions& options = {});

/// A spherical four-bar at its design pose, where every coordinate is 0 and every body frame is
/// W with its origin at the sphere's centre O (all four axes pass through it). The link angles
/// (rad) are the angles between consecutive axes; by default a Grashof crank-rocker (20° crank,
/// 70° coupler, 60° follower, 80° between the ground's axes).
struct SphericalFourBarOptions {
    double ground = 80.0 * std::numbers::pi / 180.0;   ///< J4's axis to J1's
    double crank = 20.0 * std::numbers::pi / 180.0;    ///< J1's axis to J2's
    double coupler = 70.0 * std::numbers::pi / 180.0;  ///< J2's axis to J3's
    double follower = 60.0 * std::numbers::pi / 180.0; ///< J3's axis to J4's
    /// Where the crank's axis J2 stands about J1 (z) at the design pose, from the plane of J1
    /// and J4 (rad).
    double crankAngle = 90.0 * std::numbers::pi / 180.0;
    /// The other of the two assemblies at the design pose (J3 on the other side of the plane
    /// of J2 and J4).
    bool crossed = false;
    double radius = 0.1;    ///< m: the joints' points, on their axes at this distance from O
    std::string cut = "J4"; ///< any of J2, J3, J4
};

/// A spherical four-bar (crank, coupler, follower on revolutes J1…J4 whose axes meet at O, the
/// origin; J1 (coordinate theta) about z is the input, J4 the output (psi). Masses 0.2, 0.4,
/// 0.3 kg as rods between their joints' points. 1 DOF (Grübler's count on the sphere; its
/// revolute cut keeps its two axis rows). Initial state: theta = 0, 2π rad/s, under gravity.
/// Throws std::invalid_argument when the link angles do not close at `crankAngle`.
MechanismSpec sphericalFourBarSpec(const SphericalFourBarOptions& options = {});

} // namespace sslm
