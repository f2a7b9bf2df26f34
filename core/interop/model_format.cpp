// SPDX-License-Identifier: MIT
#include "core/interop/model_format.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace sslm {

namespace {

std::string lowerCase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

const char* modelFormatName(ModelFormat format) {
    switch (format) {
    case ModelFormat::Urdf:
        return "urdf";
    case ModelFormat::Sdformat:
        return "sdformat";
    case ModelFormat::Mjcf:
        return "mjcf";
    }
    return "";
}

const char* modelFormatTitle(ModelFormat format) {
    switch (format) {
    case ModelFormat::Urdf:
        return "URDF";
    case ModelFormat::Sdformat:
        return "SDFormat";
    case ModelFormat::Mjcf:
        return "MJCF";
    }
    return "";
}

std::optional<ModelFormat> modelFormatNamed(std::string_view name) {
    const std::string lower = lowerCase(name);
    for (const ModelFormat format : {ModelFormat::Urdf, ModelFormat::Sdformat, ModelFormat::Mjcf}) {
        if (lower == modelFormatName(format)) {
            return format;
        }
    }
    if (lower == "sdf") {
        return ModelFormat::Sdformat;
    }
    return std::nullopt;
}

std::optional<ModelFormat> modelFormatOf(const std::filesystem::path& path) {
    const std::string ext = lowerCase(path.extension().string());
    if (ext == ".urdf") {
        return ModelFormat::Urdf;
    }
    if (ext == ".sdf" || ext == ".world") {
        return ModelFormat::Sdformat;
    }
    if (ext == ".xml" || ext == ".mjcf") {
        return ModelFormat::Mjcf;
    }
    return std::nullopt;
}

} // namespace sslm
