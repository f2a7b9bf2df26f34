// SPDX-License-Identifier: MIT
// MJCF in and out (core/interop/mjcf_import.hpp, mjcf_export.hpp), checked against MuJoCo 2.2
// itself:
//  * the slider-crank of examples/interop/slider_crank.xml (a universal joint at the crank
//    tip, closed by a <connect>, so its three rows are independent) imports with its masses,
//    turned inertias, joint axes and one spherical cut; at rest under gravity its q̈ from the
//    kernel matches MuJoCo's mj_forward; simulated from its keyframe it keeps its loop closed
//    and its energy balance;
//  * the round trip export → import of examples/four_bar.json (planar, comes back spatial)
//    and examples/rssr.json gives the same masses, inertias, joint points and axes to 1e-12,
//    turned into the body frames at the assembled pose (MJCF's frames);
//  * the exported four-bar run in MuJoCo (mj_step, RK4) follows SSLM's θ1(t) over 1 s; every
//    example exports with its loops closed at the keyframe (position and velocity rows);
//  * visuals go out as geoms (meshes as <mesh> assets beside the file) and come back with their
//    files, scales, poses and colours;
//  * bodies without joints merge into the body they are welded to (welded_pendulum.xml, to
//    1e-15); a <weld> makes its two bodies one, the second body's joint the loop's cut
//    (welded_four_bar.xml: a planar four-bar of three bodies, 1 DOF); free joints are refused; a
//    malformed file is an error naming the file, line and element;
//  * a limited hinge and slide with frictionloss import as stops (range − qpos0) and Coulomb
//    friction, a two-site tendon with stiffness as a two-point spring, spatial and planar; the
//    four-bar with stops, friction and a preloaded gas spring goes out (MuJoCo loads it, the
//    tendon's length at qpos0 is SSLM's) and comes back with the same numbers.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include <QtTest>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include "core/interop/mechanism_export.hpp"
#include "core/interop/mechanism_import.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/sim/simulation.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/interop/interop_support.hpp"
#include "tests/test_main.hpp"
#include <mujoco/mujoco.h>

namespace tst_mjcf {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

struct MjDeleter {
    void operator()(mjModel* m) const { mj_deleteModel(m); }
    void operator()(mjData* d) const { mj_deleteData(d); }
};
using MjModelPtr = std::unique_ptr<mjModel, MjDeleter>;
using MjDataPtr = std::unique_ptr<mjData, MjDeleter>;

MjModelPtr loadMujoco(const std::string& path) {
    char error[1024] = "";
    MjModelPtr m(mj_loadXML(path.c_str(), nullptr, error, static_cast<int>(sizeof error)));
    if (!m) {
        qFatal("MuJoCo refuses %s: %s", path.c_str(), error);
    }
    return m;
}

/// Exports `spec` as MJCF into dir/name.xml and returns the path.
std::string exportTo(const MechanismSpec& spec, const QTemporaryDir& dir, const char* name) {
    const ExportResult exported = exportMechanism(spec, "mjcf");
    if (!exported.ok()) {
        qFatal("%s", formatDiagnostics(exported.diagnostics).c_str());
    }
    const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString() + ".xml";
    std::ofstream(path) << *exported.text;
    return path;
}

bool hasItem(const std::vector<ImportItem>& items, const std::string& element) {
    return std::any_of(items.begin(), items.end(),
                       [&](const ImportItem& i) { return i.element.find(element) == 0; });
}

const BodySpec* bodyOf(const MechanismSpec& spec, const std::string& id) {
    for (const BodySpec& b : spec.bodies) {
        if (b.id == id) {
            return &b;
        }
    }
    return nullptr;
}

/// The length (m) of `spec`'s first two-point element at its assembled initial state.
double twoPointLength(const MechanismSpec& spec) {
    const std::shared_ptr<const Model> model = compiled(spec);
    const InitialState state = assembleInitialState(*model);
    if (!state.report.converged) {
        qFatal("%s", state.report.message.c_str());
    }
    Workspace ws(*model);
    updatePositions(*model, ws, state.q);
    const TwoPointElement& e = model->twoPointElements.at(0);
    const auto at = [&](int b, const Eigen::Vector3d& p) -> Eigen::Vector3d {
        return b <= 0 ? p : Eigen::Vector3d(ws.position[b] + ws.rotation[b] * p);
    };
    return (at(e.firstBody, e.first_B) - at(e.secondBody, e.second_B)).norm();
}

const JointSpec* jointOf(const MechanismSpec& spec, const std::string& name) {
    for (const JointSpec& j : spec.joints) {
        if (j.name == name) {
            return &j;
        }
    }
    return nullptr;
}

Eigen::Vector3d comOf(const BodySpec& body) {
    return {body.com_B.x(), body.com_B.y(), body.comZ_B};
}

Eigen::Vector3d pointOf(const MechanismSpec& spec, const JointEnd& end) {
    const std::vector<BodyPoint>& points =
        end.body == kGroundId ? spec.ground.points : bodyOf(spec, end.body)->points;
    for (const BodyPoint& p : points) {
        if (p.name == end.point) {
            return p.position3();
        }
    }
    qFatal("no point %s on %s", end.point.c_str(), end.body.c_str());
}

/// Samples of an SSLM run of `model` from its assembled initial state (dopri5, tight).
std::vector<Sample> runSslm(const Model& model, double tEnd, double interval) {
    const InitialState state = assembleInitialState(model);
    if (!state.report.converged) {
        qFatal("%s", state.report.message.c_str());
    }
    SimulationSettings settings;
    settings.tEnd = tEnd;
    settings.sampleInterval = interval;
    settings.rtol = 1e-11;
    settings.atol = 1e-11;
    std::vector<Sample> samples;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        samples.push_back(s);
    };
    const SimulationSummary summary = simulate(model, settings, state.q, state.qd, callbacks);
    if (!summary.ok) {
        qFatal("%s", summary.message.c_str());
    }
    return samples;
}

