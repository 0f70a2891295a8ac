/* gpuhost boards: the boards this gpuhost knows, from the descriptors in boards/. */
#include <stdio.h>
#include <string.h>

#include "gpuhost/board.h"
#include "cli.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost boards [--boards-dir DIR] [NAME]\n"
          "       gpuhost boards [--boards-dir DIR] --resource-spec [-o FILE] [--slots N] [--servers FILE] [NAME...]\n"
          "  lists the board descriptors (boards/*.ini); with NAME, describes that board\n"
          "  --boards-dir DIR   read descriptors from DIR instead of the build's boards/\n"
          "  --resource-spec    the board instances that answer, as a CTest resource spec\n",
          f);
}

int gh_cmd_boards(int argc, char **argv)
{
    const char *dir = NULL, *name = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--resource-spec") == 0)
            return gh_cmd_resource_spec(gh_boards_dir(dir), argc - i - 1, argv + i + 1);
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return GH_EXIT_OK;
        } else if (strcmp(argv[i], "--boards-dir") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if (strncmp(argv[i], "--boards-dir=", 13) == 0) {
            dir = argv[i] + 13;
        } else if (argv[i][0] == '-' || name) {
            fprintf(stderr, "gpuhost boards: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return GH_EXIT_USAGE;
        } else {
            name = argv[i];
        }
    }
    dir = gh_boards_dir(dir);
    if (!dir) {
        fputs("gpuhost boards: no boards directory built in; give --boards-dir DIR\n", stderr);
        return GH_EXIT_USAGE;
    }
    gh_board *boards;
    size_t count;
    char err[512];
    int rc = gh_boards_load(dir, &boards, &count, err, sizeof err);
    if (rc != GH_BOARDS_OK) {
        fprintf(stderr, "gpuhost boards: %s\n", err);
        return rc == GH_BOARDS_IO ? GH_EXIT_IO : GH_EXIT_INPUT;
    }
    int status = GH_EXIT_OK;
    if (name) {
        const gh_board *b = gh_board_find(boards, count, name);
        if (b) {
            gh_board_print(b, stdout);
        } else {
            fprintf(stderr, "gpuhost boards: no board '%s' in %s\n", name, dir);
            status = GH_EXIT_USAGE;
        }
    } else {
        printf("%-10s %-9s %-16s %-5s %-36s %s\n", "NAME", "TRANSPORT", "TARGET", "WARPS", "IMPLEMENTS",
               "DESCRIPTION");
        for (size_t i = 0; i < count; i++) {
            const gh_board *b = &boards[i];
            char target[GH_BOARD_PATH_MAX + 16], warps[16];
            gh_board_target(b, target, sizeof target);
            if (b->warps)
                snprintf(warps, sizeof warps, "%u", b->warps);
            else
                snprintf(warps, sizeof warps, "-");
            printf("%-10s %-9s %-16s %-5s %-36s %s\n", b->name, gh_transport_name(b->transport), target, warps,
                   *b->implements ? b->implements : "-", b->description);
        }
    }
    gh_boards_free(boards);
    return status;
}
