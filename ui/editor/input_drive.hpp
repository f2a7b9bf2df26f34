// SPDX-License-Identifier: MIT
#pragma once

// The Edit canvas's Drive tool: the mechanism's first input that is a revolute joint at a ground
// pivot turns its link towards a point, and the rest of the mechanism follows by position
// analysis (sslm::sweepInput), keeping its assembly branch. Only the drawing's poses move; the
// document is not changed.

#include <memory>
#include <optional>
#include <string>

#include <Eigen/Core>

#include "core/analysis/mechanism_check.hpp"
#include "core/edit/drawing.hpp"

namespace sslm::ui {

class InputDrive {
public:
    /// What a step towards a point did.
    enum class Step {
        Moved,   ///< the input turned, and the drawing's poses followed it
        Stopped, ///< a toggle position or a pose that does not close lies on the way: the
                 ///< drawing shows the last pose that closed
        AtPivot, ///< the point is on the pivot: nothing changed
        Lost,    ///< the driven link is no longer in the drawing: nothing changed
    };

    /// The drive of `drawing`'s first input that is a revolute joint at a ground pivot of a
    /// drawn link, from `check`'s assembled pose (its model and q, which must assemble);
    /// std::nullopt when there is no such input.
    static std::optional<InputDrive> start(const Drawing& drawing, const MechanismCheck& check);

    /// Turns the input so that its link points from the pivot towards w (m, W), the link's
    /// farthest point from the pivot leading, and moves `drawing`'s poses with the mechanism.
    Step turnTowards(Drawing& drawing, const Eigen::Vector2d& w);

    /// The driven coordinate's name.
    const std::string& inputName() const;
    /// The driven coordinate's value (rad).
    double inputValue() const { return m_q[m_input]; }

private:
    InputDrive() = default;

    std::shared_ptr<const Model> m_model;
    Eigen::VectorXd m_q;      ///< the pose driven to so far
    int m_input = -1;         ///< coordinate index of the driven input
    JointEnd m_pivot;         ///< the input joint's ground point
    std::string m_body;       ///< the body the input turns
    double m_angleOffset = 0; ///< input value − the body's angle in W (rad)
};

} // namespace sslm::ui
