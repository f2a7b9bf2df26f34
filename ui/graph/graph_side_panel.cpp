// SPDX-License-Identifier: MIT
#include "ui/graph/graph_side_panel.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QScrollArea>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include "core/model/spherical_loops.hpp"
#include "ui/graph/block_pattern_widget.hpp"
#include "ui/style/palette.hpp"
#include "ui/style/style_sheet.hpp"
#include "ui/style/theme.hpp"

namespace sslm::ui {

namespace {

/// Block index "rs", or "r,s" once an index has two digits (1-based), as `sslm info` prints.
QString blockIndex(int r, int s) {
    const QString a = QString::number(r + 1);
    const QString b = QString::number(s + 1);
    return (a.size() > 1 || b.size() > 1) ? a + ',' + b : a + b;
}

QIcon swatch(const QColor& colour) {
    QPixmap pixmap(14, 14);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(colour.darker(130));
    painter.setBrush(colour);
    painter.drawRoundedRect(QRectF(0.5, 0.5, 13, 13), 3, 3);
    return QIcon(pixmap);
}

QLabel* heading(const QString& text) {
    auto* label = new QLabel(text);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setContentsMargins(0, 6, 0, 0);
    label->setWordWrap(true); // a narrow dock wraps it rather than clipping the whole panel
    return label;
}

QString jointName(const Model& model, int joint) {
    return QString::fromStdString(model.joints[joint].name);
}

/// A list that is as tall as its rows (the panel scrolls, not the list).
void fitListHeight(QListWidget* list) {
    int height = 2 * list->frameWidth() + 4;
    for (int row = 0; row < list->count(); ++row) {
        height += list->sizeHintForRow(row);
    }
    list->setFixedHeight(std::max(height, 24));
}

} // namespace

GraphSidePanel::GraphSidePanel(QWidget* parent) : QWidget(parent) {
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(6);

    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    auto* buttons = new QHBoxLayout;
    m_automatic = new QPushButton(tr("Automatic cuts"));
    m_automatic->setToolTip(tr("Let the compiler choose the cut joints"));
    m_fileCuts = new QPushButton(tr("File's cuts"));
    m_fileCuts->setToolTip(tr("Go back to the cut joints listed in the file"));
    buttons->addWidget(m_automatic);
    buttons->addWidget(m_fileCuts);
    buttons->addStretch();
    layout->addLayout(buttons);
    connect(m_automatic, &QPushButton::clicked, this, &GraphSidePanel::automaticCutsRequested);
    connect(m_fileCuts, &QPushButton::clicked, this, &GraphSidePanel::fileCutsRequested);

    // the label sits in a styled frame: a word-wrapped QLabel with its own padding and border
    // misjudges its height
    m_messageFrame = new QFrame;
    m_messageFrame->setObjectName(QStringLiteral("cutMessage"));
    m_messageFrame->setStyleSheet(studioStyleSheet()); // its colours also when shown on its own
    connect(ThemeWatcher::instance(), &ThemeWatcher::themeChanged, m_messageFrame,
            [frame = m_messageFrame] { frame->setStyleSheet(studioStyleSheet()); });
    auto* frameLayout = new QVBoxLayout(m_messageFrame);
    frameLayout->setContentsMargins(8, 6, 8, 6);
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_message->installEventFilter(this); // keeps its height right for its width
    frameLayout->addWidget(m_message);
    layout->addWidget(m_messageFrame);

    layout->addWidget(heading(tr("Independent loops")));
    m_loops = new QListWidget;
    m_loops->setMouseTracking(true);
    m_loops->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_loops->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_loops->setToolTip(tr("Hover or select a loop to highlight it; click in the graph's "
                           "background to clear"));
    m_loops->viewport()->installEventFilter(this);
    layout->addWidget(m_loops);
    connect(m_loops, &QListWidget::itemEntered, this,
            [this](QListWidgetItem* item) { Q_EMIT loopHovered(m_loops->row(item)); });
    connect(m_loops, &QListWidget::currentRowChanged, this,
            [this](int row) { Q_EMIT loopSelected(row); });

    layout->addWidget(heading(tr("Subsystems")));
    m_subsystems = new QWidget;
    auto* rows = new QGridLayout(m_subsystems);
    rows->setContentsMargins(2, 0, 0, 0);
    rows->setHorizontalSpacing(8);
    rows->setVerticalSpacing(4);
    rows->setColumnStretch(1, 1);
    layout->addWidget(m_subsystems);

    layout->addWidget(heading(tr("J block pattern (eq. 26): loops × subsystems")));
    m_jacobian = new BlockPatternWidget;
    layout->addWidget(m_jacobian);
    layout->addWidget(heading(tr("GICM block pattern (eqs. 31–32): loops × loops")));
    m_gicm = new BlockPatternWidget;
    layout->addWidget(m_gicm);
    for (BlockPatternWidget* pattern : {m_jacobian, m_gicm}) {
        connect(pattern, &BlockPatternWidget::rowHovered, this, &GraphSidePanel::loopHovered);
    }
    layout->addStretch();

    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    setMinimumWidth(240);

    showHint();
}

void GraphSidePanel::showHint() {
    showMessage(tr("Click a joint to cut it: it takes the place of its loop's cut. Click a cut "
                   "joint first to choose which cut to release."),
                MessageKind::Info);
}

bool GraphSidePanel::eventFilter(QObject* watched, QEvent* event) {
    if (m_loops && watched == m_loops->viewport() && event->type() == QEvent::Leave) {
        Q_EMIT loopHovered(-1);
    }
    if (watched == m_message && event->type() == QEvent::Resize) {
        fitMessageHeight();
    }
    return QWidget::eventFilter(watched, event);
}

void GraphSidePanel::showMessage(const QString& text, MessageKind kind) {
    m_messageKind = kind;
    m_message->setText(text);
    fitMessageHeight();
    setStyleRole(m_messageFrame, kind == MessageKind::Success ? StyleRole::SuccessMessage
                                 : kind == MessageKind::Error ? StyleRole::ErrorMessage
                                                              : StyleRole::InfoMessage);
}

void GraphSidePanel::fitMessageHeight() {
    // a word-wrapped label in a layout is otherwise given the height for its size hint's width
    const int height = m_message->heightForWidth(m_message->width());
    if (height > 0 && height != m_message->minimumHeight()) {
        m_message->setMinimumHeight(height);
    }
}

QString GraphSidePanel::message() const {
    return m_message->text();
}

QStringList GraphSidePanel::subsystemTexts() const {
    return m_subsystemTexts;
}

void GraphSidePanel::clearSubsystems() {
    m_subsystemTexts.clear();
    QLayout* rows = m_subsystems->layout();
    while (QLayoutItem* item = rows->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

QString GraphSidePanel::summary() const {
    return m_summary->text();
}

void GraphSidePanel::clearModel() {
    m_title->clear();
    m_summary->clear();
    const QSignalBlocker blocker(m_loops);
    m_loops->clear();
    clearSubsystems();
    m_jacobian->setPattern({}, {}, {}, {});
    m_gicm->setPattern({}, {}, {}, {});
}

void GraphSidePanel::showModel(const Model& model, int dofAtPose) {
    showSummary(model, dofAtPose);
    showLoops(model);
    showSubsystems(model);
    const QStringList loopLabels = patternLoopLabels(model);
    showJacobianPattern(model, loopLabels);
    showGicmPattern(model, loopLabels);
}

void GraphSidePanel::showSummary(const Model& model, int dofAtPose) {
    const int nLoops = model.nLoops();
    const int nSub = static_cast<int>(model.subsystems.size());
    const int moving = static_cast<int>(model.bodies.size()) - 1;
    m_title->setText(QString::fromStdString(model.name));
    // Grübler: a free body's freedoms (3 in the plane, 6 in space) per moving body, less what
    // the joints take (as `sslm info` prints it)
    const int freedoms = model.dimension() + 3 - model.firstRotationAxis();
    // a spherical loop's bodies keep 3 freedoms on the sphere (spherical_loops.hpp)
    const int spherical = sphericalLoopCount(model.spec);
    const QString sphere = spherical > 0 ? tr(" + 3·%1 on the sphere").arg(spherical) : QString();
    m_summary->setText(tr("%1 independent loop%2 · %3 subsystem%4 · %5 coordinates<br>"
                          "<b>DOF %6</b> by the rank of J at the assembled pose; %7 by Grübler "
                          "(%8·%9 − %10 joint constraints%11)")
                           .arg(nLoops)
                           .arg(nLoops == 1 ? "" : "s")
                           .arg(nSub)
                           .arg(nSub == 1 ? "" : "s")
                           .arg(model.nv())
                           .arg(dofAtPose >= 0 ? QString::number(dofAtPose) : tr("?"))
                           .arg(model.mobilityGrubler)
                           .arg(freedoms)
                           .arg(moving)
                           .arg(freedoms * moving - model.mobilityGrubler + 3 * spherical)
                           .arg(sphere));
}

void GraphSidePanel::showLoops(const Model& model) {
    const int nLoops = model.nLoops();
    {
        const QSignalBlocker blocker(m_loops);
        m_loops->clear();
        for (int i = 0; i < nLoops; ++i) {
            const Loop& loop = model.loops[i];
            QStringList joints;
            for (int j : loop.joints) {
                joints << jointName(model, j);
            }
            auto* item = new QListWidgetItem(
                tr("Loop %1: %2 (cut %3)")
                    .arg(i + 1)
                    .arg(joints.join(QStringLiteral("–")), jointName(model, loop.cutJoint)));
            m_loops->addItem(item);
        }
        m_loops->setCurrentRow(-1);
    }
    fitListHeight(m_loops);
}

void GraphSidePanel::showSubsystems(const Model& model) {
    const int nSub = static_cast<int>(model.subsystems.size());
    clearSubsystems();
    auto* rows = static_cast<QGridLayout*>(m_subsystems->layout());
    for (int s = 0; s < nSub; ++s) {
        const Subsystem& sub = model.subsystems[s];
        QStringList bodies;
        for (int b : sub.bodies) {
            bodies << QString::fromStdString(model.bodies[b].name).toHtmlEscaped();
        }
        QStringList coordinates;
        for (int k = sub.qBegin; k < sub.qBegin + sub.nv; ++k) {
            coordinates << QString::fromStdString(model.coordinates[k].name).toHtmlEscaped();
        }
        QStringList loops;
        for (int i : sub.loops) {
            loops << QString::number(i + 1);
        }
        auto* swatchLabel = new QLabel;
        swatchLabel->setPixmap(swatch(subsystemColour(s)).pixmap(14, 14));
        swatchLabel->setAlignment(Qt::AlignTop);
        swatchLabel->setContentsMargins(0, 2, 0, 0);
        const QString text =
            tr("<b>S%1</b> (%2): %3<br><span style='color:%6'>q: %4 · loops %5</span>")
                .arg(s + 1)
                .arg(sub.serial ? tr("serial") : tr("tree"), bodies.join(QStringLiteral(", ")),
                     coordinates.join(QStringLiteral(", ")),
                     loops.isEmpty() ? tr("none") : loops.join(QStringLiteral(", ")),
                     secondaryTextColour().name());
        auto* description = new QLabel(text);
        description->setWordWrap(true);
        rows->addWidget(swatchLabel, s, 0);
        rows->addWidget(description, s, 1);
        m_subsystemTexts << QTextDocumentFragment::fromHtml(text).toPlainText();
    }
}

QStringList GraphSidePanel::patternLoopLabels(const Model& model) const {
    const int nLoops = model.nLoops();
    // the blocks of J differ in size (a spatial cut has 3 to 5 rows, a planar one 2): its rows
    // say how many equations each loop has and its columns how many coordinates each subsystem
    // has (J_ij is rows × coordinates)
    QStringList loopLabels;
    for (int i = 0; i < nLoops; ++i) {
        loopLabels << tr("loop %1 · %2 eq").arg(i + 1).arg(model.loops[i].rows);
    }
    return loopLabels;
}

void GraphSidePanel::showJacobianPattern(const Model& model, const QStringList& loopLabels) {
    const int nLoops = model.nLoops();
    const int nSub = static_cast<int>(model.subsystems.size());
    // J: loops × subsystems
    QStringList subsystemLabels;
    std::vector<QColor> subsystemColours;
    for (int s = 0; s < nSub; ++s) {
        subsystemLabels << QStringLiteral("S%1").arg(s + 1);
        subsystemColours.push_back(subsystemColour(s));
    }
    std::vector<std::vector<BlockPatternCell>> jCells(nLoops, std::vector<BlockPatternCell>(nSub));
    for (int i = 0; i < nLoops; ++i) {
        for (int s = 0; s < nSub; ++s) {
            BlockPatternCell& cell = jCells[i][s];
            cell.filled = model.jacobianPattern(i, s);
            if (cell.filled) {
                cell.text = QStringLiteral("J") + blockIndex(i, s);
                cell.fill = subsystemColour(s);
                cell.toolTip = tr("J%1: loop %2 moves with the coordinates of S%3 (%4 × %5 block)")
                                   .arg(blockIndex(i, s))
                                   .arg(i + 1)
                                   .arg(s + 1)
                                   .arg(model.loops[i].rows)
                                   .arg(model.subsystems[s].nv);
            } else {
                cell.toolTip = tr("O: loop %1 does not reach S%2").arg(i + 1).arg(s + 1);
            }
        }
    }
    m_jacobian->setPattern(loopLabels, subsystemLabels, subsystemColours, std::move(jCells));
}

void GraphSidePanel::showGicmPattern(const Model& model, const QStringList& loopLabels) {
    const int nLoops = model.nLoops();
    // GICM: loops × loops, Ī_rs = Σ_j I^rs_j
    QStringList loopColumns;
    for (int i = 0; i < nLoops; ++i) {
        loopColumns << QString::number(i + 1);
    }
    std::vector<std::vector<BlockPatternCell>> gCells(nLoops,
                                                      std::vector<BlockPatternCell>(nLoops));
    for (int r = 0; r < nLoops; ++r) {
        for (int s = 0; s < nLoops; ++s) {
            BlockPatternCell& cell = gCells[r][s];
            const std::vector<int>& contributors = model.gicmContributors[r][s];
            cell.filled = !contributors.empty();
            QStringList terms;
            for (int j : contributors) {
                terms << QStringLiteral("I^%1_%2").arg(blockIndex(r, s)).arg(j + 1);
                cell.band.push_back(subsystemColour(j));
            }
            cell.text = cell.filled ? QStringLiteral("Ī") + blockIndex(r, s) : QString();
            cell.toolTip = cell.filled
                               ? QStringLiteral("Ī%1 = %2")
                                     .arg(blockIndex(r, s), terms.join(QStringLiteral(" + ")))
                               : tr("O: loops %1 and %2 share no subsystem").arg(r + 1).arg(s + 1);
        }
    }
    m_gicm->setPattern(loopLabels, loopColumns, {}, std::move(gCells));
}

void GraphSidePanel::setHighlightedLoop(int loop) {
    for (int row = 0; row < m_loops->count(); ++row) {
        QListWidgetItem* item = m_loops->item(row);
        QFont font = item->font();
        font.setBold(row == loop);
        item->setFont(font);
        item->setBackground(row == loop ? QBrush(loopHighlightColour().lighter(150)) : QBrush());
    }
    m_jacobian->setHighlightedRow(loop);
    m_gicm->setHighlightedRow(loop);
}

void GraphSidePanel::clearLoopSelection() {
    if (m_loops->currentRow() >= 0) {
        m_loops->setCurrentRow(-1);
    }
}

} // namespace sslm::ui
