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

} // namespace

PlanarRecognition planarFromSpatial(const MechanismSpec& spatial) {
    PlanarRecognition out;
    if (spatial.space != MotionSpace::Spatial || spatial.joints.empty()) {
        out.reason = "not a spatial mechanism with joints";
        return out;
    }
    // the normal: the first revolute axis, else the cross product of two sliding axes
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
    if (!normal) {
        out.reason = "its prismatic joints are all parallel: no plane is defined";
        return out;
    }
    const Eigen::Vector3d n0 = *normal;
    for (const JointSpec& joint : spatial.joints) {
        const Eigen::Vector3d a = joint.axis.normalized();
        switch (joint.type) {
        case JointType::Revolute:
            if (a.cross(n0).norm() > kAxisTol) {
                out.reason = "revolute joint " + joint.name + "'s axis " + vectorText(a) +
                             " is not parallel to " + vectorText(n0);
                return out;
            }
            break;
        case JointType::Prismatic:
            if (std::abs(a.dot(n0)) > kAxisTol) {
                out.reason = "prismatic joint " + joint.name + "'s axis " + vectorText(a) +
                             " leaves the plane normal to " + vectorText(n0);
                return out;
            }
            break;
        case JointType::Cylindrical:
        case JointType::Universal:
        case JointType::Spherical:
            out.reason = "joint " + joint.name + " is " + jointTypeWord(joint.type) +
                         ", which moves out of any plane";
            return out;
        }
    }
    // in-plane axes: Y along "up" (−g, else z, else y) projected, X = Y × ±n along +x (or +y)
    const Eigen::Vector3d g = gravity3(spatial);
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
    // no "-0" components in what the report prints
    const auto clean = [](Eigen::Vector3d v) {
        for (double& x : v) {
            x = x == 0 ? 0.0 : x;
        }
        return v;
    };
    X = clean(X);
    const Eigen::Vector3d n = clean(X.cross(Y));
    const TreePaths tree = treePaths(spatial);
    ImportPlane plane;
    plane.normal = n;
    plane.xAxis = X;
    plane.yAxis = clean(Y);
    const auto touchesGround =
        std::find_if(spatial.joints.begin(), spatial.joints.end(), [](const JointSpec& j) {
            return j.parent.body == kGroundId || j.child.body == kGroundId;
        });
    if (touchesGround != spatial.joints.end()) {
        const JointEnd& end =
            touchesGround->parent.body == kGroundId ? touchesGround->parent : touchesGround->child;
        if (const BodyPoint* p = findBodyPoint(spatial, end)) {
            plane.origin = clean(p->position3().dot(n) * n);
        }
    }
    out.plane = plane;

    const auto inPlane = [&](const Eigen::Vector3d& v) {
        return Eigen::Vector2d(v.dot(X), v.dot(Y));
    };
    double offset = 0;   // largest distance of a point or COM from the plane (m)
    double products = 0; // largest |I_Xn|, |I_Yn| (kg·m²)
    MechanismSpec planar = spatial;
    planar.space = MotionSpace::Planar;
    planar.gravity = inPlane(g);
    planar.gravityZ = 0;
    for (BodyPoint& p : planar.ground.points) {
        offset = std::max(offset, std::abs(p.position3().dot(n) - plane.origin.dot(n)));
        p.p_B = inPlane(p.position3() - plane.origin);
        p.z_B = 0;
    }
    // the visuals keep their 3-D shape: the plane's axes and normal become the frames' x, y, z
    Eigen::Matrix3d basis;
    basis << X, clean(Y), n;
    const auto toPlane = [&](std::vector<VisualSpec>& visuals, const Eigen::Vector3d& from,
                             double normalOffset) {
        for (VisualSpec& v : visuals) {
            const Eigen::Vector3d local = basis.transpose() * (v.position - from);
            v.position = {local.x(), local.y(), local.z() + normalOffset};
            v.rpy = rpyFromRotation(basis.transpose() * rotationFromRpy(v.rpy));
        }
    };
    toPlane(planar.ground.visuals, plane.origin, 0.0);
    for (BodySpec& body : planar.bodies) {
        const auto o = tree.origin.find(body.id);
        const double base = (o == tree.origin.end() ? 0.0 : o->second.dot(n)) - plane.origin.dot(n);
        toPlane(body.visuals, Eigen::Vector3d::Zero(), base);
        for (BodyPoint& p : body.points) {
            offset = std::max(offset, std::abs(base + p.position3().dot(n)));
            p.p_B = inPlane(p.position3());
            p.z_B = 0;
        }
        const Eigen::Vector3d com(body.com_B.x(), body.com_B.y(), body.comZ_B);
        offset = std::max(offset, std::abs(base + com.dot(n)));
        body.com_B = inPlane(com);
        body.comZ_B = 0;
        if (body.inertiaTensor) {
            const Eigen::Matrix3d& I = *body.inertiaTensor;
            body.inertiaCom = n.dot(I * n);
            products = std::max({products, std::abs(X.dot(I * n)), std::abs(Y.dot(I * n))});
            body.inertiaTensor.reset();
        }
        for (CounterweightSpec& w : body.counterweights) {
            w.p_B = inPlane(w.position3());
            w.z_B = 0;
            if (w.inertiaTensor) {
                w.inertia = n.dot(*w.inertiaTensor * n);
                w.inertiaTensor.reset();
            }
        }
    }
    for (JointSpec& joint : planar.joints) {
        const Eigen::Vector3d a = joint.axis.normalized();
        if (joint.type == JointType::Revolute && a.dot(n) < 0) {
            std::swap(joint.parent, joint.child);
            out.mapped.push_back(
                {"joint " + joint.name,
                 "its axis is −n: parent and child swapped, so that the planar coordinate "
                 "(counter-clockwise about n) has the file's sense and value"});
        }
        if (joint.type == JointType::Prismatic) {
            joint.axis_P = inPlane(a).normalized();
        }
        joint.axis = Eigen::Vector3d::UnitZ();
        joint.axis2 = Eigen::Vector3d::UnitY();
        joint.coordinates.clear();
    }
    const double gn = g.dot(n);
    if (std::abs(gn) > 1e-12) {
        out.approximated.push_back(
            {"gravity", "its component " + numberText(gn) +
                            " m/s² along the plane's normal is dropped (it only loads the "
                            "bearings); in the plane: (" +
                            numberText(planar.gravity.x()) + ", " + numberText(planar.gravity.y()) +
                            ") m/s²"});
    }
    if (offset > kOffsetTol) {
        out.approximated.push_back(
            {"plane", "points and COMs lie up to " + numberText(offset) +
                          " m off the plane; projected onto it (the offsets along the axes "
                          "carry no in-plane motion)"});
    }
    if (products > 1e-15) {
        out.approximated.push_back(
            {"inertia", "products of inertia with the normal up to " + numberText(products) +
                            " kg·m² are dropped: they load the bearings out of the plane only"});
    }
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
    // columns: the tree joints' coordinates; twist (ω, v at W's origin) per unit rate
    std::map<int, std::pair<int, int>> columnsOf; ///< joint → (first column, count)
    std::vector<Eigen::Matrix<double, 6, 1>> columns;
    const std::set<std::string> cuts(spatial.cuts.begin(), spatial.cuts.end());
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
        columnsOf[j] = {first, static_cast<int>(columns.size()) - first};
    }
    const int nv = static_cast<int>(columns.size());
    const auto bodyTwist = [&](const std::string& body) {
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
    };
    struct CutRows {
        int joint;
        Eigen::MatrixXd rows;
        std::vector<std::string> labels;
    };
    std::vector<CutRows> blocks;
    for (int j = 0; j < static_cast<int>(spatial.joints.size()); ++j) {
        const JointSpec& joint = spatial.joints[j];
        if (cuts.count(joint.name) == 0) {
            continue;
        }
        const Eigen::MatrixXd rel = bodyTwist(joint.child.body) - bodyTwist(joint.parent.body);
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
        blocks.push_back(std::move(block));
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
    const auto rankOf = [&](const Eigen::MatrixXd& M) {
        if (M.rows() == 0 || M.cols() == 0) {
            return 0;
        }
        const Eigen::JacobiSVD<Eigen::MatrixXd> svd(M);
        return static_cast<int>((svd.singularValues().array() > threshold).count());
    };
    int previousRank = 0;
    at = 0;
    for (const CutRows& b : blocks) {
        const int rows = static_cast<int>(b.rows.rows());
        const Eigen::MatrixXd upTo = J.topRows(at + rows);
        const int rank = rankOf(upTo);
        if (rank - previousRank < rows) {
            LoopRedundancy r;
            const JointSpec& cut = spatial.joints[b.joint];
            r.cut = cut.name;
            r.rows = rows;
            r.redundant = rows - (rank - previousRank);
            // the loop: the tree paths of both sides past their common part, and the cut
            const auto& pa = tree.path.at(cut.parent.body);
            const auto& pb = tree.path.at(cut.child.body);
            std::size_t common = 0;
            while (common < pa.size() && common < pb.size() && pa[common] == pb[common]) {
                ++common;
            }
            r.loop.push_back(cut.name);
            for (std::size_t k = pb.size(); k-- > common;) {
                r.loop.push_back(spatial.joints[pb[k].first].name);
            }
            for (std::size_t k = common; k < pa.size(); ++k) {
                r.loop.push_back(spatial.joints[pa[k].first].name);
            }
            // the cut's rows that the others (and its remaining rows) already give
            Eigen::MatrixXd kept = J.topRows(at);
            for (int k = 0; k < rows; ++k) {
                Eigen::MatrixXd more(kept.rows() + 1, nv);
                more << kept, b.rows.row(k);
                if (rankOf(more) > rankOf(kept)) {
                    kept = more;
                } else {
                    r.which.push_back(b.labels[static_cast<std::size_t>(k)]);
                }
            }
            out.push_back(std::move(r));
        }
        previousRank = rank;
        at += rows;
    }
    return out;
}

} // namespace sslm
