// SPDX-License-Identifier: MIT
// Closed-form planar triads (core/kinematics/planar_triad.hpp) on random four-link loops of
// revolute (R) and prismatic (P) joints, every class of the three free joints but PPP, cut so
// that the two unknowns are on one side of the loop or on both:
// - each root closes the loop to 1e-12 and is the root Newton converges to from a guess 1e-3
//   away (to 1e-12 relative to the largest unknown); there are as many roots as the class has (2,
//   or 1 with two P);
// - Newton from 40 random guesses finds no root the enumeration missed;
// - an input out of reach is reported as such, with the numbers, and Newton cannot close it
//   either;
// - a branch held over a 360-step stroke moves without a jump.
//
//   J1 (input q1)        L1          J2           L2          J3          L3         J4
//   ground ──────────── link1 ──────────── link2 ──────────── link3 ──────────── ground

#include <cmath>
#include <random>

#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/planar_triad.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spatial/planar.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/test_main.hpp"

namespace tst_planar_triad {

using namespace sslm;

namespace {

using Vec2 = Eigen::Vector2d;

struct Loop4 {
    std::shared_ptr<const Model> model;
    std::string kind; ///< the triad's class expected
    int input = -1;   ///< q1's index
    std::array<int, 2> unknowns{};
};

/// A four-link loop with joint types `types` (J1…J4), closed at its file pose with every
/// coordinate 0, cut at `cut` (J2, J3 or J4; J1 is the input).
Loop4 fourLinkLoopCutAt(const std::string& types, const std::string& cut, std::mt19937& random) {
    std::uniform_real_distribution<double> spread(-0.25, 0.25);
    std::uniform_real_distribution<double> turn(0.0, 2 * std::numbers::pi);
    const std::array<Vec2, 4> at = {Vec2(0.0, 0.0),
                                    Vec2(0.1 + spread(random), 0.6 + spread(random)),
                                    Vec2(0.9 + spread(random), 0.7 + spread(random)),
                                    Vec2(1.0 + spread(random), spread(random))};
    MechanismSpec spec;
    spec.name = types;
    spec.ground.points = {{"P1", at[0]}, {"P4", at[3]}};
    for (int b = 1; b <= 3; ++b) {
        BodySpec body;
        body.id = "link" + std::to_string(b);
        body.mass = 1.0;
        body.inertiaCom = 0.01;
        body.com_B = 0.5 * (at[b - 1] + at[b]);
        body.points = {{"from", at[b - 1]}, {"to", at[b]}};
        spec.bodies.push_back(body);
    }
    const std::array<JointEnd, 4> parents = {JointEnd{kGroundId, "P1"}, JointEnd{"link1", "to"},
                                             JointEnd{"link2", "to"}, JointEnd{"link3", "to"}};
    const std::array<JointEnd, 4> children = {JointEnd{"link1", "from"}, JointEnd{"link2", "from"},
                                              JointEnd{"link3", "from"}, JointEnd{kGroundId, "P4"}};
    for (int j = 0; j < 4; ++j) {
        JointSpec joint = revoluteJoint("J" + std::to_string(j + 1), "q" + std::to_string(j + 1),
                                        parents[j], children[j]);
        if (types[j] == 'P') {
            const double a = turn(random);
            joint.type = JointType::Prismatic;
            joint.axis_P = Vec2(std::cos(a), std::sin(a));
        }
        spec.joints.push_back(joint);
    }
    spec.cuts = {cut};
    spec.initial.independent = {{"q1", 0.0}};
    const CompileResult result = compileModel(spec);
    if (!result.ok()) {
        qFatal("%s", formatDiagnostics(result.diagnostics).c_str());
    }
    Loop4 loop;
    loop.model = result.model;
    loop.input = loop.model->coordinateIndex("q1");
    std::array<int, 2>::iterator next = loop.unknowns.begin();
    for (const char* name : {"q2", "q3", "q4"}) {
        if (const int k = loop.model->coordinateIndex(name); k >= 0) {
            *next++ = k;
        }
    }
    // from G round the loop: J2, J3, J4 (either way round)
    loop.kind = std::string{types[1], types[2], types[3]};
    return loop;
}

/// The loop cut at J4 (unknowns J2, J3 on one side) or J3 (J2 and J4 on both).
Loop4 fourLinkLoop(const std::string& types, bool cutLast, std::mt19937& random) {
    return fourLinkLoopCutAt(types, cutLast ? "J4" : "J3", random);
}

double closure(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    return constraintResidual(model, ws).cwiseAbs().maxCoeff();
}

double unknownGap(const Model& model,
                  const Eigen::VectorXd& a,
                  const Eigen::VectorXd& b,
                  const std::array<int, 2>& unknowns) {
    double worst = 0;
    for (int k : unknowns) {
        const double d =
            model.coordinates[k].angular ? planar::wrapNear(a[k] - b[k], 0.0) : a[k] - b[k];
        worst = std::max(worst, std::abs(d));
    }
    return worst;
}

/// Newton alone (no closed form) from `guess`, the input held.
std::optional<Eigen::VectorXd> newton(const Loop4& loop, Eigen::VectorXd guess) {
    Workspace ws(*loop.model);
    AssemblyOptions newtonOnly;
    newtonOnly.closedForm = false;
    const AssemblyReport report = assemble(*loop.model, ws, guess, {loop.input}, {}, newtonOnly);
    if (!report.converged) {
        return std::nullopt;
    }
    return guess;
}

const char* const kClasses[] = {"RRR", "RRP", "RPR", "PRR", "RPP", "PRP", "PPR"};

} // namespace

class TestPlanarTriad : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rootsCloseAndAreNewtonsRoots_data() {
        QTest::addColumn<QString>("types");
        QTest::addColumn<bool>("cutLast");
        for (const char* triad : kClasses) {
            for (const char input : {'R', 'P'}) {
                for (const bool cutLast : {true, false}) {
                    const QString types = QChar(input) + QString::fromLatin1(triad);
                    QTest::addRow("%s cut %s", qPrintable(types), cutLast ? "J4" : "J3")
                        << types << cutLast;
                }
            }
        }
    }
    void rootsCloseAndAreNewtonsRoots() {
        QFETCH(QString, types);
        QFETCH(bool, cutLast);
        std::mt19937 random(static_cast<unsigned>(qHash(types) + (cutLast ? 1 : 0)));
        std::uniform_real_distribution<double> step(-0.08, 0.08);
        std::uniform_real_distribution<double> far(-3.0, 3.0);
        const int revolutes = static_cast<int>(std::count(types.begin() + 1, types.end(), 'R'));
        const int expectedRoots = revolutes >= 2 ? 2 : 1;
        int solved = 0;
        for (int geometry = 0; geometry < 12; ++geometry) {
            const Loop4 loop = fourLinkLoop(types.toStdString(), cutLast, random);
            const Model& model = *loop.model;
            Workspace ws(model);
            Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
            q[loop.input] = step(random);
            std::vector<bool> known(model.nv(), false);
            known[loop.input] = true;
            const TriadRoots triad = planarTriadRoots(model, ws, q, 0, known);
            // read from G either way round the loop
            const std::string reversed(loop.kind.rbegin(), loop.kind.rend());
            QVERIFY2(triad.kind == loop.kind || triad.kind == reversed, triad.kind.c_str());
            if (triad.count == 0) {
                QVERIFY2(!triad.failure.empty(), "an unreachable input names why");
                continue;
            }
            QCOMPARE(triad.count, expectedRoots);
            ++solved;
            std::vector<Eigen::VectorXd> roots;
            for (int r = 0; r < triad.count; ++r) {
                Eigen::VectorXd root = q;
                for (int i = 0; i < 2; ++i) {
                    root[triad.roots[r].coordinates[i]] = triad.roots[r].values[i];
                }
                QVERIFY2(closure(model, ws, root) <= 1e-12,
                         qPrintable(QString::number(closure(model, ws, root))));
                // Newton from 1e-3 away converges onto it
                Eigen::VectorXd near = root;
                for (int k : loop.unknowns) {
                    near[k] += 1e-3;
                }
                const std::optional<Eigen::VectorXd> polished = newton(loop, near);
                QVERIFY(polished);
                // (relative to the slide: nearly parallel guides put a slider metres away)
                const double scale = std::max(
                    {1.0, std::abs(root[loop.unknowns[0]]), std::abs(root[loop.unknowns[1]])});
                QVERIFY(unknownGap(model, *polished, root, loop.unknowns) <= 1e-12 * scale);
                // assemble with this branch gives it
                Eigen::VectorXd byBranch = q;
                const AssemblyReport report =
                    assemble(model, ws, byBranch, {loop.input}, {triad.roots[r].branch});
                QVERIFY(report.converged);
                QCOMPARE(report.closedFormLoops.size(), std::size_t{1});
                QVERIFY(unknownGap(model, byBranch, root, loop.unknowns) <= 1e-12 * scale);
                roots.push_back(root);
            }
            if (triad.count == 2) {
                QVERIFY(unknownGap(model, roots[0], roots[1], loop.unknowns) > 1e-9);
            }
            // no root the enumeration missed
            for (int start = 0; start < 40; ++start) {
                Eigen::VectorXd guess = q;
                for (int k : loop.unknowns) {
                    guess[k] = far(random);
                }
                if (const auto found = newton(loop, guess)) {
                    const bool listed = std::ranges::any_of(roots, [&](const Eigen::VectorXd& r) {
                        return unknownGap(model, *found, r, loop.unknowns) <= 1e-8;
                    });
                    QVERIFY2(listed, "Newton found a root the enumeration missed");
                }
            }
        }
        QVERIFY2(solved >= 6, "most random geometries reach their input");
    }

