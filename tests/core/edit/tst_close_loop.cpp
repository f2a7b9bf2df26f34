// SPDX-License-Identifier: MIT
// Closing a loop by hand: the RSSR opened at its universal joint J3 (a tree) and closed again
// with closeLoop, at its existing points and at new ones, compiles to the same mechanism and
// assembles with the loop closed; wrong requests are refused with the place and the fix.

#include <algorithm>

#include <QtTest>

#include "core/edit/close_loop.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/test_main.hpp"

namespace tst_close_loop {

using namespace sslm;

namespace {

MechanismSpec rssr() {
    const LoadResult loaded =
        loadMechanismFile(std::filesystem::path(SSLM_EXAMPLES_DIR) / "rssr.json");
    if (!loaded.ok()) {
        qFatal("rssr.json does not load");
    }
    return *loaded.spec;
}

/// The RSSR without its cut J3: a tree of the crank-coupler and the rocker.
MechanismSpec openedRssr(JointSpec* removed = nullptr) {
    MechanismSpec spec = rssr();
    const auto j3 = std::find_if(spec.joints.begin(), spec.joints.end(),
                                 [](const JointSpec& j) { return j.name == "J3"; });
    if (removed != nullptr) {
        *removed = *j3;
    }
    spec.joints.erase(j3);
    spec.cuts.clear();
    return spec;
}

LoopClosure j3Closure(const JointSpec& j3) {
    LoopClosure closure;
    closure.name = "J3";
    closure.type = JointType::Universal;
    closure.parent = {"coupler", "C", std::nullopt};
    closure.child = {"rocker", "C", std::nullopt};
    closure.axis = j3.axis;
    closure.axis2 = j3.axis2;
    return closure;
}

const JointSpec& joint(const MechanismSpec& spec, const std::string& name) {
    return *std::find_if(spec.joints.begin(), spec.joints.end(),
                         [&](const JointSpec& j) { return j.name == name; });
}

/// Compiles, assembles from the file's initial state and returns max |Φ| (−1 when it fails).
double closure(const MechanismSpec& spec, int* nv = nullptr) {
    const CompileResult compiled = compileModel(spec);
    if (!compiled.ok()) {
        return -1;
    }
    const InitialState state = assembleInitialState(*compiled.model);
    if (nv != nullptr) {
        *nv = compiled.model->nv();
    }
    return state.report.converged ? state.report.residual : -1;
}

} // namespace

class TestCloseLoop : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void closesTheRssrAgain() {
        JointSpec j3;
        MechanismSpec spec = openedRssr(&j3);
        const MechanismSpec original = rssr();
        std::string note;
        QCOMPARE(closeLoop(spec, j3Closure(j3), &note), EditError{});
        QCOMPARE(spec.cuts, std::vector<std::string>{"J3"});
        const JointSpec& closed = joint(spec, "J3");
        QCOMPARE(closed.type, JointType::Universal);
        QVERIFY((closed.axis - j3.axis).norm() < 1e-15);
        QVERIFY((closed.axis2 - j3.axis2).norm() < 1e-15);
        QCOMPARE(closed.parent, j3.parent);
        QCOMPARE(closed.child, j3.child);
        // the crank's input became a guess: the pose is kept, the inputs are for the user
        QVERIFY(spec.initial.independent.empty() && spec.initial.rates.empty());
        QVERIFY(note.find("theta") != std::string::npos);
        QVERIFY(std::any_of(spec.initial.assemblyGuess.begin(), spec.initial.assemblyGuess.end(),
                            [](const auto& g) { return g.first == "theta" && g.second == 0.0; }));
        // with the file's inputs back it is the RSSR: same coordinates, the loop closed
        spec.initial = original.initial;
        int nv = 0, nqOriginal = 0;
        const double residual = closure(spec, &nv);
        QVERIFY2(residual >= 0 && residual < 1e-10, qPrintable(QString::number(residual)));
        QVERIFY(closure(original, &nqOriginal) >= 0);
        QCOMPARE(nv, nqOriginal);
        QCOMPARE(nv, 5); // theta, J2's three, phi, and J3 cut
    }

