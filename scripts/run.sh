#!/usr/bin/env bash
# Installs what is missing, builds, and runs the headless CLI on the default example: the
# carpet scraper's structure (loops, subsystems, J and GICM patterns) and a one-turn position
# sweep of the crank to build/carpet_scraper_sweep.csv.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup-debian.sh
./scripts/build.sh

example=examples/carpet_scraper.json
./build/app/cli/sslm info "$example"
./build/app/cli/sslm kinematics "$example" --input theta1 --from 0 --to 360 --degrees \
    --steps 360 --out build/carpet_scraper_sweep.csv
