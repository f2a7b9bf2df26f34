// SPDX-License-Identifier: MIT
// Preloaded by scripts/sanitize.sh into the tests it runs: dlclose() does nothing, so that the
// libraries a program loads stay mapped until LeakSanitizer looks at exit. Mesa unloads its
// llvmpipe driver (swrast_dri.so) when Qt closes the X display; what the driver still held then
// is reported as leaked from "<unknown module>", which no suppression in scripts/lsan.supp can
// name. Kept loaded, the driver's memory stays reachable from its globals, as it is in a normal
// run until the process ends.
#include <dlfcn.h>

int dlclose(void* handle) {
    (void)handle;
    return 0;
}
