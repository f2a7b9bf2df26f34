// SPDX-License-Identifier: MIT
// Over 600 lines: One widget: the VTK window hosted by hand in Qt 6, its camera, picking and
// overlays share the render window and the pose it shows.
#include "ui/viewport/mechanism_view.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <QElapsedTimer>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QPainter>
#include <QSurfaceFormat>
#include <QTimer>
#include <QWheelEvent>
#include <vtkCallbackCommand.h>
#include <vtkCamera.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkNew.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>

#include <Eigen/Geometry>

#include "core/kinematics/configuration.hpp"
#include "ui/style/palette.hpp"
#include "ui/style/theme.hpp"
#include "ui/viewport/scene.hpp"
#include "ui/viewport/view_overlay.hpp"

// Hosting VTK in a Qt 6 QOpenGLWidget without VTK's (Qt 5) GUISupportQt:
// - the vtkGenericOpenGLRenderWindow uses the widget's context (SetOwnContext(false) and
//   OpenGLInitContext() in initializeGL) and asks for it through two events: MakeCurrent, which
//   we answer with makeCurrent(), and IsCurrent, which we answer through the bool* call data;
// - VTK renders into its own framebuffer (no blit at the end of the frame); paintGL blits that
//   into the widget's framebuffer object, then sets alpha to 1 (Mesa leaves it undefined, and
//   the widget is composed with alpha);
// - VTK caches the GL state: QOpenGLWidget::makeCurrent() rebinds the widget's framebuffer,
//   so it is only called when the context is not current (else VTK attaches its buffers to
//   the widget's framebuffer), and the cache is re-read before each render;
// - annotations are not painted here: QPainter's GL engine and VTK's cached state disturb
//   each other, so a transparent child widget paints them with the raster engine.

namespace sslm::ui {

namespace {

constexpr double kFitMargin = 1.18; ///< room around the mechanism when fitting
/// The automatic reaction scale draws the largest force (moment) of the first set it sees this
/// long, as a share of the mechanism's extent; an arrow is never drawn longer than the longest,
/// so that the peaks of a toggle pose (often ten or a hundred times the first set) stay in view.
constexpr double kReferenceArrow = 0.25;
constexpr double kLongestArrow = 3.0 * kReferenceArrow;
constexpr double kViewAngle = 30.0; ///< perspective: vertical field of view (degrees)
constexpr double kDegree = 3.14159265358979323846 / 180.0;
/// Turntable: the tilt keeps this far (degrees) from looking straight along the up axis.
constexpr double kPoleMargin = 0.5;
constexpr double kTriadStrip = 56; ///< px at the bottom of the view: the axes triad, scale bar

// Anti-aliasing while animating. A software rasteriser (Mesa llvmpipe, no GPU) spends ~50 ms on
// an 8× multisampled frame of this view against ~13 ms without, which is the difference
// between a window that answers input at once and one that lags during a run. There, frames
// that follow each other closely (a run's reports come at most 250 ms apart) are drawn without
// multisampling, and one anti-aliased frame follows once the picture has been still for
// kRefineDelayMs.
constexpr int kStillSamples = 8;
constexpr qint64 kAnimatingGapMs = 400; ///< frames closer than this count as animation
constexpr int kRefineDelayMs = 500;

bool isSoftwareRenderer(QOpenGLContext* context) {
    const auto* name =
        reinterpret_cast<const char*>(context->functions()->glGetString(GL_RENDERER));
    const QByteArray renderer = name ? QByteArray(name).toLower() : QByteArray();
    return renderer.contains("llvmpipe") || renderer.contains("softpipe") ||
           renderer.contains("swrast") || renderer.contains("software");
}

/// The eye's direction from the focal point and the screen's up for a standard view of a world
/// whose up direction is `up` (unit). "Right" is x, or y when up is along x; the front view
/// looks along right × up.
void standardDirections(StandardView view,
                        const Eigen::Vector3d& up,
                        Eigen::Vector3d& eye,
                        Eigen::Vector3d& screenUp) {
    Eigen::Index major = 0;
    up.cwiseAbs().maxCoeff(&major);
    Eigen::Vector3d right = major == 0 ? Eigen::Vector3d::UnitY() : Eigen::Vector3d::UnitX();
    right = (right - right.dot(up) * up).normalized();
    const Eigen::Vector3d front = right.cross(up); // from the focal point towards the viewer
    eye = front; // the front view, and the fallback for any other value
    screenUp = up;
    switch (view) {
    case StandardView::Front:
        break;
    case StandardView::Side:
        eye = right;
        break;
    case StandardView::Top:
        eye = up;
        screenUp = -front;
        break;
    case StandardView::Iso:
        eye = (front + right + up).normalized();
        break;
    }
}

/// The box (m) around `points`; a metre cube about the origin when there are none.
Eigen::AlignedBox3d boxAround(const std::vector<Eigen::Vector3d>& points) {
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d& p : points) {
        box.extend(p);
    }
    if (box.isEmpty()) {
        box.extend(Eigen::Vector3d::Constant(-0.5));
        box.extend(Eigen::Vector3d::Constant(0.5));
    }
    return box;
}

} // namespace

