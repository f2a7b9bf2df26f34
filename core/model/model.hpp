// SPDX-License-Identifier: MIT
#pragma once

// The compiled, immutable mechanism: spanning tree, cut joints and their loops, subsystems,
// index maps. Built by compileModel() from a MechanismSpec and a cut choice; shared as
// std::shared_ptr<const Model> between threads. Run-time buffers live in Workspace.
//
// Ordering invariants:
// - bodies[0] is the ground; moving bodies follow subsystem by subsystem, parents before
//   children (depth-first, joints in file order);
// - every subsystem owns a contiguous range of q: the coordinates of its bodies' tree joints,
//   in body order; in a planar model coordinate k belongs to the tree joint of body k + 1;
// - loop i is closed by cut i; it contributes the constraint rows [rowBegin, rowBegin + rows):
//   rows 2i and 2i + 1 in a planar model, 3 to 5 rows by cut type in a spatial one (2 for
//   a revolute cut of a spherical loop: Joint::firstRow, rowCount).
//
// Each quantity is held once, in 3-D (m, body frames or W): a planar model's points and axes
// lie in the XY plane (z = 0), its bodies turn about z and its planar algorithms read the x and
// y components. A spatial model's positions q have nq() entries, one more than its
// rates per spherical joint (a quaternion), see core/kinematics/configuration.hpp.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "core/motion/signal.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

struct Body {
    std::string id;
    std::string name;
    int specIndex = -1; ///< index in MechanismSpec::bodies; -1 for the ground
    double mass = 0;    ///< kg
    Eigen::Vector3d com_B = Eigen::Vector3d::Zero(); ///< m, body frame
    /// Inertia tensor about the COM in the body frame (kg·m², resolved); planar: diag(0, 0, I).
    Eigen::Matrix3d inertia_B = Eigen::Matrix3d::Zero();
    BodyShape shape = BodyShape::Bar;
    std::vector<BodyPoint> points;

    int parent = -1;           ///< tree parent body; -1 for the ground
    int treeJoint = -1;        ///< joint to the tree parent; -1 for the ground
    int subsystem = -1;        ///< -1 for the ground
    std::vector<int> children; ///< tree children, in joint file order

    /// The moment of inertia about the COM's z axis (kg·m²): a planar body's inertia.
    double inertiaCom() const { return inertia_B(2, 2); }
};

struct Joint {
    std::string name;
    JointType type = JointType::Revolute;
    std::string coordinateName;
    int specIndex = -1;
    int bodyA = -1;                                ///< the spec's "parent" side (side A of a cut)
    int bodyB = -1;                                ///< the spec's "child" side (side B of a cut)
    Eigen::Vector3d p_A = Eigen::Vector3d::Zero(); ///< joint point in A's frame (m)
    Eigen::Vector3d p_B = Eigen::Vector3d::Zero(); ///< joint point in B's frame (m)
    double offset = 0;                             ///< rad; planar only
    /// The joint's axis fixed in A (unit; a universal joint's first axis): a planar revolute's
    /// z, a planar prismatic's slide direction in the XY plane (JointSpec::axis, axis_P).
    Eigen::Vector3d axis_A = Eigen::Vector3d::UnitZ();
    /// The axis fixed in B (unit): a universal joint's second axis, else axis_A's components.
    Eigen::Vector3d axis_B = Eigen::Vector3d::UnitZ();
    /// axis_A and axis_B as frame axes of their bodies (±x, ±y or ±z; index −1 when not), found
    /// once here so that spatial kinematics turns the parent's columns without testing the axes
    spatial::FrameAxis frameAxis_A;
    spatial::FrameAxis frameAxis_B;
    std::optional<SpringDamperSpec> springDamper;
    std::optional<JointFrictionSpec> friction;
    std::optional<JointLimitsSpec> limits;

