// SPDX-License-Identifier: MIT
#include "core/dynamics/tree_dynamics.hpp"

#include "core/dynamics/space_dynamics.hpp"

namespace sslm {

DynamicsWorkspace::DynamicsWorkspace(const Model& model)
    : M(Eigen::MatrixXd::Zero(model.nv(), model.nv())), phi(Eigen::VectorXd::Zero(model.nv())),
      sums(withMotionSpace(model, [&](auto space) -> decltype(sums) {
          using D = SpaceDynamics<decltype(space)>;
          const std::size_t n = model.bodies.size();
          return SubtreeSums<typename D::Inertia, typename D::Wrench>{
              std::vector<typename D::Inertia>(n, D::Inertia::Zero()),
              std::vector<typename D::Wrench>(n, D::Wrench::Zero())};
      })) {}

namespace {

enum class Terms { Inertia, Forces, Both };

/// sᵀf entry by entry, for an f just written entry by entry: Eigen's dot reads f as pairs,
/// and a pair across two stores waits for them to retire (core/README.md; a third of M's
/// fill on the spatial ladder). Two sums, of the even and the odd entries, halve the chain.
template <class Twist, class Wrench> double entrywiseDot(const Twist& s, const Wrench& f) {
    constexpr int n = Wrench::SizeAtCompileTime;
    double even = s[0] * f[0];
    double odd = s[1] * f[1];
    for (int k = 2; k + 1 < n; k += 2) {
        even += s[k] * f[k];
        odd += s[k + 1] * f[k + 1];
    }
    if constexpr (n % 2 == 1) {
        even += s[n - 1] * f[n - 1];
    }
    return even + odd;
}

/// M from the composite inertias and motion subspaces: M_ij = S_iᵀ I^C_b S_j for every
/// coordinate j of body b's joint and every coordinate i of b's joint or an ancestor's (same
/// subsystem by construction). These are M's only non-zero entries and are all written on
/// every call; the others stay zero from the DynamicsWorkspace's construction.
template <class Space>
void fillInertiaMatrix(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    using D = SpaceDynamics<Space>;
    const std::vector<typename D::Inertia>& composite = D::composite(dws);
    for (int b = 1; b < ws.nBodies; ++b) {
        const CoordinateRange own = Space::coordinates(model, b);
        for (int j = own.first; j < own.first + own.count; ++j) {
            const typename Space::Wrench force =
                D::times(composite[b], Space::column(model, ws, j));
            for (int a = b; a > 0; a = model.bodies[a].parent) {
                const CoordinateRange up = Space::coordinates(model, a);
                for (int i = up.first; i < up.first + up.count; ++i) {
                    const double mij = entrywiseDot(Space::column(model, ws, i), force);
                    dws.M(i, j) = mij;
                    dws.M(j, i) = mij;
                }
            }
        }
    }
}

/// M by composite rigid bodies and/or φ by one Newton–Euler pass at q̈ = 0 (gravity in the bias
/// wrenches), sharing the per-body terms: the one tree algorithm of both motion spaces.
template <class Space, Terms terms>
void treeTerms(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    constexpr bool inertia = terms != Terms::Forces;
    constexpr bool forces = terms != Terms::Inertia;
    using D = SpaceDynamics<Space>;
    std::vector<typename D::Inertia>& composite = D::composite(dws);
    std::vector<typename D::Wrench>& subtree = D::subtree(dws);
    const int n = ws.nBodies;
    for (int b = 1; b < n; ++b) {
        const typename Space::Point arm = Space::comArm(model, ws, b);
        // (built in place: a 6 × 6 copy per body is a few per cent of a spatial pass)
        const typename D::Inertia body = [&] {
            if constexpr (inertia || D::kBiasUsesInertia) {
                return D::bodyInertia(model, ws, b, arm);
            } else {
                return typename D::Inertia(); // not read
            }
        }();
        if constexpr (inertia) {
            composite[b] = body;
        }
        if constexpr (forces) {
            subtree[b] = D::biasWrench(model, ws, b, arm, body);
        }
    }
    // leaves first: each joint's φ_k = −S_kᵀ W (its subtree's wrench), then the parent's sums
    for (int b = n - 1; b >= 1; --b) {
        if constexpr (forces) {
            const CoordinateRange own = Space::coordinates(model, b);
            for (int k = own.first; k < own.first + own.count; ++k) {
                dws.phi[k] = -Space::column(model, ws, k).dot(subtree[b]);
            }
        }
        const int p = model.bodies[b].parent;
        if (p > 0) {
            if constexpr (inertia) {
                composite[p] += composite[b];
            }
            if constexpr (forces) {
                subtree[p] += subtree[b];
            }
        }
    }
    if constexpr (inertia) {
        fillInertiaMatrix<Space>(model, ws, dws);
    }
}

} // namespace

const Eigen::MatrixXd&
generalizedInertia(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    withMotionSpace(
        model, [&](auto space) { treeTerms<decltype(space), Terms::Inertia>(model, ws, dws); });
    return dws.M;
}

const Eigen::VectorXd&
gravityAndVelocityForces(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    withMotionSpace(model,
                    [&](auto space) { treeTerms<decltype(space), Terms::Forces>(model, ws, dws); });
    return dws.phi;
}

void treeDynamics(const Model& model, const Workspace& ws, DynamicsWorkspace& dws) {
    withMotionSpace(model,
                    [&](auto space) { treeTerms<decltype(space), Terms::Both>(model, ws, dws); });
}

} // namespace sslm
