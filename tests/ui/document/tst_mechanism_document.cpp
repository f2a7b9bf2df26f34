// SPDX-License-Identifier: MIT
// The shared mechanism document: undo and redo restore the exact description, a drag merges
// into one step, saving is atomic and a failed save changes nothing, the modified flag follows
// the saved state, and a recovery copy written while there are unsaved changes restores the
// document after a "crash" (the session's files left as a dead process leaves them) — but a live
// session's copy is not offered to another.

#include <memory>

#include <QUndoStack>
#include <QtTest>

#include "core/spec/spec_json.hpp"
#include "ui/document/mechanism_document.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"
#include "tests/ui/fixtures/crashed_session.hpp"

namespace tst_mechanism_document {

using namespace sslm;
using namespace sslm::ui;

namespace {

/// The spec with body `id`'s mass set to `mass` (kg).
MechanismSpec withMass(MechanismSpec spec, const std::string& id, double mass) {
    for (BodySpec& body : spec.bodies) {
        if (body.id == id) {
            body.mass = mass;
        }
    }
    return spec;
}

QString readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestMechanismDocument : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void undoRedoRestoreTheExactDocument() {
        QUndoStack stack;
        MechanismDocument document(&stack);
        const MechanismSpec original = fixtures::exampleSpec("carpet_scraper.json");
        document.reset(original, QStringLiteral("/tmp/scraper.json"));
        QVERIFY(!document.isModified());
        QSignalSpy changed(&document, &MechanismDocument::specChanged);

        const std::string crank = original.bodies.front().id;
        document.edit(withMass(original, crank, 2.0), QStringLiteral("Mass of the crank"));
        MechanismSpec second = withMass(document.spec(), crank, 2.0);
        second.name = "Scraper, edited";
        document.edit(second, QStringLiteral("Rename"));
        QCOMPARE(stack.count(), 2);
        QVERIFY(document.isModified());
        QCOMPARE(changed.count(), 2);

        stack.undo();
        QVERIFY(document.spec() == withMass(original, crank, 2.0));
        stack.undo();
        QVERIFY(document.spec() == original);
        QVERIFY(!document.isModified()); // back at the opened state
        QCOMPARE(toJson(document.spec()), toJson(original));
        stack.redo();
        stack.redo();
        QVERIFY(document.spec() == second);
        QCOMPARE(stack.undoText(), QStringLiteral("Rename"));

        // an edit that changes nothing is no step
        document.edit(second, QStringLiteral("Nothing"));
        QCOMPARE(stack.count(), 2);
    }

    void aDragIsOneStep() {
        QUndoStack stack;
        MechanismDocument document(&stack);
        const MechanismSpec original = fixtures::exampleSpec("four_bar.json");
        document.reset(original, {});
        const std::string id = original.bodies.front().id;
        constexpr int kDrag = 7;
        for (int step = 1; step <= 10; ++step) {
            document.edit(withMass(original, id, 1.0 + 0.1 * step), QStringLiteral("Drag"), kDrag);
        }
        QCOMPARE(stack.count(), 1);
        stack.undo();
        QVERIFY(document.spec() == original);
        stack.redo();
        QVERIFY(document.spec() == withMass(original, id, 2.0));
    }

    void savingIsAtomicAndClearsModified() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QUndoStack stack;
        MechanismDocument document(&stack);
        const MechanismSpec original = fixtures::exampleSpec("four_bar.json");
        const QString path = dir.filePath(QStringLiteral("four_bar.json"));
        document.reset(original, {});
        QString error;
        QVERIFY(!document.save(&error)); // never saved: no file yet
        QVERIFY(error.contains(QStringLiteral("Save As")));
        QVERIFY2(document.saveAs(path, &error), qPrintable(error));
        QCOMPARE(document.path(), path);
        const QString saved = readAll(path);
        QCOMPARE(saved.toStdString(), toJson(original));

        // an edit, then a save to a folder that does not exist: nothing changes
        document.edit(withMass(original, original.bodies.front().id, 5.0), QStringLiteral("m"));
        QVERIFY(document.isModified());
        QVERIFY(!document.saveAs(dir.filePath(QStringLiteral("missing/x.json")), &error));
        QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
        QCOMPARE(document.path(), path);
        QVERIFY(document.isModified());
        QCOMPARE(readAll(path), saved); // the old file as it was

