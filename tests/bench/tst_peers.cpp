// SPDX-License-Identifier: MIT
// The benchmark peers simulate the same mechanisms as SSLM: for every example (with its own
// cuts, the automatic cuts, and a prismatic cut) at the assembled initial state and at random
// consistent states, moving and at rest, Simbody's q̈ equals SSLM's to rounding, and MuJoCo's
// equals SSLM's under MuJoCo's constraint model (no J̇q̇ term) to MuJoCo's constraint softness.
// Free motion under gravity: springs and actuators are removed from the files. The spatial
// RSSR and ladders are compared at their initial states (moving and at rest), with tree joints
// run both ways: Simbody to rounding again; MuJoCo, whose model is sslm export's MJCF (a
// revolute cut as two connects on its axis, a universal cut's perpendicularity as a tendon
// length, both on the same constraint manifold), to its softness as above.

#include <algorithm>
#include <filesystem>
#include <random>

#include <QtTest>

#include <Eigen/Dense>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/sim/dynamics_rhs.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "bench/peers/mujoco_peer.hpp"
#include "bench/peers/simbody_peer.hpp"

using namespace sslm;
using sslm::bench::MujocoPeer;
using sslm::bench::SimbodyPeer;

namespace {

// Simbody solves the constraints exactly, as SSLM does; they differ by rounding only
// (observed ≤ 1e-12 relative).
constexpr double kSimbodyTol = 1e-8;
// MuJoCo's equality constraints are soft: its constraint forces solve (A + R) f = ... instead of
// A f = ..., A = J M⁻¹ Jᵀ, with R = (1 − d)/d · diagApprox, d ≤ mjMAXIMP = 0.9999, and
// diagApprox, built from the bodies' inverse weights at qpos0, of the order of diag(A). So the
// relative error of f, and of q̈, is about ‖A⁻¹R‖ ≈ 1e-4 / λ_min(D^-½ A D^-½), D = diag(A):
// small for a well-conditioned A, larger where loops nearly share a direction (the scraper's).
// The margin of 10 covers diagApprox ≠ diag(A) (qpos0 pose, 3-D connect rows).
constexpr double kMujocoRegularisation = (1.0 - 0.9999) / 0.9999;
constexpr double kMujocoMargin = 10.0;
// The peers' own loop-closure errors at an assembled state (m, rad): the geometry matches.
constexpr double kClosureTol = 1e-10;
constexpr int kRandomStates = 5;
constexpr double kGuideOffset = 0.3;  // rad, slider turned against its reversed guide
constexpr double kAngleSpread = 0.3;  // rad, perturbation of an independent angle
constexpr double kSlideSpread = 0.02; // m, perturbation of an independent slide
constexpr double kRateSpread = 3.0;   // rad/s, independent rates (slides: a tenth, m/s)

/// The file's mechanism without springs, dampers or actuators.
MechanismSpec freeMotionSpec(const std::string& file) {
    const LoadResult loaded = loadMechanismFile(std::filesystem::path(SSLM_EXAMPLES_DIR) / file);
    if (!loaded.ok()) {
        return {};
    }
    MechanismSpec spec = *loaded.spec;
    for (JointSpec& joint : spec.joints) {
        joint.springDamper.reset();
        joint.friction.reset();
        joint.limits.reset();
    }
    spec.actuators.clear();
    spec.loads.clear(); // nor do the peers' models carry issue 36's elements
    spec.twoPointElements.clear();
    return spec;
}

/// The slider-crank with its guide J4 defined the other way round, from the slider to the
/// ground, and the slider turned by `offset` (rad): the tree then runs the prismatic joint
/// B → A, and cutting it gives a prismatic cut with an offset on a moving side A. The guide
/// axis, the ground's X seen from the slider, and the slide coordinate change sign with it.
void reverseSliderGuide(MechanismSpec& spec, double offset) {
    for (JointSpec& joint : spec.joints) {
        if (joint.name == "J4") {
            std::swap(joint.parent, joint.child);
            joint.offset = offset;
            joint.axis_P = Eigen::Vector2d(std::cos(offset), std::sin(offset));
        }
    }
    for (auto& [name, value] : spec.initial.assemblyGuess) {
        if (name == "x4") {
            value = -value;
        }
    }
}

/// ‖a − b‖∞ / max(‖b‖∞, 1): relative to the reference q̈ (rad/s², m/s²).
double relativeError(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    return (a - b).lpNorm<Eigen::Infinity>() / std::max(b.lpNorm<Eigen::Infinity>(), 1.0);
}

/// What MuJoCo should compute at (q, q̇), from SSLM's M, J and J̇q̇: MuJoCo's acceleration
/// constraint is J q̈ = aref, with aref = 0 on the constraint manifold, where the exact one is
/// J q̈ = −J̇q̇ (MuJoCo leaves J̇q̇ out and lets its solref spring correct the drift). That q̈ is
/// the exact one plus M⁻¹Jᵀ A⁻¹ J̇q̇; the tolerance follows from MuJoCo's softness and
/// A = J M⁻¹ Jᵀ (see kMujocoRegularisation).
struct MujocoExpectation {
    Eigen::VectorXd qdd;  ///< rad/s², m/s²
    double tolerance = 0; ///< relative, as relativeError()
};

MujocoExpectation mujocoExpectation(const Model& model,
                                    const DynamicsRhs& rhs,
                                    const Eigen::VectorXd& q,
                                    const Eigen::VectorXd& qd) {
    Workspace ws(model);
    Eigen::MatrixXd J;
    Eigen::VectorXd jdotQd;
    if (model.isSpatial()) {
        // MuJoCo's rows (connect, perpendicularity tendons) span the same space as ours
        updatePositions(model, ws, q);
        updateVelocities(model, ws, qd);
        constraintJacobian(model, ws);
        constraintBias(model, ws);
        J = ws.J;
        jdotQd = ws.Jdot_qd;
    } else {
        updatePositions(model, ws, q);
        updateVelocities(model, ws, qd);
        J = constraintJacobian(model, ws);
        jdotQd = constraintBias(model, ws);
    }
    const Eigen::MatrixXd inverseMassJt = rhs.massMatrix().ldlt().solve(J.transpose());
    const Eigen::MatrixXd A = J * inverseMassJt;
    // R is diagonal and about 1e-4 · diag(A): ‖A⁻¹R‖ ≈ 1e-4 / λ_min(D^-½ A D^-½), D = diag(A),
    // which is also free of the rows' units (m, rad)
    const Eigen::VectorXd inverseSqrtDiagonal = A.diagonal().cwiseSqrt().cwiseInverse();
    const Eigen::MatrixXd scaledA =
        inverseSqrtDiagonal.asDiagonal() * A * inverseSqrtDiagonal.asDiagonal();
    const double smallestEigenvalue =
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(scaledA, Eigen::EigenvaluesOnly)
            .eigenvalues()
            .minCoeff();
    return {rhs.qdd() + inverseMassJt * A.ldlt().solve(jdotQd),
            kMujocoMargin * kMujocoRegularisation / smallestEigenvalue};
}

struct State {
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
};

/// The assembled initial state, then random ones on the same branch: independent coordinates
/// perturbed and the others reassembled, independent rates random and the others solved.
std::vector<State> consistentStates(const Model& model) {
    const InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        return {};
    }
    std::vector<State> states{{initial.q, initial.qd}};
    const bool fullySpecified =
        static_cast<int>(model.independent.size()) + model.nConstraints() == model.nv();
    if (!fullySpecified) {
        return states; // the file's inputs do not span this cut choice's mobility
    }
    Workspace ws(model);
    std::mt19937 random(20240611u);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    for (int attempt = 0; attempt < 4 * kRandomStates && states.size() <= kRandomStates;
         ++attempt) {
        State s{initial.q, Eigen::VectorXd::Zero(model.nv())};
        for (const int k : model.independent) {
            const bool angular = model.coordinates[k].angular;
            s.q[k] += unit(random) * (angular ? kAngleSpread : kSlideSpread);
            s.qd[k] = unit(random) * (angular ? kRateSpread : 0.1 * kRateSpread);
        }
        if (!assemble(model, ws, s.q, model.independent).converged) {
            continue;
        }
        solveVelocities(model, ws, s.q, s.qd, model.independent);
        states.push_back(s);
    }
    return states;
}

