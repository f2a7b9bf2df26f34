// SPDX-License-Identifier: MIT
// The 3-D mechanism view and the main window, rendered for real (under Xvfb in ctest): every
// example loads and draws; bodies carry their subsystem's colour where the kinematics puts
// them; a new pose moves pixels; cut joints, traces, loop highlight and reaction arrows show;
// a bad file leaves the previous mechanism; `sslm-studio FILE --screenshot` writes the PNG.

#include <cmath>
#include <set>

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/workspace.hpp"
#include "ui/document/mechanism_loader.hpp"
#include "ui/main_window.hpp"
#include "ui/viewport/mechanism_view.hpp"
#include "ui/viewport/view_overlay.hpp"

#include "tests/ui/fixtures/window_test_main.hpp"

namespace tst_mechanism_view {

using sslm::ui::LoadedMechanism;
using sslm::ui::MechanismView;

namespace {

const QColor kCutRed(224, 38, 43);    // the view's cut-joint colour
const QColor kTrace(94, 53, 177);     // traces and traced-point markers
const QColor kHighlight(255, 176, 0); // rings of a highlighted loop's joints
const QColor kArrow(216, 67, 21);     // reaction arrows
constexpr int kColourTolerance = 40;  // per channel: MSAA edges and shading

bool near(QRgb pixel, const QColor& colour, int tolerance = kColourTolerance) {
    return std::abs(qRed(pixel) - colour.red()) <= tolerance &&
           std::abs(qGreen(pixel) - colour.green()) <= tolerance &&
           std::abs(qBlue(pixel) - colour.blue()) <= tolerance;
}

int countNear(const QImage& image, const QColor& colour, QRect area = {}, int tolerance = 25) {
    area = area.isNull() ? image.rect() : area.intersected(image.rect());
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            n += near(image.pixel(x, y), colour, tolerance) ? 1 : 0;
        }
    }
    return n;
}

LoadedMechanism load(const QString& name) {
    auto outcome = sslm::ui::loadMechanism(QStringLiteral(SSLM_EXAMPLES_DIR "/") + name);
    if (!outcome.mechanism) {
        qFatal("%s: %s", qPrintable(name), qPrintable(outcome.error));
    }
    return *outcome.mechanism;
}

/// Device pixel of a world point in the view's snapshot.
QPoint pixelOf(const MechanismView& view, const Eigen::Vector2d& p_W, double z = 0) {
    return (view.worldToWidget(p_W, z) * view.devicePixelRatioF()).toPoint();
}

QRect around(const QPoint& centre, int radius) {
    return {centre.x() - radius, centre.y() - radius, 2 * radius + 1, 2 * radius + 1};
}

} // namespace

class TestMechanismView : public QObject {
    Q_OBJECT

private:
    /// A shown view of the given example at its assembled pose.
    std::unique_ptr<MechanismView> showExample(const LoadedMechanism& m) {
        auto view = std::make_unique<MechanismView>();
        view->resize(900, 700);
        view->setModel(m.model, m.q0);
        view->show();
        if (!QTest::qWaitForWindowExposed(view.get())) {
            qFatal("the view was not exposed");
        }
        return view;
    }

private Q_SLOTS:
    void everyExampleRenders_data() {
        QTest::addColumn<QString>("file");
        for (const char* file : {"four_bar.json", "carpet_scraper.json", "three_rrr.json",
                                 "slider_crank.json", "watt_six_bar.json"}) {
            QTest::newRow(file) << QString::fromLatin1(file);
        }
    }

