// SPDX-License-Identifier: MIT
#pragma once

// The split of the coordinates into independent and dependent ones that recursive coordinate
// reduction (recursive_coordinate_reduction.hpp; seed 003 Sect. 3) works with. Each loop owns
// as many dependent coordinates as it has constraint rows, taken from its own path; the loops
// are put in an order in which loop l's rows involve no dependent coordinate of a loop after
// it, so that the dependent rates and accelerations follow loop by loop, each from its own
// rows and the values already known (the seed's loops coupled through a shared base body,
// eqs. 72–80). Seed 003 Sect. 4.4 leaves open the cases this cannot handle, which are
// detected and named here:
// - a selection that is invalid (a loop left with too few dependent coordinates on its path)
//   or ill-conditioned at the pose (its rows' block on the dependent columns nearly singular);
// - coupled loops that admit no such order (no loop of a group can be solved first: each needs
//   dependent coordinates on another's path), the case of loops without a common base body.

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm {

/// One loop's share of a partition.
struct LoopReduction {
    int loop = -1;              ///< index in Model::loops
    std::vector<int> dependent; ///< the loop's dependent coordinates (rows of them), ascending
};

struct CoordinatePartition {
    std::vector<LoopReduction> order; ///< loops in solution order
    std::vector<int> independent;     ///< ascending
    /// True when the user named the independent coordinates: the run then stops instead of
    /// switching when they become ill-conditioned.
    bool named = false;

    bool empty() const { return order.empty() && independent.empty(); }
};

/// Conditioning of one loop's block J_ld (its rows, its dependent columns): 1 / (s · ‖J_ld⁻¹‖_F)
/// with s the largest column norm of the loop's rows over its whole path, so ~σ_min/σ_max of
/// the loop (within √rows); 0 when singular. Free of the rows' scale.
double loopBlockConditioning(const Model& model,
                             const Eigen::MatrixXd& J,
                             int loop,
                             const std::vector<int>& dependent);

/// Below this conditioning a named selection is refused as ill-conditioned, and an automatic
/// one counts as singular (no better selection exists at the pose).
inline constexpr double kIllConditionedSelection = 1e-6;

struct PartitionChoice {
    CoordinatePartition partition;
    std::string error; ///< empty on success; otherwise names the loop(s) and coordinates
    bool ok() const { return error.empty(); }
};

/// Chooses a partition at the pose whose constraint Jacobian is J (constraintJacobian):
/// coordinates in `named` stay independent; the others are picked per loop so that each loop's
/// block is as well-conditioned as possible, except that model.independent (the file's input
/// coordinates) stay independent where the loop's block is well-conditioned without them
/// (conditioning ≥ 0.05). `named` may hold fewer coordinates than the mobility; it
/// holds indices in q.
PartitionChoice
choosePartition(const Model& model, const Eigen::MatrixXd& J, const std::vector<int>& named = {});

/// The indices in q of the coordinates named `names` into `indices`; returns an error naming
/// the unknown or cut ones (empty on success).
std::string resolveCoordinates(const Model& model,
                               const std::vector<std::string>& names,
                               std::vector<int>& indices);

/// "independent theta1; loop 1 (cut J4): theta2, theta3; loop 2 (cut J7): …" (solution order).
std::string describePartition(const Model& model, const CoordinatePartition& partition);

/// "loop 2 (cut J7)".
std::string loopLabel(const Model& model, int loop);

/// "theta2, theta3".
std::string coordinateList(const Model& model, const std::vector<int>& coordinates);

} // namespace sslm