    void unreachableInputIsNamed() {
        // the four-bar's crank too short to reach, and a slider-crank's slider out of reach
        std::mt19937 random(7);
        int named = 0;
        for (const char* types : {"RRRR", "PRRR", "RRPR", "RRRP"}) {
            const Loop4 loop = fourLinkLoop(types, true, random);
            const Model& model = *loop.model;
            Workspace ws(model);
            Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
            q[loop.input] = model.coordinates[loop.input].angular ? 0.0 : 50.0;
            if (model.coordinates[loop.input].angular) {
                // turn the crank until the loop breaks
                for (double a = 0; a < 2 * std::numbers::pi; a += 0.05) {
                    q[loop.input] = a;
                    std::vector<bool> known(model.nv(), false);
                    known[loop.input] = true;
                    if (planarTriadRoots(model, ws, q, 0, known).count == 0) {
                        break;
                    }
                }
            }
            std::vector<bool> known(model.nv(), false);
            known[loop.input] = true;
            const TriadRoots triad = planarTriadRoots(model, ws, q, 0, known);
            if (triad.count != 0) {
                continue; // this geometry's crank turns fully
            }
            QVERIFY2(!triad.failure.empty(), types);
            QVERIFY(!newton(loop, q));
            Eigen::VectorXd assembled = q;
            const AssemblyReport report = assemble(model, ws, assembled, {loop.input});
            QVERIFY(!report.converged);
            QVERIFY2(report.message.find(triad.failure) != std::string::npos,
                     report.message.c_str());
            ++named;
        }
        QVERIFY(named >= 2);
    }