/// The spec with joint `name`'s two ends swapped (a universal joint's axes with them, as its
/// first axis is fixed in the parent), so that the tree runs it B → A.
MechanismSpec withJointReversed(MechanismSpec spec, const std::string& name) {
    for (JointSpec& joint : spec.joints) {
        if (joint.name == name) {
            std::swap(joint.parent, joint.child);
            if (joint.type == JointType::Universal) {
                std::swap(joint.axis, joint.axis2);
            }
        }
    }
    return spec;
}

/// The peers against SSLM at each of `states`, as given and at rest (where J̇q̇ = 0 and all
/// three models agree): Simbody's q̈ against the exact one, MuJoCo's against the J̇q̇-free q̈ it
/// computes (mujocoExpectation), both peers' loops closed. Prints the worst relative errors.
void compareAtStates(const Model& model, const std::vector<State>& states) {
    DynamicsRhs sslmRhs(model, SimulationSettings{});
    SimbodyPeer simbody(model);
    MujocoPeer mujoco(model);
    QCOMPARE(simbody.nv(), model.nv());
    QCOMPARE(mujoco.nv(), model.nv());
    QVERIFY(!states.empty());
    double simbodyWorst = 0;
    double mujocoWorst = 0;      // against the J̇q̇-free q̈ MuJoCo computes
    double mujocoTolerance = 0;  // the largest tolerance used
    double mujocoExactWorst = 0; // against the exact q̈ (for information)
    for (const State& moving : states) {
        for (const State& s : {moving, State{moving.q, Eigen::VectorXd::Zero(model.nv())}}) {
            QVERIFY2(sslmRhs.evaluate(0.0, s.q, s.qd), sslmRhs.failure().c_str());
            const Eigen::VectorXd exact = sslmRhs.qdd();
            const MujocoExpectation expected = mujocoExpectation(model, sslmRhs, s.q, s.qd);

            simbody.setState(s.q, s.qd);
            simbody.computeAccelerations();
            QVERIFY2(simbody.constraintViolation() < kClosureTol,
                     qPrintable(QString::number(simbody.constraintViolation())));
            const double simbodyError = relativeError(simbody.qdd(), exact);
            QVERIFY2(simbodyError < kSimbodyTol, qPrintable(QString::number(simbodyError)));

            mujoco.setState(s.q, s.qd);
            mujoco.computeAccelerations();
            QVERIFY2(mujoco.constraintViolation() < kClosureTol,
                     qPrintable(QString::number(mujoco.constraintViolation())));
            const double mujocoError = relativeError(mujoco.qdd(), expected.qdd);
            QVERIFY2(
                mujocoError < expected.tolerance,
                qPrintable(QString("%1 (tolerance %2)").arg(mujocoError).arg(expected.tolerance)));

            simbodyWorst = std::max(simbodyWorst, simbodyError);
            mujocoWorst = std::max(mujocoWorst, mujocoError);
            mujocoTolerance = std::max(mujocoTolerance, expected.tolerance);
            mujocoExactWorst = std::max(mujocoExactWorst, relativeError(mujoco.qdd(), exact));
        }
    }
    qInfo("%d states: relative q̈ error Simbody %.1e; MuJoCo %.1e (tolerance up to %.1e), "
          "%.1e against the exact q̈",
          static_cast<int>(states.size()), simbodyWorst, mujocoWorst, mujocoTolerance,
          mujocoExactWorst);
}

