// SPDX-License-Identifier: MIT
#pragma once

// Layered drawing of the body/joint graph: the ground on top, bodies in layers by their
// joint distance from the ground (over all joints, so the drawing does not move when the cut
// choice changes), ordered within layers by barycentre sweeps to reduce crossings, then placed
// over the mean of their neighbours. Deterministic: ties keep file order.

#include <vector>

#include <QPointF>

namespace sslm::ui {

struct GraphLayoutInput {
    std::vector<double> nodeWidths; ///< px; node 0 is the ground
    std::vector<std::pair<int, int>> edges;
    double nodeGap = 34;   ///< px between neighbouring nodes of a layer
    double joinedGap = 96; ///< px between neighbours joined by an edge (room for its label)
    double layerGap = 120; ///< px between layer centres
};

struct GraphLayout {
    std::vector<QPointF> centres; ///< per node, px
    std::vector<int> layer;       ///< per node
    std::vector<int> rank;        ///< per node: position within its layer, left to right
    int crossings = 0;            ///< crossings between edges of neighbouring layers
};

GraphLayout layoutGraph(const GraphLayoutInput& input);

} // namespace sslm::ui
