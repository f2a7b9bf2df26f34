// SPDX-License-Identifier: MIT
// Traces of the 3-D view follow the motion: after a live run started with F5 (a slider-crank,
// a non-Grashof four-bar, a 3-RRR inverse run), after a second run, and after scrubbing the
// timeline back and forth with the keyboard, no segment of a traced path is longer than the
// traced point moves between two samples (× 1.5), and each path starts at the run's first
// sample, not at a pose of an earlier run. The camera keeps the traced path in sight, also
// after the window is made smaller.

#include <algorithm>
#include <cmath>
#include <memory>

#include <QComboBox>
#include <QSettings>
#include <QSlider>
#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/model/workspace.hpp"
#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/sample_state.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/main_window.hpp"

namespace tst_traces {

using namespace sslm;
using namespace sslm::ui;

namespace {

constexpr double kSegmentSlack = 1.5;  ///< the bound: 1.5 × the longest move between samples
constexpr double kSamePointTol = 1e-6; ///< m: the scene keeps the points as floats

/// Where traced point `index` is at every sample of `run` (m, world).
std::vector<Eigen::Vector2d> samplePath(const SimulationRun& run, int index) {
    const Model& model = *run.model();
    const TracedPoint& traced = model.tracedPoints[static_cast<std::size_t>(index)];
    Workspace ws(model);
    std::vector<Eigen::Vector2d> path;
    for (std::size_t k = 0; k < run.samples().size(); ++k) {
        updatePositions(model, ws, poseAt(run, k));
        path.push_back(PlanarSpace::pointPosition(ws, traced.body, traced.p_B));
    }
    return path;
}

double longestStep(const std::vector<Eigen::Vector2d>& path) {
    double longest = 0;
    for (std::size_t k = 1; k < path.size(); ++k) {
        longest = std::max(longest, (path[k] - path[k - 1]).norm());
    }
    return longest;
}

/// Every trace of the view against the run's samples: no long segment, starts at sample 0.
void checkTraces(const MechanismView& view, const SimulationRun& run, const char* what) {
    const Model& model = *run.model();
    QVERIFY(!model.tracedPoints.empty());
    QVERIFY(run.samples().size() > 10);
    for (int i = 0; i < static_cast<int>(model.tracedPoints.size()); ++i) {
        const std::vector<Eigen::Vector2d> samples = samplePath(run, i);
        const std::vector<Eigen::Vector2d> trace = view.tracePath(i);
        const double bound = kSegmentSlack * longestStep(samples);
        // a point that moves is traced through its samples; one that stays is a single point
        QVERIFY2(trace.size() > (bound > 0 ? 10u : 0u), what);
        const double longest = longestStep(trace);
        qInfo("%s, trace %d of %zu: %zu points, longest segment %.4g m, bound %.4g m", what, i,
              model.tracedPoints.size(), trace.size(), longest, bound);
        QVERIFY2(longest <= bound, qPrintable(QStringLiteral("%1: segment of %2 m > %3 m")
                                                  .arg(QLatin1String(what))
                                                  .arg(longest)
                                                  .arg(bound)));
        QVERIFY2((trace.front() - samples.front()).norm() < kSamePointTol,
                 qPrintable(QStringLiteral("%1: the trace starts %2 m from the first sample")
                                .arg(QLatin1String(what))
                                .arg((trace.front() - samples.front()).norm())));
    }
}

} // namespace

class TstTraces : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() { QSettings().clear(); }

    void liveRunTracesEverySample_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("slider-crank") << QStringLiteral("slider_crank.json");
        QTest::newRow("non-Grashof four-bar") << QStringLiteral("four_bar.json");
    }

    void liveRunTracesEverySample() {
        QFETCH(QString, file);
        auto window = fixtures::openWindow(qPrintable(file), QSize(1280, 800));
        MechanismView& view = *window->mechanismView();

        const auto first = fixtures::runWithF5(*window);
        QVERIFY(first && first->summary() && first->summary()->ok);
        checkTraces(view, *first, "live run");

        // a second run from the same initial pose: its trace does not start where the first
        // one ended
        const auto second = fixtures::runWithF5(*window);
        QVERIFY(second && second != first && second->summary()->ok);
        checkTraces(view, *second, "second run");

        // the timeline scrubbed back to the start and to the end with the keyboard
        QSlider* slider = window->playbackBar()->slider();
        QTest::keyClick(window.get(), Qt::Key_Home, Qt::ShiftModifier);
        QCOMPARE(slider->value(), 0);
        QTest::keyClick(window.get(), Qt::Key_End, Qt::ShiftModifier);
        QCOMPARE(slider->value(), static_cast<int>(second->samples().size()) - 1);
        checkTraces(view, *second, "scrubbed playback");
    }

    // the camera follows the swing (the traced path stays in the view) and fits it again
    // after the window is made smaller
    void cameraKeepsTheSweptPathInSight() {
        auto window = fixtures::openWindow("slider_crank.json", QSize(1280, 800));
        const auto run = fixtures::runWithF5(*window);
        QVERIFY(run && run->summary()->ok);
        MechanismView& view = *window->mechanismView();
        const auto check = [&](const char* when) {
            const std::vector<Eigen::Vector2d> path = view.tracePath(0);
            QVERIFY(path.size() > 10);
            int outside = 0;
            for (const Eigen::Vector2d& p : path) {
                outside += view.rect().contains(view.worldToWidget(p).toPoint()) ? 0 : 1;
            }
            qInfo("%s: view %dx%d, %d of %zu traced points outside", when, view.width(),
                  view.height(), outside, path.size());
            QCOMPARE(outside, 0);
        };
        check("after the run");
        window->resize(1024, 700);
        QTRY_VERIFY(view.width() < 600);
        QApplication::processEvents();
        check("after a resize to 1024x700");
    }

    void inverseRunTraceHasNoStraySegment() {
        auto window = fixtures::openWindow("three_rrr.json", QSize(1280, 800));
        // a forward run first leaves the view at its last pose
        const auto forward = fixtures::runWithF5(*window);
        QVERIFY(forward && forward->summary());

        QComboBox* kind = window->runPanel()->runKindBox();
        kind->setFocus();
        QTest::keyClick(kind, Qt::Key_Down); // Forward → Inverse
        QCOMPARE(window->runPanel()->runKind(), RunKind::Inverse);
        const auto inverse = fixtures::runWithF5(*window);
        QVERIFY(inverse && inverse->summary() && inverse->summary()->ok);
        qInfo("forward run: %zu samples; inverse run: %zu samples", forward->samples().size(),
              inverse->samples().size());
        QCOMPARE(inverse->kind(), RunKind::Inverse);
        checkTraces(*window->mechanismView(), *inverse, "3-RRR inverse run");
    }
};

SSLM_WINDOW_TEST_MAIN(TstTraces, "tst_traces")
} // namespace tst_traces

#include "tst_traces.moc"