struct MechanismView::Impl {
    MechanismView* self = nullptr;
    vtkNew<vtkGenericOpenGLRenderWindow> window;
    vtkNew<vtkRenderer> renderer;
    std::shared_ptr<const Model> model;
    std::unique_ptr<Scene> scene; ///< the model's, planar or spatial; null without a model
    std::vector<QColor> colourOverride;
    std::vector<CutReaction> reactions;
    double momentScale = 0; ///< m/(N·m) of the moment arrows (drawn in space); 0 until known
    bool perspective = false;
    bool floorVisible = true;
    QString meshFolder; ///< relative mesh files of the visuals are read from here
    /// The box (m, W) the camera was last fitted to, grown by the poses shown since: the extent
    /// the mechanism has swept, which a resize fits again.
    Eigen::AlignedBox3d fittedBox;
    std::vector<Eigen::Vector3d> fittedPoints; ///< the points it was fitted to (m, W)
    bool tracesVisible = true;
    bool elementsVisible = true;
    double time = 0; ///< s: the load values shown
    bool reactionsVisible = false;
    bool orbit = false;
    int highlightedLoop = -1;
    double reactionScale = 0; ///< m/N in use; 0 until known
    bool autoReactionScale = true;
    bool cameraFitPending = true;
    bool navigatedSinceFit = false; ///< the user panned, zoomed or orbited since the last fit
    OverlayWidget* overlay = nullptr;
    bool softwareRenderer = false;
    bool fullQualityNext = false; ///< the next frame is anti-aliased whatever the pace
    QElapsedTimer sinceLastFrame;
    QTimer refineTimer; ///< draws the anti-aliased frame once the animation pauses
    QPoint lastMouse;
    QPoint pressPosition;
    Qt::MouseButtons dragButtons;
    bool picking = false;
    bool pickGround = true; ///< the ground's points can be picked
    QString pickPrompt;
    std::pair<int, int> hoveredPoint{-1, -1}; ///< body, point under the pointer while picking

    // QOpenGLWidget::makeCurrent() also binds the widget's framebuffer behind VTK's back, which
    // VTK does not expect in the middle of a render: only call it when the context is not current
    void onMakeCurrent(vtkObject*, unsigned long, void*) {
        if (QOpenGLContext::currentContext() != self->context()) {
            self->makeCurrent();
        }
    }
    void onIsCurrent(vtkObject*, unsigned long, void* callData) {
        const QOpenGLContext* current = QOpenGLContext::currentContext();
        *static_cast<bool*>(callData) = current != nullptr && current == self->context();
    }

    std::vector<QColor> resolvedColours() const {
        std::vector<QColor> out;
        const std::size_t n = model ? model->subsystems.size() : 0;
        for (std::size_t j = 0; j < n; ++j) {
            out.push_back(colourOverride.empty() ? subsystemColour(static_cast<int>(j))
                                                 : colourOverride[j % colourOverride.size()]);
        }
        return out;
    }

    double devicePixelRatio() const { return self->devicePixelRatioF(); }

    /// True when the camera turns on the turntable (a spatial scene), false in the top view
    /// (a planar scene, or none).
    bool isTurntable() const {
        return scene && scene->metrics().navigation == Navigation::Turntable;
    }

    /// Metres per logical pixel at the focal plane.
    double metresPerPixel() const {
        const int h = std::max(1, self->height());
        vtkCamera* camera = renderer->GetActiveCamera();
        if (camera->GetParallelProjection()) {
            return 2.0 * camera->GetParallelScale() / h;
        }
        return 2.0 * camera->GetDistance() * std::tan(0.5 * camera->GetViewAngle() * kDegree) / h;
    }

    /// Screen-space unit vectors of the camera: right and up (world), and the view direction.
    void cameraFrame(Eigen::Vector3d& right, Eigen::Vector3d& up) const {
        vtkCamera* camera = renderer->GetActiveCamera();
        double u[3], dop[3];
        camera->GetViewUp(u);
        camera->GetDirectionOfProjection(dop);
        up = Eigen::Vector3d(u[0], u[1], u[2]).normalized();
        right = Eigen::Vector3d(dop[0], dop[1], dop[2]).cross(up).normalized();
    }

    void moveCamera(const Eigen::Vector3d& delta) {
        vtkCamera* camera = renderer->GetActiveCamera();
        double f[3], p[3];
        camera->GetFocalPoint(f);
        camera->GetPosition(p);
        camera->SetFocalPoint(f[0] + delta.x(), f[1] + delta.y(), f[2] + delta.z());
        camera->SetPosition(p[0] + delta.x(), p[1] + delta.y(), p[2] + delta.z());
    }

    /// Fits the mechanism and its traces as they are now.
    void fitCamera() { fitTo(scene ? scene->extentPoints() : std::vector<Eigen::Vector3d>{}); }

    /// Fits the points (m, W) as the scene is navigated: the top view fits their x–y box, the
    /// turntable the points grown by the joint radius, from its present direction.
    void fitTo(const std::vector<Eigen::Vector3d>& points) {
        if (isTurntable()) {
            fitTurntable(points, scene->metrics().jointRadius);
        } else {
            fitTopView(boxAround(points));
        }
    }

    /// Where a box of boxWidth × boxHeight (m, on screen) goes: the metres per pixel that fit it
    /// in the view, and how far (px) its centre sits right of and below the view's centre. The
    /// room is the whole view, or, with the legend box in its top left corner, what the box
    /// leaves below it or to its right, whichever shows it larger.
    struct Placement {
        double metresPerPixel = 1;
        double right = 0;
        double down = 0;
    };
    Placement place(double boxWidth, double boxHeight) const {
        const double w = std::max(1, self->width());
        // the turntable also keeps clear of the axes triad and scale bar at the bottom
        const double h = std::max(1.0, self->height() - (isTurntable() ? kTriadStrip : 0.0));
        struct Room {
            double left, top, width, height;
        };
        std::vector<Room> rooms;
        const QRectF legend =
            scene ? legendRect(overlayContext(), overlay->font(), self->size()) : QRectF();
        if (legend.isEmpty()) {
            rooms.push_back({0, 0, w, h});
        } else {
            const double below = legend.bottom() + 8;
            const double right = legend.right() + 8;
            for (const Room room : {Room{0, below, w, h - below}, Room{right, 0, w - right, h}}) {
                if (room.width >= 80 && room.height >= 80) {
                    rooms.push_back(room);
                }
            }
            if (rooms.empty()) {
                rooms.push_back({0, 0, w, h}); // too small a view to keep clear of it
            }
        }
        Room room = rooms.front();
        double metresPerPixel = std::numeric_limits<double>::infinity();
        for (const Room& candidate : rooms) {
            const double scale = std::max(std::max(boxWidth, 0.0) / candidate.width,
                                          std::max(boxHeight, 0.0) / candidate.height);
            if (scale < metresPerPixel) {
                metresPerPixel = scale;
                room = candidate;
            }
        }
        Placement placement;
        placement.metresPerPixel = std::max(metresPerPixel, 2e-3 / h) * kFitMargin;
        placement.right = room.left + 0.5 * room.width - 0.5 * w;
        placement.down = room.top + 0.5 * room.height - 0.5 * std::max(1, self->height());
        return placement;
    }

