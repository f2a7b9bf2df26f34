// SPDX-License-Identifier: MIT
#pragma once

// The panel beside the mechanism graph: loop and DOF counts, the cut-choice buttons and
// message area, the independent loops (hover or select one to highlight it), the subsystems
// with their colours and coordinates, and the J and GICM block patterns of the current model.

#include <QString>
#include <QStringList>
#include <QWidget>

#include "core/model/model.hpp"

class QFrame;
class QLabel;
class QListWidget;
class QPushButton;

namespace sslm::ui {

class BlockPatternWidget;

class GraphSidePanel : public QWidget {
    Q_OBJECT

public:
    enum class MessageKind { Info, Success, Error };

    explicit GraphSidePanel(QWidget* parent = nullptr);

    /// Shows a model; dofAtPose is nv − rank J at the assembled pose (-1: unknown).
    void showModel(const Model& model, int dofAtPose);
    /// Clears everything but the message (no usable model).
    void clearModel();
    void showMessage(const QString& text, MessageKind kind);
    /// The hint on how to change the cuts: the message of a model just shown, before any
    /// cut change of its own.
    void showHint();
    QString message() const;
    MessageKind messageKind() const { return m_messageKind; }

    /// Outlines a loop in the list and the patterns without emitting anything (-1: none).
    void setHighlightedLoop(int loop);
    /// Clears the loop selection (emits loopSelected(-1) when one was selected).
    void clearLoopSelection();

    QString summary() const;
    QListWidget* loopList() const { return m_loops; }
    /// The subsystems' rows, as shown (one per subsystem).
    QStringList subsystemTexts() const;
    BlockPatternWidget* jacobianPattern() const { return m_jacobian; }
    BlockPatternWidget* gicmPattern() const { return m_gicm; }
    QPushButton* automaticButton() const { return m_automatic; }
    QPushButton* fileCutsButton() const { return m_fileCuts; }

Q_SIGNALS:
    void loopHovered(int loop);  ///< -1 when the pointer leaves
    void loopSelected(int loop); ///< -1 when the selection is cleared
    void automaticCutsRequested();
    void fileCutsRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // showModel's parts, called in this order
    /// The model's name, its loop, subsystem and coordinate counts and its DOF.
    void showSummary(const Model& model, int dofAtPose);
    /// The independent loops with their joints and cuts (nothing selected).
    void showLoops(const Model& model);
    /// A row per subsystem: its colour, bodies, coordinates and loops.
    void showSubsystems(const Model& model);
    /// The patterns' loop rows: "loop i · rows eq".
    QStringList patternLoopLabels(const Model& model) const;
    /// The J pattern: loops × subsystems.
    void showJacobianPattern(const Model& model, const QStringList& loopLabels);
    /// The GICM pattern: loops × loops, with each block's contributing subsystems.
    void showGicmPattern(const Model& model, const QStringList& loopLabels);

    void clearSubsystems();
    void fitMessageHeight();

    QLabel* m_title = nullptr;
    QLabel* m_summary = nullptr;
    QFrame* m_messageFrame = nullptr;
    QLabel* m_message = nullptr;
    MessageKind m_messageKind = MessageKind::Info;
    QPushButton* m_automatic = nullptr;
    QPushButton* m_fileCuts = nullptr;
    QListWidget* m_loops = nullptr;
    QWidget* m_subsystems = nullptr; ///< rows of swatch and description
    QStringList m_subsystemTexts;
    BlockPatternWidget* m_jacobian = nullptr;
    BlockPatternWidget* m_gicm = nullptr;
};

} // namespace sslm::ui
