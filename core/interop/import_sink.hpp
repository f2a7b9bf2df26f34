// SPDX-License-Identifier: MIT
#pragma once

// What every reader (URDF, SDFormat, MJCF; Extended URDF through the URDF reader) fills while it
// reads another tool's file, so that the three report, locate and finish alike:
//  * the report: mapped, approximated and dropped items, and the visual shapes;
//  * diagnostics located in the file, "file:line: <element>";
//  * the links as bodies: LinkGroup, one per set of links welded by fixed joints (the ground
//    first), turned into the mechanism's bodies in one way;
//  * the end: the mechanism validated (validateImported) and, when the caller asks for it,
//    Grübler's count on its loops; adopted only when no error stands.
// Internal to core/interop.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/interop/import_report.hpp"
#include "core/interop/link_group.hpp"

namespace sslm {

class ImportSink {
public:
    ImportSink(ModelFormat format, std::string source, LoopNote loopNote);

    /// The file as messages name it.
    const std::string& source() const { return m_source; }
    ImportReport& report() { return m_result.report; }
    Diagnostics& diagnostics() { return m_result.diagnostics; }

    // ---- the report ----------------------------------------------------------------------

    void map(std::string element, std::string note) {
        m_result.report.map(std::move(element), std::move(note));
    }
    void approximate(std::string element, std::string note) {
        m_result.report.approximate(std::move(element), std::move(note));
    }
    void drop(std::string element, std::string note) {
        m_result.report.drop(std::move(element), std::move(note));
    }

    // ---- diagnostics ---------------------------------------------------------------------

    /// "source:line: <element>"; without the line when it is 0.
    std::string where(const std::string& element, int line) const;
    /// An error at `element` on `line` (0: unknown).
    void error(const std::string& element, int line, std::string message, std::string hint);
    /// A diagnostic the reader located itself.
    void add(Diagnostic diagnostic) { m_result.diagnostics.push_back(std::move(diagnostic)); }
    bool failed() const { return hasErrors(m_result.diagnostics); }

    // ---- visuals -------------------------------------------------------------------------

    /// Adds `shape` (read from `sourceFile`, placed in `group`'s body frame) as a visual of
    /// `group` (visualOf; a capsule is drawn as a cylinder without its caps), in `color` when
    /// given, and to the report's shapes. Reported under "<element> <kind>": mapped when drawn
    /// as it is, approximated otherwise.
    void addVisual(VisualShape shape,
                   LinkGroup& group,
                   const std::filesystem::path& sourceFile,
                   const std::string& element,
                   const std::optional<Eigen::Vector3d>& color);

    // ---- bodies --------------------------------------------------------------------------

    /// The groups of welded links, the ground's first (id "ground"), which the reader fills.
    std::vector<LinkGroup>& groups() { return m_groups; }
    const std::vector<LinkGroup>& groups() const { return m_groups; }
    /// A new group `id` with its body frame's origin at `origin` (W).
    LinkGroup& addGroup(std::string id, const Eigen::Vector3d& origin);
    /// The ground group's points and visuals into `spec`.
    void groundInto(MechanismSpec& spec) const;
    /// `group`'s body (LinkGroup::toBody) into `spec`; a body whose joints meet at one point
    /// is drawn as a block, said under "<kind> <name>" ("link", "body").
    void addBody(MechanismSpec& spec, const LinkGroup& group, const char* kind);
    /// The file's pose (every coordinate 0) as the initial state. Without loops every
    /// coordinate but a spherical joint's turn is an input at 0; with loops and no inputs
    /// given, the inputs are left to choose and the report says so, calling the pose `pose`.
    void initialStateAtFilePose(MechanismSpec& spec, const std::string& pose);

    // ---- the end -------------------------------------------------------------------------

    /// Validates `spec` (validateImported), notes Grübler's count on its loops when the sink
    /// was made with LoopNote::Gruebler, and adopts it when no error stands.
    void adopt(MechanismSpec spec);
    /// The result: the mechanism only when no error stands.
    ImportResult take();

private:
    void noteGruebler(const MechanismSpec& spec);

    std::string m_source;
    LoopNote m_loopNote;
    ImportResult m_result;
    std::vector<LinkGroup> m_groups;
};

} // namespace sslm
