#!/usr/bin/env bash
# Builds SSLM Studio and regenerates docs/validation.md from real runs (a few minutes: the
# benchmark takes medians). Needs python3 (standard library only).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup-debian.sh
./scripts/build.sh
python3 scripts/validation.py build docs/validation.md