/// compareAtStates at the assembled initial state of a model.
void compareAtInitialState(const Model& model) {
    const InitialState initial = assembleInitialState(model);
    QVERIFY(initial.report.converged);
    compareAtStates(model, {State{initial.q, initial.qd}});
}

} // namespace

class TestPeers : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void agreeWithSslm_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("fileCuts");
        QTest::addColumn<QStringList>("cuts");
        QTest::addColumn<bool>("reverseGuide");
        const QStringList files =
            QDir(QStringLiteral(SSLM_EXAMPLES_DIR)).entryList({"*.json"}, QDir::Files);
        QVERIFY(files.size() >= 5);
        for (const QString& file : files) {
            // spatial (version 2) files: spatialAgreeWithSslm; open chains (the hood): no
            // loop for the peers' constraints to agree on
            const MechanismSpec spec = freeMotionSpec(file.toStdString());
            if (spec.space != MotionSpace::Planar || spec.joints.size() <= spec.bodies.size()) {
                continue;
            }
            QTest::newRow(qPrintable(file)) << file << true << QStringList{} << false;
            // revolute tree joints run B → A in the slider-crank's and six-bar's choice
            QTest::newRow(qPrintable(file + " auto cuts"))
                << file << false << QStringList{} << false;
        }
        QTest::newRow("slider_crank.json cut J4 (prismatic cut)")
            << "slider_crank.json" << false << QStringList{"J4"} << false;
        QTest::newRow("slider_crank.json reversed guide (prismatic B → A, offset)")
            << "slider_crank.json" << true << QStringList{} << true;
        QTest::newRow("slider_crank.json reversed guide cut J4 (prismatic cut, offset)")
            << "slider_crank.json" << false << QStringList{"J4"} << true;
        QTest::newRow("carpet_scraper.json cut J3 J5 J7")
            << "carpet_scraper.json" << false << QStringList{"J3", "J5", "J7"} << false;
    }

    void agreeWithSslm() {
        QFETCH(QString, file);
        QFETCH(bool, fileCuts);
        QFETCH(QStringList, cuts);
        QFETCH(bool, reverseGuide);
        MechanismSpec spec = freeMotionSpec(file.toStdString());
        if (reverseGuide) {
            reverseSliderGuide(spec, kGuideOffset);
        }
        CompileOptions options;
        if (!fileCuts) {
            options.cuts.emplace();
            for (const QString& cut : cuts) {
                options.cuts->push_back(cut.toStdString());
            }
        }
        const CompileResult compiled = compileModel(spec, options);
        QVERIFY(compiled.ok());
        const Model& model = *compiled.model;

        compareAtStates(model, consistentStates(model));
    }

    // The spatial examples: every joint type of the RSSR and the ladder run forward and
    // B → A (a universal and a spherical tree joint reversed), cuts spherical and universal.
    void spatialAgreeWithSslm_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("rssr cut J3 (universal cut, spherical tree joint)") << 0;
        QTest::newRow("rssr cut J2 (spherical cut, universal tree joint B → A)") << 1;
        QTest::newRow("rssr cut J3, J2 reversed (spherical tree joint B → A)") << 2;
        QTest::newRow("ladder L = 2") << 3;
        QTest::newRow("ladder L = 4") << 4;
    }

    void spatialAgreeWithSslm() {
        QFETCH(int, which);
        const MechanismSpec specs[] = {rssrSpec("J3"), rssrSpec("J2"),
                                       withJointReversed(rssrSpec("J3"), "J2"),
                                       spatialLadderSpec(2), spatialLadderSpec(4)};
        const CompileResult compiled = compileModel(specs[which], CompileOptions{});
        QVERIFY(compiled.ok());
        QVERIFY(compiled.model->isSpatial());
        compareAtInitialState(*compiled.model);
    }
};

QTEST_GUILESS_MAIN(TestPeers)
#include "tst_peers.moc"
