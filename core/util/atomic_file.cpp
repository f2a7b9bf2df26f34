// SPDX-License-Identifier: MIT
#include "core/util/atomic_file.hpp"

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <system_error>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#include "core/util/text.hpp"

namespace sslm {
namespace {

namespace fs = std::filesystem;
using text::inQuotes;

std::string randomSuffix() {
    static std::mt19937_64 engine{
        std::random_device{}() ^
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())};
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(engine()));
    return buffer;
}

std::string systemMessage(int error) {
    return std::error_code(error, std::generic_category()).message();
}

} // namespace

std::optional<std::string> writeFileAtomically(const std::filesystem::path& path,
                                               std::string_view bytes) {
    if (!path.has_filename()) {
        return "the path has no file name";
    }
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        return "the folder " + inQuotes(folder.string()) + " does not exist";
    }
    // a new temporary file beside the target, so that the rename stays on one file system
    fs::path temporary;
    std::FILE* file = nullptr;
    int openError = 0;
    for (int attempt = 0; attempt < 16 && file == nullptr; ++attempt) {
        temporary = folder / ("." + path.filename().string() + "." + randomSuffix() + ".tmp");
        file = std::fopen(temporary.string().c_str(), "wbx");
        openError = errno;
    }
    if (file == nullptr) {
        return "cannot create a temporary file in " + inQuotes(folder.string()) + ": " +
               systemMessage(openError);
    }
    // write, flush to disk and close, checking each step
    bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
    int writeError = ok ? 0 : errno;
    if (ok && std::fflush(file) != 0) {
        ok = false;
        writeError = errno;
    }
#if defined(__unix__) || defined(__APPLE__)
    if (ok && ::fsync(::fileno(file)) != 0) {
        ok = false;
        writeError = errno;
    }
#endif
    if (std::fclose(file) != 0 && ok) {
        ok = false;
        writeError = errno;
    }
    if (!ok) {
        fs::remove(temporary, ec);
        return "writing failed: " + systemMessage(writeError);
    }
    // the rename replaces the old file in one step, or leaves it untouched
    fs::rename(temporary, path, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        return ec.message();
    }
    return std::nullopt;
}

} // namespace sslm
