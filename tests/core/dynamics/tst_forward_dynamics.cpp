// SPDX-License-Identifier: MIT
// Tree dynamics M, φ and the three constrained solvers (augmented, SLM, SSLM) against the spec
// oracle at t = 0, and against each other at random states for other cut choices; on every
// valid cut set of the carpet scraper, the same physics whatever the joints cut.

#include <algorithm>
#include <map>
#include <random>

#include <QtTest>

#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/topology/mechanism_graph.hpp"

#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/oracle.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/test_main.hpp"

namespace tst_forward_dynamics {

using namespace sslm;
using fixtures::disagreement;
using fixtures::relativeError;

namespace {

constexpr double kOracleTol = 1e-12;    // relative; direct factorisations of small SPD systems
constexpr double kAgreementTol = 1e-10; // relative; the solver agreement bound
constexpr double kPhysicsTol = 1e-9;    // relative; body-level results across cut choices

using Evaluation = fixtures::ForwardSolution;

/// Runs one solver at (q, qd) with free motion (τ = 0) and Ψ = −J̇q̇.
Evaluation
evaluate(const Model& model, SolverKind kind, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    return fixtures::forwardDynamicsAt(model, kind, q, qd);
}

/// A physical state (q, q̇) of `from` expressed in the coordinates of `to`, another cut choice
/// of the same mechanism, through the body poses and twists.
std::pair<Eigen::VectorXd, Eigen::VectorXd>
carryOver(const Model& from, const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Model& to) {
    Workspace ws(from);
    updatePositions(from, ws, q);
    updateVelocities(from, ws, qd);
    Eigen::VectorXd qTo(to.nv());
    Eigen::VectorXd qdTo(to.nv());
    for (int k = 0; k < to.nv(); ++k) {
        const int joint = from.jointIndex(to.joints[to.coordinates[k].joint].name);
        qTo[k] = jointValue(from, ws, joint);
        qdTo[k] = jointRate(from, ws, joint);
    }
    return {qTo, qdTo};
}

/// Body-level results of one solve, independent of the coordinates: per body (spec order)
/// ω, α and the accelerations of its named points; the blade tip acceleration; and the
/// reaction at each cut joint by name.
struct Physics {
    Eigen::VectorXd bodies;
    Eigen::Vector2d tipAcceleration;
    std::map<std::string, Eigen::Vector3d> reactions; ///< force x, y and moment
};

Physics physicsOf(const Model& model,
                  const Eigen::VectorXd& q,
                  const Eigen::VectorXd& qd,
                  const Evaluation& e) {
    Workspace ws(model);
    updatePositions(model, ws, q);
    updateVelocities(model, ws, qd);
    Eigen::MatrixXd jac(2, model.nv());
    const auto acceleration = [&](int body, const Eigen::Vector2d& p_B) {
        jac.setZero();
        pointJacobian(model, ws, body, p_B, jac);
        return Eigen::Vector2d(jac * e.qdd + PlanarSpace::pointBiasAcceleration(ws, body, p_B));
    };
    std::vector<double> values;
    for (const BodySpec& spec : model.spec.bodies) {
        const int b = model.bodyIndex(spec.id);
        const Body& body = model.bodies[b];
        // α from two distinct points: a₂ − a₁ = α k × r − ω² r
        const Eigen::Vector2d p1 = body.points.front().p_B;
        const Eigen::Vector2d p2 = body.points.back().p_B;
        const Eigen::Vector2d r =
            PlanarSpace::pointPosition(ws, b, p2) - PlanarSpace::pointPosition(ws, b, p1);
        const Eigen::Vector2d da = acceleration(b, p2) - acceleration(b, p1);
        values.push_back(ws.twist[b](2));
        values.push_back((da.x() * -r.y() + da.y() * r.x()) / r.squaredNorm());
        for (const BodyPoint& point : body.points) {
            const Eigen::Vector2d a = acceleration(b, point.p_B);
            values.push_back(a.x());
            values.push_back(a.y());
        }
    }
    Physics out;
    out.bodies =
        Eigen::Map<Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
    const TracedPoint& tip = model.tracedPoints.front();
    out.tipAcceleration = acceleration(tip.body, tip.p_B.head<2>());
    std::vector<CutReaction> reactions(model.nLoops());
    cutReactions(model, ws, e.lambda, reactions);
    for (int i = 0; i < model.nLoops(); ++i) {
        out.reactions[model.joints[model.cuts[i]].name] = Eigen::Vector3d(
            reactions[i].force.x(), reactions[i].force.y(), reactions[i].moment.z());
    }
    return out;
}

} // namespace

class TestForwardDynamics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oracleAtInitialState_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("four-bar") << "fourbar";
        QTest::newRow("carpet scraper") << "scraper";
        QTest::newRow("3-RRR") << "3rrr";
    }

    void oracleAtInitialState() {
        QFETCH(QString, mechanism);
        const auto model = compileModel(fixtures::byName(mechanism.toStdString())).model;
        QVERIFY(model);
        const fixtures::Oracle oracle = fixtures::loadOracle(mechanism.toStdString());
        // the fixtures' coordinate order is the papers' θ1…θ7
        for (int k = 0; k < model->nv(); ++k) {
            QCOMPARE(model->coordinates[k].name, oracle.coordinates[k]);
        }
        Workspace ws(*model);
        DynamicsWorkspace dws(*model);
        updatePositions(*model, ws, oracle.q0);
        updateVelocities(*model, ws, oracle.qd0);
        QVERIFY((generalizedInertia(*model, ws, dws) - oracle.M).cwiseAbs().maxCoeff() <
                kOracleTol);
        QVERIFY(relativeError(gravityAndVelocityForces(*model, ws, dws), oracle.phi) < kOracleTol);

        // the GICM blocks as SSLM assembles them (Σ_j Z_rjᵀ Z_sj), zero exactly where
        // eqs. (31)/(42) say
        constraintJacobian(*model, ws);
        ForwardDynamicsWorkspace fws(*model);
        const Eigen::VectorXd psi = -constraintBias(*model, ws);
        QVERIFY(solveForwardDynamics(SolverKind::Sslm, *model, {dws.M, dws.phi, ws.J, psi}, fws));
        for (int r = 0; r < model->nLoops(); ++r) {
            for (int s = 0; s < model->nLoops(); ++s) {
                const Eigen::Matrix2d expected = oracle.gicm[r][s];
                const Eigen::MatrixXd block = gicmBlock(fws, *model, r, s);
                QVERIFY((block - expected).cwiseAbs().maxCoeff() < kOracleTol);
                QCOMPARE(model->gicmContributors[r][s].empty(), expected.isZero(0.0));
            }
        }

        for (SolverKind kind : {SolverKind::Augmented, SolverKind::Slm, SolverKind::Sslm}) {
            const Evaluation e = evaluate(*model, kind, oracle.q0, oracle.qd0);
            QVERIFY2(relativeError(e.qdd, oracle.qdd) < kOracleTol,
                     qPrintable(QString::number(relativeError(e.qdd, oracle.qdd))));
            QVERIFY2(relativeError(e.lambda, oracle.lambda) < kOracleTol,
                     qPrintable(QString::number(relativeError(e.lambda, oracle.lambda))));
        }
    }

    void solversAgreeForAnyValidCutChoice_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<QStringList>("cuts");
        QTest::newRow("scraper, paper cuts") << "scraper" << QStringList{"J8", "J9", "J10"};
        QTest::newRow("scraper, J3 J5 J7") << "scraper" << QStringList{"J3", "J5", "J7"};
        QTest::newRow("scraper, J2 J6 J9") << "scraper" << QStringList{"J2", "J6", "J9"};
        QTest::newRow("3-RRR, paper cuts") << "3rrr" << QStringList{"J6", "J7"};
        QTest::newRow("3-RRR, J3 J8") << "3rrr" << QStringList{"J3", "J8"};
        QTest::newRow("four-bar, J1") << "fourbar" << QStringList{"J1"};
    }

    void solversAgreeForAnyValidCutChoice() {
        QFETCH(QString, mechanism);
        QFETCH(QStringList, cuts);
        CompileOptions options;
        options.cuts.emplace();
        for (const QString& c : cuts) {
            options.cuts->push_back(c.toStdString());
        }
        const CompileResult compiled =
            compileModel(fixtures::byName(mechanism.toStdString()), options);
        QVERIFY2(compiled.ok(), formatDiagnostics(compiled.diagnostics).c_str());
        const Model& model = *compiled.model;
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> angle(-M_PI, M_PI);
        std::uniform_real_distribution<double> rate(-5.0, 5.0);
        for (int trial = 0; trial < 10; ++trial) {
            Eigen::VectorXd q(model.nv());
            Eigen::VectorXd qd(model.nv());
            for (int k = 0; k < model.nv(); ++k) {
                q[k] = angle(rng);
                qd[k] = rate(rng);
            }
            const Evaluation reference = evaluate(model, SolverKind::Augmented, q, qd);
            for (SolverKind kind : {SolverKind::Slm, SolverKind::Sslm}) {
                const Evaluation e = evaluate(model, kind, q, qd);
                QVERIFY2(relativeError(e.qdd, reference.qdd) < kAgreementTol,
                         qPrintable(QString::number(relativeError(e.qdd, reference.qdd))));
                QVERIFY(relativeError(e.lambda, reference.lambda) < kAgreementTol);
            }
        }
    }

    // Every set of 3 of the scraper's 10 joints that leaves a spanning tree compiles, and on
    // each the three solvers agree; the physics (body accelerations, blade tip, joint
    // reactions) is the same whichever joints are cut, at 5 random consistent states.
    void solversAgreeOnEveryValidCutSetOfTheScraper() {
        const MechanismSpec spec = fixtures::carpetScraper();
        const MechanismGraph graph = mechanismGraph(spec);
        QCOMPARE(graph.independentLoopCount(), 3);
        const int nJoints = graph.edgeCount();
        QCOMPARE(nJoints, 10);

        // reference states: the file's cuts, θ1 and θ̇1 random, assembled on the file's branch
        const auto reference = compileModel(spec).model;
        QVERIFY(reference);
        const InitialState initial = assembleInitialState(*reference);
        QVERIFY(initial.report.converged);
        std::mt19937 rng(20140531);
        std::uniform_real_distribution<double> angle(-M_PI, M_PI);
        std::uniform_real_distribution<double> rate(-10.0, 10.0);
        const int theta1 = reference->coordinateIndex("theta1");
        std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> states;
        {
            Workspace ws(*reference);
            for (int trial = 0; trial < 5; ++trial) {
                Eigen::VectorXd q = initial.q;
                Eigen::VectorXd qd = Eigen::VectorXd::Zero(reference->nv());
                q[theta1] = angle(rng);
                qd[theta1] = rate(rng);
                const AssemblyReport report =
                    assemble(*reference, ws, q, reference->independent, initial.report.branch);
                QVERIFY2(report.converged, report.message.c_str());
                solveVelocities(*reference, ws, q, qd, reference->independent);
                states.emplace_back(q, qd);
            }
        }
        std::vector<Physics> expected;
        for (const auto& [q, qd] : states) {
            expected.push_back(
                physicsOf(*reference, q, qd, evaluate(*reference, SolverKind::Augmented, q, qd)));
        }

        int validByGraph = 0;
        int compiled = 0;
        double worstSolver = 0;  // relative q̈, λ disagreement between solvers
        double worstPhysics = 0; // relative body-level disagreement between cut sets
        std::map<std::string, int> reactionChecks;
        for (int a = 0; a < nJoints; ++a) {
            for (int b = a + 1; b < nJoints; ++b) {
                for (int c = b + 1; c < nJoints; ++c) {
                    std::vector<bool> isCut(nJoints, false);
                    isCut[a] = isCut[b] = isCut[c] = true;
                    const bool valid = checkCutSet(graph, isCut).ok();
                    validByGraph += valid ? 1 : 0;
                    CompileOptions options;
                    options.cuts = std::vector<std::string>{
                        spec.joints[a].name, spec.joints[b].name, spec.joints[c].name};
                    const CompileResult result = compileModel(spec, options);
                    const QByteArray label =
                        QByteArray::fromStdString(spec.joints[a].name + "," + spec.joints[b].name +
                                                  "," + spec.joints[c].name);
                    // the compiler accepts exactly the cut sets that leave a spanning tree
                    QVERIFY2(result.ok() == valid, label.constData());
                    if (!result.ok()) {
                        continue;
                    }
                    ++compiled;
                    const Model& model = *result.model;
                    QCOMPARE(model.nv(), 7);
                    for (std::size_t k = 0; k < states.size(); ++k) {
                        const auto [q, qd] =
                            carryOver(*reference, states[k].first, states[k].second, model);
                        // the carried-over state closes every loop of this cut choice
                        Workspace ws(model);
                        updatePositions(model, ws, q);
                        QVERIFY2(constraintResidual(model, ws).cwiseAbs().maxCoeff() < 1e-12,
                                 label.constData());
                        QVERIFY2((constraintJacobian(model, ws) * qd).cwiseAbs().maxCoeff() < 1e-11,
                                 label.constData());

                        const Evaluation augmented = evaluate(model, SolverKind::Augmented, q, qd);
                        for (SolverKind kind : {SolverKind::Slm, SolverKind::Sslm}) {
                            const Evaluation e = evaluate(model, kind, q, qd);
                            const double qddError = relativeError(e.qdd, augmented.qdd);
                            const double lambdaError = relativeError(e.lambda, augmented.lambda);
                            worstSolver = std::max({worstSolver, qddError, lambdaError});
                            QVERIFY2(qddError < kAgreementTol && lambdaError < kAgreementTol,
                                     disagreement(label, QStringLiteral("solver %1").arg(int(kind)),
                                                  {{QStringLiteral("q̈"), qddError},
                                                   {QStringLiteral("λ"), lambdaError}})
                                         .constData());
                        }

                        const Physics physics = physicsOf(model, q, qd, augmented);
                        const double bodyError = relativeError(physics.bodies, expected[k].bodies);
                        const double tipError =
                            relativeError(physics.tipAcceleration, expected[k].tipAcceleration);
                        worstPhysics = std::max({worstPhysics, bodyError, tipError});
                        QVERIFY2(bodyError < kPhysicsTol && tipError < kPhysicsTol,
                                 disagreement(label, QStringLiteral("state %1").arg(k),
                                              {{QStringLiteral("bodies"), bodyError},
                                               {QStringLiteral("tip"), tipError}})
                                     .constData());
                        // a joint carries the same reaction in every choice that cuts it
                        for (const auto& [joint, reaction] : physics.reactions) {
                            const auto known = expected[k].reactions.find(joint);
                            if (known == expected[k].reactions.end()) {
                                expected[k].reactions.emplace(joint, reaction);
                                continue;
                            }
                            const double reactionError = relativeError(reaction, known->second);
                            worstPhysics = std::max(worstPhysics, reactionError);
                            QVERIFY2(reactionError < kPhysicsTol,
                                     disagreement(label, QStringLiteral("state %1").arg(k),
                                                  {{QStringLiteral("reaction at ") +
                                                        QString::fromStdString(joint),
                                                    reactionError}})
                                         .constData());
                            ++reactionChecks[joint];
                        }
                    }
                }
            }
        }
        QCOMPARE(compiled, validByGraph);
        qInfo("scraper: %d of 120 three-joint cut sets are valid; worst solver disagreement %.3g, "
              "worst cut-set disagreement %.3g",
              validByGraph, worstSolver, worstPhysics);
        // Kirchhoff's matrix-tree theorem on the scraper's graph counts 60 spanning trees
        QCOMPARE(validByGraph, 60);
        // every joint is cut in several valid sets, so each joint's reaction was compared
        QCOMPARE(static_cast<int>(reactionChecks.size()), nJoints);
    }

    void eliminationOfAChainOfLoopsHasNoFill() {
        // the scraper's GICM is block tridiagonal: minimum degree keeps it so
        const auto model = compileModel(fixtures::carpetScraper()).model;
        const ForwardDynamicsWorkspace fws(*model);
        const std::size_t stored = storedGicmBlockCount(fws);
        QCOMPARE(stored, std::size_t(7)); // 3 diagonal + 2×2 off-diagonal, Ī13 = O stays O
    }
};

SSLM_TEST_APPLESS_MAIN(TestForwardDynamics)
} // namespace tst_forward_dynamics
#include "tst_forward_dynamics.moc"