    /// Top view (looking down −z, parallel projection) of the x–y extent of `box` (m).
    void fitTopView(const Eigen::AlignedBox3d& box) {
        vtkCamera* camera = renderer->GetActiveCamera();
        camera->ParallelProjectionOn();
        const double extent = scene ? scene->metrics().extent : 1.0;
        const double h = std::max(1, self->height());
        const Eigen::Vector3d& lo = box.min();
        const Eigen::Vector3d& hi = box.max();
        const Placement placement = place(hi.x() - lo.x(), hi.y() - lo.y());
        const double metresPerPixel = placement.metresPerPixel;
        // the box's centre at the room's centre
        const double cx = 0.5 * (lo.x() + hi.x()) - placement.right * metresPerPixel;
        const double cy = 0.5 * (lo.y() + hi.y()) + placement.down * metresPerPixel;
        camera->SetFocalPoint(cx, cy, 0);
        camera->SetPosition(cx, cy, 20 * extent);
        camera->SetViewUp(0, 1, 0);
        camera->SetParallelScale(0.5 * h * metresPerPixel);
        cameraFitPending = false;
        navigatedSinceFit = false;
        fittedBox = box;
        fittedPoints = {lo, hi};
    }

    /// Fits the points (m, W), each grown by `radius` (m), in the view from the camera's
    /// present direction, in its present projection.
    void fitTurntable(const std::vector<Eigen::Vector3d>& points, double radius) {
        vtkCamera* camera = renderer->GetActiveCamera();
        Eigen::Vector3d right, up;
        cameraFrame(right, up);
        const Eigen::Vector3d forward = viewDirectionVector();
        const Eigen::AlignedBox3d box = boxAround(points);
        const Eigen::Vector3d centre = box.center();
        // the points' extent on screen, along the screen's right and up
        double r0 = -radius, r1 = radius, u0 = -radius, u1 = radius;
        for (const Eigen::Vector3d& p : points) {
            const Eigen::Vector3d c = p - centre;
            r0 = std::min(r0, c.dot(right) - radius);
            r1 = std::max(r1, c.dot(right) + radius);
            u0 = std::min(u0, c.dot(up) - radius);
            u1 = std::max(u1, c.dot(up) + radius);
        }
        // turning about the up axis through the centre keeps every point within its distance
        // from that axis of it: the width that fits every turn, and a tenth more height for
        // tilting, so that orbiting keeps the mechanism in view
        const Eigen::Vector3d& worldUp = scene->metrics().up;
        double turnRadius = 0;
        for (const Eigen::Vector3d& p : points) {
            const Eigen::Vector3d c = p - centre;
            turnRadius = std::max(turnRadius, (c - c.dot(worldUp) * worldUp).norm() + radius);
        }
        const double middle = 0.5 * (r0 + r1);
        r0 = std::min(r0, middle - turnRadius);
        r1 = std::max(r1, middle + turnRadius);
        const double tilt = 0.1 * (u1 - u0);
        u0 -= tilt;
        u1 += tilt;
        const double h = std::max(1, self->height());
        const double depth = 0.5 * box.diagonal().norm() + radius;
        // perspective: the near half of the points looks larger than at the focal plane
        const double grow = perspective ? 1.3 : 1.0;
        const Placement placement = place(grow * (r1 - r0), grow * (u1 - u0));
        const double mpp = placement.metresPerPixel;
        const Eigen::Vector3d focal = centre + 0.5 * (r0 + r1) * right + 0.5 * (u0 + u1) * up -
                                      placement.right * mpp * right + placement.down * mpp * up;
        const double halfHeight = 0.5 * h * mpp;
        const double distance =
            perspective ? halfHeight / std::tan(0.5 * kViewAngle * kDegree) : 4.0 * depth + 1.0;
        camera->SetViewAngle(kViewAngle);
        camera->SetParallelProjection(!perspective);
        camera->SetParallelScale(halfHeight);
        camera->SetFocalPoint(focal.x(), focal.y(), focal.z());
        const Eigen::Vector3d eye = focal - distance * forward;
        camera->SetPosition(eye.x(), eye.y(), eye.z());
        camera->SetViewUp(up.x(), up.y(), up.z());
        cameraFitPending = false;
        navigatedSinceFit = false;
        fittedBox = box;
        fittedPoints = points;
    }

    /// Turns the camera to look from a standard direction (the focal point stays); the top view
    /// stays as it is.
    void lookFrom(StandardView view) {
        if (!isTurntable()) {
            return;
        }
        Eigen::Vector3d eye = Eigen::Vector3d::UnitZ();
        Eigen::Vector3d screenUp = Eigen::Vector3d::UnitY();
        standardDirections(view, scene->metrics().up, eye, screenUp);
        vtkCamera* camera = renderer->GetActiveCamera();
        double f[3];
        camera->GetFocalPoint(f);
        const double d = camera->GetDistance();
        camera->SetPosition(f[0] + d * eye.x(), f[1] + d * eye.y(), f[2] + d * eye.z());
        camera->SetViewUp(screenUp.x(), screenUp.y(), screenUp.z());
        camera->OrthogonalizeViewUp();
    }

    Eigen::Vector3d viewDirectionVector() const {
        double dop[3];
        renderer->GetActiveCamera()->GetDirectionOfProjection(dop);
        return Eigen::Vector3d(dop[0], dop[1], dop[2]).normalized();
    }

