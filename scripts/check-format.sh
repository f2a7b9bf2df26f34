#!/usr/bin/env bash
# Fails, naming the files, if a tracked C++ source is not as clang-format 14 (Debian 12's, with
# the repository's .clang-format) writes it. Fix with: clang-format-14 -i FILE...
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

format=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z "$format" ]]; then
    echo "check-format: clang-format is missing (./scripts/setup-debian.sh installs it)" >&2
    exit 1
fi
if ! "$format" --version | grep -q 'version 14\.'; then
    echo "check-format: $("$format" --version) is not clang-format 14, whose layout the" \
        "sources follow; install clang-format-14" >&2
    exit 1
fi

unformatted=()
while IFS= read -r -d '' file; do
    if ! "$format" --dry-run -Werror "$file" >/dev/null 2>&1; then
        unformatted+=("$file")
    fi
done < <(git ls-files -z '*.cpp' '*.hpp' '*.h')
if ((${#unformatted[@]} > 0)); then
    echo "check-format: ${#unformatted[@]} file(s) not clang-formatted:" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    echo "fix with: $(basename "$format") -i ${unformatted[*]}" >&2
    exit 1
fi
echo "check-format: every tracked C++ file is clang-formatted"
