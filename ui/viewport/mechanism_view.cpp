// SPDX-License-Identifier: MIT
#include "ui/viewport/mechanism_view.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <QElapsedTimer>
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

#include "ui/style/palette.hpp"
#include "ui/viewport/mechanism_scene.hpp"
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

} // namespace

struct MechanismView::Impl {
    MechanismView* self = nullptr;
    vtkNew<vtkGenericOpenGLRenderWindow> window;
    vtkNew<vtkRenderer> renderer;
    std::shared_ptr<const Model> model;
    std::unique_ptr<MechanismScene> scene;
    std::vector<QColor> colourOverride;
    std::vector<CutReaction> reactions;
    bool tracesVisible = true;
    bool reactionsVisible = false;
    bool orbit = false;
    int highlightedLoop = -1;
    double reactionScale = 0; ///< m/N in use; 0 until known
    bool autoReactionScale = true;
    bool cameraFitPending = true;
    bool navigatedSinceFit = false; ///< the user panned, zoomed or orbited since the last fit
    /// The box (m) the camera was last fitted to, grown by the poses shown since: the extent
    /// the mechanism has swept, which a resize fits again.
    std::array<double, 4> fittedBox = {-0.5, 0.5, -0.5, 0.5};
    OverlayWidget* overlay = nullptr;
    bool softwareRenderer = false;
    bool fullQualityNext = false; ///< the next frame is anti-aliased whatever the pace
    QElapsedTimer sinceLastFrame;
    QTimer refineTimer; ///< draws the anti-aliased frame once the animation pauses
    QPoint lastMouse;
    Qt::MouseButtons dragButtons;

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

    /// Metres per logical pixel at the focal plane (parallel projection).
    double metresPerPixel() const {
        const int h = std::max(1, self->height());
        return 2.0 * renderer->GetActiveCamera()->GetParallelScale() / h;
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

    void fitCamera() {
        std::array<double, 4> b = {-0.5, 0.5, -0.5, 0.5};
        if (scene) {
            b = scene->bounds();
        }
        fitCamera(b);
    }

    /// Top view of the box b = (x min, x max, y min, y max) (m).
    void fitCamera(const std::array<double, 4>& b) {
        vtkCamera* camera = renderer->GetActiveCamera();
        camera->ParallelProjectionOn();
        const double extent = scene ? scene->metrics().extent : 1.0;
        const double w = std::max(1, self->width());
        const double h = std::max(1, self->height());
        // the room for the mechanism: the whole view, or, with the legend box in its top left
        // corner, what the box leaves below it or to its right, whichever shows it larger
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
        const double boxWidth = std::max(b[1] - b[0], 0.0);
        const double boxHeight = std::max(b[3] - b[2], 0.0);
        Room room = rooms.front();
        double metresPerPixel = std::numeric_limits<double>::infinity();
        for (const Room& candidate : rooms) {
            const double scale = std::max(boxWidth / candidate.width, boxHeight / candidate.height);
            if (scale < metresPerPixel) {
                metresPerPixel = scale;
                room = candidate;
            }
        }
        metresPerPixel = std::max(metresPerPixel, 2e-3 / h) * kFitMargin;
        // the box's centre at the room's centre: px right of and below the view's centre
        const double right = room.left + 0.5 * room.width - 0.5 * w;
        const double down = room.top + 0.5 * room.height - 0.5 * h;
        const double cx = 0.5 * (b[0] + b[1]) - right * metresPerPixel;
        const double cy = 0.5 * (b[2] + b[3]) + down * metresPerPixel;
        camera->SetFocalPoint(cx, cy, 0);
        camera->SetPosition(cx, cy, 20 * extent);
        camera->SetViewUp(0, 1, 0);
        camera->SetParallelScale(0.5 * h * metresPerPixel);
        cameraFitPending = false;
        navigatedSinceFit = false;
        fittedBox = b;
    }

    /// Unless the user has navigated, fits the camera again when the mechanism (or a trace)
    /// has swung out of the box it was fitted to: to the union, grown by a tenth of the
    /// mechanism's size so that a swinging motion settles after a few fits.
    void followSweep() {
        if (!scene || navigatedSinceFit || cameraFitPending) {
            return;
        }
        const std::array<double, 4> b = scene->bounds();
        const std::array<double, 4>& f = fittedBox;
        if (b[0] >= f[0] && b[1] <= f[1] && b[2] >= f[2] && b[3] <= f[3]) {
            return;
        }
        const double grow = 0.1 * scene->metrics().extent;
        fitCamera({std::min(f[0], b[0] - grow), std::max(f[1], b[1] + grow),
                   std::min(f[2], b[2] - grow), std::max(f[3], b[3] + grow)});
    }

    OverlayContext overlayContext() const {
        OverlayContext context;
        if (!scene) {
            return context;
        }
        context.model = model.get();
        context.scene = scene.get();
        context.project = [this](const Eigen::Vector2d& p, double z) {
            return self->worldToWidget(p, z);
        };
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
        if (autoReactionScale && reactionScale <= 0) {
            double largest = 0;
            for (const auto& r : reactions) {
                largest = std::max(largest, r.force.norm());
            }
            if (largest > 0 && std::isfinite(largest)) {
                reactionScale = 0.25 * scene->metrics().extent / largest;
            }
        }
        scene->setReactions(reactions, reactionScale);
    }
};

MechanismView::MechanismView(QWidget* parent)
    : QOpenGLWidget(parent), d_(std::make_unique<Impl>()) {
    d_->self = this;
    d_->overlay = new OverlayWidget([this] { return d_->overlayContext(); }, this);
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);

