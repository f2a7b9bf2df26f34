// SPDX-License-Identifier: MIT
#include "ui/document/mechanism_document.hpp"

#include <algorithm>
#include <filesystem>
#include <string>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QUndoCommand>
#include <QUndoStack>
#include <QUuid>

#include "core/interop/mesh_reference.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::ui {

namespace {

constexpr const char* kRecoverySuffix = ".recovery.json";
constexpr const char* kOriginSuffix = ".origin"; ///< beside a copy: the document's file path
constexpr const char* kLockSuffix = ".lock";     ///< held by the session writing the copy

/// The lock file of the copy `file` (<id>.recovery.json → <id>.lock).
QString lockFileOf(const QString& file) {
    QString base = file;
    base.chop(static_cast<qsizetype>(std::char_traits<char>::length(kRecoverySuffix)));
    return base + QLatin1String(kLockSuffix);
}

} // namespace

/// One edit: the whole spec before and after.
class MechanismDocument::EditCommand : public QUndoCommand {
public:
    EditCommand(MechanismDocument* document,
                MechanismSpec before,
                MechanismSpec after,
                const QString& text,
                int mergeId)
        : QUndoCommand(text), m_document(document), m_before(std::move(before)),
          m_after(std::move(after)), m_mergeId(mergeId) {}

    void undo() override { m_document->apply(m_before); }
    void redo() override { m_document->apply(m_after); }
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* next = dynamic_cast<const EditCommand*>(other);
        if (next == nullptr || next->m_document != m_document) {
            return false;
        }
        m_after = next->m_after;
        setText(next->text());
        return true;
    }

private:
    MechanismDocument* m_document;
    MechanismSpec m_before;
    MechanismSpec m_after;
    int m_mergeId;
};

MechanismDocument::MechanismDocument(QUndoStack* undoStack, QObject* parent)
    : QObject(parent), m_undoStack(undoStack),
      m_recoveryId(QUuid::createUuid().toString(QUuid::WithoutBraces)) {
    m_autosave.setInterval(kAutosaveIntervalMs);
    connect(&m_autosave, &QTimer::timeout, this, [this] { writeRecovery(); });
    m_autosave.start();
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

MechanismDocument::~MechanismDocument() {
    // a clean end: the copy is not needed (then m_recoveryLock's destructor releases the lock)
    removeRecovery();
}

bool MechanismDocument::isModified() const {
    return !m_undoStack->isClean();
}

void MechanismDocument::reset(MechanismSpec spec, const QString& path, bool modified) {
    removeRecovery();
    m_undoStack->clear();
    m_spec = std::move(spec);
    m_path = path;
    if (modified) {
        m_undoStack->resetClean(); // no state is the saved one
    } else {
        m_undoStack->setClean();
    }
    Q_EMIT pathChanged(m_path);
    Q_EMIT documentReplaced();
    Q_EMIT specChanged();
    Q_EMIT modifiedChanged(isModified());
}

bool MechanismDocument::edit(MechanismSpec after, const QString& text, int mergeId) {
    if (after == m_spec) {
        return false;
    }
    m_undoStack->push(new EditCommand(this, m_spec, std::move(after), text, mergeId));
    return true;
}

void MechanismDocument::replaceWithoutHistory(MechanismSpec spec) {
    if (spec == m_spec) {
        return;
    }
    m_spec = std::move(spec);
    Q_EMIT specChanged();
}

void MechanismDocument::apply(const MechanismSpec& spec) {
    m_spec = spec;
    Q_EMIT specChanged();
}

bool MechanismDocument::save(QString* error) {
    if (m_path.isEmpty()) {
        if (error != nullptr) {
            *error = tr("The mechanism has no file yet: use File ▸ Save As.");
        }
        return false;
    }
    return saveAs(m_path, error);
}

bool MechanismDocument::saveAs(const QString& path, QString* error) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    // the visuals' meshes are absolute in memory; the file names them from its own folder
    MechanismSpec written = m_spec;
    rebaseVisualFiles(written, {}, QFileInfo(absolute).absolutePath().toStdString());
    const std::optional<std::string> failure =
        saveMechanismFile(written, std::filesystem::path(absolute.toStdString()));
    if (failure) {
        if (error != nullptr) {
            *error = QString::fromStdString(*failure);
        }
        return false;
    }
    const bool moved = absolute != m_path;
    m_path = absolute;
    m_undoStack->setClean();
    removeRecovery();
    if (moved) {
        Q_EMIT pathChanged(m_path);
    }
    return true;
}

