/* gpuhost: which board --board names, from the descriptors in boards/, and
 * how to reach it. A board with an emulator (usbemu) is reached by running
 * gpuhost again under that emulator, pointed at the real board type. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "gpuhost/board.h"

int gh_take_board_option(int *argc, char **argv, const char **board)
{
    int kept = 1, n = *argc;
    *board = NULL;
    for (int i = 1; i < n; i++) {
        const char *name = NULL;
        if (strcmp(argv[i], "--") == 0) {
            while (i < n)
                argv[kept++] = argv[i++];
            break;
        }
        if (strcmp(argv[i], "--board") == 0) {
            if (i + 1 == n) {
                fprintf(stderr, "gpuhost: --board needs a board name\n");
                return GH_EXIT_USAGE;
            }
            name = argv[++i];
        } else if (strncmp(argv[i], "--board=", 8) == 0) {
            name = argv[i] + 8;
        } else {
            argv[kept++] = argv[i];
            continue;
        }
        if (*board && strcmp(*board, name) != 0) {
            fprintf(stderr, "gpuhost: --board given twice (%s, %s)\n", *board, name);
            return GH_EXIT_USAGE;
        }
        *board = name;
    }
    *argc = kept;
    argv[kept] = NULL;
    return GH_EXIT_OK;
}

int gh_board_lookup(const char *name, gh_board *out)
{
    gh_board *list;
    size_t count;
    char err[512];
    if (gh_boards_load(gh_boards_dir(NULL), &list, &count, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost: board descriptors: %s\n", err);
        return GH_EXIT_USAGE;
    }
    const gh_board *b = gh_board_find(list, count, name);
    if (!b) {
        fprintf(stderr, "gpuhost: unknown board '%s' (known:", name);
        for (size_t i = 0; i < count; i++)
            fprintf(stderr, " %s", list[i].name);
        fprintf(stderr, "; see 'gpuhost boards')\n");
        gh_boards_free(list);
        return GH_EXIT_USAGE;
    }
    *out = *b;
    gh_boards_free(list);
    return GH_EXIT_OK;
}

/* Options that belong to the emulator rather than to the gpuhost it runs. */
static bool emulator_option(const char *arg)
{
    return strcmp(arg, "--fault") == 0 || strcmp(arg, "--fault-usb") == 0 || strcmp(arg, "--stress") == 0;
}

int gh_board_exec_emulator(const gh_board *b, int argc, char **argv)
{
    if (strcmp(b->emulator, "gpu-usbemu") != 0) {
        fprintf(stderr, "gpuhost: board %s: unknown emulator '%s'\n", b->name, b->emulator);
        return GH_EXIT_USAGE;
    }
    /* the emulator runs this very program: name it, /proc/self/exe would be the emulator's */
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        fprintf(stderr, "gpuhost: cannot find my own executable to run under %s\n", b->emulator);
        return GH_EXIT_TARGET;
    }
    self[len] = '\0';
    char **args = calloc((size_t)argc + 16, sizeof *args);
    if (!args)
        return GH_EXIT_TARGET;
    int n = 0;
    const char *emulator = gh_board_program(b->emulator);
    args[n++] = (char *)emulator;
    if (b->emulator_firmware[0]) {
        args[n++] = "--firmware";
        args[n++] = (char *)b->emulator_firmware;
    }
    if (b->emulator_dut[0]) {
        args[n++] = "--dut";
        args[n++] = (char *)b->emulator_dut;
    }
    const char *fault = NULL, *stress = b->stress[0] ? b->stress : NULL;
    for (int i = 1; i < argc; i++) /* the emulator's own options first */
        if (emulator_option(argv[i]) && i + 1 < argc) {
            if (strcmp(argv[i], "--fault") == 0)
                fault = argv[i + 1];
            if (strcmp(argv[i], "--stress") == 0) {
                stress = argv[++i]; /* the descriptor's goes unless this one does */
                continue;
            }
            args[n++] = argv[i];
            args[n++] = argv[++i];
        }
    char why[512];
    if (stress && gh_stress_check(b, stress, true, why, sizeof why) != 0) {
        fprintf(stderr, "gpuhost: %s\n", why);
        free(args);
        return GH_EXIT_USAGE;
    }
    if (stress) {
        args[n++] = "--stress";
        args[n++] = (char *)stress;
    }
    args[n++] = "--";
    args[n++] = self;
    args[n++] = "--board";
    args[n++] = (char *)b->name; /* run again as this board, now present on the emulated USB */
    setenv(GH_EMULATED_BOARD_ENV, b->name, 1);
    for (int i = 1; i < argc; i++) {
        if (i == 2 && fault && strcmp(argv[1], "run") == 0) { /* after the command: the run must know a DUT fault is armed */
            args[n++] = "--fault-armed";
            args[n++] = (char *)fault;
        }
        if (i == 2 && stress && strcmp(argv[1], "run") == 0) { /* and under which stress its DUT runs */
            args[n++] = "--stress-applied";
            args[n++] = (char *)stress;
        }
        if (emulator_option(argv[i]) && i + 1 < argc) {
            i++;
            continue;
        }
        args[n++] = argv[i];
    }
    args[n] = NULL;
    fflush(NULL);
    execv(emulator, args);
    fprintf(stderr, "gpuhost: cannot run the %s emulator %s (umockdev missing when gpuhost was built?)\n",
            b->name, emulator);
    free(args);
    return GH_EXIT_TARGET;
}
