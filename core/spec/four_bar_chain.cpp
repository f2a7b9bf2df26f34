// SPDX-License-Identifier: MIT
#include "core/spec/four_bar_chain.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace sslm {

namespace {

BodySpec bar(const std::string& id, const std::string& name, double mass, double length) {
    BodySpec body;
    body.id = id;
    body.name = name;
    body.mass = mass;
    body.com_B = {0.5 * length, 0.0};
    body.inertiaCom = mass * length * length / 12.0;
    body.shape = BodyShape::Bar;
    body.points = {{"base", {0.0, 0.0}}, {"tip", {length, 0.0}}};
    return body;
}

/// A chain of "four-bar" (`loops`) loops begun: rockers R0…Rk, Ri a uniform bar on the ground
/// pivot Oi at (d · i, 0) m by the revolute Ji ("r<i>"), and the tip of Rk traced.
template <class Options> MechanismSpec rockerChain(const std::string& loops, const Options& o) {
    const int k = o.loops;
    MechanismSpec spec;
    spec.name = "Chain of " + std::to_string(k) + " " + loops + " loops";
    spec.tracedPoints = {{"last_tip", {"rocker" + std::to_string(k), "tip"}}};
    for (int i = 0; i <= k; ++i) {
        const std::string n = std::to_string(i);
        spec.ground.points.push_back({"O" + n, {o.pivotSpacing * i, 0.0}});
        spec.bodies.push_back(bar("rocker" + n, "rocker " + n, o.rockerMass, o.rockerLength));
        spec.joints.push_back(
            revoluteJoint("J" + n, "r" + n, {kGroundId, "O" + n}, {"rocker" + n, "base"}));
    }
    return spec;
}

} // namespace

MechanismSpec fourBarChain(const FourBarChainOptions& options) {
    const int k = options.loops;
    if (k < 1) {
        throw std::invalid_argument("fourBarChain: at least one loop is needed");
    }
    MechanismSpec spec = rockerChain("four-bar", options);
    spec.description = "Generated benchmark: " + std::to_string(k) +
                       " parallelogram four-bars side by side, each sharing a rocker with the "
                       "next; cut at the couplers' right pins (block-tridiagonal GICM).";
    for (int i = 0; i < k; ++i) {
        const std::string n = std::to_string(i);
        const std::string next = std::to_string(i + 1);
        spec.bodies.push_back(
            bar("coupler" + n, "coupler " + n, options.couplerMass, options.pivotSpacing));
        spec.joints.push_back(
            revoluteJoint("P" + n, "c" + n, {"rocker" + n, "tip"}, {"coupler" + n, "base"}));
        spec.joints.push_back(
            revoluteJoint("K" + n, "", {"coupler" + n, "tip"}, {"rocker" + next, "tip"}));
        spec.cuts.push_back("K" + n);
    }
    // parallelograms: every rocker at the same angle, every coupler horizontal
    spec.initial.independent = {{"r0", options.initialAngle}};
    spec.initial.rates = {{"r0", options.initialRate}};
    for (int i = 1; i <= k; ++i) {
        spec.initial.assemblyGuess.emplace_back("r" + std::to_string(i), options.initialAngle);
    }
    for (int i = 0; i < k; ++i) {
        spec.initial.assemblyGuess.emplace_back("c" + std::to_string(i), -options.initialAngle);
    }
    return spec;
}

MechanismSpec fiveBarChain(const FiveBarChainOptions& options) {
    const int k = options.loops;
    const double half = 0.5 * options.pivotSpacing;
    if (k < 1 || !(options.linkLength > half)) {
        throw std::invalid_argument("fiveBarChain: at least one loop and links longer than d/2");
    }
    MechanismSpec spec = rockerChain("five-bar", options);
    spec.description = "Generated benchmark: " + std::to_string(k) +
                       " five-bar loops side by side, each sharing a rocker with the next; " +
                       std::to_string(k + 1) + " degrees of freedom, the rockers.";
    for (int i = 0; i <= k; ++i) {
        spec.initial.independent.emplace_back("r" + std::to_string(i), options.initialAngle);
    }
    // Ai and Bi meet `rise` above the midpoint of the rockers' tips
    const double rise = std::sqrt(options.linkLength * options.linkLength - half * half);
    const double angleA = std::atan2(rise, half);  // absolute, Ai from Ri's tip
    const double angleB = std::atan2(rise, -half); // absolute, Bi from Ri+1's tip
    for (int i = 0; i < k; ++i) {
        const std::string n = std::to_string(i);
        const std::string next = std::to_string(i + 1);
        spec.bodies.push_back(bar("linkA" + n, "link A" + n, options.linkMass, options.linkLength));
        spec.bodies.push_back(bar("linkB" + n, "link B" + n, options.linkMass, options.linkLength));
        spec.joints.push_back(
            revoluteJoint("PA" + n, "a" + n, {"rocker" + n, "tip"}, {"linkA" + n, "base"}));
        spec.joints.push_back(
            revoluteJoint("PB" + n, "b" + n, {"rocker" + next, "tip"}, {"linkB" + n, "base"}));
        spec.joints.push_back(
            revoluteJoint("K" + n, "", {"linkA" + n, "tip"}, {"linkB" + n, "tip"}));
        spec.cuts.push_back("K" + n);
        spec.initial.assemblyGuess.emplace_back("a" + n, angleA - options.initialAngle);
        spec.initial.assemblyGuess.emplace_back("b" + n, angleB - options.initialAngle);
    }
    return spec;
}

} // namespace sslm
