// SPDX-License-Identifier: MIT
#include "core/interop/triangle_mesh.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "core/interop/assimp_mesh.hpp"

namespace sslm {

namespace {

/// Mesh files larger than this are refused before reading (a CAD part is a few MB).
constexpr std::uintmax_t kMaxMeshBytes = 512u * 1024u * 1024u;

std::optional<std::string> readBytes(const std::filesystem::path& path, std::string& error) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) {
        error = path.string() + ": cannot read the mesh: " + ec.message();
        return std::nullopt;
    }
    if (size > kMaxMeshBytes) {
        error = path.string() + ": the mesh file is larger than 512 MB: decimate it first";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path.string() + ": cannot open the mesh file";
        return std::nullopt;
    }
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// Merges vertices whose coordinates are exactly equal (an STL lists each triangle's corners).
class VertexWelder {
public:
    explicit VertexWelder(TriangleMesh& mesh) : m_mesh(mesh) {}

    int add(const Eigen::Vector3d& v) {
        const auto key = std::array<double, 3>{v.x(), v.y(), v.z()};
        const auto [it, inserted] =
            m_index.try_emplace(key, static_cast<int>(m_mesh.vertices.size()));
        if (inserted) {
            m_mesh.vertices.push_back(v);
        }
        return it->second;
    }

private:
    TriangleMesh& m_mesh;
    std::map<std::array<double, 3>, int> m_index;
};

std::uint32_t littleEndian32(const char* p) {
    std::uint32_t value = 0;
    for (int i = 3; i >= 0; --i) {
        value = (value << 8) | static_cast<unsigned char>(p[i]);
    }
    return value;
}

float littleEndianFloat(const char* p) {
    const std::uint32_t bits = littleEndian32(p);
    float value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

MeshReadResult parseBinaryStl(std::string_view bytes, const std::string& source) {
    MeshReadResult result;
    const std::uint32_t count = littleEndian32(bytes.data() + 80);
    TriangleMesh mesh;
    VertexWelder welder(mesh);
    mesh.triangles.reserve(count);
    for (std::uint32_t t = 0; t < count; ++t) {
        const char* record = bytes.data() + 84 + 50 * std::size_t(t);
        std::array<int, 3> triangle{};
        for (int corner = 0; corner < 3; ++corner) {
            const char* p = record + 12 + 12 * corner; // after the normal
            const Eigen::Vector3d v(littleEndianFloat(p), littleEndianFloat(p + 4),
                                    littleEndianFloat(p + 8));
            if (!v.allFinite()) {
                result.error = source + ": triangle " + std::to_string(t + 1) +
                               " has a coordinate that is not a finite number: re-export the "
                               "mesh";
                return result;
            }
            triangle[corner] = welder.add(v);
        }
        mesh.triangles.push_back(triangle);
    }
    result.mesh = std::move(mesh);
    return result;
}

bool parseDouble(std::string_view text, double& value) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end && std::isfinite(value);
}

/// The blank-separated words of a line.
std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) {
            ++i;
        }
        std::size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) {
            ++j;
        }
        if (j > i) {
            out.push_back(line.substr(i, j - i));
        }
        i = j;
    }
    return out;
}

/// Calls `f(lineNumber, line)` for every line of `text`; stops when f returns false.
template <class F> void forEachLine(std::string_view text, F&& f) {
    int number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (!f(++number, line)) {
            return;
        }
        start = end + 1;
    }
}

MeshReadResult parseAsciiStl(std::string_view text, const std::string& source) {
    MeshReadResult result;
    TriangleMesh mesh;
    VertexWelder welder(mesh);
    std::vector<int> corners;
    bool inFacet = false;
    forEachLine(text, [&](int number, std::string_view line) {
        const auto w = words(line);
        if (w.empty()) {
            return true;
        }
        const std::string where = source + ":" + std::to_string(number) + ": ";
        if (w[0] == "facet") {
            inFacet = true;
            corners.clear();
        } else if (w[0] == "vertex") {
            Eigen::Vector3d v;
            if (!inFacet || w.size() != 4 || !parseDouble(w[1], v.x()) ||
                !parseDouble(w[2], v.y()) || !parseDouble(w[3], v.z())) {
                result.error = where + "expected 'vertex x y z' with three finite numbers inside "
                                       "a facet: fix or re-export the STL file";
                return false;
            }
            corners.push_back(welder.add(v));
        } else if (w[0] == "endfacet") {
            if (corners.size() != 3) {
                result.error = where + "a facet has " + std::to_string(corners.size()) +
                               " vertices, an STL facet has 3: fix or re-export the STL file";
                return false;
            }
            mesh.triangles.push_back({corners[0], corners[1], corners[2]});
            inFacet = false;
        }
        return true;
    });
    if (!result.error.empty()) {
        return result;
    }
    if (mesh.triangles.empty()) {
        result.error = source + ": no facet found: this is neither a binary STL (size 84 + 50 × "
                                "triangles) nor an ASCII one ('solid … facet … vertex …')";
        return result;
    }
    result.mesh = std::move(mesh);
    return result;
}

