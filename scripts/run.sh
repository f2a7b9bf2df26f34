#!/usr/bin/env bash
# Installs what is missing, builds, and runs the headless CLI on the default example: the
# carpet scraper's structure (loops, subsystems, J and GICM patterns), a one-turn position
# sweep of the crank to build/carpet_scraper_sweep.csv, and 2 s of free-motion dynamics at tight
# tolerance to build/carpet_scraper_simulation.csv.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup-debian.sh
./scripts/build.sh

example=examples/carpet_scraper.json
./build/app/cli/sslm info "$example"
./build/app/cli/sslm kinematics "$example" --input theta1 --from 0 --to 360 --degrees \
    --steps 360 --out build/carpet_scraper_sweep.csv
./build/app/cli/sslm simulate "$example" --integrator dopri5 --rtol 1e-12 --atol 1e-12 \
    --t-end 2 --out build/carpet_scraper_simulation.csv