    void everyExampleRenders() {
        QFETCH(QString, file);
        const LoadedMechanism m = load(file);
        QVERIFY(m.assembly.converged);
        auto view = showExample(m);
        const QImage image = view->snapshot();
        QCOMPARE(image.size(), view->size() * view->devicePixelRatioF());

        // not blank: many colours, and a good share of pixels far from the grey background
        std::set<QRgb> colours;
        int drawn = 0;
        for (int y = 0; y < image.height(); y += 2) {
            for (int x = 0; x < image.width(); x += 2) {
                const QRgb p = image.pixel(x, y);
                colours.insert(p);
                const int spread = std::max({qRed(p), qGreen(p), qBlue(p)}) -
                                   std::min({qRed(p), qGreen(p), qBlue(p)});
                drawn += spread > 40 ? 1 : 0; // saturated: bodies, markers, labels
            }
        }
        QVERIFY2(colours.size() > 200, qPrintable(QString::number(colours.size())));
        QVERIFY2(drawn > 500, qPrintable(QString::number(drawn)));

        // every body shows its subsystem's colour a third of the way between its first two
        // points, unless another body, a pin or a marker covers it: most must be visible
        sslm::Workspace ws(*m.model);
        sslm::updatePositions(*m.model, ws, m.q0);
        int visible = 0;
        int bodies = 0;
        for (std::size_t b = 1; b < m.model->bodies.size(); ++b) {
            const auto& body = m.model->bodies[b];
            if (body.points.size() < 2 || body.shape == sslm::BodyShape::Block) {
                continue;
            }
            ++bodies;
            const Eigen::Vector2d at = (2 * body.points[0].p_B + body.points[1].p_B) / 3;
            const QPoint px =
                pixelOf(*view, sslm::PlanarSpace::pointPosition(ws, static_cast<int>(b), at));
            visible +=
                near(image.pixel(px), MechanismView::subsystemColour(body.subsystem)) ? 1 : 0;
        }
        QVERIFY2(2 * visible > bodies,
                 qPrintable(QStringLiteral("%1 of %2 bodies").arg(visible).arg(bodies)));

        // each cut joint has red around it
        for (const int j : m.model->cuts) {
            const auto& joint = m.model->joints[j];
            const Eigen::Vector2d p = sslm::PlanarSpace::pointPosition(ws, joint.bodyA, joint.p_A);
            const int red = countNear(image, kCutRed, around(pixelOf(*view, p), 24));
            QVERIFY2(red > 10, qPrintable(QStringLiteral("%1: %2 red pixels")
                                              .arg(QString::fromStdString(joint.name))
                                              .arg(red)));
        }
    }

    void scraperCrankHasItsSubsystemColour() {
        const LoadedMechanism m = load(QStringLiteral("carpet_scraper.json"));
        auto view = showExample(m);
        const QImage image = view->snapshot();
        const int crank = m.model->bodyIndex("link1");
        QVERIFY(crank > 0);
        const auto& body = m.model->bodies[crank];
        sslm::Workspace ws(*m.model);
        sslm::updatePositions(*m.model, ws, m.q0);
        const Eigen::Vector2d mid = 0.5 * (body.points[0].p_B + body.points[1].p_B);
        const QPoint px = pixelOf(*view, sslm::PlanarSpace::pointPosition(ws, crank, mid));
        const QColor expected = MechanismView::subsystemColour(body.subsystem);
        const QRgb actual = image.pixel(px);
        // the nearest palette colour is the crank's subsystem's
        int best = -1;
        int bestDistance = 1 << 30;
        for (int j = 0; j < 8; ++j) {
            const QColor c = MechanismView::subsystemColour(j);
            const int d = std::abs(qRed(actual) - c.red()) + std::abs(qGreen(actual) - c.green()) +
                          std::abs(qBlue(actual) - c.blue());
            if (d < bestDistance) {
                bestDistance = d;
                best = j;
            }
        }
        QCOMPARE(best, body.subsystem);
        QVERIFY2(near(actual, expected), qPrintable(QColor(actual).name()));
    }

    // In a view as small as a 1280×800 window leaves it, the camera fit keeps every point of
    // the scraper out from under the legend box in the top left corner, and on screen.
    void fitKeepsTheMechanismClearOfTheLegend() {
        const LoadedMechanism m = load(QStringLiteral("carpet_scraper.json"));
        auto view = showExample(m);
        view->resize(510, 430);
        QTest::qWait(50);
        view->resetCamera();
        sslm::ui::OverlayContext context;
        context.model = m.model.get();
        // the box as this view draws it: at 510×430 the whole box would take over 40 % of the
        // width, so it keeps to the name and the cut joints
        const QRectF legend = sslm::ui::legendRect(context, view->font(), view->size());
        QCOMPARE(legend, view->legendBox());
        QVERIFY(legend.width() > 100 && legend.height() > 30);
        QVERIFY(legend.height() < sslm::ui::legendRect(context, view->font()).height());
        sslm::Workspace ws(*m.model);
        sslm::updatePositions(*m.model, ws, m.q0);
        int points = 0;
        for (std::size_t b = 1; b < m.model->bodies.size(); ++b) {
            for (const auto& point : m.model->bodies[b].points) {
                const QPointF at = view->worldToWidget(
                    sslm::PlanarSpace::pointPosition(ws, static_cast<int>(b), point.p_B));
                QVERIFY2(!legend.contains(at), point.name.c_str());
                QVERIFY(QRectF(0, 0, view->width(), view->height()).contains(at));
                ++points;
            }
        }
        QCOMPARE(points, 18);
    }