std::string lowerExtension(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

} // namespace

MeshReadResult parseStl(std::string_view bytes, const std::string& source) {
    if (bytes.size() >= 84) {
        const std::uint32_t count = littleEndian32(bytes.data() + 80);
        if (bytes.size() == 84 + 50 * std::uintmax_t(count)) {
            return parseBinaryStl(bytes, source);
        }
    }
    std::size_t first = 0;
    while (first < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[first]))) {
        ++first;
    }
    if (bytes.substr(first, 5) != "solid") {
        MeshReadResult result;
        result.error = source + ": not an STL file: a binary STL is 84 + 50 × (its triangle "
                                "count) bytes long, an ASCII one starts with 'solid'";
        return result;
    }
    return parseAsciiStl(bytes, source);
}

MeshReadResult readStl(const std::filesystem::path& path) {
    MeshReadResult result;
    const auto bytes = readBytes(path, result.error);
    return bytes ? parseStl(*bytes, path.string()) : result;
}

MeshReadResult parseObj(std::string_view text, const std::string& source) {
    MeshReadResult result;
    TriangleMesh mesh;
    forEachLine(text, [&](int number, std::string_view line) {
        const auto w = words(line);
        if (w.empty()) {
            return true;
        }
        const std::string where = source + ":" + std::to_string(number) + ": ";
        if (w[0] == "v") {
            Eigen::Vector3d v;
            if (w.size() < 4 || !parseDouble(w[1], v.x()) || !parseDouble(w[2], v.y()) ||
                !parseDouble(w[3], v.z())) {
                result.error = where + "expected 'v x y z' with three finite numbers";
                return false;
            }
            mesh.vertices.push_back(v);
        } else if (w[0] == "f") {
            std::vector<int> polygon;
            for (std::size_t k = 1; k < w.size(); ++k) {
                const std::string_view ref = w[k].substr(0, w[k].find('/'));
                long index = 0;
                const auto [ptr, ec] = std::from_chars(ref.data(), ref.data() + ref.size(), index);
                const long n = static_cast<long>(mesh.vertices.size());
                const long resolved = index < 0 ? n + index : index - 1;
                if (ec != std::errc() || ptr != ref.data() + ref.size() || index == 0 ||
                    resolved < 0 || resolved >= n) {
                    result.error = where + "face corner '" + std::string(w[k]) +
                                   "' does not name one of the " + std::to_string(n) +
                                   " vertices defined above it";
                    return false;
                }
                polygon.push_back(static_cast<int>(resolved));
            }
            if (polygon.size() < 3) {
                result.error = where + "a face needs at least three corners";
                return false;
            }
            for (std::size_t k = 1; k + 1 < polygon.size(); ++k) {
                mesh.triangles.push_back({polygon[0], polygon[k], polygon[k + 1]});
            }
        }
        return true;
    });
    if (!result.error.empty()) {
        return result;
    }
    if (mesh.triangles.empty()) {
        result.error = source + ": no face ('f' line) found in the OBJ file";
        return result;
    }
    result.mesh = std::move(mesh);
    return result;
}

MeshReadResult readObj(const std::filesystem::path& path) {
    MeshReadResult result;
    const auto text = readBytes(path, result.error);
    return text ? parseObj(*text, path.string()) : result;
}

bool isDrawnMeshFormat(const std::filesystem::path& path) {
    const std::string ext = lowerExtension(path);
    return ext == ".stl" || ext == ".obj" || assimpReads(path);
}

MeshReadResult readMesh(const std::filesystem::path& path) {
    const std::string ext = lowerExtension(path);
    if (ext == ".stl") {
        return readStl(path);
    }
    if (ext == ".obj") {
        return readObj(path);
    }
    if (assimpReads(path)) {
        return readMeshWithAssimp(path);
    }
    MeshReadResult result;
    result.error = path.string() + ": meshes in '" + ext +
                   "' files are not read: convert it to STL, OBJ, COLLADA (.dae) or PLY";
    return result;
}

} // namespace sslm
