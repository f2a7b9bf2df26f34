// SPDX-License-Identifier: MIT
#pragma once

// The body/joint graph of a mechanism, independent of geometry: nodes are bodies (node 0 is the
// ground), edges are one-degree-of-freedom joints. Answers the topological questions: is a cut
// set valid (it leaves a spanning tree), which cut set to choose automatically, which
// subsystems (branches from the ground) a spanning tree has, and whether they are determinate
// in the sense of Chaudhary & Saha (seed 002 Sect. 2).

#include <vector>

namespace sslm {

struct GraphEdge {
    int a = -1; ///< node of the joint's first side
    int b = -1; ///< node of the joint's second side
    bool prismatic = false;
};

struct MechanismGraph {
    int nodeCount = 0; ///< bodies including the ground (node 0)
    std::vector<GraphEdge> edges;
    std::vector<bool> actuated; ///< per edge: the joint carries an actuator (may be empty)

    int edgeCount() const { return static_cast<int>(edges.size()); }
    /// Independent loops of a connected graph: edges − (nodes − 1).
    int independentLoopCount() const { return edgeCount() - (nodeCount - 1); }
};

/// What is wrong with a cut set, if anything.
struct CutSetCheck {
    /// Cycles of uncut edges that the cut set leaves closed, each as its edge list.
    std::vector<std::vector<int>> closedCycles;
    /// Nodes the cut set separates from the ground.
    std::vector<int> disconnectedNodes;

    bool ok() const { return closedCycles.empty() && disconnectedNodes.empty(); }
};

/// Checks that removing the edges flagged in `isCut` leaves a spanning tree rooted at node 0.
CutSetCheck checkCutSet(const MechanismGraph& graph, const std::vector<bool>& isCut);

/// The edge to each node from its parent in a breadth-first tree from the ground over the
/// uncut edges; −1 for the ground and for nodes the uncut edges do not reach.
std::vector<int> treeParentEdges(const MechanismGraph& graph, const std::vector<bool>& isCut);

/// The uncut edges of a shortest path from node `from` to node `to`; empty when there is none.
std::vector<int>
treePath(const MechanismGraph& graph, const std::vector<bool>& isCut, int from, int to);

/// Nodes not connected to the ground through any chain of edges (before cutting).
std::vector<int> nodesUnreachableFromGround(const MechanismGraph& graph);

/// Independent loops of any graph, connected or not: edges − nodes + connected parts.
int independentLoops(const MechanismGraph& graph);

/// Subsystem index of each node for a valid cut set (−1 for the ground). Subsystems are
/// numbered in the order of their root edges (the uncut edges at the ground) in edge order.
std::vector<int> subsystemOfNodes(const MechanismGraph& graph, const std::vector<bool>& isCut);

/// Seed 002's subsystem recursion: a subsystem is determinate when its unknowns (2 per cut
/// touching it, plus its actuated tree joints) equal its coordinate count; solving it makes the
/// cut multipliers it shares known to its neighbours. Returns how many subsystems the
/// recursion resolves (all of them for a fully determinate spanning tree).
int determinateSubsystemCount(const MechanismGraph& graph, const std::vector<bool>& isCut);

/// Chooses the cut joints automatically. Among all valid cut sets (exhaustively when there
/// are at most kExhaustiveCutSetLimit candidates, else a breadth-first spanning tree) it
/// prefers, in order: revolute cuts over prismatic ones, the most determinate subsystems, the
/// smallest largest subsystem, balanced subsystems, and cutting joints declared later.
/// Returns the cut edges in ascending order. Precondition: every node reaches the ground.
std::vector<int> chooseCuts(const MechanismGraph& graph);

inline constexpr long kExhaustiveCutSetLimit = 200000;

} // namespace sslm
