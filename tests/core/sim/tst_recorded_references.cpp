// SPDX-License-Identifier: MIT
// The kernel's numbers, recorded: for every example (planar and spatial), with the file's cuts
// and with another valid cut set, q̈ and λ of all four solvers at three consistent states, the
// state after a 2 s run at rtol = atol = 1e-12, and inverse-dynamics torques, multipliers and
// joint reactions over 0.5 s. tests/data/reference/<example>.json holds them as main computed
// them before the one-kernel refactor (issue 33); this test recomputes them from the recorded
// states and compares: q̈, λ, τ and reactions to 1e-12 relative (q̈ and λ also within the
// recorded solvers' spread at that state), trajectories to 1e-9. So a refactor of the kernel is
// checked by numbers, not by reading.
//
// To record (only when a change of the numbers is intended, and say why in the commit):
//   SSLM_RECORD_REFERENCES=1 build/tests/core/tst_recorded_references

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "core/inverse/driven_motions.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/dynamics_rhs.hpp"
#include "core/sim/simulation.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_recorded_references {

using namespace sslm;

namespace {

constexpr double kStateTolerance = 1e-12;     ///< relative: q̈, λ, τ, reactions
constexpr double kTrajectoryTolerance = 1e-9; ///< relative: q, q̇ after 2 s
constexpr double kTrajectoryEnd = 2.0;        ///< s
constexpr double kTrajectoryRtol = 1e-12;
constexpr double kStateRunEnd = 1.0; ///< s: the states are taken from this run
constexpr int kStates = 3;
constexpr unsigned kSeed = 20261127;
constexpr double kInverseEnd = 0.5;      ///< s
constexpr double kInverseInterval = 0.1; ///< s

const std::vector<std::string> kExamples{
    "carpet_scraper.json",  "carpet_scraper_driven.json", "four_bar.json", "slider_crank.json",
    "three_rrr.json",       "watt_six_bar.json",          "rssr.json",     "spatial_ladder_4.json",
    "stewart_platform.json"};

const std::vector<std::pair<SolverKind, const char*>> kSolvers{{SolverKind::Augmented, "augmented"},
                                                               {SolverKind::Slm, "slm"},
                                                               {SolverKind::Sslm, "sslm"},
                                                               {SolverKind::Rcr, "rcr"}};

QString referencePath(const std::string& example) {
    QString name = QString::fromStdString(example);
    name.chop(5); // .json
    return QStringLiteral(SSLM_TEST_DATA_DIR "/reference/%1.json").arg(name);
}

QJsonArray toJson(const Eigen::VectorXd& v) {
    QJsonArray out;
    for (Eigen::Index i = 0; i < v.size(); ++i) {
        out.append(v[i]);
    }
    return out;
}

Eigen::VectorXd fromJson(const QJsonValue& value) {
    const QJsonArray a = value.toArray();
    Eigen::VectorXd v(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        v[static_cast<Eigen::Index>(i)] = a[i].toDouble();
    }
    return v;
}

/// ‖a − b‖∞ ≤ tolerance · max(‖b‖∞, 1e-300) + 1e-14 + allowance; a message naming the worst
/// entry if not.
QString compare(const char* what,
                const Eigen::VectorXd& a,
                const Eigen::VectorXd& b,
                double tolerance,
                double allowance = 0.0) {
    if (a.size() != b.size()) {
        return QStringLiteral("%1: %2 entries, recorded %3").arg(what).arg(a.size()).arg(b.size());
    }
    if (a.size() == 0) {
        return {};
    }
    Eigen::Index worst = 0;
    const double error = (a - b).cwiseAbs().maxCoeff(&worst);
    const double scale = b.cwiseAbs().maxCoeff();
    if (!(error <= tolerance * scale + 1e-14 + allowance)) {
        return QStringLiteral("%1[%2] = %3, recorded %4 (error %5 of scale %6)")
            .arg(what)
            .arg(worst)
            .arg(a[worst], 0, 'g', 17)
            .arg(b[worst], 0, 'g', 17)
            .arg(error, 0, 'g', 3)
            .arg(scale, 0, 'g', 3);
    }
    return {};
}

/// The largest ‖x_a − x_b‖∞ between two recorded solvers' `key` (q̈ or λ) at one state: the four
/// solve the same equations, so this is the rounding floor of the state's conditioning. Near a
/// singular pose it exceeds 1e-12 relative, and a change of rounding alone (a factor's
/// operation order) may move a solver by that much without making it less exact.
double recordedSpread(const QJsonObject& recorded, const char* key) {
    std::vector<Eigen::VectorXd> values;
    for (const auto& [kind, name] : kSolvers) {
        const QJsonObject result = recorded[QLatin1String(name)].toObject();
        if (!result.contains(QStringLiteral("failure"))) {
            values.push_back(fromJson(result[QLatin1String(key)]));
        }
    }
    double spread = 0.0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        for (std::size_t j = i + 1; j < values.size(); ++j) {
            if (values[i].size() == values[j].size() && values[i].size() > 0) {
                spread = std::max(spread, (values[i] - values[j]).cwiseAbs().maxCoeff());
            }
        }
    }
    return spread;
}