    /// Turntable: about the world's up axis through the focal point, then a tilt about the
    /// screen's right axis that stops short of the poles. Nothing in the top view.
    void turntable(double azimuthDegrees, double elevationDegrees) {
        if (!isTurntable()) {
            return;
        }
        vtkCamera* camera = renderer->GetActiveCamera();
        double f[3], p[3], u[3];
        camera->GetFocalPoint(f);
        camera->GetPosition(p);
        camera->GetViewUp(u);
        const Eigen::Vector3d focal(f[0], f[1], f[2]);
        Eigen::Vector3d eye = Eigen::Vector3d(p[0], p[1], p[2]) - focal;
        Eigen::Vector3d screenUp(u[0], u[1], u[2]);
        const Eigen::Vector3d& worldUp = scene->metrics().up;
        const Eigen::AngleAxisd turn(azimuthDegrees * kDegree, worldUp);
        eye = turn * eye;
        screenUp = turn * screenUp;
        const Eigen::Vector3d right = (-eye).cross(screenUp).normalized();
        const Eigen::AngleAxisd tilt(elevationDegrees * kDegree, right);
        const Eigen::Vector3d tilted = tilt * eye;
        const double fromPole =
            std::acos(std::clamp(tilted.normalized().dot(worldUp), -1.0, 1.0)) / kDegree;
        if (fromPole > kPoleMargin && fromPole < 180.0 - kPoleMargin) {
            eye = tilted;
            screenUp = tilt * screenUp;
        }
        const Eigen::Vector3d position = focal + eye;
        camera->SetPosition(position.x(), position.y(), position.z());
        camera->SetViewUp(screenUp.x(), screenUp.y(), screenUp.z());
        camera->OrthogonalizeViewUp();
    }

    /// Unless the user has navigated, fits the camera again when the mechanism (or a trace)
    /// has swung out of the box it was fitted to: to the extent fitted before and that of now,
    /// with a tenth of the mechanism's size to spare, so that a swinging motion settles after a
    /// few fits. The top view spares it around the new extent, the turntable around every point.
    void followSweep() {
        if (!scene || navigatedSinceFit || cameraFitPending) {
            return;
        }
        const std::vector<Eigen::Vector3d> now = scene->extentPoints();
        if (std::all_of(now.begin(), now.end(),
                        [&](const Eigen::Vector3d& p) { return fittedBox.contains(p); })) {
            return;
        }
        const double spare = 0.1 * scene->metrics().extent;
        if (isTurntable()) {
            std::vector<Eigen::Vector3d> points = fittedPoints;
            points.insert(points.end(), now.begin(), now.end());
            fitTurntable(points, scene->metrics().jointRadius + spare);
            return;
        }
        Eigen::AlignedBox3d box = boxAround(now);
        box.min().head<2>().array() -= spare;
        box.max().head<2>().array() += spare;
        fitTopView(box.extend(fittedBox));
    }

    OverlayContext overlayContext() const {
        OverlayContext context;
        if (!scene) {
            return context;
        }
        context.model = model.get();
        context.project = [this](const Eigen::Vector3d& p) {
            return self->worldToWidget(p);
        };
        context.jointAnchor = [this](int joint) {
            return scene->jointPosition(joint);
        };
        context.pinRadius = scene->metrics().jointRadius;
        context.scaleBar = !perspective;
        context.metresPerPixel = metresPerPixel();
        Eigen::Vector3d right, up;
        cameraFrame(right, up);
        auto screen = [&](const Eigen::Vector3d& v) {
            return QPointF(v.dot(right), -v.dot(up));
        };
        context.axisX = screen(Eigen::Vector3d::UnitX());
        context.axisY = screen(Eigen::Vector3d::UnitY());
        context.axisZ = screen(Eigen::Vector3d::UnitZ());
        context.subsystemColours = resolvedColours();
        context.highlightedLoop = highlightedLoop;
        context.tracesVisible = tracesVisible;
        context.elementLabels = scene->elementLabels();
        if (picking) {
            context.pickPrompt = pickPrompt;
            if (hoveredPoint.first >= 0) {
                const BodyPoint& point = model->bodies[static_cast<std::size_t>(hoveredPoint.first)]
                                             .points[static_cast<std::size_t>(hoveredPoint.second)];
                context.pickedPoint =
                    scene->bodyPointPosition(hoveredPoint.first, point.position3());
                const Body& body = model->bodies[static_cast<std::size_t>(hoveredPoint.first)];
                context.pickedName = QString::fromStdString(
                    (body.name.empty() ? body.id : body.name) + " · " + point.name);
            }
        }
        return context;
    }

    /// Repaints the 3-D image and the annotations above it.
    void repaint() {
        self->update();
        overlay->update();
    }

    void applyReactions() {
        if (!scene) {
            return;
        }
        // the largest of the first non-zero set fixes each scale
        double largestForce = 0;
        double largestMoment = 0;
        for (const auto& r : reactions) {
            largestForce = std::max(largestForce, r.force.norm());
            largestMoment = std::max(largestMoment, r.moment.norm());
        }
        const double extent = scene->metrics().extent;
        if (autoReactionScale && reactionScale <= 0 && largestForce > 0 &&
            std::isfinite(largestForce)) {
            reactionScale = kReferenceArrow * extent / largestForce;
        }
        if (momentScale <= 0 && largestMoment > 0 && std::isfinite(largestMoment)) {
            momentScale = kReferenceArrow * extent / largestMoment;
        }
        // the arrows as drawn: none longer than kLongestArrow of the extent
        std::vector<CutReaction> drawn = reactions;
        const auto saturate = [&](Eigen::Vector3d& v, double metresPerUnit) {
            if (metresPerUnit > 0 && v.norm() * metresPerUnit > kLongestArrow * extent) {
                v *= kLongestArrow * extent / (metresPerUnit * v.norm());
            }
        };
        for (CutReaction& r : drawn) {
            saturate(r.force, reactionScale);
            saturate(r.moment, momentScale);
        }
        scene->setReactions(drawn, reactionScale, momentScale);
    }
};

