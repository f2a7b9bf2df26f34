// SPDX-License-Identifier: MIT
// Roll, pitch, yaw (URDF's and the visuals' convention): R = Rz(yaw)·Ry(pitch)·Rx(roll), its
// inverse to round-off on random rotations, and at gimbal lock.

#include <cmath>
#include <numbers>
#include <random>

#include <QtTest>

#include "core/spatial/roll_pitch_yaw.hpp"

#include "tests/test_main.hpp"

namespace tst_roll_pitch_yaw {

using namespace sslm;

class TestRollPitchYaw : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void conventionIsFixedAxesXyz() {
        // a quarter turn of yaw takes x to y; of pitch, x to −z; of roll, y to z
        const double q = std::numbers::pi / 2;
        QVERIFY((rotationFromRpy({0, 0, q}) * Eigen::Vector3d::UnitX() - Eigen::Vector3d::UnitY())
                    .norm() < 1e-15);
        QVERIFY((rotationFromRpy({0, q, 0}) * Eigen::Vector3d::UnitX() + Eigen::Vector3d::UnitZ())
                    .norm() < 1e-15);
        QVERIFY((rotationFromRpy({q, 0, 0}) * Eigen::Vector3d::UnitY() - Eigen::Vector3d::UnitZ())
                    .norm() < 1e-15);
        // roll first, then pitch, then yaw, about the fixed axes
        const Eigen::Vector3d rpy(0.3, -0.4, 1.1);
        const Eigen::Matrix3d expected = (Eigen::AngleAxisd(1.1, Eigen::Vector3d::UnitZ()) *
                                          Eigen::AngleAxisd(-0.4, Eigen::Vector3d::UnitY()) *
                                          Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX()))
                                             .toRotationMatrix();
        QVERIFY((rotationFromRpy(rpy) - expected).norm() < 1e-15);
    }

    void inverseOnRandomRotations() {
        std::mt19937 random(7);
        std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
        std::uniform_real_distribution<double> half(-std::numbers::pi / 2, std::numbers::pi / 2);
        for (int k = 0; k < 1000; ++k) {
            const Eigen::Vector3d rpy(angle(random), half(random), angle(random));
            const Eigen::Matrix3d R = rotationFromRpy(rpy);
            const Eigen::Vector3d back = rpyFromRotation(R);
            QVERIFY((rotationFromRpy(back) - R).norm() < 1e-14);
            QVERIFY((back - rpy).norm() < 1e-9); // unique away from gimbal lock
        }
    }

    void gimbalLock() {
        for (const double pitch : {std::numbers::pi / 2, -std::numbers::pi / 2}) {
            const Eigen::Matrix3d R = rotationFromRpy({0.7, pitch, -0.2});
            const Eigen::Vector3d back = rpyFromRotation(R);
            QCOMPARE(back.x(), 0.0);
            QVERIFY((rotationFromRpy(back) - R).norm() < 1e-14);
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestRollPitchYaw)
} // namespace tst_roll_pitch_yaw
#include "tst_roll_pitch_yaw.moc"
