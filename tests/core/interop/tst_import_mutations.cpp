// SPDX-License-Identifier: MIT
// Damaged model files never end an import badly (core/interop/mechanism_import.hpp): every
// mutant of the interop examples (tests/core/interop/model_mutants.hpp) imports, or fails with an
// error that names the file; nothing throws; what imports is written and opens again. 100
// mutants per example here; SSLM_IMPORT_MUTANTS=N asks for N, and SSLM_IMPORT_MUTANTS_KEEP=DIR
// keeps them (scripts/mutate-imports.sh runs thousands through the sslm command line).

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/interop/mechanism_import.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/interop/model_mutants.hpp"
#include "tests/test_main.hpp"

namespace tst_import_mutations {

using namespace sslm;

namespace {

namespace fs = std::filesystem;

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeText(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

/// Mutants per example: SSLM_IMPORT_MUTANTS, else 100.
int mutantCount() {
    const char* value = std::getenv("SSLM_IMPORT_MUTANTS");
    const int n = value != nullptr ? std::atoi(value) : 0;
    return n > 0 ? n : 100;
}

/// Where the mutants are written: SSLM_IMPORT_MUTANTS_KEEP, else `temporary`; the examples'
/// meshes/ beside them, so that mesh references resolve as in the originals.
fs::path mutantFolder(const QTemporaryDir& temporary) {
    const char* keep = std::getenv("SSLM_IMPORT_MUTANTS_KEEP");
    const fs::path folder = keep != nullptr && *keep != '\0'
                                ? fs::path(keep)
                                : fs::path(temporary.path().toStdString());
    fs::create_directories(folder);
    std::error_code ignored;
    fs::create_directory_symlink(fs::path(SSLM_EXAMPLES_DIR) / "interop" / "meshes",
                                 folder / "meshes", ignored);
    return folder;
}

/// Why the import of `path` ended badly, or empty when it ended well: it threw, failed without
/// an error naming the file, or imported a mechanism that does not write and open again.
std::string importFailure(const fs::path& path, const fs::path& written) {
    ImportResult result;
    try {
        result = importMechanism(path);
    } catch (const std::exception& e) {
        return std::string("the import threw: ") + e.what();
    } catch (...) {
        return "the import threw an unknown exception";
    }
    if (!result.ok()) {
        for (const Diagnostic& d : result.diagnostics) {
            if (d.isError() && d.where.rfind(path.string(), 0) == 0 && !d.message.empty()) {
                return {};
            }
        }
        return "failed without an error naming the file:\n" + formatDiagnostics(result.diagnostics);
    }
    try {
        if (const auto failure = saveMechanismFile(*result.spec, written)) {
            return "imported, but not written: " + *failure;
        }
        const LoadResult loaded = loadMechanismFile(written);
        if (!loaded.ok()) {
            return "imported and written, but does not open again:\n" +
                   formatDiagnostics(loaded.diagnostics);
        }
    } catch (const std::exception& e) {
        return std::string("writing or opening the import threw: ") + e.what();
    }
    return {};
}

} // namespace

class TstImportMutations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mutantsImportOrNameTheFile_data() {
        QTest::addColumn<QString>("example");
        QTest::addColumn<unsigned>("seed");
        QTest::newRow("urdf") << QStringLiteral("four_bar.urdf") << 1u;
        QTest::newRow("sdformat") << QStringLiteral("four_bar.sdf") << 2u;
        QTest::newRow("mjcf") << QStringLiteral("slider_crank.xml") << 3u;
    }

    void mutantsImportOrNameTheFile() {
        QFETCH(QString, example);
        QFETCH(unsigned, seed);
        const fs::path original = fs::path(SSLM_EXAMPLES_DIR) / "interop" / example.toStdString();
        const std::string text = readText(original);
        QVERIFY(!text.empty());
        QTemporaryDir temporary;
        QVERIFY(temporary.isValid());
        const fs::path folder = mutantFolder(temporary);
        const fs::path written = fs::path(temporary.path().toStdString()) / "imported.json";

        fixtures::ModelMutator mutator(seed);
        const int count = mutantCount();
        int imported = 0;
        for (int k = 0; k < count; ++k) {
            const fs::path path = folder / (original.stem().string() + "_mutant" +
                                            std::to_string(k) + original.extension().string());
            writeText(path, mutator.mutant(text));
            const std::string failure = importFailure(path, written);
            QVERIFY2(failure.empty(), qPrintable(QStringLiteral("%1 (seed %2): %3")
                                                     .arg(QString::fromStdString(path.string()))
                                                     .arg(seed)
                                                     .arg(QString::fromStdString(failure))));
            imported += fs::exists(written) ? 1 : 0;
            fs::remove(written);
        }
        // both ends are reached: some mutants still import, most are refused
        qInfo("%d of %d mutants of %s imported", imported, count, qPrintable(example));
        QVERIFY(imported > 0 && imported < count);
    }

    /// libsdformat parses the version with std::stoi: a number too long for an int is named.
    void sdfVersionTooLongIsNamed() {
        QTemporaryDir temporary;
        std::string text = readText(fs::path(SSLM_EXAMPLES_DIR) / "interop" / "four_bar.sdf");
        const std::string attribute = "<sdf version=\"";
        const std::size_t at = text.find(attribute);
        QVERIFY(at != std::string::npos);
        const std::size_t begin = at + attribute.size();
        text.replace(begin, text.find('"', begin) - begin, "99999999999999999999");
        const fs::path path = fs::path(temporary.path().toStdString()) / "four_bar.sdf";
        writeText(path, text);
        const ImportResult result = importMechanism(path);
        QVERIFY(!result.ok());
        QCOMPARE(result.diagnostics.size(), std::size_t{1});
        const Diagnostic& d = result.diagnostics.front();
        QVERIFY(d.isError());
        QVERIFY2(d.where.rfind(path.string() + ":", 0) == 0, d.where.c_str());
        QVERIFY2(d.where.find("<sdf>") != std::string::npos, d.where.c_str());
        QVERIFY2(d.message.find("99999999999999999999") != std::string::npos, d.message.c_str());
        QVERIFY2(d.hint.find("1.9") != std::string::npos, d.hint.c_str());
    }
};

SSLM_TEST_GUILESS_MAIN(TstImportMutations)
} // namespace tst_import_mutations
#include "tst_import_mutations.moc"
