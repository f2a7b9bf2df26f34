// SPDX-License-Identifier: MIT
#include "ui/document/mechanism_loader.hpp"

#include <exception>
#include <filesystem>

#include <QFileInfo>

#include "core/interop/mesh_reference.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::ui {

namespace {

QString formatted(const sslm::Diagnostics& diagnostics, bool errors) {
    sslm::Diagnostics selected;
    for (const auto& d : diagnostics) {
        if (d.isError() == errors) {
            selected.push_back(d);
        }
    }
    return QString::fromStdString(sslm::formatDiagnostics(selected)).trimmed();
}

} // namespace

LoadOutcome loadMechanism(const QString& path) {
    LoadOutcome outcome;
    const QFileInfo info(path);
    try {
        // read and validate
        const std::filesystem::path file(info.absoluteFilePath().toStdString());
        const sslm::LoadResult loaded = sslm::loadMechanismFile(file);
        if (!loaded.ok() || sslm::hasErrors(loaded.diagnostics)) {
            outcome.error = formatted(loaded.diagnostics, true);
            if (outcome.error.isEmpty()) {
                outcome.error = QStringLiteral("The file could not be read.");
            }
            return outcome;
        }

        // the visuals' meshes absolute in memory, so that the document can be saved anywhere
        sslm::MechanismSpec spec = *loaded.spec;
        sslm::rebaseVisualFiles(spec, file.parent_path(), {});
        outcome = compileMechanism(spec, info.absoluteFilePath());
        if (!outcome.mechanism) {
            outcome.unfinished = spec;
        }
        if (outcome.mechanism) {
            const QString readWarnings = formatted(loaded.diagnostics, false);
            if (!readWarnings.isEmpty()) {
                outcome.mechanism->warnings =
                    outcome.mechanism->warnings.isEmpty()
                        ? readWarnings
                        : readWarnings + QLatin1Char('\n') + outcome.mechanism->warnings;
            }
        }
    } catch (const std::exception& e) {
        outcome.error = QStringLiteral("Internal error while loading: %1").arg(e.what());
    }
    return outcome;
}

LoadOutcome compileMechanism(const MechanismSpec& spec, const QString& path) {
    LoadOutcome outcome;
    try {
        // validate and compile with the spec's cuts
        const sslm::CompileResult compiled = sslm::compileModel(spec);
        if (!compiled.ok()) {
            outcome.error = formatted(compiled.diagnostics, true);
            if (outcome.error.isEmpty()) {
                outcome.error = QStringLiteral("The mechanism could not be compiled.");
            }
            return outcome;
        }

        // assemble the initial pose
        LoadedMechanism mechanism;
        mechanism.path = path;
        mechanism.model = compiled.model;
        sslm::InitialState initial = sslm::assembleInitialState(*compiled.model);
        mechanism.q0 = std::move(initial.q);
        mechanism.qd0 = std::move(initial.qd);
        mechanism.assembly = std::move(initial.report);
        QStringList warnings;
        if (const QString text = formatted(compiled.diagnostics, false); !text.isEmpty()) {
            warnings << text;
        }
        if (!mechanism.assembly.converged) {
            warnings << QStringLiteral("The initial pose could not be assembled: %1")
                            .arg(QString::fromStdString(mechanism.assembly.message));
        }
        mechanism.warnings = warnings.join(QLatin1Char('\n'));
        outcome.mechanism = std::move(mechanism);
    } catch (const std::exception& e) {
        outcome.error = QStringLiteral("Internal error while compiling: %1").arg(e.what());
    }
    return outcome;
}

} // namespace sslm::ui
