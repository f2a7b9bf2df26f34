#!/usr/bin/env bash
# Regenerates the README's pictures of SSLM Studio under a virtual X server (Xvfb): the main
# window on the carpet scraper and the 3-RRR with a run in progress, the examples with loads,
# springs, cylinders and stops after a run, the Forces dock, the loop/cut graph, the
# plots, the 3-D view of every example (the spatial ones too), and frames of exported videos.
# Writes docs/images/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup-debian.sh
./scripts/build.sh

images=docs/images
mkdir -p "$images"
xvfb=(xvfb-run -a -s "-screen 0 1600x1000x24")

SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_main_window screenshots
SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_main_window_simulation \
    inverseAndForcedRunsThroughThePanel examplesWithElementsRunInTheWindow
SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_force_elements_panel \
    springPlacedByTwoClicksIsOneUndoStep
SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_balance_panel \
    balanceApplyUndoAndSave
SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_statics_panel \
    restPoseModesAnimationAndRun holdingEffortCurveIsTheCores
SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_assembly_modes \
    wheelSuspensionCyclesItsTwoModes elbowManipulatorCyclesItsEight sphericalFourBarCyclesItsTwo
SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_main_window_import \
    importedMeshesAreDrawnAndSavedRelative reportDialogListsEverySection \
    planarLinkMeshIsEditedAndGivesMassProperties
SSLM_STUDIO_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_main_window_model_export \
    planarDocumentGoesOutWithItsCutsAndComesBackPlanar reportDialogListsWhatTheFormatCannotHold
SSLM_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_mechanism_graph_view
SSLM_SCREENSHOT_DIR="$images" "${xvfb[@]}" build/tests/ui/sslm_ui_tests tst_plot_widget
for example in carpet_scraper four_bar three_rrr slider_crank watt_six_bar rssr \
    spatial_ladder_4 stewart_platform elbow_manipulator spherical_four_bar; do
    "${xvfb[@]}" build/app/studio/sslm-studio "examples/$example.json" \
        --screenshot "$images/studio_$example.png"
done

# one frame (t = 1.2 s) of the exported scraper animation, with the plot panel and reactions
video=$(mktemp --suffix=.mp4)
trap 'rm -f "$video"' EXIT
"${xvfb[@]}" build/app/studio/sslm-studio examples/carpet_scraper.json --export-video "$video" \
    --t-end 2.2 --fps 30 --size 960x540 --with-plot --reactions
ffmpeg -v error -y -ss 1.2 -i "$video" -frames:v 1 "$images/video_frame_scraper.png"
# and of the RSSR's, turning the camera at 60°/s, with its force and moment arrows
"${xvfb[@]}" build/app/studio/sslm-studio examples/rssr.json --export-video "$video" \
    --t-end 1 --fps 30 --size 960x540 --reactions --orbit 60
ffmpeg -v error -y -ss 0.45 -i "$video" -frames:v 1 "$images/video_frame_rssr.png"
echo "screenshots: written to $images/"
