// SPDX-License-Identifier: MIT
#include "core/interop/mechanism_import.hpp"

#include <algorithm>
#include <cctype>

#include "core/interop/mjcf_import.hpp"
#include "core/interop/urdf_import.hpp"

namespace sslm {

std::string importFormatOf(const std::filesystem::path& path, bool& supported) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    supported = false;
    if (ext == ".urdf") {
        supported = true;
        return "urdf";
    }
    if (ext == ".sdf" || ext == ".world") {
        return "sdformat";
    }
    if (ext == ".xml" || ext == ".mjcf") {
        supported = true;
        return "mjcf";
    }
    return {};
}

ImportResult importMechanism(const std::filesystem::path& path) {
    bool supported = false;
    const std::string format = importFormatOf(path, supported);
    if (supported) {
        return format == "mjcf" ? importMjcf(path) : importUrdf(path);
    }
    ImportResult result;
    Diagnostic d;
    d.where = path.string();
    if (format.empty()) {
        d.message = "unknown model format '" + path.extension().string() + "'";
        d.hint = "sslm import reads URDF (.urdf) and MJCF (.xml, .mjcf) files; SDFormat comes "
                 "later";
    } else {
        d.message = "SDFormat files are not supported yet";
        d.hint = "this version imports URDF (.urdf) and MJCF (.xml, .mjcf)";
    }
    result.diagnostics.push_back(d);
    return result;
}

} // namespace sslm
