// SPDX-License-Identifier: MIT
#include "ui/editor/properties/mechanism_outline.hpp"

#include <QSignalBlocker>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/spec/joint_kinds.hpp"
#include "ui/editor/properties/property_fields.hpp"

namespace sslm::ui {

namespace {

constexpr int kKeyRole = Qt::UserRole;
constexpr int kKindRole = Qt::UserRole + 1;
const QString kBody = QStringLiteral("body");
const QString kJoint = QStringLiteral("joint");

} // namespace

MechanismOutline::MechanismOutline(QWidget* parent) : QWidget(parent) {
    m_tree = new QTreeWidget;
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(true);
    m_tree->setToolTip(tr("The mechanism's bodies and joints: choose one to edit it below"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const QString kind = item ? item->data(0, kKindRole).toString() : QString();
        const QString key = item ? item->data(0, kKeyRole).toString() : QString();
        m_body = kind == kBody ? key : QString();
        m_joint = kind == kJoint ? key : QString();
        Q_EMIT chosen();
    });
}

void MechanismOutline::showSpec(const MechanismSpec& spec) {
    QStringList items; // what the tree lists, in order: rebuilt only when it changes
    for (const BodySpec& body : spec.bodies) {
        items << QString::fromStdString(body.id);
    }
    for (const JointSpec& joint : spec.joints) {
        items << QStringLiteral("%1 (%2)").arg(QString::fromStdString(joint.name),
                                               QLatin1String(jointTypeWord(joint.type)));
    }
    if (items != m_items || m_tree->topLevelItemCount() == 0) {
        m_items = items;
        rebuild(spec);
    }
    // the bodies' masses, in their tool tips
    QTreeWidgetItem* bodies = m_tree->topLevelItem(0);
    for (int b = 0; b < bodies->childCount(); ++b) {
        const BodySpec& body = spec.bodies[static_cast<std::size_t>(b)];
        bodies->child(b)->setToolTip(
            0, tr("%1: %2 kg").arg(QString::fromStdString(body.id), number(body.mass)));
    }
}

void MechanismOutline::rebuild(const MechanismSpec& spec) {
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    auto* bodies = new QTreeWidgetItem(m_tree, {tr("Bodies")});
    auto* joints = new QTreeWidgetItem(m_tree, {tr("Joints")});
    QTreeWidgetItem* current = nullptr;
    for (const BodySpec& body : spec.bodies) {
        const QString id = QString::fromStdString(body.id);
        auto* item = new QTreeWidgetItem(bodies, {id});
        item->setData(0, kKeyRole, id);
        item->setData(0, kKindRole, kBody);
        if (m_body == id) {
            current = item;
        }
    }
    for (const JointSpec& joint : spec.joints) {
        const QString name = QString::fromStdString(joint.name);
        auto* item = new QTreeWidgetItem(
            joints,
            {QStringLiteral("%1 (%2)").arg(name, QLatin1String(jointTypeWord(joint.type)))});
        item->setData(0, kKeyRole, name);
        item->setData(0, kKindRole, kJoint);
        if (m_joint == name) {
            current = item;
        }
    }
    m_tree->expandAll();
    if (current == nullptr) {
        m_body.clear();
        m_joint.clear();
    } else {
        m_tree->setCurrentItem(current);
    }
}

bool MechanismOutline::selectBody(const QString& id) {
    for (QTreeWidgetItem* item : m_tree->findItems(id, Qt::MatchExactly | Qt::MatchRecursive)) {
        if (item->data(0, kKindRole).toString() == kBody) {
            m_tree->setCurrentItem(item);
            return true;
        }
    }
    return false;
}

bool MechanismOutline::selectJoint(const QString& name) {
    for (QTreeWidgetItem* item :
         m_tree->findItems(name, Qt::MatchStartsWith | Qt::MatchRecursive)) {
        if (item->data(0, kKindRole).toString() == kJoint &&
            item->data(0, kKeyRole).toString() == name) {
            m_tree->setCurrentItem(item);
            return true;
        }
    }
    return false;
}

} // namespace sslm::ui