    int coordinateCount = 1; ///< velocity coordinates (joint_kinds.hpp)
    /// The joint's constraint rows (loop_constraints.hpp lists them by type) that the model
    /// keeps: [firstRow, firstRow + rowCount). All of the type's, but for a revolute cut of a
    /// spherical loop (spherical_loops.hpp) only its two axis rows (3 and 4): its point rows
    /// follow from them.
    int firstRow = 0;
    int rowCount = 0;
    int coordinate = -1; ///< first index in q̇ for a tree joint; -1 for a cut joint
    int position = -1;   ///< first index in the position vector for a tree joint; -1 if cut
    int cut = -1;        ///< index in Model::cuts for a cut joint; -1 for a tree joint
    /// +1 when the tree goes A → B (B is the tree child), −1 when it goes B → A.
    int treeSign = 0;

    bool isCut() const { return cut >= 0; }
};

/// One tree coordinate: the relative motion of a tree joint (rad or m).
struct Coordinate {
    std::string name;
    int joint = -1;
    int body = -1; ///< the tree child of the joint (= index + 1 in a planar model)
    int axis = 0;  ///< which of the joint's coordinates (0 for a one-coordinate joint)
    int subsystem = -1;
    bool angular = true;
};

/// A coordinate that moves a loop's cut points: on the tree path from the cut's side A (+1) or
/// side B (−1), or above the path (0), where it moves both points together and so only turns
/// the closure error (its J column vanishes on the constraint manifold).
struct LoopPathEntry {
    int coordinate = -1;
    int side = 0;
};

/// An independent loop, closed by one cut joint.
struct Loop {
    int cutJoint = -1;               ///< joint index
    std::vector<int> joints;         ///< the joint cycle, tree path from A to B then the cut joint
    std::vector<LoopPathEntry> path; ///< coordinates that move the cut's points, ascending
    std::vector<int> subsystems;     ///< subsystems with a coordinate on the path, ascending
    int rowBegin = 0;                ///< first constraint row
    int rows = 2;                    ///< constraint rows (joint_kinds.hpp: constraintRowCount)
};

/// A branch of the spanning tree that leaves the ground (seed 000 Sect. 2; seed 002 Sect. 2).
struct Subsystem {
    std::vector<int> bodies; ///< tree order
    int qBegin = 0;          ///< first coordinate index
    int nv = 0;              ///< number of coordinates (= bodies.size())
    bool serial = true;      ///< false for a tree-type branch
    std::vector<int> loops;  ///< loops whose path touches this subsystem
};

struct TracedPoint {
    std::string name;
    int body = -1;
    Eigen::Vector3d p_B = Eigen::Vector3d::Zero(); ///< m, body frame
};

struct Actuator {
    int coordinate = -1; ///< -1 when the actuated joint is cut in this model
    int joint = -1;
    ActuatorSpec spec;
    Signal force;     ///< spec.force, ready to evaluate
    Signal reference; ///< spec.reference, ready to evaluate
};

/// A LoadSpec compiled: its point in the body's frame and its signals ready to evaluate.
struct Load {
    std::string name;
    int body = -1;
    Eigen::Vector3d p_B = Eigen::Vector3d::Zero(); ///< m, body frame
    bool turnsWithBody = false; ///< direction and axis in the body's frame, else in W
    Eigen::Vector3d direction = -Eigen::Vector3d::UnitY(); ///< unit
    Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();       ///< unit
    Signal force;                                          ///< N along direction
    Signal torque;                                         ///< N·m about axis
};

/// A TwoPointSpec compiled: its ends as body indices (0: the ground) and points in their
/// frames, its signals ready to evaluate.
struct TwoPointElement {
    TwoPointSpec spec;
    int firstBody = 0;
    int secondBody = 0;
    Eigen::Vector3d first_B = Eigen::Vector3d::Zero();  ///< m, firstBody's frame
    Eigen::Vector3d second_B = Eigen::Vector3d::Zero(); ///< m, secondBody's frame
    Signal force;                                       ///< Cylinder: spec.force
    Signal length;                                      ///< Cylinder tracking: spec.length
};

struct Model {
    std::string name;
    std::string description;
    MotionSpace space = MotionSpace::Planar;
    Eigen::Vector3d gravity = Eigen::Vector3d(0.0, -9.81, 0.0); ///< m/s² in W (z = 0 planar)