    void wheelSuspensionHasExactlyTwoModes() {
        // seed 004 Sect. 4: at lin = 0.2 the loop closes in two ways, both in closed form
        const LoadResult loaded =
            loadMechanismFile(std::string(SSLM_EXAMPLES_DIR) + "/wheel_suspension.json");
        QVERIFY(loaded.ok());
        const CompileResult compiled = compileModel(*loaded.spec);
        QVERIFY(compiled.ok());
        const Model& model = *compiled.model;
        Workspace ws(model);
        const InitialState initial = assembleInitialState(model);
        QVERIFY(initial.report.converged);
        QCOMPARE(initial.q[model.coordinateIndex("lin")], 0.2);
        QCOMPARE(initial.report.closedFormLoops.size(), std::size_t{1});
        QCOMPARE(initial.report.iterations, 0);
        const std::vector<Eigen::VectorXd> modes =
            assemblyModes(model, ws, initial.q, model.independent);
        QCOMPARE(modes.size(), std::size_t{2});
        for (const Eigen::VectorXd& mode : modes) {
            QVERIFY(closure(model, ws, mode) <= 1e-12);
        }
        std::vector<bool> known(model.nv(), false);
        known[model.coordinateIndex("lin")] = true;
        QCOMPARE(planarTriadRoots(model, ws, initial.q, 0, known).kind, std::string("RRR"));
    }