/// A cut set other than the file's that compiles and assembles: the automatic choice, else the
/// file's with one cut moved to another joint; one whose inputs stay uncut (so that inverse
/// dynamics runs) before one that cuts an input. Empty if there is none.
std::optional<std::vector<std::string>> otherCuts(const MechanismSpec& spec,
                                                  const Model& fileModel) {
    std::vector<std::string> fileCuts;
    for (const int joint : fileModel.cuts) {
        fileCuts.push_back(fileModel.joints[static_cast<std::size_t>(joint)].name);
    }
    if (fileCuts.empty()) {
        return std::nullopt;
    }
    std::vector<std::vector<std::string>> candidates{{}}; // {} asks for the automatic choice
    for (const JointSpec& joint : spec.joints) {
        if (std::find(fileCuts.begin(), fileCuts.end(), joint.name) == fileCuts.end()) {
            candidates.push_back(fileCuts);
            candidates.back().front() = joint.name;
        }
    }
    std::optional<std::vector<std::string>> fallback;
    std::vector<std::string> sortedFile = fileCuts;
    std::sort(sortedFile.begin(), sortedFile.end());
    for (const std::vector<std::string>& candidate : candidates) {
        CompileOptions options;
        options.cuts = candidate;
        const CompileResult result = compileModel(spec, options);
        if (!result.ok()) {
            continue;
        }
        std::vector<std::string> cuts;
        for (const int joint : result.model->cuts) {
            cuts.push_back(result.model->joints[static_cast<std::size_t>(joint)].name);
        }
        std::vector<std::string> sorted = cuts;
        std::sort(sorted.begin(), sorted.end());
        const InitialState initial = assembleInitialState(*result.model);
        if (sorted == sortedFile || !initial.report.converged) {
            continue;
        }
        std::string message;
        const auto motions = initialRateMotions(*result.model, initial.q, initial.qd, message);
        if (motions && !motions->empty()) {
            return cuts;
        }
        if (!fallback) {
            fallback = cuts;
        }
    }
    return fallback;
}

/// The run the states are taken from: SSLM, rtol = atol = 1e-10, samples every 10 ms.
std::vector<Sample> stateRun(const Model& model) {
    const InitialState initial = assembleInitialState(model);
    SimulationSettings settings;
    settings.tEnd = kStateRunEnd;
    settings.rtol = settings.atol = 1e-10;
    std::vector<Sample> samples;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&samples](const Sample& s) {
        samples.push_back(s);
    };
    simulate(model, settings, initial.q, initial.qd, callbacks);
    return samples;
}

/// q̈ and λ of every solver at (t, q, q̇): {"sslm": {"qdd": [...], "lambda": [...]}, ...}, or
/// {"failure": "..."} for a solver that cannot evaluate there.
QJsonObject
solverResults(const Model& model, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    QJsonObject out;
    for (const auto& [kind, name] : kSolvers) {
        SimulationSettings settings;
        settings.solver = kind;
        DynamicsRhs rhs(model, settings);
        QJsonObject result;
        if (rhs.evaluate(t, q, qd)) {
            result[QStringLiteral("qdd")] = toJson(rhs.qdd());
            result[QStringLiteral("lambda")] = toJson(rhs.lambda());
        } else {
            result[QStringLiteral("failure")] = QString::fromStdString(rhs.failure());
        }
        out[QLatin1String(name)] = result;
    }
    return out;
}

/// The final state of a 2 s SSLM run at rtol = atol = 1e-12 from the file's initial state.
QJsonObject trajectory(const Model& model) {
    const InitialState initial = assembleInitialState(model);
    SimulationSettings settings;
    settings.tEnd = kTrajectoryEnd;
    settings.rtol = settings.atol = kTrajectoryRtol;
    settings.sampleInterval = kTrajectoryEnd / 4;
    Sample last;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&last](const Sample& s) {
        last = s;
    };
    const SimulationSummary summary = simulate(model, settings, initial.q, initial.qd, callbacks);
    QJsonObject out;
    out[QStringLiteral("ok")] = summary.ok;
    out[QStringLiteral("t")] = last.t;
    out[QStringLiteral("q")] = toJson(last.q);
    out[QStringLiteral("qd")] = toJson(last.qd);
    return out;
}

