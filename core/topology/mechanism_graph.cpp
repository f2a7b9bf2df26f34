// SPDX-License-Identifier: MIT
#include "core/topology/mechanism_graph.hpp"

#include <algorithm>
#include <numeric>
#include <queue>
#include <tuple>

namespace sslm {

namespace {

/// For each node, its (neighbour, edge) pairs.
using Adjacency = std::vector<std::vector<std::pair<int, int>>>;

/// Adjacency over the uncut edges, in edge order.
Adjacency adjacency(const MechanismGraph& graph, const std::vector<bool>& isCut) {
    Adjacency adj(graph.nodeCount);
    for (int e = 0; e < graph.edgeCount(); ++e) {
        if (!isCut.empty() && isCut[e]) {
            continue;
        }
        const GraphEdge& edge = graph.edges[e];
        adj[edge.a].emplace_back(edge.b, e);
        if (edge.b != edge.a) {
            adj[edge.b].emplace_back(edge.a, e);
        }
    }
    return adj;
}

/// A breadth-first search tree: per node whether it was reached, and the edge and the node it
/// was reached by (−1 for the root and for the nodes not reached).
struct SearchTree {
    std::vector<bool> seen;
    std::vector<int> viaEdge;
    std::vector<int> previous;
};

/// Breadth-first search from node `from`, stopping once node `to` is reached (−1: on to every
/// node reachable).
SearchTree breadthFirst(const Adjacency& adj, int from, int to = -1) {
    SearchTree tree{std::vector<bool>(adj.size(), false), std::vector<int>(adj.size(), -1),
                    std::vector<int>(adj.size(), -1)};
    std::queue<int> open;
    tree.seen[from] = true;
    open.push(from);
    while (!open.empty() && (to < 0 || !tree.seen[to])) {
        const int node = open.front();
        open.pop();
        for (const auto& [next, edge] : adj[node]) {
            if (!tree.seen[next]) {
                tree.seen[next] = true;
                tree.viaEdge[next] = edge;
                tree.previous[next] = node;
                open.push(next);
            }
        }
    }
    return tree;
}

/// The nodes other than the ground that `seen` (per node) leaves out.
std::vector<int> unseenNodes(const std::vector<bool>& seen) {
    std::vector<int> nodes;
    for (int node = 1; node < static_cast<int>(seen.size()); ++node) {
        if (!seen[node]) {
            nodes.push_back(node);
        }
    }
    return nodes;
}

/// Union–find with path halving over `parent` (per node; a root is its own parent): joins
/// the parts of a and b, false when they are one part already.
bool joinParts(std::vector<int>& parent, int a, int b) {
    const auto root = [&](int n) {
        while (parent[n] != n) {
            n = parent[n] = parent[parent[n]];
        }
        return n;
    };
    a = root(a);
    b = root(b);
    if (a == b) {
        return false;
    }
    parent[a] = b;
    return true;
}

/// Edges of the path between two nodes of a forest given as adjacency lists.
std::vector<int> forestPath(const Adjacency& forest, int from, int to) {
    const SearchTree tree = breadthFirst(forest, from, to);
    std::vector<int> path;
    for (int node = to; tree.seen[to] && node != from; node = tree.previous[node]) {
        path.push_back(tree.viaEdge[node]);
    }
    std::ranges::reverse(path);
    return path;
}

struct CutSetScore {
    int prismaticCuts = 0;
    int unresolvedSubsystems = 0;
    int largestSubsystem = 0;
    int sumOfSquares = 0;
    std::vector<int> cutsDescending; ///< negated, so that later joints compare smaller