void MechanismDocument::setRecoveryDirectory(const QString& directory) {
    removeRecovery();
    m_recoveryLock.reset();
    m_recoveryDirectory = directory;
    if (!directory.isEmpty() && QDir().mkpath(directory)) {
        m_recoveryLock = std::make_unique<QLockFile>(lockFileOf(recoveryFile()));
        m_recoveryLock->setStaleLockTime(0); // only a dead process's lock is stale
        m_recoveryLock->tryLock(0);
    }
}

QString MechanismDocument::recoveryFile() const {
    if (m_recoveryDirectory.isEmpty()) {
        return {};
    }
    return QDir(m_recoveryDirectory).filePath(m_recoveryId + QLatin1String(kRecoverySuffix));
}

bool MechanismDocument::writeRecovery(QString* error) {
    if (m_recoveryDirectory.isEmpty() || !isModified()) {
        return true;
    }
    if (!QDir().mkpath(m_recoveryDirectory)) {
        if (error != nullptr) {
            *error = tr("Cannot create the recovery folder %1").arg(m_recoveryDirectory);
        }
        return false;
    }
    const QString file = recoveryFile();
    const std::optional<std::string> failure =
        saveMechanismFile(m_spec, std::filesystem::path(file.toStdString()));
    if (failure) {
        if (error != nullptr) {
            *error = QString::fromStdString(*failure);
        }
        return false;
    }
    QFile origin(file + QLatin1String(kOriginSuffix));
    if (origin.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        origin.write(m_path.toUtf8());
    }
    return true;
}

void MechanismDocument::removeRecovery() {
    const QString file = recoveryFile();
    if (!file.isEmpty()) {
        QFile::remove(file);
        QFile::remove(file + QLatin1String(kOriginSuffix));
    }
}

std::vector<RecoveryEntry> MechanismDocument::pendingRecoveries(const QString& directory) {
    std::vector<RecoveryEntry> entries;
    const QDir dir(directory);
    for (const QFileInfo& info :
         dir.entryInfoList({QStringLiteral("*") + QLatin1String(kRecoverySuffix)}, QDir::Files)) {
        // a live session holds its copy's lock; a crashed one's lock is stale and taken over
        QLockFile lock(lockFileOf(info.absoluteFilePath()));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) {
            continue;
        }
        lock.unlock();
        RecoveryEntry entry;
        entry.file = info.absoluteFilePath();
        entry.written = info.lastModified();
        QFile origin(entry.file + QLatin1String(kOriginSuffix));
        if (origin.open(QIODevice::ReadOnly)) {
            entry.originalPath = QString::fromUtf8(origin.readAll());
        }
        entries.push_back(entry);
    }
    std::sort(entries.begin(), entries.end(),
              [](const RecoveryEntry& a, const RecoveryEntry& b) { return a.written > b.written; });
    return entries;
}

std::optional<MechanismSpec> MechanismDocument::readRecovery(const RecoveryEntry& entry,
                                                             QString* error) {
    const LoadResult loaded = loadMechanismFile(std::filesystem::path(entry.file.toStdString()));
    if (!loaded.ok()) {
        if (error != nullptr) {
            *error = QString::fromStdString(formatDiagnostics(loaded.diagnostics));
        }
        return std::nullopt;
    }
    return loaded.spec;
}

void MechanismDocument::discardRecovery(const RecoveryEntry& entry) {
    QFile::remove(entry.file);
    QFile::remove(entry.file + QLatin1String(kOriginSuffix));
    QFile::remove(lockFileOf(entry.file));
}

} // namespace sslm::ui
