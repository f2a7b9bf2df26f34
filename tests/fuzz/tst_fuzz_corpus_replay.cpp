// SPDX-License-Identifier: MIT
// Replays every file of the fuzz corpus (tests/data/fuzz_corpus) through the fuzzer's path with
// the normal compiler: each is refused with a diagnostic or runs to a finite result, and none
// shows a finding (an escaped exception, a NaN reported as success, an internal check error).

#include <QDir>
#include <QFile>
#include <QtTest>

#include "tests/fuzz/mechanism_file_path.hpp"
#include "tests/test_main.hpp"

namespace tst_fuzz_corpus_replay {

using namespace sslm::fuzz;

class TestFuzzCorpusReplay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyFileEndsInADiagnosticOrAFiniteRun() {
        const QDir corpus(QStringLiteral(SSLM_TEST_DATA_DIR "/fuzz_corpus"));
        const QStringList files = corpus.entryList(QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 50, qPrintable(corpus.path() + " holds too few files"));

        int refused = 0;
        int simulated = 0;
        for (const QString& name : files) {
            QFile file(corpus.filePath(name));
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(name));
            const QByteArray bytes = file.readAll();
            const PathResult result =
                runMechanismFile(std::string_view(bytes.constData(), bytes.size()));
            QVERIFY2(result.finding.empty(), qPrintable(name + ": " + describe(result).c_str()));
            if (result.end == PathEnd::Refused) {
                QVERIFY2(!result.message.empty(), qPrintable(name));
                ++refused;
            } else {
                ++simulated;
            }
        }
        qInfo("%d corpus files: %d refused with a diagnostic, %d simulated", int(files.size()),
              refused, simulated);
        // the corpus exercises both ends: the examples run, the broken files are refused
        QVERIFY(refused >= 10);
        QVERIFY(simulated >= 5);
    }

    void theExamplesRunAndTheMalformedFilesAreRefused() {
        const auto run = [](const QString& path) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                return PathResult{
                    PathEnd::Refused, "open", {}, "cannot open " + path.toStdString()};
            }
            const QByteArray bytes = file.readAll();
            return runMechanismFile(std::string_view(bytes.constData(), bytes.size()));
        };
        const PathResult fourBar = run(QStringLiteral(SSLM_EXAMPLES_DIR "/four_bar.json"));
        QCOMPARE(QString::fromStdString(describe(fourBar)), QStringLiteral("simulated"));

        const PathResult negativeMass =
            run(QStringLiteral(SSLM_TEST_DATA_DIR "/malformed/negative_mass.json"));
        QVERIFY(negativeMass.finding.empty());
        QCOMPARE(negativeMass.end, PathEnd::Refused);
        QCOMPARE(QString::fromStdString(negativeMass.stage), QStringLiteral("validate"));
        QVERIFY2(negativeMass.message.find("mass") != std::string::npos,
                 negativeMass.message.c_str());

        const PathResult truncated =
            run(QStringLiteral(SSLM_TEST_DATA_DIR "/malformed/truncated.json"));
        QCOMPARE(QString::fromStdString(truncated.stage), QStringLiteral("parse"));
        QVERIFY2(truncated.message.find("invalid JSON") != std::string::npos,
                 truncated.message.c_str());
    }
};

SSLM_TEST_APPLESS_MAIN(TestFuzzCorpusReplay)
} // namespace tst_fuzz_corpus_replay
#include "tst_fuzz_corpus_replay.moc"
