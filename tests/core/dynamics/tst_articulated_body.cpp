// SPDX-License-Identifier: MIT
// The recursive O(n) path (articulated-body algorithm, O(n) Jᵀλ) against the direct one
// (M, φ, J factorised) for every example and several cut choices, at random states on and off
// the constraint manifold; and, with λ from the SSLM solver, the recursive q̈ closes the loops.

#include <algorithm>
#include <filesystem>
#include <random>
#include <stdexcept>

#include <QtTest>

#include <Eigen/Cholesky>

#include "core/dynamics/articulated_body.hpp"
#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spec_json.hpp"

using namespace sslm;

namespace {

constexpr double kAccelerationTol = 1e-10;     // relative; ABA vs M⁻¹(φ + τ + Jᵀλ)
constexpr double kGeneralizedForceTol = 1e-12; // relative; O(n) Jᵀλ vs the dense product
constexpr double kClosureTol = 1e-9;           // relative (see (c)); J q̈ = Ψ with the SSLM λ
constexpr double kManifoldTol = 1e-10; // |Φ| (m, rad), |J q̇| (m/s, rad/s) of the assembled states

constexpr int kTrials = 8; // per kind of state (on / off the manifold)

double relativeError(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

/// Largest errors over all cases, reported at the end.
struct WorstErrors {
    double acceleration = 0;
    double generalizedForce = 0;
    double closure = 0;           ///< |J q̈ − Ψ| / max(1, |Ψ|, |J M⁻¹(φ + τ)|)
    double closureAgainstPsi = 0; ///< |J q̈ − Ψ| / max(1, |Ψ|)
    double sslmAgreement = 0;

    void merge(const WorstErrors& other) {
        acceleration = std::max(acceleration, other.acceleration);
        generalizedForce = std::max(generalizedForce, other.generalizedForce);
        closure = std::max(closure, other.closure);
        closureAgainstPsi = std::max(closureAgainstPsi, other.closureAgainstPsi);
        sslmAgreement = std::max(sslmAgreement, other.sslmAgreement);
    }
} worst;

MechanismSpec loadExample(const std::string& file) {
    const LoadResult loaded = loadMechanismFile(std::filesystem::path(SSLM_EXAMPLES_DIR) / file);
    if (!loaded.ok()) {
        throw std::runtime_error(formatDiagnostics(loaded.diagnostics));
    }
    return *loaded.spec;
}

/// The slider-crank mounted on a turntable pinned to the ground (2 DOF), its guide tilted:
/// its cut loops close above a moving body, so J has side-0 columns, for a revolute cut (J3)
/// and a prismatic one (J4). `flipped` names the guide as the slider's joint side, so the tree
/// crosses the prismatic joint B → A (treeSign −1, the axis turning with the tree child).
MechanismSpec sliderCrankOnTurntable(bool flipped) {
    MechanismSpec spec = loadExample("slider_crank.json");
    BodySpec base;
    base.id = "base";
    base.name = "#0 turntable";
    base.mass = 2.0;
    base.com_B = {0.02, 0.01};
    base.inertiaCom = 0.012;
    base.points = {{"P", {-0.1, 0.0}}, {"O1", {0.0, 0.0}}, {"O4", {0.0, -0.02}}};
    spec.bodies.insert(spec.bodies.begin(), base);

    JointSpec pivot;
    pivot.name = "J0";
    pivot.coordinate = "theta0";
    pivot.parent = {"ground", "O1"};
    pivot.child = {"base", "P"};
    for (JointSpec& joint : spec.joints) {
        if (joint.name == "J1") {
            joint.parent = {"base", "O1"};
        } else if (joint.name == "J4") {
            joint.axis_P = {0.8, 0.6};
            if (flipped) {
                joint.parent = {"link3", "J4"};
                joint.child = {"base", "O4"};
            } else {
                joint.parent = {"base", "O4"};
            }
        }
    }
    spec.joints.insert(spec.joints.begin(), pivot);
    spec.initial.independent = {{"theta0", 0.3}, {"theta1", 1.0}};
    spec.initial.rates = {{"theta0", 1.0}, {"theta1", 6.283185307179586}};
    spec.initial.assemblyGuess = {{"theta2", -0.502}, {"x4", flipped ? -0.452 : 0.452}};
    return spec;
}

MechanismSpec specByName(const QString& name) {
    if (name == "turntable") {
        return sliderCrankOnTurntable(false);
    }
    if (name == "turntable flipped") {
        return sliderCrankOnTurntable(true);
    }
    return loadExample(name.toStdString() + ".json");
}

struct State {
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
};

/// Random assembled states of `model`: the file's own cut choice is assembled at perturbed
/// inputs with random input rates, then read off the body poses in `model`'s coordinates
/// (jointValue / jointRate of each of its tree joints), so any cut choice gets Φ = 0, Φ̇ = 0.
std::vector<State> statesOnManifold(const MechanismSpec& spec, const Model& model, int count) {
    const CompileResult fileCuts = compileModel(spec);
    if (!fileCuts.ok()) {
        throw std::runtime_error(formatDiagnostics(fileCuts.diagnostics));
    }
    const Model& source = *fileCuts.model;
    const InitialState initial = assembleInitialState(source);
    if (!initial.report.converged) {
        throw std::runtime_error(initial.report.message);
    }
    Workspace sourceWs(source);
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> perturbation(-0.5, 0.5);
    std::uniform_real_distribution<double> rate(-5.0, 5.0);
    std::vector<State> states;
    for (int attempt = 0; attempt < 10 * count && static_cast<int>(states.size()) < count;
         ++attempt) {
        Eigen::VectorXd q = initial.q;
        Eigen::VectorXd qd = Eigen::VectorXd::Zero(source.nv());
        for (int k : source.independent) {
            q[k] += perturbation(rng);
            qd[k] = rate(rng);
        }
        if (!assemble(source, sourceWs, q, source.independent).converged) {
            continue; // past a dead centre: try another input
        }
        solveVelocities(source, sourceWs, q, qd, source.independent);
        updatePositions(source, sourceWs, q);
        updateVelocities(source, sourceWs, qd);
        State state{Eigen::VectorXd(model.nv()), Eigen::VectorXd(model.nv())};
        for (int k = 0; k < model.nv(); ++k) {
            const int joint = model.coordinates[k].joint;
            state.q[k] = jointValue(source, sourceWs, joint);
            state.qd[k] = jointRate(source, sourceWs, joint);
        }
        states.push_back(std::move(state));
    }
    return states;
}

/// Uniformly random (q, q̇): angles in (−π, π), slides in (−0.5, 0.5) m.
std::vector<State> statesOffManifold(const Model& model, int count) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> angle(-M_PI, M_PI);
    std::uniform_real_distribution<double> slide(-0.5, 0.5);
    std::uniform_real_distribution<double> rate(-5.0, 5.0);
    std::vector<State> states;
    for (int trial = 0; trial < count; ++trial) {
        State state{Eigen::VectorXd(model.nv()), Eigen::VectorXd(model.nv())};
        for (int k = 0; k < model.nv(); ++k) {
            state.q[k] = model.coordinates[k].angular ? angle(rng) : slide(rng);
            state.qd[k] = rate(rng);
        }
        states.push_back(std::move(state));
    }
    return states;
}

} // namespace