/// q̈ of the kernel at (q, q̇): the first sample of a run.
Eigen::VectorXd kernelQdd(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    SimulationSettings settings;
    settings.tEnd = 1e-6;
    settings.sampleInterval = 1e-6;
    Eigen::VectorXd out;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        if (out.size() == 0) {
            out = s.qdd;
        }
    };
    simulate(model, settings, q, qd, callbacks);
    return out;
}

/// max |θ(t) − θ_SSLM(t)| over [0, tEnd] of the MJCF joint `joint` (qpos = our coordinate
/// `coordinate`), MuJoCo stepping with RK4 at `dt` (0: the file's timestep) from the
/// keyframe, its equality time constant set to `timeConstant` (0: the file's).
double mujocoVersusSslm(const std::string& file,
                        const Model& model,
                        const std::string& joint,
                        const std::string& coordinate,
                        double dt,
                        double timeConstant,
                        double tEnd,
                        double* closure = nullptr) {
    const double interval = 1e-2;
    const std::vector<Sample> ours = runSslm(model, tEnd, interval);
    const int k = positionIndex(model, model.coordinateIndex(coordinate));
    MjModelPtr m = loadMujoco(file);
    if (dt > 0) {
        m->opt.timestep = dt;
    }
    dt = m->opt.timestep;
    m->opt.integrator = mjINT_RK4;
    m->opt.disableflags |= mjDSBL_CONTACT | mjDSBL_ACTUATION;
    if (timeConstant > 0) {
        for (int e = 0; e < m->neq; ++e) {
            m->eq_solref[mjNREF * e] = timeConstant;
        }
    }
    MjDataPtr d(mj_makeData(m.get()));
    mj_resetDataKeyframe(m.get(), d.get(), 0);
    const int address = m->jnt_qposadr[mj_name2id(m.get(), mjOBJ_JOINT, joint.c_str())];
    double largest = 0;
    double violation = 0;
    const int stepsPerSample = static_cast<int>(std::lround(interval / dt));
    for (std::size_t s = 0; s < ours.size(); ++s) {
        if (std::abs(ours[s].t - static_cast<double>(s) * interval) > 1e-9) {
            qFatal("sample %d at t = %g", static_cast<int>(s), ours[s].t);
        }
        if (s > 0) {
            for (int i = 0; i < stepsPerSample; ++i) {
                mj_step(m.get(), d.get());
            }
        }
        largest = std::max(largest, std::abs(d->qpos[address] - ours[s].q[k]));
        mj_forward(m.get(), d.get());
        for (int row = 0; row < d->nefc; ++row) {
            violation = std::max(violation, std::abs(d->efc_pos[row]));
        }
    }
    if (closure != nullptr) {
        *closure = violation;
    }
    return largest;
}

/// `spec` exported to MJCF in `dir` as `name`, run as written (RK4 at the file's timestep and
/// equality time constant) and by SSLM over 1 s from the assembled state.
struct ExportedRun {
    std::string file;
    std::shared_ptr<const Model> model;
    double difference = 0; ///< max |θ1 − θ1_SSLM| of the input joint J1 (rad)
    double closure = 0;    ///< MuJoCo's max |Φ| (m)
};

ExportedRun
exportedAgainstSslm(const MechanismSpec& spec, const QTemporaryDir& dir, const char* name) {
    ExportedRun run;
    run.file = exportTo(spec, dir, name);
    run.model = compiled(spec);
    run.difference =
        mujocoVersusSslm(run.file, *run.model, "J1", "theta1", 0, 0, 1.0, &run.closure);
    return run;
}

