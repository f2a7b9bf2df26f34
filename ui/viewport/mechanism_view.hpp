// SPDX-License-Identifier: MIT
#pragma once

// The 3-D view of a mechanism: a VTK scene hosted in a Qt 6 QOpenGLWidget (Debian's VTK Qt
// module is built for Qt 5, so the render window is driven by hand; see the .cpp). VTK stays
// behind the pimpl.
//
// A planar mechanism opens in its flat top view (parallel projection looking down −z; drag
// pans, the wheel zooms at the cursor), orbiting on request. A spatial one opens in an
// isometric view with the world's up (against gravity) up on screen: a left drag turns the
// camera about the up axis and tilts it (turntable), a right or middle drag or Shift+left drag
// pans, the wheel zooms about the pointer; standard views (front, top, side, isometric), a
// perspective/orthographic toggle and a floor grid. The camera keeps its direction when the
// model is recompiled (another cut) and during runs and playback.

#include <memory>
#include <utility>
#include <vector>

#include <QColor>
#include <QImage>
#include <QOpenGLWidget>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <Eigen/Core>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "ui/viewport/element_label.hpp"
#include "ui/viewport/standard_view.hpp"

class QSurfaceFormat;

namespace sslm::ui {

class MechanismView : public QOpenGLWidget {
    Q_OBJECT

public:
    /// How near the pointer a body point is picked (logical px).
    static constexpr double kPickPixels = 14.0;

    explicit MechanismView(QWidget* parent = nullptr);
    ~MechanismView() override;

    /// The OpenGL format VTK needs (3.2+ core profile). Set it as the default format before the
    /// QApplication is created.
    static QSurfaceFormat surfaceFormat();

    /// Colour of subsystem j (fixed palette, cycling; red is kept for cut joints). Shared with
    /// every view that shows subsystems.
    static QColor subsystemColour(int j);

    /// Shows `model` at pose q (nq); q empty means the neutral pose. Clears traces
    /// and reactions and fits the camera (a spatial model that follows a spatial one keeps the
    /// camera's direction, and the whole camera if the user has navigated). A null model
    /// empties the view.
    void setModel(std::shared_ptr<const sslm::Model> model, const Eigen::VectorXd& q = {});
    /// The folder relative mesh files of the models' visuals are read from (the mechanism
    /// file's); takes effect at the next setModel.
    void setMeshFolder(const QString& folder);
    QString meshFolder() const;
    /// Visuals of the shown model that could not be drawn, one line each (the file and why).
    QStringList visualProblems() const;
    std::shared_ptr<const sslm::Model> model() const;

    /// Moves the bodies to pose q (nq: rad, m, quaternions) and extends the traces.
    /// Cheap: meant to be called at display rate during playback.
    void setPose(const Eigen::VectorXd& q);
    /// The pose shown; empty without a model.
    Eigen::VectorXd pose() const;
    /// Extends the traces through `poses` (nv each, in time order) without moving the bodies:
    /// the samples between two poses shown, so that a trace follows every sample of a run.
    void extendTraces(const std::vector<Eigen::VectorXd>& poses);
    /// The trace of traced point `index` (Model::tracedPoints order): world points (m) in path
    /// order; empty without a model or trace.
    std::vector<Eigen::Vector2d> tracePath(int index) const;
    /// The same for a spatial model (m, W).
    std::vector<Eigen::Vector3d> tracePath3(int index) const;
    /// True when the model shown is spatial.
    bool isSpatial() const;

    /// Reaction arrows at the cut points (Model::cuts order), or at every joint (file order) for
    /// an inverse run, drawn when reactions are shown: the force in both spaces (a planar view
    /// reads its x and y), and in space also the moment as a double-headed arrow.
    /// A force's length is |F|·reactionScale(); with the automatic scale, the first non-zero
    /// set fixes it so that its largest force is a quarter of the mechanism's size. The
    /// moments' scale is always chosen that way.
    void setReactions(const std::vector<sslm::CutReaction>& reactions);
    void setReactionScale(double metresPerNewton); ///< 0 chooses it automatically
    double reactionScale() const;

    /// Overrides the palette; empty restores subsystemColour().
    void setSubsystemColours(const std::vector<QColor>& colours);
    /// Emphasises the bodies and joints of loop i (Model::loops); -1 for none.
    void setHighlightedLoop(int loop);
    int highlightedLoop() const;

    /// The time (s) whose values the load arrows show (a run's sample time); 0 at first.
    void setTime(double t);
    /// Springs, cylinders, loads, end stops and friction badges (shown at first).
    void setElementsVisible(bool visible);
    bool elementsVisible() const;
    /// What the overlay writes beside the elements at the pose shown (world anchors, m):
    /// loads' names and values, springs' and cylinders' names, friction badges.
    std::vector<ElementLabel> elementLabels() const;
    /// Where point `point` of Model body `body` is drawn at the pose shown (m, W); zero
    /// without a model.
    Eigen::Vector3d bodyPointPosition(int body, int point) const;

