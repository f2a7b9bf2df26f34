// SPDX-License-Identifier: MIT
#pragma once

// The loop/subsystem graph of a mechanism (issue 4 item 6): bodies as nodes coloured by
// subsystem, joints as edges with the cut joints dashed red, and beside it the loops, the
// subsystems, the DOF and the J and GICM block patterns. Clicking joints changes the cut
// choice through CutPicker's exchanges: every new cut set is compiled and assembled at once,
// applied and announced by cutsChanged() only when valid, and explained in the panel when not.
// Hovering or selecting a loop highlights it here and emits loopHighlighted() for the 3-D view.

#include <memory>
#include <string>
#include <vector>

#include <QPoint>
#include <QWidget>

class QAction;
class QSplitter;

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "ui/graph/cut_picker.hpp"

namespace sslm::ui {

class GraphCanvas;
class GraphSidePanel;
class MechanismGraphScene;

class MechanismGraphView : public QWidget {
    Q_OBJECT

public:
    explicit MechanismGraphView(QWidget* parent = nullptr);

    /// Shows `spec` with the cut joints `cuts` (an empty list: the automatic choice). Invalid
    /// cuts fall back to the file's (explained in the panel); else the panel's message is the
    /// hint, nothing of the mechanism shown before. Emits nothing.
    void setSpec(const MechanismSpec& spec, std::vector<std::string> cuts);
    /// Shows an already compiled model (its spec and cuts) under the panel's hint. Emits
    /// nothing.
    void setModel(std::shared_ptr<const Model> model);

    /// Applies a cut set without emitting cutsChanged (for undo/redo): returns the recompiled
    /// model, or null, explaining why in the panel and keeping the current cuts.
    std::shared_ptr<const Model> applyCuts(const std::vector<std::string>& cuts);

    /// The cut joints in loop order.
    std::vector<std::string> currentCuts() const;
    /// The cuts before the last applied change (the "old" side of an undo command).
    const std::vector<std::string>& previousCuts() const { return m_previousCuts; }
    const std::shared_ptr<const Model>& model() const { return m_model; }
    /// The loop highlighted in the graph (hovered, else selected, else armed), or -1.
    int highlightedLoop() const { return m_shownLoop; }
    /// The cut joint armed for release, or an empty string.
    QString armedCut() const;

    MechanismGraphScene* graphScene() const { return m_scene; }
    GraphCanvas* canvas() const { return m_canvas; }
    GraphSidePanel* panel() const { return m_panel; }
    /// Canvas and side panel side by side in a wide dock, stacked (canvas on top) in a narrow
    /// one, so that the graph gets the larger share either way.
    Qt::Orientation splitOrientation() const;
    /// Fits the whole graph into the canvas again (F with the canvas focused, or the button).
    QAction* fitAction() const { return m_fit; }
    /// Where a joint's label is, in canvas()->viewport() coordinates (for clicks), scrolled
    /// into sight first when the graph is larger than the canvas.
    QPoint jointPosition(const QString& joint) const;

public Q_SLOTS:
    /// Selects a loop from another view (-1: none); does not emit loopHighlighted.
    void highlightLoop(int loop);
    /// The compiler's automatic choice; emits cutsChanged when it differs.
    void useAutomaticCuts();
    /// The file's cut joints; emits cutsChanged when they differ.
    void useFileCuts();
    /// Disarms a cut picked for release.
    void cancelPendingCut();

Q_SIGNALS:
    /// A valid new cut choice was applied by the user (not by setSpec/applyCuts).
    void cutsChanged(std::vector<std::string> cuts, std::shared_ptr<const sslm::Model> recompiled);
    /// The highlighted loop changed through this widget (-1: none).
    void loopHighlighted(int loop);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void onJointClicked(int joint);
    void display(const CutSetEvaluation& evaluation);
    void changeTo(const CutSetEvaluation& evaluation, const QString& message);
    void requestCuts(const std::optional<std::vector<std::string>>& cuts, const QString& what);
    void refreshHighlight(bool notify);

    MechanismGraphScene* m_scene;
    GraphCanvas* m_canvas;
    GraphSidePanel* m_panel;
    QSplitter* m_splitter;
    bool m_splitSized = false; ///< the splitter's shares set for the view's size once
    QAction* m_fit;
    CutPicker m_picker;
    std::shared_ptr<const Model> m_model;
    int m_dofAtPose = -1; ///< of m_model at its assembled pose, as the panel shows it
    std::vector<std::string> m_previousCuts;
    int m_hoveredLoop = -1;
    int m_selectedLoop = -1;
    int m_shownLoop = -1;
};

} // namespace sslm::ui