        // the edit saved: the file reads back as the document, no temporary file left
        QVERIFY(document.save(&error));
        QVERIFY(!document.isModified());
        const LoadResult reread = loadMechanismFile(path.toStdString());
        QVERIFY(reread.ok());
        QVERIFY(*reread.spec == document.spec());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), qsizetype(1));
    }

    void recoveryRestoresAfterACrash() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString recovery = dir.filePath(QStringLiteral("recovery"));
        const MechanismSpec original = fixtures::exampleSpec("carpet_scraper.json");
        const MechanismSpec edited = withMass(original, original.bodies.back().id, 7.5);
        QUndoStack crashedStack;
        // the session that "crashes": alive (its lock held, its copy kept) until every check
        // below is done, and only then destroyed, so that nothing of it leaks
        const auto crashed = std::make_unique<MechanismDocument>(&crashedStack);
        crashed->setRecoveryDirectory(recovery);
        crashed->reset(original, QStringLiteral("/home/user/scraper.json"));
        QVERIFY(crashed->writeRecovery()); // nothing unsaved: no copy
        QVERIFY(!QFile::exists(crashed->recoveryFile()));
        crashed->edit(edited, QStringLiteral("Mass"));
        QVERIFY(crashed->writeRecovery());
        QVERIFY(QFile::exists(crashed->recoveryFile()));

        // the session is alive: its copy is not offered
        QVERIFY(MechanismDocument::pendingRecoveries(recovery).empty());
        // what a session that died leaves, in another folder
        const QString left = dir.filePath(QStringLiteral("left"));
        const QString copy = fixtures::layOutCrashedCopy(crashed->recoveryFile(), left);
        QVERIFY(!copy.isEmpty());

        const std::vector<RecoveryEntry> pending = MechanismDocument::pendingRecoveries(left);
        QCOMPARE(pending.size(), std::size_t(1));
        QCOMPARE(pending.front().originalPath, QStringLiteral("/home/user/scraper.json"));
        QString error;
        const std::optional<MechanismSpec> restored =
            MechanismDocument::readRecovery(pending.front(), &error);
        QVERIFY2(restored, qPrintable(error));
        QVERIFY(*restored == edited);

        // a new session takes it as an unsaved document
        QUndoStack stack;
        MechanismDocument document(&stack);
        document.reset(*restored, pending.front().originalPath, /*modified=*/true);
        QVERIFY(document.isModified());
        MechanismDocument::discardRecovery(pending.front());
        QVERIFY(MechanismDocument::pendingRecoveries(left).empty());
        QVERIFY(!QFile::exists(copy));
        QVERIFY(QDir(left).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    void closingCleanlyLeavesNoCopy() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString recovery = dir.filePath(QStringLiteral("recovery"));
        QString copy;
        {
            QUndoStack stack;
            MechanismDocument document(&stack);
            document.setRecoveryDirectory(recovery);
            const MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
            document.reset(spec, {});
            document.edit(withMass(spec, spec.bodies.front().id, 3.0), QStringLiteral("m"));
            QVERIFY(document.writeRecovery());
            copy = document.recoveryFile();
            QVERIFY(QFile::exists(copy));
        }
        QVERIFY(!QFile::exists(copy));
        QVERIFY(MechanismDocument::pendingRecoveries(recovery).empty());
    }

    void autosaveTimerWritesTheCopy() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QUndoStack stack;
        MechanismDocument document(&stack);
        QCOMPARE(document.autosaveIntervalMs(), 30'000); // the bound on lost work
        document.setRecoveryDirectory(dir.filePath(QStringLiteral("recovery")));
        document.setAutosaveIntervalMs(50);
        const MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
        document.reset(spec, {});
        document.edit(withMass(spec, spec.bodies.front().id, 3.0), QStringLiteral("m"));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(document.recoveryFile()), 5000);
        QVERIFY(document.saveAs(dir.filePath(QStringLiteral("f.json"))));
        QVERIFY(!QFile::exists(document.recoveryFile())); // saved: the copy is gone
    }
};

SSLM_TEST_GUILESS_MAIN(TestMechanismDocument)
} // namespace tst_mechanism_document
#include "tst_mechanism_document.moc"