/// Inverse dynamics (subsystem method) with the file's inputs at their initial rates over
/// 0.5 s: per sample τ, λ and every joint's reaction (force, then moment); empty when the file
/// gives no motion to prescribe.
QJsonArray inverseSamples(const Model& model) {
    QJsonArray out;
    const InitialState initial = assembleInitialState(model);
    std::string message;
    const auto motions = initialRateMotions(model, initial.q, initial.qd, message);
    if (!motions || motions->empty()) {
        return out;
    }
    InverseRunSettings settings;
    settings.tEnd = kInverseEnd;
    settings.sampleInterval = kInverseInterval;
    InverseRunCallbacks callbacks;
    const bool spatial = model.isSpatial(); // as the reactions were recorded
    callbacks.onSample = [&out, spatial](const InverseSample& s) {
        QJsonObject sample;
        sample[QStringLiteral("t")] = s.t;
        sample[QStringLiteral("tau")] = toJson(s.tau);
        sample[QStringLiteral("lambda")] = toJson(s.lambda);
        std::vector<double> reactions;
        for (const JointReaction& r : s.reactions) {
            if (spatial) {
                reactions.insert(reactions.end(), {r.force.x(), r.force.y(), r.force.z(),
                                                   r.moment.x(), r.moment.y(), r.moment.z()});
            } else {
                reactions.insert(reactions.end(), {r.force.x(), r.force.y(), r.moment.z()});
            }
        }
        sample[QStringLiteral("reactions")] = toJson(Eigen::Map<const Eigen::VectorXd>(
            reactions.data(), static_cast<Eigen::Index>(reactions.size())));
        out.append(sample);
    };
    runInverseDynamics(model, *motions, initial.q, settings, callbacks);
    return out;
}

/// Everything recorded for `model` (one cut set).
QJsonObject record(const Model& model) {
    QJsonObject out;
    QJsonArray cuts;
    for (const int joint : model.cuts) {
        cuts.append(QString::fromStdString(model.joints[static_cast<std::size_t>(joint)].name));
    }
    out[QStringLiteral("cuts")] = cuts;
    const std::vector<Sample> samples = stateRun(model);
    std::mt19937 random(kSeed);
    QJsonArray states;
    for (int k = 0; k < kStates && !samples.empty(); ++k) {
        std::uniform_int_distribution<std::size_t> pick(0, samples.size() - 1);
        const Sample& s = samples[pick(random)];
        QJsonObject state;
        state[QStringLiteral("t")] = s.t;
        state[QStringLiteral("q")] = toJson(s.q);
        state[QStringLiteral("qd")] = toJson(s.qd);
        state[QStringLiteral("solvers")] = solverResults(model, s.t, s.q, s.qd);
        states.append(state);
    }
    out[QStringLiteral("states")] = states;
    out[QStringLiteral("trajectory")] = trajectory(model);
    out[QStringLiteral("inverse")] = inverseSamples(model);
    return out;
}

/// The model of `spec` with the recorded cuts.
std::shared_ptr<const Model> withCuts(const MechanismSpec& spec, const QJsonArray& cuts) {
    CompileOptions options;
    options.cuts = std::vector<std::string>{};
    for (const QJsonValue& cut : cuts) {
        options.cuts->push_back(cut.toString().toStdString());
    }
    const CompileResult result = compileModel(spec, options);
    return result.model;
}

} // namespace

