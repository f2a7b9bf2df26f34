// SPDX-License-Identifier: MIT
#include "ui/graph/graph_layout.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <set>

namespace sslm::ui {

namespace {

using Layers = std::vector<std::vector<int>>;

/// Joint distance from the ground; unreachable nodes go one layer below the deepest.
std::vector<int> depthsFromGround(int nodeCount, const std::vector<std::vector<int>>& adjacent) {
    std::vector<int> depth(nodeCount, -1);
    std::deque<int> queue{0};
    depth[0] = 0;
    int deepest = 0;
    while (!queue.empty()) {
        const int node = queue.front();
        queue.pop_front();
        for (int next : adjacent[node]) {
            if (depth[next] < 0) {
                depth[next] = depth[node] + 1;
                deepest = std::max(deepest, depth[next]);
                queue.push_back(next);
            }
        }
    }
    for (int& d : depth) {
        if (d < 0) {
            d = deepest + 1;
        }
    }
    return depth;
}

std::vector<int> ranksOf(const Layers& layers, int nodeCount) {
    std::vector<int> rank(nodeCount, 0);
    for (const auto& layer : layers) {
        for (std::size_t r = 0; r < layer.size(); ++r) {
            rank[layer[r]] = static_cast<int>(r);
        }
    }
    return rank;
}

/// Crossings between edges joining neighbouring layers, plus, for edges within a layer, the
/// nodes they jump over (each of which the drawn arc must pass).
int countCrossings(const Layers& layers,
                   const std::vector<int>& layerOf,
                   const std::vector<std::pair<int, int>>& edges) {
    const std::vector<int> rank = ranksOf(layers, static_cast<int>(layerOf.size()));
    int crossings = 0;
    for (std::size_t e = 0; e < edges.size(); ++e) {
        auto [a, b] = edges[e];
        if (layerOf[a] == layerOf[b]) {
            crossings += std::max(0, std::abs(rank[a] - rank[b]) - 1);
            continue;
        }
        if (layerOf[a] > layerOf[b]) {
            std::swap(a, b);
        }
        for (std::size_t f = e + 1; f < edges.size(); ++f) {
            auto [c, d] = edges[f];
            if (layerOf[c] > layerOf[d]) {
                std::swap(c, d);
            }
            if (layerOf[c] != layerOf[a] || layerOf[d] != layerOf[b]) {
                continue;
            }
            if ((rank[a] - rank[c]) * (rank[b] - rank[d]) < 0) {
                ++crossings;
            }
        }
    }
    return crossings;
}

/// Reorders `layer` by the mean relative position (0…1) of each node's neighbours in the
/// reference layer; nodes without such neighbours keep their relative position.
void sortByBarycentre(std::vector<int>& layer,
                      const std::vector<int>& rank,
                      const std::vector<int>& layerOf,
                      int referenceLayer,
                      int referenceSize,
                      const std::vector<std::vector<int>>& adjacent) {
    std::vector<std::pair<double, int>> keyed;
    const double size = static_cast<double>(layer.size());
    for (std::size_t r = 0; r < layer.size(); ++r) {
        const int node = layer[r];
        double sum = 0;
        int count = 0;
        for (int next : adjacent[node]) {
            if (layerOf[next] == referenceLayer) {
                sum += (rank[next] + 0.5) / referenceSize;
                ++count;
            }
        }
        keyed.emplace_back(count > 0 ? sum / count : (static_cast<double>(r) + 0.5) / size, node);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& p, const auto& q) { return p.first < q.first; });
    for (std::size_t r = 0; r < layer.size(); ++r) {
        layer[r] = keyed[r].second;
    }
}

/// Moves the nodes of one layer towards `desired` x while keeping their order and gaps: the
/// average of a left-to-right and a right-to-left packing.
void placeLayer(const std::vector<int>& layer,
                const std::vector<double>& desired,
                const std::vector<double>& widths,
                const std::function<double(int, int)>& gapBetween,
                std::vector<double>& x) {
    const std::size_t n = layer.size();
    std::vector<double> forward(n);
    std::vector<double> backward(n);
    for (std::size_t r = 0; r < n; ++r) {
        forward[r] = desired[r];
        if (r > 0) {
            const double minimum = forward[r - 1] + (widths[layer[r - 1]] + widths[layer[r]]) / 2 +
                                   gapBetween(layer[r - 1], layer[r]);
            forward[r] = std::max(forward[r], minimum);
        }
    }
    for (std::size_t k = n; k-- > 0;) {
        backward[k] = desired[k];
        if (k + 1 < n) {
            const double maximum = backward[k + 1] - (widths[layer[k + 1]] + widths[layer[k]]) / 2 -
                                   gapBetween(layer[k], layer[k + 1]);
            backward[k] = std::min(backward[k], maximum);
        }
    }
    for (std::size_t r = 0; r < n; ++r) {
        x[layer[r]] = (forward[r] + backward[r]) / 2;
    }
    // the average of two valid packings is a valid packing; enforce anyway against rounding
    for (std::size_t r = 1; r < n; ++r) {
        const double minimum = x[layer[r - 1]] + (widths[layer[r - 1]] + widths[layer[r]]) / 2 +
                               gapBetween(layer[r - 1], layer[r]);
        x[layer[r]] = std::max(x[layer[r]], minimum);
    }
}

} // namespace