class TestArticulatedBody : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void recursiveMatchesDirect_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<QStringList>("cuts"); // empty: the file's cuts
        QTest::newRow("four-bar, J8") << "four_bar" << QStringList{};
        QTest::newRow("four-bar, J1") << "four_bar" << QStringList{"J1"};
        QTest::newRow("four-bar, J3") << "four_bar" << QStringList{"J3"};
        QTest::newRow("scraper, J8 J9 J10") << "carpet_scraper" << QStringList{};
        QTest::newRow("scraper, J3 J5 J7") << "carpet_scraper" << QStringList{"J3", "J5", "J7"};
        QTest::newRow("scraper, J2 J6 J9") << "carpet_scraper" << QStringList{"J2", "J6", "J9"};
        QTest::newRow("3-RRR, J6 J7") << "three_rrr" << QStringList{};
        QTest::newRow("3-RRR, J3 J8") << "three_rrr" << QStringList{"J3", "J8"};
        QTest::newRow("slider-crank, J3") << "slider_crank" << QStringList{};
        QTest::newRow("slider-crank, prismatic J4 cut") << "slider_crank" << QStringList{"J4"};
        QTest::newRow("slider-crank, J2") << "slider_crank" << QStringList{"J2"};
        QTest::newRow("Watt six-bar, J6 J7") << "watt_six_bar" << QStringList{};
        QTest::newRow("Watt six-bar, J2 J4") << "watt_six_bar" << QStringList{"J2", "J4"};
        QTest::newRow("turntable, J3") << "turntable" << QStringList{};
        QTest::newRow("turntable, prismatic J4 cut") << "turntable" << QStringList{"J4"};
        QTest::newRow("turntable flipped, J3") << "turntable flipped" << QStringList{};
        QTest::newRow("turntable flipped, J4") << "turntable flipped" << QStringList{"J4"};
    }

    void recursiveMatchesDirect() {
        QFETCH(QString, mechanism);
        QFETCH(QStringList, cuts);
        const MechanismSpec spec = specByName(mechanism);
        CompileOptions options;
        if (!cuts.isEmpty()) {
            options.cuts.emplace();
            for (const QString& c : cuts) {
                options.cuts->push_back(c.toStdString());
            }
        }
        const CompileResult compiled = compileModel(spec, options);
        QVERIFY2(compiled.ok(), formatDiagnostics(compiled.diagnostics).c_str());
        const Model& model = *compiled.model;

        const std::vector<State> onManifold = statesOnManifold(spec, model, kTrials);
        QVERIFY(static_cast<int>(onManifold.size()) == kTrials);
        std::vector<State> states = onManifold;
        const std::vector<State> offManifold = statesOffManifold(model, kTrials);
        states.insert(states.end(), offManifold.begin(), offManifold.end());

        Workspace ws(model);
        DynamicsWorkspace dws(model);
        ForwardDynamicsWorkspace fws(model);
        ArticulatedBodyWorkspace aws(model);
        Eigen::VectorXd generalizedForce(model.nv());
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> torque(-5.0, 5.0);
        std::uniform_real_distribution<double> reaction(-50.0, 50.0);
        WorstErrors row;
        for (std::size_t trial = 0; trial < states.size(); ++trial) {
            const bool assembled = trial < onManifold.size();
            const State& state = states[trial];
            updatePositions(model, ws, state.q);
            updateVelocities(model, ws, state.qd);
            generalizedInertia(model, ws, dws);
            gravityAndVelocityForces(model, ws, dws);
            constraintJacobian(model, ws);
            const Eigen::VectorXd psi = -constraintBias(model, ws);
            if (assembled) {
                const double violation = constraintResidual(model, ws).cwiseAbs().maxCoeff();
                QVERIFY2(violation < kManifoldTol, qPrintable(QString::number(violation)));
                const double rateViolation = (ws.J * state.qd).cwiseAbs().maxCoeff();
                QVERIFY2(rateViolation < kManifoldTol, qPrintable(QString::number(rateViolation)));
            }
            Eigen::VectorXd tau(model.nv());
            Eigen::VectorXd lambda(model.nConstraints());
            for (double& t : tau) {
                t = torque(rng);
            }
            for (double& l : lambda) {
                l = reaction(rng);
            }

            // (a) ABA q̈ against M⁻¹(φ + τ + Jᵀλ); each subsystem alone gives the same
            const Eigen::VectorXd direct =
                dws.M.llt().solve(dws.phi + tau + ws.J.transpose() * lambda);
            const Eigen::VectorXd recursive =
                articulatedBodyAccelerations(model, ws, tau, lambda, aws);
            const double accelerationError = relativeError(recursive, direct);
            row.acceleration = std::max(row.acceleration, accelerationError);
            QVERIFY2(accelerationError < kAccelerationTol,
                     qPrintable(QString("trial %1: %2").arg(trial).arg(accelerationError)));
            aws.qdd.setZero();
            for (int j = 0; j < static_cast<int>(model.subsystems.size()); ++j) {
                subsystemAccelerations(model, ws, j, tau, lambda, aws);
            }
            QVERIFY(relativeError(aws.qdd, recursive) < 1e-14);

            // (b) the O(n) Jᵀλ against the dense product
            cutForceGeneralizedForces(model, ws, lambda, generalizedForce, aws);
            const Eigen::VectorXd denseForce = ws.J.transpose() * lambda;
            const double forceError = relativeError(generalizedForce, denseForce);
            row.generalizedForce = std::max(row.generalizedForce, forceError);
            QVERIFY2(forceError < kGeneralizedForceTol,
                     qPrintable(QString("trial %1: %2").arg(trial).arg(forceError)));

            // (c) λ from SSLM as external forces: the recursive q̈ satisfies J q̈ = Ψ. A
            // range-space solve (SLM, SSLM) leaves a residual of about ε·cond(Ī)·|J M⁻¹(φ + τ)|,
            // the free accelerations that the reactions cancel, often ≫ |Ψ|: that is the scale.
            const Eigen::VectorXd phiWithTau = dws.phi + tau;
            QVERIFY2(
                solveForwardDynamics(SolverKind::Sslm, model, dws.M, phiWithTau, ws.J, psi, fws),
                fws.failure.c_str());
            const Eigen::VectorXd constrained =
                articulatedBodyAccelerations(model, ws, tau, fws.lambda, aws);
            const Eigen::VectorXd freeClosure = ws.J * dws.M.llt().solve(phiWithTau);
            const double closureScale =
                std::max({1.0, psi.cwiseAbs().maxCoeff(), freeClosure.cwiseAbs().maxCoeff()});
            const Eigen::VectorXd closure = ws.J * constrained - psi;
            const double closureError = closure.cwiseAbs().maxCoeff() / closureScale;
            row.closure = std::max(row.closure, closureError);
            row.closureAgainstPsi =
                std::max(row.closureAgainstPsi, relativeError(ws.J * constrained, psi));
            QVERIFY2(closureError < kClosureTol,
                     qPrintable(QString("trial %1: %2").arg(trial).arg(closureError)));
            const double agreement = relativeError(constrained, fws.qdd);
            row.sslmAgreement = std::max(row.sslmAgreement, agreement);
            QVERIFY2(agreement < kAccelerationTol,
                     qPrintable(QString("trial %1: %2").arg(trial).arg(agreement)));
        }
        qInfo("max relative errors: ABA %.3g, J^T lambda %.3g, closure %.3g (%.3g against |Psi|), "
              "ABA vs SSLM %.3g",
              row.acceleration, row.generalizedForce, row.closure, row.closureAgainstPsi,
              row.sslmAgreement);
        worst.merge(row);
    }

    void coverageOfTheSpecialCases() {
        // the turntable's prismatic cut closes above a moving body: a side-0 column of J that
        // vanishes, and a slide joint in the tree crossed B → A when flipped
        const auto model = compileModel(sliderCrankOnTurntable(false), {{{"J4"}}}).model;
        QVERIFY(model);
        const Joint& cut = model->joints[model->cuts[0]];
        QCOMPARE(cut.type, JointType::Prismatic);
        const auto& path = model->loops[0].path;
        QVERIFY(std::any_of(path.begin(), path.end(),
                            [](const LoopPathEntry& e) { return e.side == 0; }));
        const auto flipped = compileModel(sliderCrankOnTurntable(true)).model;
        QVERIFY(flipped);
        const Joint& slide = flipped->joints[flipped->jointIndex("J4")];
        QVERIFY(!slide.isCut());
        QCOMPARE(slide.type, JointType::Prismatic);
        QCOMPARE(slide.treeSign, -1);
    }

    void wrongSizesThrow() {
        const auto model = compileModel(loadExample("four_bar.json")).model;
        QVERIFY(model);
        Workspace ws(*model);
        ArticulatedBodyWorkspace aws(*model);
        const Eigen::VectorXd q = Eigen::VectorXd::Zero(model->nv());
        updatePositions(*model, ws, q);
        updateVelocities(*model, ws, q);
        bool threw = false;
        try {
            articulatedBodyAccelerations(*model, ws, q, Eigen::VectorXd::Zero(1), aws);
        } catch (const std::invalid_argument&) {
            threw = true;
        }
        QVERIFY(threw);
    }

    void cleanupTestCase() {
        qInfo("max relative errors: ABA vs M^-1 %.3g, O(n) J^T lambda %.3g, J qdd - Psi %.3g "
              "(%.3g against |Psi| alone), ABA vs SSLM qdd %.3g",
              worst.acceleration, worst.generalizedForce, worst.closure, worst.closureAgainstPsi,
              worst.sslmAgreement);
    }
};

QTEST_APPLESS_MAIN(TestArticulatedBody)
#include "tst_articulated_body.moc"
