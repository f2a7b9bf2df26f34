// SPDX-License-Identifier: MIT
#pragma once

// The outside headers most of ui/ includes, precompiled once and forced into each of its sources
// (ui/CMakeLists.txt): the standard library, Qt Widgets (with Qt Gui and Qt Core) and Eigen.
// It saves ~1.8 s of the 7–9 s a window class takes to compile. Nothing of the
// project's own (an edit there would rebuild it) and no VTK, which 15 files of 105 use.

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <QtWidgets>

#include <Eigen/Core>
#include <Eigen/Geometry>
