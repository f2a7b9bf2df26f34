// SPDX-License-Identifier: MIT
#pragma once

// Internal to SimbodyPeer: a planar tree described in plain numbers, and the Simbody system
// built from it. Simbody 3.7's headers do not compile as C++20 (its index types' operator==
// is ambiguous with C++20's reversed candidates) and crash under -DNDEBUG, so the one
// translation unit that includes them, simbody_system.cpp, is built as C++17 with -UNDEBUG,
// and this header must stay C++17 and free of sslm::Model.

#include <memory>
#include <vector>

#include <Eigen/Core>

namespace sslm::bench::detail {

/// A frame fixed on a body: turned by `angle` (rad) about Z, then by π about X when
/// `flipZ`, at `origin` (m) in the body frame.
struct PlanarFrame {
    double angle = 0;
    bool flipZ = false;
    Eigen::Vector2d origin = Eigen::Vector2d::Zero();
};

/// One moving body and its mobilizer (Pin about F's Z, or Slider along F's X) to `parent`
/// (an index into SimbodyTreeSpec::bodies plus one; 0 is Ground).
struct SimbodyBodySpec {
    int parent = 0;
    bool slider = false;
    PlanarFrame inParent;                          ///< mobilizer frame F
    PlanarFrame inChild;                           ///< mobilizer frame M
    double mass = 0;                               ///< kg
    Eigen::Vector2d com = Eigen::Vector2d::Zero(); ///< m, body frame
    double inertiaCom = 0;                         ///< Izz about the COM, kg·m²
};

/// A loop closure between bodies `bodyA` and `bodyB` (0 = Ground, else body index plus one):
/// revolute: pointB on the Z line through pointA; prismatic: pointB on the line through
/// pointA along axisA (A's frame) and φ_B = φ_A + offset.
struct SimbodyCutSpec {
    int bodyA = 0;
    int bodyB = 0;
    bool prismatic = false;
    Eigen::Vector2d pointA = Eigen::Vector2d::Zero();
    Eigen::Vector2d pointB = Eigen::Vector2d::Zero();
    Eigen::Vector2d axisA = Eigen::Vector2d::UnitX();
    double offset = 0; ///< rad
};

struct SimbodyTreeSpec {
    Eigen::Vector2d gravity = Eigen::Vector2d::Zero(); ///< m/s²
    std::vector<SimbodyBodySpec> bodies;               ///< parents before children
    std::vector<SimbodyCutSpec> cuts;
};

/// A frame fixed on a body in 3-D: `rotation` (columns: its axes in the body frame) at
/// `origin` (m, body frame).
struct SpatialFrame {
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
    Eigen::Vector3d origin = Eigen::Vector3d::Zero();
};

/// Simbody's built-in mobilizers used for 3-D tree joints (q and u as Simbody defines them:
/// Pin about F's z, Slider along F's x, Cylinder about and along F's z (angle, then slide),
/// Universal about F's x then the new y, Ball a quaternion with u = ω_FM in F).
enum class SimbodyMobilizer { Pin, Slider, Cylinder, Universal, Ball };

/// One moving body of a 3-D tree and its mobilizer to `parent` (0 = Ground, else body index
/// plus one).
struct SimbodySpatialBodySpec {
    int parent = 0;
    SimbodyMobilizer mobilizer = SimbodyMobilizer::Pin;
    SpatialFrame inParent;                                ///< mobilizer frame F
    SpatialFrame inChild;                                 ///< mobilizer frame M
    double mass = 0;                                      ///< kg
    Eigen::Vector3d com = Eigen::Vector3d::Zero();        ///< m, body frame
    Eigen::Matrix3d inertiaCom = Eigen::Matrix3d::Zero(); ///< kg·m² about the COM, body frame
};

/// One Simbody constraint between bodies `bodyA` and `bodyB` (0 = Ground, else body index
/// plus one); vectors and points in the respective body frames:
/// - Ball: pointA and pointB coincide (3 equations);
/// - Perpendicular: Constraint::ConstantAngle at π/2 between vectorA and vectorB (1);
/// - PointInPlane: pointB in the plane through pointA with normal vectorA (1).
struct SimbodyConstraintSpec {
    enum class Kind { Ball, Perpendicular, PointInPlane };
    Kind kind = Kind::Ball;
    int bodyA = 0;
    int bodyB = 0;
    Eigen::Vector3d pointA = Eigen::Vector3d::Zero();
    Eigen::Vector3d pointB = Eigen::Vector3d::Zero();
    Eigen::Vector3d vectorA = Eigen::Vector3d::UnitZ();
    Eigen::Vector3d vectorB = Eigen::Vector3d::UnitZ();
};

struct SimbodySpatialSpec {
    Eigen::Vector3d gravity = Eigen::Vector3d::Zero(); ///< m/s²
    std::vector<SimbodySpatialBodySpec> bodies;        ///< parents before children
    std::vector<SimbodyConstraintSpec> constraints;
};

/// The Simbody system of a SimbodyTreeSpec; coordinate k is the mobilizer of bodies[k].
class SimbodySystem {
public:
    explicit SimbodySystem(const SimbodyTreeSpec& spec);
    /// A 3-D system; its Q and U are addressed by body (mobilizerQ, mobilizerU below).
    explicit SimbodySystem(const SimbodySpatialSpec& spec);
    ~SimbodySystem();
    SimbodySystem(const SimbodySystem&) = delete;
    SimbodySystem& operator=(const SimbodySystem&) = delete;

    /// Writes Q and U (invalidating Stage::Position onwards) and realizes Stage::Acceleration.
    void realizeAccelerations(const Eigen::VectorXd& q, const Eigen::VectorXd& qd);
    /// U̇ of the last realization, by coordinate, into out (resized).
    void udot(Eigen::VectorXd& out) const;
    /// 3-D systems: writes Q and U given mobilizer by mobilizer, in body order (each body's
    /// q or u in Simbody's order), and realizes Stage::Acceleration.
    void realizeAccelerationsByBody(const Eigen::VectorXd& q, const Eigen::VectorXd& u);
    /// 3-D systems: U̇ of the last realization in the order of realizeAccelerationsByBody.
    void udotByBody(Eigen::VectorXd& out) const;
    /// max |qErr| of the last realization.
    double constraintViolation() const;
    int nv() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sslm::bench::detail