    d_->window->SetOwnContext(false);
    d_->window->SetFrameBlitModeToNoBlit();
    d_->window->SetMultiSamples(kStillSamples);
    d_->refineTimer.setSingleShot(true);
    d_->refineTimer.setInterval(kRefineDelayMs);
    connect(&d_->refineTimer, &QTimer::timeout, this, [this] {
        d_->fullQualityNext = true;
        update();
    });
    d_->window->SetForceMaximumHardwareLineWidth(1); // core profile: VTK draws wide lines itself
    d_->window->AddRenderer(d_->renderer);
    d_->window->AddObserver(vtkCommand::WindowMakeCurrentEvent, d_.get(), &Impl::onMakeCurrent);
    d_->window->AddObserver(vtkCommand::WindowIsCurrentEvent, d_.get(), &Impl::onIsCurrent);

    // light-grey gradient, a headlight only (the default)
    d_->renderer->GradientBackgroundOn();
    d_->renderer->SetBackground(0.86, 0.875, 0.895);  // bottom
    d_->renderer->SetBackground2(0.975, 0.98, 0.985); // top
    d_->renderer->GetActiveCamera()->ParallelProjectionOn();
}

MechanismView::~MechanismView() {
    // release GL resources while the context still exists
    makeCurrent();
    d_->scene.reset();
    d_->window->Finalize();
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

void MechanismView::setModel(std::shared_ptr<const Model> model, const Eigen::VectorXd& q) {
    if (context()) {
        makeCurrent();
    }
    d_->scene.reset();
    d_->model = std::move(model);
    d_->reactions.clear();
    if (d_->autoReactionScale) {
        d_->reactionScale = 0;
    }
    d_->highlightedLoop = -1;
    if (d_->model) {
        const Eigen::VectorXd pose =
            q.size() == d_->model->nq() ? q : Eigen::VectorXd::Zero(d_->model->nq());
        d_->scene =
            std::make_unique<MechanismScene>(d_->renderer, d_->model, pose, d_->resolvedColours());
        d_->scene->setTracesVisible(d_->tracesVisible);
        d_->scene->setReactionsVisible(d_->reactionsVisible);
    }
    if (context()) {
        doneCurrent();
    }
    d_->orbit = false;
    d_->fitCamera();
    d_->cameraFitPending = !isVisible(); // fit again once the widget has its real size
    d_->repaint();
}

std::shared_ptr<const Model> MechanismView::model() const {
    return d_->model;
}

void MechanismView::setPose(const Eigen::VectorXd& q) {
    if (!d_->scene || q.size() != d_->model->nq()) {
        return;
    }
    d_->scene->setPose(q);
    d_->followSweep();
    d_->repaint();
}

Eigen::VectorXd MechanismView::pose() const {
    return d_->scene ? d_->scene->pose() : Eigen::VectorXd();
}

void MechanismView::setReactions(const std::vector<CutReaction>& reactions) {
    d_->reactions = reactions;
    d_->applyReactions();
    if (d_->reactionsVisible) {
        d_->repaint();
    }
}

void MechanismView::setReactionScale(double metresPerNewton) {
    d_->autoReactionScale = !(metresPerNewton > 0);
    d_->reactionScale = d_->autoReactionScale ? 0 : metresPerNewton;
    d_->applyReactions();
    d_->repaint();
}

double MechanismView::reactionScale() const {
    return d_->reactionScale;
}

void MechanismView::setSubsystemColours(const std::vector<QColor>& colours) {
    d_->colourOverride = colours;
    if (d_->scene) {
        d_->scene->setSubsystemColours(d_->resolvedColours());
    }
    d_->repaint();
}

void MechanismView::setHighlightedLoop(int loop) {
    d_->highlightedLoop = (d_->model && loop >= 0 && loop < d_->model->nLoops()) ? loop : -1;
    if (d_->scene) {
        d_->scene->setHighlightedLoop(d_->highlightedLoop);
    }
    d_->repaint();
}

int MechanismView::highlightedLoop() const {
    return d_->highlightedLoop;
}
bool MechanismView::tracesVisible() const {
    return d_->tracesVisible;
}
bool MechanismView::reactionsVisible() const {
    return d_->reactionsVisible;
}
bool MechanismView::orbitEnabled() const {
    return d_->orbit;
}

void MechanismView::resetCamera() {
    d_->fitCamera();
    d_->repaint();
}

void MechanismView::refitUnlessNavigated() {
    if (!d_->navigatedSinceFit) {
        resetCamera();
    }
}

void MechanismView::fitCameraToPoses(const std::vector<Eigen::VectorXd>& poses) {
    if (!d_->scene) {
        resetCamera();
        return;
    }
    // visit the poses without extending the traces, then go back to the pose shown
    const Eigen::VectorXd shown = d_->scene->pose();
    d_->scene->setTracesVisible(false);
    std::array<double, 4> box = d_->scene->bounds();
    for (const Eigen::VectorXd& q : poses) {
        if (q.size() != d_->model->nq()) {
            continue;
        }
        d_->scene->setPose(q);
        const std::array<double, 4> b = d_->scene->bounds();
        box = {std::min(box[0], b[0]), std::max(box[1], b[1]), std::min(box[2], b[2]),
               std::max(box[3], b[3])};
    }
    d_->scene->setPose(shown);
    d_->scene->setTracesVisible(d_->tracesVisible);
    d_->orbit = false;
    d_->fitCamera(box);
    d_->cameraFitPending = false;
    d_->repaint();
}

QRectF MechanismView::legendBox() const {
    return d_->scene ? legendRect(d_->overlayContext(), d_->overlay->font(), size()) : QRectF();
}

std::vector<QRectF> MechanismView::jointLabelRects() const {
    std::vector<QRectF> rects;
    for (const JointLabel& label :
         jointLabels(d_->overlayContext(), d_->overlay->font(), legendBox())) {
        rects.push_back(label.rect);
    }
    return rects;
}

void MechanismView::extendTraces(const std::vector<Eigen::VectorXd>& poses) {
    if (d_->scene && !poses.empty()) {
        d_->scene->extendTraces(poses);
        d_->repaint();
    }
}

std::vector<Eigen::Vector2d> MechanismView::tracePath(int index) const {
    return d_->scene ? d_->scene->tracePath(index) : std::vector<Eigen::Vector2d>{};
}

void MechanismView::clearTraces() {
    if (d_->scene) {
        d_->scene->clearTraces();
    }
    d_->repaint();
}

void MechanismView::setTracesVisible(bool visible) {
    d_->tracesVisible = visible;
    if (d_->scene) {
        d_->scene->setTracesVisible(visible);
    }
    d_->repaint();
}

void MechanismView::setReactionsVisible(bool visible) {
    d_->reactionsVisible = visible;
    if (d_->scene) {
        d_->scene->setReactionsVisible(visible);
    }
    d_->repaint();
}

void MechanismView::setOrbitEnabled(bool enabled) {
    d_->orbit = enabled;
    if (!enabled) {
        d_->fitCamera();
    }
    d_->repaint();
}

QPointF MechanismView::worldToWidget(const Eigen::Vector2d& p_W, double z) const {
    vtkRenderer* renderer = d_->renderer;
    renderer->SetWorldPoint(p_W.x(), p_W.y(), z, 1.0);
    renderer->WorldToDisplay();
    double display[3];
    renderer->GetDisplayPoint(display);
    const double dpr = d_->devicePixelRatio();
    const int* size = d_->window->GetSize();
    return {display[0] / dpr, (size[1] - display[1]) / dpr};
}

double MechanismView::markerHeight() const {
    return d_->scene ? d_->scene->metrics().topZ : 0.0;
}

QImage MechanismView::snapshot() {
    d_->fullQualityNext = true;
    QImage image = grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    if (!image.isNull()) {
        QPainter painter(&image);
        paintOverlay(painter, size(), d_->overlayContext());
    }
    return image;
}

bool MechanismView::saveSnapshot(const QString& path) {
    const QImage image = snapshot();
    return !image.isNull() && image.save(path);
}

void MechanismView::initializeGL() {
    const double dpr = d_->devicePixelRatio();
    d_->window->SetSize(static_cast<int>(width() * dpr), static_cast<int>(height() * dpr));
    d_->window->OpenGLInitContext();
    d_->window->SetReadyForRendering(true);
    d_->softwareRenderer = isSoftwareRenderer(context());
}

bool MechanismView::isAnimationQualityReduced() const {
    return d_->softwareRenderer;
}

void MechanismView::resizeGL(int, int) {
    const double dpr = d_->devicePixelRatio();
    d_->window->SetSize(static_cast<int>(width() * dpr), static_cast<int>(height() * dpr));
    d_->overlay->setGeometry(rect());
    // a view the user has not navigated fits the extent swept so far again; a navigated one
    // keeps its centre and vertical scale
    if (d_->cameraFitPending) {
        d_->fitCamera();
    } else if (!d_->navigatedSinceFit && d_->scene) {
        d_->fitCamera(d_->fittedBox);
    }
}

void MechanismView::paintGL() {
    if (d_->cameraFitPending && isVisible()) {
        d_->fitCamera();
    }
    // software rendering: no multisampling while animating, then one anti-aliased frame
    const bool animating = d_->sinceLastFrame.isValid() &&
                           d_->sinceLastFrame.elapsed() < kAnimatingGapMs && !d_->fullQualityNext;
    const bool reduced = d_->softwareRenderer && animating;
    d_->window->SetMultiSamples(reduced ? 0 : kStillSamples);
    if (reduced) {
        d_->refineTimer.start();
    }
    d_->fullQualityNext = false;
    d_->sinceLastFrame.start();

    const int* size = d_->window->GetSize();
    const int w = size[0];
    const int h = size[1];

    // VTK renders into its own framebuffer; its image is then copied into this widget's, with
    // alpha set to 1
    d_->renderer->ResetCameraClippingRange();
    vtkOpenGLState* state = d_->window->GetState();
    state->Reset(); // Qt has changed the GL state since the last frame
    d_->window->Render();
    QOpenGLExtraFunctions* gl = context()->extraFunctions();
    state->vtkglBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    const GLenum drawBuffer = GL_COLOR_ATTACHMENT0;
    gl->glDrawBuffers(1, &drawBuffer);
    state->vtkglDisable(GL_SCISSOR_TEST);
    d_->window->BlitDisplayFramebuffer(0, 0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    state->vtkglColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
    state->vtkglClearColor(0, 0, 0, 1);
    gl->glClear(GL_COLOR_BUFFER_BIT);
    state->vtkglColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

void MechanismView::mousePressEvent(QMouseEvent* event) {
    d_->lastMouse = event->position().toPoint();
    d_->dragButtons = event->buttons();
    event->accept();
}

void MechanismView::mouseMoveEvent(QMouseEvent* event) {
    if (d_->dragButtons == Qt::NoButton) {
        return;
    }
    const QPoint now = event->position().toPoint();
    const QPoint delta = now - d_->lastMouse;
    d_->lastMouse = now;
    vtkCamera* camera = d_->renderer->GetActiveCamera();
    if (d_->orbit && (d_->dragButtons & Qt::LeftButton) &&
        !(event->modifiers() & Qt::ShiftModifier)) {
        // orbit about the focal point
        camera->Azimuth(-0.4 * delta.x());
        camera->Elevation(0.4 * delta.y());
        camera->OrthogonalizeViewUp();
    } else {
        // pan: the point under the cursor follows it
        Eigen::Vector3d right, up;
        d_->cameraFrame(right, up);
        const double m = d_->metresPerPixel();
        d_->moveCamera(m * (-delta.x() * right + delta.y() * up));
    }
    d_->navigatedSinceFit = true;
    d_->repaint();
}

void MechanismView::mouseReleaseEvent(QMouseEvent* event) {
    d_->dragButtons = event->buttons();
}

void MechanismView::mouseDoubleClickEvent(QMouseEvent*) {
    resetCamera();
}

void MechanismView::wheelEvent(QWheelEvent* event) {
    // zoom about the cursor: the world point under it stays put
    vtkCamera* camera = d_->renderer->GetActiveCamera();
    const double factor = std::pow(1.0015, -event->angleDelta().y());
    const QPointF cursor = event->position();
    const QPointF fromCentre = cursor - QPointF(0.5 * width(), 0.5 * height());
    Eigen::Vector3d right, up;
    d_->cameraFrame(right, up);
    const double before = d_->metresPerPixel();
    camera->SetParallelScale(camera->GetParallelScale() * factor);
    const double after = d_->metresPerPixel();
    d_->moveCamera((before - after) * (fromCentre.x() * right - fromCentre.y() * up));
    d_->navigatedSinceFit = true;
    event->accept();
    d_->repaint();
}

} // namespace sslm::ui
