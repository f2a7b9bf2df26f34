// SPDX-License-Identifier: MIT
#include "core/interop/planar_recognition.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include <Eigen/Dense>

#include "core/interop/report_text.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_validate.hpp"

namespace sslm {

namespace {

/// Axes closer than this (sine of the angle, or cosine for perpendicular) count as parallel.
constexpr double kAxisTol = 1e-9;
/// Offsets out of the plane below this (m) are not reported.
constexpr double kOffsetTol = 1e-12;

/// The tree of a spec with its cuts: for each body, the joints from the ground to it, each
/// with +1 when the path goes from the joint's parent side to its child side.
struct TreePaths {
    std::map<std::string, std::vector<std::pair<int, int>>> path; ///< body id → (joint, sign)
    std::map<std::string, Eigen::Vector3d> origin;                ///< body id → origin in W
};

/// Body origins in W at q = 0 (body frames parallel to W there) and the tree paths, by a
/// breadth-first walk over the joints that are not cut.
TreePaths treePaths(const MechanismSpec& spec) {
    TreePaths tree;
    tree.path[kGroundId] = {};
    tree.origin[kGroundId] = Eigen::Vector3d::Zero();
    const std::set<std::string> cuts(spec.cuts.begin(), spec.cuts.end());
    bool grew = true;
    while (grew) {
        grew = false;
        for (int j = 0; j < static_cast<int>(spec.joints.size()); ++j) {
            const JointSpec& joint = spec.joints[j];
            if (cuts.count(joint.name) != 0) {
                continue;
            }
            const bool hasParent = tree.path.count(joint.parent.body) != 0;
            const bool hasChild = tree.path.count(joint.child.body) != 0;
            if (hasParent == hasChild) {
                continue;
            }
            const JointEnd& from = hasParent ? joint.parent : joint.child;
            const JointEnd& to = hasParent ? joint.child : joint.parent;
            const BodyPoint* pf = findBodyPoint(spec, from);
            const BodyPoint* pt = findBodyPoint(spec, to);
            if (pf == nullptr || pt == nullptr) {
                continue;
            }
            const Eigen::Vector3d at = tree.origin[from.body] + pf->position3();
            tree.origin[to.body] = at - pt->position3();
            auto path = tree.path[from.body];
            path.emplace_back(j, hasParent ? 1 : -1);
            tree.path[to.body] = std::move(path);
            grew = true;
        }
    }
    return tree;
}

/// The joint's point in W at q = 0 (its parent side's).
Eigen::Vector3d jointPointW(const MechanismSpec& spec, const TreePaths& tree, const JointSpec& j) {
    const BodyPoint* p = findBodyPoint(spec, j.parent);
    const auto it = tree.origin.find(j.parent.body);
    if (p == nullptr || it == tree.origin.end()) {
        return Eigen::Vector3d::Zero();
    }
    return it->second + p->position3();
}

/// Two unit vectors perpendicular to the unit `a` and to each other.
std::pair<Eigen::Vector3d, Eigen::Vector3d> perpendiculars(const Eigen::Vector3d& a) {
    const Eigen::Vector3d seed =
        std::abs(a.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
    const Eigen::Vector3d u = a.cross(seed).normalized();
    return {u, a.cross(u)};
}

/// No "-0" components in what the report prints.
Eigen::Vector3d cleaned(Eigen::Vector3d v) {
    for (double& x : v) {
        x = x == 0 ? 0.0 : x;
    }
    return v;
}

/// The first revolute axis, else the cross product of two sliding axes, else none.
std::optional<Eigen::Vector3d> planeNormal(const MechanismSpec& spatial) {
    std::optional<Eigen::Vector3d> normal;
    for (const JointSpec& joint : spatial.joints) {
        if (joint.type == JointType::Revolute) {
            normal = joint.axis.normalized();
            break;
        }
    }
    if (!normal) {
        for (std::size_t a = 0; a < spatial.joints.size() && !normal; ++a) {
            for (std::size_t b = a + 1; b < spatial.joints.size() && !normal; ++b) {
                const Eigen::Vector3d c = spatial.joints[a].axis.cross(spatial.joints[b].axis);
                if (c.norm() > 1e-6) {
                    normal = c.normalized();
                }
            }
        }
    }
    return normal;
}

/// Why a joint moves out of the plane normal to `n0` (empty when none does).
std::string outOfPlane(const MechanismSpec& spatial, const Eigen::Vector3d& n0) {
    for (const JointSpec& joint : spatial.joints) {
        const Eigen::Vector3d a = joint.axis.normalized();
        switch (joint.type) {
        case JointType::Revolute:
            if (a.cross(n0).norm() > kAxisTol) {
                return "revolute joint " + joint.name + "'s axis " + vectorText(a) +
                       " is not parallel to " + vectorText(n0);
            }
            break;
        case JointType::Prismatic:
            if (std::abs(a.dot(n0)) > kAxisTol) {
                return "prismatic joint " + joint.name + "'s axis " + vectorText(a) +
                       " leaves the plane normal to " + vectorText(n0);
            }
            break;
        case JointType::Cylindrical:
        case JointType::Universal:
        case JointType::Spherical:
            return "joint " + joint.name + " is " + jointTypeWord(joint.type) +
                   ", which moves out of any plane";
        }
    }
    return {};
}

/// The plane's axes X, Y and normal n = X × Y; Y is kept with its "-0"s for projecting.
struct PlaneAxes {
    Eigen::Vector3d X;
    Eigen::Vector3d Y;
    Eigen::Vector3d n;

    /// A vector's coordinates along X and Y.
    Eigen::Vector2d inPlane(const Eigen::Vector3d& v) const { return {v.dot(X), v.dot(Y)}; }
};

/// In-plane axes: Y along "up" (−g, else z, else y) projected, X = Y × ±n along +x (or +y).
PlaneAxes planeAxes(const Eigen::Vector3d& g, const Eigen::Vector3d& n0) {
    Eigen::Vector3d up = g.norm() > 0 ? Eigen::Vector3d(-g.normalized()) : Eigen::Vector3d::UnitZ();
    if (up.cross(n0).norm() < 1e-6) {
        up = Eigen::Vector3d::UnitZ();
    }
    if (up.cross(n0).norm() < 1e-6) {
        up = Eigen::Vector3d::UnitY();
    }
    const Eigen::Vector3d Y = (up - up.dot(n0) * n0).normalized();
    Eigen::Vector3d X = Y.cross(n0).normalized();
    if (X.x() < -1e-12 || (std::abs(X.x()) <= 1e-12 && X.y() < 0)) {
        X = -X;
    }
    X = cleaned(X);
    return {X, Y, cleaned(X.cross(Y))};
}

/// The plane of `axes` through the ground's first joint point (the origin when none).
ImportPlane importPlane(const MechanismSpec& spatial, const PlaneAxes& axes) {
    ImportPlane plane;
    plane.normal = axes.n;
    plane.xAxis = axes.X;
    plane.yAxis = cleaned(axes.Y);
    const auto touchesGround =
        std::find_if(spatial.joints.begin(), spatial.joints.end(), [](const JointSpec& j) {
            return j.parent.body == kGroundId || j.child.body == kGroundId;
        });
    if (touchesGround != spatial.joints.end()) {
        const JointEnd& end =
            touchesGround->parent.body == kGroundId ? touchesGround->parent : touchesGround->child;
        if (const BodyPoint* p = findBodyPoint(spatial, end)) {
            plane.origin = cleaned(p->position3().dot(axes.n) * axes.n);
        }
    }
    return plane;
}

/// What the projection leaves out, at most.
struct ProjectionLoss {
    double offset = 0;   ///< largest distance of a point or COM from the plane (m)
    double products = 0; ///< largest |I_Xn|, |I_Yn| (kg·m²)
};

/// Visuals into the plane's frame (`basis`'s columns), keeping their 3-D shape.
void visualsToPlane(std::vector<VisualSpec>& visuals,
                    const Eigen::Matrix3d& basis,
                    const Eigen::Vector3d& from,
                    double normalOffset) {
    for (VisualSpec& v : visuals) {
        const Eigen::Vector3d local = basis.transpose() * (v.position - from);
        v.position = {local.x(), local.y(), local.z() + normalOffset};
        v.rpy = rpyFromRotation(basis.transpose() * rotationFromRpy(v.rpy));
    }
}

/// Projects the ground and the bodies onto the plane, noting in `loss` what it drops.
void projectBodies(MechanismSpec& planar,
                   const TreePaths& tree,
                   const PlaneAxes& axes,
                   const ImportPlane& plane,
                   ProjectionLoss& loss) {
    const Eigen::Vector3d& n = axes.n;
    for (BodyPoint& p : planar.ground.points) {
        loss.offset = std::max(loss.offset, std::abs(p.position3().dot(n) - plane.origin.dot(n)));
        p.p_B = axes.inPlane(p.position3() - plane.origin);
        p.z_B = 0;
    }
    Eigen::Matrix3d basis;
    basis << axes.X, cleaned(axes.Y), n;
    visualsToPlane(planar.ground.visuals, basis, plane.origin, 0.0);
    for (BodySpec& body : planar.bodies) {
        const auto o = tree.origin.find(body.id);
        const double base = (o == tree.origin.end() ? 0.0 : o->second.dot(n)) - plane.origin.dot(n);
        visualsToPlane(body.visuals, basis, Eigen::Vector3d::Zero(), base);
        for (BodyPoint& p : body.points) {
            loss.offset = std::max(loss.offset, std::abs(base + p.position3().dot(n)));
            p.p_B = axes.inPlane(p.position3());
            p.z_B = 0;
        }
        const Eigen::Vector3d com(body.com_B.x(), body.com_B.y(), body.comZ_B);
        loss.offset = std::max(loss.offset, std::abs(base + com.dot(n)));
        body.com_B = axes.inPlane(com);
        body.comZ_B = 0;
        if (body.inertiaTensor) {
            const Eigen::Matrix3d& I = *body.inertiaTensor;
            body.inertiaCom = n.dot(I * n);
            loss.products =
                std::max({loss.products, std::abs(axes.X.dot(I * n)), std::abs(axes.Y.dot(I * n))});
            body.inertiaTensor.reset();
        }
        for (CounterweightSpec& w : body.counterweights) {
            w.p_B = axes.inPlane(w.position3());
            w.z_B = 0;
            if (w.inertiaTensor) {
                w.inertia = n.dot(*w.inertiaTensor * n);
                w.inertiaTensor.reset();
            }
        }
    }
}

/// The joints in the plane: a revolute about −n swapped (noted in `mapped`).
void projectJoints(MechanismSpec& planar, const PlaneAxes& axes, std::vector<ImportItem>& mapped) {
    for (JointSpec& joint : planar.joints) {
        const Eigen::Vector3d a = joint.axis.normalized();
        if (joint.type == JointType::Revolute && a.dot(axes.n) < 0) {
            std::swap(joint.parent, joint.child);
            mapped.push_back({"joint " + joint.name,
                              "its axis is −n: parent and child swapped, so that the planar "
                              "coordinate (counter-clockwise about n) has the file's sense and "
                              "value"});
        }
        if (joint.type == JointType::Prismatic) {
            joint.axis_P = axes.inPlane(a).normalized();
        }
        joint.axis = Eigen::Vector3d::UnitZ();
        joint.axis2 = Eigen::Vector3d::UnitY();
        joint.coordinates.clear();
    }
}

/// Notes what the plane leaves out: gravity along the normal, offsets, products of inertia.
void reportProjection(const Eigen::Vector3d& g,
                      const Eigen::Vector3d& n,
                      const Eigen::Vector2d& planarGravity,
                      const ProjectionLoss& loss,
                      std::vector<ImportItem>& approximated) {
    const double gn = g.dot(n);
    if (std::abs(gn) > 1e-12) {
        approximated.push_back(
            {"gravity", "its component " + numberText(gn) +
                            " m/s² along the plane's normal is dropped (it only loads the "
                            "bearings); in the plane: (" +
                            numberText(planarGravity.x()) + ", " + numberText(planarGravity.y()) +
                            ") m/s²"});
    }
    if (loss.offset > kOffsetTol) {
        approximated.push_back(
            {"plane", "points and COMs lie up to " + numberText(loss.offset) +
                          " m off the plane; projected onto it (the offsets along the axes "
                          "carry no in-plane motion)"});
    }
    if (loss.products > 1e-15) {
        approximated.push_back(
            {"inertia", "products of inertia with the normal up to " + numberText(loss.products) +
                            " kg·m² are dropped: they load the bearings out of the plane only"});
    }
}

/// The loop Jacobian's columns: a twist (ω, v at W's origin) per tree coordinate.
struct TreeColumns {
    std::map<int, std::pair<int, int>> columnsOf; ///< joint → (first column, count)
    std::vector<Eigen::Matrix<double, 6, 1>> columns;

    /// A body's twist by the tree path to it, one column per coordinate.
    Eigen::MatrixXd bodyTwist(const TreePaths& tree, const std::string& body) const {
        const int nv = static_cast<int>(columns.size());
        Eigen::MatrixXd T = Eigen::MatrixXd::Zero(6, nv);
        const auto it = tree.path.find(body);
        if (it == tree.path.end()) {
            return T;
        }
        for (const auto& [j, sign] : it->second) {
            const auto [first, count] = columnsOf.at(j);
            for (int k = first; k < first + count; ++k) {
                T.col(k) += sign * columns[static_cast<std::size_t>(k)];
            }
        }
        return T;
    }
};

/// The columns of every joint that is not cut, in joint order.
TreeColumns treeColumns(const MechanismSpec& spatial,
                        const TreePaths& tree,
                        const std::set<std::string>& cuts) {
    TreeColumns out;
    std::vector<Eigen::Matrix<double, 6, 1>>& columns = out.columns;
    for (int j = 0; j < static_cast<int>(spatial.joints.size()); ++j) {
        const JointSpec& joint = spatial.joints[j];
        if (cuts.count(joint.name) != 0) {
            continue;
        }
        const int first = static_cast<int>(columns.size());
        const Eigen::Vector3d p = jointPointW(spatial, tree, joint);
        const auto turn = [&](const Eigen::Vector3d& a) {
            Eigen::Matrix<double, 6, 1> c;
            c << a, p.cross(a);
            columns.push_back(c);
        };
        const auto slide = [&](const Eigen::Vector3d& a) {
            Eigen::Matrix<double, 6, 1> c;
            c << Eigen::Vector3d::Zero(), a;
            columns.push_back(c);
        };
        switch (joint.type) {
        case JointType::Revolute:
            turn(joint.axis.normalized());
            break;
        case JointType::Prismatic:
            slide(joint.axis.normalized());
            break;
        case JointType::Cylindrical:
            turn(joint.axis.normalized());
            slide(joint.axis.normalized());
            break;
        case JointType::Universal:
            turn(joint.axis.normalized());
            turn(joint.axis2.normalized());
            break;
        case JointType::Spherical:
            turn(Eigen::Vector3d::UnitX());
            turn(Eigen::Vector3d::UnitY());
            turn(Eigen::Vector3d::UnitZ());
            break;
        }
        out.columnsOf[j] = {first, static_cast<int>(columns.size()) - first};
    }
    return out;
}

/// One cut joint's constraint rows over the tree's columns, each with its direction's label.
struct CutRows {
    int joint;
    Eigen::MatrixXd rows;
    std::vector<std::string> labels;
};

/// The rows of cut joint `j`: the relative motion of its sides that the joint forbids.
CutRows cutRows(const MechanismSpec& spatial, const TreePaths& tree, const TreeColumns& tc, int j) {
    const int nv = static_cast<int>(tc.columns.size());
    const JointSpec& joint = spatial.joints[j];
    const Eigen::MatrixXd rel =
        tc.bodyTwist(tree, joint.child.body) - tc.bodyTwist(tree, joint.parent.body);
    const Eigen::Vector3d c = jointPointW(spatial, tree, joint);
    // velocity of the point at c: v_O + ω × c = v_O − c × ω
    Eigen::MatrixXd omega = rel.topRows(3);
    Eigen::MatrixXd vc = rel.bottomRows(3);
    for (int k = 0; k < nv; ++k) {
        vc.col(k) += Eigen::Vector3d(omega.col(k)).cross(c);
    }
    std::vector<Eigen::Matrix<double, 1, Eigen::Dynamic>> rows;
    std::vector<std::string> labels;
    const auto translation = [&](const Eigen::Vector3d& d) {
        rows.push_back(d.transpose() * vc);
        labels.push_back("translation along " + vectorText(d));
    };
    const auto rotation = [&](const Eigen::Vector3d& d) {
        rows.push_back(d.transpose() * omega);
        labels.push_back("rotation about " + vectorText(d));
    };
    const Eigen::Vector3d a = joint.axis.normalized();
    const auto [u1, u2] = perpendiculars(a);
    switch (joint.type) {
    case JointType::Revolute:
        for (int d = 0; d < 3; ++d) {
            translation(Eigen::Vector3d::Unit(d));
        }
        rotation(u1);
        rotation(u2);
        break;
    case JointType::Prismatic:
        translation(u1);
        translation(u2);
        for (int d = 0; d < 3; ++d) {
            rotation(Eigen::Vector3d::Unit(d));
        }
        break;
    case JointType::Cylindrical:
        translation(u1);
        translation(u2);
        rotation(u1);
        rotation(u2);
        break;
    case JointType::Universal:
        for (int d = 0; d < 3; ++d) {
            translation(Eigen::Vector3d::Unit(d));
        }
        rotation(a.cross(joint.axis2.normalized()).normalized());
        break;
    case JointType::Spherical:
        for (int d = 0; d < 3; ++d) {
            translation(Eigen::Vector3d::Unit(d));
        }
        break;
    }
    CutRows block{j, Eigen::MatrixXd(static_cast<Eigen::Index>(rows.size()), nv), labels};
    for (std::size_t r = 0; r < rows.size(); ++r) {
        block.rows.row(static_cast<Eigen::Index>(r)) = rows[r];
    }
    return block;
}

/// The numerical rank of M: its singular values above `threshold`.
int rankOf(const Eigen::MatrixXd& M, double threshold) {
    if (M.rows() == 0 || M.cols() == 0) {
        return 0;
    }
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(M);
    return static_cast<int>((svd.singularValues().array() > threshold).count());
}

/// The loop `cut` closes: the cut, then the tree paths of both sides past their common part.
std::vector<std::string>
loopThrough(const MechanismSpec& spatial, const TreePaths& tree, const JointSpec& cut) {
    std::vector<std::string> loop;
    const auto& pa = tree.path.at(cut.parent.body);
    const auto& pb = tree.path.at(cut.child.body);
    std::size_t common = 0;
    while (common < pa.size() && common < pb.size() && pa[common] == pb[common]) {
        ++common;
    }
    loop.push_back(cut.name);
    for (std::size_t k = pb.size(); k-- > common;) {
        loop.push_back(spatial.joints[pb[k].first].name);
    }
    for (std::size_t k = common; k < pa.size(); ++k) {
        loop.push_back(spatial.joints[pa[k].first].name);
    }
    return loop;
}

/// The labels of the block's rows that the rows `before` it (and its kept ones) repeat.
std::vector<std::string>
repeatedRows(const Eigen::MatrixXd& before, const CutRows& block, double threshold) {
    std::vector<std::string> which;
    const Eigen::Index nv = before.cols();
    Eigen::MatrixXd kept = before;
    for (int k = 0; k < static_cast<int>(block.rows.rows()); ++k) {
        Eigen::MatrixXd more(kept.rows() + 1, nv);
        more << kept, block.rows.row(k);
        if (rankOf(more, threshold) > rankOf(kept, threshold)) {
            kept = more;
        } else {
            which.push_back(block.labels[static_cast<std::size_t>(k)]);
        }
    }
    return which;
}

} // namespace

PlanarRecognition planarFromSpatial(const MechanismSpec& spatial) {
    PlanarRecognition out;
    if (spatial.space != MotionSpace::Spatial || spatial.joints.empty()) {
        out.reason = "not a spatial mechanism with joints";
        return out;
    }
    const std::optional<Eigen::Vector3d> normal = planeNormal(spatial);
    if (!normal) {
        out.reason = "its prismatic joints are all parallel: no plane is defined";
        return out;
    }
    out.reason = outOfPlane(spatial, *normal);
    if (!out.reason.empty()) {
        return out;
    }
    const Eigen::Vector3d g = gravity3(spatial);
    const PlaneAxes axes = planeAxes(g, *normal);
    const TreePaths tree = treePaths(spatial);
    const ImportPlane plane = importPlane(spatial, axes);
    out.plane = plane;

    MechanismSpec planar = spatial;
    planar.space = MotionSpace::Planar;
    planar.gravity = axes.inPlane(g);
    planar.gravityZ = 0;
    ProjectionLoss loss;
    projectBodies(planar, tree, axes, plane, loss);
    projectJoints(planar, axes, out.mapped);
    reportProjection(g, axes.n, planar.gravity, loss, out.approximated);
    for (const Diagnostic& d : validateSpec(planar)) {
        if (d.isError()) {
            out.reason = "the planar mechanism is not valid: " + d.where + ": " + d.message;
            return out;
        }
    }
    out.planar = std::move(planar);
    return out;
}

std::vector<LoopRedundancy> loopRedundancy(const MechanismSpec& spatial) {
    std::vector<LoopRedundancy> out;
    if (spatial.space != MotionSpace::Spatial || spatial.cuts.empty()) {
        return out;
    }
    const TreePaths tree = treePaths(spatial);
    const std::set<std::string> cuts(spatial.cuts.begin(), spatial.cuts.end());
    const TreeColumns tc = treeColumns(spatial, tree, cuts);
    const int nv = static_cast<int>(tc.columns.size());
    std::vector<CutRows> blocks;
    for (int j = 0; j < static_cast<int>(spatial.joints.size()); ++j) {
        if (cuts.count(spatial.joints[j].name) != 0) {
            blocks.push_back(cutRows(spatial, tree, tc, j));
        }
    }
    // rank cut by cut; the threshold relative to the largest singular value of the whole J
    int total = 0;
    for (const CutRows& b : blocks) {
        total += static_cast<int>(b.rows.rows());
    }
    if (nv == 0 || total == 0) {
        return out;
    }
    Eigen::MatrixXd J(total, nv);
    int at = 0;
    for (const CutRows& b : blocks) {
        J.middleRows(at, b.rows.rows()) = b.rows;
        at += static_cast<int>(b.rows.rows());
    }
    const Eigen::JacobiSVD<Eigen::MatrixXd> whole(J);
    const double largest = whole.singularValues().size() > 0 ? whole.singularValues()[0] : 0;
    const double threshold = std::max(1e-9 * largest, 1e-12);
    int previousRank = 0;
    at = 0;
    for (const CutRows& b : blocks) {
        const int rows = static_cast<int>(b.rows.rows());
        const int rank = rankOf(J.topRows(at + rows), threshold);
        if (rank - previousRank < rows) {
            LoopRedundancy r;
            const JointSpec& cut = spatial.joints[b.joint];
            r.cut = cut.name;
            r.rows = rows;
            r.redundant = rows - (rank - previousRank);
            r.loop = loopThrough(spatial, tree, cut);
            r.which = repeatedRows(J.topRows(at), b, threshold);
            out.push_back(std::move(r));
        }
        previousRank = rank;
        at += rows;
    }
    return out;
}

} // namespace sslm