MechanismView::MechanismView(QWidget* parent)
    : QOpenGLWidget(parent), m_d(std::make_unique<Impl>()) {
    m_d->self = this;
    m_d->overlay = new OverlayWidget([this] { return m_d->overlayContext(); }, this);
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);

    m_d->window->SetOwnContext(false);
    m_d->window->SetFrameBlitModeToNoBlit();
    m_d->window->SetMultiSamples(kStillSamples);
    m_d->refineTimer.setSingleShot(true);
    m_d->refineTimer.setInterval(kRefineDelayMs);
    connect(&m_d->refineTimer, &QTimer::timeout, this, [this] {
        m_d->fullQualityNext = true;
        update();
    });
    m_d->window->SetForceMaximumHardwareLineWidth(1); // core profile: VTK draws wide lines itself
    m_d->window->AddRenderer(m_d->renderer);
    m_d->window->AddObserver(vtkCommand::WindowMakeCurrentEvent, m_d.get(), &Impl::onMakeCurrent);
    m_d->window->AddObserver(vtkCommand::WindowIsCurrentEvent, m_d.get(), &Impl::onIsCurrent);

    // a grey gradient (light or dark with the theme), a headlight only (the default)
    m_d->renderer->GradientBackgroundOn();
    applyThemeBackground();
    connect(ThemeWatcher::instance(), &ThemeWatcher::themeChanged, this, [this] {
        applyThemeBackground();
        update();
    });
    m_d->renderer->GetActiveCamera()->ParallelProjectionOn();
}

MechanismView::~MechanismView() {
    // release GL resources while the context still exists
    makeCurrent();
    m_d->scene.reset();
    m_d->window->Finalize();
    doneCurrent();
}

QSurfaceFormat MechanismView::surfaceFormat() {
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 2);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    format.setAlphaBufferSize(8);
    format.setSwapBehavior(QSurfaceFormat::DoubleBuffer);
    return format;
}

QColor MechanismView::subsystemColour(int j) {
    return ui::subsystemColour(j); // the palette every view shares
}

void MechanismView::setMeshFolder(const QString& folder) {
    m_d->meshFolder = folder;
}

QString MechanismView::meshFolder() const {
    return m_d->meshFolder;
}

QStringList MechanismView::visualProblems() const {
    return m_d->scene ? m_d->scene->visualProblems() : QStringList();
}

void MechanismView::setModel(std::shared_ptr<const Model> model, const Eigen::VectorXd& q) {
    if (context()) {
        makeCurrent();
    }
    const bool wasTurntable = m_d->isTurntable();
    const bool sameMechanism = model && m_d->model && model->spec.name == m_d->model->spec.name &&
                               model->bodies.size() == m_d->model->bodies.size();
    m_d->scene.reset();
    m_d->model = std::move(model);
    m_d->reactions.clear();
    m_d->momentScale = 0;
    if (m_d->autoReactionScale) {
        m_d->reactionScale = 0;
    }
    m_d->highlightedLoop = -1;
    if (m_d->model) {
        const Eigen::VectorXd pose =
            q.size() == m_d->model->nq() ? q : neutralPositions(*m_d->model);
        m_d->scene =
            makeScene({m_d->renderer, m_d->model, pose, m_d->resolvedColours(), m_d->meshFolder});
        m_d->scene->setTracesVisible(m_d->tracesVisible);
        m_d->scene->setElementsVisible(m_d->elementsVisible);
        m_d->scene->setTime(m_d->time);
        m_d->scene->setReactionsVisible(m_d->reactionsVisible);
        m_d->scene->setFloorVisible(m_d->floorVisible);
    }
    if (context()) {
        doneCurrent();
    }
    m_d->orbit = false;
    // on the turntable after the turntable (another cut, a run) the camera keeps its direction,
    // and stays whole for the same mechanism (another cut, an edit, a run's model) once the user
    // has navigated; the first turntable view looks from the isometric direction. The top view
    // is flat and always fitted.
    const bool turntable = m_d->isTurntable();
    if (turntable && !wasTurntable) {
        m_d->renderer->GetActiveCamera()->SetPosition(0, 0, 1);
        m_d->renderer->GetActiveCamera()->SetFocalPoint(0, 0, 0);
        m_d->lookFrom(StandardView::Iso);
    }
    if (!turntable && m_d->perspective) {
        m_d->perspective = false;
        Q_EMIT perspectiveChanged(false);
    }
    const bool keepWholeCamera =
        turntable && wasTurntable && sameMechanism && m_d->navigatedSinceFit;
    if (!keepWholeCamera) {
        m_d->fitCamera();
        m_d->cameraFitPending = !isVisible(); // fit again once the widget has its real size
    }
    m_d->repaint();
}

std::shared_ptr<const Model> MechanismView::model() const {
    return m_d->model;
}

void MechanismView::setPose(const Eigen::VectorXd& q) {
    if (!m_d->scene || q.size() != m_d->model->nq()) {
        return;
    }
    m_d->scene->setPose(q);
    m_d->followSweep();
    m_d->repaint();
}

Eigen::VectorXd MechanismView::pose() const {
    return m_d->scene ? m_d->scene->pose() : Eigen::VectorXd();
}

bool MechanismView::isSpatial() const {
    return m_d->isTurntable(); // a spatial scene is the one seen on the turntable
}

void MechanismView::setReactions(const std::vector<CutReaction>& reactions) {
    m_d->reactions = reactions;
    m_d->applyReactions();
    if (m_d->reactionsVisible) {
        m_d->repaint();
    }
}

void MechanismView::setReactionScale(double metresPerNewton) {
    m_d->autoReactionScale = !(metresPerNewton > 0);
    m_d->reactionScale = m_d->autoReactionScale ? 0 : metresPerNewton;
    m_d->momentScale = 0; // the moments' scale is always automatic: chosen again
    m_d->applyReactions();
    m_d->repaint();
}

double MechanismView::reactionScale() const {
    return m_d->reactionScale;
}

void MechanismView::setSubsystemColours(const std::vector<QColor>& colours) {
    m_d->colourOverride = colours;
    if (m_d->scene) {
        m_d->scene->setSubsystemColours(m_d->resolvedColours());
    }
    m_d->repaint();
}

void MechanismView::setHighlightedLoop(int loop) {
    m_d->highlightedLoop = (m_d->model && loop >= 0 && loop < m_d->model->nLoops()) ? loop : -1;
    if (m_d->scene) {
        m_d->scene->setHighlightedLoop(m_d->highlightedLoop);
    }
    m_d->repaint();
}