    void newPoseMovesPixelsAndTraces() {
        const LoadedMechanism m = load(QStringLiteral("carpet_scraper.json"));
        auto view = showExample(m);
        const QImage before = view->snapshot();
        const int tracesBefore = countNear(before, kTrace);

        // turn the crank in steps, re-assembling each pose
        sslm::Workspace ws(*m.model);
        Eigen::VectorXd q = m.q0;
        const int theta1 = m.model->coordinateIndex("theta1");
        for (int step = 1; step <= 30; ++step) {
            q[theta1] = m.q0[theta1] + 0.05 * step;
            QVERIFY(sslm::assemble(*m.model, ws, q, m.model->independent).converged);
            view->setPose(q);
        }
        QCOMPARE(view->pose(), q);
        const QImage after = view->snapshot();
        int changed = 0;
        for (int y = 0; y < after.height(); ++y) {
            for (int x = 0; x < after.width(); ++x) {
                changed += before.pixel(x, y) != after.pixel(x, y) ? 1 : 0;
            }
        }
        QVERIFY2(changed > 2000, qPrintable(QString::number(changed)));
        // the blade tip's trace is a curve now, not just its marker
        QVERIFY2(
            countNear(after, kTrace) > tracesBefore + 50,
            qPrintable(QStringLiteral("%1 → %2").arg(tracesBefore).arg(countNear(after, kTrace))));

        view->clearTraces();
        view->setTracesVisible(false);
        QCOMPARE(countNear(view->snapshot(), kTrace), 0);
    }

    void loadsSpringsAndCylindersAreDrawnAndLabelled() {
        // four_bar_loaded: 30 N down at J9, drawn as a blue arrow pointing at it from above
        const LoadedMechanism loaded = load(QStringLiteral("four_bar_loaded.json"));
        auto view = showExample(loaded);
        const QColor loadBlue(25, 103, 210);
        QVERIFY(countNear(view->snapshot(), loadBlue) > 100);
        std::vector<sslm::ui::ElementLabel> labels = view->elementLabels();
        QCOMPARE(labels.size(), std::size_t(1));
        QCOMPARE(labels.front().text, QStringLiteral("weight at J9 · 30 N"));
        sslm::Workspace ws(*loaded.model);
        sslm::updatePositions(*loaded.model, ws, loaded.q0);
        const sslm::Load& weight = loaded.model->loads.front();
        const Eigen::Vector3d j9 = sslm::pointPosition(ws, weight.body, weight.p_B);
        QVERIFY(std::abs(labels.front().anchor.x() - j9.x()) < 1e-12);
        QVERIFY(labels.front().anchor.y() > j9.y());
        // hidden with the View menu's toggle, labels and all
        view->setElementsVisible(false);
        QVERIFY(view->elementLabels().empty());
        QCOMPARE(countNear(view->snapshot(), loadBlue), 0);

        // the excavator's soil load acts from t = 2.5 s to 5 s: no arrow before, 40 kN in it
        const LoadedMechanism excavator = load(QStringLiteral("excavator_arm.json"));
        auto arm = showExample(excavator);
        auto loadLabels = [&] {
            QStringList texts;
            for (const sslm::ui::ElementLabel& label : arm->elementLabels()) {
                if (label.kind == sslm::ui::ElementLabel::Kind::Load) {
                    texts << label.text;
                }
            }
            return texts;
        };
        QVERIFY(loadLabels().isEmpty());
        arm->setTime(3.5);
        QCOMPARE(loadLabels(), QStringList{QStringLiteral("soil resistance · 4e+04 N")});
        // its three cylinders are named at their middles
        int cylinders = 0;
        for (const sslm::ui::ElementLabel& label : arm->elementLabels()) {
            cylinders += label.text.endsWith(QStringLiteral("cylinder")) ? 1 : 0;
        }
        QCOMPARE(cylinders, 3);
    }

