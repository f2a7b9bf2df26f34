// SPDX-License-Identifier: MIT
#pragma once

// Inserting a whole mechanism (a template, say) into a drawing: its ground pivots, bodies,
// joints, springs, actuators, traced points and inputs, at its assembled pose moved by an
// offset, under fresh names (O<n> pivots, L<n> links, S<n> slider blocks, J<n> joints with
// theta<n> or x<n> coordinates). Nothing is joined to what is drawn already: pin it with
// addPin. Units: m, rad; W is x right, y up. No Qt.

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/edit/drawing.hpp"

namespace sslm {

/// Inserts `part` into the drawing moved by `offset` (m, in W). `part` must compile and
/// assemble; else its first error is returned and the drawing is unchanged. `bodies` receives
/// the new bodies' ids in the part's order.
EditError insertMechanism(Drawing& drawing,
                          const MechanismSpec& part,
                          const Eigen::Vector2d& offset,
                          std::vector<std::string>* bodies = nullptr);

} // namespace sslm