int MechanismView::highlightedLoop() const {
    return m_d->highlightedLoop;
}
bool MechanismView::tracesVisible() const {
    return m_d->tracesVisible;
}
bool MechanismView::reactionsVisible() const {
    return m_d->reactionsVisible;
}
bool MechanismView::orbitEnabled() const {
    return m_d->orbit;
}
bool MechanismView::isPerspective() const {
    return m_d->perspective;
}
bool MechanismView::floorVisible() const {
    return m_d->floorVisible;
}

Eigen::Vector3d MechanismView::viewDirection() const {
    return m_d->viewDirectionVector();
}

Eigen::Vector3d MechanismView::viewUp() const {
    double u[3];
    m_d->renderer->GetActiveCamera()->GetViewUp(u);
    return Eigen::Vector3d(u[0], u[1], u[2]).normalized();
}

double MechanismView::viewScale() const {
    return m_d->metresPerPixel();
}

void MechanismView::setStandardView(StandardView view) {
    m_d->lookFrom(view);
    m_d->fitCamera();
    m_d->repaint();
}

void MechanismView::setPerspective(bool perspective) {
    if (!m_d->isTurntable()) {
        perspective = false; // the top view is drawn flat
    }
    if (perspective == m_d->perspective) {
        return;
    }
    // keep the scale at the focal plane: distance·tan(½ angle) = parallel scale
    vtkCamera* camera = m_d->renderer->GetActiveCamera();
    const double halfHeight = 0.5 * std::max(1, height()) * m_d->metresPerPixel();
    const Eigen::Vector3d forward = m_d->viewDirectionVector();
    double f[3];
    camera->GetFocalPoint(f);
    const double distance = perspective ? halfHeight / std::tan(0.5 * kViewAngle * kDegree)
                                        : std::max(camera->GetDistance(), 4.0 * halfHeight);
    camera->SetViewAngle(kViewAngle);
    camera->SetParallelScale(halfHeight);
    camera->SetParallelProjection(!perspective);
    const Eigen::Vector3d eye = Eigen::Vector3d(f[0], f[1], f[2]) - distance * forward;
    camera->SetPosition(eye.x(), eye.y(), eye.z());
    m_d->perspective = perspective;
    Q_EMIT perspectiveChanged(perspective);
    m_d->repaint();
}

void MechanismView::setFloorVisible(bool visible) {
    m_d->floorVisible = visible;
    if (m_d->scene) {
        m_d->scene->setFloorVisible(visible);
    }
    m_d->repaint();
}

void MechanismView::lookAlong(const Eigen::Vector3d& direction, const Eigen::Vector3d& up) {
    if (!(direction.norm() > 0) || !m_d->isTurntable()) {
        return;
    }
    vtkCamera* camera = m_d->renderer->GetActiveCamera();
    double f[3];
    camera->GetFocalPoint(f);
    const Eigen::Vector3d eye =
        Eigen::Vector3d(f[0], f[1], f[2]) - camera->GetDistance() * direction.normalized();
    camera->SetPosition(eye.x(), eye.y(), eye.z());
    camera->SetViewUp(up.x(), up.y(), up.z());
    camera->OrthogonalizeViewUp();
    m_d->fitCamera();
    m_d->repaint();
}

void MechanismView::zoomBy(double factor) {
    if (!(factor > 0) || !std::isfinite(factor)) {
        return;
    }
    vtkCamera* camera = m_d->renderer->GetActiveCamera();
    camera->SetParallelScale(camera->GetParallelScale() * factor);
    if (!camera->GetParallelProjection()) {
        camera->SetDistance(camera->GetDistance() * factor);
    }
    m_d->navigatedSinceFit = true;
    m_d->repaint();
}

void MechanismView::orbitBy(double azimuthDegrees, double elevationDegrees) {
    m_d->turntable(azimuthDegrees, elevationDegrees);
    m_d->repaint();
}

void MechanismView::resetCamera() {
    m_d->fitCamera();
    m_d->repaint();
}

void MechanismView::refitUnlessNavigated() {
    if (!m_d->navigatedSinceFit) {
        resetCamera();
    }
}

void MechanismView::fitCameraToPoses(const std::vector<Eigen::VectorXd>& poses) {
    Scene* scene = m_d->scene.get();
    if (!scene) {
        resetCamera();
        return;
    }
    // visit the poses without extending the traces, then go back to the pose shown
    const Eigen::VectorXd shown = scene->pose();
    scene->setTracesVisible(false);
    std::vector<Eigen::Vector3d> points = scene->extentPoints();
    for (const Eigen::VectorXd& q : poses) {
        if (q.size() == m_d->model->nq()) {
            scene->setPose(q);
            for (const Eigen::Vector3d& p : scene->extentPoints()) {
                points.push_back(p);
            }
        }
    }
    scene->setPose(shown);
    scene->setTracesVisible(m_d->tracesVisible);
    if (!m_d->isTurntable()) {
        m_d->orbit = false; // the top view looks straight down again
    }
    m_d->fitTo(points);
    m_d->repaint();
}

QRectF MechanismView::legendBox() const {
    return m_d->scene ? legendRect(m_d->overlayContext(), m_d->overlay->font(), size()) : QRectF();
}

std::vector<QRectF> MechanismView::jointLabelRects() const {
    std::vector<QRectF> rects;
    for (const JointLabel& label :
         jointLabels(m_d->overlayContext(), m_d->overlay->font(), legendBox())) {
        rects.push_back(label.rect);
    }
    return rects;
}

void MechanismView::extendTraces(const std::vector<Eigen::VectorXd>& poses) {
    if (poses.empty()) {
        return;
    }
    if (m_d->scene) {
        m_d->scene->extendTraces(poses);
    }
    m_d->repaint();
}

std::vector<Eigen::Vector3d> MechanismView::tracePath3(int index) const {
    return isSpatial() ? m_d->scene->tracePath(index) : std::vector<Eigen::Vector3d>{};
}