    bool tracesVisible() const;
    bool reactionsVisible() const;
    bool orbitEnabled() const;
    bool isPerspective() const;
    bool floorVisible() const;
    /// Unit vector from the camera to its focal point (W).
    Eigen::Vector3d viewDirection() const;
    /// Unit vector of the screen's up direction (W).
    Eigen::Vector3d viewUp() const;
    /// Metres per logical pixel at the focal plane.
    double viewScale() const;

    /// Where the world point p_W (m) at height z (m) appears, in widget coordinates (logical
    /// pixels). Valid once the widget has been shown.
    QPointF worldToWidget(const Eigen::Vector2d& p_W, double z = 0.0) const;
    /// Where the world point p_W (m) appears, in widget coordinates (logical pixels).
    QPointF worldToWidget(const Eigen::Vector3d& p_W) const;
    /// Where the overlay draws its legend box and the joint labels (logical px), as painted now.
    QRectF legendBox() const;
    std::vector<QRectF> jointLabelRects() const;
    /// Height (m) of the top of the pins and cut markers, for worldToWidget.
    double markerHeight() const;

    /// The rendered view (with overlays) in device pixels, always anti-aliased.
    QImage snapshot();
    /// True on a software rasteriser, where frames drawn in quick succession (a run, playback)
    /// skip multisampling and an anti-aliased frame follows when the picture is still.
    bool isAnimationQualityReduced() const;
    /// Writes snapshot() to `path` (format from the suffix); false on failure.
    bool saveSnapshot(const QString& path);

    /// Fits the mechanism and its traces in the view, unless the user has panned, zoomed or
    /// orbited since the last fit (a run's end uses it: the traces may have left the view).
    void refitUnlessNavigated();

public Q_SLOTS:
    /// Fits the mechanism and its traces in the view: a planar one in its top view, a spatial
    /// one from the direction it is seen from now (the Fit command).
    void resetCamera();
    /// Looks at a spatial mechanism from `view` and fits it; a planar one only fits.
    void setStandardView(sslm::ui::StandardView view);
    /// Perspective (a 30° field of view) or parallel projection, keeping what is in view.
    void setPerspective(bool perspective);
    void setFloorVisible(bool visible);
    /// Turns the camera about the world's up axis through the focal point by `azimuth` degrees
    /// and tilts it by `elevation` degrees (turntable; the tilt stops short of the poles).
    void orbitBy(double azimuthDegrees, double elevationDegrees);
    /// Zooms about the focal point: `factor` > 1 shows more (metres per pixel × factor).
    void zoomBy(double factor);
    /// Looks along `direction` with `up` on screen (unit vectors, W; up is made perpendicular)
    /// and fits the mechanism: another view's camera, e.g. for an export.
    void lookAlong(const Eigen::Vector3d& direction, const Eigen::Vector3d& up);
    /// Like resetCamera(), but fits every one of `poses` (nv each; e.g. a whole run) so that
    /// the camera can stay fixed while they are played. The pose shown does not change.
    void fitCameraToPoses(const std::vector<Eigen::VectorXd>& poses);
    void clearTraces();
    void setTracesVisible(bool visible);
    void setReactionsVisible(bool visible);
    /// Lets a left drag orbit the camera of a planar mechanism; turning it off returns to the
    /// top view. A spatial mechanism always orbits.
    void setOrbitEnabled(bool enabled);

    /// Point picking (placing a load, a spring or a cylinder): while on, the named body point
    /// nearest the pointer (within kPickPixels) is ringed, a left click picks it
    /// (pointPicked) and Escape ends it (pickingCancelled); `prompt` is shown at the top of
    /// the view. Dragging still navigates. Where points coincide the ground's is picked, or
    /// without `ground` the ground's points are not picked at all.
    void startPointPicking(const QString& prompt, bool ground = true);
    void stopPointPicking();
    bool isPickingPoints() const;
    /// The body point (Model body, index in its points) nearest `widgetPoint` (logical px)
    /// within kPickPixels at the pose shown, or {-1, -1}; the first in Model order (the
    /// ground's first) where several are as near; without `ground`, a moving body's.
    std::pair<int, int> bodyPointAt(const QPointF& widgetPoint, bool ground = true) const;

Q_SIGNALS:
    /// The projection changed (setPerspective, or a model that set it).
    void perspectiveChanged(bool perspective);
    /// Point picking: the user clicked body point `point` of Model body `body`, drawn at
    /// `position` (m, W).
    void pointPicked(int body, int point, const Eigen::Vector3d& position);
    /// Point picking ended by Escape.
    void pickingCancelled();

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void applyThemeBackground();
    struct Impl;
    std::unique_ptr<Impl> m_d;
};

} // namespace sslm::ui
