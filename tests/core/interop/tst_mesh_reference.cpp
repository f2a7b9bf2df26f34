// SPDX-License-Identifier: MIT
// Mesh references of imported files: package:// found in the file's ancestors, relative paths
// from the file's folder, the URDF's meshes becoming the bodies' visuals, and the paths
// rewritten for the folder the mechanism is saved in.

#include <filesystem>

#include <QtTest>

#include "core/interop/mechanism_import.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"

#include "tests/test_main.hpp"

namespace tst_mesh_reference {

using namespace sslm;
namespace fs = std::filesystem;

namespace {

/// A ROS package on disk: package/pkg/urdf/arm.urdf whose link has package/pkg/meshes/box.stl.
const fs::path kRoot = fs::path(SSLM_TEST_DATA_DIR) / "interop" / "package";
const fs::path kUrdf = kRoot / "pkg" / "urdf" / "arm.urdf";

} // namespace

class TestMeshReference : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void packageIsFoundInTheAncestors() {
        const fs::path root = kRoot;
        const fs::path urdf = kUrdf;
        const MeshReference found = resolveMeshReference("package://pkg/meshes/box.stl", urdf);
        QVERIFY(found.exists);
        QCOMPARE(fs::canonical(found.path), fs::canonical(root / "pkg" / "meshes" / "box.stl"));
        const MeshReference relative = resolveMeshReference("../meshes/box.stl", urdf);
        QVERIFY(relative.exists);
        QCOMPARE(fs::canonical(relative.path), fs::canonical(found.path));
        const MeshReference missing = resolveMeshReference("package://other/box.stl", urdf);
        QVERIFY(!missing.exists);
        QVERIFY(missing.path.empty());
        QVERIFY(missing.note.find("other") != std::string::npos);
    }

    void importedMeshesAreVisualsSavedRelative() {
        const fs::path root = kRoot;
        // one hinge about y would be recognised planar: kept spatial, the poses as the file's
        const ImportResult r = importMechanism(kUrdf, MechanismImportOptions{true});
        QVERIFY(r.ok());
        const MechanismSpec& spec = *r.spec;
        QCOMPARE(spec.bodies.size(), std::size_t(1));
        QCOMPARE(spec.bodies[0].visuals.size(), std::size_t(2));
        const VisualSpec& brass = spec.bodies[0].visuals[0];
        QVERIFY(fs::path(brass.file).is_absolute());
        QVERIFY(brass.color.has_value());
        QVERIFY((*brass.color - Eigen::Vector3d(0.8, 0.6, 0.2)).norm() < 1e-6);
        QVERIFY((brass.rpy - Eigen::Vector3d(0, 0.5, 0)).norm() < 1e-12);
        QVERIFY((brass.position - Eigen::Vector3d(0.1, 0, 0)).norm() < 1e-15);
        for (const ImportItem& item : r.report.approximated) { // both meshes found and drawn
            QVERIFY2(item.element.find("visual") == std::string::npos, item.note.c_str());
        }

        // saved into root/models: the paths go from there
        MechanismSpec saved = spec;
        rebaseVisualFiles(saved, {}, root / "models");
        QCOMPARE(saved.bodies[0].visuals[0].file, std::string("../pkg/meshes/box.stl"));
        QCOMPARE(saved.bodies[0].visuals[1].file, std::string("../pkg/meshes/box.stl"));
        // and moved on into root/models/old/deeper/still: three levels up is kept absolute
        MechanismSpec moved = saved;
        rebaseVisualFiles(moved, root / "models", root / "models" / "old" / "deeper" / "still");
        QCOMPARE(fs::path(moved.bodies[0].visuals[0].file),
                 (root / "pkg" / "meshes" / "box.stl").lexically_normal());
    }

    void planarImportTurnsVisualsIntoThePlane() {
        // the one hinge about y: recognised planar in the x-z plane, X = x, Y = z, normal -y
        const ImportResult r = importMechanism(kUrdf);
        QVERIFY(r.ok());
        QCOMPARE(r.spec->space, MotionSpace::Planar);
        const VisualSpec& brass = r.spec->bodies[0].visuals[0];
        Eigen::Matrix3d plane;
        plane << Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitZ(), -Eigen::Vector3d::UnitY();
        // the same shape in space: the plane's frame turns it back onto the file's pose
        QVERIFY((plane * brass.position - Eigen::Vector3d(0.1, 0, 0)).norm() < 1e-15);
        const Eigen::Matrix3d file = rotationFromRpy(Eigen::Vector3d(0, 0.5, 0));
        QVERIFY((plane * rotationFromRpy(brass.rpy) - file).norm() < 1e-14);
    }
};

SSLM_TEST_APPLESS_MAIN(TestMeshReference)
} // namespace tst_mesh_reference
#include "tst_mesh_reference.moc"