std::vector<Eigen::Vector2d> MechanismView::tracePath(int index) const {
    std::vector<Eigen::Vector2d> path;
    if (m_d->scene && !isSpatial()) {
        for (const Eigen::Vector3d& p : m_d->scene->tracePath(index)) {
            path.emplace_back(p.x(), p.y());
        }
    }
    return path;
}

void MechanismView::clearTraces() {
    if (m_d->scene) {
        m_d->scene->clearTraces();
    }
    m_d->repaint();
}

void MechanismView::setTracesVisible(bool visible) {
    m_d->tracesVisible = visible;
    if (m_d->scene) {
        m_d->scene->setTracesVisible(visible);
    }
    m_d->repaint();
}

void MechanismView::setTime(double t) {
    m_d->time = t;
    if (m_d->scene) {
        m_d->scene->setTime(t);
    }
    m_d->repaint();
}

void MechanismView::setElementsVisible(bool visible) {
    m_d->elementsVisible = visible;
    if (m_d->scene) {
        m_d->scene->setElementsVisible(visible);
    }
    m_d->repaint();
}

bool MechanismView::elementsVisible() const {
    return m_d->elementsVisible;
}

std::vector<ElementLabel> MechanismView::elementLabels() const {
    return m_d->scene ? m_d->scene->elementLabels() : std::vector<ElementLabel>{};
}

Eigen::Vector3d MechanismView::bodyPointPosition(int body, int point) const {
    if (!m_d->scene) {
        return Eigen::Vector3d::Zero();
    }
    const BodyPoint& p =
        m_d->model->bodies[static_cast<std::size_t>(body)].points[static_cast<std::size_t>(point)];
    return m_d->scene->bodyPointPosition(body, p.position3());
}

void MechanismView::setReactionsVisible(bool visible) {
    m_d->reactionsVisible = visible;
    if (m_d->scene) {
        m_d->scene->setReactionsVisible(visible);
    }
    m_d->repaint();
}

void MechanismView::setOrbitEnabled(bool enabled) {
    m_d->orbit = enabled;
    if (!enabled && !m_d->isTurntable()) {
        m_d->fitCamera();
    }
    m_d->repaint();
}

QPointF MechanismView::worldToWidget(const Eigen::Vector2d& p_W, double z) const {
    return worldToWidget(Eigen::Vector3d(p_W.x(), p_W.y(), z));
}

QPointF MechanismView::worldToWidget(const Eigen::Vector3d& p_W) const {
    vtkRenderer* renderer = m_d->renderer;
    renderer->SetWorldPoint(p_W.x(), p_W.y(), p_W.z(), 1.0);
    renderer->WorldToDisplay();
    double display[3];
    renderer->GetDisplayPoint(display);
    const double dpr = m_d->devicePixelRatio();
    const int* size = m_d->window->GetSize();
    return {display[0] / dpr, (size[1] - display[1]) / dpr};
}

double MechanismView::markerHeight() const {
    return m_d->scene ? m_d->scene->metrics().markerHeight : 0.0;
}

QImage MechanismView::snapshot() {
    m_d->fullQualityNext = true;
    QImage image = grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    if (!image.isNull()) {
        QPainter painter(&image);
        paintOverlay(painter, size(), m_d->overlayContext());
    }
    return image;
}

bool MechanismView::saveSnapshot(const QString& path) {
    const QImage image = snapshot();
    return !image.isNull() && image.save(path);
}

void MechanismView::initializeGL() {
    const double dpr = m_d->devicePixelRatio();
    m_d->window->SetSize(static_cast<int>(width() * dpr), static_cast<int>(height() * dpr));
    m_d->window->OpenGLInitContext();
    m_d->window->SetReadyForRendering(true);
    m_d->softwareRenderer = isSoftwareRenderer(context());
}

bool MechanismView::isAnimationQualityReduced() const {
    return m_d->softwareRenderer;
}

void MechanismView::resizeGL(int, int) {
    const double dpr = m_d->devicePixelRatio();
    m_d->window->SetSize(static_cast<int>(width() * dpr), static_cast<int>(height() * dpr));
    m_d->overlay->setGeometry(rect());
    // a view the user has not navigated fits the extent swept so far again; a navigated one
    // keeps its centre and vertical scale
    if (m_d->cameraFitPending) {
        m_d->fitCamera();
    } else if (!m_d->navigatedSinceFit && m_d->scene) {
        const std::vector<Eigen::Vector3d> points = m_d->fittedPoints; // fitTo replaces them
        m_d->fitTo(points);
    }
}

void MechanismView::applyThemeBackground() {
    const QColor bottom = viewBackgroundBottomColour();
    const QColor top = viewBackgroundTopColour();
    m_d->renderer->SetBackground(bottom.redF(), bottom.greenF(), bottom.blueF());
    m_d->renderer->SetBackground2(top.redF(), top.greenF(), top.blueF());
}