/// Checks the round trip of examples/<file>: the imported bodies, points and axes are the
/// original's turned into each body's frame at the assembled pose (MJCF's body frames), to 1e-12.
void checkRoundTrip(const std::string& file) {
    const MechanismSpec original = exampleSpec(file);
    QTemporaryDir dir;
    const std::string path = exportTo(original, dir, "round_trip");
    // kept spatial: the MJCF's own frames are compared (the four-bar would be recognised planar)
    const ImportResult back = importMechanism(path, MechanismImportOptions{true});
    QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
    const MechanismSpec& spec = *back.spec;
    QCOMPARE(spec.space, MotionSpace::Spatial);
    const std::shared_ptr<const Model> model = compiled(original);
    const InitialState state = assembleInitialState(*model);
    Workspace ws(*model);
    updatePositions(*model, ws, state.q);
    const auto rotation = [&](const std::string& id) -> Eigen::Matrix3d {
        const int b = model->bodyIndex(id);
        if (b <= 0) {
            return Eigen::Matrix3d::Identity();
        }
        return model->isSpatial()
                   ? ws.rotation[b]
                   : Eigen::AngleAxisd(ws.angle[b], Eigen::Vector3d::UnitZ()).toRotationMatrix();
    };
    double worst = 0;
    QCOMPARE(spec.bodies.size(), original.bodies.size());
    for (const BodySpec& body : original.bodies) {
        const BodySpec* imported = bodyOf(spec, body.id);
        QVERIFY2(imported != nullptr, body.id.c_str());
        const Eigen::Matrix3d R = rotation(body.id);
        const Body& compiledBody = model->bodies[model->bodyIndex(body.id)];
        QVERIFY(std::abs(imported->mass - body.mass) <= 1e-12 * body.mass);
        const Eigen::Vector3d com(body.com_B.x(), body.com_B.y(), body.comZ_B);
        worst = std::max(worst, (comOf(*imported) - R * com).norm());
        const Eigen::Matrix3d inertia =
            original.space == MotionSpace::Spatial
                ? Eigen::Matrix3d(R * compiledBody.inertia_B * R.transpose())
                : Eigen::Matrix3d(compiledBody.inertiaCom() * Eigen::Matrix3d::Identity());
        worst = std::max(worst, (*imported->inertiaTensor - inertia).cwiseAbs().maxCoeff() /
                                    inertia.cwiseAbs().maxCoeff());
    }
    for (const JointSpec& joint : original.joints) {
        const JointSpec* imported = jointOf(spec, joint.name);
        QVERIFY2(imported != nullptr, joint.name.c_str());
        const Joint& j = model->joints[model->jointIndex(joint.name)];
        const bool cut = j.isCut();
        // a cut keeps its sides; a tree joint's parent in MJCF is its tree parent
        const bool same = imported->parent.body == joint.parent.body;
        QCOMPARE(same ? imported->child.body : imported->parent.body, joint.child.body);
        for (const JointEnd* end : {&joint.parent, &joint.child}) {
            const bool isParent = end == &joint.parent;
            const JointEnd& mine = isParent == same ? imported->parent : imported->child;
            const Eigen::Vector3d expected = rotation(end->body) * pointOf(original, *end);
            worst = std::max(worst, (pointOf(spec, mine) - expected).norm());
        }
        if (joint.type == JointType::Spherical) {
            QCOMPARE(imported->type, JointType::Spherical);
            continue;
        }
        QCOMPARE(imported->type, joint.type);
        const Eigen::Vector3d axisA =
            rotation(joint.parent.body) * (original.space == MotionSpace::Spatial
                                               ? Eigen::Vector3d(joint.axis.normalized())
                                               : Eigen::Vector3d::UnitZ());
        // a tree joint written child → parent turns the other way; a cut's axis is
        // A's, through its two connects, and points from the first to the second
        const double sign = cut || same ? 1.0 : -1.0;
        worst = std::max(worst, (imported->axis - sign * axisA).norm());
        if (joint.type == JointType::Universal) {
            const Eigen::Vector3d axisB = rotation(joint.child.body) * joint.axis2.normalized();
            worst = std::max(worst, (imported->axis2 - sign * axisB).norm());
        }
    }
    qInfo("%s: largest round-trip difference %.3g", file.c_str(), worst);
    QVERIFY2(worst < 1e-12, QByteArray::number(worst).constData());
    QCOMPARE(spec.cuts.size(), original.cuts.size());
}

} // namespace

