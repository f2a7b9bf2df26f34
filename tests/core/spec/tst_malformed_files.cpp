// SPDX-License-Identifier: MIT
// Hostile and broken mechanism files: each is refused (or warned about) with a specific message
// and the JSON path of the offending element, without crashing, hanging or exhausting memory.
// Most cases are variants of the four-bar in tests/data/malformed/; the huge ones are generated.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/model/compile.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/test_main.hpp"

namespace tst_malformed_files {

using namespace sslm;

namespace {

/// Load diagnostics, then validation and compilation (topology, mobility, cuts) diagnostics if
/// the file loaded.
Diagnostics diagnose(const LoadResult& loaded) {
    Diagnostics all = loaded.diagnostics;
    if (loaded.ok()) {
        const Diagnostics more = compileModel(*loaded.spec).diagnostics;
        all.insert(all.end(), more.begin(), more.end());
    }
    return all;
}

bool reports(const Diagnostics& diagnostics,
             const std::string& where,
             const std::string& fragment,
             bool isError) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        const std::string text = d.message + " (" + d.hint + ")";
        return d.where == where && d.isError() == isError &&
               text.find(fragment) != std::string::npos;
    });
}

} // namespace

class TestMalformedFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void corpus_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<bool>("isError");

        // clang-format off
        // a syntax error is placed by its line and column, with no JSON path in front
        QTest::newRow("truncated") << "truncated.json" << ""
            << "invalid JSON at line 8, column 35 (while reading bodies[1].name): syntax error while parsing value - invalid string: missing closing quote" << true;
        QTest::newRow("syntax error") << "syntax_error.json" << ""
            << "invalid JSON at line 8, column 58 (while reading bodies[1].mass): syntax error while parsing object - unexpected string literal; expected '}'" << true;
        QTest::newRow("mass as string") << "mass_as_string.json" << "bodies[0].mass"
            << "expected a number in kg, found a string '1.5' (remove the quotes: 1.5)" << true;
        QTest::newRow("unknown body") << "unknown_body_reference.json" << "joints[1].parent.body"
            << "unknown body 'grund' (known bodies: 'ground', 'link1', 'link2', 'link3')" << true;
        QTest::newRow("negative mass") << "negative_mass.json" << "bodies[1].mass"
            << "the mass of #2 rocker (kg) must be positive, got -3" << true;
        QTest::newRow("zero-length link") << "zero_length_link.json" << "bodies[0].points"
            << "bar #1 crank has zero length: its points 'J1', 'J8' coincide" << true;
        QTest::newRow("wrong format") << "wrong_format.json" << "format"
            << "not an SSLM mechanism file: 'format' is a string 'mechanism'" << true;
        QTest::newRow("future version") << "future_version.json" << "version"
            << "file format version 3 is newer than this program supports (version 2)" << true;
        QTest::newRow("non-SI units") << "non_si_units.json" << "units.length"
            << "only SI units are supported: length must be in 'm', not 'mm'" << true;
        QTest::newRow("missing bodies") << "missing_bodies.json" << "bodies"
            << "missing required key 'bodies'" << true;
        QTest::newRow("huge number") << "huge_number.json" << "bodies[0].mass"
            << "invalid number: number overflow parsing '1e400'" << true;
        QTest::newRow("unknown key") << "unknown_key.json" << "bodies[0].mas"
            << "unknown key 'mas' (ignored) (did you mean 'mass'?)" << false;
        QTest::newRow("unknown key: then mass is missing") << "unknown_key.json" << "bodies[0].mass"
            << "missing required key 'mass'" << true;
        QTest::newRow("duplicate joint name") << "duplicate_joint_name.json" << "joints[1].name"
            << "duplicate joint name 'J1' (also joints[0])" << true;
        QTest::newRow("unknown cut") << "unknown_cut_joint.json" << "cuts[0]"
            << "cut names unknown joint 'J9' (known joints: 'J1', 'J2', 'J3', 'J8')" << true;
        QTest::newRow("duplicate key") << "duplicate_key.json" << "bodies[0].mass"
            << "duplicate key 'mass'" << true;
        QTest::newRow("not an object") << "not_an_object.json" << ""
            << "a mechanism file must hold one JSON object, found an array" << true;
        QTest::newRow("missing parent") << "missing_joint_parent.json" << "joints[2].parent"
            << "missing required key 'parent'" << true;
        QTest::newRow("rate of a dependent") << "rate_not_independent.json" << "initial.rates.theta2"
            << "a rate is given for 'theta2', which is not in initial.independent" << true;
        QTest::newRow("table times") << "table_times_not_increasing.json" << "actuators[0].force.points[2]"
            << "table times must increase strictly: t = 1 s follows t = 1 s" << true;
        QTest::newRow("prismatic axis") << "prismatic_axis_not_unit.json" << "joints[2].axis"
            << "must be a unit vector, its length is 1.414213562" << true;
        QTest::newRow("disconnected body") << "disconnected_body.json" << "bodies[3]"
            << "body stray link is not connected: no joint uses it" << true;
        QTest::newRow("locked") << "locked.json" << "joints"
            << "the mechanism is locked: 0 DOF" << true;
        QTest::newRow("over-constrained") << "over_constrained.json" << "joints"
            << "the mechanism is over-constrained: -1 DOF" << true;
        QTest::newRow("cut separates a body") << "cut_separates_body.json" << "cuts"
            << "the cuts separate link3 from the ground (cut at J3, J8)" << true;
        QTest::newRow("cut leaves a loop closed") << "cut_leaves_loop_closed.json" << "cuts"
            << "stays closed: none of its joints is cut" << true;
        // clang-format on
    }

    void corpus() {
        QFETCH(QString, file);
        QFETCH(QString, where);
        QFETCH(QString, fragment);
        QFETCH(bool, isError);
        const auto path =
            std::filesystem::path(SSLM_TEST_DATA_DIR) / "malformed" / file.toStdString();
        QVERIFY(std::filesystem::exists(path));

        const LoadResult loaded = loadMechanismFile(path);
        const Diagnostics all = diagnose(loaded);
        QVERIFY2(reports(all, where.toStdString(), fragment.toStdString(), isError),
                 formatDiagnostics(all, file.toStdString()).c_str());
        // every corpus file is broken somewhere, so it never passes as a valid mechanism
        QVERIFY(hasErrors(all));
        QCOMPARE(loaded.ok(), !hasErrors(loaded.diagnostics));
    }

    // refused at the 65th level, without reading the rest: the work done is what is checked,
    // not the wall time it took (a loaded machine or a sanitizer build would move that)
    void deepNesting() {
        const std::string brackets(100000, '[');
        for (const std::string& text :
             {brackets, R"({"format": "sslm-mechanism", "version": 1, "bodies": )" + brackets}) {
            const LoadResult loaded = parseMechanismJson(text);
            QVERIFY(!loaded.ok());
            QCOMPARE(loaded.diagnostics.size(), std::size_t{1});
            const Diagnostic& d = loaded.diagnostics.front();
            QVERIFY2(d.message.find("nested more than 64 levels deep") != std::string::npos,
                     d.message.c_str());
            const std::string prefix = text.front() == '[' ? "[0][0]" : "bodies[0][0]";
            QVERIFY2(d.where.rfind(prefix, 0) == 0, d.where.c_str());
            // the parser stopped once 64 levels were open: the path of the bracket it refused is
            // 64 levels deep (64 arrays, or the object and 63 arrays), not 100 000
            std::string stoppedAt = text.front() == '[' ? "[0]" : "bodies";
            for (int level = 1; level < 64; ++level) {
                stoppedAt += "[0]";
            }
            QCOMPARE(d.where, stoppedAt);
        }
    }

    void oversizedFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto path = std::filesystem::path(dir.path().toStdString()) / "huge.json";
        {
            std::ofstream out(path, std::ios::binary);
            out << "{";
        }
        std::filesystem::resize_file(path, kMaxFileBytes + 1); // sparse: no 16 MB written
        const LoadResult loaded = loadMechanismFile(path);
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.diagnostics.size(), std::size_t{1});
        QCOMPARE(loaded.diagnostics.front().where, path.string());
        // the file's size, refused before reading it (the parser's own limit says "the text is")
        QVERIFY(loaded.diagnostics.front().message.find(
                    "larger than the limit of 16777216 bytes") != std::string::npos);

        // the same limit holds for text handed over directly
        const std::string text(kMaxFileBytes + 1, ' ');
        const LoadResult parsed = parseMechanismJson(text);
        QVERIFY(!parsed.ok());
        QVERIFY(parsed.diagnostics.front().message.find("more than the limit") !=
                std::string::npos);
    }

    void missingFile() {
        const auto path = std::filesystem::path(SSLM_TEST_DATA_DIR) / "malformed" / "absent.json";
        const LoadResult loaded = loadMechanismFile(path);
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.diagnostics.size(), std::size_t{1});
        QCOMPARE(loaded.diagnostics.front().where, path.string());
        const std::string& message = loaded.diagnostics.front().message;
        QVERIFY2(message.find("absent.json") != std::string::npos &&
                     message.find("does not exist") != std::string::npos,
                 message.c_str());
    }

    void folderInsteadOfFile() {
        const LoadResult loaded = loadMechanismFile(SSLM_TEST_DATA_DIR);
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.diagnostics.front().message.find("is a folder") != std::string::npos);
    }

    void garbageNeverCrashes() {
        // every prefix of a valid file, and a few byte soups, give diagnostics, not crashes
        const std::string valid = R"({"format": "sslm-mechanism", "version": 1, "bodies": [{"id": )"
                                  R"("b", "mass": 1, "points": [{"name": "A", "at": [0, 0]}]}], )"
                                  R"("joints": []})";
        for (std::size_t n = 0; n < valid.size(); ++n) {
            const LoadResult loaded = parseMechanismJson(std::string_view(valid).substr(0, n));
            QVERIFY(!loaded.ok());
            QVERIFY(hasErrors(loaded.diagnostics));
        }
        QVERIFY(parseMechanismJson(valid).ok());
        for (const std::string& text :
             {std::string("\xff\xfe\x00", 3), std::string("{\"a\": \"\x80\"}"), std::string("nul"),
              std::string("{\"format\": 1e999999}"), std::string(1000, '{'),
              std::string("[") + std::string(5000, '1')}) {
            QVERIFY(!parseMechanismJson(text).ok());
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestMalformedFiles)
} // namespace tst_malformed_files
#include "tst_malformed_files.moc"
