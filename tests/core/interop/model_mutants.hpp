// SPDX-License-Identifier: MIT
#pragma once

// Mutants of a model file's text for the import robustness tests: each one a few edits of the
// kinds a damaged or hand-edited file has (numbers out of range or of the wrong kind, attribute
// values replaced, spans and lines deleted or repeated, tags misspelt, the file cut short, stray
// bytes), drawn from a seeded generator so that a failing mutant can be made again.

#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace sslm::fixtures {

/// Values that readers have choked on: too long for an int, outside double, not numbers.
inline const std::vector<std::string> kHostileValues = {"99999999999999999999",
                                                        "-99999999999999999999",
                                                        "1e400",
                                                        "-1e400",
                                                        "nan",
                                                        "inf",
                                                        "-inf",
                                                        "1e-320",
                                                        "",
                                                        " ",
                                                        "0x1p3",
                                                        "1,5",
                                                        "abc",
                                                        "-0",
                                                        "1 2 3 4 5 6 7",
                                                        "0 0",
                                                        "2147483648",
                                                        "-2147483649",
                                                        "1.1.1",
                                                        "&amp;",
                                                        "\xff\xfe",
                                                        "1e",
                                                        "+",
                                                        "."};

class ModelMutator {
public:
    explicit ModelMutator(unsigned seed) : m_random(seed) {}

    /// `text` with one to three edits.
    std::string mutant(const std::string& text) {
        std::string out = text;
        const int edits = 1 + pick(3);
        for (int e = 0; e < edits && !out.empty(); ++e) {
            edit(out);
        }
        return out;
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }
    std::size_t at(const std::string& s) {
        return std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(m_random);
    }
    const std::string& hostile() {
        return kHostileValues[static_cast<std::size_t>(
            pick(static_cast<int>(kHostileValues.size())))];
    }

    /// The [begin, end) of every line.
    static std::vector<std::pair<std::size_t, std::size_t>> lines(const std::string& s) {
        std::vector<std::pair<std::size_t, std::size_t>> out;
        std::size_t begin = 0;
        while (begin < s.size()) {
            std::size_t end = s.find('\n', begin);
            end = end == std::string::npos ? s.size() : end + 1;
            out.emplace_back(begin, end);
            begin = end;
        }
        return out;
    }

    /// Replaces the number (or the quoted value) found from a random place with a hostile one.
    void replaceValue(std::string& s, bool quoted) {
        const std::size_t from = at(s);
        if (quoted) {
            const std::size_t open = s.find('"', from);
            const std::size_t close = open == std::string::npos ? open : s.find('"', open + 1);
            if (close != std::string::npos) {
                s.replace(open + 1, close - open - 1, hostile());
            }
            return;
        }
        const std::size_t begin = s.find_first_of("0123456789", from);
        if (begin == std::string::npos) {
            return;
        }
        const std::size_t end = s.find_first_not_of("0123456789.eE+-", begin);
        s.replace(begin, (end == std::string::npos ? s.size() : end) - begin, hostile());
    }

    void edit(std::string& s) {
        const auto rows = lines(s);
        switch (pick(9)) {
        case 0:
            replaceValue(s, false);
            break;
        case 1:
            replaceValue(s, true);
            break;
        case 2: { // delete a span
            const std::size_t begin = at(s);
            s.erase(begin, 1 + static_cast<std::size_t>(pick(40)));
            break;
        }
        case 3: { // repeat a line
            const auto [begin, end] =
                rows[static_cast<std::size_t>(pick(static_cast<int>(rows.size())))];
            s.insert(end, s.substr(begin, end - begin));
            break;
        }
        case 4: { // delete a line
            const auto [begin, end] =
                rows[static_cast<std::size_t>(pick(static_cast<int>(rows.size())))];
            s.erase(begin, end - begin);
            break;
        }
        case 5: // cut short
            s.resize(at(s));
            break;
        case 6: { // a stray byte
            static const std::string bytes = std::string("<>&\"'/=\0\x80\xff\t", 12);
            s.insert(at(s), 1,
                     bytes[static_cast<std::size_t>(pick(static_cast<int>(bytes.size())))]);
            break;
        }
        case 7: { // a misspelt or swapped tag
            const std::size_t open = s.find('<', at(s));
            if (open != std::string::npos && open + 3 < s.size() && s[open + 1] != '/') {
                std::swap(s[open + 1], s[open + 2]);
            }
            break;
        }
        default: { // two lines swapped
            const auto a = rows[static_cast<std::size_t>(pick(static_cast<int>(rows.size())))];
            const auto b = rows[static_cast<std::size_t>(pick(static_cast<int>(rows.size())))];
            if (a.first < b.first) {
                const std::string first = s.substr(a.first, a.second - a.first);
                const std::string second = s.substr(b.first, b.second - b.first);
                s.replace(b.first, second.size(), first);
                s.replace(a.first, first.size(), second);
            }
            break;
        }
        }
    }

    std::mt19937 m_random;
};

} // namespace sslm::fixtures
