/* gpuhost: which board --board names, from the descriptors in boards/. (A
 * board with an emulator, usbemu, is opened by libgpuhost like any other:
 * it starts the emulator.) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        const char *dir = NULL; /* --boards-dir DIR, for every command: GPUHOST_BOARDS_DIR for this run */
        if (strcmp(argv[i], "--boards-dir") == 0 && i + 1 < n)
            dir = argv[++i];
        else if (strncmp(argv[i], "--boards-dir=", 13) == 0)
            dir = argv[i] + 13;
        if (dir) {
            setenv("GPUHOST_BOARDS_DIR", dir, 1);
            continue;
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
    if (strchr(name, '/')) { /* a descriptor by path (gpuhost_add_rtl_server writes one) */
        if (gh_board_parse_file(name, out, err, sizeof err) != 0) {
            fprintf(stderr, "gpuhost: board descriptor %s\n", err);
            return GH_EXIT_USAGE;
        }
        return GH_EXIT_OK;
    }
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