void MechanismView::paintGL() {
    if (m_d->cameraFitPending && isVisible()) {
        m_d->fitCamera();
    }
    // software rendering: no multisampling while animating, then one anti-aliased frame
    const bool animating = m_d->sinceLastFrame.isValid() &&
                           m_d->sinceLastFrame.elapsed() < kAnimatingGapMs && !m_d->fullQualityNext;
    const bool reduced = m_d->softwareRenderer && animating;
    m_d->window->SetMultiSamples(reduced ? 0 : kStillSamples);
    if (reduced) {
        m_d->refineTimer.start();
    }
    m_d->fullQualityNext = false;
    m_d->sinceLastFrame.start();

    const int* size = m_d->window->GetSize();
    const int w = size[0];
    const int h = size[1];

    // VTK renders into its own framebuffer; its image is then copied into this widget's, with
    // alpha set to 1
    m_d->renderer->ResetCameraClippingRange();
    vtkOpenGLState* state = m_d->window->GetState();
    state->Reset(); // Qt has changed the GL state since the last frame
    m_d->window->Render();
    QOpenGLExtraFunctions* gl = context()->extraFunctions();
    state->vtkglBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    const GLenum drawBuffer = GL_COLOR_ATTACHMENT0;
    gl->glDrawBuffers(1, &drawBuffer);
    state->vtkglDisable(GL_SCISSOR_TEST);
    m_d->window->BlitDisplayFramebuffer(0, 0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    state->vtkglColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
    state->vtkglClearColor(0, 0, 0, 1);
    gl->glClear(GL_COLOR_BUFFER_BIT);
    state->vtkglColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

void MechanismView::startPointPicking(const QString& prompt, bool ground) {
    m_d->picking = true;
    m_d->pickGround = ground;
    m_d->pickPrompt = prompt;
    m_d->hoveredPoint = {-1, -1};
    setMouseTracking(true);
    setCursor(Qt::CrossCursor);
    setFocus(Qt::OtherFocusReason);
    m_d->repaint();
}

void MechanismView::stopPointPicking() {
    m_d->picking = false;
    m_d->hoveredPoint = {-1, -1};
    setMouseTracking(false);
    unsetCursor();
    m_d->repaint();
}

bool MechanismView::isPickingPoints() const {
    return m_d->picking;
}

std::pair<int, int> MechanismView::bodyPointAt(const QPointF& widgetPoint, bool ground) const {
    std::pair<int, int> nearest{-1, -1};
    if (!m_d->scene) {
        return nearest;
    }
    double best = kPickPixels;
    const Model& model = *m_d->model;
    for (std::size_t b = ground ? 0 : 1; b < model.bodies.size(); ++b) {
        const std::vector<BodyPoint>& points = model.bodies[b].points;
        for (std::size_t k = 0; k < points.size(); ++k) {
            const Eigen::Vector3d p =
                m_d->scene->bodyPointPosition(static_cast<int>(b), points[k].position3());
            const QPointF onScreen = worldToWidget(p);
            const double distance =
                std::hypot(onScreen.x() - widgetPoint.x(), onScreen.y() - widgetPoint.y());
            if (distance < best || (nearest.first < 0 && distance <= best)) {
                best = distance;
                nearest = {static_cast<int>(b), static_cast<int>(k)};
            }
        }
    }
    return nearest;
}

void MechanismView::keyPressEvent(QKeyEvent* event) {
    if (m_d->picking && event->key() == Qt::Key_Escape) {
        stopPointPicking();
        Q_EMIT pickingCancelled();
        event->accept();
        return;
    }
    QOpenGLWidget::keyPressEvent(event);
}

void MechanismView::mousePressEvent(QMouseEvent* event) {
    m_d->pressPosition = event->position().toPoint();
    m_d->lastMouse = event->position().toPoint();
    m_d->dragButtons = event->buttons();
    event->accept();
}

void MechanismView::mouseMoveEvent(QMouseEvent* event) {
    if (m_d->picking) {
        const std::pair<int, int> hovered = bodyPointAt(event->position(), m_d->pickGround);
        if (hovered != m_d->hoveredPoint) {
            m_d->hoveredPoint = hovered;
            m_d->overlay->update();
        }
    }
    if (m_d->dragButtons == Qt::NoButton) {
        return;
    }
    const QPoint now = event->position().toPoint();
    const QPoint delta = now - m_d->lastMouse;
    m_d->lastMouse = now;
    vtkCamera* camera = m_d->renderer->GetActiveCamera();
    const bool leftOnly = m_d->dragButtons == Qt::LeftButton;
    if (m_d->isTurntable() && leftOnly && !(event->modifiers() & Qt::ShiftModifier)) {
        // turntable: across turns about the up axis, down tilts the camera up
        m_d->turntable(-0.4 * delta.x(), 0.4 * delta.y());
    } else if (m_d->orbit && (m_d->dragButtons & Qt::LeftButton) &&
               !(event->modifiers() & Qt::ShiftModifier)) {
        // orbit about the focal point
        camera->Azimuth(-0.4 * delta.x());
        camera->Elevation(0.4 * delta.y());
        camera->OrthogonalizeViewUp();
    } else {
        // pan: the point under the cursor follows it
        Eigen::Vector3d right, up;
        m_d->cameraFrame(right, up);
        const double m = m_d->metresPerPixel();
        m_d->moveCamera(m * (-delta.x() * right + delta.y() * up));
    }
    m_d->navigatedSinceFit = true;
    m_d->repaint();
}

void MechanismView::mouseReleaseEvent(QMouseEvent* event) {
    const bool click = (m_d->dragButtons == Qt::LeftButton) &&
                       (event->position().toPoint() - m_d->pressPosition).manhattanLength() < 4;
    m_d->dragButtons = event->buttons();
    if (m_d->picking && click && event->button() == Qt::LeftButton) {
        const auto [body, point] = bodyPointAt(event->position(), m_d->pickGround);
        if (body >= 0) {
            const BodyPoint& picked = m_d->model->bodies[static_cast<std::size_t>(body)]
                                          .points[static_cast<std::size_t>(point)];
            Q_EMIT pointPicked(body, point,
                               m_d->scene->bodyPointPosition(body, picked.position3()));
        }
    }
}

void MechanismView::mouseDoubleClickEvent(QMouseEvent*) {
    resetCamera();
}

void MechanismView::wheelEvent(QWheelEvent* event) {
    // zoom about the cursor: the world point under it stays put
    vtkCamera* camera = m_d->renderer->GetActiveCamera();
    const double factor = std::pow(1.0015, -event->angleDelta().y());
    const QPointF cursor = event->position();
    const QPointF fromCentre = cursor - QPointF(0.5 * width(), 0.5 * height());
    Eigen::Vector3d right, up;
    m_d->cameraFrame(right, up);
    const double before = m_d->metresPerPixel();
    if (camera->GetParallelProjection()) {
        camera->SetParallelScale(camera->GetParallelScale() * factor);
    } else {
        // perspective: move the eye towards the focal point (a dolly)
        camera->SetDistance(camera->GetDistance() * factor);
    }
    const double after = m_d->metresPerPixel();
    m_d->moveCamera((before - after) * (fromCentre.x() * right - fromCentre.y() * up));
    m_d->navigatedSinceFit = true;
    event->accept();
    m_d->repaint();
}

} // namespace sslm::ui
