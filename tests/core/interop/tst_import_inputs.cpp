// SPDX-License-Identifier: MIT
// Inputs of imported loops (core/interop/import_inputs.hpp): the URDF+ four-bar and the
// SDFormat Hoekens four-bar (planar) name no input, and come in with one chosen at the file's
// pose, so that they assemble and check as they are; the report says which. The Hoekens
// four-bar kept spatial has redundant loop rows: no partition, the inputs stay to choose and
// the report says why. A file that names its inputs (MJCF's keyframe) keeps them.

#include <algorithm>

#include <QtTest>

#include "core/interop/import_inputs.hpp"
#include "core/interop/mechanism_import.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"

#include "tests/test_main.hpp"

namespace tst_import_inputs {

using namespace sslm;

namespace {

const std::string kData = SSLM_TEST_DATA_DIR "/interop/";

const ImportItem* item(const ImportReport& report, const std::string& element) {
    const auto it = std::find_if(report.approximated.begin(), report.approximated.end(),
                                 [&](const ImportItem& i) { return i.element == element; });
    return it == report.approximated.end() ? nullptr : &*it;
}

} // namespace

class TestImportInputs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void inputsAreChosenAtTheFilePose() {
        for (const char* file : {"four_bar_loop.urdf", "four_bar.sdf"}) {
            const ImportResult result = importMechanism(kData + file);
            QVERIFY(result.ok());
            const MechanismSpec& spec = *result.spec;
            QCOMPARE(spec.initial.independent.size(), std::size_t(1)); // one DOF
            QCOMPARE(spec.initial.independent.front().second, 0.0);
            const ImportItem* note = item(result.report, "initial state");
            QVERIFY(note != nullptr);
            QVERIFY2(note->note.find(spec.initial.independent.front().first) != std::string::npos,
                     note->note.c_str());
            const CompileResult compiled = compileModel(spec);
            QVERIFY(compiled.ok());
            const InitialState start = assembleInitialState(*compiled.model);
            QVERIFY2(start.report.converged, start.report.message.c_str());
            QCOMPARE(static_cast<int>(compiled.model->independent.size()), 1);
        }
    }

    void redundantLoopsLeaveThemToChoose() {
        MechanismImportOptions keep;
        keep.keepSpatial = true;
        const ImportResult result = importMechanism(kData + "four_bar.sdf", keep);
        QVERIFY(result.ok());
        QVERIFY(result.spec->initial.independent.empty());
        const ImportItem* note = item(result.report, "initial state");
        QVERIFY(note != nullptr);
        QVERIFY2(note->note.find("left to choose") != std::string::npos, note->note.c_str());
    }

    void namedInputsAreKept() {
        ImportResult result;
        result.spec = MechanismSpec{};
        result.spec->cuts = {"J8"};
        result.spec->initial.independent = {{"theta1", 0.3}};
        chooseInputsAtFilePose(result);
        QCOMPARE(result.spec->initial.independent.size(), std::size_t(1));
        QCOMPARE(result.spec->initial.independent.front().second, 0.3);
        QVERIFY(result.report.approximated.empty());
    }
};

SSLM_TEST_APPLESS_MAIN(TestImportInputs)
} // namespace tst_import_inputs

#include "tst_import_inputs.moc"