    std::vector<Body> bodies;            ///< [0] is the ground
    std::vector<Joint> joints;           ///< file order
    std::vector<Coordinate> coordinates; ///< q order
    std::vector<int> cuts;               ///< joint index of each cut, loop order
    std::vector<Loop> loops;             ///< loop i is closed by cuts[i]
    std::vector<Subsystem> subsystems;
    std::vector<Actuator> actuators;
    std::vector<Load> loads;
    std::vector<TwoPointElement> twoPointElements;
    std::vector<int> limitedJoints; ///< the joints with limits (end stops), file order
    /// The joints that carry a spring-damper, friction or limits, file order: the ones the
    /// applied-force pass visits (applied_forces.hpp).
    std::vector<int> forceJoints;
    /// The revolute joints with pin friction (JointFrictionSpec::hasPin()), file order: their
    /// friction grows with their reaction force (dynamics/pin_friction.hpp).
    std::vector<int> pinJoints;
    std::vector<TracedPoint> tracedPoints;

    /// Loop × subsystem incidence: true where the block J_ij is structurally non-zero
    /// (seed 000 eqs. 14, 26, 37).
    Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> jacobianPattern;
    /// For each GICM block Ī_rs, the subsystems j that contribute J_rj I_j⁻¹ J_sjᵀ (eq. 25);
    /// an empty list is a zero block. Indexed [r][s].
    std::vector<std::vector<std::vector<int>>> gicmContributors;

    /// Independent coordinates named by the file's initial state, in file order (may be fewer
    /// than the mobility when a named coordinate belongs to a cut joint of this cut choice).
    std::vector<int> independent;
    /// Grübler's count: 3·(moving bodies) − Σ (3 − dof) over the joints in the plane,
    /// 6·(moving bodies) − Σ (6 − dof) in space.
    int mobilityGrubler = 0;
    int constraintCount = 0; ///< Σ rows over the loops
    int positionCount = 0;   ///< entries of the position vector (nv + spherical joints)

    /// The spec this model was compiled from (initial state, solver settings, round trips).
    MechanismSpec spec;
    /// The same spec compiled with the file's own cuts, in whose coordinates spec.initial is
    /// written (assembleInitialState assembles there and carries the poses over). Null when
    /// this model uses the file's cuts (usesFileCuts()) or when the file's cuts do not compile.
    std::shared_ptr<const Model> fileCutModel;

    /// Sizes in Pinocchio's words: nq the positions q (a spherical joint's quaternion counts
    /// 4), nv the rates q̇ (and the accelerations, forces and J's columns).
    int nq() const { return positionCount; }
    int nv() const { return static_cast<int>(coordinates.size()); }
    int nLoops() const { return static_cast<int>(loops.size()); }
    int nConstraints() const { return constraintCount; }
    bool isSpatial() const { return space == MotionSpace::Spatial; }
    /// World axes (0 x, 1 y, 2 z) of the motion space: a point, translation or force has
    /// components along the axes [0, dimension()), a rotation or moment about the axes
    /// [firstRotationAxis(), 3): along x, y and about z in the plane, along and about x, y, z in
    /// space.
    int dimension() const { return isSpatial() ? 3 : 2; }
    int firstRotationAxis() const { return isSpatial() ? 0 : 2; }

    int bodyIndex(std::string_view id) const;         ///< -1 if unknown
    int jointIndex(std::string_view name) const;      ///< -1 if unknown
    int coordinateIndex(std::string_view name) const; ///< -1 if unknown or cut
    /// True when the cut joints are the file's own (in any order) or the file names none.
    bool usesFileCuts() const;
};

/// The joints of a loop, by name, in cycle order.
std::vector<std::string> loopJointNames(const Model& model, const Loop& loop);
/// "loop 2 (J2–J3–J4)": Model::loops[loop], numbered from 1, and its joints.
std::string loopText(const Model& model, int loop);
/// The cut joints' names.
std::vector<std::string> cutNames(const Model& model);

} // namespace sslm