    void labelsNameOnePoseForEveryCut() {
        // the same geometry cut at J2, J3 or J4: a label gives the same link poses
        int compared = 0;
        for (const char* triad : kClasses) {
            const std::string types = std::string("R") + triad;
            for (int geometry = 0; geometry < 6; ++geometry) {
                std::array<Loop4, 3> loops;
                const std::array<std::string, 3> cuts = {"J2", "J3", "J4"};
                for (int c = 0; c < 3; ++c) {
                    std::mt19937 random(static_cast<unsigned>(100 * geometry + types.size()));
                    loops[c] = fourLinkLoopCutAt(types, cuts[c], random);
                }
                for (const int label : {+1, -1}) {
                    std::array<Workspace, 3> poses = {Workspace(*loops[0].model),
                                                      Workspace(*loops[1].model),
                                                      Workspace(*loops[2].model)};
                    bool closed = true;
                    for (int c = 0; c < 3; ++c) {
                        const Model& model = *loops[c].model;
                        Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
                        q[loops[c].input] = 0.05;
                        const AssemblyReport report =
                            assemble(model, poses[c], q, {loops[c].input}, {label});
                        closed = closed && report.converged;
                        updatePositions(model, poses[c], q);
                    }
                    if (!closed) {
                        continue; // a one-root class has no −1, for every cut alike
                    }
                    for (int c = 1; c < 3; ++c) {
                        for (const char* link : {"link1", "link2", "link3"}) {
                            const int a = loops[0].model->bodyIndex(link);
                            const int b = loops[c].model->bodyIndex(link);
                            const double gap =
                                (poses[0].position[a] - poses[c].position[b]).norm() +
                                std::abs(std::remainder(poses[0].angle[a] - poses[c].angle[b],
                                                        2 * std::numbers::pi));
                            QVERIFY2(gap < 1e-12, qPrintable(QString("%1, cut %2, label %3: %4")
                                                                 .arg(types.c_str())
                                                                 .arg(cuts[c].c_str())
                                                                 .arg(label)
                                                                 .arg(gap)));
                        }
                    }
                    ++compared;
                }
            }
        }
        QVERIFY(compared > 40);
    }

    void branchHeldOverAStroke() {
        std::mt19937 random(11);
        for (const char* types : {"RRRR", "RRRP", "RRPR", "PRRR", "RRPP"}) {
            const Loop4 loop = fourLinkLoop(types, true, random);
            const Model& model = *loop.model;
            Workspace ws(model);
            for (const int branch : {+1, -1}) {
                Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
                Eigen::VectorXd last;
                double largestJump = 0;
                int closed = 0;
                for (int step = 0; step <= 360; ++step) {
                    q[loop.input] = -0.05 + 0.1 * step / 360.0;
                    const AssemblyReport report = assemble(model, ws, q, {loop.input}, {branch});
                    if (std::string(types) == "RRPP" && branch == -1) {
                        // one root (a linear class): mode −1 does not exist, and says so
                        QVERIFY2(report.message.find("has 1 assembly mode, +1; there is no "
                                                     "mode -1") != std::string::npos,
                                 report.message.c_str());
                        closed = 1;
                        break;
                    }
                    if (!report.converged) {
                        last.resize(0);
                        continue;
                    }
                    ++closed;
                    if (last.size() > 0 && report.minSingularValue > 1e-3) {
                        largestJump =
                            std::max(largestJump, unknownGap(model, q, last, loop.unknowns));
                    }
                    last = q;
                }
                QVERIFY(closed > 0);
                QVERIFY2(largestJump < 0.02, qPrintable(QString::number(largestJump)));
            }
        }
    }
};

SSLM_TEST_GUILESS_MAIN(TestPlanarTriad)
} // namespace tst_planar_triad
#include "tst_planar_triad.moc"
