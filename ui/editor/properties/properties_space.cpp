// SPDX-License-Identifier: MIT
#include "ui/editor/properties/properties_space.hpp"

#include <QCoreApplication>

#include "core/spec/joint_kinds.hpp"

namespace sslm::ui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("PropertiesPanel", text);
}

PropertiesSpace planar() {
    PropertiesSpace p;
    p.space = MotionSpace::Planar;
    p.drawn = true;
    p.dimensions = 2;
    p.bodyWord = tr("Link");
    p.inertiaEntries = {kPlanarInertiaEntry};
    p.uniformInertiaBox = true;
    p.massMinimum = -1e6; // the range takes a file's non-positive value as it is
    p.massDecimals = 4;
    p.inertiaDecimals = 10;
    p.lengthLimit = 100;
    p.jointTypes = {{JointType::Revolute, tr("revolute (pin)")},
                    {JointType::Prismatic, tr("prismatic (slider)")}};
    p.jointTypeTip = tr("A pin, or a slider along an axis fixed to the parent; the mechanism "
                        "keeps its drawn pose");
    return p;
}

PropertiesSpace spatial() {
    PropertiesSpace p;
    p.space = MotionSpace::Spatial;
    p.drawn = false;
    p.dimensions = 3;
    p.bodyWord = tr("Body");
    p.inertiaEntries = {0, 1, 2, 3, 4, 5};
    p.uniformInertiaBox = false;
    p.massMinimum = 1e-9;
    p.massDecimals = 6;
    p.inertiaDecimals = 9;
    p.lengthLimit = 1e4;
    for (const JointType type : {JointType::Revolute, JointType::Prismatic, JointType::Cylindrical,
                                 JointType::Universal, JointType::Spherical}) {
        p.jointTypes.emplace_back(type, QString::fromLatin1(jointTypeWord(type)));
    }
    p.jointTypeTip = tr("The joint's type: each one's coordinates and loop equations are in its "
                        "tool tip");
    return p;
}

} // namespace

PropertiesSpace propertiesSpace(MotionSpace space) {
    return space == MotionSpace::Spatial ? spatial() : planar();
}

} // namespace sslm::ui
