/* libgpuhost: where the programs and descriptors a board names are: in the
 * build tree gpuhost was built in when this code runs from there, else (an
 * installed gpuhost, even with its build tree still on disk) where
 * `cmake --install` put them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpuhost/board.h"

typedef struct {
    const char *name, *built;
} program;

static const program programs[] = {
    {"gpu-modelsim", GH_BUILD_MODELSIM},
    {"gpu-rtlsim", GH_BUILD_RTLSIM},
    {"gpu-usbemu", GH_BUILD_USBEMU},
};

/* The file this code was loaded from (libgpuhost.so, or the executable it is
 * linked into), resolved; false when it cannot be told. */
static bool loaded_from(char path[PATH_MAX])
{
    Dl_info info;
    if (dladdr((void *)&loaded_from, &info) && info.dli_fname && realpath(info.dli_fname, path))
        return true;
    return realpath("/proc/self/exe", path) != NULL;
}

/* Whether this code runs from the build tree (or cannot tell), not from an
 * installed copy. */
static bool from_build_tree(void)
{
    char path[PATH_MAX];
    size_t n = strlen(GH_BUILD_DIR);
    return !loaded_from(path) || (strncmp(path, GH_BUILD_DIR, n) == 0 && path[n] == '/');
}

/* An installed file, relative to the prefix this code was installed into
 * (PREFIX/bin/gpuhost and PREFIX/lib/libgpuhost.so: the prefix is two levels
 * up), so that a prefix moved elsewhere still finds its own files; else where
 * the build said (fallback). */
static const char *installed_path(const char *relative, const char *fallback, char *out, size_t len)
{
    char path[PATH_MAX];
    if (loaded_from(path)) {
        char *slash = strrchr(path, '/');
        if (slash && slash != path) {
            *slash = '\0';
            slash = strrchr(path, '/');
            if (slash) {
                *slash = '\0';
                snprintf(out, len, "%s/%s", path, relative);
                if (access(out, F_OK) == 0)
                    return out;
            }
        }
    }
    return fallback;
}

const char *gh_board_program(const char *name)
{
    static char installed[4096];
    bool built = from_build_tree();
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        if (strcmp(programs[i].name, name) != 0)
            continue;
        if (built && programs[i].built[0] && access(programs[i].built, X_OK) == 0)
            return programs[i].built;
        char relative[128], fallback[4096];
        snprintf(relative, sizeof relative, "bin/%s", name);
        snprintf(fallback, sizeof fallback, "%s/%s", GH_INSTALL_BINDIR, name);
        const char *found = installed_path(relative, fallback, installed, sizeof installed);
        if (found != installed)
            snprintf(installed, sizeof installed, "%s", fallback);
        return access(installed, X_OK) == 0 ? installed : programs[i].built[0] ? programs[i].built : name;
    }
    return name; /* a program the descriptor names by path */
}

const char *gh_boards_dir(const char *override)
{
    if (override && *override)
        return override;
    const char *env = getenv("GPUHOST_BOARDS_DIR");
    if (env && *env)
        return env;
    static char installed[PATH_MAX + 32];
    if (from_build_tree() && access(GH_BUILD_BOARDS, R_OK) == 0)
        return GH_BUILD_BOARDS;
    return installed_path("share/gpuhost/boards", GH_INSTALL_BOARDS, installed, sizeof installed);
}
