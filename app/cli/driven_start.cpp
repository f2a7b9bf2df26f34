// SPDX-License-Identifier: MIT
#include "app/cli/driven_start.hpp"

#include <ostream>
#include <stdexcept>
#include <utility>

#include "app/cli/load_model.hpp"
#include "core/inverse/driven_motions.hpp"

namespace sslm::cli {

std::optional<DrivenStart> drivenStartOrExplain(const Model& model,
                                                const std::string& path,
                                                const std::vector<std::string>& speeds,
                                                const std::vector<std::string>& laws,
                                                const char* verb,
                                                std::ostream& err) {
    const std::optional<InitialState> assembled = assembleOrExplain(model, path, err);
    if (!assembled) {
        return std::nullopt;
    }
    std::string message;
    std::optional<std::vector<DrivenMotion>> motions;
    try {
        motions = drivenMotions(model, speeds, laws, assembled->q, message);
    } catch (const std::invalid_argument& e) {
        message = std::string("--motion: ") + e.what();
    }
    if (!motions) {
        err << "sslm " << verb << ": error: " << message << '\n';
        return std::nullopt;
    }
    return DrivenStart{assembled->q, std::move(*motions)};
}

} // namespace sslm::cli
