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

/// The Simbody system of a SimbodyTreeSpec; coordinate k is the mobilizer of bodies[k].
class SimbodySystem {
public:
    explicit SimbodySystem(const SimbodyTreeSpec& spec);
    ~SimbodySystem();
    SimbodySystem(const SimbodySystem&) = delete;
    SimbodySystem& operator=(const SimbodySystem&) = delete;

    /// Writes Q and U (invalidating Stage::Position onwards) and realizes Stage::Acceleration.
    void realizeAccelerations(const Eigen::VectorXd& q, const Eigen::VectorXd& qd);
    /// U̇ of the last realization, by coordinate, into out (resized).
    void udot(Eigen::VectorXd& out) const;
    /// max |qErr| of the last realization.
    double constraintViolation() const;
    int nq() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sslm::bench::detail
