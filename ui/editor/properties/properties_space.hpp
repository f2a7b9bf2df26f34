// SPDX-License-Identifier: MIT
#pragma once

// What the Properties dock shows of a planar and of a spatial mechanism, as data: its sections
// (point_section, body_section, mass_section, visuals_section, joint_section) read it instead of
// being written once per space.
//   planar (file version 1): the Edit tab draws it. The selection is the canvas's (a point, a
//     link, the joints at a point) and edits go through its drawing, which keeps the drawn pose;
//     a point has a place in the ground frame and a trace, a bar its length and angle; vectors
//     have x and y; the inertia is one moment about the plane's normal, uniform or typed; a joint
//     is a pin or a slider with an axis angle, an input, a spring/damper and an actuator.
//   spatial (file version 2): the bodies and joints are listed in a tree, with Close a Loop…
//     and the validation after each edit; edits go to the document's description; a body's
//     points are a table; vectors have x, y and z; the inertia is a tensor (six entries); a
//     joint has one of five types and its axes as unit vectors.

#include <functional>
#include <utility>
#include <vector>

#include <QString>

#include "core/spec/mechanism_spec.hpp"

namespace sslm::ui {

/// An edit of one body's description (the sections say what; the panel applies it).
using BodyChange = std::function<void(BodySpec&)>;

/// The entries of an inertia tensor about the COM, body frame: 0 Ixx, 1 Iyy, 2 Izz, 3 Ixy,
/// 4 Ixz, 5 Iyz.
struct InertiaEntry {
    const char* name;
    int row;
    int column;
};
inline constexpr InertiaEntry kInertiaEntries[6] = {{"Ixx", 0, 0}, {"Iyy", 1, 1}, {"Izz", 2, 2},
                                                    {"Ixy", 0, 1}, {"Ixz", 0, 2}, {"Iyz", 1, 2}};
/// The planar moment about the plane's normal.
inline constexpr int kPlanarInertiaEntry = 2;

struct PropertiesSpace {
    MotionSpace space = MotionSpace::Planar;
    /// The Edit tab draws the mechanism: the selection is its canvas's and edits go through its
    /// drawing; a point has a place in the ground frame and a trace, a bar its length and angle,
    /// a joint its input, spring/damper and actuator. Otherwise the bodies and joints are listed
    /// in a tree, validated after each edit, and loops can be closed by hand.
    bool drawn = true;
    /// Coordinates of a vector in a body frame: 2 (x, y) or 3 (x, y, z); 3 also means a
    /// joint's axes are unit vectors rather than a slider's angle.
    int dimensions = 2;
    /// What a body is called in the labels: "Link" or "Body".
    QString bodyWord;
    /// The inertia entries shown (indices of kInertiaEntries): Izz alone, or all six.
    std::vector<int> inertiaEntries;
    /// With one moment of inertia, "uniform from the shape" is a box to tick; with a tensor,
    /// a note shown until an entry is typed.
    bool uniformInertiaBox = true;
    /// The lowest mass the box takes: a planar file's non-positive mass is shown as it is (to
    /// be fixed), a spatial one is positive.
    double massMinimum = -1e6;
    int massDecimals = 4;
    int inertiaDecimals = 10;
    /// The range of a centre of mass's coordinates (m).
    double lengthLimit = 100;
    /// The joint types offered, each with its word.
    std::vector<std::pair<JointType, QString>> jointTypes;
    /// The joint type box's tool tip.
    QString jointTypeTip;
};

/// The planar or the spatial Properties.
PropertiesSpace propertiesSpace(MotionSpace space);

} // namespace sslm::ui