    auto key() const {
        return std::tie(prismaticCuts, unresolvedSubsystems, largestSubsystem, sumOfSquares,
                        cutsDescending);
    }
};

CutSetScore scoreCutSet(const MechanismGraph& graph,
                        const std::vector<bool>& isCut,
                        const std::vector<int>& cuts) {
    CutSetScore score;
    const std::vector<int> subsystemOf = subsystemOfNodes(graph, isCut);
    const int subsystemCount = *std::ranges::max_element(subsystemOf) + 1;
    std::vector<int> sizes(std::max(subsystemCount, 0), 0);
    for (int s : subsystemOf) {
        if (s >= 0) {
            ++sizes[s];
        }
    }
    for (int e : cuts) {
        score.prismaticCuts += graph.edges[e].prismatic ? 1 : 0;
        score.cutsDescending.push_back(-e);
    }
    std::sort(score.cutsDescending.begin(), score.cutsDescending.end());
    score.unresolvedSubsystems = subsystemCount - determinateSubsystemCount(graph, isCut);
    for (int size : sizes) {
        score.largestSubsystem = std::max(score.largestSubsystem, size);
        score.sumOfSquares += size * size;
    }
    return score;
}

/// Binomial coefficient, saturating at `cap`.
long binomialCapped(int n, int k, long cap) {
    if (k < 0 || k > n) {
        return 0;
    }
    k = std::min(k, n - k);
    long result = 1;
    for (int i = 1; i <= k; ++i) {
        result = result * (n - k + i) / i;
        if (result > cap) {
            return cap + 1;
        }
    }
    return result;
}

/// Breadth-first spanning tree preferring revolute edges; the rest are cuts.
std::vector<int> breadthFirstCuts(const MechanismGraph& graph) {
    std::vector<int> order(graph.edgeCount());
    std::iota(order.begin(), order.end(), 0);
    std::ranges::stable_sort(
        order, [&](int x, int y) { return !graph.edges[x].prismatic && graph.edges[y].prismatic; });
    Adjacency adj(graph.nodeCount);
    for (int e : order) {
        adj[graph.edges[e].a].emplace_back(graph.edges[e].b, e);
        adj[graph.edges[e].b].emplace_back(graph.edges[e].a, e);
    }
    std::vector<bool> inTree(graph.edgeCount(), false);
    for (int e : breadthFirst(adj, 0).viaEdge) {
        if (e >= 0) {
            inTree[e] = true;
        }
    }
    std::vector<int> cuts;
    for (int e = 0; e < graph.edgeCount(); ++e) {
        if (!inTree[e]) {
            cuts.push_back(e);
        }
    }
    return cuts;
}

} // namespace

CutSetCheck checkCutSet(const MechanismGraph& graph, const std::vector<bool>& isCut) {
    CutSetCheck check;
    // grow a forest edge by edge; an edge joining two nodes already joined closes a cycle
    std::vector<int> parts(graph.nodeCount); // each node a part of its own
    std::iota(parts.begin(), parts.end(), 0);
    Adjacency forest(graph.nodeCount);
    for (int e = 0; e < graph.edgeCount(); ++e) {
        if (isCut[e]) {
            continue;
        }
        const GraphEdge& edge = graph.edges[e];
        if (!joinParts(parts, edge.a, edge.b)) {
            std::vector<int> cycle = forestPath(forest, edge.a, edge.b);
            cycle.push_back(e);
            check.closedCycles.push_back(std::move(cycle));
            continue;
        }
        forest[edge.a].emplace_back(edge.b, e);
        forest[edge.b].emplace_back(edge.a, e);
    }
    check.disconnectedNodes = unseenNodes(breadthFirst(forest, 0).seen);
    return check;
}

std::vector<int> treeParentEdges(const MechanismGraph& graph, const std::vector<bool>& isCut) {
    return breadthFirst(adjacency(graph, isCut), 0).viaEdge;
}

std::vector<int>
treePath(const MechanismGraph& graph, const std::vector<bool>& isCut, int from, int to) {
    return forestPath(adjacency(graph, isCut), from, to);
}

std::vector<int> nodesUnreachableFromGround(const MechanismGraph& graph) {
    return unseenNodes(breadthFirst(adjacency(graph, {}), 0).seen);
}

int independentLoops(const MechanismGraph& graph) {
    std::vector<int> parts(graph.nodeCount); // each node a part of its own
    std::iota(parts.begin(), parts.end(), 0);
    int partCount = graph.nodeCount;
    for (const GraphEdge& e : graph.edges) {
        if (joinParts(parts, e.a, e.b)) {
            --partCount;
        }
    }
    return graph.edgeCount() - graph.nodeCount + partCount;
}

std::vector<int> subsystemOfNodes(const MechanismGraph& graph, const std::vector<bool>& isCut) {
    const auto adj = adjacency(graph, isCut);
    std::vector<int> subsystemOf(graph.nodeCount, -1);
    int next = 0;
    for (const auto& [root, edge] : adj[0]) {
        if (root == 0 || subsystemOf[root] >= 0) {
            continue;
        }
        // flood the branch below this root edge
        std::vector<int> open{root};
        subsystemOf[root] = next;
        while (!open.empty()) {
            const int node = open.back();
            open.pop_back();
            for (const auto& [neighbour, e] : adj[node]) {
                if (neighbour != 0 && subsystemOf[neighbour] < 0) {
                    subsystemOf[neighbour] = next;
                    open.push_back(neighbour);
                }
            }
        }
        ++next;
    }
    return subsystemOf;
}

int determinateSubsystemCount(const MechanismGraph& graph, const std::vector<bool>& isCut) {
    const std::vector<int> subsystemOf = subsystemOfNodes(graph, isCut);
    const int count = *std::ranges::max_element(subsystemOf) + 1;
    std::vector<int> coordinates(std::max(count, 0), 0);
    std::vector<int> actuators(std::max(count, 0), 0);
    for (int e = 0; e < graph.edgeCount(); ++e) {
        if (isCut[e]) {
            continue;
        }
        // a tree edge's coordinate belongs to the subsystem of its non-ground end
        const int s = std::max(subsystemOf[graph.edges[e].a], subsystemOf[graph.edges[e].b]);
        if (s >= 0) {
            ++coordinates[s];
            if (!graph.actuated.empty() && graph.actuated[e]) {
                ++actuators[s];
            }
        }
    }
    const auto touches = [&](int e, int s) {
        return subsystemOf[graph.edges[e].a] == s || subsystemOf[graph.edges[e].b] == s;
    };
    std::vector<bool> cutKnown(graph.edgeCount(), false);
    std::vector<bool> solved(std::max(count, 0), false);
    int solvedCount = 0;
    for (bool progress = true; progress;) {
        progress = false;
        for (int s = 0; s < count; ++s) {
            if (solved[s]) {
                continue;
            }
            int unknowns = actuators[s];
            for (int e = 0; e < graph.edgeCount(); ++e) {
                if (isCut[e] && !cutKnown[e] && touches(e, s)) {
                    unknowns += 2;
                }
            }
            if (unknowns != coordinates[s]) {
                continue;
            }
            solved[s] = true;
            ++solvedCount;
            progress = true;
            for (int e = 0; e < graph.edgeCount(); ++e) {
                if (isCut[e] && touches(e, s)) {
                    cutKnown[e] = true;
                }
            }
        }
    }
    return solvedCount;
}

std::vector<int> chooseCuts(const MechanismGraph& graph) {
    const int loops = graph.independentLoopCount();
    if (loops <= 0) {
        return {};
    }
    const int edges = graph.edgeCount();
    if (binomialCapped(edges, loops, kExhaustiveCutSetLimit) > kExhaustiveCutSetLimit) {
        return breadthFirstCuts(graph);
    }
    // enumerate every combination of `loops` edges in lexicographic order
    std::vector<int> pick(loops);
    std::iota(pick.begin(), pick.end(), 0);
    std::vector<int> best;
    CutSetScore bestScore;
    std::vector<bool> isCut(edges, false);
    while (true) {
        std::fill(isCut.begin(), isCut.end(), false);
        for (int e : pick) {
            isCut[e] = true;
        }
        if (checkCutSet(graph, isCut).ok()) {
            CutSetScore score = scoreCutSet(graph, isCut, pick);
            if (best.empty() || score.key() < bestScore.key()) {
                best = pick;
                bestScore = std::move(score);
            }
        }
        int i = loops - 1;
        while (i >= 0 && pick[i] == edges - loops + i) {
            --i;
        }
        if (i < 0) {
            break;
        }
        ++pick[i];
        for (int j = i + 1; j < loops; ++j) {
            pick[j] = pick[j - 1] + 1;
        }
    }
    return best.empty() ? breadthFirstCuts(graph) : best;
}

} // namespace sslm
