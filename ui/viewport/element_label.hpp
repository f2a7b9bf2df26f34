// SPDX-License-Identifier: MIT
#pragma once

// What the overlay writes beside the modelling elements the scene draws (element_actors.hpp):
// kept apart from the actors so that the overlay's header stays free of VTK. Private to
// ui/viewport.

#include <QString>

#include <Eigen/Core>

namespace sslm::ui {

/// A text the overlay writes beside an element, at a world point (m, W).
struct ElementLabel {
    enum class Kind {
        Load,     ///< a load's name and value, at its arrow's tail
        Element,  ///< a spring's or cylinder's name, at its middle
        Friction, ///< a badge at a joint with friction
    };
    Eigen::Vector3d anchor = Eigen::Vector3d::Zero();
    QString text;
    Kind kind = Kind::Element;
};

} // namespace sslm::ui
