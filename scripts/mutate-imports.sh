#!/usr/bin/env bash
# Damaged model files through the whole command line: writes N mutants of each interop example
# (tests/core/interop/model_mutants.hpp; the suite runs 100 of each in tst_import_mutations) and
# runs `sslm import` on every one. Each must exit 0 (imported) or 2 (an error naming the file);
# anything else (1, an internal error, or a crash) is listed and fails the script.
#   scripts/mutate-imports.sh [N]      (default 1000 per example; needs ./scripts/build.sh first)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

count="${1:-1000}"
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT

SSLM_IMPORT_MUTANTS="$count" SSLM_IMPORT_MUTANTS_KEEP="$folder/in" \
    ./build/tests/core/sslm_core_tests tst_import_mutations mutantsImportOrNameTheFile \
    >"$folder/in-process.log" 2>&1 ||
    { cat "$folder/in-process.log"; exit 1; }

bad=0
total=0
for mutant in "$folder"/in/*_mutant*; do
    total=$((total + 1))
    status=0
    ./build/app/cli/sslm import "$mutant" --out "$folder/out.json" >/dev/null 2>"$folder/err" ||
        status=$?
    if [[ $status -ne 0 && $status -ne 2 ]] || grep -q "internal error" "$folder/err" ||
        { [[ $status -eq 2 ]] && ! grep -qF "$mutant" "$folder/err"; }; then
        bad=$((bad + 1))
        echo "exit $status: $mutant" >&2
        head -3 "$folder/err" >&2
        cp "$mutant" "$PWD/build/" 2>/dev/null || true
    fi
done
echo "mutate-imports: $total mutants through sslm import, $bad ended badly"
[[ $bad -eq 0 ]]