    void closesAtNewPoints() {
        JointSpec j3;
        MechanismSpec spec = openedRssr(&j3);
        LoopClosure c = j3Closure(j3);
        c.parent = {"coupler", "C2",
                    Eigen::Vector3d(0.060000000000000005, 0.0779651876954, 0.1507362912759)};
        c.child = {"rocker", "C2", Eigen::Vector3d(0, 0.1, 0)};
        QCOMPARE(closeLoop(spec, c), EditError{});
        const auto& rocker = *std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                           [](const BodySpec& b) { return b.id == "rocker"; });
        QCOMPARE(rocker.points.back().name, std::string("C2"));
        QVERIFY((rocker.points.back().position3() - Eigen::Vector3d(0, 0.1, 0)).norm() == 0);
        spec.initial = rssr().initial;
        const double residual = closure(spec);
        QVERIFY2(residual >= 0 && residual < 1e-10, qPrintable(QString::number(residual)));
    }

    void refusesWhatCannotBe_data() {
        QTest::addColumn<int>("mistake");
        QTest::addColumn<QString>("says");
        QTest::newRow("one body") << 0 << "different bodies";
        QTest::newRow("unknown body") << 1 << "no body 'frame'";
        QTest::newRow("missing point") << 2 << "has no point 'Q'";
        QTest::newRow("new point named as an old one") << 3 << "already has a point 'C'";
        QTest::newRow("name in use") << 4 << "'J1' exists already";
        QTest::newRow("zero axis") << 5 << "axis is zero";
        QTest::newRow("parallel universal axes") << 6 << "must not be parallel";
    }

    void refusesWhatCannotBe() {
        QFETCH(int, mistake);
        QFETCH(QString, says);
        JointSpec j3;
        MechanismSpec spec = openedRssr(&j3);
        const MechanismSpec before = spec;
        LoopClosure c = j3Closure(j3);
        switch (mistake) {
        case 0:
            c.child.body = "coupler";
            break;
        case 1:
            c.parent.body = "frame";
            break;
        case 2:
            c.child.point = "Q";
            break;
        case 3:
            c.child.newPoint = Eigen::Vector3d(0, 0, 0);
            break;
        case 4:
            c.name = "J1";
            break;
        case 5:
            c.axis = Eigen::Vector3d::Zero();
            break;
        case 6:
            c.axis2 = 2 * c.axis;
            break;
        }
        const EditError error = closeLoop(spec, c);
        QVERIFY2(QString::fromStdString(error).contains(says), error.c_str());
        QVERIFY(spec == before); // unchanged
    }

    void planarClosuresArePlanarJoints() {
        const LoadResult loaded =
            loadMechanismFile(std::filesystem::path(SSLM_EXAMPLES_DIR) / "four_bar.json");
        QVERIFY(loaded.ok());
        MechanismSpec spec = *loaded.spec;
        spec.joints.pop_back(); // J8, the cut
        spec.cuts.clear();
        LoopClosure c;
        c.type = JointType::Spherical;
        c.parent = {"link1", "J8", std::nullopt};
        c.child = {"link3", "J8", std::nullopt};
        QVERIFY(closeLoop(spec, c).find("planar") != std::string::npos);
        c.type = JointType::Revolute;
        QCOMPARE(closeLoop(spec, c), EditError{});
        QCOMPARE(spec.joints.back().name, std::string("closure1"));
        spec.initial = loaded.spec->initial;
        const double residual = closure(spec);
        QVERIFY2(residual >= 0 && residual < 1e-10, qPrintable(QString::number(residual)));
    }
};

SSLM_TEST_APPLESS_MAIN(TestCloseLoop)
} // namespace tst_close_loop
#include "tst_close_loop.moc"
