// SPDX-License-Identifier: MIT
#include "core/interop/model_file.hpp"

#include <fstream>
#include <iterator>
#include <system_error>

namespace sslm {

std::optional<std::string> readModelFile(const std::filesystem::path& path,
                                         const std::string& kind,
                                         Diagnostics& diagnostics) {
    Diagnostic d;
    d.where = path.string();
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) {
        d.message = "cannot read the file: " + ec.message();
    } else if (size > kMaxModelFileBytes) {
        d.message = "the file is larger than 64 MB";
        d.hint = kind + " is a few kB to a few MB; is this the right file?";
    } else if (std::ifstream in(path, std::ios::binary); in) {
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    } else {
        d.message = "cannot open the file";
    }
    diagnostics.push_back(std::move(d));
    return std::nullopt;
}

} // namespace sslm
