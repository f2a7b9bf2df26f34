#!/usr/bin/env bash
# Installs what is missing, checks the layering and the formatting, builds, and runs every
# test through ctest. The exit code is ctest's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup-debian.sh
./scripts/check-layering.sh
./scripts/check-format.sh
./scripts/build.sh
ctest --test-dir build --output-on-failure -j2
