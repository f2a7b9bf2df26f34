// SPDX-License-Identifier: MIT
#include "app/cli/load_model.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <ostream>
#include <string_view>

#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"
#include "core/util/text.hpp"

namespace sslm::cli {

namespace {

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) {
        return {};
    }
    const auto last = s.find_last_not_of(" \t");
    return s.substr(first, last - first + 1);
}

} // namespace

std::vector<std::string> parseCutList(const std::string& text) {
    if (trimmed(text) == "auto") {
        return {};
    }
    // an empty item ("J8,,J9") is kept so that the compiler names it as unknown
    std::vector<std::string> names = text::split(text, ',');
    for (std::string& name : names) {
        name = trimmed(name);
    }
    return names;
}

std::optional<AssemblyMode> parseBranchList(const std::string& text, std::string& error) {
    AssemblyMode mode;
    for (const std::string& part : text::split(text, ',')) {
        const std::string item = trimmed(part);
        // a mode label: 0, or a signed whole number (+1, -1, +2, ...)
        std::string_view digits = item;
        if (digits.starts_with('+')) {
            digits.remove_prefix(1);
        }
        int label = 0;
        const auto [end, status] =
            std::from_chars(digits.data(), digits.data() + digits.size(), label);
        if (digits.empty() || digits.starts_with('+') || (item.starts_with('+') && label < 0) ||
            status != std::errc{} || end != digits.data() + digits.size()) {
            error = "--branch takes a mode per loop, comma-separated: +1, -1 (+2, -2, ... for a "
                    "loop with more than two), or 0 for the nearest (got '" +
                    item + "')";
            return std::nullopt;
        }
        mode.push_back(label);
    }
    return mode;
}

std::string shortNumber(double value) {
    return text::number(value, 4);
}

std::shared_ptr<const Model>
loadModel(const std::string& path, const std::optional<std::string>& cutOption, std::ostream& err) {
    // read and validate the file
    LoadResult loaded = loadMechanismFile(path);
    for (Diagnostic& d : loaded.diagnostics) {
        if (d.where == path) {
            d.where.clear(); // file-level problems name the path already
        }
    }
    err << formatDiagnostics(loaded.diagnostics, path);
    if (!loaded.ok() || hasErrors(loaded.diagnostics)) {
        if (loaded.diagnostics.empty()) {
            err << path << ": error: the file could not be loaded\n";
        }
        return nullptr;
    }

    // compile with the requested cuts
    CompileOptions options;
    if (cutOption) {
        options.cuts = parseCutList(*cutOption);
    }
    const CompileResult compiled = compileModel(*loaded.spec, options);
    err << formatDiagnostics(compiled.diagnostics, path);
    if (!compiled.ok()) {
        if (compiled.diagnostics.empty()) {
            err << path << ": error: the mechanism could not be compiled\n";
        }
        return nullptr;
    }
    return compiled.model;
}

std::optional<InitialState>
assembleOrExplain(const Model& model, const std::string& path, std::ostream& err) {
    InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        err << path << ": error: the initial state cannot be assembled: " << initial.report.message
            << '\n';
        return std::nullopt;
    }
    return initial;
}

bool assembleOnBranch(const Model& model,
                      InitialState& state,
                      const std::vector<int>& independent,
                      const AssemblyMode& mode,
                      const std::string& path,
                      std::ostream& err) {
    if (static_cast<int>(mode.size()) > model.nLoops()) {
        err << path << ": error: --branch names " << mode.size() << " loops but the mechanism has "
            << model.nLoops() << " with these cuts\n";
        return false;
    }
    Workspace ws(model);
    Eigen::VectorXd q = state.q;
    const AssemblyReport report = assemble(model, ws, q, independent, mode);
    if (!report.converged) {
        err << path << ": error: the mechanism cannot be assembled on the --branch given: "
            << report.message << '\n';
        return false;
    }
    for (std::size_t i = 0; i < mode.size(); ++i) {
        if (mode[i] != 0 && report.branch[i] != mode[i]) {
            const std::string joints = text::joined(model.loops[i].joints, "–",
                                                    [&](int j) { return model.joints[j].name; });
            err << path << ": error: --branch: loop " << i + 1 << " (" << joints
                << ") has no closed-form solution for these inputs, so no branch to choose; "
                   "give 0 for it (Newton follows the assembly guess)\n";
            return false;
        }
    }
    state.q = q;
    state.report = report;
    solveVelocities(model, ws, state.q, state.qd, independent);
    return true;
}

bool CsvOutput::open(const std::string& path, std::ostream& err) {
    if (path.empty()) {
        m_stream = &std::cout;
        return true;
    }
    m_file.open(path, std::ios::out | std::ios::trunc);
    if (!m_file) {
        err << path << ": error: cannot open the file for writing\n";
        return false;
    }
    m_stream = &m_file;
    return true;
}

ProgressLine::ProgressLine(const char* verb, double tEnd, bool quiet)
    : m_verb(verb), m_tEnd(tEnd), m_quiet(quiet), m_start(std::chrono::steady_clock::now()),
      m_next(kProgressSeconds) {}

ProgressLine::~ProgressLine() {
    if (m_shown) {
        std::fputc('\n', stderr);
    }
}

void ProgressLine::update(double t) {
    if (m_quiet) {
        return;
    }
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    if (elapsed >= m_next) {
        m_next = elapsed + kProgressSeconds;
        std::fprintf(stderr, "\rsslm %s: t = %.4g of %.4g s (%3.0f%%), %.1f s elapsed", m_verb, t,
                     m_tEnd, 100.0 * t / m_tEnd, elapsed);
        m_shown = true;
    }
}

bool finishCsv(std::ostream& out, const std::string& path, std::ostream& err) {
    out.flush();
    if (!out) {
        err << (path.empty() ? std::string("stdout") : path) << ": error: writing the CSV failed\n";
        return false;
    }
    return true;
}

} // namespace sslm::cli
