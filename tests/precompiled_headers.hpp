// SPDX-License-Identifier: MIT
#pragma once

// The outside headers nearly every test includes, precompiled once for each test folder's runner
// and forced into each of its sources (tests/CMakeLists.txt: sslm_test_runner): the standard
// library, Qt Test (and Qt Widgets for the UI tests), Eigen and nlohmann/json. Nothing of the
// project's own: an edit there would rebuild the header, and each test includes what it uses.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <QtTest>
#ifdef QT_WIDGETS_LIB
#include <QtWidgets>
#endif

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <nlohmann/json.hpp>
