// SPDX-License-Identifier: MIT
// Counterweights in the file format: they round-trip byte for byte (planar and spatial),
// compileModel folds them into the body's mass, centre of mass and inertia as a hand computation
// does, and a malformed counterweight is an error that names its place and the fix.

#include <algorithm>

#include <QtTest>

#include "core/model/compile.hpp"
#include "core/spec/spec_json.hpp"
#include "core/spec/spec_validate.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_counterweights {

using namespace sslm;

namespace {

const Body& modelBody(const Model& model, const std::string& id) {
    const auto it = std::find_if(model.bodies.begin(), model.bodies.end(),
                                 [&](const Body& b) { return b.id == id; });
    if (it == model.bodies.end()) {
        qFatal("no body %s", id.c_str());
    }
    return *it;
}

BodySpec& specBody(MechanismSpec& spec, const std::string& id) {
    const auto it = std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                 [&](const BodySpec& b) { return b.id == id; });
    if (it == spec.bodies.end()) {
        qFatal("no body %s", id.c_str());
    }
    return *it;
}

CounterweightSpec weight(std::string name, double mass, Eigen::Vector2d at, double z = 0) {
    CounterweightSpec w;
    w.name = std::move(name);
    w.mass = mass;
    w.p_B = at;
    w.z_B = z;
    return w;
}

/// The crank of examples/four_bar.json (1.5 kg, COM (0.019, 0), 1.805e-4 kg·m²) with a 0.6 kg
/// counterweight at (−0.02, 0.01) of its own 1e-5 kg·m².
MechanismSpec planarWithWeights() {
    MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
    CounterweightSpec w = weight("cw", 0.6, {-0.02, 0.01});
    w.inertia = 1e-5;
    specBody(spec, "link1").counterweights.push_back(w);
    specBody(spec, "link2").counterweights.push_back(weight("", 0.25, {-0.03, 0.0}));
    return spec;
}

/// The RSSR's crank (0.2 kg, COM (0.02, 0, 0), diag(1e-6, 2.6667e-5, 2.6667e-5)) with a 0.1 kg
/// point mass at (−0.01, 0, 0.005), and a weight with its own tensor on the rocker.
MechanismSpec spatialWithWeights() {
    MechanismSpec spec = fixtures::exampleSpec("rssr.json");
    BodySpec& crank = specBody(spec, "crank");
    crank.inertiaTensor = Eigen::Vector3d(1e-6, 2.6667e-5, 2.6667e-5).asDiagonal();
    crank.counterweights.push_back(weight("point", 0.1, {-0.01, 0.0}, 0.005));
    CounterweightSpec w = weight("disc", 0.05, {0.0, -0.02}, 0.0);
    Eigen::Matrix3d tensor;
    tensor << 2e-6, 1e-7, 0, 1e-7, 2e-6, 0, 0, 0, 3e-6;
    w.inertiaTensor = tensor;
    specBody(spec, "rocker").counterweights.push_back(w);
    return spec;
}

} // namespace