class TestRecordedReferences : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesTheRecordedNumbers_data() {
        QTest::addColumn<QString>("example");
        for (const std::string& example : kExamples) {
            QTest::newRow(example.c_str()) << QString::fromStdString(example);
        }
    }

    void matchesTheRecordedNumbers() {
        QFETCH(QString, example);
        const std::string file = example.toStdString();
        const MechanismSpec spec = fixtures::exampleSpec(file);
        const std::shared_ptr<const Model> fileModel = fixtures::compiled(spec);

        if (qEnvironmentVariableIsSet("SSLM_RECORD_REFERENCES")) {
            QJsonArray cutSets{record(*fileModel)};
            if (const auto other = otherCuts(spec, *fileModel)) {
                CompileOptions options;
                options.cuts = *other;
                cutSets.append(record(*compileModel(spec, options).model));
            }
            QJsonObject root;
            root[QStringLiteral("example")] = example;
            root[QStringLiteral("cut_sets")] = cutSets;
            QDir().mkpath(QFileInfo(referencePath(file)).absolutePath());
            QFile out(referencePath(file));
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(QJsonDocument(root).toJson(QJsonDocument::Indented));
            qInfo("recorded %s (%d cut sets)", qPrintable(referencePath(file)),
                  static_cast<int>(cutSets.size()));
            return;
        }

        QFile in(referencePath(file));
        QVERIFY2(in.open(QIODevice::ReadOnly),
                 qPrintable(referencePath(file) + QStringLiteral(" is missing")));
        const QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
        const QJsonArray cutSets = root[QStringLiteral("cut_sets")].toArray();
        QVERIFY(!cutSets.isEmpty());
        int compared = 0;
        for (const QJsonValue& setValue : cutSets) {
            const QJsonObject set = setValue.toObject();
            const std::shared_ptr<const Model> model =
                withCuts(spec, set[QStringLiteral("cuts")].toArray());
            QVERIFY(model != nullptr);
            const QString cutsText =
                QJsonDocument(set[QStringLiteral("cuts")].toArray()).toJson(QJsonDocument::Compact);

            // q̈ and λ of every solver at each recorded state
            for (const QJsonValue& stateValue : set[QStringLiteral("states")].toArray()) {
                const QJsonObject state = stateValue.toObject();
                const double t = state[QStringLiteral("t")].toDouble();
                const QJsonObject now =
                    solverResults(*model, t, fromJson(state[QStringLiteral("q")]),
                                  fromJson(state[QStringLiteral("qd")]));
                const QJsonObject recorded = state[QStringLiteral("solvers")].toObject();
                const auto spread = [&](const char* key) {
                    return recordedSpread(recorded, key);
                };
                for (const auto& [kind, name] : kSolvers) {
                    const QJsonObject a = now[QLatin1String(name)].toObject();
                    const QJsonObject b = recorded[QLatin1String(name)].toObject();
                    const QString where = QStringLiteral("%1 cuts %2 t = %3 %4")
                                              .arg(example, cutsText)
                                              .arg(t)
                                              .arg(QLatin1String(name));
                    QVERIFY2(a.contains(QStringLiteral("failure")) ==
                                 b.contains(QStringLiteral("failure")),
                             qPrintable(where + QStringLiteral(": fails now or failed then")));
                    if (b.contains(QStringLiteral("failure"))) {
                        continue;
                    }
                    for (const char* key : {"qdd", "lambda"}) {
                        const QString error =
                            compare(key, fromJson(a[QLatin1String(key)]),
                                    fromJson(b[QLatin1String(key)]), kStateTolerance, spread(key));
                        QVERIFY2(error.isEmpty(), qPrintable(where + QStringLiteral(": ") + error));
                        ++compared;
                    }
                }
            }

            // the 2 s trajectory
            const QJsonObject run = trajectory(*model);
            const QJsonObject then = set[QStringLiteral("trajectory")].toObject();
            QCOMPARE(run[QStringLiteral("ok")].toBool(), then[QStringLiteral("ok")].toBool());
            for (const char* key : {"q", "qd"}) {
                const QString error =
                    compare(key, fromJson(run[QLatin1String(key)]),
                            fromJson(then[QLatin1String(key)]), kTrajectoryTolerance);
                QVERIFY2(error.isEmpty(), qPrintable(example + QStringLiteral(" cuts ") + cutsText +
                                                     QStringLiteral(" after 2 s: ") + error));
                ++compared;
            }

            // inverse dynamics
            const QJsonArray inverse = inverseSamples(*model);
            const QJsonArray recordedInverse = set[QStringLiteral("inverse")].toArray();
            QCOMPARE(inverse.size(), recordedInverse.size());
            for (qsizetype k = 0; k < inverse.size(); ++k) {
                const QJsonObject a = inverse[k].toObject();
                const QJsonObject b = recordedInverse[k].toObject();
                for (const char* key : {"tau", "lambda", "reactions"}) {
                    const QString error = compare(key, fromJson(a[QLatin1String(key)]),
                                                  fromJson(b[QLatin1String(key)]), kStateTolerance);
                    QVERIFY2(error.isEmpty(),
                             qPrintable(QStringLiteral("%1 cuts %2 inverse t = %3: %4")
                                            .arg(example, cutsText)
                                            .arg(a[QStringLiteral("t")].toDouble())
                                            .arg(error)));
                    ++compared;
                }
            }
        }
        qInfo("%s: %d vectors as recorded", qPrintable(example), compared);
    }
};

SSLM_TEST_GUILESS_MAIN(TestRecordedReferences)
} // namespace tst_recorded_references
#include "tst_recorded_references.moc"
