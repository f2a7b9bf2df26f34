// SPDX-License-Identifier: MIT
// The coordinate of a joint the file cuts, once other cuts leave it uncut, is named in the
// file's pattern: the four-bar's J8 becomes theta8 beside theta1..theta3, not "J8".

#include <algorithm>

#include <QtTest>

#include "core/edit/coordinate_names.hpp"
#include "core/model/compile.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_coordinate_names {

using namespace sslm;

class TestCoordinateNames : public QObject {
    Q_OBJECT

    /// The model's coordinate names, sorted.
    static std::vector<std::string> coordinateNames(const Model& model) {
        std::vector<std::string> names;
        for (const Coordinate& c : model.coordinates) {
            names.push_back(c.name);
        }
        std::sort(names.begin(), names.end());
        return names;
    }

private Q_SLOTS:
    void theCutJointGetsTheFilesPattern() {
        MechanismSpec spec = fixtures::fourBar();
        const JointSpec& j8 = spec.joints[3];
        QCOMPARE(patternCoordinateName(spec, j8), std::string("theta8"));
        QCOMPARE(nameCutCoordinates(spec), 1);
        QCOMPARE(spec.joints[3].coordinate, std::string("theta8"));
        QCOMPARE(nameCutCoordinates(spec), 0); // named once
        // other cuts: the uncut J8 turns by theta8, and J3, now cut, has no coordinate
        const CompileResult compiled = compileModel(spec, CompileOptions{.cuts = {{"J3"}}});
        QVERIFY(compiled.ok());
        QCOMPARE(coordinateNames(*compiled.model),
                 (std::vector<std::string>{"theta1", "theta2", "theta8"}));
    }

    void noPatternNoName() {
        MechanismSpec spec = fixtures::fourBar();
        spec.joints[1].coordinate = "phi"; // theta1 and phi: no single pattern
        QCOMPARE(patternCoordinateName(spec, spec.joints[3]), std::string());
        spec = fixtures::fourBar();
        spec.joints[3].name = "coupler_pin"; // no number to follow
        spec.cuts = {"coupler_pin"};
        QCOMPARE(nameCutCoordinates(spec), 0);
    }

    void aTakenNameOrAUsedOneIsKept() {
        MechanismSpec spec = fixtures::fourBar();
        spec.joints[2].coordinate = "theta8"; // J3 turns by theta8 already
        QCOMPARE(patternCoordinateName(spec, spec.joints[3]), std::string());
        spec = fixtures::fourBar();
        spec.initial.assemblyGuess.emplace_back("J8", 0.5); // the file uses "J8" as a name
        QCOMPARE(nameCutCoordinates(spec), 0);
        QVERIFY(spec.joints[3].coordinate.empty());
    }
};

SSLM_TEST_GUILESS_MAIN(TestCoordinateNames)
} // namespace tst_coordinate_names
#include "tst_coordinate_names.moc"