class TestCounterweights : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTripsPlanarByteForByte() {
        const MechanismSpec spec = planarWithWeights();
        QVERIFY(!hasErrors(validateSpec(spec)));
        const std::string text = toJson(spec);
        QVERIFY(text.find("\"counterweights\"") != std::string::npos);
        const LoadResult back = parseMechanismJson(text);
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        QVERIFY(back.diagnostics.empty());
        QVERIFY(*back.spec == spec);
        QCOMPARE(toJson(*back.spec), text);
    }

    void roundTripsSpatialByteForByte() {
        const MechanismSpec spec = spatialWithWeights();
        QVERIFY(!hasErrors(validateSpec(spec)));
        const std::string text = toJson(spec);
        const LoadResult back = parseMechanismJson(text);
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        QVERIFY(*back.spec == spec);
        QCOMPARE(toJson(*back.spec), text);
    }

    void writesNothingWithoutCounterweights() {
        const MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
        QVERIFY(toJson(spec).find("counterweights") == std::string::npos);
    }

    // hand computation: M = 1.5 + 0.6 = 2.1 kg; c = (1.5·0.019 − 0.6·0.02, 0.6·0.01)/2.1;
    // I = 1.805e-4 + 1.5·|(0.019, 0) − c|² + 1e-5 + 0.6·|(−0.02, 0.01) − c|²
    void foldsPlanarMassProperties() {
        const auto model = fixtures::compiled(planarWithWeights());
        const Body& crank = modelBody(*model, "link1");
        QCOMPARE(crank.mass, 2.1);
        QVERIFY(std::abs(crank.com_B.x() - 0.007857142857142856) < 1e-15);
        QVERIFY(std::abs(crank.com_B.y() - 0.002857142857142857) < 1e-15);
        QVERIFY(std::abs(crank.inertiaCom() - 0.0008852142857142857) < 1e-15);
        QCOMPARE(crank.inertia_B(2, 2), crank.inertiaCom());
        QCOMPARE(crank.com_B.z(), 0.0);
        // the rocker: 3 kg at 0.0576 and a 0.25 kg point mass at −0.03
        const Body& rocker = modelBody(*model, "link2");
        const double mass = 3.25;
        const double x = (3.0 * 0.0576 - 0.25 * 0.03) / mass;
        QVERIFY(std::abs(rocker.mass - mass) < 1e-15);
        QVERIFY(std::abs(rocker.com_B.x() - x) < 1e-15);
        const double inertia =
            3.31776e-3 + 3.0 * (0.0576 - x) * (0.0576 - x) + 0.25 * (-0.03 - x) * (-0.03 - x);
        QVERIFY(std::abs(rocker.inertiaCom() - inertia) < 1e-15);
    }

    // hand computation: M = 0.3 kg, c = (0.01, 0, 0.005/3); the tensor by the parallel-axis
    // theorem, written out: Ixx = 1e-6 + 0.2·(1/600)² + 0.1·(0.01/3)² = 2.6667e-6 …
    void foldsSpatialMassProperties() {
        const auto model = fixtures::compiled(spatialWithWeights());
        const Body& crank = modelBody(*model, "crank");
        QVERIFY(std::abs(crank.mass - 0.3) < 1e-15);
        QVERIFY((crank.com_B - Eigen::Vector3d(0.01, 0.0, 0.0016666666666666666)).norm() < 1e-15);
        Eigen::Matrix3d expected;
        expected << 2.6666666666666643e-06, 0.0, 9.999999999999999e-06, //
            0.0, 8.833366666666666e-05, 0.0,                            //
            9.999999999999999e-06, 0.0, 8.6667e-05;
        QVERIFY((crank.inertia_B - expected).cwiseAbs().maxCoeff() < 1e-17);
        QVERIFY((crank.inertia_B - crank.inertia_B.transpose()).norm() == 0.0);
    }

    void reportsMalformedCounterweights() {
        const std::string good = toJson(planarWithWeights());
        const auto replaced = [&](const std::string& from, const std::string& to) {
            std::string text = good;
            const std::size_t at = text.find(from);
            if (at == std::string::npos) {
                qFatal("no %s in the text", from.c_str());
            }
            return text.replace(at, from.size(), to);
        };
        const auto firstError = [](const LoadResult& r) -> Diagnostic {
            for (const Diagnostic& d : r.diagnostics) {
                if (d.isError()) {
                    return d;
                }
            }
            return {};
        };
        // a mass in quotes
        {
            const LoadResult r = parseMechanismJson(replaced("\"mass\": 0.6", "\"mass\": \"0.6\""));
            QVERIFY(!r.ok());
            const Diagnostic d = firstError(r);
            QCOMPARE(d.where, std::string("bodies[0].counterweights[0].mass"));
            QVERIFY2(d.hint.find("remove the quotes") != std::string::npos, d.hint.c_str());
        }
        // no position
        {
            const LoadResult r = parseMechanismJson(replaced("\"at\": [-0.02, 0.01]", "\"x\": 1"));
            QVERIFY(!r.ok());
            const Diagnostic d = firstError(r);
            QCOMPARE(d.where, std::string("bodies[0].counterweights[0].at"));
            QVERIFY(d.message.find("missing required key") != std::string::npos);
            QVERIFY(d.hint.find("body frame") != std::string::npos);
        }
        // a tensor in a planar file
        {
            const LoadResult r =
                parseMechanismJson(replaced("\"inertia\": 1e-05", "\"inertia\": [1, 2, 3]"));
            QVERIFY(!r.ok());
            QCOMPARE(firstError(r).where, std::string("bodies[0].counterweights[0].inertia"));
        }
        // an unknown key only warns, with the nearest known one
        {
            const LoadResult r = parseMechanismJson(replaced("\"mass\": 0.6", "\"mas\": 0.6, "
                                                                              "\"mass\": 0.6"));
            QVERIFY(r.ok());
            QCOMPARE(r.diagnostics.size(), std::size_t(1));
            QCOMPARE(r.diagnostics[0].where, std::string("bodies[0].counterweights[0].mas"));
            QVERIFY(r.diagnostics[0].message.find("mass") != std::string::npos ||
                    r.diagnostics[0].hint.find("mass") != std::string::npos);
        }
        // validation: a negative mass, a negative inertia, a repeated name
        {
            MechanismSpec spec = planarWithWeights();
            BodySpec& crank = specBody(spec, "link1");
            crank.counterweights[0].mass = -1;
            crank.counterweights[0].inertia = -2e-5;
            crank.counterweights.push_back(weight("cw", 0.1, {0, 0}));
            const Diagnostics diagnostics = validateSpec(spec);
            const auto has = [&](const std::string& where, const std::string& words) {
                return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const auto& d) {
                    return d.isError() && d.where == where &&
                           d.message.find(words) != std::string::npos && !d.hint.empty();
                });
            };
            QVERIFY2(has("bodies[0].counterweights[0].mass", "must be positive"),
                     formatDiagnostics(diagnostics).c_str());
            QVERIFY(has("bodies[0].counterweights[0].inertia", "must be ≥ 0"));
            QVERIFY(has("bodies[0].counterweights[1].name", "duplicate counterweight name"));
        }
    }
};

SSLM_TEST_GUILESS_MAIN(TestCounterweights)
} // namespace tst_counterweights
#include "tst_counterweights.moc"