class TestMjcf : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sliderCrankImports() {
        const ImportResult r = mustImport(examplePath("interop/slider_crank.xml"));
        const MechanismSpec& spec = *r.spec;
        QCOMPARE(std::string(modelFormatName(r.report.format)), std::string("mjcf"));
        QCOMPARE(spec.bodies.size(), std::size_t(3));
        QCOMPARE(spec.cuts, std::vector<std::string>{"pin_C"});
        QCOMPARE(spec.gravity.y(), -9.81);
        const BodySpec& crank = *bodyOf(spec, "crank");
        QCOMPARE(crank.mass, 0.3);
        const Eigen::Matrix3d R = Eigen::AngleAxisd(0.6, Eigen::Vector3d::UnitZ()).matrix();
        const Eigen::Matrix3d expected =
            R * Eigen::Vector3d(1e-6, 6.25e-5, 6.25e-5).asDiagonal() * R.transpose();
        QVERIFY((*crank.inertiaTensor - expected).cwiseAbs().maxCoeff() < 1e-15);
        QVERIFY((comOf(crank) - Eigen::Vector3d(0.02063339037274196, 0.011616061834875885, 0.0))
                    .norm() < 1e-15);
        const JointSpec& u = *jointOf(spec, "rod_u");
        QCOMPARE(u.type, JointType::Universal);
        QVERIFY((u.axis - Eigen::Vector3d::UnitZ()).norm() < 1e-15);
        QVERIFY((u.axis2 - Eigen::Vector3d(0.14116061834875884, 0.9899867068942876, 0)).norm() <
                1e-15);
        QCOMPARE(jointOf(spec, "slider_joint")->type, JointType::Prismatic);
        QCOMPARE(jointOf(spec, "pin_C")->type, JointType::Spherical);
        QVERIFY(jointOf(spec, "crank_joint")->springDamper.has_value());
        QCOMPARE(jointOf(spec, "crank_joint")->springDamper->damping, 0.01);
        QVERIFY(hasItem(r.report.dropped, "actuator slider_servo"));
        QVERIFY(hasItem(r.report.dropped, "sensors"));
        QVERIFY(hasItem(r.report.approximated, "joint slider_joint range")); // end stops
        QCOMPARE(*jointOf(spec, "slider_joint")->limits->upper, 0.2);
        QVERIFY(hasItem(r.report.dropped, "contacts"));
        QVERIFY(hasItem(r.report.mapped, "keyframe spinning"));
        QCOMPARE(spec.actuators.size(), std::size_t(1));
        QCOMPARE(r.report.visuals.size(), std::size_t(4));
        // one input, chosen at the keyframe's pose, with its keyframe rate
        QCOMPARE(spec.initial.independent.size(), std::size_t(1));
        QCOMPARE(spec.initial.rates.size(), std::size_t(1));
        const std::string& input = spec.initial.independent.front().first;
        QCOMPARE(spec.initial.rates.front().first, input);
        const std::map<std::string, double> keyframe{{"crank_joint", 5.0},
                                                     {"rod_u.1", -6.0421044155972305},
                                                     {"slider_joint", -0.17058143908669424}};
        QVERIFY2(keyframe.count(input) == 1, input.c_str());
        QCOMPARE(spec.initial.rates.front().second, keyframe.at(input));
    }

    /// At rest, MuJoCo's acceleration constraint is the exact one (J̇q̇ = 0): its q̈ differs
    /// from the kernel's only by the constraint's regularisation (solimp 0.9999).
    void sliderCrankMatchesMujocoAtRest() {
        const std::string file = examplePath("interop/slider_crank.xml");
        const ImportResult r = mustImport(file);
        const std::shared_ptr<const Model> model = compiled(*r.spec);
        const InitialState state = assembleInitialState(*model);
        QVERIFY(state.report.converged);
        const Eigen::VectorXd rest = Eigen::VectorXd::Zero(model->nv());
        const Eigen::VectorXd ours = kernelQdd(*model, state.q, rest);

        MjModelPtr m = loadMujoco(file);
        m->opt.disableflags |= mjDSBL_CONTACT;
        MjDataPtr d(mj_makeData(m.get()));
        mj_forward(m.get(), d.get()); // qpos0, at rest
        double largest = 0;
        double scale = 0;
        for (const char* name : {"crank_joint", "rod_u.1", "rod_u.2", "slider_joint"}) {
            const int dof = m->jnt_dofadr[mj_name2id(m.get(), mjOBJ_JOINT, name)];
            const double mine = ours[model->coordinateIndex(name)];
            largest = std::max(largest, std::abs(d->qacc[dof] - mine));
            scale = std::max(scale, std::abs(mine));
            qInfo("%s: q̈ SSLM %.9g, MuJoCo %.9g", name, mine, d->qacc[dof]);
        }
        qInfo("slider-crank at rest: max |q̈ MuJoCo − q̈ SSLM| = %.3g (%.3g of max |q̈|)", largest,
              largest / scale);
        QVERIFY(scale > 1);
        QVERIFY2(largest < 1e-3 * scale, QByteArray::number(largest / scale).constData());
    }

    void sliderCrankSimulatesClosedAndConserving() {
        const ImportResult r = mustImport(examplePath("interop/slider_crank.xml"));
        const std::shared_ptr<const Model> model = compiled(*r.spec);
        const InitialState state = assembleInitialState(*model);
        SimulationSettings settings;
        settings.tEnd = 1.0;
        settings.rtol = 1e-10;
        settings.atol = 1e-10;
        const SimulationSummary summary = simulate(*model, settings, state.q, state.qd);
        QVERIFY2(summary.ok, summary.message.c_str());
        qInfo("slider-crank over 1 s: max |Φ| %.3g m, energy error %.3g J",
              summary.maxPositionViolation, summary.maxEnergyError);
        QVERIFY(summary.maxPositionViolation < 1e-9);
        QVERIFY(summary.maxEnergyError < 1e-7);
        // and MuJoCo's run of the file itself follows it
        double closure = 0;
        const double difference =
            mujocoVersusSslm(examplePath("interop/slider_crank.xml"), *model, "crank_joint",
                             "crank_joint", 1e-4, 2e-4, 1.0, &closure);
        QVERIFY(closure < 1e-5);
        qInfo("slider-crank, MuJoCo (RK4, dt 1e-4 s, solref 2e-4 s) vs SSLM over 1 s: max "
              "|Δθ| %.3g rad, MuJoCo's max |Φ| %.3g m",
              difference, closure);
        QVERIFY2(difference < 1e-4, QByteArray::number(difference).constData());
    }

    void fourBarRoundTrip() { checkRoundTrip("four_bar.json"); }

    void rssrRoundTrip() { checkRoundTrip("rssr.json"); }

    /// The exported file as written (RK4, timestep 1e-4 s, equality time constant 2e-4 s)
    /// against SSLM (dopri5, tolerances 1e-11). MuJoCo's loops drift by about the square of
    /// the time constant (its acceleration constraint omits J̇q̇): set SSLM_MJCF_SWEEP to see
    /// the difference for other steps and time constants.
    void exportedFourBarInMujocoFollowsSslm() {
        const MechanismSpec spec = exampleSpec("four_bar.json");
        QTemporaryDir dir;
        const ExportedRun run = exportedAgainstSslm(spec, dir, "four_bar");
        qInfo("four-bar, MuJoCo as exported (RK4, dt 1e-4 s, solref 2e-4 s) vs SSLM over 1 s: "
              "max |Δθ1| %.3g rad, MuJoCo's max |Φ| %.3g m",
              run.difference, run.closure);
        if (qEnvironmentVariableIsSet("SSLM_MJCF_SWEEP")) {
            for (const double dt : {1e-3, 5e-4, 2e-4, 1e-4}) {
                for (const double tc : {2 * dt, 5e-3, 2e-2}) {
                    double c = 0;
                    const double diff =
                        mujocoVersusSslm(run.file, *run.model, "J1", "theta1", dt, tc, 1.0, &c);
                    qInfo("dt %g tc %g: max dtheta1 %.3g, max phi %.3g", dt, tc, diff, c);
                }
            }
        }
        QVERIFY2(run.difference < 5e-4, QByteArray::number(run.difference).constData());
        QVERIFY(run.closure < 1e-5);
    }

    /// Every example exports, loads in MuJoCo, and its keyframe is the assembled state: the
    /// equality rows hold at qpos (|efc_pos|) and the keyframe's velocities satisfy them
    /// (|efc_vel| = |J qvel|); the file imports back with as many bodies and cuts.
    void everyExampleExportsClosedAtItsKeyframe() {
        const QStringList files = QDir(QStringLiteral(SSLM_EXAMPLES_DIR))
                                      .entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 8);
        QTemporaryDir dir;
        for (const QString& name : files) {
            const MechanismSpec spec = exampleSpec(name.toStdString());
            const std::string file = exportTo(spec, dir, qPrintable(name));
            MjModelPtr m = loadMujoco(file);
            MjDataPtr d(mj_makeData(m.get()));
            mj_resetDataKeyframe(m.get(), d.get(), 0);
            mj_forward(m.get(), d.get());
            double position = 0;
            double velocity = 0;
            for (int row = 0; row < d->nefc; ++row) {
                if (d->efc_type[row] == mjCNSTR_EQUALITY) {
                    position = std::max(position, std::abs(d->efc_pos[row]));
                    velocity = std::max(velocity, std::abs(d->efc_vel[row]));
                }
            }
            qInfo("%s: %d equality rows, max |Φ| %.2g, max |J q̇| %.2g", qPrintable(name), d->nefc,
                  position, velocity);
            QVERIFY2(position < 1e-10, qPrintable(name));
            QVERIFY2(velocity < 1e-9, qPrintable(name));
            // and imports back (planar ones as spatial files with a Grübler warning)
            const ImportResult back = importMechanism(file);
            QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
            QCOMPARE(back.spec->bodies.size(), spec.bodies.size());
            QCOMPARE(back.spec->cuts.size(), compiled(spec)->cuts.size());
        }
    }

    /// A prismatic cut has no MJCF equality: the export's guide body and weld stand in for it.
    void exportedPrismaticCutInMujocoFollowsSslm() {
        MechanismSpec spec = exampleSpec("slider_crank.json");
        spec.cuts = {"J4"};
        const ExportResult exported = exportMechanism(spec, "mjcf");
        QVERIFY(exported.ok());
        QVERIFY(hasItem(exported.approximated, "joint J4"));
        QTemporaryDir dir;
        const ExportedRun run = exportedAgainstSslm(spec, dir, "slider_crank");
        qInfo("slider-crank cut at its slider (guide + weld), MuJoCo as exported vs SSLM over "
              "1 s: max |Δθ1| %.3g rad, MuJoCo's max |Φ| %.3g",
              run.difference, run.closure);
        QVERIFY2(run.difference < 1e-3, QByteArray::number(run.difference).constData());
    }

    /// A body without a joint merges into the body it is welded to (parallel-axis theorem),
    /// bodies welded to the world are the ground, frames turned by quaternions.
    void weldedBodiesMerge() {
        // one hinge: kept spatial, so that the merged tensor is compared whole
        const ImportResult r =
            importMechanism(kInteropData + "welded_pendulum.xml", MechanismImportOptions{true});
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
        const MechanismSpec& spec = *r.spec;
        QCOMPARE(spec.bodies.size(), std::size_t(1));
        const BodySpec& arm = spec.bodies.front();
        QCOMPARE(arm.id, std::string("arm"));
        const Eigen::Matrix3d Ra = Eigen::AngleAxisd(0.5, Eigen::Vector3d::UnitZ()).matrix();
        const Eigen::Matrix3d Rb = Ra * Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX()).matrix();
        // in the arm's frame, parallel to the world, origin at the arm's origin
        const Eigen::Vector3d c1 = Ra * Eigen::Vector3d(0.1, 0, 0);
        const Eigen::Vector3d c2 =
            Ra * Eigen::Vector3d(0.3, 0, 0) + Rb * Eigen::Vector3d(0, 0, 0.01);
        const Eigen::Matrix3d I1 =
            Ra * Eigen::Vector3d(1e-4, 2e-3, 2e-3).asDiagonal() * Ra.transpose();
        const Eigen::Matrix3d I2 =
            Rb * Eigen::Vector3d(1e-3, 2e-3, 2.5e-3).asDiagonal() * Rb.transpose();
        const Eigen::Vector3d com = (1.0 * c1 + 2.0 * c2) / 3.0;
        Eigen::Matrix3d inertia = I1 + I2;
        for (const auto& [m, c] : {std::pair{1.0, c1}, std::pair{2.0, c2}}) {
            const Eigen::Vector3d d = c - com;
            inertia += m * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
        }
        QCOMPARE(arm.mass, 3.0);
        QVERIFY((comOf(arm) - com).norm() < 1e-15);
        QVERIFY2((*arm.inertiaTensor - inertia).cwiseAbs().maxCoeff() < 1e-15,
                 QByteArray::number((*arm.inertiaTensor - inertia).cwiseAbs().maxCoeff()));
        const JointSpec& hinge = *jointOf(spec, "hinge");
        QVERIFY((hinge.axis - Ra * Eigen::Vector3d::UnitY()).norm() < 1e-15);
        QVERIFY((pointOf(spec, hinge.parent) - Eigen::Vector3d(0.05, 0, 1)).norm() < 1e-15);
        QVERIFY(pointOf(spec, hinge.child).norm() < 1e-15);
        QVERIFY(hasItem(r.report.dropped, "body base"));
        QVERIFY(hasItem(r.report.mapped, "body bob"));
    }

    void weldMakesTheSplitCouplerOneBody() {
        const ImportResult result = mustImport(kInteropData + "welded_four_bar.xml");
        const MechanismSpec& spec = *result.spec;
        QVERIFY(spec.space == MotionSpace::Planar); // every hinge about −y
        QCOMPARE(spec.bodies.size(), std::size_t(3));
        QCOMPARE(spec.cuts, std::vector<std::string>{"B_joint"});
        const auto coupler = std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                          [](const BodySpec& b) { return b.id == "coupler_a"; });
        QVERIFY(coupler != spec.bodies.end());
        QVERIFY(std::abs(coupler->mass - 0.8) < 1e-15);
        const CompileResult compiled = compileModel(spec);
        QVERIFY2(compiled.ok(), formatDiagnostics(compiled.diagnostics).c_str());
        QCOMPARE(compiled.model->nLoops(), 1);
        const InitialState start = assembleInitialState(*compiled.model);
        QVERIFY2(start.report.converged, start.report.message.c_str());
        QCOMPARE(static_cast<int>(compiled.model->independent.size()), 1); // one input: 1 DOF
    }

    void freeJointsAreRefusedAndSelfWeldsDropped() {
        QTemporaryDir dir;
        const auto refusal = [&](const char* name, const char* text) {
            const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
            std::ofstream(path) << text;
            const ImportResult r = importMechanism(path);
            return r.ok() ? std::string() : formatDiagnostics(r.diagnostics);
        };
        const std::string free = refusal("free.xml", R"(<mujoco><worldbody><body name="b">
            <freejoint name="float"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
            </body></worldbody></mujoco>)");
        QVERIFY2(free.find("free joint") != std::string::npos, free.c_str());
        const std::string weld = refusal("weld.xml", R"(<mujoco><worldbody>
            <body name="a"><joint name="ja" axis="0 0 1"/>
              <inertial pos="1 0 0" mass="1" diaginertia="1 1 1"/></body>
            <body name="b" pos="2 0 0"><joint name="jb" axis="0 0 1"/>
              <inertial pos="-1 0 0" mass="1" diaginertia="1 1 1"/></body>
            </worldbody><equality><weld name="glue" body1="a" body2="b"/></equality></mujoco>)");
        // two bodies on their own hinges welded: one body on two hinges, locked, which the
        // import says (Grübler) and sslm check stops at; nothing is silently dropped
        QVERIFY2(weld.empty(), weld.c_str());
        const ImportResult self = importMechanism(dir.filePath("weld.xml").toStdString());
        QVERIFY(self.ok());
        QCOMPARE(self.spec->cuts, std::vector<std::string>{"jb"});
    }

    void limitsFrictionAndTendonSpringsImport() {
        // a hinge (qpos0 = ref = 0.2) and a slide, both limited and with frictionloss; a
        // spatial tendon between a ground site and a site on the arm with stiffness,
        // springlength and damping; and a tendon with neither (a length only)
        QTemporaryDir dir;
        const std::string path = dir.filePath("stops.xml").toStdString();
        std::ofstream(path) << R"(<mujoco model="stops"><compiler angle="radian"/>
  <worldbody>
    <site name="anchor" pos="0 1 0"/>
    <body name="arm">
      <joint name="hinge" type="hinge" axis="0 0 1" ref="0.2" limited="true" range="-0.5 1.5"
             frictionloss="0.3" damping="0.05"/>
      <inertial pos="0.5 0 0" mass="1" diaginertia="0.01 0.1 0.1"/>
      <site name="tip" pos="1 0 0"/>
      <body name="block" pos="1 0 0">
        <joint name="slide" type="slide" axis="1 0 0" limited="true" range="-0.1 0.4"
               frictionloss="2"/>
        <inertial pos="0 0 0" mass="0.5" diaginertia="0.01 0.01 0.01"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <spatial name="spring" stiffness="250" springlength="0.8" damping="1.5">
      <site site="anchor"/><site site="tip"/>
    </spatial>
    <spatial name="plain"><site site="anchor"/><site site="tip"/></spatial>
  </tendon>
</mujoco>)";
        for (const bool keepSpatial : {true, false}) {
            const ImportResult r = importMechanism(path, MechanismImportOptions{keepSpatial});
            QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
            // about z and along x: recognised planar unless kept spatial, with the same numbers
            QCOMPARE(r.spec->space, keepSpatial ? MotionSpace::Spatial : MotionSpace::Planar);
            const JointSpec& hinge = *jointOf(*r.spec, "hinge");
            QVERIFY(hinge.limits.has_value());
            QCOMPARE(*hinge.limits->lower, -0.5 - 0.2); // range − qpos0
            QCOMPARE(*hinge.limits->upper, 1.5 - 0.2);
            QCOMPARE(hinge.limits->stiffness, 1e5); // MuJoCo's soft limit: SSLM's default
            QCOMPARE(hinge.limits->restitution, 0.5);
            QCOMPARE(hinge.friction->coulomb, 0.3);
            QCOMPARE(hinge.springDamper->damping, 0.05);
            const JointSpec& slide = *jointOf(*r.spec, "slide");
            QCOMPARE(*slide.limits->lower, -0.1);
            QCOMPARE(*slide.limits->upper, 0.4);
            QCOMPARE(slide.friction->coulomb, 2.0);
            QCOMPARE(r.spec->twoPointElements.size(), std::size_t(1));
            const TwoPointSpec& spring = r.spec->twoPointElements[0];
            QCOMPARE(spring.name, std::string("spring"));
            QCOMPARE(spring.kind, TwoPointSpec::Kind::Spring);
            QCOMPARE(spring.stiffness, 250.0);
            QCOMPARE(spring.restLength, 0.8);
            QCOMPARE(spring.damping, 1.5);
            QCOMPARE(spring.preload, 0.0);
            QCOMPARE(spring.first.body, std::string(kGroundId));
            QCOMPARE(spring.second.body, std::string("arm"));
            // between the sites: (0, 1, 0) and the arm's tip (1, 0, 0) at qpos0
            const double length = twoPointLength(*r.spec);
            QVERIFY2(std::abs(length - std::sqrt(2.0)) < 1e-12,
                     qPrintable(QString::number(length)));
            const std::string stops = noteOf(r.report.approximated, "joint hinge range");
            QVERIFY2(stops.find("[-0.7, 1.3] rad") != std::string::npos, stops.c_str());
            QVERIFY2(stops.find("solref 0.02 1") != std::string::npos, stops.c_str());
            QVERIFY2(stops.find("stop stiffness 100000, restitution 0.5") != std::string::npos,
                     stops.c_str());
            QVERIFY(hasItem(r.report.mapped, "joint hinge frictionloss"));
            QVERIFY(noteOf(r.report.mapped, "tendon spring")
                        .find("stiffness 250, springlength "
                              "0.8, damping 1.5") != std::string::npos);
            QVERIFY(noteOf(r.report.dropped, "tendon plain").find("no stiffness or damping") !=
                    std::string::npos);
        }
    }

    void stopsFrictionAndSpringsGoOutAndComeBack() {
        // the four-bar with stops and friction on its crank J1 (at 0 in the initial state), a
        // lower stop on J3 (at its assembled angle there), friction on the cut J8 and a gas
        // spring from O2 to the coupler end J9 with a preload
        MechanismSpec original = exampleSpec("four_bar.json");
        const auto joint = [&](const std::string& name) -> JointSpec& {
            return *std::find_if(original.joints.begin(), original.joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
        };
        joint("J1").limits = JointLimitsSpec{-1.0, 2.5, 3e4, 0.7};
        joint("J1").friction = JointFrictionSpec{0.02, 0.01, 1e-3};
        joint("J3").limits = JointLimitsSpec{};
        joint("J3").limits->lower = 0.5;
        joint("J8").friction = JointFrictionSpec{0.01, 0.0, 1e-3};
        TwoPointSpec gas;
        gas.name = "gas";
        gas.first = {kGroundId, "O2"};
        gas.second = {"link3", "J9"};
        gas.stiffness = 400;
        gas.restLength = 0.1;
        gas.damping = 2;
        gas.preload = 5;
        original.twoPointElements.push_back(gas);
        TwoPointSpec cylinder;
        cylinder.name = "ram";
        cylinder.kind = TwoPointSpec::Kind::Cylinder;
        cylinder.first = {kGroundId, "O1"};
        cylinder.second = {"link3", "J9"};
        cylinder.force.kind = SignalSpec::Kind::Constant;
        cylinder.force.value = 10.0;
        original.twoPointElements.push_back(cylinder);
        const ExportResult exported = exportMechanism(original, "mjcf");
        QVERIFY2(exported.ok(), formatDiagnostics(exported.diagnostics).c_str());
        const std::string& text = *exported.text;
        QVERIFY2(text.find("limited=\"true\" range=\"-1 2.5\"") != std::string::npos, text.c_str());
        QVERIFY(text.find("frictionloss=\"0.02\"") != std::string::npos);
        QVERIFY(text.find("<spatial name=\"gas\" stiffness=\"400\" springlength=\"0.1125\" "
                          "damping=\"2\">") != std::string::npos);
        QVERIFY(noteOf(exported.approximated, "joint J1 limit")
                    .find("stop stiffness 30000, restitution 0.7 are not written") !=
                std::string::npos);
        QVERIFY(noteOf(exported.approximated, "two-point element gas")
                    .find("preload 5 N folded into springlength 0.1125") != std::string::npos);
        QVERIFY(noteOf(exported.dropped, "two-point element ram").find("a cylinder") !=
                std::string::npos);
        QVERIFY(hasItem(exported.dropped, "joint J8 friction")); // a cut: an equality in MJCF
        // MuJoCo reads it, and the tendon's length at qpos0 is the spring's
        QTemporaryDir dir;
        const std::string path = dir.filePath("stops.xml").toStdString();
        std::ofstream(path) << text;
        const MjModelPtr m = loadMujoco(path);
        QCOMPARE(m->ntendon, 1);
        QCOMPARE(m->tendon_lengthspring[0], 0.1125);
        const double length = twoPointLength(original);
        QVERIFY(std::abs(m->tendon_length0[0] - length) < 1e-12);
        // read back (recognised planar again): J1's stops and friction as they were (its
        // coordinate is 0 at qpos0), J3's stop shifted by its assembled angle, the gas spring
        // with the preload in its rest length, at the same length
        const ImportResult back = importMechanism(path);
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        QCOMPARE(back.spec->space, MotionSpace::Planar);
        const JointSpec& j1 = *jointOf(*back.spec, "J1");
        QCOMPARE(*j1.limits->lower, -1.0);
        QCOMPARE(*j1.limits->upper, 2.5);
        QCOMPARE(j1.limits->stiffness, 1e5);
        QCOMPARE(j1.limits->restitution, 0.5);
        QCOMPARE(j1.friction->coulomb, 0.02);
        QCOMPARE(j1.springDamper->damping, 0.01);
        const std::shared_ptr<const Model> model = compiled(original);
        const InitialState state = assembleInitialState(*model);
        const double theta3 = state.q[model->coordinateIndex("theta3")];
        const JointSpec& j3 = *jointOf(*back.spec, "J3");
        QVERIFY(std::abs(*j3.limits->lower - (0.5 - theta3)) < 1e-12);
        QVERIFY(!j3.limits->upper.has_value());
        QVERIFY(!jointOf(*back.spec, "J8")->friction.has_value());
        QCOMPARE(back.spec->twoPointElements.size(), std::size_t(1));
        const TwoPointSpec& spring = back.spec->twoPointElements[0];
        QCOMPARE(spring.stiffness, 400.0);
        QCOMPARE(spring.restLength, 0.1125);
        QCOMPARE(spring.damping, 2.0);
        QVERIFY(std::abs(twoPointLength(*back.spec) - length) < 1e-12);
    }

    void visualsGoOutAsGeomsAndComeBack() {
        // an arm on a hinge carrying a binary STL mesh (turned, moved, scaled, coloured) and a
        // cylinder; a sphere on the ground; the mesh beside the written file, as sslm export
        // leaves it
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        std::filesystem::create_directories(folder / "meshes");
        std::filesystem::copy_file(examplePath("interop/meshes/crank.stl"),
                                   folder / "meshes" / "crank.stl");
        MechanismSpec spec;
        spec.name = "arm";
        spec.space = MotionSpace::Spatial;
        spec.gravity = {0.0, 0.0};
        spec.gravityZ = -9.81;
        spec.ground.points = {{"O", {0, 0}, 0.1}};
        VisualSpec ball;
        ball.kind = VisualKind::Sphere;
        ball.radius = 0.02;
        ball.position = {0, 0, 0.05};
        spec.ground.visuals = {ball};
        BodySpec arm;
        arm.id = "arm";
        arm.name = "arm";
        arm.mass = 0.4;
        arm.com_B = {0.1, 0};
        arm.inertiaTensor = Eigen::Vector3d(1e-4, 2e-3, 2e-3).asDiagonal();
        arm.points = {{"pivot", {0, 0}, 0}, {"tip", {0.2, 0}, 0}};
        VisualSpec mesh;
        mesh.file = "meshes/crank.stl";
        mesh.scale = Eigen::Vector3d::Constant(0.001);
        mesh.position = {0.01, -0.02, 0.03};
        mesh.rpy = {0.3, -0.2, 1.1};
        mesh.color = Eigen::Vector3d(0.25, 0.5, 0.75);
        VisualSpec rod;
        rod.kind = VisualKind::Cylinder;
        rod.radius = 0.005;
        rod.length = 0.2;
        rod.position = {0.1, 0, 0};
        rod.rpy = {0, 1.5707963267948966, 0};
        arm.visuals = {mesh, rod};
        spec.bodies = {arm};
        spec.joints = {spatialJoint("hinge", JointType::Revolute, {kGroundId, "O"},
                                    {"arm", "pivot"}, Eigen::Vector3d::UnitY())};
        spec.initial.independent = {{"hinge", 0.0}};

        const ExportResult exported = exportMechanism(spec, "mjcf");
        QVERIFY2(exported.ok(), formatDiagnostics(exported.diagnostics).c_str());
        QVERIFY(exported.text->find("<mesh name=\"arm_mesh1\" file=\"meshes/crank.stl\"") !=
                std::string::npos);
        const std::filesystem::path xml = folder / "arm.xml";
        std::ofstream(xml) << *exported.text;
        // MuJoCo loads the mesh from there; a single hinge would be planar: keep it spatial
        MechanismImportOptions keep;
        keep.keepSpatial = true;
        const ImportResult back = importMechanism(xml, keep);
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        QCOMPARE(back.spec->bodies.size(), std::size_t(1));
        const std::vector<VisualSpec>& visuals = back.spec->bodies.front().visuals;
        QCOMPARE(visuals.size(), std::size_t(2));
        const VisualSpec& again = visuals[0];
        QCOMPARE(again.kind, VisualKind::Mesh);
        QVERIFY(std::filesystem::equivalent(again.file, folder / "meshes" / "crank.stl"));
        QVERIFY((again.scale - mesh.scale).norm() < 1e-15);
        // the body frame comes back where it was (the pivot), so the pose is the written one
        QVERIFY2((again.position - mesh.position).norm() < 1e-12,
                 qPrintable(QStringLiteral("%1 %2 %3")
                                .arg(again.position.x())
                                .arg(again.position.y())
                                .arg(again.position.z())));
        QVERIFY((rotationFromRpy(again.rpy) - rotationFromRpy(mesh.rpy)).norm() < 1e-12);
        QVERIFY((*again.color - *mesh.color).norm() < 1e-6); // MuJoCo keeps rgba as floats
        QCOMPARE(visuals[1].kind, VisualKind::Cylinder);
        QVERIFY(std::abs(visuals[1].length - 0.2) < 1e-15);
        QCOMPARE(back.spec->ground.visuals.size(), std::size_t(1));
    }

    void malformedFileNamesTheElement() {
        const ImportResult r = importMechanism(kInteropData + "malformed.xml");
        QVERIFY(!r.ok());
        const std::string text = formatDiagnostics(r.diagnostics);
        QVERIFY2(text.find("malformed.xml:6") != std::string::npos, text.c_str());
        QVERIFY2(text.find("joynt") != std::string::npos, text.c_str());
    }
};

SSLM_TEST_APPLESS_MAIN(TestMjcf)
} // namespace tst_mjcf

#include "tst_mjcf.moc"