GraphLayout layoutGraph(const GraphLayoutInput& input) {
    const int nodeCount = static_cast<int>(input.nodeWidths.size());
    GraphLayout out;
    if (nodeCount == 0) {
        return out;
    }
    std::vector<std::vector<int>> adjacent(nodeCount);
    for (const auto& [a, b] : input.edges) {
        if (a != b) {
            adjacent[a].push_back(b);
            adjacent[b].push_back(a);
        }
    }
    const std::vector<int> layerOf = depthsFromGround(nodeCount, adjacent);
    const int layerCount = *std::max_element(layerOf.begin(), layerOf.end()) + 1;
    Layers layers(layerCount);
    for (int node = 0; node < nodeCount; ++node) {
        layers[layerOf[node]].push_back(node);
    }

    // barycentre sweeps, keeping the ordering with the fewest crossings
    Layers best = layers;
    int fewest = countCrossings(layers, layerOf, input.edges);
    for (int sweep = 0; sweep < 12 && fewest > 0; ++sweep) {
        const bool down = sweep % 2 == 0;
        for (int k = 1; k < layerCount; ++k) {
            const int l = down ? k : layerCount - 1 - k;
            const int reference = down ? l - 1 : l + 1;
            sortByBarycentre(layers[l], ranksOf(layers, nodeCount), layerOf, reference,
                             static_cast<int>(layers[reference].size()), adjacent);
        }
        const int crossings = countCrossings(layers, layerOf, input.edges);
        if (crossings < fewest) {
            fewest = crossings;
            best = layers;
        }
    }
    layers = best;

    // neighbours joined by a joint keep room for the joint's label between them
    std::set<std::pair<int, int>> joined;
    for (const auto& [a, b] : input.edges) {
        joined.insert({std::min(a, b), std::max(a, b)});
    }
    const auto gapBetween = [&](int a, int b) {
        return joined.count({std::min(a, b), std::max(a, b)}) ? input.joinedGap : input.nodeGap;
    };

    // x: packed layers, then each node pulled over its neighbours in the other layers
    std::vector<double> x(nodeCount, 0);
    const std::vector<double>& widths = input.nodeWidths;
    for (const auto& layer : layers) {
        double total = 0;
        for (std::size_t r = 0; r < layer.size(); ++r) {
            total += widths[layer[r]] + (r > 0 ? gapBetween(layer[r - 1], layer[r]) : 0);
        }
        double left = -total / 2;
        for (std::size_t r = 0; r < layer.size(); ++r) {
            left += r > 0 ? gapBetween(layer[r - 1], layer[r]) : 0;
            x[layer[r]] = left + widths[layer[r]] / 2;
            left += widths[layer[r]];
        }
    }
    for (int iteration = 0; iteration < 24; ++iteration) {
        const bool down = iteration % 2 == 0;
        for (int k = 0; k < layerCount; ++k) {
            const int l = down ? k : layerCount - 1 - k;
            const std::vector<int>& layer = layers[l];
            std::vector<double> desired(layer.size());
            for (std::size_t r = 0; r < layer.size(); ++r) {
                double sum = 0;
                int count = 0;
                for (int next : adjacent[layer[r]]) {
                    if (layerOf[next] != l) {
                        sum += x[next];
                        ++count;
                    }
                }
                desired[r] = count > 0 ? sum / count : x[layer[r]];
            }
            placeLayer(layer, desired, widths, gapBetween, x);
        }
    }
    // centre the drawing on the ground
    const double shift = x[0];
    out.centres.resize(nodeCount);
    for (int node = 0; node < nodeCount; ++node) {
        out.centres[node] = QPointF(x[node] - shift, layerOf[node] * input.layerGap);
    }
    out.layer = layerOf;
    out.rank = ranksOf(layers, nodeCount);
    out.crossings = fewest;
    return out;
}

} // namespace sslm::ui
