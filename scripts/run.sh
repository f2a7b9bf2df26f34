#!/usr/bin/env bash
# Installs what is missing, builds, and opens SSLM Studio on the carpet scraper at work
# (examples/carpet_scraper_driven.json: its crank held at the paper's 4.7124 rad/s) with the
# simulation running: the crank turns, the blade tip traces its scraping stroke, and the plots
# fill. Without a display (DISPLAY and WAYLAND_DISPLAY unset) it says so and runs the
# headless command line instead: the scraper's structure, a one-turn position sweep to
# build/carpet_scraper_sweep.csv and 2 s of dynamics to build/carpet_scraper_simulation.csv.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup-debian.sh
# the desktop app and the command line only: the tests, the benchmark and the Python module are
# built by scripts/test.sh
./scripts/build.sh sslm-studio sslm

example=examples/carpet_scraper_driven.json
if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    exec ./build/app/studio/sslm-studio "$example" --run
fi

echo "run.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset), so SSLM Studio cannot open" \
    "a window; running the headless command line instead. On a desktop, or under xvfb-run," \
    "start the app with: build/app/studio/sslm-studio $example --run" >&2
./build/app/cli/sslm info "$example"
./build/app/cli/sslm kinematics "$example" --input theta1 --from 0 --to 360 --degrees \
    --steps 360 --out build/carpet_scraper_sweep.csv
./build/app/cli/sslm simulate "$example" --integrator dopri5 --rtol 1e-12 --atol 1e-12 \
    --t-end 2 --out build/carpet_scraper_simulation.csv
