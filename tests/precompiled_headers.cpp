// SPDX-License-Identifier: MIT
// The source that builds tests/precompiled_headers.hpp's precompiled form for one flag set.
