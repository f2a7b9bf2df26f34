// SPDX-License-Identifier: MIT
#pragma once

// Close a Loop…: the Properties dock's dialog that joins two bodies of a (spatial) mechanism at
// a point on each with a joint that becomes a cut (core/edit/close_loop). Each side is a body
// and one of its points, or a new point (m, the body frame); a new point on the second body
// starts where the first side's point is at the assembled pose, so that the loop closes there.
// The joint type (spherical by default) and its axes (W at q = 0) are chosen below.

#include <optional>

#include <QDialog>
#include <QString>

#include <Eigen/Core>

#include "core/edit/close_loop.hpp"
#include "core/model/model.hpp"

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace sslm::ui {

class CloseLoopDialog : public QDialog {
    Q_OBJECT

public:
    /// `model` and `q` (positions) give the assembled pose for the new points' defaults; the
    /// model may be null (the spec does not compile), then new points start at the origin.
    CloseLoopDialog(const MechanismSpec& spec,
                    std::shared_ptr<const Model> model,
                    const Eigen::VectorXd& q,
                    QWidget* parent = nullptr);

    /// The closure as chosen.
    LoopClosure closure() const;

    /// Chooses a side's body and point (`point` empty: a new point); false if unknown. For tests.
    bool choose(bool parentSide, const QString& body, const QString& point);
    QComboBox* typeBox() const { return m_type; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    struct Side {
        QComboBox* body = nullptr;
        QComboBox* point = nullptr;
        QLineEdit* newName = nullptr;
        QDoubleSpinBox* at[3] = {};
    };
    void fillPoints(Side& side);
    void updateDefaults();
    void updateState();
    /// World position (m) of `point` on `body` at the pose, if known.
    std::optional<Eigen::Vector3d> worldPoint(const QString& body, const QString& point) const;
    /// `w` in the frame of `body` at the pose, if known.
    std::optional<Eigen::Vector3d> inBodyFrame(const QString& body, const Eigen::Vector3d& w) const;

    MechanismSpec m_spec;
    std::shared_ptr<const Model> m_model;
    Eigen::VectorXd m_q;
    QLineEdit* m_name = nullptr;
    QComboBox* m_type = nullptr;
    Side m_sides[2];
    QDoubleSpinBox* m_axis[3] = {};
    QDoubleSpinBox* m_axis2[3] = {};
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace sslm::ui
