/* libgpuhost: where the programs and descriptors a board names are: in the
 * build tree gpuhost was built in, or else where `cmake --install` put them. */
#define _POSIX_C_SOURCE 200809L
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

const char *gh_board_program(const char *name)
{
    static char installed[4096];
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        if (strcmp(programs[i].name, name) != 0)
            continue;
        if (programs[i].built[0] && access(programs[i].built, X_OK) == 0)
            return programs[i].built;
        snprintf(installed, sizeof installed, "%s/%s", GH_INSTALL_BINDIR, name);
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
    return access(GH_BUILD_BOARDS, R_OK) == 0 ? GH_BUILD_BOARDS : GH_INSTALL_BOARDS;
}
