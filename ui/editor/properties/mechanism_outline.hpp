// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock's list of a mechanism's bodies and joints, to choose the one to edit (the
// spatial mechanisms', which the Edit tab does not draw). The choice is kept through the
// document's changes while its body or joint exists; the list is made again only when its
// bodies or joints change (not for a number), so that it keeps its scroll position.

#include <QString>
#include <QStringList>
#include <QWidget>

#include "core/spec/mechanism_spec.hpp"

class QTreeWidget;

namespace sslm::ui {

class MechanismOutline : public QWidget {
    Q_OBJECT

public:
    explicit MechanismOutline(QWidget* parent = nullptr);

    /// Lists the bodies and joints of `spec`, the chosen one kept if it is still there.
    void showSpec(const MechanismSpec& spec);
    /// Chooses body `id` or joint `name` (false when there is none).
    bool selectBody(const QString& id);
    bool selectJoint(const QString& name);
    /// The chosen body's id or joint's name; empty when none.
    const QString& body() const { return m_body; }
    const QString& joint() const { return m_joint; }

    QTreeWidget* tree() const { return m_tree; }

Q_SIGNALS:
    /// Another body or joint (or none) was chosen.
    void chosen();

private:
    /// Lists them again, the chosen one kept if it is still there.
    void rebuild(const MechanismSpec& spec);

    QTreeWidget* m_tree = nullptr;
    QStringList m_items; ///< the bodies and joints listed
    QString m_body;
    QString m_joint;
};

} // namespace sslm::ui