    void highlightAndReactions() {
        const LoadedMechanism m = load(QStringLiteral("three_rrr.json"));
        auto view = showExample(m);
        QCOMPARE(countNear(view->snapshot(), kHighlight, {}, 20), 0);
        view->setHighlightedLoop(0);
        QCOMPARE(view->highlightedLoop(), 0);
        QVERIFY(countNear(view->snapshot(), kHighlight, {}, 20) > 50);
        view->setHighlightedLoop(-1);
        QCOMPARE(countNear(view->snapshot(), kHighlight, {}, 20), 0);

        // one arrow per cut, drawn only when reactions are shown
        std::vector<sslm::CutReaction> reactions(m.model->cuts.size());
        sslm::Workspace ws(*m.model);
        sslm::updatePositions(*m.model, ws, m.q0);
        for (std::size_t k = 0; k < reactions.size(); ++k) {
            const auto& joint = m.model->joints[m.model->cuts[k]];
            reactions[k].point = sslm::pointPosition(ws, joint.bodyA, joint.p_A);
            reactions[k].force = Eigen::Vector3d(10.0 * static_cast<double>(k + 1), -5.0, 0.0);
        }
        view->setReactions(reactions);
        QVERIFY(view->reactionScale() > 0);
        QCOMPARE(countNear(view->snapshot(), kArrow, {}, 12), 0);
        view->setReactionsVisible(true);
        QVERIFY(countNear(view->snapshot(), kArrow, {}, 12) > 100);
    }

    void badFileKeepsThePreviousMechanism() {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "sslm-mechanism", "version": 1, "bodies": [)");
        file.close();

        sslm::ui::MainWindow window;
        QString error;
        QVERIFY(window.openFile(QStringLiteral(SSLM_EXAMPLES_DIR "/four_bar.json"), &error));
        const auto model = window.currentModel();
        QVERIFY(model);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("four_bar.json")));
        QVERIFY(!window.openFile(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("bad.json")), qPrintable(error));
        QCOMPARE(window.currentModel(), model);
        QCOMPARE(window.mechanismView()->model(), model);
        QVERIFY(!window.openFile(dir.filePath(QStringLiteral("missing.json")), &error));
        QCOMPARE(window.currentModel(), model);
        QVERIFY(!sslm::ui::MainWindow::examplesDirectory().isEmpty());
    }

    void studioWritesScreenshot() {
#ifdef SSLM_STUDIO_EXE
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("out.png"));
        QProcess studio;
        studio.start(QStringLiteral(SSLM_STUDIO_EXE),
                     {QStringLiteral(SSLM_EXAMPLES_DIR "/carpet_scraper.json"),
                      QStringLiteral("--screenshot"), png});
        QVERIFY(studio.waitForFinished(60000));
        QVERIFY2(studio.exitStatus() == QProcess::NormalExit && studio.exitCode() == 0,
                 studio.readAllStandardError().constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(1280, 800));
        QVERIFY(countNear(image, kCutRed) > 30);

        // a file that does not load: non-zero exit, a message, no image
        const QString missing = dir.filePath(QStringLiteral("missing.png"));
        studio.start(QStringLiteral(SSLM_STUDIO_EXE), {dir.filePath(QStringLiteral("nothing.json")),
                                                       QStringLiteral("--screenshot"), missing});
        QVERIFY(studio.waitForFinished(60000));
        QVERIFY(studio.exitCode() != 0);
        QVERIFY(!studio.readAllStandardError().isEmpty());
        QVERIFY(!QFile::exists(missing));
#else
        QSKIP("sslm-studio is not built");
#endif
    }
};

SSLM_WINDOW_TEST_MAIN(TestMechanismView, "tst_mechanism_view")
} // namespace tst_mechanism_view

#include "tst_mechanism_view.moc"
