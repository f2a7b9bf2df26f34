// SPDX-License-Identifier: MIT
#pragma once

// The one document the editor, the graph view and the simulation share: the mechanism's
// editable description (MechanismSpec), the file it is saved in, and the undo history of its
// edits. Every edit is an undoable snapshot of the whole description (before and after), so
// undo and redo restore the exact document; consecutive edits with the same merge id (one drag)
// make one step. Saving is atomic (a temporary file, then a rename: a failed save leaves the old
// file as it was). While there are unsaved changes a recovery copy is written every
// autosaveIntervalMs() and removed once the document is saved or closed, so that a crash loses
// at most that interval of work; pendingRecoveries() finds the copies a crash left behind.

#include <memory>
#include <optional>
#include <vector>

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include "core/spec/mechanism_spec.hpp"

class QLockFile;
class QUndoStack;

namespace sslm::ui {

/// A recovery copy left by a session that did not end cleanly.
struct RecoveryEntry {
    QString file;         ///< the copy (JSON, the project's format)
    QString originalPath; ///< where the document was saved, empty if never
    QDateTime written;    ///< when the copy was written
};

class MechanismDocument : public QObject {
    Q_OBJECT

public:
    static constexpr int kAutosaveIntervalMs = 30'000;

    /// Edits go on `undoStack` (shared with the window's other undoable actions, such as cut
    /// changes); the document does not own it.
    explicit MechanismDocument(QUndoStack* undoStack, QObject* parent = nullptr);
    ~MechanismDocument() override;

    const MechanismSpec& spec() const { return m_spec; }
    /// The file the document is saved in; empty for a document never saved.
    const QString& path() const { return m_path; }
    /// Unsaved changes: the undo stack is not at the state last saved or opened.
    bool isModified() const;
    QUndoStack* undoStack() const { return m_undoStack; }

    /// Starts over with `spec` from `path` (opened, new, or recovered): clears the history.
    /// A recovered document is modified (its changes were never saved).
    void reset(MechanismSpec spec, const QString& path, bool modified = false);
    /// An undoable edit named `text` in the history ("Move J3"); `after` replaces the spec.
    /// Consecutive edits with the same mergeId ≥ 0 merge into one step. False (and no step)
    /// when `after` equals the spec.
    bool edit(MechanismSpec after, const QString& text, int mergeId = -1);
    /// Replaces the spec without a history step, for changes made by another undoable command
    /// (the graph view's cut changes), which restores it on undo.
    void replaceWithoutHistory(MechanismSpec spec);

    /// Saves to path() (false, with the reason, when there is none or the write fails).
    bool save(QString* error = nullptr);
    /// Saves to `path` and makes it the document's file; on failure nothing changes.
    bool saveAs(const QString& path, QString* error = nullptr);

    // recovery
    void setRecoveryDirectory(const QString& directory);
    const QString& recoveryDirectory() const { return m_recoveryDirectory; }
    int autosaveIntervalMs() const { return m_autosave.interval(); }
    void setAutosaveIntervalMs(int ms) { m_autosave.setInterval(ms); }
    /// This document's recovery copy (may not exist).
    QString recoveryFile() const;
    /// Writes the recovery copy now if there are unsaved changes; false (reason set) on failure.
    bool writeRecovery(QString* error = nullptr);
    /// Deletes this document's recovery copy.
    void removeRecovery();
    /// Copies in `directory` left by earlier sessions that ended without closing their document
    /// (a live session's copy is locked and skipped), newest first.
    static std::vector<RecoveryEntry> pendingRecoveries(const QString& directory);
    /// Reads a copy; empty (reason set) when it is unreadable. Removing it is up to the caller.
    static std::optional<MechanismSpec> readRecovery(const RecoveryEntry& entry,
                                                     QString* error = nullptr);
    /// Deletes a copy and its note of the original path.
    static void discardRecovery(const RecoveryEntry& entry);

Q_SIGNALS:
    /// The spec changed: an edit, undo, redo, reset or replacement.
    void specChanged();
    /// reset() made it another document (emitted before specChanged): views drop what they
    /// kept of the previous one.
    void documentReplaced();
    void modifiedChanged(bool modified);
    void pathChanged(const QString& path);

private:
    class EditCommand;
    void apply(const MechanismSpec& spec); ///< from the edit commands

    QUndoStack* m_undoStack;
    MechanismSpec m_spec;
    QString m_path;
    QString m_recoveryDirectory;
    QString m_recoveryId; ///< unique per document session: copies of two windows do not clash
    std::unique_ptr<QLockFile> m_recoveryLock; ///< held while this session lives
    QTimer m_autosave;
};

} // namespace sslm::ui
