// SPDX-License-Identifier: MIT
#include "core/dynamics/cut_reactions.hpp"

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/spatial/planar.hpp"

namespace sslm {

void cutReactions(const Model& model,
                  const Workspace& ws,
                  const Eigen::Ref<const Eigen::VectorXd>& lambda,
                  std::vector<CutReaction>& out) {
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        CutReaction& r = out[i];
        if (cut.type == JointType::Revolute) {
            r.point = PlanarSpace::pointPosition(ws, cut.bodyA, cut.p_A);
            r.force = lambda.segment<2>(2 * i);
            r.moment = 0.0;
        } else {
            // λ₁ is the moment about side B's point on the guide (the constraints of
            // loop_constraints.hpp), so the force acts there
            r.point = PlanarSpace::pointPosition(ws, cut.bodyB, cut.p_B);
            const Eigen::Vector2d normal =
                planar::perp(PlanarSpace::inWorld(ws, cut.bodyA, cut.axis_A));
            r.force = lambda[2 * i] * normal;
            r.moment = lambda[2 * i + 1];
        }
    }
}

} // namespace sslm
